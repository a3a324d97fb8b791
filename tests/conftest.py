"""Shared test fixtures, and what lets the suite run on several xdist workers at once.

- Every test runs with the process environment it started with: a command run in-process that sets a
  variable (`simulate --no-vector`, the Ray backend's PYTHONPATH) leaves nothing to the next test,
  whichever worker and order it runs in.
- A test marked `exclusive` (it asserts a latency or a time bound) runs with no other test beside it:
  under xdist every test holds a shared lock on one file for the run (setup and teardown included) and
  an exclusive test holds it alone from its call on (its setup, a server to start, runs beside other
  tests; what it times belongs in the call); a turnstile lock taken first keeps the other workers'
  next tests from overtaking an exclusive one that waits. A module's exclusive tests run first, one
  after the other, and a worker keeps the lock from one to the next: taking it again meant waiting,
  idle, for the test another worker had started meanwhile (a whole test, up to 30 s, for each one).
- absl's logging handler writes to the process's own stderr (see `_absl_on_the_process_stderr`).
- The files go to the workers longest first (tests/support/data/file_seconds.txt): a long file handed
  out last kept one worker busy minutes after the others were done.
- Each test process reads a cache folder of its own, empty (`LUDOTECA_CACHE_DIR`): never the user's,
  where a solved Prime Climb table may be (tests/project/test_project_user_cache.py).
"""

from __future__ import annotations

import atexit
import fcntl
import os
import shutil
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


def _a_cache_of_its_own() -> None:
    """What a test sees must not depend on the machine: the user's cache (platformdirs) may hold the
    solved Prime Climb table (minutes of CPU to build), and the shell may name one. Each test process
    (and what it starts) reads a folder of its own, empty at the start; a test that needs a table
    builds it in a folder it names itself."""
    folder = tempfile.mkdtemp(prefix="ludoteca-test-cache-")
    atexit.register(shutil.rmtree, folder, True)
    os.environ["LUDOTECA_CACHE_DIR"] = folder


_a_cache_of_its_own()


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
    """The modules longest first (`--no-loadscope-reorder` in addopts keeps this order for xdist);
    each module's exclusive tests first (in their order), then its others; the PostgreSQL + Redis
    cases (mark `servers`) where those are not installed: left out, one line says so."""
    items[:] = _exclusive_first(_longest_first(items))
    marked = [item for item in items if item.get_closest_marker("servers")]
    if not marked:
        return
    from scale_support import missing, skip_line

    why = missing()
    if why:
        items[:] = [item for item in items if not item.get_closest_marker("servers")]
        config.hook.pytest_deselected(items=marked)
        _NO_SERVERS.append(f"{skip_line(why)} ({len(marked)} cases)")


def _longest_first(items):
    """Modules in the order of their seconds in tests/support/data/file_seconds.txt (a stable sort: the
    tests of a module stay in their order); one not listed counts as `file_seconds.UNKNOWN`."""
    from file_seconds import UNKNOWN, read

    seconds = read(Path(__file__).resolve().parent / "support" / "data" / "file_seconds.txt")
    return sorted(items, key=lambda item: -seconds.get(item.nodeid.split("::")[0], UNKNOWN))


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


_held: dict = {}  # the lock file this worker holds, whether alone, and the test it runs


def _take(path: str, turnstile_path: str, how: int):
    lock = _held["file"] if "file" in _held else open(path, "a")
    with open(turnstile_path, "a") as turnstile:
        fcntl.flock(turnstile, fcntl.LOCK_EX)
        try:
            fcntl.flock(lock, how)
        finally:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
    _held.update(file=lock, exclusive=how == fcntl.LOCK_EX)


def _release() -> None:
    fcntl.flock(_held["file"], fcntl.LOCK_UN)
    _held.pop("file").close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """Every test holds the lock shared from its setup to its teardown; an exclusive one holds it alone
    from its call on (`pytest_runtest_logreport`): its setup (a server to start, a game to play before the
    timing) runs beside other tests. After an exclusive test whose next test is exclusive too, the
    worker keeps the lock: no other test runs between them."""
    paths = _lock_paths()
    if paths is None:  # one process: nothing runs beside anything
        yield
        return
    if "file" not in _held:
        _take(*paths, fcntl.LOCK_SH)
    _held["item"] = item
    try:
        yield
    finally:
        if not (_held["exclusive"] and nextitem is not None and _is_exclusive(nextitem)):
            _release()


def pytest_runtest_logreport(report):
    """An exclusive test's setup done (and reported: the wait below is no phase's duration), its call is
    next: the lock alone from now on."""
    paths = _lock_paths()
    if (paths is None or report.when != "setup" or not report.passed or _held.get("exclusive", True)
            or not _is_exclusive(_held["item"])):
        return
    # let go of the shared lock first: a worker waiting for it alone while holding it would wait for
    # itself, and two doing so for each other
    fcntl.flock(_held["file"], fcntl.LOCK_UN)
    _take(*paths, fcntl.LOCK_EX)


def pytest_sessionfinish(session):
    # a worker that is done runs nothing more that the lock could keep apart; one still running
    # opens (so makes) the files anew
    for path in _lock_paths() or ():
        try:
            os.unlink(path)
        except OSError:
            pass
