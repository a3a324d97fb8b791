"""benchmarks/ladder.py writes docs/bots.md's ladder section from its own measurements."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def ladder():
    spec = importlib.util.spec_from_file_location("ladder", ROOT / "benchmarks" / "ladder.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_write_section_replaces_only_the_ladder(tmp_path):
    page = tmp_path / "bots.md"
    page.write_text("# Bots\nbefore\n<!-- ladder:start -->\nold table\n<!-- ladder:end -->\nafter\n", encoding="utf-8")
    ladder().write_section(page, ["| a | b |", "|---|---|", "| 1 | 2 |"])
    text = page.read_text(encoding="utf-8")
    assert "old table" not in text and "| 1 | 2 |" in text
    assert text.startswith("# Bots\nbefore\n<!-- ladder:start -->\n| a | b |") and text.endswith("<!-- ladder:end -->\nafter\n")
    plain = tmp_path / "plain.md"
    plain.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no <!-- ladder:start -->"):
        ladder().write_section(plain, ["x"])


def test_docs_bots_has_the_section_the_script_writes():
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert text.count("<!-- ladder:start -->") == 1 and text.count("<!-- ladder:end -->") == 1
