"""Who may read what in the move log.

A seat's view (`view_document`) is exact by construction; the move log is the other place
where hidden information could slip out (a drawn card described to everybody). For games
with perfect information every line is public. Otherwise a viewer (a seat, or None for
spectators) may read an action's description only when

1. the description is a function of what the viewer sees afterwards: every alternative
   (the other chance outcomes, or the acting player's other legal actions) that would leave
   the viewer the same view has the same description; and
2. for a player's action, the description does not depend on what the viewer could not see
   before: it reads the same in states rebuilt from the viewer's own view
   (`Game.state_from_view`, the determinisations bots use).

The acting player always reads their own action. Everyone else gets a neutral line.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine import CHANCE, State, T, Text, view_document

DETERMINISATIONS = 2


def _canon(doc: Any) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def viewers(num_players: int) -> list[int | None]:
    return [*range(num_players), None]


def who_sees(state: State, action: int, seed: int) -> set[int | None] | None:
    """The viewers allowed to read the description of `action` about to be applied to `state`
    (None means everybody)."""
    if state.game.perfect_information:
        return None
    player = state.current_player()
    alternatives = state.legal_actions()
    texts = {a: state.describe_action(a, "en") for a in alternatives}
    after: dict[int, State] = {}
    for a in alternatives:
        child = state.clone()
        child.apply_legal(a)
        after[a] = child
    allowed: set[int | None] = set()
    for viewer in viewers(state.num_players):
        if viewer == player:
            allowed.add(viewer)
            continue
        mine = _canon(after[action].view(viewer))
        same_view = [a for a in alternatives if a == action or _canon(after[a].view(viewer)) == mine]
        if any(texts[a] != texts[action] for a in same_view):
            continue
        if player != CHANCE and not _description_known(state, action, viewer, seed, texts[action]):
            continue
        allowed.add(viewer)
    return allowed


def _description_known(state: State, action: int, viewer: int | None, seed: int, text: str) -> bool:
    doc = view_document(state, viewer)
    for k in range(DETERMINISATIONS):
        try:
            guess = state.game.state_from_view(doc, seed + k)
        except Exception:
            if viewer is None:  # a game that rebuilds no spectator world: a spectator knows less than any seat
                return all(
                    _description_known(state, action, seat, seed, text)
                    for seat in range(state.num_players)
                    if seat != state.current_player()
                )
            return False
        try:
            if guess.describe_action(action, "en") != text:
                return False
        except Exception:  # an action that means nothing in the guessed world tells too much
            return False
    return True


def hidden_text(player: int | str, name: str) -> Text:
    if player == "chance":
        return T("Chance: something you cannot see happens.", "Azar: ocurre algo que no puedes ver.")
    return T(f"{name} makes a move you cannot see.", f"{name} hace una jugada que no puedes ver.")
