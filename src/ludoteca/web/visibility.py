"""Who may read what in the move log.

A seat's view (`view_document`) is exact by construction; the move log is the other place
where hidden information could slip out (a drawn card described to everybody). The game
itself says how each action looks to each viewer: `State.describe_action_for(action, seat,
lang, names)` (None: a spectator), which games with hidden information override so that a card
drawn into another player's hand is told without naming it. Every viewer (each seat and the
spectators) reads exactly that line, nothing else: simple, the same for every game, and as
cheap as describing the move once per viewer.

`tests/web/test_web_leak.py` is the proof: it records every message of whole games and checks,
for every logged action, that no viewer's line tells apart two alternatives that would have
left that viewer the same view.
"""

from __future__ import annotations

from ..engine import CHANCE, State, T, Text

LANGS = ("en", "es")


def viewers(num_players: int) -> list[int | None]:
    return [*range(num_players), None]


def log_lines(state: State, action: int, name: Text | None, names: dict[str, list[str]] | None = None) -> dict[int | None, Text]:
    """What each viewer reads about `action`, about to be applied to `state`, prefixed with
    the mover's `name` in each language (chance moves have none); `names`: every seat's name in
    each language, as the sentences name seats. Viewers told the same line share one Text."""
    named = names or {}
    prefix = T("", "") if state.current_player() == CHANCE or name is None else T(f"{name.en}: ", f"{name.es}: ")
    full = prefix + T(*(state.describe_action(action, lg, names=named.get(lg)) for lg in LANGS))
    if type(state).describe_action_for is State.describe_action_for:  # the game tells everyone the same
        return {viewer: full for viewer in viewers(state.num_players)}
    lines: dict[int | None, Text] = {}
    shared: dict[tuple[str, str], Text] = {(full.en, full.es): full}
    for viewer in viewers(state.num_players):
        told = prefix + T(*(state.describe_action_for(action, viewer, lg, names=named.get(lg)) for lg in LANGS))
        lines[viewer] = shared.setdefault((told.en, told.es), told)
    return lines
