"""The repository's own rules, so that the README's test command checks them as .ci/run does: ruff
and the import rules (docs/architecture.md, contracts in pyproject.toml) pass, and the tests keep the
layout docs/architecture.md describes (a folder per area, support modules apart, names unique)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
AREAS = {"engine", "games", "bots", "rl", "web", "terminal", "simulate", "cli", "project"}


def tool(name: str) -> str:
    """A console script of this environment (beside its python), else the one on PATH."""
    here = Path(sys.executable).parent / name
    return str(here) if here.exists() else (shutil.which(name) or name)


def test_ruff_passes():
    result = subprocess.run([tool("ruff"), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_import_rules_hold():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run([tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_every_test_file_is_in_its_areas_folder_under_a_unique_name():
    files = [p for p in TESTS.rglob("test_*.py")]
    assert files
    misplaced = [str(p.relative_to(TESTS)) for p in files if p.relative_to(TESTS).parts[0] not in AREAS]
    assert not misplaced, f"test files outside the area folders (docs/architecture.md): {misplaced}"
    games = [p for p in files if p.relative_to(TESTS).parts[0] == "games"]
    assert all(len(p.relative_to(TESTS).parts) == 3 for p in games), "games/<game>/test_<game>_*.py"
    names = [p.name for p in files]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})


def test_support_modules_live_in_tests_support_only():
    """The toy game (`tests/toygame`, the template a fifth game copies) is the one helper beside them."""
    stray = [str(p.relative_to(TESTS)) for p in TESTS.rglob("*.py")
             if not p.name.startswith("test_") and p.name != "conftest.py"
             and p.relative_to(TESTS).parts[0] not in ("support", "toygame", "toygame.py")]
    assert not stray, f"helpers belong in tests/support (importable by their names): {stray}"
