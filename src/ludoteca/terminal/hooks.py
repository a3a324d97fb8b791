"""The terminal hooks a game may give: the module its PLUGIN names as `terminal` (engine/plugin.py)
defines any subset of `TerminalHooks`; every one is optional, and the terminal does without it
(the view as data, a numbered menu, no referee words). `terminal_hook` is how the terminal asks,
and it asks only for the names below (tests/terminal check each game's module against them).

Conventions: `view_doc` is engine.documents.view_document (what one seat may see), `lang` "en" or
"es", `names` the players' names by seat; every text returned is in `lang`, in players' words.
"""

from __future__ import annotations

import inspect
from typing import Any, Sequence, Callable, Protocol


class TerminalHooks(Protocol):
    """A game's terminal module (each member optional)."""

    #: move codes as a Spanish table types them (notation's English code -> Spanish word)
    SPANISH_CODES: Any

    def render(self, view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> Any:
        """The board as a Rich renderable (it may also take `mono`: no colour to rely on)."""

    def render_compact(self, view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> Any:
        """A few lines for a small screen."""

    def render_minimal(self, view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> Any:
        """The fewest lines, where the others' turns need the room."""

    def first_player(self, view_doc: dict[str, Any]) -> int:
        """The seat that starts (said before the first turn)."""

    def chance_prompt(self, view_doc: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
        """Referee mode: whose roll or draw the chance node is."""

    def chance_words(self, view_doc: dict[str, Any]) -> dict[str, str]:
        """Referee mode: the words a person may type for an outcome -> its notation."""

    def chance_names(self, view_doc: dict[str, Any], lang: str, both: bool = False) -> list[str]:
        """Referee mode: the outcomes' names to offer (`both`: in both languages)."""

    def choice_menu(self, state: Any, legal: list[int], lang: str) -> list[tuple[str, str, Any]] | None:
        """A step-by-step menu of (label, words, next step or action), where the moves are too many."""

    def menu_words(self) -> dict[str, tuple[str, ...]]:
        """Other words a person may type for a label of the step-by-step menu."""

    def menu_map(self, state: Any, entries: list[tuple[str, str, Any]], lang: str) -> list[str]:
        """A map of the places a menu step offers."""

    def menu_missing(self, state: Any, lang: str) -> list[str]:
        """What the menu leaves out, each with the rule that keeps it out."""

    def confirm_reveal(self, state: Any, action: int, lang: str) -> str | None:
        """The question asked before a move that shows hidden cards for good (None: no question)."""

    def short_choice(self, label: str, description: str, lang: str) -> str:
        """A choice in a few characters where the screen is short."""

    def hint_lines(self, state: Any, lang: str) -> list[str]:
        """Hints for a learner about the current position (the `hint` command)."""

    def brief(self, event: dict[str, Any], lang: str, names: Sequence[str] | None = None) -> str | None:
        """An event told in a line short enough for 80x24 ("" leaves it untold; None: the game's
        whole telling, `tell_event`)."""


#: every hook's name: a game's terminal module defines any of these and nothing else by them
HOOKS: tuple[str, ...] = tuple(
    name for name, _ in inspect.getmembers(TerminalHooks, inspect.isfunction) if not name.startswith("_")
) + ("SPANISH_CODES",)


def hooks_module(game: Any) -> Any:
    """The game's terminal module (its PLUGIN's `terminal`), or None."""
    from ..engine.registry import plugin_of

    return plugin_of(game).terminal_module()


def terminal_hook(game: Any, name: str) -> Callable[..., Any] | Any | None:
    """The game's hook `name` (one of HOOKS; anything else is a programming error), or None."""
    if name not in HOOKS:
        raise ValueError(f"{name!r} is not a terminal hook (terminal/hooks.py: {', '.join(sorted(HOOKS))})")
    module = hooks_module(game)
    return getattr(module, name, None) if module is not None else None


__all__ = ["HOOKS", "TerminalHooks", "hooks_module", "terminal_hook"]
