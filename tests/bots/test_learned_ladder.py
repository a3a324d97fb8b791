"""benchmarks/ladder.py's learned rows: issue 50's measure (win rate against the fair share, CPU per
decision against the opponent's in the same games), written into their own section of docs/bots.md
without touching the ladder's table."""

from __future__ import annotations

from pathlib import Path

from benchmark_scripts import benchmark_script

from ludoteca.bots.arena import wilson

ROOT = Path(__file__).resolve().parents[2]


def ladder():
    return benchmark_script("ladder")


def test_the_learned_rows_are_in_the_ladder_where_weights_ship(tmp_path, monkeypatch):
    module = ladder()
    keys = {r.key for r in module.build_rows()}
    for config in ("aggravation-2p", "aggravation-4p-board4", "prime-climb-2p", "prime-climb-2p-nocards", "piramide-3p",
                   "mazmorra-3p"):
        assert {f"{config}/learned-vs-hard", f"{config}/learned-vs-greedy"} <= keys
    # the learned bot's playouts on the kernel (rl/learned_compiled.py): where that kernel search is
    for config in ("aggravation-2p", "aggravation-4p-board4"):
        assert {f"{config}/learned-compiled-vs-hard", f"{config}/learned-compiled-vs-greedy"} <= keys
    assert not any("learned-compiled" in k and not k.startswith("aggravation-") for k in keys)
    # against perfect: without cards, where the solved table is (or games of the row are recorded)
    monkeypatch.setattr(module, "table_exists", lambda: True)
    rows = {r.key: r for r in module.build_rows(tmp_path)}
    row = rows["prime-climb-2p-nocards/learned-vs-perfect"]
    assert (row.cand, row.opp) == (("learned", {}), ("perfect", {}))
    assert not any(k.endswith("/learned-vs-perfect") and not k.startswith("prime-climb-2p-nocards/") for k in rows)
    monkeypatch.setattr(module, "table_exists", lambda: False)
    assert "prime-climb-2p-nocards/learned-vs-perfect" not in {r.key for r in module.build_rows(tmp_path)}


def test_the_learned_table_weighs_the_fair_share_and_the_cpu_ratio():
    module = ladder()
    rows = {r.key: r for r in module.build_rows()}
    two, four, other = rows["aggravation-2p/learned-vs-hard"], rows["aggravation-4p-board4/learned-vs-hard"], \
        rows["aggravation-2p/hard-vs-greedy"]
    two.records = [{"i": i, "score": 1.0, "cand_cpu": [0.01, 0.03], "opp_cpu": [0.3]} for i in range(30)]
    four.records = [{"i": i, "score": float(i < 2), "cand_cpu": [0.02], "opp_cpu": [0.1, 0.3]} for i in range(40)]
    other.records = [{"i": 0, "score": 1.0}]
    text = "\n".join(module.learned_table([two, four, other, rows["aggravation-2p/learned-vs-greedy"]], 7))
    lo, hi = wilson(30, 30)
    assert f"| Aggravation, 2 players: learned vs hard | 30 | 1.000 [{lo:.3f}, {hi:.3f}] | 0.50 | above | 0.0200 (0.0200) " \
           "| 0.3000 (0.3000) | 0.0667 |" in text
    lo, hi = wilson(2, 40)
    assert f"learned vs 3 hard | 40 | 0.050 [{lo:.3f}, {hi:.3f}] | 0.25 | below |" in text and "| 0.1000 |" in text
    assert "| Aggravation, 2 players: learned vs greedy | 0 | — |" in text
    assert "hard vs greedy" not in text and "seed 7" in text


def test_the_learned_section_is_written_alone(tmp_path):
    module = ladder()
    page = tmp_path / "bots.md"
    page.write_text("a\n<!-- learned-results:start -->\nold\n<!-- learned-results:end -->\nb\n"
                    "<!-- ladder:start -->\nthe ladder\n<!-- ladder:end -->\n", encoding="utf-8")
    module.write_section(page, ["new"], module.LEARNED)
    assert page.read_text(encoding="utf-8") == ("a\n<!-- learned-results:start -->\nnew\n<!-- learned-results:end -->\nb\n"
                                                "<!-- ladder:start -->\nthe ladder\n<!-- ladder:end -->\n")
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert all(mark in text for mark in module.LEARNED)
