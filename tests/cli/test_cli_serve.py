"""`ludoteca serve`, `bots` and `db` as a newcomer starts them (issue 47): a port in use, a missing
extra, a clean stop, --names, the permissions of a record written over another."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import urllib.request

import pytest
from scale_support import wait_ready
from web_support import free_port

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "src")
ENV = dict(os.environ, PYTHONPATH=SRC)


def ludoteca(*args: str, cwd=None, without: str | None = None) -> subprocess.CompletedProcess:
    """The command line in a fresh process; `without` makes that package absent (as where its
    extra is not installed): importing it fails as a missing package does."""
    code = f"import sys; sys.modules[{without!r}] = None; " if without else ""
    code += "from ludoteca.cli.main import main; sys.argv[0] = 'ludoteca'; main()"
    return subprocess.run([sys.executable, "-c", "import sys; " + code, *args], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_port_in_use_is_one_line_before_anything_else(tmp_path, lang):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = ludoteca("serve", "--port", str(port), "--db", "rooms.db", "--lang", lang, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert len(result.stderr.strip().splitlines()) == 1 and str(port) in result.stderr
    assert ("already in use" if lang == "en" else "ya está en uso") in result.stderr and "--port" in result.stderr
    assert "ludoteca at" not in result.stderr + result.stdout and "Errno" not in result.stderr
    assert os.listdir(tmp_path) == []  # no database was opened for nothing


@pytest.mark.parametrize("args,package", [
    (["serve", "--db", "rooms.db", "--broker", "redis://127.0.0.1:1/0"], "redis"),
    (["bots", "--db", "rooms.db", "--broker", "redis://127.0.0.1:1/0"], "redis"),
    (["db", "stats", "--db", "postgresql://nobody@127.0.0.1:1/ludoteca"], "psycopg"),
    (["serve", "--db", "postgresql://nobody@127.0.0.1:1/ludoteca"], "psycopg"),
])
def test_a_missing_extra_is_named_not_an_unreachable_server(tmp_path, args, package):
    if args[0] == "serve":
        args = [*args, "--port", str(free_port())]
    result = ludoteca(*args, cwd=tmp_path, without=package)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "ludoteca[scale]" in result.stderr and "scale extra" in result.stderr, result.stderr
    assert "cannot reach" not in result.stderr and "Traceback" not in result.stderr
    es = ludoteca(*args, "--lang", "es", cwd=tmp_path, without=package) if args[0] != "db" else None
    if es is not None:
        assert "necesita el extra scale" in es.stderr, es.stderr


def test_a_clean_stop_leaves_no_wal_or_shm_files(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", "serve", "--port", str(port), "--db", "rooms.db",
                             "--bot-workers", "1"], cwd=tmp_path, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_ready(proc, base)
        body = json.dumps({"game": "aggravation", "options": {}, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).encode()
        request = urllib.request.Request(base + "/api/rooms", data=body, headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=30).read()
        assert (tmp_path / "rooms.db-wal").exists()  # the server writes ahead while it runs
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode in (0, 130) and "Traceback" not in err, err  # uvicorn passes Ctrl-C on once stopped
    assert out.splitlines()[0].startswith(f"ludoteca at http://127.0.0.1:{port}/")
    assert sorted(os.listdir(tmp_path)) == ["rooms.db"]
    again = ludoteca("db", "stats", "--db", "rooms.db", "--json", cwd=tmp_path)
    assert json.loads(again.stdout)["rooms"]["total"] == 1  # everything was folded into the database
    assert sorted(os.listdir(tmp_path)) == ["rooms.db"]


def test_more_names_than_seats_is_refused(tmp_path):
    for lang, said in (("en", "--names gives 3 names for 2 seats"), ("es", "--names da 3 nombres para 2 asientos")):
        result = ludoteca("play", "aggravation", "--seats", "random,random", "--names", "Ana,Bea,Cai", "--lang", lang,
                          "--record", "r.json", cwd=tmp_path)
        assert result.returncode == 2 and said in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert os.listdir(tmp_path) == []
    fits = ludoteca("play", "aggravation", "--seats", "random,random", "--names", "Ana,Bea", "--quiet", "--record", "r.json", cwd=tmp_path)
    assert fits.returncode == 0 and [p["name"] for p in json.loads((tmp_path / "r.json").read_text())["players"]] == ["Ana", "Bea"]


@pytest.mark.parametrize("mode", [0o640, 0o604, 0o600])
def test_a_record_keeps_the_permissions_of_the_file_it_replaces(tmp_path, mode):
    path = tmp_path / "r.json"
    path.write_text("old")
    path.chmod(mode)
    result = ludoteca("play", "aggravation", "--seats", "random,random", "--quiet", "--record", str(path))
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(path.stat().st_mode) == mode and json.loads(path.read_text())["format"] == "ludoteca-record/1"


def test_a_new_record_gets_a_plain_files_permissions(tmp_path):
    path = tmp_path / "new.json"
    result = subprocess.run([sys.executable, "-c", "import os, sys; os.umask(0o022); sys.argv[0] = 'ludoteca'; "
                             "from ludoteca.cli.main import main; main()",
                             "play", "aggravation", "--seats", "random,random", "--quiet", "--record", str(path)],
                            env=ENV, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # as any new file of the user's, not a temporary file's 0600


def test_a_resumed_simulation_keeps_the_permissions_of_its_run_file(tmp_path):
    args = ["simulate", "aggravation", "--seats", "random,random", "--workers", "1", "--no-vector", "--no-report", "--quiet",
            "--records", "none", "--out", str(tmp_path / "run")]
    assert ludoteca(*args, "-n", "2").returncode == 0
    manifest = tmp_path / "run" / "run.json"
    manifest.chmod(0o640)
    again = ludoteca(*args, "-n", "4")
    assert again.returncode == 0, again.stderr
    assert stat.S_IMODE(manifest.stat().st_mode) == 0o640 and json.loads(manifest.read_text())["games"] == 4
