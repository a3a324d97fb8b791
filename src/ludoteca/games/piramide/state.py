"""The rules: a position of Pirámide del Sol and how actions change it.

Everything is plain lists of ints. Cards are card *types* (see deck.py): a hand is a sorted
list of types (a multiset), the hidden parts of both decks are one list of counts per type,
the pyramid is one list of cells holding a type or -1. A draw from a hidden deck is a
chance node weighted by those counts; deck order is never stored.

A turn is a sequence of decisions by one player:
- START: `draw regular|edge` (a draw turn) or `play CARD CELL` (a play turn), or `pass` when
  neither is possible (the safety rule);
- a draw turn: chance gives the card, then SECOND_DRAW (choose the deck of the second card),
  chance again, then DISCARD while the hand holds more than 5;
- a play turn: after each placement the card scores; when its symbol matches k >= 1 adjacent
  cards, SYMBOL (`symbol points` or `symbol draw regular|edge`); then PLAYING: play another
  card or `end` (then DISCARD while the hand holds more than 5).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ludoteca.engine import CHANCE, TERMINAL, State, T
from ludoteca.engine.counters import counters_statistics
from ludoteca.engine.events import seat_name
from ludoteca.engine.rng import Rng

from .deck import LEFT_EDGE, REGULAR, RIGHT_EDGE

START, SECOND_DRAW, PLAYING, SYMBOL, DISCARD, DRAWING, OVER = range(7)
_DECISION_KINDS = (frozenset({"play", "draw", "pass"}), frozenset({"draw"}), frozenset({"play", "end"}),
                   frozenset({"symbol"}), frozenset({"discard"}), frozenset({"drawn"}), frozenset())
PHASE_NAMES = ("start", "second-draw", "playing", "symbol", "discard", "drawing", "over")
HAND_LIMIT = 5
DEAL = 4
DECK_NAMES = ("regular", "edge")

#: event counters kept during play (statistics() for `ludoteca simulate`), totals over all seats
STATS = ("cards_played", "edges_played", "placement_points", "symbol_matches", "symbol_points", "symbol_draws",
         "draw_turns", "cards_drawn", "discards", "reshuffles", "passes", "apex_placed")
(CARDS_PLAYED, EDGES_PLAYED, PLACEMENT_POINTS, SYMBOL_MATCHES, SYMBOL_POINTS, SYMBOL_DRAWS, DRAW_TURNS, CARDS_DRAWN,
 DISCARDS, RESHUFFLES, PASSES, APEX_PLACED) = range(len(STATS))


class PiramideState(State):
    __slots__ = ("pyr", "hands", "deck", "reg_n", "edge_n", "bottom", "disc_reg", "disc_edge", "box",
                 "opens", "points", "cur", "phase", "draws_left", "pending", "sym_k", "passes", "first", "stats")

    # --- setup ------------------------------------------------------------------------
    def setup(self) -> None:
        """Build the base row, shuffle the decks, turn the bottom edge card up, deal 4 each."""
        g = self.game
        d, geo, rng = g.deck, g.geo, self.rng
        middle = list(d.base_middle_cards)
        rng.shuffle(middle)
        used = middle[: geo.base - 2]
        self.box = sorted(d.card_type[i] for i in middle[geo.base - 2:])
        self.pyr = [-1] * geo.num_cells
        row = [d.base_left] + [d.card_type[i] for i in used] + [d.base_right]
        for i, t in enumerate(row):
            self.pyr[i] = t
        self.deck = [0] * d.num_types
        for t in d.regular_types + d.edge_types:
            self.deck[t] = d.type_count[t]
        self.reg_n = sum(self.deck[t] for t in d.regular_types)
        self.edge_n = sum(self.deck[t] for t in d.edge_types)
        self.bottom = -1
        self.bottom = self._take(1, rng.below(self.edge_n))
        self.hands = []
        for _ in range(self.num_players):
            hand = sorted(self._take(0, rng.below(self.reg_n)) for _ in range(g.deal))
            self.hands.append(hand)
        self.disc_reg, self.disc_edge = [], []
        self.opens = self.open_cells()
        self.points = [0] * self.num_players
        self.first = self.cur = rng.below(self.num_players)
        self.phase, self.draws_left, self.pending, self.sym_k, self.passes = START, 0, -1, 0, 0
        self.stats = [0] * len(STATS)

    def _take(self, deck: int, r: int) -> int:
        """Remove and return the r-th hidden card (in type order) of a deck."""
        counts = self.deck
        for t in (self.game.deck.regular_types if deck == 0 else self.game.deck.edge_types):
            r -= counts[t]
            if r < 0:
                counts[t] -= 1
                if deck == 0:
                    self.reg_n -= 1
                else:
                    self.edge_n -= 1
                return t
        raise AssertionError("drew from an empty deck")

    def clone(self) -> "PiramideState":
        s = object.__new__(PiramideState)
        s.game, s.num_players, s.rng = self.game, self.num_players, self.rng.clone()
        s.pyr = self.pyr[:]
        s.opens = self.opens[:]
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.reg_n, s.edge_n, s.bottom = self.reg_n, self.edge_n, self.bottom
        s.disc_reg, s.disc_edge, s.box = self.disc_reg[:], self.disc_edge[:], self.box
        s.points = self.points[:]
        s.cur, s.phase, s.draws_left, s.pending = self.cur, self.phase, self.draws_left, self.pending
        s.sym_k, s.passes, s.first = self.sym_k, self.passes, self.first
        s.stats = self.stats[:]
        return s

    # --- whose decision ---------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == DRAWING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.cur

    def can_draw(self, deck: int) -> bool:
        """A deck can be drawn while it, its face-up bottom card or its discard pile holds a card."""
        if deck == 0:
            return self.reg_n > 0 or bool(self.disc_reg)
        return self.edge_n > 0 or self.bottom >= 0 or bool(self.disc_edge)

    def open_cells(self) -> list[int]:
        """Empty cells resting on two cards (computed afresh; the state keeps them in `opens`)."""
        pyr = self.pyr
        g = self.game
        return [c for c, b0, b1 in g.upper_supports if pyr[c] < 0 and pyr[b0] >= 0 and pyr[b1] >= 0]

    def plays(self) -> list[int]:
        g = self.game
        opens = self.opens
        roles, role, nc = g.deck.type_roles, g.geo.role, g.num_cells
        out = []
        prev = -1
        for t in self.hands[self.cur]:
            if t == prev:
                continue
            prev = t
            fit = roles[t]
            base = t * nc
            for c in opens:
                if role[c] & fit:
                    out.append(base + c)
        return out

    def decision_kinds(self) -> frozenset[str]:
        """The notation verbs the decision now allows, by phase alone (testing.conformance)."""
        return _DECISION_KINDS[self.phase]

    def legal_actions(self) -> list[int]:
        phase, g = self.phase, self.game
        if phase == START:
            out = self.plays()
            if self.can_draw(0):
                out.append(g.A_DRAW_REG)
            if self.can_draw(1):
                out.append(g.A_DRAW_EDGE)
            return out or [g.A_PASS]
        if phase == PLAYING:
            out = self.plays()
            out.append(g.A_END)
            return out
        if phase == DRAWING:
            counts, base = self.deck, g.A_DRAWN
            types = g.deck.regular_types if self.pending == 0 else g.deck.edge_types
            return [base + t for t in types if counts[t]]
        if phase == SECOND_DRAW:
            return [a for d, a in ((0, g.A_DRAW_REG), (1, g.A_DRAW_EDGE)) if self.can_draw(d)]
        if phase == SYMBOL:
            out = [g.A_SYM_POINTS]
            if self.can_draw(0):
                out.append(g.A_SYM_REG)
            if self.can_draw(1):
                out.append(g.A_SYM_EDGE)
            return out
        if phase == DISCARD:
            base = g.A_DISCARD
            return [base + t for t in sorted(set(self.hands[self.cur]))]
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase != DRAWING:
            return []
        g = self.game
        size = self.reg_n if self.pending == 0 else self.edge_n
        types = g.deck.regular_types if self.pending == 0 else g.deck.edge_types
        counts, base = self.deck, g.A_DRAWN
        return [(base + t, counts[t] / size) for t in types if counts[t]]

    def chance_at(self, r: float) -> int:
        """chance_outcomes()'s weighted pick for the uniform draw r, without making the list (the
        same probabilities summed in the same order, so the same card)."""
        g = self.game
        size = self.reg_n if self.pending == 0 else self.edge_n
        counts, acc, last = self.deck, 0.0, -1
        for t in (g.deck.regular_types if self.pending == 0 else g.deck.edge_types):
            c = counts[t]
            if c:
                acc += c / size
                if r < acc:
                    return g.A_DRAWN + t
                last = t
        return g.A_DRAWN + last

    def sample_chance(self) -> int:
        """A card drawn with probability proportional to its count, from the state's own stream.

        The stream only advances when a drawn card is applied (apply_legal), so a game replayed
        from its record, where chance outcomes are applied as text, ends with the same stream."""
        g = self.game
        size = self.reg_n if self.pending == 0 else self.edge_n
        r = Rng(self.rng.s).below(size)
        counts = self.deck
        for t in (g.deck.regular_types if self.pending == 0 else g.deck.edge_types):
            r -= counts[t]
            if r < 0:
                return g.A_DRAWN + t
        raise AssertionError("no card to draw")

    # --- applying ---------------------------------------------------------------------
    def apply_legal(self, action: int) -> None:
        g = self.game
        if action < g.A_DRAWN:
            self._place(action // g.num_cells, action % g.num_cells)
        elif action < g.A_DISCARD:
            t = action - g.A_DRAWN
            self.rng.next64()  # see sample_chance
            self.deck[t] -= 1
            if self.pending == 0:
                self.reg_n -= 1
            else:
                self.edge_n -= 1
            self._receive(t)
        elif action < g.A_DRAW_REG:
            self._discard(action - g.A_DISCARD)
        elif action == g.A_DRAW_REG or action == g.A_DRAW_EDGE:
            if self.phase == START:
                self.draws_left = 2
                self.passes = 0
                self.stats[DRAW_TURNS] += 1
            self._begin_draw(0 if action == g.A_DRAW_REG else 1)
        elif action == g.A_SYM_POINTS:
            self.points[self.cur] += self.sym_k
            self.stats[SYMBOL_POINTS] += self.sym_k
            self.sym_k = 0
            self.phase = PLAYING
        elif action == g.A_SYM_REG or action == g.A_SYM_EDGE:
            self.sym_k = 0
            self.stats[SYMBOL_DRAWS] += 1
            self.draws_left = 0
            self._begin_draw(0 if action == g.A_SYM_REG else 1)
        elif action == g.A_END:
            self._finish_turn()
        elif action == g.A_PASS:
            self.passes += 1
            self.stats[PASSES] += 1
            if self.passes >= self.num_players:
                self.phase = OVER  # the safety rule: nobody could play or draw, a whole round
            else:
                self._next_turn()
        else:
            raise AssertionError(f"action {action} outside the action space")

    def _place(self, t: int, c: int) -> None:
        g = self.game
        d = g.deck
        self.hands[self.cur].remove(t)
        pyr = self.pyr
        pyr[c] = t
        opens = self.opens
        opens.remove(c)
        for up, other in g.geo.above[c]:
            if pyr[other] >= 0:
                insort(opens, up)
        kind = d.type_kind[t]
        points = g.points[t][g.geo.level[c]]
        stats = self.stats
        if kind == LEFT_EDGE or kind == RIGHT_EDGE:
            stats[EDGES_PLAYED] += 1
        self.points[self.cur] += points
        stats[CARDS_PLAYED] += 1
        stats[PLACEMENT_POINTS] += points
        self.passes = 0
        if c == g.geo.apex:
            stats[APEX_PLACED] += 1
            self.phase = OVER  # the game ends the moment the apex position is filled
            return
        s = d.type_symbol[t]
        if s >= 0:
            symbol = d.type_symbol
            k = 0
            for a in g.geo.adjacent[c]:
                u = pyr[a]
                if u >= 0 and symbol[u] == s:
                    k += 1
            if k:
                self.sym_k = k
                stats[SYMBOL_MATCHES] += 1
                self.phase = SYMBOL
                return
        self.phase = PLAYING

    def _begin_draw(self, deck: int) -> None:
        counts = self.deck
        if deck == 0:
            if self.reg_n == 0:  # refill from the shuffled discard pile
                self.stats[RESHUFFLES] += 1
                for t in self.disc_reg:
                    counts[t] += 1
                self.reg_n = len(self.disc_reg)
                self.disc_reg = []
        elif self.edge_n == 0:
            if self.bottom >= 0:  # the face-up bottom card is drawn last, and it is public
                t, self.bottom = self.bottom, -1
                self.pending = -1
                self._receive(t)
                return
            self.stats[RESHUFFLES] += 1
            for t in self.disc_edge:
                counts[t] += 1
            self.edge_n = len(self.disc_edge)
            self.disc_edge = []
        self.pending = deck
        self.phase = DRAWING

    def _receive(self, t: int) -> None:
        insort(self.hands[self.cur], t)
        self.stats[CARDS_DRAWN] += 1
        self.pending = -1
        if self.draws_left:
            self.draws_left -= 1
            if self.draws_left and (self.can_draw(0) or self.can_draw(1)):
                self.phase = SECOND_DRAW
                return
            self.draws_left = 0
            self._finish_turn()
        else:
            self.phase = PLAYING  # a symbol draw: the play turn goes on

    def _discard(self, t: int) -> None:
        hand = self.hands[self.cur]
        hand.remove(t)
        self.stats[DISCARDS] += 1
        if self.game.deck.type_kind[t] == REGULAR:
            self.disc_reg.append(t)
        else:
            self.disc_edge.append(t)
        if len(hand) <= HAND_LIMIT:
            self._next_turn()

    def _finish_turn(self) -> None:
        if len(self.hands[self.cur]) > HAND_LIMIT:
            self.phase = DISCARD
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.cur = (self.cur + 1) % self.num_players
        self.phase = START
        self.draws_left = 0
        self.sym_k = 0
        self.pending = -1

    # --- results ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = max(zip(self.points, map(len, self.hands)))
        return [p for p in range(self.num_players) if (self.points[p], len(self.hands[p])) == best]

    def scores(self) -> list[float] | None:
        return [float(s) for s in self.points]

    def statistics(self) -> dict[str, float]:
        """For `ludoteca simulate`: the event counters kept during play (STATS: cards placed, edge
        cards among them, the points placements scored; symbol matches and how they were taken,
        as points or a card; draw turns, cards drawn, discards over the hand limit, discard piles
        reshuffled into a deck, safety-rule passes; whether the apex ended the game)."""
        return counters_statistics(STATS, self.stats)

    def key(self):
        # Hidden deck counts follow from everything else, so they are left out.
        return (self.cur, self.phase, self.draws_left, self.pending, self.sym_k, self.passes, self.bottom,
                tuple(self.pyr), tuple(map(tuple, self.hands)), tuple(self.points),
                tuple(self.disc_reg), tuple(self.disc_edge))

    # --- delegated (notation.py, view.py, codec.py, heuristic.py) ----------------------
    def action_to_string(self, action: int) -> str:
        from .notation import action_to_string
        return action_to_string(self.game, action)

    def action_fields(self, action: int) -> dict:
        from .notation import action_fields
        return action_fields(self.game, action)

    def string_to_action(self, text: str) -> int:
        from .notation import string_to_action
        return string_to_action(self, text)

    def describe_action(self, action: int, lang: str = "en", names=None) -> str:
        from .notation import describe_action
        return describe_action(self, action, lang)  # names no seat

    def apply_with_events(self, action: int) -> list[dict[str, Any]]:
        """Apply a checked action and return its events (events.py; the rulebook's turn in events)."""
        from .events import apply_with_events
        return apply_with_events(self, action)

    def describe_action_for(self, action: int, seat: int | None, lang: str = "en", names=None) -> str:
        """A card drawn from a deck is seen by its drawer only; the others learn which deck."""
        if self.phase == DRAWING and seat != self.cur:
            deck = T("regular", "de bloques regulares") if self.pending == 0 else T("edge", "de bordes")
            who = seat_name(names, self.cur, lang)
            return T(f"{who} draws a card from the {deck.en} deck", f"{who} roba una carta del mazo {deck.es}").get(lang)
        return self.describe_action(action, lang, names)

    def why_illegal(self, action: int):
        from .notation import why_illegal
        return why_illegal(self, action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .view import view
        return view(self, seat)

    def to_json(self) -> dict[str, Any]:
        from .codec import state_to_json
        return state_to_json(self)

    def evaluate(self, seat: int) -> float:
        from .heuristic import evaluate
        return evaluate(self, seat)

    def evaluate_all(self) -> list[float]:
        from .heuristic import evaluate_all
        return evaluate_all(self)
