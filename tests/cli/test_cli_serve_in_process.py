"""`ludoteca serve` run in-process (as the limit tests run it, through CliRunner) leaves the test
process's output capture working, whatever logging handlers earlier tests made (tests/conftest.py)."""

from __future__ import annotations

import sys

import pytest
from web_support import free_port


def test_serve_run_in_process_leaves_the_capture_open_after_absl(tmp_path, monkeypatch):
    absl_logging = pytest.importorskip("absl.logging")  # OpenSpiel's logging, made by the RL tests in one run
    import uvicorn
    from typer.testing import CliRunner

    from ludoteca.cli.main import app as cli

    absl_logging.get_absl_handler()
    stderr, stdout = sys.stderr, sys.stdout  # pytest's capture files while the test runs
    started = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, **kw: started.append(self.config))
    result = CliRunner().invoke(cli, ["serve", "--db", f"{tmp_path}/r.db", "--port", str(free_port()), "--bot-workers", "1"])
    assert result.exit_code == 0, result.output
    assert started, "serve never reached its server"
    # uvicorn's logging setup closed every logging handler of the process, absl's among them
    assert not stderr.closed and not stdout.closed
    print("still captured", file=sys.stderr)
