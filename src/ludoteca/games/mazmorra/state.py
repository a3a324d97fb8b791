"""A position of Mazmorra Primigenia and its turn: play a card, walk, score counters, draw.

Hidden information is kept as the engine asks: every card nobody has seen (the deck, the
face-down market and the faces of ENTRY and EXIT) lies in one multiset, `pool`. Drawing from the
face-down market is therefore a chance draw from `pool`, and refilling a face-down slot only
moves one unseen card from the deck count to the market count.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any, Hashable

from ...engine import CHANCE, TERMINAL, State, T, Text
from ...engine.events import seat_name
from .cards import COLOUR, EXIT, NUM_CARDS, NUMBER
from . import stats as S
from .heuristic import pawn_worth, seat_values, standing
from .walk import find_walk

PLACE, MOVE, TAKE, DRAW, REFILL, OVER = range(6)
PHASE_NAMES = ("place", "move", "take", "draw", "refill", "over")
HAND_SIZE = 4
MARKET_SIZE = 4
FACE_DOWN = -2  # a market slot holding a card nobody has seen
EMPTY = -1
ENDED_NAMES = (None, "exit", "deck")
_CARDS_PLACED, _FROM_DOUBLE_COVER, _WALKS, _NO_WALK, _FROM_COLOUR = (
    S.CARDS_PLACED, S.FROM_DOUBLE_COVER, S.WALKS, S.NO_WALK, S.FROM_COLOUR)  # hot path: no attribute lookups
_ROOM_BIT = [1 << r for r in range(NUM_CARDS)] + [0, 0]  # a pawn's room as a bit; ENTRY and EXIT: none
_DECISION_KINDS = (frozenset({"play", "discard"}), frozenset({"move"}), frozenset({"take"}),
                   frozenset({"draw"}), frozenset({"refill"}), frozenset())


class MazmorraState(State):
    __slots__ = (
        "table", "hands", "pool", "deck", "market", "discards", "pawns", "counters",
        "phase", "turn", "played", "bonus", "slot", "ended", "_legal", "_nb", "_dist", "stats",
    )

    # --- whose decision -------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase == DRAW or phase == REFILL:
            return CHANCE
        return self.turn

    # --- caches (shared by clones until the table changes; never mutated in place) ---------
    def neighbours(self) -> list[list[int]]:
        nb = self._nb
        if nb is None:
            nb = self._nb = self.table.neighbours()
        return nb

    def distances(self) -> list[int]:
        """Fewest steps from every piece to EXIT through rooms (-1: no path)."""
        d = self._dist
        if d is None:
            d = self._dist = self.table.distances()
        return d

    def distance(self, seat: int) -> int:
        """The scoring distance of a pawn: steps to EXIT, or number of rooms + 1 without a path."""
        d = self.distances()[self.pawns[seat]]
        return d if d >= 0 else len(self.table.placed) + 1

    # --- actions ----------------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[int]:
        g = self.game
        phase = self.phase
        if phase == PLACE:
            hand = self.hands[self.turn]
            out = self.table.legal_placements(hand, g.must_beat_all)
            if not out:  # the safety rule: no card can be placed, discard one
                out = [g.discard_base + c for c in hand]
            return out
        if phase == MOVE:
            return [g.move_base + e for e in self.end_rooms()]
        if phase == TAKE:
            return [g.take_base + i for i, c in enumerate(self.market) if c >= 0]
        if phase == DRAW or phase == REFILL:
            return [g.card_base + c for c in self.pool]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != DRAW and self.phase != REFILL:
            return []
        p = 1.0 / len(self.pool)
        base = self.game.card_base
        return [(base + c, p) for c in self.pool]

    def sample_chance(self) -> int:
        """Peeks at the state's stream without moving it: applying any chance outcome moves it
        one step, so a replayed record (which never samples) ends with the same rng."""
        pool = self.pool
        return self.game.card_base + pool[self.rng.peek_below(len(pool))]

    def blocked(self) -> set[int]:
        """Rooms the current player's pawn may not enter: those of the other pawns."""
        me = self.turn
        return {r for s, r in enumerate(self.pawns) if s != me and r < NUM_CARDS}

    def _blocked_mask(self) -> int:
        """blocked() as a bitmask over the pieces: every pawn's room but the mover's (ENTRY and EXIT
        block nobody; a walk never enters its own start, so a pawn sharing it changes nothing)."""
        bit, pawns = _ROOM_BIT, self.pawns
        blocked = 0
        for r in pawns:
            blocked |= bit[r]
        return blocked & ~bit[pawns[self.turn]]

    def end_rooms(self) -> list[int]:
        """Where the current player's pawn may end its walk with the card just played."""
        return self.table.walk_ends(self.pawns[self.turn], NUMBER[self.played], self._blocked_mask(), self.played)

    def walk_to(self, end: int) -> list[int] | None:
        """One legal walk [start, ..., end] for the pending move (None if there is none)."""
        if self.played < 0:
            return None
        return find_walk(self.neighbours(), self.pawns[self.turn], NUMBER[self.played], self.blocked(), self.played, end)

    def apply_legal(self, action: int) -> None:
        g = self.game
        self._legal = None
        phase = self.phase
        if phase == PLACE:
            if action >= g.discard_base:
                card = action - g.discard_base
                self.hands[self.turn].remove(card)
                self.discards.append(card)
                self.stats[S.SAFETY_DISCARDS] += 1
                self._to_draw()
                return
            card = action // g.ncells2
            turn = self.turn
            self.hands[turn].remove(card)
            beaten, moves = self.table.play(action, self.pawns, turn, g.move_base)
            self._nb = self._dist = None
            self.played = card
            self.bonus = 1 if beaten >= 2 else 0
            if len(moves) > 1:
                self.phase = MOVE
                self._legal = moves  # what _compute_legal would find
            else:  # no walk at all, or a forced one: no decision to ask for
                self._finish_move(moves[0] - g.move_base if moves else -1)
        elif phase == MOVE:
            self._finish_move(action - g.move_base)
        elif phase == TAKE:
            slot = action - g.take_base
            self._add_to_hand(self.market[slot])
            self.market[slot] = EMPTY
            self.slot = slot
            if self.deck > 0:
                self.phase = REFILL
            else:
                self._end(2)
        elif phase == DRAW:
            self.rng.advance()
            card = action - g.card_base
            pool = self.pool
            at = bisect_left(pool, card)  # the pool lies sorted, as dealt; a determinisation's is shuffled
            if at < len(pool) and pool[at] == card:
                del pool[at]
            else:
                pool.remove(card)
            self._add_to_hand(card)
            if self.deck > 0:
                self.deck -= 1  # the slot is refilled face down: one unseen card moves to the market
                self._next_turn()
            else:
                self.market[self.market.index(FACE_DOWN)] = EMPTY
                self._end(2)
        elif phase == REFILL:
            self.rng.advance()
            card = action - g.card_base
            self.pool.remove(card)
            self.market[self.slot] = card
            self.deck -= 1
            self._next_turn()
        else:
            raise ValueError("the game is over")

    def _add_to_hand(self, card: int) -> None:
        hand = self.hands[self.turn]
        hand.append(card)
        hand.sort()

    def _finish_move(self, end: int) -> None:
        gain = self.bonus
        stats = self.stats  # stats.py: every placement ends here
        stats[_CARDS_PLACED] += 1
        stats[_FROM_DOUBLE_COVER] += gain
        stats[_WALKS if end >= 0 else _NO_WALK] += 1
        if end >= 0:
            self.pawns[self.turn] = end
            if end != EXIT and COLOUR[end] == COLOUR[self.played]:
                gain += 1
                stats[_FROM_COLOUR] += 1
        self.counters[self.turn] += gain
        if end == EXIT:
            self._end(1)
        else:
            self._to_draw()

    def _to_draw(self) -> None:
        self.phase = TAKE if self.game.market_face_up else DRAW

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.num_players
        self.phase = PLACE
        self.played = -1
        self.bonus = 0
        self.slot = -1

    def _end(self, how: int) -> None:
        self.ended = how
        self.phase = OVER

    # --- results ----------------------------------------------------------------------------
    def scores(self) -> list[float] | None:
        if self.phase != OVER:
            return None
        if self.ended == 1:
            return [float(self.counters[s] - self.distance(s)) for s in range(self.num_players)]
        return [float(c) for c in self.counters]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.num_players) if scores[s] == best]
        near = min(self.distance(s) for s in tied)
        return [s for s in tied if self.distance(s) == near]

    def statistics(self) -> dict[str, float]:
        return S.statistics(self)

    # --- the heuristic ----------------------------------------------------------------------
    def evaluate(self, seat: int) -> float:
        """Greedy's yardstick, in [0, 1] (see docs/rules/mazmorra.md).

        The seat's value in heuristic.py (its pawn's worth against the best other's); the end of
        the game is worth its returns."""
        if self.phase == OVER:
            return self.returns()[seat]
        d, n, no_path = self.distances(), self.num_players, len(self.table.placed) + 1
        worth = [pawn_worth(c, d[r], no_path) for c, r in zip(self.counters, self.pawns)]
        return seat_values(worth, n, seat, [0.0] * n)[seat]

    def evaluate_all(self) -> list[float]:
        """evaluate() for every seat, each pawn's worth worked out once."""
        if self.phase == OVER:
            return self.returns()
        d = self._dist  # a search scores each child once: the pawns' distances alone, uncached
        steps = self.table.pawn_distances(self.pawns) if d is None else [d[r] for r in self.pawns]
        return standing(self.counters, steps, len(self.table.placed) + 1)

    def placements_ahead(self, actions: list[int], best_end: bool = False) -> list[tuple | None] | None:
        """What each of these placements leaves one step later, as apply_legal would, with no state
        copied (the compiled table lays each on a scratch copy): per action (counters, pawns, the
        pawns' distances to EXIT (-1: no path), whether the mover now chooses where its walk ends,
        and with `best_end` for such a choice the mover's best end as greedy ranks them: twice its
        gain minus its distance, None where EXIT is among the ends), or None where the step ends
        the game. None for them all where this is not a decision to place cards, or on the
        reference table."""
        if not self._looks_ahead(actions):
            return None
        table, g, pawns = self.table, self.game, self.pawns
        me, count, n2 = self.turn, len(actions), 2 * g.ncells
        out = table.place_each(actions, pawns[me], self._blocked_mask(), pawns, me, best_end, len(table.placed) + 2)
        counters, shifts = self.counters, range(0, 8 * len(pawns), 8)
        ahead: list[tuple | None] = []
        for i in range(count):
            r, end, packed = out[i], out[count + i], out[2 * count + i]
            gain = 1 if r & 3 >= 2 else 0  # two covered cards beaten (bonus)
            rooms = pawns
            if end >= 0:  # the one walk, made at once
                if end == EXIT:
                    ahead.append(None)
                    continue
                rooms = pawns[:]
                rooms[me] = end
                if COLOUR[end] == COLOUR[actions[i] // n2]:
                    gain += 1
            elif r >> 2 > 1:  # a choice of walks: the bonus is scored when the pawn moves
                gain = 0
            now = counters
            if gain:
                now = counters[:]
                now[me] += gain
            choice = r >> 2 > 1
            best = out[3 * count + i] if choice and best_end else None
            ahead.append((now, rooms, [(packed >> k & 255) - 1 for k in shifts], choice,
                          None if best is not None and best < -(1 << 39) else best))
        return ahead

    def standing_ahead(self, actions: list[int]) -> list[list[float] | None] | None:
        """evaluate_all() one step after each of these placements, worked out in the compiled table
        (the same floats): None where the step ends the game; None for them all where
        placements_ahead is."""
        if not self._looks_ahead(actions):
            return None
        table, pawns, me = self.table, self.pawns, self.turn
        ends, values = table.standing_each(actions, pawns[me], self._blocked_mask(), pawns, me, self.counters,
                                           len(table.placed) + 2)
        n, count = len(pawns), len(actions)
        return [None if ends[count + i] == EXIT else values[i * n:i * n + n] for i in range(count)]

    def _looks_ahead(self, actions: list[int]) -> bool:
        """Whether placements_ahead can answer: a decision to place cards on the compiled table."""
        return (self.phase == PLACE and len(self.pawns) <= 4 and hasattr(self.table, "place_each")
                and max(actions) < self.game.discard_base)

    def moves_ahead(self, actions: list[int]) -> list[tuple[list[int], list[int], list[int]] | None] | None:
        """placements_ahead for a decision where the walk ends (the table stays as it is: one
        distances() for every end): per action (counters, pawns, their distances), None where the
        walk reaches EXIT; None for them all in any other phase."""
        if self.phase != MOVE:
            return None
        d = self.distances()
        me, base, pawns, counters = self.turn, self.game.move_base, self.pawns, self.counters
        colour = COLOUR[self.played]
        ahead: list[tuple[list[int], list[int], list[int]] | None] = []
        for action in actions:
            end = action - base
            if end == EXIT:
                ahead.append(None)
                continue
            rooms = pawns[:]
            rooms[me] = end
            now = counters[:]
            now[me] += self.bonus + (COLOUR[end] == colour)
            ahead.append((now, rooms, [d[r] for r in rooms]))
        return ahead

    # --- copies -----------------------------------------------------------------------------
    def clone(self) -> "MazmorraState":
        s = MazmorraState.__new__(MazmorraState)
        s.game = self.game
        s.num_players = self.num_players
        s.rng = self.rng.clone()
        s.table = self.table.copy()
        s.hands = [h[:] for h in self.hands]
        s.pool = self.pool[:]
        s.deck = self.deck
        s.market = self.market[:]
        s.discards = self.discards[:]
        s.pawns = self.pawns[:]
        s.counters = self.counters[:]
        s.stats = self.stats[:]
        s.phase, s.turn, s.played, s.bonus, s.slot, s.ended = (
            self.phase, self.turn, self.played, self.bonus, self.slot, self.ended)
        s._legal, s._nb, s._dist = self._legal, self._nb, self._dist
        return s

    def key(self) -> Hashable:
        return (
            self.phase, self.turn, self.played, self.bonus, self.slot, self.ended, self.deck,
            tuple(self.table.placed), tuple(self.pawns), tuple(self.counters),
            tuple(tuple(h) for h in self.hands), tuple(self.market), tuple(self.discards),
        )

    def is_undo_barrier(self, action: int) -> bool:
        """Playing or discarding shows a card from the hand: it cannot be taken back."""
        return self.phase == PLACE

    # --- action kinds (testing.conformance: a legal action is of a kind its decision allows) --
    #: the words every description of a kind of action starts with (en, es)
    KIND_WORDS = {"play": ("Play", "Juega"), "move": ("Move", "Mueve"), "take": ("Take", "Toma"),
                  "discard": ("Discard", "Descarta"), "draw": ("The card drawn", "Se roba"),
                  "refill": ("The slot is refilled", "Se repone")}

    def decision_kinds(self) -> frozenset[str]:
        """The kinds of action the decision now asks for, by phase alone (never by the actions)."""
        return _DECISION_KINDS[self.phase]

    # --- notation, views and documents live in their own modules ----------------------------
    def action_to_string(self, action: int) -> str:
        from .notation import action_to_string

        return action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        from .notation import string_to_action

        return string_to_action(self, text)

    def action_fields(self, action: int) -> dict:
        from .notation import action_fields

        return action_fields(self, action)

    def describe_action(self, action: int, lang: str = "en", names=None) -> str:
        from .notation import describe_action

        return describe_action(self, action, lang)  # names no seat

    def apply_with_events(self, action: int) -> list[dict[str, Any]]:
        """Apply a checked action and return its events (events.py: the turn of the rules in events)."""
        from .events import apply_with_events

        return apply_with_events(self, action)

    def describe_action_for(self, action: int, seat: int | None, lang: str = "en", names=None) -> str:
        """A card drawn into a hand is seen by its drawer only (a face-up refill is public)."""
        if self.phase == DRAW and seat != self.turn:
            who = seat_name(names, self.turn, lang)
            return T(f"{who} draws a card from the market", f"{who} roba una carta del mercado").get(lang)
        return self.describe_action(action, lang, names)

    def why_illegal(self, action: int) -> Text:
        from .notation import why_illegal

        return why_illegal(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def to_json(self) -> dict[str, Any]:
        from .views import to_json

        return to_json(self)
