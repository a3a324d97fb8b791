"""A small card game with hidden hands, for testing that nothing hidden leaks to the web.

Twelve cards c00..c11 (worth 0..11). Chance deals two to each player; on a turn a player
plays a card face up (scoring its value) or discards one face down (nobody else learns
which), then draws a replacement while the deck lasts. When every hand is empty the
highest score wins. Every card has a unique name, so a test can search any message for
cards its receiver may not know.
"""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL, Game, NotationError, State, T
from ludoteca.engine.events import seat_name

CARDS = 12
DRAW, PLAY, HIDE = 0, CARDS, 2 * CARDS
HAND = 2


def name(card: int) -> str:
    return f"c{card:02d}"


class HiddenState(State):
    __slots__ = ("deck", "hands", "table", "hidden", "turn", "stage", "dealt")

    def current_player(self):
        if self.stage == "deal" or self.stage == "draw":
            return CHANCE
        if not any(self.hands):
            return TERMINAL
        return self.turn

    def legal_actions(self):
        if self.current_player() == CHANCE:
            return [DRAW + c for c in sorted(self.deck)]
        if self.current_player() == TERMINAL:
            return []
        hand = sorted(self.hands[self.turn])
        return [PLAY + c for c in hand] + [HIDE + c for c in hand]

    def chance_outcomes(self):
        return [(DRAW + c, 1 / len(self.deck)) for c in sorted(self.deck)]

    def _receiver(self):
        return self.dealt % self.num_players if self.stage == "deal" else self.turn

    def apply_legal(self, action):
        if action < PLAY:
            card = action - DRAW
            self.deck.remove(card)
            self.hands[self._receiver()].append(card)
            if self.stage == "deal":
                self.dealt += 1
                if self.dealt == HAND * self.num_players:
                    self.stage = "play"
            else:
                self._next_turn()
            return
        card = action % CARDS
        self.hands[self.turn].remove(card)
        (self.table if action < HIDE else self.hidden)[self.turn].append(card)
        if self.deck:
            self.stage = "draw"
        else:
            self._next_turn()

    def _next_turn(self):
        self.stage = "play"
        for step in range(1, self.num_players + 1):
            seat = (self.turn + step) % self.num_players
            if self.hands[seat]:
                self.turn = seat
                return

    def scores(self):
        return [sum(t) for t in self.table]

    def winners(self):
        best = max(self.scores())
        return [s for s, v in enumerate(self.scores()) if v == best]

    def action_to_string(self, action):
        verb = ("draw", "play", "hide")[action // CARDS]
        return f"{verb} {name(action % CARDS)}"

    def string_to_action(self, text):
        for a in range(3 * CARDS):
            if self.action_to_string(a) == " ".join(text.split()):
                return a
        raise NotationError(T(f"{text!r} is not a hidden-toy move", f"{text!r} no es una jugada del juego oculto"))

    def describe_action(self, action, lang="en", names=None):
        card = name(action % CARDS)
        if action < PLAY:
            return T(f"draws {card}", f"roba {card}").get(lang)
        if action < HIDE:
            return T(f"plays {card} face up", f"juega {card} boca arriba").get(lang)
        return T(f"discards {card} face down", f"descarta {card} boca abajo").get(lang)

    def describe_action_for(self, action, seat, lang="en", names=None):
        """A drawn card is named to its receiver only; a face-down discard to its player only."""
        if action < PLAY and seat != self._receiver():
            who = seat_name(names, self._receiver(), lang)
            return T(f"{who} draws a card", f"{who} roba una carta").get(lang)
        if action >= HIDE and seat != self.turn:
            return T("discards a card face down", "descarta una carta boca abajo").get(lang)
        return self.describe_action(action, lang)

    def view(self, seat):
        return {
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "my_hidden": sorted(self.hidden[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "hidden_counts": [len(h) for h in self.hidden],
            "table": [list(t) for t in self.table],
            "deck": len(self.deck),
            "turn": self.turn, "stage": self.stage, "dealt": self.dealt,
        }

    def to_json(self):
        return {"deck": sorted(self.deck), "hands": [list(h) for h in self.hands], "table": [list(t) for t in self.table],
                "hidden": [list(h) for h in self.hidden], "turn": self.turn, "stage": self.stage, "dealt": self.dealt}

    def clone(self):
        c = HiddenState(self.game, self.num_players, 0)
        c.rng.s = self.rng.s
        c.deck, c.hands, c.table, c.hidden = list(self.deck), [list(h) for h in self.hands], [list(t) for t in self.table], [list(h) for h in self.hidden]
        c.turn, c.stage, c.dealt = self.turn, self.stage, self.dealt
        return c


class HiddenGame(Game):
    name = "hidden-toy"
    title = T("Hidden cards", "Cartas ocultas")
    min_players, max_players, default_players = 2, 3, 2
    perfect_information = False

    def new_initial_state(self, num_players=None, seed=0):
        n = self.check_players(num_players)
        s = HiddenState(self, n, seed)
        s.deck, s.hands, s.table, s.hidden = list(range(CARDS)), [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
        s.turn, s.stage, s.dealt = 0, "deal", 0
        return s

    def num_distinct_actions(self):
        return 3 * CARDS

    def state_from_json(self, body, n):
        s = self.new_initial_state(n, 0)
        s.deck, s.hands, s.table, s.hidden = list(body["deck"]), [list(h) for h in body["hands"]], [list(t) for t in body["table"]], [list(h) for h in body["hidden"]]
        s.turn, s.stage, s.dealt = body["turn"], body["stage"], body["dealt"]
        return s

    def state_from_view(self, view_doc, seed):
        """Deal the cards this seat cannot see at random (a determinisation)."""
        from ludoteca.engine.rng import Rng

        v, n, me = view_doc["view"], view_doc["num_players"], view_doc["seat"]
        s = self.new_initial_state(n, seed)
        known = set(v["hand"]) | set(v["my_hidden"]) | {c for t in v["table"] for c in t}
        unseen = [c for c in range(CARDS) if c not in known]
        Rng(seed).shuffle(unseen)
        s.table = [list(t) for t in v["table"]]
        for seat in range(n):
            if seat == me:
                s.hands[seat], s.hidden[seat] = list(v["hand"]), list(v["my_hidden"])
            else:
                s.hands[seat] = [unseen.pop() for _ in range(v["hand_sizes"][seat])]
                s.hidden[seat] = [unseen.pop() for _ in range(v["hidden_counts"][seat])]
        s.deck = sorted(unseen)
        s.turn, s.stage, s.dealt = v["turn"], v["stage"], v["dealt"]
        return s
