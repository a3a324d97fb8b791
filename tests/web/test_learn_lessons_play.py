"""Every game's lessons and drawn rulebook examples, played by the server alone (no browser): each
step's move is legal where it is asked for, each lesson ends done with what it teaches on the table,
a move the step does not ask for changes nothing, and each example's moves are legal in its position."""

from __future__ import annotations

import pytest

from ludoteca.engine import game_names, make_game
from ludoteca.web.learn import examples, lesson_answer, tutorial_of
from ludoteca.web.rooms import RoomError

GAMES = [g for g in ("prime-climb", "aggravation", "piramide", "mazmorra") if g in game_names()]
# what the last move of some lessons leaves on the table (the game's own rules, not the lesson's words)
TAUGHT = {
    ("piramide", 1): lambda v: v["scores"][0] == 3,  # a 5 on level 3: min(5, 3)
    ("piramide", 2): lambda v: v["scores"][0] == 6,  # an edge: 3 x 2
    ("piramide", 3): lambda v: v["scores"][0] == 4,  # level 2, and two matching symbols
    ("piramide", 0): lambda v: len(v["hand"]) == 5,  # the hand limit
    ("mazmorra", 2): lambda v: v["counters"][0] == 1,  # two beaten cards
    ("mazmorra", 3): lambda v: v["counters"][0] == 1,  # the colour of the room
    ("mazmorra", 4): lambda v: len(v["hand"]) == 2,  # one played, one taken from the market
    ("mazmorra", 5): lambda v: v["distances"][0] == 0,  # out by the EXIT
}


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_completes_step_by_step(game):
    lessons = tutorial_of(game).LESSONS
    for k, plan in enumerate(lessons):
        taken: list[str] = []
        for i, step in enumerate(plan["steps"]):
            got = lesson_answer(game, k, taken, "en")
            assert got["step"] == i and not got["done"] and got["say"] == step["say"].to_json()
            assert step["expect"] in [m["action"] for m in got["legal"]], (game, k, step["expect"])
            taken.append(step["expect"])
        got = lesson_answer(game, k, taken, "es")
        assert got["done"] and got["wrong"] is None and got["say"] == plan["done"].to_json() and got["legal"] == []
        check = TAUGHT.get((game, k))
        assert check is None or check(got["view"]["view"]), (game, k, got["view"]["view"])


@pytest.mark.parametrize("game", GAMES)
def test_a_tap_not_asked_for_changes_nothing(game):
    tutorial, tried = tutorial_of(game), 0
    for k, plan in enumerate(tutorial.LESSONS):  # each lesson's first step, where another move is legal
        step = plan["steps"][0]
        state = tutorial.position(make_game(game, plan.get("options", getattr(tutorial, "OPTIONS", {}))), plan)
        first = lesson_answer(game, k, [], "en")
        accept = step.get("accept") or (lambda _state, _move: False)
        other = next((m["action"] for m in first["legal"] if m["action"] != step["expect"] and not accept(state, m["action"])), None)
        for move, opening in ((other, "That move is allowed in a game"), ("nonsense 99", "That move is not possible here")):
            if move is None:
                continue
            got = lesson_answer(game, k, [move], "en")
            assert got["step"] == 0 and got["taken"] == [] and got["view"] == first["view"]
            assert got["wrong"]["en"].startswith(opening) and got["wrong"]["en"].endswith(step["say"].to_json()["en"])
            tried += 1
    assert tried > len(tutorial.LESSONS)
    with pytest.raises(RoomError):
        lesson_answer(game, len(tutorial_of(game).LESSONS), [], "en")


@pytest.mark.parametrize("game", GAMES)
def test_every_worked_example_is_drawn_from_a_real_position(game):
    drawn = examples(game)
    assert len(drawn) == len(tutorial_of(game).EXAMPLES) >= 3
    for example, spec in zip(drawn, tutorial_of(game).EXAMPLES):
        assert example["caption"] == spec["caption"].to_json()
        assert len(example["events"]) == len(spec["moves"]) and all(e["events"] for e in example["events"])
        assert example["view"]["view"]


def test_mazmorra_scoring_example_is_the_rulebook_s():
    """0, 3, 6 and 7 rooms from the EXIT, as the rulebook's red, yellow, blue and purple pawns."""
    scoring = examples("mazmorra")[-1]["view"]["view"]
    assert scoring["distances"] == [0, 3, 6, 7]
