"""The toy race's rules (the template's step 1, docs/adding-a-game.md): its state and its game.

Each turn: chance rolls 1..3; the player then chooses `add` (score += roll) or `double`
(score += 2*roll, allowed once per game), then `end`. First to `target` (10) wins.
"""

from __future__ import annotations

from ludoteca.engine import CHANCE, TERMINAL, Game, NotationError, Option, OptionSet, State, StateFormatError, T, check_fields

ROLL = (0, 1, 2)  # actions 0..2: roll 1..3
ADD, DOUBLE, END = 3, 4, 5
NAMES = {ADD: "add", DOUBLE: "double", END: "end"}
NUM_ACTIONS = 6
TARGET = (3, 50)  # the option `target`'s range: the kernel declares every value of it


class ToyState(State):
    __slots__ = ("scores_", "turn", "roll", "stage", "doubled")

    def current_player(self):
        if max(self.scores_) >= self.game.options["target"]:
            return TERMINAL
        return CHANCE if self.stage == 0 else self.turn

    def legal_actions(self):
        if self.stage == 0:
            return list(ROLL)
        if self.stage == 1:
            return [ADD] + ([] if self.doubled[self.turn] else [DOUBLE])
        return [END]

    def chance_outcomes(self):
        return [(a, 1 / 3) for a in ROLL]

    def apply_legal(self, action):
        if self.stage == 0:
            self.rng.next64()  # a chance outcome advances the stream (see State.sample_chance)
            self.roll, self.stage = action + 1, 1
        elif self.stage == 1:
            if action == DOUBLE:
                self.doubled[self.turn] = True
            self.scores_[self.turn] += self.roll * (2 if action == DOUBLE else 1)
            self.stage = 2
        else:
            self.turn, self.stage = (self.turn + 1) % self.num_players, 0

    def winners(self):
        return [max(range(self.num_players), key=lambda s: self.scores_[s])]

    def action_to_string(self, action):
        return f"roll {action + 1}" if action in ROLL else NAMES[action]

    def string_to_action(self, text):
        for a in range(NUM_ACTIONS):
            if self.action_to_string(a) == text.strip():
                return a
        raise NotationError(T(f"{text!r} is not toy notation", f"{text!r} no es notación del juego de prueba"))

    def action_fields(self, action):
        """A move's parts for the web's board (board.js): its kind and the points it adds."""
        if action in ROLL:
            return {"kind": "roll", "die": action + 1}
        if action == END:
            return {"kind": "end"}
        return {"kind": NAMES[action], "points": self.roll * (2 if action == DOUBLE else 1)}

    def view(self, seat):
        return self.to_json()

    def to_json(self):
        return {"scores": list(self.scores_), "turn": self.turn, "roll": self.roll, "stage": self.stage, "doubled": list(self.doubled)}

    def clone(self):
        c = ToyState(self.game, self.num_players, 0)
        c.rng.s = self.rng.s
        c.scores_, c.turn, c.roll, c.stage, c.doubled = list(self.scores_), self.turn, self.roll, self.stage, list(self.doubled)
        return c

    def key(self):
        return (tuple(self.scores_), self.turn, self.roll, self.stage, tuple(self.doubled))

    def evaluate(self, seat):
        return self.scores_[seat] / 20


class ToyGame(Game):
    name = "toy"
    title = T("Toy race", "Carrera de prueba")
    # the lobby's card: one line for people, and how long a game lasts (a roll of 1-3 adds 2 a turn)
    pitch = T("Roll the die, add it or double it once a game: first to the target wins.",
              "Tira el dado, súmalo o dóblalo una vez por partida: gana quien llegue antes a la meta.")
    length = T("About 5 turns each", "Unos 5 turnos cada uno")
    min_players, max_players, default_players = 2, 3, 2
    OPTIONS = OptionSet((Option("target", "int", 10, T("The points a player needs to win.", "Los puntos que necesita un jugador para ganar."), minimum=TARGET[0], maximum=TARGET[1]),))

    def new_initial_state(self, num_players=None, seed=0):
        n = self.check_players(num_players)
        s = ToyState(self, n, seed)
        s.scores_, s.turn, s.roll, s.stage, s.doubled = [0] * n, 0, 0, 0, [False] * n
        return s

    def num_distinct_actions(self):
        return NUM_ACTIONS

    def state_from_json(self, body, n):
        """The state a document holds; anything but the toy's own fields, each in its range, is
        refused in one line naming the field (a document may come from anywhere)."""
        check_fields(body, ("scores", "turn", "roll", "stage", "doubled"), "the toy race's state")
        whole = lambda v, low, high: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high  # noqa: E731
        checks = {
            "scores": isinstance(body["scores"], list) and len(body["scores"]) == n
            and all(whole(v, 0, 2 * self.options["target"] + 6) for v in body["scores"]),
            "turn": whole(body["turn"], 0, n - 1),
            "roll": whole(body["roll"], 0, 3),
            "stage": whole(body["stage"], 0, 2),
            "doubled": isinstance(body["doubled"], list) and len(body["doubled"]) == n
            and all(isinstance(v, bool) for v in body["doubled"]),
        }
        bad = [name for name, ok in checks.items() if not ok]
        if bad:
            raise StateFormatError(T(f"the toy race's state: {bad[0]} is out of range or of the wrong kind",
                                     f"estado de la carrera de prueba: {bad[0]} está fuera de rango o no es del tipo debido"))
        s = self.new_initial_state(n, 0)
        s.scores_, s.turn, s.roll, s.stage, s.doubled = list(body["scores"]), body["turn"], body["roll"], body["stage"], list(body["doubled"])
        return s

    def state_from_view(self, view, seed):
        s = self.state_from_json(view["view"], view["num_players"])
        s.rng.s = seed
        return s
