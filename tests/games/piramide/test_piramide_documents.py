"""State documents round-trip, and corrupt ones are refused with a clear message."""

from __future__ import annotations

import json

import pytest

from ludoteca.engine import StateFormatError, make_game, state_from_document, state_to_document, view_document

G = make_game("piramide")


def doc():
    s = G.new_initial_state(3, 9)
    s.apply_text("draw regular")
    return s, state_to_document(s)


def test_round_trip_keeps_everything() -> None:
    s, d = doc()
    again = state_from_document(json.loads(json.dumps(d)))
    assert state_to_document(again) == d and again.key() == s.key()
    assert again.legal_actions() == s.legal_actions()


@pytest.mark.parametrize("corrupt,word", [
    (lambda b: b["hands"][0].append("R1"), "add up"),
    (lambda b: b["hands"][0].__setitem__(0, "Z9"), "not a card"),
    (lambda b: b.__setitem__("pyramid", b["pyramid"][:-1]), "levels"),
    (lambda b: b["turn"].__setitem__("phase", "dancing"), "turn.phase"),
    (lambda b: b["turn"].__setitem__("player", 7), "turn.player"),
    (lambda b: b["pyramid"][2].__setitem__(0, "R1"), "rest on two cards"),
    (lambda b: b["discards"]["regular"].append("EL1sol"), "wrong deck"),
    (lambda b: b["deck"].__setitem__("R1", "many"), "whole number"),
    (lambda b: b.__delitem__("scores"), "malformed"),
])
def test_corrupt_documents_are_refused(corrupt, word: str) -> None:
    _, d = doc()
    corrupt(d["state"])
    with pytest.raises(StateFormatError) as err:
        state_from_document(d)
    assert word in err.value.message.en


def test_corrupt_views_are_refused() -> None:
    s, _ = doc()
    v = view_document(s, 0)
    v["view"]["hand_sizes"][1] += 3
    with pytest.raises(StateFormatError):
        G.state_from_view(v, 1)
    v = view_document(s, 0)
    v["view"]["hand"] = v["view"]["hand"][:-1]
    with pytest.raises(StateFormatError):
        G.state_from_view(v, 1)
