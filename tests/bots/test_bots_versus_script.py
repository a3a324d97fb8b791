"""benchmarks/versus.py: bad input says what is wrong on one line, before any game is played."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("candidate, expected", [
    ('["nobot", {}]', "unknown bot 'nobot'"),
    ('["lookahead", {"bogus": 1}]', "unknown lookahead parameter(s): bogus"),
    ('["hard", {"playouts": "x"}]', "lookahead parameter 'playouts' must be a whole number of at least 1, not 'x'"),
    ('"hard"', 'a bot is [name, {parameters}], not "hard"'),
    ('["perfect", {}]', "perfect"),
    ("[not json", "Expecting value"),
])
def test_a_bad_bot_is_one_line_and_no_game(candidate, expected):
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "versus.py"), "aggravation", candidate, "--games", "2"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.startswith("versus.py: error:")]
    assert len(lines) == 1 and expected in lines[0], done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
