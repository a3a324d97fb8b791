"""A position of Aggravation: where every marble is, whose turn it is, and the die.

The hot path works on flat lists of ints: `pos[seat*4 + i]` is marble i's hole (-1: BASE),
`occ[hole]` is seat*4 + i of the marble there (-1: empty), `own[seat]` is a bitmask of the
holes holding that seat's marbles. Legal moves are computed once per roll from the seat's
precomputed route tables (routes.py) and cached.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import CHANCE, TERMINAL, State, Text
from ludoteca.engine.counters import counters_statistics, counters_to_json

from . import notation
from .board import BASE
from .evaluation import evaluate as _evaluate, evaluate_all as _evaluate_all

_DIE = 7  # table stride: rolls 1..6
_MASK = 0xFFFFFFFFFFFFFFFF
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment (engine/rng.py)

#: event counters kept during play (statistics() for `ludoteca simulate`), totals over all seats
STATS = ("aggravations", "star_shortcuts", "centre_shortcuts", "centre_exits", "entries", "sixes", "turns_lost")
AGGRAVATIONS, STAR_SHORTCUTS, CENTRE_SHORTCUTS, CENTRE_EXITS, ENTRIES, SIXES, TURNS_LOST = range(len(STATS))


def home_blocked(count: int, lowest: int, home_holes: int) -> bool:
    """Whether a seat can never finish (its `dead` flag) when marbles in HOME are fixed (the option
    move_within_home off): its `count` marbles there, the lowest `lowest` holes in (0: the first),
    leave an empty hole deeper than a filled one, which no marble can ever reach. Plain integer
    arithmetic: the batched kernel compiles this same function."""
    return 0 < count < home_holes and lowest != home_holes - count


class AggravationState(State):
    __slots__ = ("pos", "occ", "own", "turn", "roll", "moves", "finished", "dead", "last", "over", "tables", "board", "stats")
    GAME_FIELDS = ("tables", "board")  # the game's move tables: never pickled (relink)

    def __init__(self, game, num_players: int, seed: int = 0, _empty: bool = False):
        super().__init__(game, num_players, seed)
        self.board = game.board
        self.tables = game.seat_tables(num_players)
        self.stats = [0] * len(STATS)
        if _empty:
            return
        self.pos = [BASE] * (4 * num_players)
        self.occ = [-1] * game.board.num_holes
        self.own = [0] * num_players
        self.turn = 0  # the roll-off for the first player is modelled by seat order: seat 0 starts
        self.roll = 0  # 0: the die is to be rolled (a chance node); 1..6: the turn's roll, a decision pending
        self.moves: list[int] = []
        self.finished: list[int] = []  # seats in finishing order
        self.dead = [False] * num_players  # can never finish (only with move_within_home off)
        self.last: list[int] | None = None  # [seat, roll, passed] of the latest roll, for display
        self.over = False

    # --- whose decision ---------------------------------------------------------------------
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.roll == 0 else self.turn

    def decision_kinds(self) -> frozenset[str]:
        """What the decision now allows (testing.conformance): a die roll, or a marble move."""
        if self.over:
            return frozenset()
        return frozenset({"roll"}) if self.roll == 0 else frozenset({"enter", "marble"})

    def action_kind(self, action: int) -> str:
        text = self.action_to_string(action)
        return "marble" if text.startswith("m") and text[1:2].isdigit() else text.split()[0]

    def legal_actions(self) -> list[int]:
        if self.over:
            return []
        if self.roll == 0:
            first = self.game.first_roll_action
            return list(range(first, first + 6))
        return list(self.moves)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.over or self.roll:
            return []
        first = self.game.first_roll_action
        return [(first + k, 1 / 6) for k in range(6)]

    def sample_chance(self) -> int:
        """A uniform die read from the state's stream without advancing it: applying any chance
        outcome advances the stream by one step, so a record replayed from its actions ends with the
        very same state, rng included."""
        z = (self.rng.s + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return self.game.first_roll_action + (z ^ (z >> 31)) % 6

    # --- rules --------------------------------------------------------------------------------
    def _legal_moves(self) -> list[int]:
        """Every open route of every marble of the player to move with this roll, and `enter`."""
        me = self.turn
        roll = self.roll
        mine = self.own[me]
        t = self.tables[me]
        routes = t.routes
        R = self.game.num_routes
        out = []
        in_base = False
        pos = self.pos
        b = me * 4
        for i in range(4):
            h = pos[b + i]
            if h < 0:
                in_base = True
                continue
            for route, mask, _target in routes[h * _DIE + roll]:
                if not mask & mine:
                    out.append(i * R + route)
        # Enter on a 1 or a 6 (the whole use of the roll), never onto your own marble on START.
        if in_base and (roll == 1 or roll == 6) and not mine & t.start_bit:
            out.append(self.game.enter_action)
        return out

    def apply_with_events(self, action: int) -> list[dict[str, Any]]:
        from .events import apply_with_events

        return apply_with_events(self, action)

    def apply_legal(self, action: int) -> None:
        game = self.game
        if self.roll == 0:
            self.rng.s = (self.rng.s + _GOLDEN) & _MASK  # one step per chance event (see sample_chance)
            self.roll = roll = action - game.first_roll_action + 1
            if roll == 6:
                self.stats[SIXES] += 1
            moves = self._legal_moves()
            if moves:
                self.moves = moves
                return
            # Nothing can move: the turn passes without a decision.
            self.stats[TURNS_LOST] += 1
            self.last = [self.turn, roll, 1]
            self._end_turn(roll == 6 and game.options["six_extra"] == "always")
            return
        me = self.turn
        b = me * 4
        pos = self.pos
        occ = self.occ
        t = self.tables[me]
        if action == game.enter_action:
            i = pos.index(BASE, b, b + 4) - b
            src = -1
            dst = t.start
            self.stats[ENTRIES] += 1
        else:
            i, route = divmod(action, game.num_routes)
            src = pos[b + i]
            dst = t.target[(src * _DIE + self.roll) * game.num_routes + route]
            if route:  # not the plain count along the track (routes.py: 1 centre, 2+ a star)
                self.stats[CENTRE_SHORTCUTS if route == 1 else CENTRE_EXITS if src == self.board.centre else STAR_SHORTCUTS] += 1
        victim = occ[dst]
        if victim >= 0:  # aggravated: back to its BASE
            self.stats[AGGRAVATIONS] += 1
            pos[victim] = BASE
            self.own[victim >> 2] ^= 1 << dst
        if src >= 0:
            occ[src] = -1
            self.own[me] ^= (1 << src) | (1 << dst)
        else:
            self.own[me] |= 1 << dst
        occ[dst] = b + i
        pos[b + i] = dst
        self.last = [me, self.roll, 0]
        if dst >= t.home_first and src < t.home_first:
            self._arrived_home(me)
            if self.over:
                self.roll = 0
                self.moves = []
                return
        self._end_turn(self.roll == 6 and me not in self.finished)

    def _arrived_home(self, me: int) -> None:
        t = self.tables[me]
        b = me * 4
        homes = [h for h in self.pos[b:b + 4] if h >= t.home_first]
        if len(homes) == 4:
            self.finished.append(me)
        elif not self.game.options["move_within_home"]:
            if home_blocked(len(homes), min(homes) - t.home_first, self.board.home_holes):
                self.dead[me] = True
        self.over = self._is_over()

    def _is_over(self) -> bool:
        n = self.num_players
        finished = self.finished
        if finished and not self.game.options["play_to_last"]:
            return True
        if len(finished) >= n - 1:
            return True
        # No one left who can still finish (possible only with move_within_home off).
        return all(self.dead[s] or s in finished for s in range(n))

    def _end_turn(self, again: bool) -> None:
        self.roll = 0
        self.moves = []
        if again:
            return
        n = self.num_players
        s = (self.turn + 1) % n
        if self.finished:
            while s in self.finished:
                s = (s + 1) % n
        self.turn = s

    # --- results ------------------------------------------------------------------------------
    def winners(self) -> list[int]:
        if not self.over:
            return []
        if self.finished:
            return [self.finished[0]]
        # Nobody can finish any more: most marbles in HOME win (shared).
        counts = self.home_counts()
        best = max(counts)
        return [s for s in range(self.num_players) if counts[s] == best]

    def scores(self) -> list[float] | None:
        """With play_to_last: players finishing after you (first n-1 ... last 0); else None."""
        if not self.game.options["play_to_last"] or not self.over:
            return None
        order = self.ranking()
        n = self.num_players
        return [float(n - 1 - order.index(s)) for s in range(n)]

    def ranking(self) -> list[int]:
        """Finishing order, then the rest by marbles in HOME, then by progress."""
        rest = [s for s in range(self.num_players) if s not in self.finished]
        counts = self.home_counts()
        rest.sort(key=lambda s: -counts[s])
        return self.finished + rest

    def statistics(self) -> dict[str, float]:
        """For `ludoteca simulate`: the event counters kept during play (STATS: marbles sent back to
        BASE; moves by the star ring, into the centre, out of the centre; marbles entered; sixes
        rolled; rolls with no legal move), plus how far the others got when the game ended."""
        counts = self.home_counts()
        won = self.winners()
        out = counters_statistics(STATS, self.stats)
        out["marbles_home_others"] = float(sum(c for s, c in enumerate(counts) if s not in won))
        out["marbles_in_base"] = float(sum(1 for h in self.pos if h == BASE))
        return out

    def home_counts(self) -> list[int]:
        out = []
        for s in range(self.num_players):
            first = self.tables[s].home_first
            out.append(sum(1 for h in self.pos[s * 4:s * 4 + 4] if h >= first))
        return out

    # --- notation -----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(self.game, action)

    def action_fields(self, action: int) -> dict:
        return notation.action_fields(self.game, action)

    def string_to_action(self, text: str) -> int:
        return notation.string_to_action(self, text)

    def describe_action(self, action: int, lang: str = "en", names=None) -> str:
        return notation.describe(self, action).get(lang)  # seats are named by their colours, the game's own terms

    def why_illegal(self, action: int) -> Text:
        return notation.why_illegal(self, action)

    # --- information --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        n = self.num_players
        return {
            "turn": self.turn,
            "roll": self.roll,
            "marbles": [self.pos[s * 4:s * 4 + 4] for s in range(n)],
            "finished": list(self.finished),
            "last": list(self.last) if self.last else None,
            "stats": counters_to_json(STATS, self.stats),
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Perfect information: everything, plus the board facts and the moves in notation for display.
        The event counters are history, not position: views (and key()) leave them out."""
        body = self.to_json()
        del body["stats"]
        board = self.board
        body["board"] = board.describe()
        body["seat_arms"] = list(board.seating[self.num_players])
        body["moves"] = [self.action_to_string(a) for a in self.moves]
        body["dead"] = list(self.dead)
        return body

    @classmethod
    def from_body(cls, game, n: int, body: Any) -> "AggravationState":
        from .validate import check_body

        state = cls(game, n, 0, _empty=True)
        check_body(state, body)
        return state

    def clone(self) -> "AggravationState":
        c = AggravationState.__new__(AggravationState)
        c.game = self.game
        c.num_players = self.num_players
        c.rng = self.rng.clone()
        c.board = self.board
        c.tables = self.tables
        c.pos = self.pos[:]
        c.occ = self.occ[:]
        c.own = self.own[:]
        c.turn = self.turn
        c.roll = self.roll
        c.moves = self.moves[:]
        c.finished = self.finished[:]
        c.dead = self.dead[:]
        c.last = self.last
        c.over = self.over
        c.stats = self.stats[:]
        return c

    def key(self):
        return (self.turn, self.roll, tuple(self.pos), tuple(self.finished))

    def evaluate(self, seat: int) -> float:
        return _evaluate(self, seat)

    def evaluate_all(self) -> list[float]:
        return _evaluate_all(self)

    def relink(self) -> None:
        self.board = self.game.board
        self.tables = self.game.seat_tables(self.num_players)
