"""Events: what an applied action caused, as data.

An event is a plain JSON object with a `type` in the game's own terms and the facts of
what happened, in seats (0-based) and the game's own coordinates:

    {"type": "pawn_bumped", "seat": 1, "pawn": 0, "from": 99, "to": 0, "by": 0}

Games produce them in `State.apply_with_events` (the engine's default applies the action
and reports it as one generic `action` event). Front ends never derive what happened from
two states: they render these events, told per viewer.

Hidden information: an event whose fields are not everyone's to see names the seats that
may see them in `seen_by` and the hidden fields in `secret`, e.g. a card drawn into a hand:

    {"type": "card_drawn", "seat": 2, "card": "R8luna", "seen_by": [2], "secret": ["card"]}

`event_for(event, seat)` is what `seat` (None: a spectator) is told: the secret fields are
dropped for anyone outside `seen_by`, and the bookkeeping fields are removed for everyone.
Games describe an event in words with `Game.tell_event(event, lang, names)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from .i18n import T

if TYPE_CHECKING:
    from .core import Game

Event = dict[str, Any]

#: bookkeeping keys, never shown to anyone
META_KEYS = ("seen_by", "secret")


def event_for(event: Event, seat: int | None) -> Event:
    """The event as `seat` may know it (None: a spectator)."""
    seen_by = event.get("seen_by")
    hidden = () if seen_by is None or (seat is not None and seat in seen_by) else event.get("secret", ())
    return {k: v for k, v in event.items() if k not in META_KEYS and k not in hidden}


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [event_for(e, seat) for e in events]


#: a seat whose player has no name, in words (move descriptions; the web names nameless people so too)
PLAYER_N = T("Player {n}", "Jugador {n}")


def seat_name(names: Sequence[str] | None, seat: Any, lang: str | None = None) -> str:
    """A seat as the table names it: the player's name, else "Player 2" / "Jugador 2" in `lang`
    (without a language, the short P1..Pn of records and notation; never the 0-based index)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
        if names is not None and seat < len(names) and names[seat]:
            return str(names[seat])
        return f"P{seat + 1}" if lang is None else PLAYER_N.get(lang).format(n=seat + 1)
    return str(seat)


def tell_events(game: "Game", events: Iterable[Event], seat: int | None, lang: str, names: Sequence[str] | None = None) -> list[str]:
    """The events as `seat` (None: a spectator) is told them, in words: what a log shows."""
    return [game.tell_event(e, lang, names) for e in events_for(events, seat)]
