"""Aggravation, N games at once: games/aggravation/state.py's rules over flat arrays.

Every option of the game is supported (board 6 or 4, six_extra, star_exit, shortcuts,
move_within_home, play_to_last), 2 to 6 players (2 to 4 on the 4-arm board): the routes are the
engine's own tables (routes.py's ArmTables, read once into arrays), so the rules of movement are
not written twice. A game is one int32 row (marbles, who is in each hole, turn, roll, finishing
order, dead seats, the last roll) and two uint64 words per seat of the holes it holds (the 6-arm
board has 109 holes). A roll is the engine's sample_chance: the stream's next number % 6.
Observations are the scalar encoder's (rl/observations/aggravation.py) for the player to move,
its hashed block of the unnamed view fields (finishing order, last roll, board facts, the moves in
notation) included, bit for bit (conformance checks it).
"""

from __future__ import annotations

import zlib
from collections import namedtuple

import numpy as np

from ...engine import make_game
from ...games.aggravation import notation
from ...games.aggravation.board import BASE
from . import njit, warn_if_slow

MP = 6
MAXR = 8  # routes of one marble with one roll: track, centre, up to 6 by the star ring
MAXM = 4 * MAXR + 1  # legal moves of a position, at most
HOLES = 128

# the row of a game
POS = 0  # 24: seat*4 + marble -> hole, -1 in BASE
OCC = POS + 4 * MP  # 128: hole -> seat*4 + marble, -1 empty
TURN = OCC + HOLES
ROLL = TURN + 1
OVER = ROLL + 1
NFIN = OVER + 1
FIN = NFIN + 1  # 6: seats in finishing order
DEAD = FIN + MP  # 6
LAST = DEAD + MP  # 3: seat, roll, passed (LAST_SET says whether there is one)
LAST_SET = LAST + 3
WIDTH = LAST_SET + 1

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_ONE = np.uint64(1)

# --- the observation (rl/observations/aggravation.py: generic head and hashed rest, then the schema)
HEAD = 2 * MP + 2
REST = 128
O_TURN = HEAD + REST
O_ROLL = O_TURN + MP
O_MARBLES = O_ROLL + 7
O_DEAD = O_MARBLES + MP * 4 * HOLES
OBS_SIZE = O_DEAD + MP


def _slot(name: str) -> int:
    return HEAD + zlib.crc32(name.encode("utf-8")) % REST


def _walk_ops(node, path: str, ops: list) -> None:
    """The generic encoder's walk (rl/observations/generic.py) of a constant value, as (slot, add?, value)."""
    if isinstance(node, dict):
        for key, value in node.items():
            _walk_ops(value, f"{path}/{key}", ops)
    elif isinstance(node, (list, tuple)):
        for index, value in enumerate(node):
            _walk_ops(value, f"{path}/{index}", ops)
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        ops.append((_slot(path), 1, float(node)))
    else:
        ops.append((_slot(f"{path}={node}"), 0, 1.0))


@njit(cache=True)
def _mix(s):
    z = (s ^ (s >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _below(R, i, n):
    s = R[i] + _GOLDEN
    R[i] = s
    return np.int64(_mix(s) % np.uint64(n))


# --- the rules (state.py, function for function) ---------------------------------------------
@njit(cache=True)
def _moves(S, W, i, T, buf):
    """The legal moves of game i (its roll pending) into buf, in the engine's order; their count."""
    me = S[i, TURN]
    roll = S[i, ROLL]
    lo, hi = W[i, 2 * me], W[i, 2 * me + 1]
    rn, rid, rlo, rhi = T.rn, T.rid, T.rlo, T.rhi
    k = 0
    in_base = False
    for m in range(4):
        h = S[i, POS + 4 * me + m]
        if h < 0:
            in_base = True
            continue
        for j in range(rn[me, h, roll]):
            if not (rlo[me, h, roll, j] & lo) and not (rhi[me, h, roll, j] & hi):
                buf[k] = m * T.num_routes + rid[me, h, roll, j]
                k += 1
    if in_base and (roll == 1 or roll == 6):
        st = T.start[me]
        word = lo if st < 64 else hi
        if not (word >> np.uint64(st % 64)) & _ONE:
            buf[k] = T.enter
            k += 1
    return k


@njit(cache=True)
def _flip(W, i, s, h):
    W[i, 2 * s + h // 64] ^= _ONE << np.uint64(h % 64)


@njit(cache=True)
def _finished(S, i, s):
    for k in range(S[i, NFIN]):
        if S[i, FIN + k] == s:
            return True
    return False


@njit(cache=True)
def _end_turn(S, i, n, again):
    S[i, ROLL] = 0
    if again:
        return
    s = (S[i, TURN] + 1) % n
    while _finished(S, i, s):
        s = (s + 1) % n
    S[i, TURN] = s


@njit(cache=True)
def _arrived_home(S, i, n, T, me):
    first = T.home_first[me]
    count = 0
    low = 1 << 30
    for m in range(4):
        h = S[i, POS + 4 * me + m]
        if h >= first:
            count += 1
            low = min(low, h)
    if count == 4:
        S[i, FIN + S[i, NFIN]] = me
        S[i, NFIN] += 1
    elif not T.within_home:
        if low - first != T.home_holes - count:
            S[i, DEAD + me] = 1
    over = False
    if S[i, NFIN] and not T.to_last:
        over = True
    elif S[i, NFIN] >= n - 1:
        over = True
    else:
        over = True
        for s in range(n):
            if not S[i, DEAD + s] and not _finished(S, i, s):
                over = False
    S[i, OVER] = 1 if over else 0


@njit(cache=True)
def _apply(S, W, i, n, T, a):
    me = S[i, TURN]
    b = 4 * me
    roll = S[i, ROLL]
    if a == T.enter:
        m = 0
        while S[i, POS + b + m] >= 0:
            m += 1
        src = -1
        dst = T.start[me]
    else:
        m = a // T.num_routes
        route = a % T.num_routes
        src = S[i, POS + b + m]
        dst = T.target[me, src, roll, route]
    victim = S[i, OCC + dst]
    if victim >= 0:  # aggravated: back to its BASE
        S[i, POS + victim] = BASE
        _flip(W, i, victim >> 2, dst)
    if src >= 0:
        S[i, OCC + src] = -1
        _flip(W, i, me, src)
    _flip(W, i, me, dst)
    S[i, OCC + dst] = b + m
    S[i, POS + b + m] = dst
    S[i, LAST] = me
    S[i, LAST + 1] = roll
    S[i, LAST + 2] = 0
    S[i, LAST_SET] = 1
    first = T.home_first[me]
    if dst >= first and src < first:
        _arrived_home(S, i, n, T, me)
        if S[i, OVER]:
            S[i, ROLL] = 0
            return
    _end_turn(S, i, n, roll == 6 and not _finished(S, i, me))


@njit(cache=True)
def _chance(S, W, R, i, n, T, buf):
    """Roll until someone has a move (or the game is over); the rolls applied."""
    done = 0
    while not S[i, OVER] and S[i, ROLL] == 0:
        roll = np.int64(_mix(R[i] + _GOLDEN) % np.uint64(6)) + 1
        R[i] += _GOLDEN
        S[i, ROLL] = roll
        done += 1
        if _moves(S, W, i, T, buf):
            return done
        S[i, LAST] = S[i, TURN]  # nothing can move: the turn passes without a decision
        S[i, LAST + 1] = roll
        S[i, LAST + 2] = 1
        S[i, LAST_SET] = 1
        _end_turn(S, i, n, roll == 6 and T.six_always)
    return done


@njit(cache=True)
def _sync(S, i, n, T, cur, term, ret):
    if not S[i, OVER]:
        cur[i] = S[i, TURN]
        return
    cur[i] = -1
    term[i] = True
    if S[i, NFIN]:
        ret[i, S[i, FIN]] = 1.0
        return
    # nobody can finish any more: most marbles in HOME win (shared)
    best = -1
    counts = np.zeros(MP, np.int64)
    for s in range(n):
        for m in range(4):
            if S[i, POS + 4 * s + m] >= T.home_first[s]:
                counts[s] += 1
        best = max(best, counts[s])
    k = 0
    for s in range(n):
        if counts[s] == best:
            k += 1
    for s in range(n):
        if counts[s] == best:
            ret[i, s] = 1.0 / k


@njit(cache=True)
def reset_batch(S, W, R, seeds, where, n, T, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if not where[i]:
            continue
        R[i] = seeds[i]
        for c in range(WIDTH):
            S[i, c] = 0
        for c in range(4 * MP + HOLES):
            S[i, POS + c] = -1
        for c in range(2 * MP):
            W[i, c] = 0
        _chance(S, W, R, i, n, T, buf)
        term[i] = False
        length[i] = 0
        for p in range(ret.shape[1]):
            ret[i, p] = 0.0
        _sync(S, i, n, T, cur, term, ret)


@njit(cache=True)
def check_batch(S, W, actions, T):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        k = _moves(S, W, i, T, buf)
        ok = False
        for j in range(k):
            if buf[j] == actions[i]:
                ok = True
                break
        if not ok:
            return i
    return -1


@njit(cache=True)
def step_batch(S, W, R, actions, n, T, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    done = 0
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        _apply(S, W, i, n, T, actions[i])
        length[i] += 1
        done += 1 + _chance(S, W, R, i, n, T, buf)
        _sync(S, i, n, T, cur, term, ret)
    return done


@njit(cache=True)
def mask_batch(S, W, T, out):
    buf = np.empty(MAXM, np.int64)
    out[:, :] = False
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        k = _moves(S, W, i, T, buf)
        for j in range(k):
            out[i, buf[j]] = True


@njit(cache=True)
def random_batch(S, W, T, P, out):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if S[i, OVER]:
            out[i] = -1
            continue
        k = _moves(S, W, i, T, buf)
        out[i] = buf[_below(P, i, k)]


@njit(cache=True)
def playout_batch(S, W, R, P, n, T, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    done = 0
    for i in range(S.shape[0]):
        while not S[i, OVER]:
            k = _moves(S, W, i, T, buf)
            _apply(S, W, i, n, T, buf[_below(P, i, k)])
            length[i] += 1
            done += 1 + _chance(S, W, R, i, n, T, buf)
        _sync(S, i, n, T, cur, term, ret)
    return done


@njit(cache=True)
def observe_batch(S, W, n, T, out):
    buf = np.empty(MAXM, np.int64)
    out[:, :] = 0.0
    for i in range(S.shape[0]):
        me = S[i, TURN]
        out[i, me] = 1.0
        if S[i, OVER]:
            out[i, HEAD - 1] = 1.0
        elif S[i, ROLL] == 0:
            out[i, HEAD - 2] = 1.0
        else:
            out[i, MP] = 1.0  # the player to move is the observer
        # the hashed rest in the view's order: finished, last, board, seat_arms, moves
        for k in range(S[i, NFIN]):
            out[i, T.fin_slot[k]] += np.float32(S[i, FIN + k])
        if S[i, LAST_SET]:
            for k in range(3):
                out[i, T.last_slot[k]] += np.float32(S[i, LAST + k])
        else:
            out[i, T.last_none] = 1.0
        for k in range(T.const_slot.shape[0]):
            if T.const_add[k]:
                out[i, T.const_slot[k]] += T.const_value[k]
            else:
                out[i, T.const_slot[k]] = 1.0
        if not S[i, OVER] and S[i, ROLL]:
            for k in range(_moves(S, W, i, T, buf)):
                out[i, T.move_slot[k, buf[k]]] = 1.0
        for c in range(HEAD, HEAD + REST):
            out[i, c] = min(1000.0, max(-1000.0, out[i, c]))
        # the schema's fields
        out[i, O_TURN] = 1.0
        out[i, O_ROLL + S[i, ROLL]] = 1.0
        for k in range(n):
            s = (me + k) % n
            for m in range(4):
                out[i, O_MARBLES + k * 4 * HOLES + m * HOLES + S[i, POS + 4 * s + m] + 1] = 1.0
            if S[i, DEAD + s]:
                out[i, O_DEAD + k] = 1.0


class Tables:
    """A game's routes and observation constants as arrays (one instance per options and player count)."""

    def __init__(self, game, n: int):
        o = game.options
        board = game.board
        tables = game.seat_tables(n)
        self.num_routes = game.num_routes
        self.enter = game.enter_action
        holes = board.num_holes
        assert holes <= HOLES
        self.rn = np.zeros((MP, HOLES, 7), np.int32)
        self.rid = np.zeros((MP, HOLES, 7, MAXR), np.int32)
        self.rlo = np.zeros((MP, HOLES, 7, MAXR), np.uint64)
        self.rhi = np.zeros((MP, HOLES, 7, MAXR), np.uint64)
        self.target = np.full((MP, HOLES, 7, game.num_routes), -1, np.int32)
        self.start = np.zeros(MP, np.int32)
        self.home_first = np.zeros(MP, np.int32)
        for s, t in enumerate(tables):
            self.start[s] = t.start
            self.home_first[s] = t.home_first
            for h in range(holes):
                for roll in range(1, 7):
                    found = t.routes[h * 7 + roll]
                    assert len(found) <= MAXR
                    self.rn[s, h, roll] = len(found)
                    for j, (route, mask, target) in enumerate(found):
                        self.rid[s, h, roll, j] = route
                        self.rlo[s, h, roll, j] = mask & 0xFFFFFFFFFFFFFFFF
                        self.rhi[s, h, roll, j] = mask >> 64
                        self.target[s, h, roll, route] = target
        self.home_holes = board.home_holes
        self.within_home = bool(o["move_within_home"])
        self.to_last = bool(o["play_to_last"])
        self.six_always = o["six_extra"] == "always"
        # observation: the slots of the hashed fields
        self.fin_slot = np.array([_slot(f"/finished/{k}") for k in range(MP)], np.int32)
        self.last_slot = np.array([_slot(f"/last/{k}") for k in range(3)], np.int32)
        self.last_none = _slot("/last=None")
        ops: list = []
        _walk_ops(board.describe(), "/board", ops)
        _walk_ops(list(board.seating[n]), "/seat_arms", ops)
        self.const_slot = np.array([x[0] for x in ops], np.int32)
        self.const_add = np.array([x[1] for x in ops], np.int32)
        self.const_value = np.array([x[2] for x in ops], np.float32)
        num_actions = game.num_distinct_actions()
        self.move_slot = np.zeros((MAXM, num_actions), np.int32)
        for a in range(game.first_roll_action):
            text = notation.action_to_string(game, a)
            for k in range(MAXM):
                self.move_slot[k, a] = _slot(f"/moves/{k}={text}")


_FIELDS = ("rn", "rid", "rlo", "rhi", "target", "start", "home_first", "num_routes", "enter", "home_holes",
           "within_home", "to_last", "six_always", "fin_slot", "last_slot", "last_none", "const_slot",
           "const_add", "const_value", "move_slot")
#: the tables as numba takes them: a namedtuple of arrays and numbers (one type, so one compilation)
AggravationTables = namedtuple("AggravationTables", _FIELDS)


def _struct(t: Tables) -> AggravationTables:
    return AggravationTables(*(getattr(t, f) for f in _FIELDS))


class Kernel:
    """N Aggravation games (the kernel contract: ludoteca.rl.vector's docstring)."""

    obs_size = OBS_SIZE
    obs_matches_engine = True

    def __init__(self, num_envs: int, num_players: int, options: dict | None = None):
        from ...engine import LudotecaError

        try:
            game = make_game("aggravation", dict(options or {}))
            n = game.check_players(num_players)
        except LudotecaError as exc:
            raise ValueError(str(getattr(exc, "text", exc)).splitlines()[0]) from None
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, not {num_envs!r}")
        warn_if_slow()
        self.game, self.num_envs, self.num_players = game, num_envs, n
        self.num_actions = game.num_distinct_actions()
        self.T = _struct(Tables(game, n))
        self.S = np.zeros((num_envs, WIDTH), np.int32)
        self.S[:, OVER] = 1
        self.W = np.zeros((num_envs, 2 * MP), np.uint64)
        self.R = np.zeros(num_envs, np.uint64)
        self.current_player = np.full(num_envs, -1, np.int32)
        self.terminated = np.ones(num_envs, bool)
        self.length = np.zeros(num_envs, np.int32)
        self.returns = np.zeros((num_envs, n), np.float32)
        self._all = np.ones(num_envs, bool)

    def _public(self):
        return self.current_player, self.terminated, self.length, self.returns

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        where = self._all if where is None else np.ascontiguousarray(where, bool)
        reset_batch(self.S, self.W, self.R, seeds, where, self.num_players, self.T, *self._public())

    def step(self, actions: np.ndarray) -> int:
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        bad = check_batch(self.S, self.W, actions, self.T)
        if bad >= 0:
            raise ValueError(f"env {bad}: action {int(actions[bad])} is not legal for player {int(self.current_player[bad])}")
        return step_batch(self.S, self.W, self.R, actions, self.num_players, self.T, *self._public())

    def legal_mask(self, out: np.ndarray) -> None:
        mask_batch(self.S, self.W, self.T, out)

    def observe(self, out: np.ndarray) -> None:
        observe_batch(self.S, self.W, self.num_players, self.T, out)

    def random_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        random_batch(self.S, self.W, self.T, rng_state, out)

    def playout(self, rng_state: np.ndarray) -> int:
        return playout_batch(self.S, self.W, self.R, rng_state, self.num_players, self.T, *self._public())
