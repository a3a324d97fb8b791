"""Small defects of the commands (issue 47, as a newcomer meets them): the replay summary says the
rules options as `-o` takes them; `db export` says why a stopped game stopped; `simulate
--no-vector` leaves the calling process's environment as it was; NUMBA_DISABLE_JIT=1 plays."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from ludoteca.cli.main import app

runner = CliRunner()
SRC = str(Path(__file__).resolve().parents[2] / "src")


def ludoteca(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ludoteca.cli.main", *args], capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PYTHONPATH=SRC, COLUMNS="80", **(env or {})))


def test_the_replay_summary_says_options_as_o_takes_them(tmp_path):
    record = tmp_path / "g.json"
    played = runner.invoke(app, ["play", "prime-climb", "--seats", "greedy,greedy", "--seed", "3", "-o", "cards=false",
                                 "--record", str(record), "--quiet"])
    assert played.exit_code == 0, played.output
    for lang, word in (("en", "options:"), ("es", "opciones:")):
        summary = runner.invoke(app, ["replay", str(record), "--lang", lang]).output
        line = " ".join(summary.split()).split(word)[1]
        assert "cards=false" in line and "forfeit_unusable_die=true" in line, summary
        assert "True" not in summary and "False" not in summary, summary
    # and what it says is what `-o` takes: the same options give the same game
    again = tmp_path / "h.json"
    options = " ".join(runner.invoke(app, ["replay", str(record)]).output.split()).split("options: ")[1].split(" players:")[0]
    args = [x for pair in options.split() for x in ("-o", pair)]
    assert runner.invoke(app, ["play", "prime-climb", "--seats", "greedy,greedy", "--seed", "3", *args, "--record", str(again),
                               "--quiet"]).exit_code == 0
    assert json.loads(again.read_text())["actions"] == json.loads(record.read_text())["actions"]


def test_db_export_labels_a_resigned_game_resigned(tmp_path):
    from ludoteca.web.db import make_engine, make_sessions
    from ludoteca.web.limits import UNLIMITED
    from ludoteca.web.rooms import RoomService

    url = f"sqlite:///{tmp_path}/rooms.db"
    service = RoomService(make_sessions(make_engine(url)), seeds=iter(range(40, 10_000)).__next__, limits=UNLIMITED)
    room, secret = service.create("piramide", {"length": "short"}, [{"kind": "human"}, {"kind": "human"}], creator={"seat": 0, "name": "Ana"})
    service.claim(room.id, 1, "Bea", secret["invites"][1])
    service.resign(room, 0)
    out = tmp_path / "games.jsonl"
    exported = ludoteca("db", "export", "--db", url, "--output", str(out))
    assert exported.returncode == 0, exported.stderr
    assert exported.stderr.strip() == "1 finished game exported"
    line = json.loads(out.read_text())
    assert line["room"] == room.id and line["stopped"] == "resigned", line
    replayed = ludoteca("replay", str(out))
    assert replayed.returncode == 0 and replayed.stdout.rstrip().endswith("stopped: a player resigned"), replayed.stdout
    assert ludoteca("replay", str(out), "--lang", "es").stdout.rstrip().endswith("detenida: un jugador abandonó")


def test_simulate_no_vector_leaves_the_environment_as_it_was(tmp_path, monkeypatch):
    monkeypatch.delenv("LUDOTECA_SIMULATE_VECTOR", raising=False)
    args = ["simulate", "prime-climb", "--seats", "random,random", "-n", "2", "--workers", "1", "--no-report", "-q", "--no-vector"]
    ran = runner.invoke(app, [*args, "--out", str(tmp_path / "a")])
    assert ran.exit_code == 0, ran.output
    assert "LUDOTECA_SIMULATE_VECTOR" not in os.environ
    monkeypatch.setenv("LUDOTECA_SIMULATE_VECTOR", "1")  # a value of the caller's own is put back too
    assert runner.invoke(app, [*args, "--out", str(tmp_path / "b")]).exit_code == 0
    assert os.environ["LUDOTECA_SIMULATE_VECTOR"] == "1"


def test_numba_disable_jit_plays_the_same_game_quietly():
    args = ("play", "piramide", "--seats", "greedy,greedy", "--seed", "1", "--quiet")
    compiled = ludoteca(*args)
    plain = ludoteca(*args, env={"NUMBA_DISABLE_JIT": "1"})
    assert plain.returncode == 0 and plain.stderr == "", plain.stderr
    assert plain.stdout == compiled.stdout
    imported = subprocess.run([sys.executable, "-c", "import ludoteca.engine.rng_kernels as k; print(k.mix(12345))"], capture_output=True,
                              text=True, timeout=300, env=dict(os.environ, PYTHONPATH=SRC, NUMBA_DISABLE_JIT="1"))
    assert imported.returncode == 0, imported.stderr


def test_a_game_is_numbered_in_players_words(tmp_path):
    """The first line of a game and the replay summary name the game's number, not a 'seed'."""
    record = tmp_path / "g.json"
    for lang, number in (("en", "Prime Climb — game no. 7 (--seed 7 plays it again)"), ("es", "Prime Climb — partida n.º 7 (--seed 7 la repite)")):
        played = runner.invoke(app, ["play", "prime-climb", "--seats", "greedy,greedy", "--seed", "7", "--lang", lang, "--record", str(record)])
        assert played.output.splitlines()[0] == number
        summary = runner.invoke(app, ["replay", str(record), "--lang", lang]).output
        assert ("game no. 7" if lang == "en" else "partida n.º 7") in summary
        assert "seed" not in summary and "semilla" not in summary, summary
