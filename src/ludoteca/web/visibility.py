"""Who may read what in the move log.

A seat's view (`view_document`) is exact by construction; the move log is the other place
where hidden information could slip out (a drawn card described to everybody). A game may
decide itself by giving its states `log_visible(action, viewer) -> bool`. Otherwise, for
games with perfect information every line is public, and for the others a viewer (a seat,
or None for spectators) may read an action's description only when

1. the acting player is the viewer (a person always reads their own move), or
2. the description is a function of what the viewer sees afterwards: every alternative the
   true position offered (the other chance outcomes, or the player's other legal actions)
   that would leave the viewer the same view reads the same; a chance event with a single
   possible outcome is never described (which card is the last one is itself a secret); and
3. the same holds in positions rebuilt from the viewer's own view before the action
   (`Game.state_from_view`, the determinisations bots use): whatever else could have been
   in the hidden places, an alternative that looks the same to the viewer reads the same.

When in doubt the line is hidden: everyone else gets a neutral line.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine import CHANCE, State, T, Text, view_document

DETERMINISATIONS = 3


def _canon(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def viewers(num_players: int) -> list[int | None]:
    return [*range(num_players), None]


def who_sees(state: State, action: int, seed: int) -> set[int | None] | None:
    """The viewers allowed to read the description of `action` about to be applied to `state`
    (None means everybody)."""
    hook = getattr(state, "log_visible", None)
    if hook is not None:
        return {v for v in viewers(state.num_players) if hook(action, v)}
    if state.game.perfect_information:
        return None
    player = state.current_player()
    alternatives = state.legal_actions()
    text = state.describe_action(action, "en")
    after = state.clone()
    after.apply_legal(action)
    allowed: set[int | None] = set()
    for viewer in viewers(state.num_players):
        if viewer == player:
            allowed.add(viewer)
            continue
        if player == CHANCE and len(alternatives) < 2:
            continue
        seen = _canon(after.view(viewer))
        worlds = [state] + _worlds(state, viewer, seed)
        if all(_reads_the_same(w, viewer, seen, text) for w in worlds):
            allowed.add(viewer)
    return allowed


def _worlds(state: State, viewer: int | None, seed: int) -> list[State]:
    """Positions consistent with what the viewer saw before the action. A spectator's worlds
    are those of every seat (a spectator knows less than any of them)."""
    seats = [viewer] if viewer is not None else list(range(state.num_players))
    out = []
    for seat in seats:
        doc = view_document(state, seat)
        for k in range(DETERMINISATIONS):
            try:
                out.append(state.game.state_from_view(doc, seed + 7919 * k + seat))
            except Exception:  # a game that cannot rebuild a world: stay on the safe side
                return [_Unknowable()]
    return out


class _Unknowable:
    pass


def _reads_the_same(world: Any, viewer: int | None, seen: str, text: str) -> bool:
    """In `world`, every move that would show the viewer `seen` is described as `text`."""
    if isinstance(world, _Unknowable):
        return False
    try:
        for alt in world.legal_actions():
            child = world.clone()
            child.apply_legal(alt)
            if _canon(child.view(viewer)) == seen and world.describe_action(alt, "en") != text:
                return False
    except Exception:
        return False
    return True


def hidden_text(player: int | str, name: str) -> Text:
    if player == "chance":
        return T("Chance: something you cannot see happens.", "Azar: ocurre algo que no puedes ver.")
    return T(f"{name} makes a move you cannot see.", f"{name} hace una jugada que no puedes ver.")
