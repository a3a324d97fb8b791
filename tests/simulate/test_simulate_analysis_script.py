"""scripts/make_analysis.py rewrites docs/analysis.md's measured sections and keeps the hand-written end."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def make_analysis():
    spec = importlib.util.spec_from_file_location("make_analysis", ROOT / "scripts" / "make_analysis.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hand_written_end_is_kept():
    module = make_analysis()
    text = "# Balance\nold tables\n" + module.KEPT + "\n\n## solved\nby hand\n"
    assert module.kept_part(text) == "\n" + module.KEPT + "\n\n## solved\nby hand\n"
    assert module.kept_part("# Balance\nno hand-written part\n") == ""


def test_the_published_document_has_the_marker_before_its_hand_written_section():
    module = make_analysis()
    text = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    kept = module.kept_part(text)
    assert "## prime-climb, two players without cards: the solved game" in kept
    assert "### prime-climb: greedy in every seat" not in kept  # the measured sections come before it
