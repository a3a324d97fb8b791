"""Aggravation, N games at once: games/aggravation/state.py's rules over flat arrays.

Every option of the game is supported (board 6 or 4, six_extra, star_exit, shortcuts,
move_within_home, play_to_last), 2 to 6 players (2 to 4 on the 4-arm board): the routes are the
engine's own tables (routes.py's ArmTables, read once into flat arrays), so the rules of movement are
not written twice. A game is one int32 row (marbles, who is in each hole, turn, roll, finishing
order, dead seats, the last roll) and two uint64 words per seat of the holes it holds (the 6-arm
board has 109 holes). A roll is the engine's sample_chance: the stream's next number % 6.
Observations are games/aggravation/observation.py's schema for the player to move, written at
that schema's offsets: the scalar encoder's vector bit for bit (conformance checks it).
"""

from __future__ import annotations

import numpy as np

from ...games.aggravation import observation as OBSERVATION
from ...games.aggravation.board import BASE
from ...games.aggravation.game import AggravationGame
from ...games.aggravation.state import STATS, home_blocked
from ..refusal import Refusal
from . import as_input, check_array, njit
from .base import BOTH, BatchKernel
from ..observations.schema import SchemaEncoder
from .common import GOLDEN, RowKernel, below as _below, mix, seat_below

MP = AggravationGame.max_players
MAXR = 8  # routes of one marble with one roll: track, centre, up to 6 by the star ring
MAXM = 4 * MAXR + 1  # legal moves of a position, at most
HOLES = OBSERVATION.HOLES  # a row's hole table and the observation's one-hot share the board's room

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
ST = LAST_SET + 1  # the engine's event counters (state.STATS), in its order
AGGRAVATIONS, STAR_SHORTCUTS, CENTRE_SHORTCUTS, CENTRE_EXITS, ENTRIES, SIXES, TURNS_LOST = range(ST, ST + len(STATS))
NCHANCE = ST + len(STATS)  # chance outcomes applied
WIDTH = NCHANCE + 1

# the tables of one options and player count: int32 G (scalars, then per seat, hole and roll its
# routes) and uint64 M (the routes' hole masks, low words then high words)
G_NR, G_ENTER, G_HH, G_WITHIN, G_TOLAST, G_SIX, G_CENTRE = range(7)
G_START = 7  # MP
G_HOME = G_START + MP  # MP
CELLS = MP * HOLES * 7  # (seat, hole, roll)
G_RN = G_HOME + MP  # CELLS: routes open to a marble of the seat on the hole with the roll
G_RID = G_RN + CELLS  # CELLS * MAXR: their route ids
G_TGT = G_RID + CELLS * MAXR  # CELLS * MAXR, by route id: the landing hole
G_SIZE = G_TGT + CELLS * MAXR
M_HI = CELLS * MAXR

_ONE = np.uint64(1)

# --- the observation: games/aggravation/observation.py's schema, at its offsets
_OBS = SchemaEncoder(OBSERVATION.schema(AggravationGame), MP, MP)
O_SEAT, O_TO_MOVE, O_TURN, O_ROLL, O_MARBLES, O_DEAD, O_FINISHED = _OBS.offsets.values()
OBS_SIZE = _OBS.size
# what the compiled observe takes for granted of the schema (checked here, once)
assert list(_OBS.offsets) == ["seat", "current_player", "turn", "roll", "marbles", "dead", "finished"]
assert BASE == -1 and OBSERVATION.MARBLES == 4 and OBSERVATION.DIE == 7


# --- the rules (state.py, function for function) ---------------------------------------------
@njit(cache=True)
def _moves(S, W, i, G, M, buf):
    """The legal moves of game i (its roll pending) into buf, in the engine's order; their count."""
    me = S[i, TURN]
    roll = S[i, ROLL]
    lo, hi = W[i, 2 * me], W[i, 2 * me + 1]
    nr = G[G_NR]
    k = 0
    in_base = False
    for m in range(4):
        h = S[i, POS + 4 * me + m]
        if h < 0:
            in_base = True
            continue
        at = ((me * HOLES + h) * 7 + roll) * MAXR
        for j in range(G[G_RN + at // MAXR]):
            if not (M[at + j] & lo) and not (M[M_HI + at + j] & hi):
                buf[k] = m * nr + G[G_RID + at + j]
                k += 1
    if in_base and (roll == 1 or roll == 6):
        st = G[G_START + me]
        word = lo if st < 64 else hi
        if not (word >> np.uint64(st % 64)) & _ONE:
            buf[k] = G[G_ENTER]
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

_home_blocked = njit(cache=True)(home_blocked)  # the engine's dead-seat rule, compiled


@njit(cache=True)
def _arrived_home(S, i, n, G, M, me):
    first = G[G_HOME + me]
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
    elif not G[G_WITHIN]:
        if _home_blocked(count, low - first, G[G_HH]):
            S[i, DEAD + me] = 1
    over = False
    if S[i, NFIN] and not G[G_TOLAST]:
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
def _apply(S, W, i, n, G, M, a):
    me = S[i, TURN]
    b = 4 * me
    roll = S[i, ROLL]
    if a == G[G_ENTER]:
        m = 0
        while S[i, POS + b + m] >= 0:
            m += 1
        src = -1
        dst = G[G_START + me]
        S[i, ENTRIES] += 1
    else:
        m = a // G[G_NR]
        route = a % G[G_NR]
        src = S[i, POS + b + m]
        dst = G[G_TGT + ((me * HOLES + src) * 7 + roll) * MAXR + route]
        if route == 1:  # routes.py: 0 the track, 1 into the centre, 2+ a star (out of the centre or by the ring)
            S[i, CENTRE_SHORTCUTS] += 1
        elif route > 1:
            if src == G[G_CENTRE]:
                S[i, CENTRE_EXITS] += 1
            else:
                S[i, STAR_SHORTCUTS] += 1
    victim = S[i, OCC + dst]
    if victim >= 0:  # aggravated: back to its BASE
        S[i, AGGRAVATIONS] += 1
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
    first = G[G_HOME + me]
    if dst >= first and src < first:
        _arrived_home(S, i, n, G, M, me)
        if S[i, OVER]:
            S[i, ROLL] = 0
            return
    _end_turn(S, i, n, roll == 6 and not _finished(S, i, me))


@njit(cache=True)
def _copy_row(S, W, i, X, XW):
    """Game i of S/W copied into row 0 of X/XW."""
    for c in range(WIDTH):
        X[0, c] = S[i, c]
    for c in range(2 * MP):
        XW[0, c] = W[i, c]


@njit(cache=True)
def _chance(S, W, R, i, n, G, M, buf):
    """Roll until someone has a move (or the game is over); the rolls applied."""
    return _chance_from(S, W, R, i, n, G, M, buf, False)


@njit(cache=True)
def _weighted_die(R, i):
    """Rng.weighted over the six faces at 1/6 each (engine/rng.pick of random()): a search's
    playout dice, as bots/learned draws them."""
    s = R[i] + GOLDEN
    R[i] = s
    r = np.float64(mix(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    acc = 0.0
    for face in range(6):
        acc += 1 / 6
        if r < acc:
            return face + 1
    return 6


# inlined, so that each caller's constant `weighted` drops the other die from the loop: called, it
# cost the kernel's step about 10% of its time (docs/lab/learned.md, 7 December)
@njit(cache=True, inline="always")
def _chance_from(S, W, R, i, n, G, M, buf, weighted):
    """_chance, the die drawn as the engine's sample_chance (weighted false) or _weighted_die."""
    done = 0
    while not S[i, OVER] and S[i, ROLL] == 0:
        roll = _weighted_die(R, i) if weighted else _below(R, i, 6) + 1
        S[i, ROLL] = roll
        S[i, NCHANCE] += 1
        if roll == 6:
            S[i, SIXES] += 1
        done += 1
        if _moves(S, W, i, G, M, buf):
            return done
        S[i, TURNS_LOST] += 1
        S[i, LAST] = S[i, TURN]  # nothing can move: the turn passes without a decision
        S[i, LAST + 1] = roll
        S[i, LAST + 2] = 1
        S[i, LAST_SET] = 1
        _end_turn(S, i, n, roll == 6 and G[G_SIX])
    return done


@njit(cache=True)
def _sync(S, i, n, G, M, cur, term, ret):
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
            if S[i, POS + 4 * s + m] >= G[G_HOME + s]:
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
def _clear_row(S, W, i):
    """Game i set to the position before the first roll: every marble in BASE, nothing counted."""
    for c in range(WIDTH):
        S[i, c] = 0
    for c in range(4 * MP + HOLES):
        S[i, POS + c] = -1
    for c in range(2 * MP):
        W[i, c] = 0


@njit(cache=True)
def reset_batch(S, W, R, seeds, where, n, G, M, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if not where[i]:
            continue
        R[i] = seeds[i]
        _clear_row(S, W, i)
        _chance(S, W, R, i, n, G, M, buf)
        term[i] = False
        length[i] = 0
        for p in range(ret.shape[1]):
            ret[i, p] = 0.0
        _sync(S, i, n, G, M, cur, term, ret)


@njit(cache=True)
def check_batch(S, W, actions, G, M):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        k = _moves(S, W, i, G, M, buf)
        ok = False
        for j in range(k):
            if buf[j] == actions[i]:
                ok = True
                break
        if not ok:
            return i
    return -1


@njit(cache=True)
def step_batch(S, W, R, actions, n, G, M, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    done = 0
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        _apply(S, W, i, n, G, M, actions[i])
        length[i] += 1
        done += 1 + _chance(S, W, R, i, n, G, M, buf)
        _sync(S, i, n, G, M, cur, term, ret)
    return done


@njit(cache=True)
def mask_batch(S, W, G, M, out):
    buf = np.empty(MAXM, np.int64)
    out[:, :] = False
    for i in range(S.shape[0]):
        if S[i, OVER]:
            continue
        k = _moves(S, W, i, G, M, buf)
        for j in range(k):
            out[i, buf[j]] = True


@njit(cache=True)
def random_batch(S, W, G, M, P, out):
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if S[i, OVER]:
            out[i] = -1
            continue
        k = _moves(S, W, i, G, M, buf)
        out[i] = buf[_below(P, i, k)]


@njit(cache=True)
def seat_random_batch(S, W, G, M, P, out):
    """As random_batch, from the stream of the seat to move, P[i, seat] (the engine's random bot)."""
    buf = np.empty(MAXM, np.int64)
    for i in range(S.shape[0]):
        if S[i, OVER]:
            out[i] = -1
            continue
        t = S[i, TURN]
        k = _moves(S, W, i, G, M, buf)
        out[i] = buf[seat_below(P, i, t, k)]


@njit(cache=True)
def playout_batch(S, W, R, P, n, G, M, cur, term, length, ret):
    buf = np.empty(MAXM, np.int64)
    done = 0
    for i in range(S.shape[0]):
        while not S[i, OVER]:
            k = _moves(S, W, i, G, M, buf)
            _apply(S, W, i, n, G, M, buf[_below(P, i, k)])
            length[i] += 1
            done += 1 + _chance(S, W, R, i, n, G, M, buf)
        _sync(S, i, n, G, M, cur, term, ret)
    return done


@njit(cache=True)
def observe_batch(S, n, out):
    out[:, :] = 0.0
    for i in range(S.shape[0]):
        me = S[i, TURN]
        out[i, O_SEAT + me] = 1.0
        if S[i, OVER]:
            out[i, O_TO_MOVE + MP + 1] = 1.0  # nobody
        elif S[i, ROLL] == 0:
            out[i, O_TO_MOVE + MP] = 1.0  # chance
        else:
            out[i, O_TO_MOVE] = 1.0  # the player to move is the observer
        for k in range(S[i, NFIN]):
            out[i, O_FINISHED + k * MP + (S[i, FIN + k] - me) % n] = 1.0
        # the schema's fields
        out[i, O_TURN] = 1.0
        out[i, O_ROLL + S[i, ROLL]] = 1.0
        for k in range(n):
            s = (me + k) % n
            for m in range(4):
                out[i, O_MARBLES + k * 4 * HOLES + m * HOLES + S[i, POS + 4 * s + m] + 1] = 1.0
            if S[i, DEAD + s]:
                out[i, O_DEAD + k] = 1.0


def tables(game, n: int) -> tuple[np.ndarray, np.ndarray]:
    """G and M for a game (its options) at n players: the engine's own route tables (routes.py)."""
    o = game.options
    board = game.board
    assert board.num_holes <= HOLES and game.num_routes <= MAXR and game.num_distinct_actions() <= 64
    G = np.zeros(G_SIZE, np.int32)
    M = np.zeros(2 * CELLS * MAXR, np.uint64)
    G[G_NR], G[G_ENTER], G[G_HH] = game.num_routes, game.enter_action, board.home_holes
    G[G_WITHIN], G[G_TOLAST] = bool(o["move_within_home"]), bool(o["play_to_last"])
    G[G_SIX] = o["six_extra"] == "always"
    G[G_CENTRE] = board.centre
    G[G_TGT:G_TGT + CELLS * MAXR] = -1
    for s, t in enumerate(game.seat_tables(n)):
        G[G_START + s], G[G_HOME + s] = t.start, t.home_first
        for h in range(board.num_holes):
            for roll in range(1, 7):
                cell = (s * HOLES + h) * 7 + roll
                found = t.routes[h * 7 + roll]
                assert len(found) <= MAXR
                G[G_RN + cell] = len(found)
                for j, (route, mask, target) in enumerate(found):
                    G[G_RID + cell * MAXR + j] = route
                    M[cell * MAXR + j] = mask & 0xFFFFFFFFFFFFFFFF
                    M[M_HI + cell * MAXR + j] = mask >> 64
                    G[G_TGT + cell * MAXR + route] = target
    return G, M


class Kernel(RowKernel, BatchKernel):
    """N Aggravation games (the kernel contract: base.BatchKernel)."""

    game_name = "aggravation"
    implements = {"board": (6, 4), "six_extra": ("always", "if_moved"), "star_exit": ("any", "own_only"),
                  "shortcuts": BOTH, "move_within_home": BOTH, "play_to_last": BOTH}
    _chance_column = NCHANCE  # common.RowKernel.chance_counts

    obs_size = OBS_SIZE
    obs_matches_engine = True

    def _build(self) -> None:
        n, num_envs = self.num_players, self.num_envs
        self.G, self.M = tables(self.game, n)
        self.S = np.zeros((num_envs, WIDTH), np.int32)
        self.S[:, OVER] = 1
        self.W = np.zeros((num_envs, 2 * MP), np.uint64)
        self.R = np.zeros(num_envs, np.uint64)
        self._all = np.ones(num_envs, bool)

    def reset(self, seeds: np.ndarray, where: np.ndarray | None = None) -> None:
        seeds = as_input(seeds, (self.num_envs,), np.uint64, "seeds")
        where = self._all if where is None else as_input(where, (self.num_envs,), np.bool_, "where")
        reset_batch(self.S, self.W, self.R, seeds, where, self.num_players, self.G, self.M, *self._public())

    def step(self, actions: np.ndarray) -> int:
        actions = as_input(actions, (self.num_envs,), np.int64, "actions")
        bad = check_batch(self.S, self.W, actions, self.G, self.M)
        if bad >= 0:
            raise Refusal(f"env {bad}: action {int(actions[bad])} is not legal for player {int(self.current_player[bad])}",
                          f"entorno {bad}: la acción {int(actions[bad])} no es legal para el jugador {int(self.current_player[bad])}")
        return step_batch(self.S, self.W, self.R, actions, self.num_players, self.G, self.M, *self._public())

    def load_state(self, i: int, state) -> None:
        """Env i set to an engine state at a decision or the end (rl/vector/state.py's load_document)."""
        from .aggravation_load import load_row
        load_row(self, i, state)

    def load_refusal(self, state):
        from .aggravation_load import refusal
        return refusal(self, state)

    def legal_mask(self, out: np.ndarray) -> None:
        check_array(out, (self.num_envs, self.num_actions), np.bool_, "legal_mask's out")
        mask_batch(self.S, self.W, self.G, self.M, out)

    def observe(self, out: np.ndarray) -> None:
        check_array(out, (self.num_envs, self.obs_size), np.float32, "observe's out")
        observe_batch(self.S, self.num_players, out)

    def random_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        check_array(out, (self.num_envs,), np.int64, "random_actions' out")
        check_array(rng_state, (self.num_envs,), np.uint64, "rng_state")
        random_batch(self.S, self.W, self.G, self.M, rng_state, out)

    def statistics(self, i: int) -> dict[str, float]:
        """Env i's game's statistics(), as the engine's state gives them (simulate's counters)."""
        row = self.S[i]
        out = {name: float(row[ST + k]) for k, name in enumerate(STATS)}
        n = self.num_players
        counts = [sum(1 for m in range(4) if row[POS + 4 * s + m] >= self.G[G_HOME + s]) for s in range(n)]
        won = [s for s in range(n) if self.returns[i, s] > 0]
        out["marbles_home_others"] = float(sum(c for s, c in enumerate(counts) if s not in won))
        out["marbles_in_base"] = float(sum(1 for g in range(4 * n) if row[POS + g] < 0))
        return out

    def random_seat_actions(self, out: np.ndarray, rng_state: np.ndarray) -> None:
        """The engine's random bot for the seat to move: rng_state[i, seat] is that seat's Rng state,
        and the action is legal[Rng.below(len(legal))] over the engine's order of legal actions."""
        check_array(out, (self.num_envs,), np.int64, "random_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        seat_random_batch(self.S, self.W, self.G, self.M, rng_state, out)

    def bot_seat_actions(self, out: np.ndarray, rng_state: np.ndarray, kinds: np.ndarray, node_budget: int = 20000) -> None:
        """The engine's bot of the seat to move: kinds[i, seat] 0 for `random` (random_seat_actions),
        1 for `greedy` (its default evaluator; aggravation_greedy.py), each drawing from that seat's
        stream rng_state[i, seat] exactly as the engine's bot does. A turn is one decision, so the
        node budget never binds (it is checked, as Prime Climb's)."""
        from .aggravation_greedy import bot_batch, eval_tables, workspace

        check_array(out, (self.num_envs,), np.int64, "bot_seat_actions' out")
        check_array(rng_state, (self.num_envs, self.num_players), np.uint64, "rng_state")
        kinds = as_input(kinds, (self.num_envs, self.num_players), np.int8, "kinds")
        if not isinstance(node_budget, int) or node_budget < 1:
            raise Refusal(f"node_budget must be a whole number of at least 1, not {node_budget!r}",
                          f"node_budget debe ser un número entero de al menos 1, no {node_budget!r}")
        if getattr(self, "_greedy_work", None) is None:
            self._greedy_work = (eval_tables(self.game, self.num_players), workspace())
        tabs, work = self._greedy_work
        bot_batch(self.S, self.W, self.num_players, self.G, self.M, rng_state, kinds, out, *tabs, work)

    def playout(self, rng_state: np.ndarray) -> int:
        check_array(rng_state, (self.num_envs,), np.uint64, "rng_state")
        return playout_batch(self.S, self.W, self.R, rng_state, self.num_players, self.G, self.M, *self._public())
