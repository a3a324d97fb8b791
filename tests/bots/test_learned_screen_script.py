"""benchmarks/learned_screen.py: variants of the learned bot on common seeds, recorded game by game
(a rerun plays nothing twice), reported with the paired difference; bad input is one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = str(ROOT / "benchmarks" / "learned_screen.py")


def screen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, SCRIPT, "aggravation", *args], capture_output=True, text=True, timeout=600)


def test_variants_play_the_same_games_and_a_rerun_adds_none(tmp_path):
    out = tmp_path / "screen.jsonl"
    args = ["--games", "2", "--variant", '{"playouts": 0}', "--variant", '{"playouts": 4, "candidates": 2}',
            "--out", str(out)]
    done = screen(*args)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted((r["variant"], r["game"]) for r in rows) == sorted(
        (v, i) for v in ('{"playouts": 0}', '{"candidates": 2, "playouts": 4}') for i in (0, 1))
    assert all(r["score"] in (0.0, 0.5, 1.0) and r["cpu"] for r in rows)
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and "over 2 games" in lines[0] and "paired with the first over 2" in lines[1]
    again = screen(*args)
    assert again.returncode == 0 and out.read_text().count("\n") == 4  # nothing played twice
    assert again.stdout == done.stdout  # the same games, the same figures


def test_a_variant_plays_the_same_game_the_same_way(tmp_path):
    """Seeded: the one-ply bot and greedy are deterministic, so two runs give the same record."""
    for name in ("a", "b"):
        assert screen("--games", "1", "--variant", '{"playouts": 0}', "--out", str(tmp_path / name)).returncode == 0
    strip = [[{k: v for k, v in json.loads(line).items() if k != "cpu"} for line in (tmp_path / name).read_text().splitlines()]
             for name in ("a", "b")]
    assert strip[0] == strip[1]


@pytest.mark.parametrize("args, expected", [
    (["--variant", '{"bogus": 1}'], "unknown learned parameter(s): bogus"),
    (["--variant", '{"playouts": -1}'], "learned parameter 'playouts' must be a whole number of at least 0, not -1"),
    (["--variant", "[1]"], "a variant is {parameters}, not [1]"),
    (["--variant", "{}", "--against", '["nobot", {}]'], "unknown bot 'nobot'"),
    (["--variant", "{}", "--players", "3"], "the learned bot plays Aggravation with 2 or 4 players"),
])
def test_bad_input_is_one_line_and_no_game(tmp_path, args, expected):
    out = tmp_path / "screen.jsonl"
    done = screen(*args, "--games", "1", "--out", str(out))
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.startswith("learned_screen.py: error:")]
    assert len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr and not out.exists()
