"""The engine protocol: a Game (rules + options) and its States.

The engine knows nothing of any particular game. A game package subclasses `Game`
and `State`; everything else (command line, terminal, web, bots, simulation, RL
adapters) talks only to this protocol.

Conventions, after OpenSpiel:
- actions are small non-negative integers, unique within the game (`Game.num_distinct_actions`);
  each has a canonical text notation printed and parsed by the state;
- `current_player()` is a seat (0..n-1), CHANCE or TERMINAL;
- at a chance node `chance_outcomes()` lists (action, probability) and `legal_actions()`
  lists the same actions; `sample_chance()` draws one from the state's own seeded stream;
- a turn may be several decisions by the same player (one die, then the next);
- `apply_action` validates and raises IllegalActionError leaving the state untouched;
  `apply_legal` is the unchecked fast path for callers that took the action from
  `legal_actions()` (playouts, search).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Hashable, Sequence

from .errors import IllegalActionError, NotationError, OptionError, StateFormatError
from .i18n import T, Text
from .options import OptionSet, shown
from .rng import Rng, pick

CHANCE = -1
TERMINAL = -4


class Game:
    """A game with its rules options resolved. Immutable; makes states."""

    name: ClassVar[str]
    title: ClassVar[Text]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    OPTIONS: ClassVar[OptionSet] = OptionSet()
    perfect_information: ClassVar[bool] = True
    #: short description per language, shown by `ludoteca games`
    blurb: ClassVar[Text] = T("", "")

    def __init__(self, options: dict[str, Any] | None = None):
        self.options: dict[str, Any] = self.OPTIONS.resolve(options, self.name)

    # --- construction -----------------------------------------------------------------
    def check_players(self, num_players: int | None) -> int:
        n = self.default_players if num_players is None else num_players
        title = getattr(self, "title", None)  # the game as players call it, not its id
        en, es = (title.en, title.es) if title is not None else (self.name, self.name)
        if not isinstance(n, int) or not self.min_players <= n <= self.allowed_max_players():
            raise OptionError(
                T(
                    f"{en} is played by {self.allowed_min_players()} to {self.allowed_max_players()} players, not {shown(num_players)}",
                    f"{es} se juega con {self.allowed_min_players()} a {self.allowed_max_players()} jugadores, no {shown(num_players)}",
                )
            )
        if n < self.allowed_min_players():
            raise OptionError(
                T(
                    f"{en} needs at least {self.allowed_min_players()} players with these options",
                    f"{es} necesita al menos {self.allowed_min_players()} jugadores con estas opciones",
                )
            )
        return n

    def allowed_min_players(self) -> int:
        """Options may narrow the range (Mazmorra allows 2 only by option)."""
        return self.min_players

    def allowed_max_players(self) -> int:
        return self.max_players

    def new_initial_state(self, num_players: int | None = None, seed: int = 0) -> "State":
        """A fresh game. The same (options, players, seed) always gives the same game."""
        raise NotImplementedError

    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action space (player actions and chance outcomes)."""
        raise NotImplementedError

    # --- serialisation ----------------------------------------------------------------
    def state_from_json(self, body: dict[str, Any], num_players: int) -> "State":
        raise NotImplementedError

    def state_from_view(self, view: dict[str, Any], seed: int) -> "State":
        """A full state consistent with a seat's view document (`documents.view_document`:
        num_players, seat, and the game's own `view` body). For hidden-information games the
        unseen cards re-dealt at random from what that seat cannot see). Bots build their
        search states this way, so they never touch the true state."""
        raise NotImplementedError

    def determiniser(self, view: dict[str, Any]) -> Callable[[int], "State"]:
        """`seed -> state_from_view(view, seed)` for many seeds of one view (ISMCTS asks for one
        determinisation per iteration). Games may check and parse the view once here; every
        call must give exactly what `state_from_view` gives for that seed."""
        return lambda seed: self.state_from_view(view, seed)

    # --- presentation hooks (lazily imported so the rules never import front ends) ----
    def rules_text(self, lang: str) -> str:
        """The game's rules summary in Markdown (a data file of the game package)."""
        import importlib.resources as res

        package = type(self).__module__.rsplit(".", 1)[0]
        try:
            return res.files(package).joinpath(f"rules_{lang}.md").read_text(encoding="utf-8")
        except FileNotFoundError:
            return res.files(package).joinpath("rules_en.md").read_text(encoding="utf-8")

    def terminal_renderer(self) -> Callable[[dict[str, Any], str], Any] | None:
        """`render(view, lang)` returning a Rich renderable: the `render` hook of the module its
        PLUGIN names as `terminal` (terminal/hooks.py)."""
        from .registry import plugin_of

        module = plugin_of(self).terminal_module()
        return getattr(module, "render", None) if module is not None else None

    def tell_event(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str:
        """One event (`engine.events`, already told per viewer) in words, with the players'
        names (`names[seat]`; "Player 2" / "Jugador 2" where absent). Games override it for their own event
        types; this default tells the generic `action` event and any other by its type."""
        from .events import seat_name

        if event.get("type") == "action":
            who = event.get("player")
            label = T("chance", "azar").get(lang) if who == "chance" else seat_name(names, who, lang)
            hidden = T("a hidden outcome", "un resultado oculto") if who == "chance" else T("a hidden move", "una jugada oculta")
            return f"{label}: {event.get('text') or event.get('action') or hidden.get(lang)}"
        return str(event.get("type"))

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title.to_json(),
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "perfect_information": self.perfect_information,
            "options": [o.describe() for o in self.OPTIONS.options],
        }


class State:
    """One position of a game. Mutable; `clone()` before exploring.

    Pickling (multiprocessing, Ray) sends the game's name and options and the state's own fields;
    the game is looked up again on load (`registry.cached_game`: one game object per name and
    options in a process). Fields in `GAME_FIELDS` hold the game's own precomputed objects (move
    tables): they are not sent, and `relink()` attaches them again from the game."""

    __slots__ = ("game", "num_players", "rng")

    #: slots holding objects that belong to the game (restored by `relink`, never pickled)
    GAME_FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, num_players: int, seed: int):
        self.game = game
        self.num_players = num_players
        self.rng = Rng(seed)

    # --- whose decision ---------------------------------------------------------------
    def current_player(self) -> int:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # --- actions ----------------------------------------------------------------------
    def legal_actions(self) -> list[int]:
        """Player actions, or at a chance node the outcomes' actions."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    def sample_chance(self) -> int:
        """One chance outcome drawn from this state's own seeded stream.

        Sampling only peeks at the stream; applying a chance outcome (sampled, typed by
        a person or read from a record) is what advances it, so a replayed record ends
        in exactly the same state, random stream included. Games therefore call
        `self.rng.next64()` when `apply_legal` applies a chance outcome."""
        return Rng(self.rng.s).weighted(self.chance_outcomes())

    def chance_at(self, r: float) -> int:
        """The outcome `Rng.weighted` picks from `chance_outcomes()` for the uniform draw `r` in
        [0, 1): the same pick, by the same sums of the same floats. A game may answer it without
        building the list (a search's random playouts draw chance this way)."""
        return pick(self.chance_outcomes(), r)

    def apply_legal(self, action: int) -> None:
        """Apply an action known to be legal (no validation: the hot path)."""
        raise NotImplementedError

    def apply_action(self, action: int) -> None:
        """Apply an action after checking it; an illegal one raises and changes nothing."""
        if self.current_player() == TERMINAL:
            raise IllegalActionError(T("the game is over: no more actions", "la partida terminó: no hay más acciones"))
        if type(action) is not int:  # True == 1 and 2.0 == 2: neither is an action, nor an int subclass
            shown = _shown(action)
            raise IllegalActionError(T(f"an action is a whole number, not {shown}", f"una acción es un número entero, no {shown}"))
        if action not in self.legal_actions():
            if not 0 <= action < self.game.num_distinct_actions():
                shown = _shown(action)
                raise IllegalActionError(T(f"{shown} is not an action of this game", f"{shown} no es una acción de este juego"))
            try:
                name = self.action_to_string(action)
            except Exception:  # a game may leave some numbers of its action space unnamed
                name = repr(action)
            try:
                why = self.why_illegal(action)
            except Exception:  # the explanation is optional: no hostile integer may turn it into a crash
                why = T("", "")
            raise IllegalActionError(T(f"illegal action {name!r} here", f"acción ilegal {name!r} aquí") + why)
        self.apply_legal(action)

    def apply_with_events(self, action: int) -> list[dict[str, Any]]:
        """Apply a checked action (as `apply_action`) and return the events it caused, as
        JSON data with every seat's details (`engine.events.event_for` tells them per seat).
        Games override it to report what happened in their own terms; this default reports
        one generic `action` event. Not for hot paths: playouts use `apply_legal`."""
        player = self.current_player()
        text = self.action_to_string(action) if isinstance(action, int) and not isinstance(action, bool) and action in self.legal_actions() else None
        self.apply_action(action)
        event: dict[str, Any] = {"type": "action", "player": "chance" if player == CHANCE else player, "action": text}
        if not self.game.perfect_information:  # the notation may name a hidden card
            event["seen_by"], event["secret"] = ([player] if player >= 0 else []), ["action"]
        return [event]

    def why_illegal(self, action: int) -> Text:
        """Optional reason appended to the illegal-action message (a game may explain)."""
        return T("", "")

    def apply_text(self, text: str) -> int:
        """Parse an action in notation and apply it; returns the action."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    # --- results ----------------------------------------------------------------------
    def winners(self) -> list[int]:
        raise NotImplementedError

    def returns(self) -> list[float]:
        """1/k for each of k winners, 0 for the others; all zeros before the end."""
        out = [0.0] * self.num_players
        if self.is_terminal():
            winners = self.winners()
            for seat in winners:
                out[seat] = 1.0 / len(winners)
        return out

    def scores(self) -> list[float] | None:
        """Game points per seat where the game keeps a score (None where it does not)."""
        return None

    # --- notation ---------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        raise NotImplementedError

    def string_to_action(self, text: str) -> int:
        """Parse notation; a text that names no legal action of this state raises NotationError."""
        if not isinstance(text, str):
            raise NotationError(T("an action must be text", "una acción debe ser texto"))
        wanted = " ".join(text.split()).lower()
        for action in self.legal_actions():
            if self.action_to_string(action).lower() == wanted:
                return action
        raise NotationError(
            T(f"{text!r} is not a legal action here", f"{text!r} no es una acción legal aquí")
        )

    def action_fields(self, action: int) -> dict[str, Any] | None:
        """A legal action's parts as data (its kind, the card, the place...), sent to the front
        ends with the legal moves so that they never re-read the notation; None where the game
        gives none (a front end then keeps to the notation as a whole)."""
        return None

    def describe_action(self, action: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A sentence a person understands; defaults to the notation. `names`: each seat's name as
        the front end shows it, in `lang`; a seat it does not name is "Player 2" / "Jugador 2"
        (`events.seat_name(names, seat, lang)`, which every game's sentences use)."""
        return self.action_to_string(action)

    def describe_action_for(self, action: int, seat: int | None, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """How `action`, about to be applied, looks to `seat` (None: a spectator). Games with
        hidden information override it so that a card drawn into another player's hand is
        told as "Ana draws a card", never by name. Front ends show logs only through this."""
        return self.describe_action(action, lang, names)

    # --- information ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know, as JSON-ready data (None: a spectator's public view)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The full state body (everything, hidden parts included)."""
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def key(self) -> Hashable:
        """A hashable summary equal for equal positions (transpositions in search)."""
        return repr(self.to_json())

    def evaluate(self, seat: int) -> float:
        """Heuristic value of the position for `seat`, in [0, 1] (documented per game);
        the greedy bot maximises it over the outcomes of its own turn."""
        return self.returns()[seat] if self.is_terminal() else 0.5

    def evaluate_all(self) -> list[float]:
        """`evaluate(seat)` for every seat, in seat order: what the search reads at a leaf. Games
        whose heuristic shares work between seats (every player's progress) override it to do
        that work once; the values must equal the per-seat ones exactly."""
        return [self.evaluate(seat) for seat in range(self.num_players)]

    def is_undo_barrier(self, action: int) -> bool:
        """True when applying `action` reveals something (a face-down card), so it may never be undone."""
        return False

    def __str__(self) -> str:
        import json

        return json.dumps(self.to_json(), sort_keys=True)

    # --- pickling ---------------------------------------------------------------------
    def relink(self) -> None:
        """Attach the `GAME_FIELDS` from `self.game` again (after unpickling)."""

    def __reduce__(self):
        skip = set(self.GAME_FIELDS)
        skip.add("game")
        fields = {}
        for cls in type(self).__mro__:
            for name in cls.__dict__.get("__slots__", ()):
                if name not in skip and name not in fields and hasattr(self, name):
                    fields[name] = getattr(self, name)
        game = self.game
        from .registry import game_ref

        return _restore_state, (game_ref(game), type(self), fields)


def _restore_state(game_ref: Any, cls: type, fields: dict[str, Any]) -> State:
    from .registry import game_from_ref

    state = cls.__new__(cls)
    state.game = game_from_ref(game_ref)
    for name, value in fields.items():
        setattr(state, name, value)
    state.relink()
    return state


def _shown(value: Any) -> str:
    """A short, safe rendering of whatever was passed as an action (an int of 5,000 digits has no repr)."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"<int of {value.bit_length()} bits>"
    try:
        return repr(value)[:60]
    except Exception:
        return type(value).__name__


def check_fields(doc: Any, fields: Sequence[str], what: str) -> None:
    """Raise StateFormatError when `doc` is not a dict holding `fields`."""
    if not isinstance(doc, dict):
        raise StateFormatError(T(f"{what} must be a JSON object", f"{what} debe ser un objeto JSON"))
    missing = [f for f in fields if f not in doc]
    if missing:
        raise StateFormatError(
            T(f"{what} lacks the field(s) {', '.join(missing)}", f"a {what} le falta(n) el/los campo(s) {', '.join(missing)}")
        )
