"""Prime Climb's move descriptions name the other seats as the table does (its `names`, in the
language asked), "Player 2" / "Jugador 2" where it names none, never the notation's "P2"; the notation
itself is unchanged."""

from __future__ import annotations

import pytest

from ludoteca.engine import make_game
from ludoteca.games.prime_climb.state import state_from_body


def position(phase: str, card: str | None, keepers: list[dict[str, int]]):
    """Ana (seat 0) with `card` in play in `phase`; Bea (seat 1) and the third seat hold `keepers`."""
    game = make_game("prime_climb")
    body = game.new_initial_state(3, 1).to_json()
    body.update(turn=0, phase=phase, card=card, pawns=[[12, 30], [8, 20], [5, 40]], keepers=keepers)
    for held in keepers:
        for name in held:
            body["deck"][name] -= 1
    if card:
        body["deck"][card] -= 1
    return state_from_body(game, body, 3)


@pytest.mark.parametrize("names, lang, said", [
    (["Ana", "Bea", "Medio 3"], "es", ["robar el Guardián ±4 a Bea", "robar el Guardián Golpe a Medio 3"]),
    (["Ana", "Bea", "Medium 3"], "en", ["steal the Keeper ±4 from Bea", "steal the Keeper Bump from Medium 3"]),
    (None, "en", ["steal the Keeper ±4 from Player 2", "steal the Keeper Bump from Player 3"]),
    (None, "es", ["robar el Guardián ±4 a Jugador 2", "robar el Guardián Golpe a Jugador 3"]),
])
def test_a_steal_names_the_seat_it_robs(names, lang, said):
    state = position("steal", "steal", [{}, {"+-4": 1}, {"bump": 1}])
    legal = state.legal_actions()
    texts = [state.describe_action(a, lang, names=names) for a in legal]
    assert sorted(texts) == sorted(said), texts
    assert sorted(state.action_to_string(a) for a in legal) == ["steal P2 +-4", "steal P3 bump"]  # notation unchanged


def test_curse_and_bump_name_their_targets_in_both_languages():
    state = position("move", None, [{"curse": 1, "bump": 1}, {}, {}])
    legal = state.legal_actions()
    for lang, names, who in (("en", ["Ana", "Bea", "Easy 3"], ("Bea", "Easy 3")), ("es", None, ("Jugador 2", "Jugador 3"))):
        texts = " | ".join(state.describe_action(a, lang, names=names) for a in legal)
        assert all(w in texts for w in who), texts
        assert "P2" not in texts and "P3" not in texts, texts
