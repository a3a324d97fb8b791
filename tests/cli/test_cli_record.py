"""`ludoteca play --record PATH` (issue 13 §7): a path that cannot take the record is refused
before the first move; a finished game's record is never lost; no temporary file is left."""

from __future__ import annotations

import json
import tempfile

import pytest
import typer
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.cli.play import keep_record
from ludoteca.engine import Match, make_game

runner = CliRunner()


def play(*args, input=None):
    return runner.invoke(app, ["play", "aggravation", "--seats", "random,random", "--seed", "3", "--quiet", *args], input=input)


def litter(folder):
    return sorted(p.name for p in folder.rglob(".record-*"))


def test_a_missing_folder_is_refused_before_the_game(tmp_path):
    result = play("--record", str(tmp_path / "nowhere" / "r.json"))
    assert result.exit_code == 2
    assert "does not exist" in result.stderr and "nowhere" in result.stderr
    assert "Game over" not in result.stdout and "seed" not in result.stdout
    assert not litter(tmp_path)


def test_a_folder_as_the_path_is_refused_before_the_game(tmp_path):
    result = play("--record", str(tmp_path))
    assert result.exit_code == 2 and "is a folder" in result.stderr
    assert "Game over" not in result.stdout
    assert not litter(tmp_path)


def test_a_good_path_gets_the_record_and_no_litter(tmp_path):
    (tmp_path / "[").mkdir()
    path = tmp_path / "[" / "x].json"  # the path's text holds '[/x]': it must be shown verbatim
    result = play("--record", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["result"]["winners"]
    assert str(path) in result.stdout
    assert not litter(tmp_path)


def test_quitting_keeps_the_record_and_no_litter(tmp_path):
    path = tmp_path / "q.json"
    result = runner.invoke(app, ["play", "aggravation", "--seats", "human,random", "--seed", "1", "--record", str(path)], input="quit\n")
    assert result.exit_code == 1
    assert json.loads(path.read_text())["format"] == "ludoteca-record/1"
    assert not litter(tmp_path)


def test_a_path_gone_bad_during_the_game_keeps_the_record_elsewhere(tmp_path, monkeypatch):
    spare_dir = tmp_path / "spare"
    spare_dir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare_dir))
    match = Match(make_game("aggravation"), 2, seed=4)
    match.sample_chance()
    said = []
    target = tmp_path / "gone" / "r.json"  # its folder vanished while the game was played
    with pytest.raises(typer.Exit) as info:
        keep_record(match, target, lambda en, es: said.append(en), finished=True)
    assert info.value.exit_code == 1
    kept = list(spare_dir.glob("ludoteca-aggravation-*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["actions"] == match.record().actions
    folder = tmp_path / "dir.json"
    folder.mkdir()  # a folder took the file's place: the temporary file must not stay behind
    with pytest.raises(typer.Exit):
        keep_record(match, folder, lambda en, es: said.append(en), finished=True)
    assert not litter(tmp_path) and len(list(spare_dir.glob("*.json"))) == 2
