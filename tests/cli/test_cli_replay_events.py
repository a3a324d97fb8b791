"""`ludoteca replay FILE --json`: one JSON object per action with its events, told per viewer."""

from __future__ import annotations

import json

from hiddentoy import HiddenGame
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import GameRecord, Match, make_game
from ludoteca.engine.record import told_actions
from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.engine.rng import Rng

runner = CliRunner()


def played(name: str, seed: int = 4, players: int | None = None) -> tuple[GameRecord, list[list[dict]]]:
    """A random game's record and the events Match.apply returned during play."""
    match = Match(make_game(name), players, seed=seed)
    rng = Rng(seed)
    told = []
    while not match.state.is_terminal():
        state = match.state
        action = state.sample_chance() if state.is_chance_node() else state.legal_actions()[rng.below(len(state.legal_actions()))]
        told.append(match.apply(action))
    return GameRecord.loads(match.record().dumps()), told


def lines(*args: str) -> list[dict]:
    result = runner.invoke(app, ["replay", *args])
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_replay_json_prints_every_action_with_the_events_of_play(tmp_path):
    for name in ("prime-climb", "aggravation"):
        record, during_play = played(name)
        path = tmp_path / f"{name}.json"
        path.write_text(record.dumps())
        out = lines(str(path), "--json")
        assert [line["index"] for line in out] == list(range(len(record.actions)))
        assert [(line["player"], line["action"]) for line in out] == [(a["player"], a["action"]) for a in record.actions]
        assert [line["events"] for line in out] == during_play  # public games: everyone is told everything
        assert all(set(line) == {"index", "player", "action", "events"} for line in out)
        assert out[-1]["events"][-1]["type"] == "game_won"


def test_hidden_information_is_told_per_seat(tmp_path):
    register_game(HiddenGame)
    try:
        record, _ = played("hidden-toy", players=2)
        path = tmp_path / "hidden.json"
        path.write_text(record.dumps())
        spectator = lines(str(path), "--json")
        assert all(line["action"] is None and line["events"] == [{"type": "action", "player": line["player"]}] for line in spectator)
        seat0 = lines(str(path), "--json", "--seat", "1")  # seats counted as people count them
        assert lines(str(path), "--json", "--seat", "P1") == seat0
        assert all((line["action"] is not None) == (line["player"] == 0) for line in seat0)
        assert any("action" in e for line in seat0 for e in line["events"])
        assert not any("action" in e for line in seat0 if line["player"] != 0 for e in line["events"])
        full = lines(str(path), "--json", "--full")
        assert [line["action"] for line in full] == [a["action"] for a in record.actions]
        assert all("seen_by" in e for line in full for e in line["events"])
        assert told_actions(record, None) == spectator
    finally:
        unregister_game("hidden-toy")


def test_replay_json_refuses_a_bad_seat_and_a_bad_record(tmp_path):
    record, _ = played("aggravation")
    path = tmp_path / "r.json"
    path.write_text(record.dumps())
    for bad in ("0", "5", "P9", "x", "²"):
        result = runner.invoke(app, ["replay", str(path), "--json", "--seat", bad])
        assert result.exit_code == 2 and f"seat {bad!r} does not exist" in result.stderr, bad
    doc = json.loads(path.read_text())
    doc["actions"][5]["action"] = "m9"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 2 and f"{path}: action 6" in result.stderr and result.stdout == ""

    for bad in (["--seat", "1"], ["--full"], ["--json", "--seat", "1", "--full"]):
        result = runner.invoke(app, ["replay", str(path), *bad])
        assert result.exit_code == 2 and "go with --json" in result.stderr
