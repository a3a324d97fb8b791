"""The suite never reads the user's cache (tests/conftest.py gives each test process a cache folder of
its own, empty): what a test sees does not depend on the machine, such as a developer's solved
Prime Climb table in ~/.cache/ludoteca, or a `LUDOTECA_CACHE_DIR` set in the shell."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

INNER = '''
import os, subprocess, sys
from pathlib import Path

from ludoteca.games.prime_climb.solvers import table as tables


def test_the_table_on_this_machine_is_not_seen():
    here = tables.cache_dir()
    for theirs in (Path(os.environ["XDG_CACHE_HOME"]), Path(os.environ["SHELL_CACHE"])):
        assert not here.resolve().is_relative_to(theirs.resolve()), here
    assert not tables.table_path().exists()
    # and a process the test starts (a CLI run, a server) sees the same folder
    started = subprocess.run([sys.executable, "-c", "from ludoteca.games.prime_climb.solvers import table; print(table.cache_dir())"],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert Path(started) == here
'''


def test_a_solved_table_in_the_users_cache_or_the_shells_is_never_read(tmp_path):
    """A run of this very conftest where the user's cache (XDG_CACHE_HOME) and the cache named by the
    shell's LUDOTECA_CACHE_DIR both hold a solved table: the tests see neither (fails without the
    conftest's own folder: `table_path()` is the user's)."""
    user, shell = tmp_path / "user-cache", tmp_path / "shell-cache"
    for folder in (user / "ludoteca", shell):
        (folder / "prime-climb").mkdir(parents=True)
        (folder / "prime-climb" / "duel-goal101-v1.npy").write_bytes(b"a table")
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (suite / "test_cache.py").write_text(INNER)
    (suite / "pytest.ini").write_text("[pytest]\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(XDG_CACHE_HOME=str(user), LUDOTECA_CACHE_DIR=str(shell), SHELL_CACHE=str(shell),
               PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests" / "support")]))
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-q", str(suite)],
                            cwd=suite, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_this_session_reads_a_cache_of_its_own():
    """This very run: the folder is not the user's, and it holds no solved table."""
    import platformdirs

    from ludoteca.games.prime_climb.solvers import table as tables

    user = Path(platformdirs.user_cache_dir("ludoteca")).resolve()
    here = tables.cache_dir().resolve()
    assert here != user and not here.is_relative_to(user), here
    assert not tables.table_path().exists()
