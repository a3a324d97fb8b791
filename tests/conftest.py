"""Shared test fixtures, and what lets the suite run on several xdist workers at once.

- Every test runs with the process environment it started with: a command run in-process that sets a
  variable (`simulate --no-vector`, the Ray backend's PYTHONPATH) leaves nothing to the next test,
  whichever worker and order it runs in.
- A test marked `exclusive` (it asserts a latency or a time bound) runs with no other test beside it:
  under xdist every test holds a shared lock on one file for the run (setup and teardown included) and
  an exclusive test holds it alone; a turnstile lock taken first keeps the other workers' next tests
  from overtaking an exclusive one that waits. A module's exclusive tests run first, one after the
  other, and a worker keeps the lock from one to the next: taking it again meant waiting, idle, for
  the test another worker had started meanwhile (a whole test, up to 30 s, for each exclusive one).
- absl's logging handler writes to the process's own stderr (see `_absl_on_the_process_stderr`).
"""

from __future__ import annotations

import fcntl
import os
import signal
import sys
import tempfile
from pathlib import Path

import pytest

from ludoteca.engine.i18n import set_language

# The fifth game: the toy race, a package of its own (tests/toygame/, the template of
# docs/adding-a-game.md), registered for the whole session before collection, in this process and
# every process the tests start (the CLI, servers, workers), so that every sweep over the registry
# (conformance, the kernels' option sweep, the web's lobby and room, the terminal) plays it as it
# plays the four games, without naming it.
os.environ["LUDOTECA_GAMES"] = f"toygame={Path(__file__).resolve().parent}"


def _absl_on_the_process_stderr() -> None:
    """absl-py (OpenSpiel imports it) makes its logging handler once, on the `sys.stderr` of that moment:
    under pytest, the capture's file. Its `close()` closes any stream that is not the *current*
    `sys.stderr`, and `ludoteca serve` run in-process (`CliRunner.invoke`, which swaps `sys.stderr`)
    builds a uvicorn.Config whose logging setup (`logging.config.dictConfig`) closes every handler in
    the process: absl's handler then closed pytest's capture file, and every later test of that process
    errored with "I/O operation on closed file". Pointed at `sys.__stderr__` (file descriptor 2, which
    pytest's capture still captures test by test), absl never closes it."""
    try:
        import absl.logging
    except ImportError:  # the rl extra is not installed
        return
    absl.logging.get_absl_handler().python_handler.stream = sys.__stderr__


_absl_on_the_process_stderr()


def _each_cli_command_built_once() -> None:
    """Typer's `CliRunner.invoke` builds the Click command from the app's functions at every call (every
    annotation evaluated anew: about 0.3 s for `ludoteca`, most of the time of a command a test runs
    in-process, hundreds of them in tests/terminal and tests/cli). An app's command is the same each
    time (the console script builds it once a process too): built once per app. Test code that builds
    its own (`typer.main.get_command`, to localise its help) still gets a fresh one."""
    import typer.testing

    build = getattr(typer.testing, "_get_command", None)
    if build is None:  # another Typer: as it is
        return
    built: dict[int, tuple] = {}

    def once(app):
        if id(app) not in built:
            built[id(app)] = (app, build(app))  # the app kept: its id is never another's
        return built[id(app)][1]

    typer.testing._get_command = once


_each_cli_command_built_once()


_NO_SERVERS: list[str] = []


def pytest_collection_modifyitems(config, items):
    """Each module's exclusive tests first (in their order), then its others; the PostgreSQL + Redis
    cases (mark `servers`) where those are not installed: left out, one line says so."""
    items[:] = _exclusive_first(items)
    marked = [item for item in items if item.get_closest_marker("servers")]
    if not marked:
        return
    from scale_support import missing, skip_line

    why = missing()
    if why:
        items[:] = [item for item in items if not item.get_closest_marker("servers")]
        config.hook.pytest_deselected(items=marked)
        _NO_SERVERS.append(f"{skip_line(why)} ({len(marked)} cases)")


def _exclusive_first(items):
    """Within each module (its tests stay together, the modules in their order), the exclusive tests
    first, so that a worker runs them in one stretch, holding the lock throughout."""
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0], []).append(item)
    return [item for tests in modules.values() for item in sorted(tests, key=lambda t: not _is_exclusive(t))]


def _is_exclusive(item) -> bool:
    return item.get_closest_marker("exclusive") is not None


def pytest_terminal_summary(terminalreporter):
    for line in _NO_SERVERS:
        terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def english_by_default():
    """Commands run in-process may switch the language; no test inherits another's."""
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def environment_restored():
    saved = dict(os.environ)
    yield
    if os.environ != saved:
        os.environ.clear()
        os.environ.update(saved)


@pytest.fixture(autouse=True)
def ctrl_c_restored():
    """A command run in-process may leave Ctrl-C ignored (the simulate driver ignores it while it hands
    work to its pool); every later subprocess of the worker would inherit SIG_IGN and never stop on it."""
    saved = signal.getsignal(signal.SIGINT)
    yield
    if signal.getsignal(signal.SIGINT) is not saved and saved is not None:
        signal.signal(signal.SIGINT, saved)


def _lock_paths() -> tuple[str, str] | None:
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")  # the same in every worker of one run
    if not run:
        return None
    base = os.path.join(tempfile.gettempdir(), f"ludoteca-tests-{run}")
    return base + ".lock", base + ".turnstile"


_kept: list = []  # the lock file, still held exclusively, when the next test is exclusive too


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    paths = _lock_paths()
    if paths is None:  # one process: nothing runs beside anything
        yield
        return
    exclusive = _is_exclusive(item)
    if exclusive and _kept:  # the exclusive test before it kept the lock: no other test ran since
        lock = _kept.pop()
    else:
        lock = open(paths[0], "a")
        with open(paths[1], "a") as turnstile:
            fcntl.flock(turnstile, fcntl.LOCK_EX)
            try:
                fcntl.flock(lock, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            finally:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
    try:
        yield
    finally:
        if exclusive and nextitem is not None and _is_exclusive(nextitem):
            _kept.append(lock)
        else:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()


def pytest_sessionfinish(session):
    # a worker that is done runs nothing more that the lock could keep apart; one still running
    # opens (so makes) the files anew
    for path in _lock_paths() or ():
        try:
            os.unlink(path)
        except OSError:
            pass
