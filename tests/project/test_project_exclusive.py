"""The `exclusive` marker (tests/conftest.py): under xdist a test that asserts a time bound runs with
no other test beside it, while the others do run side by side. A small suite run on two workers with
this very conftest logs when each test ran (CLOCK_MONOTONIC is one clock for every process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("xdist", reason="pytest-xdist is in the test extra")

ROOT = Path(__file__).resolve().parents[2]

SUITE = '''
import json, os, time
import pytest

def record(name, start):
    with open(os.environ["EXCLUSIVE_LOG"], "a") as log:
        log.write(json.dumps([name, start, time.monotonic()]) + "\\n")

@pytest.mark.parametrize("i", range(6))
def test_before(i):
    start = time.monotonic(); time.sleep(0.3); record(f"before{i}", start)

@pytest.mark.exclusive
def test_alone():
    start = time.monotonic(); time.sleep(1.0); record("alone", start)

@pytest.mark.parametrize("i", range(6))
def test_after(i):
    start = time.monotonic(); time.sleep(0.3); record(f"after{i}", start)
'''


def test_an_exclusive_test_runs_alone_and_the_others_side_by_side(tmp_path):
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (tmp_path / "test_timed.py").write_text(SUITE)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    exclusive: alone\n")
    log = tmp_path / "log.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(EXCLUSIVE_LOG=str(log), PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests" / "support")]))
    result = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-q", str(tmp_path)],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    runs = {name: (start, end) for name, start, end in map(json.loads, log.read_text().splitlines())}
    assert len(runs) == 13
    alone = runs.pop("alone")
    beside = [name for name, (start, end) in runs.items() if start < alone[1] and alone[0] < end]
    assert not beside, f"ran beside the exclusive test: {beside}"
    spans = sorted(runs.values())
    assert any(b[0] < a[1] for a, b in zip(spans, spans[1:])), "the other tests never ran side by side"


TIMED_MODULE = '''
import json, os, time
import pytest

def record(name, start):
    with open(os.environ["EXCLUSIVE_LOG"], "a") as log:
        log.write(json.dumps([name, start, time.monotonic()]) + "\\n")

def test_first():
    start = time.monotonic(); time.sleep(0.3); record("first", start)

@pytest.mark.exclusive
def test_alone_one():
    start = time.monotonic(); time.sleep(1.0); record("alone1", start)

def test_between():
    start = time.monotonic(); time.sleep(0.3); record("between", start)

@pytest.mark.exclusive
def test_alone_two():
    start = time.monotonic(); time.sleep(1.0); record("alone2", start)
'''

OTHER_MODULE = '''
import json, os, time
import pytest

@pytest.mark.parametrize("i", range(12))
def test_other(i):
    start = time.monotonic(); time.sleep(0.3)
    with open(os.environ["EXCLUSIVE_LOG"], "a") as log:
        log.write(json.dumps([f"other{i}", start, time.monotonic()]) + "\\n")
'''


def _timed_run(tmp_path, timed_module: str) -> dict[str, tuple[float, float]]:
    """Each test's (start, end) when this conftest runs `timed_module` beside OTHER_MODULE on two workers."""
    (tmp_path / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (tmp_path / "test_timed.py").write_text(timed_module)
    (tmp_path / "test_other.py").write_text(OTHER_MODULE)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    exclusive: alone\n")
    log = tmp_path / "log.jsonl"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(EXCLUSIVE_LOG=str(log), PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests" / "support")]))
    result = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadfile", "-p", "no:cacheprovider", "-q", str(tmp_path)],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return {name: (start, end) for name, start, end in map(json.loads, log.read_text().splitlines())}


def test_a_modules_exclusive_tests_run_first_in_one_stretch_alone(tmp_path):
    """Per file (`--dist loadfile`, as addopts): a module's two exclusive tests, with another between them
    in the file, run first and one right after the other, and no test of any worker runs from the first's
    start to the second's end (the worker kept the lock: no test of the other worker in between)."""
    runs = _timed_run(tmp_path, TIMED_MODULE)
    assert len(runs) == 16
    one, two = runs.pop("alone1"), runs.pop("alone2")
    assert one[1] <= two[0], "the module's exclusive tests run in their order"
    assert runs["first"][0] >= two[1] and runs["between"][0] >= two[1], "a module's exclusive tests run first"
    beside = [name for name, (start, end) in runs.items() if start < two[1] and one[0] < end]
    assert not beside, f"ran beside or between the exclusive tests: {beside}"


SETUP_MODULE = '''
import json, os, time
import pytest

def record(name, start):
    with open(os.environ["EXCLUSIVE_LOG"], "a") as log:
        log.write(json.dumps([name, start, time.monotonic()]) + "\\n")

@pytest.fixture
def started():
    start = time.monotonic(); time.sleep(2.0); record("setup", start)

@pytest.mark.exclusive
def test_alone(started):
    start = time.monotonic(); time.sleep(1.0); record("alone", start)
'''


def test_an_exclusive_tests_setup_runs_beside_others_and_its_call_alone(tmp_path):
    """What an exclusive test times is its call: its setup (a server to start) runs while other tests do,
    and nothing runs beside its call."""
    runs = _timed_run(tmp_path, SETUP_MODULE)
    setup, alone = runs.pop("setup"), runs.pop("alone")
    assert len(runs) == 12
    assert [name for name, (start, end) in runs.items() if start < setup[1] and setup[0] < end], "nothing ran beside the setup"
    beside = [name for name, (start, end) in runs.items() if start < alone[1] and alone[0] < end]
    assert not beside, f"ran beside the exclusive test's call: {beside}"
