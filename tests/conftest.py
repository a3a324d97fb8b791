"""Shared test fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ludoteca.engine.i18n import set_language

# The fifth game: the toy race, a package of its own (tests/toygame/, the template of
# docs/adding-a-game.md), registered for the whole session before collection, in this process and
# every process the tests start (the CLI, servers, workers), so that every sweep over the registry
# (conformance, the kernels' option sweep, the web's lobby and room, the terminal) plays it as it
# plays the four games, without naming it.
os.environ["LUDOTECA_GAMES"] = f"toygame={Path(__file__).resolve().parent}"


_NO_SERVERS: list[str] = []


def pytest_collection_modifyitems(config, items):
    """The PostgreSQL + Redis cases (mark `servers`) where those are not installed: left out, one line says so."""
    marked = [item for item in items if item.get_closest_marker("servers")]
    if not marked:
        return
    from scale_support import missing, skip_line

    why = missing()
    if why:
        items[:] = [item for item in items if not item.get_closest_marker("servers")]
        config.hook.pytest_deselected(items=marked)
        _NO_SERVERS.append(f"{skip_line(why)} ({len(marked)} cases)")


def pytest_terminal_summary(terminalreporter):
    for line in _NO_SERVERS:
        terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def english_by_default():
    """Commands run in-process may switch the language; no test inherits another's."""
    set_language("en")
    yield
    set_language("en")
