"""The commands as a newcomer meets them (issue 47): databases that are not there, records out of the
database, rules options, game names as people type them, errors in words."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.engine import Match, game_names, make_game

runner = CliRunner()
SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "src")


def cli(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def ludoteca(*args: str, cwd=None, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ludoteca.cli.main", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, env=dict(os.environ, PYTHONPATH=SRC, COLUMNS="80", **(env or {})))


# --- the database must exist ---------------------------------------------------------------------

@pytest.mark.parametrize("command", [["stats"], ["export"], ["prune", "--before", "2000-01-01"]])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_db_commands_refuse_a_database_that_does_not_exist(tmp_path, command, lang):
    for db in ("typo.db", f"sqlite:///{tmp_path}/typo.db"):
        result = ludoteca("--lang", lang, "db", *command, "--db", db, cwd=tmp_path)
        assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "typo.db" in result.stderr and ("does not exist" if lang == "en" else "no existe") in result.stderr
        assert "Traceback" not in result.stderr
    assert os.listdir(tmp_path) == []  # nothing was created


# --- db export -> replay -------------------------------------------------------------------------

def test_replay_reads_what_db_export_writes(tmp_path):
    from web_support import finished_games

    url = f"sqlite:///{tmp_path}/rooms.db"
    service, done = finished_games(url, 2)
    out = tmp_path / "games.jsonl"
    assert ludoteca("db", "export", "--db", url, "--output", str(out)).returncode == 0
    both = ludoteca("replay", str(out))
    assert both.returncode == 2 and len(both.stderr.strip().splitlines()) == 1
    assert str(out) in both.stderr and "--room" in both.stderr and "2" in both.stderr
    for room in done:
        one = ludoteca("replay", str(out), "--room", room.id)
        assert one.returncode == 0, one.stderr
        assert "replays exactly" in one.stdout
    single = tmp_path / "one.jsonl"
    single.write_text(out.read_text().splitlines()[0] + "\n")
    assert "replays exactly" in ludoteca("replay", str(single)).stdout  # one game: no --room needed
    as_json = ludoteca("replay", str(out), "--room", done[0].id, "--json")
    assert as_json.returncode == 0 and len(as_json.stdout.splitlines()) == len(done[0].match.actions)
    missing = ludoteca("replay", str(out), "--room", "nope")
    assert missing.returncode == 2 and "nope" in missing.stderr and str(out) in missing.stderr
    record = tmp_path / "r.json"
    record.write_text(json.dumps(json.loads(single.read_text())["record"]))
    wrong = ludoteca("replay", str(record), "--room", done[0].id)
    assert wrong.returncode == 2 and str(record) in wrong.stderr


# --- replay's errors -----------------------------------------------------------------------------

def test_replay_errors_name_the_file_and_tell_results_in_words(tmp_path):
    path = tmp_path / "r.json"
    assert cli("play", "prime-climb", "--seats", "greedy,random", "--seed", "3", "--record", str(path), "--quiet").exit_code == 0
    record = json.loads(path.read_text())
    winner = record["result"]["winners"][0]
    record["result"]["winners"] = [1 - winner]
    path.write_text(json.dumps(record))
    for lang, said in (("en", f"won by P{winner + 1}, but the record says it was won by P{2 - winner}"),
                       ("es", f"la gana P{winner + 1}, pero el registro dice que la ganó P{2 - winner}")):
        result = cli("--lang", lang, "replay", str(path))
        assert result.exit_code == 2 and str(path) in result.stderr and said in result.stderr, result.stderr
        assert "{" not in result.stderr and "None" not in result.stderr and "'winners'" not in result.stderr
    record["actions"] = record["actions"][:4]
    path.write_text(json.dumps(record))
    cut = cli("replay", str(path))
    assert cut.exit_code == 2 and "stop before the game is over" in cut.stderr and "None" not in cut.stderr
    record["actions"][2] = {"player": 1, "action": "A+3"}
    path.write_text(json.dumps(record))
    wrong = cli("replay", str(path))
    assert wrong.exit_code == 2 and "action 3 ('A+3')" in wrong.stderr and "{" not in wrong.stderr, wrong.stderr
    missing = cli("replay", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "nope.json" in missing.stderr


def test_a_game_body_the_loader_chokes_on_is_told_in_words(tmp_path):
    doc = json.loads(cli("new", "aggravation", "--seed", "1").stdout)
    for body in ({}, {"marbles": None}):
        doc["state"] = body
        path = tmp_path / "s.json"
        path.write_text(json.dumps(doc))
        result = cli("legal", str(path))
        assert result.exit_code == 2 and str(path) in result.stderr, result.stderr
        assert "Error(" not in result.stderr and "None" not in result.stderr and "'" not in result.stderr, result.stderr


# --- strict option types in documents ------------------------------------------------------------

@pytest.mark.parametrize("game,name,bad", [("prime-climb", "cards", "yes"), ("prime-climb", "cards", 1), ("aggravation", "board", "6"),
                                           ("mazmorra", "distance", 6.0), ("mazmorra", "allow_two", "false"), ("piramide", "length", 7)])
def test_documents_refuse_option_values_of_the_wrong_type(tmp_path, game, name, bad):
    doc = json.loads(cli("new", game, "--seed", "1").stdout)
    doc["options"][name] = bad
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc))
    for lang in ("en", "es"):
        result = cli("--lang", lang, "legal", str(path))
        assert result.exit_code == 2 and f"options.{name}" in result.stderr, result.stderr
        assert ("must be" if lang == "en" else "debe ser") in result.stderr
    record = Match(make_game(game), 3 if game == "mazmorra" else 2, seed=1).record().to_json()
    record["options"][name] = bad
    path.write_text(json.dumps(record))
    result = cli("replay", str(path))
    assert result.exit_code == 2 and f"options.{name}" in result.stderr, result.stderr
    from ludoteca.engine.documents import state_from_view_document
    from ludoteca.engine.errors import StateFormatError

    good = json.loads(cli("new", game, "--seed", "1").stdout)
    path.write_text(json.dumps(good))
    seen = json.loads(cli("view", str(path), "--seat", "1").stdout)
    seen["options"][name] = bad
    with pytest.raises(StateFormatError, match=f"options.{name}"):
        state_from_view_document(seen, 1)


def test_documents_with_the_right_option_types_still_load(tmp_path):
    for game, option in (("prime-climb", "cards=false"), ("aggravation", "board=4"), ("mazmorra", "distance=8"), ("piramide", "length=long")):
        doc = cli("new", game, "--seed", "2", "-o", option)
        assert doc.exit_code == 0, doc.output
        path = tmp_path / f"{game}.json"
        path.write_text(doc.stdout)
        assert cli("legal", str(path)).exit_code == 0


# --- rules -------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("lang", ["en", "es"])
def test_rules_lists_each_option_once_as_o_takes_it(game, lang):
    result = ludoteca("rules", game, "--lang", lang)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    listed = [line for line in out.splitlines() if line.lstrip().startswith("•")]
    for option in make_game(game).OPTIONS.options:
        # its one entry, its name whole on one line
        assert sum(line.lstrip().startswith(f"• {option.name}:") for line in listed) == 1, (option.name, out)
        assert not any(line.lstrip().startswith(f"| {option.name}") or line.lstrip().startswith(f"│ {option.name}") for line in out.splitlines())
        if option.kind == "bool":
            entry = next(line for line in listed if line.lstrip().startswith(f"• {option.name}:"))
            assert "true" in entry and "false" in entry
    assert "True" not in out and "False" not in out and "seed says" not in out and ".json;" not in out and "CFR" not in out
    assert ("Options" if lang == "en" else "Opciones") in out and out.count("Options" if lang == "en" else "Opciones") == 1


@pytest.mark.parametrize("typed,name", [("pirámide", "piramide"), ("Prime-Climb", "prime-climb"), ("PIRAMIDE", "piramide"),
                                        ("prime_climb", "prime-climb"), ("Pirámide del Sol", "piramide"), ("Aggravation", "aggravation"),
                                        ("mazmorra primigenia", "mazmorra")])
def test_game_names_as_people_type_them(typed, name):
    assert cli("rules", typed).exit_code == 0
    doc = cli("new", typed, "--seed", "1")
    assert doc.exit_code == 0 and json.loads(doc.stdout)["game"] == name
    assert cli("play", typed, "--seats", "random,random" if name != "mazmorra" else "random,random,random", "--seed", "1", "--quiet").exit_code == 0
    unknown = cli("rules", "piramides")
    assert unknown.exit_code == 2 and "unknown game" in unknown.stderr


def test_simulate_takes_the_game_as_people_type_it(tmp_path):
    result = cli("simulate", "Pirámide", "--seats", "random,random", "-n", "2", "--workers", "1", "--out", str(tmp_path / "s"),
                 "--no-report", "--quiet", "--no-vector")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "s" / "run.json").read_text())["game"] == "piramide"


@pytest.mark.parametrize("game", game_names())
def test_hostile_state_bodies_are_told_without_python_values(tmp_path, game):
    doc = json.loads(cli("new", game, "--seed", "3").stdout)
    path = tmp_path / "s.json"
    refused = 0
    for key in list(doc["state"]):
        for value in (None, True, {"a": 1}, [None], [[1, 2]]):
            hostile = dict(doc, state={**doc["state"], key: value})
            path.write_text(json.dumps(hostile))
            result = cli("legal", str(path))
            if result.exit_code == 0:  # a value the field may hold (null where nothing moved yet)
                continue
            refused += 1
            assert result.exit_code == 2 and result.stderr.startswith("error: "), (key, value, result.output)
            for python in ("None", "True", "{'", "'a'", "Error(", "Traceback"):
                assert python not in result.stderr, (key, value, result.stderr)
    assert refused >= 3 * len(doc["state"])  # most are refused, each in words


def test_db_stats_speaks_spanish(tmp_path):
    from web_support import finished_games

    url = f"sqlite:///{tmp_path}/rooms.db"
    finished_games(url, 1)
    es = ludoteca("--lang", "es", "db", "stats", "--db", url)
    assert es.returncode == 0 and "salas: 1 (abiertas 0, en juego 0, terminadas 1, detenidas 0)" in es.stdout, es.stdout
    assert "partidas terminadas entre" in es.stdout and "rooms" not in es.stdout
    en = ludoteca("db", "stats", "--db", url)
    assert "rooms: 1 (open 0, running 0, finished 1, stopped 0)" in en.stdout
