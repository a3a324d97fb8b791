"""`ludoteca serve --db postgresql://... --broker redis://... --external-bots` and `ludoteca bots`,
as commands: a real game with a bot seat is played by a person through one server, the bot by
the worker. And the commands' refusals: one line each, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from scale_support import SRC, missing, needs_servers, postgres_server, redis_server, wait_ready
from test_web_scale_live import Player, post
from typer.testing import CliRunner
from web_support import free_port

from ludoteca.cli.main import app

WHY_NOT = missing()


def ludoteca(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=SRC + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", "ludoteca.cli.main", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)


class Servers:
    """Just what `Player` needs from a deployment."""

    def __init__(self, bases):
        self.bases = bases

    def live_bases(self):
        return self.bases


@pytest.mark.slow
@needs_servers()
def test_the_commands_play_a_real_game_across_a_server_and_a_bot_worker():
    with postgres_server() as new_database, redis_server() as fresh_redis:
        db, broker, port = new_database(), fresh_redis(), free_port()
        server = ludoteca("serve", "--db", db, "--broker", broker, "--external-bots", "--port", str(port), "--bot-delay", "0")
        worker = ludoteca("bots", "--db", db, "--broker", broker, "--bot-delay", "0")
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(server, base)
            assert worker.stdout.readline().startswith("bot worker ")
            made = post(base, "/api/rooms", {"game": "aggravation", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}], "name": "ana"})
            ana = Player(Servers([base]), made["room"]["id"], 0, made["token"])
            msg = ana.connect()
            for _ in range(200):  # her moves, until the worker's bot has answered one
                if any(entry["player"] == 1 for entry in msg["log"]) or msg["view"]["is_terminal"]:
                    break
                if msg["legal"]:
                    ana.ws.send(json.dumps({"type": "act", "version": msg["version"], "action": msg["legal"][0]["action"]}))
                msg = ana.receive_state()
            assert any(entry["player"] == 1 for entry in msg["log"]), "the bot worker made the bot's move"
            ana.close()
        finally:
            for proc in (worker, server):
                proc.send_signal(signal.SIGTERM)
            out, _ = worker.communicate(timeout=30)
            server.communicate(timeout=30)
        assert "bot worker stopped after" in out and "Traceback" not in out
        assert int(out.rsplit("after ", 1)[1].split()[0]) >= 1


def test_serve_refuses_external_bots_without_a_broker_in_one_line():
    result = CliRunner().invoke(app, ["serve", "--external-bots"])
    assert result.exit_code != 0 and "--external-bots needs --broker" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_an_unreachable_broker_or_a_bad_url_is_one_line_with_the_password_hidden(tmp_path):
    port = free_port()  # nothing listens there
    for args in (["bots", "--db", str(tmp_path / "x.db"), "--broker", f"redis://:hunter2@127.0.0.1:{port}/0"],
                 ["bots", "--db", str(tmp_path / "x.db"), "--broker", "http://example.org/"],
                 ["serve", "--db", str(tmp_path / "x.db"), "--broker", f"redis://:hunter2@127.0.0.1:{port}/0"]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code != 0, args
        assert "broker" in result.output and "hunter2" not in result.output and "Traceback" not in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output


@needs_servers()
def test_a_database_that_cannot_be_opened_is_one_line_with_the_password_hidden():
    with redis_server() as fresh_redis:
        port = free_port()
        result = CliRunner().invoke(app, ["bots", "--db", f"postgresql://u:hunter2@127.0.0.1:{port}/none", "--broker", fresh_redis()])
    assert result.exit_code != 0 and "cannot open the database" in result.output
    assert "hunter2" not in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
