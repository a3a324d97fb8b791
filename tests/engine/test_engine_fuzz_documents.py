"""Hostile state documents and records, for every game: mutated real documents, wrong types,
deep nesting and huge numbers give a documented error (a LudotecaError) or a sound state, never
a traceback and never an accepted broken state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_support import GAMES, assert_sound, deep, fuzz_settings, hostile, loads_or_refuses, mutated, positions, records
from ludoteca.engine import GameRecord, load_state_text, replay, state_from_document
from ludoteca.engine.record import result_of


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(40)
@given(data=st.data())
def test_mutated_state_documents_load_soundly_or_are_refused(name, data):
    text = data.draw(st.sampled_from(positions(name)))
    doc = data.draw(mutated(text))
    state = loads_or_refuses(state_from_document, doc)
    if state is not None:
        assert_sound(state)


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(15)
@given(data=st.data())
def test_mutated_state_text_loads_soundly_or_is_refused(name, data):
    """The same through JSON text, where a number may also be too long and nesting too deep."""
    text = json.dumps(data.draw(mutated(data.draw(st.sampled_from(positions(name))))))
    if data.draw(st.booleans()):
        cut = data.draw(st.integers(min_value=0, max_value=len(text)))
        text = text[:cut] + data.draw(st.sampled_from(["", "9" * 5000, "[" * 5000, "{", "]", "\\u0000", "NaN", "1e999", "-"])) + text[cut:]
    state = loads_or_refuses(load_state_text, text)
    if state is not None:
        assert_sound(state)


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(20)
@given(data=st.data())
def test_mutated_records_replay_or_are_refused(name, data):
    doc = data.draw(mutated(data.draw(st.sampled_from(records(name)))))
    record = loads_or_refuses(GameRecord.from_json, doc)
    if record is None:
        return
    assert len(record.players) in (0, record.num_players)
    final = loads_or_refuses(replay, record)
    if final is not None:
        if record.result is not None:
            assert result_of(final)["winners"] == record.result["winners"]
        assert_sound(final, successors=2)


def test_header_fields_are_type_checked_naming_the_field():
    doc = json.loads(positions("prime-climb")[0])
    for field, value in (("game", ["prime-climb"]), ("options", []), ("num_players", 2.0), ("num_players", True),
                         ("rng", -1), ("state", "x"), ("format", "ludoteca-state/2")):
        bad = dict(doc, **{field: value})
        with pytest.raises(Exception) as info:
            state_from_document(bad)
        assert type(info.value).__name__ == "StateFormatError" and field in str(info.value), (field, info.value)


def test_record_fields_are_type_checked_naming_the_field():
    doc = json.loads(records("aggravation")[0])
    cases = [("players", 2.0, "players"), ("players", ["Ana"], "players.0"), ("players", [{"name": {"x": 1}, "kind": "human"}] * 4, "players.0.name"),
             ("players", [{"name": "Ana", "kind": "human"}], "players"), ("result", 3, "result"), ("result", {"winners": [7]}, "result.winners"),
             ("actions", [{"player": 0}], "actions.0.action"), ("seed", "7", "seed"), ("game", ["x"], "game"), ("options", [], "options")]
    for field, value, named in cases:
        with pytest.raises(Exception) as info:
            GameRecord.from_json(dict(doc, **{field: value}))
        assert type(info.value).__name__ == "RecordError" and named in str(info.value), (field, info.value)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
                                  '{"format": "ludoteca-state/1", "rng": ' + "9" * 5000 + "}", "[1e999]", "NaN", "", "\x00"])
def test_deep_nesting_and_huge_numbers_are_one_line_errors(text):
    for load in (load_state_text, GameRecord.loads):
        with pytest.raises(Exception) as info:
            load(text)
        assert type(info.value).__name__ in ("StateFormatError", "RecordError")
        assert "\n" not in str(info.value)


def test_in_process_data_with_deep_nesting_or_huge_numbers_is_refused():
    doc = json.loads(positions("piramide")[0])
    for bad in (dict(doc, options={"x": deep(5000)}), dict(doc, rng=10**5000), dict(doc, state=dict(doc["state"], junk=deep(40)))):
        assert loads_or_refuses(state_from_document, bad) is None


@fuzz_settings(40)
@given(value=hostile)
def test_any_value_as_a_whole_document_is_refused(value):
    assert loads_or_refuses(state_from_document, value) is None
    assert loads_or_refuses(GameRecord.from_json, value) is None


@pytest.mark.parametrize("name", GAMES)
@fuzz_settings(5)
@given(data=st.data())
def test_the_command_line_answers_hostile_documents_in_one_line(name, data, tmp_path_factory):
    """`legal`, `view` and `apply` on a mutated document: a result, or one line and a non-zero exit."""
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    path = tmp_path_factory.mktemp("fuzz") / "s.json"
    path.write_text(json.dumps(data.draw(mutated(data.draw(st.sampled_from(positions(name)))))))
    runner = CliRunner()
    action = data.draw(st.one_of(st.sampled_from(["roll 3", "roll 3,9", "end", "pass", "move exit", "take 1"]), st.text(max_size=8)))
    for args in (["legal", str(path)], ["view", str(path), "--seat", "0"], ["apply", str(path), action]):
        result = runner.invoke(app, args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        if result.exit_code:
            assert result.stderr.startswith("error:") and result.stderr.count("\n") == 1, result.stderr
        elif args[0] == "apply":
            assert_sound(load_state_text(result.stdout))
