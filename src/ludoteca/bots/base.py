"""The bot protocol and registry."""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from ..engine import Game, LudotecaError, T, Text
from ..engine.rng import Rng


class Bot:
    """A seated program. It is given views, never the state. `KINDS` names the parameters it takes
    and what each may be (check_params: "count", "share", ...; "?" where None is allowed too):
    anything else is refused when it is built, in one line."""

    name: ClassVar[str] = "bot"
    label: ClassVar[str] = ""  # how its errors name it, when not by `name`
    KINDS: ClassVar[dict[str, str | tuple[str, ...]]] = {}

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        check_params(self.label or self.name, params, self.KINDS)
        self.game = game
        self.seat = seat
        self.rng = Rng(seed)
        self.params = params

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        raise NotImplementedError


# what a parameter may be (check_params): a kind, and "?" after it where None is also allowed
_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "count": (lambda v: _whole(v) and v >= 1, "a whole number of at least 1"),
    "count0": (lambda v: _whole(v) and v >= 0, "a whole number of at least 0"),
    "number": (lambda v: _real(v) and v >= 0, "a number of at least 0"),
    "positive": (lambda v: _real(v) and v > 0, "a number above 0"),
    "share": (lambda v: _real(v) and 0 <= v <= 1, "a number from 0 to 1"),
    "name": (lambda v: isinstance(v, str), "a name (text)"),
    "flag": (lambda v: isinstance(v, bool), "true or false"),
}


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _real(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


def check_params(bot: str, params: dict[str, Any], kinds: dict[str, str | tuple[str, ...]]) -> None:
    """A bot's parameters as given: every name known and every value of its kind (a kind of _KINDS,
    or a tuple of the names allowed), or a TypeError
    naming the first wrong one in one line (a value from a script or a file is input like any other)."""
    unknown = set(params) - set(kinds)
    if unknown:
        raise TypeError(f"unknown {bot} parameter(s): {', '.join(sorted(unknown))}")
    for key, value in params.items():
        kind = kinds[key]
        if isinstance(kind, tuple):  # one of these names
            if value not in kind:
                raise TypeError(f"{bot} parameter {key!r} must be one of {', '.join(kind)}, not {value!r}")
            continue
        if value is None and kind.endswith("?"):
            continue
        ok, what = _KINDS[kind.rstrip("?")]
        if not ok(value):
            none = " or null" if kind.endswith("?") else ""
            raise TypeError(f"{bot} parameter {key!r} must be {what}{none}, not {value!r}")


BOTS: dict[str, Callable[..., Bot]] = {}
#: each bot as people call it, in both languages (the lobby's words; levels.LABELS is this dict)
WORDS: dict[str, Text] = {}
#: the bots people are offered first where a game can seat them (levels.OFFERED_FIRST is this list)
OFFERED: list[str] = []


def register_bot(name: str, factory: Callable[..., Bot], words: Text | None = None,
                 offered_first: bool = False) -> None:
    """Make `name` a bot (`factory(game, seat, seed, **params)`), with its words for people and
    whether the lobby offers it first (after the levels) where a game can seat it."""
    BOTS[name] = factory
    if words is not None:
        WORDS[name] = words
    if offered_first and name not in OFFERED:
        OFFERED.append(name)


def load_game_bots(game: Game | None = None) -> None:
    """Import the bot modules the games declare (their PLUGIN's `bot_modules`), each registering its
    bots: every registered game's, or `game`'s alone (a game registered after the bots loaded)."""
    import importlib

    from ..engine.registry import game_names, plugin_of

    for plugin in ([plugin_of(game)] if game is not None else [plugin_of(name) for name in game_names()]):
        for module in plugin.bot_modules:
            importlib.import_module(module)


def bot_names() -> list[str]:
    return list(BOTS)


def seat_refusal(name: str, game: Game, num_players: int) -> T | None:
    """Why the bot `name` cannot play a seat of `game` (built with its options) among `num_players`,
    or None. A bot refuses by failing to build for the game (the perfect bot off its variant, a
    one-game bot elsewhere), or by its factory's `refuse_seat(game, num_players)` for what only the
    player count decides. Asked before a room exists, so no room starts with a bot that cannot play."""
    if name not in BOTS:
        load_game_bots(game)
    factory = BOTS.get(name)
    if factory is None:
        return T(f"unknown bot {name!r}", f"bot desconocido {name!r}")
    refuse = getattr(factory, "refuse_seat", None)
    said = refuse(game, num_players) if refuse is not None else None
    if said is not None:
        return said
    try:
        factory(game, 0, 0)
    except LudotecaError as exc:
        return exc.message
    except (TypeError, ValueError) as exc:
        return T(str(exc).splitlines()[0] if str(exc) else name, str(exc).splitlines()[0] if str(exc) else name)
    return None


def make_bot(name: str, game: Game, seat: int, seed: int = 0, **params: Any) -> Bot:
    """Build the bot `name`; keyword parameters go to its constructor (MCTS budgets, ...)."""
    if name not in BOTS:
        load_game_bots(game)
    if name not in BOTS:
        raise LudotecaError(T(
            f"unknown bot {name!r} (bots: {', '.join(BOTS)})",
            f"bot desconocido {name!r} (bots: {', '.join(BOTS)})",
        ))
    return BOTS[name](game, seat, seed, **params)
