"""Documents load only when consistent (issue 13 §3, §4): the cases found by hand, through the
loader and through the command line, each refused with one line that names what is wrong."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import (
    GameRecord,
    Match,
    RecordError,
    StateFormatError,
    make_game,
    state_from_document,
    state_to_document,
)
from ludoteca.engine.documents import check_consistent, state_from_view_document
from ludoteca.engine.rng import Rng
from ludoteca.engine.schema import MAX_DEPTH, parse_json

runner = CliRunner()


def reach(name: str, wanted, options=None, players=None, seeds=range(40)):
    """The document of the first position of seeded random games where `wanted(state)` holds."""
    game = make_game(name, options)
    for seed in seeds:
        state = game.new_initial_state(players, seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if wanted(state):
                return json.loads(json.dumps(state_to_document(state)))
            legal = state.legal_actions()
            state.apply_action(state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))])
        if wanted(state):
            return json.loads(json.dumps(state_to_document(state)))
    raise AssertionError("no such position")


def refused(doc, *words):
    with pytest.raises(StateFormatError) as info:
        state_from_document(doc)
    text = str(info.value)
    assert "\n" not in text and all(w in text for w in words), text
    return text


# --- §4: impossible states -------------------------------------------------------------------

def test_mazmorra_move_phase_without_a_walk_is_refused():
    from ludoteca.games.mazmorra.state import TAKE

    doc = reach("mazmorra", lambda s: s.phase == TAKE and s.played >= 0, {"market_face_up": True})
    state_from_document(doc)
    doc["state"]["phase"] = "move"  # the walk already happened: at most one way on from here
    refused(doc)
    start = reach("mazmorra", lambda s: True)
    start["state"].update(phase="move", played=start["state"]["hands"][0][0])
    refused(start)


def test_mazmorra_move_with_a_single_walk_is_never_asked():
    from ludoteca.games.mazmorra.state import MOVE

    doc = reach("mazmorra", lambda s: s.phase == MOVE)
    state = state_from_document(doc)
    assert len(state.legal_actions()) >= 2


def test_mazmorra_refill_needs_the_emptied_slot():
    from ludoteca.games.mazmorra.state import REFILL

    doc = reach("mazmorra", lambda s: s.phase == REFILL, {"market_face_up": True})
    state_from_document(doc)
    for slot in (-1, (doc["state"]["slot"] + 1) % 4):
        bad = json.loads(json.dumps(doc))
        bad["state"]["slot"] = slot
        refused(bad)


def test_hand_sizes_must_fit_the_phase():
    doc = reach("mazmorra", lambda s: s.phase == 0 and s.turn == 1)
    card = doc["state"]["hands"][0].pop()
    doc["state"]["discards"].append(card)  # every card still somewhere once: only the sizes are wrong
    doc["state"]["hand_sizes"][0] -= 1
    refused(doc, "hands hold")
    from ludoteca.games.piramide.deck import REGULAR
    from ludoteca.games.piramide.state import HAND_LIMIT, START

    deck = make_game("piramide").deck
    regular = {deck.type_label[t] for t in range(deck.num_types) if deck.type_kind[t] == REGULAR}
    pyr = reach("piramide", lambda s: s.phase == START and s.cur == 1)
    state_from_document(pyr)
    body = pyr["state"]
    waiting = body["hands"][0]
    while len(waiting) <= HAND_LIMIT:  # cards move from the deck into a waiting player's hand
        label = next(k for k, v in body["deck"].items() if v and k in regular)
        body["deck"][label] -= 1
        body["deck_sizes"]["regular"] -= 1
        waiting.append(label)
    body["hand_sizes"][0] = len(waiting)
    refused(pyr, "more than 5 cards")


def test_prime_climb_over_needs_a_winner_home():
    doc = reach("prime-climb", lambda s: True)
    doc["state"].update(phase="over", winner=0, dice=[])
    refused(doc, "101")


def test_piramide_over_needs_an_end_condition():
    doc = reach("piramide", lambda s: True)
    doc["state"]["turn"]["phase"] = "over"
    refused(doc, "apex")


def test_a_live_state_without_legal_actions_is_refused(monkeypatch):
    from ludoteca.games.aggravation.state import AggravationState

    state = make_game("aggravation").new_initial_state(2, 1)
    monkeypatch.setattr(AggravationState, "legal_actions", lambda self: [])
    with pytest.raises(StateFormatError, match="no legal action"):
        check_consistent(state)


def test_a_finished_state_without_winners_is_refused(monkeypatch):
    from ludoteca.games.aggravation.state import AggravationState

    state = make_game("aggravation").new_initial_state(2, 1)
    monkeypatch.setattr(AggravationState, "current_player", lambda self: -4)
    monkeypatch.setattr(AggravationState, "winners", lambda self: [])
    with pytest.raises(StateFormatError, match="no winner"):
        check_consistent(state)


def test_a_state_leading_to_an_unloadable_one_is_refused(monkeypatch):
    """The generic guard behind 'whatever apply writes loads again': successors are loaded too."""
    from ludoteca.games.aggravation import state as agg

    state = make_game("aggravation").new_initial_state(2, 1)
    original = agg.AggravationState.apply_legal

    def broken(self, action):
        original(self, action)
        self.turn = 9  # a successor no loader accepts

    monkeypatch.setattr(agg.AggravationState, "apply_legal", broken)
    with pytest.raises(StateFormatError, match="leads nowhere"):
        check_consistent(state)


def test_every_reachable_position_loads():
    """The checks refuse no position the rules reach (every game, every decision kind)."""
    for name, options in (("prime-climb", None), ("aggravation", None), ("piramide", None), ("mazmorra", None),
                          ("mazmorra", {"market_face_up": True})):
        game = make_game(name, options)
        state = game.new_initial_state(None, 3)
        rng = Rng(3)
        while True:
            state_from_document(json.loads(json.dumps(state_to_document(state))))
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(state.sample_chance() if state.is_chance_node() else legal[rng.below(len(legal))])


# --- §3: headers, JSON, views -------------------------------------------------------------------

def test_parse_json_bounds():
    assert parse_json('{"a": [1, 2.5, "x"]}', StateFormatError) == {"a": [1, 2.5, "x"]}
    for text in ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "9" * 401, "[Infinity]", "1e400"):
        with pytest.raises(StateFormatError):
            parse_json(text, StateFormatError)
    parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, StateFormatError)


def test_view_documents_are_checked_then_rebuilt():
    from ludoteca.engine import view_document

    state = make_game("piramide").new_initial_state(3, 2)
    doc = json.loads(json.dumps(view_document(state, 1)))
    rebuilt = state_from_view_document(doc, 5)
    assert view_document(rebuilt, 1) == doc
    for field, value, named in (("seat", 3, "seat"), ("seat", "1", "seat"), ("num_players", [3], "num_players"),
                                ("view", [], "view"), ("game", 7, "game"), ("options", 1, "options")):
        with pytest.raises(StateFormatError, match=named):
            state_from_view_document(dict(doc, **{field: value}), 5)


def test_record_players_must_match_and_name_the_field():
    record = Match(make_game("aggravation"), 2, seed=1).record().to_json()
    GameRecord.from_json(record)
    with pytest.raises(RecordError, match="players"):
        GameRecord.from_json(dict(record, players=[{"name": "Ana", "kind": "human"}]))
    with pytest.raises(RecordError, match="actions.0.player"):
        GameRecord.from_json(dict(record, actions=[{"player": 5, "action": "roll 3"}]))
    with pytest.raises(RecordError, match="result.winners"):
        GameRecord.from_json(dict(record, result={"winners": [0, 0]}))


# --- the command line -----------------------------------------------------------------------

def cli(*args):
    return runner.invoke(app, list(args))


def test_cli_refuses_an_impossible_state_in_one_line(tmp_path):
    doc = reach("prime-climb", lambda s: True)
    doc["state"].update(phase="over", winner=0, dice=[])
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    for command in (["legal", str(path)], ["view", str(path)], ["apply", str(path), "roll 3,9"]):
        result = cli(*command)
        assert result.exit_code != 0 and result.stdout == ""
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error:"), result.stderr
        assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("text", ["[/x]", "[bold]boom[/bold]", ":smile: [red]"])
def test_cli_messages_are_plain_text(tmp_path, text):
    path = tmp_path / "s.json"
    path.write_text(cli("new", "aggravation", "--seed", "1").stdout)
    result = cli("apply", str(path), text)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert text in result.stderr and result.stderr.count("\n") == 1
    odd = tmp_path / f"{text}.json"
    doc = json.loads(path.read_text())
    doc["options"] = {text: 1}
    odd.parent.mkdir(parents=True, exist_ok=True)  # '[/x].json' is the file 'x].json' in the folder '['
    odd.write_text(json.dumps(doc))
    result = cli("legal", str(odd))
    assert result.exit_code == 2 and text in result.stderr and str(odd) in result.stderr, result.stderr
    assert cli("legal", str(tmp_path / f"{text}-missing.json")).stderr.count(text) == 1


def test_cli_replay_of_hostile_records(tmp_path):
    record = Match(make_game("aggravation"), 2, seed=1).record().to_json()
    cases = [dict(record, players=2.0), dict(record, players=["Ana"]), dict(record, players=[{"name": {"a": 1}, "kind": "x"}] * 2),
             dict(record, result=[]), dict(record, result={"winners": [3]}), dict(record, game=["aggravation"]),
             dict(record, options="x"), dict(record, actions=[{"player": 0, "action": "[/x]"}])]
    for i, doc in enumerate(cases):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(doc))
        result = cli("replay", str(path))
        assert result.exit_code == 2 and isinstance(result.exception, SystemExit), (doc, result.output)
        assert str(path) in result.stderr, result.stderr
        assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1, result.stderr
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    assert "nested deeper" in cli("replay", str(deep)).stderr
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(record).replace('"seed": 1', '"seed": ' + "9" * 5000))
    assert "not valid JSON" in cli("replay", str(huge)).stderr


def test_cli_replay_shows_names_verbatim(tmp_path):
    match = Match(make_game("aggravation"), 2, seed=1, players=[{"name": "[bold]Ana[/bold]", "kind": "human"}, {"name": "[/x]", "kind": "bot"}])
    path = tmp_path / "r.json"
    path.write_text(match.record().dumps())
    result = cli("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "[bold]Ana[/bold]" in result.stdout and "[/x]" in result.stdout


def test_cli_reads_only_regular_files(tmp_path):
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    for path in (fifo, tmp_path, "/dev/zero"):
        result = cli("legal", str(path))
        assert result.exit_code == 2 and "not a regular file" in result.stderr, result.stderr
