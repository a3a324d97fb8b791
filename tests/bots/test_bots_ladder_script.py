"""benchmarks/ladder.py writes docs/bots.md's ladder section from its own measurements."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from benchmark_scripts import benchmark_script

from ludoteca.bots.arena import wilson

ROOT = Path(__file__).resolve().parents[2]


def ladder():
    return benchmark_script("ladder")


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


def test_rows_cover_issue_17():
    rows = {r.key: r for r in ladder().build_rows()}
    for config in ("prime-climb-2p", "prime-climb-2p-nocards", "aggravation-2p", "aggravation-4p-board4",
                   "piramide-3p", "mazmorra-3p"):
        assert f"{config}/hard-vs-greedy" in rows and f"{config}/medium-vs-easy" in rows
    assert {"solo/hard", "solo/greedy"} <= set(rows)
    assert rows["aggravation-4p-board4/hard-vs-greedy"].game[1:3] == ({"board": 4}, 4)
    pytest.importorskip("pyspiel")
    assert "prime-climb-2p/hard-vs-openspiel-mcts" in rows and "aggravation-2p/hard-vs-openspiel-mcts" in rows


def test_every_row_and_game_has_its_own_seed():
    # engine.rng.derive_seed reads 8 bytes of a text part: row keys sharing a prefix and a length
    # (prime-climb-2p/medium-vs-easy, prime-climb-2p/hard-vs-greedy...) must still get their own games
    # (a row that names another's seeds plays that row's games: counted once, as that row)
    module = ladder()
    rows = module.build_rows()
    own = [row for row in rows if not row.seeds]
    seeds = {module.row_seed(2026, row, i) for row in own for i in range(50)}
    assert len(seeds) == 50 * len(own)


def test_hard_without_cards_plays_perfects_games():
    """The goal "hard within 0.03 of perfect" compares two rows: they play the same seeds, and the
    shared seeds are part of the fingerprint (records of the row's own seeds are set aside)."""
    module = ladder()
    rows = {r.key: r for r in module.build_rows()}
    hard = rows["prime-climb-2p-nocards/hard-vs-greedy"]
    assert hard.seeds == "prime-climb-2p-nocards/perfect-vs-greedy"
    perfect = module.Row(hard.seeds, hard.config, "versus", ("perfect", {}), ("greedy", {}), "perfect vs greedy")
    assert [module.row_seed(2026, hard, i) for i in range(5)] == [module.row_seed(2026, perfect, i) for i in range(5)]
    alone = module.Row(hard.key, hard.config, "versus", hard.cand, hard.opp, hard.label)
    assert module.row_seed(2026, alone, 0) != module.row_seed(2026, hard, 0)
    assert module.fingerprint(alone) != module.fingerprint(hard)


def test_the_table_counts_only_games_of_the_current_bots(tmp_path):
    module = ladder()
    row = next(r for r in module.build_rows() if r.key == "aggravation-2p/medium-vs-easy")
    fp = module.fingerprint(row)
    lines = [{"fp": fp, "i": i, "seat": i % 2, "score": s, "decisions": 3, "cand_cpu": [0.001 * (i + 1)] * 10,
              "opp_cpu": [0.5], "cpu_s": 0.1} for i, s in enumerate([1.0, 1.0, 0.0, 0.5])]
    for i in (0, 1):  # CPU per turn, in the games that recorded it
        lines[i]["cand_turn_cpu"] = [0.01 * (i + 1)]
    lines.append({**lines[0], "i": 7, "fp": "an-older-one"})
    lines.append(lines[1])  # the same game twice counts once
    text = "".join(json.dumps(x) + "\n" for x in lines) + '{"fp": "' + fp + '", "i": 9, "sc'  # cut by a kill
    (tmp_path / row.file).write_text(text, encoding="utf-8")
    module.load(row, tmp_path, fp)
    assert len(row.records) == 4 and row.stale == 2
    text = "\n".join(module.table([row], 2026))
    lo, hi = wilson(2.5, 4)
    assert f"| medium vs easy | 4 | 0.625 [{lo:.3f}, {hi:.3f}] | 0.50 | not separated |" in text
    # median / p95 (mean) of the CPU per decision, median / p95 per turn
    assert "| 0.0025 / 0.004 (0.0025) | 0.015 / 0.02 | 0.5 / 0.5 (0.5) | — |" in text
    assert ladder()._secs(0.00004) == "<0.001" and ladder()._secs(0.01234) == "0.0123"
    assert "2 recorded games of earlier versions, or unreadable lines, set aside" in text
    module.prune(row, tmp_path)
    kept = [json.loads(x) for x in (tmp_path / row.file).read_text(encoding="utf-8").splitlines()]
    assert sorted(r["i"] for r in kept) == [0, 1, 2, 3] and {r["fp"] for r in kept} == {fp}


def test_a_line_cut_by_a_kill_costs_only_itself(tmp_path):
    module = ladder()
    row = next(r for r in module.build_rows() if r.key == "solo/greedy")
    fp = module.fingerprint(row)
    good = {"fp": fp, "i": 0, "turns": 9, "cand_cpu": [0.001], "cpu_s": 0.1}
    (tmp_path / row.file).write_text(json.dumps(good) + "\n" + '{"fp": "' + fp + '", "i": 1, "tu', encoding="utf-8")
    module.load(row, tmp_path, fp)
    assert [r["i"] for r in row.records] == [0] and row.stale == 1
    module.append(tmp_path, row, {**good, "i": 1})  # starts a fresh line after the cut one
    module.load(row, tmp_path, fp)
    assert [r["i"] for r in row.records] == [0, 1] and row.stale == 1


def test_a_rerun_adds_games_and_never_repeats_one(tmp_path, monkeypatch):
    module = ladder()
    results, page = tmp_path / "results", tmp_path / "bots.md"
    page.write_text("x\n<!-- ladder:start -->\n<!-- ladder:end -->\n", encoding="utf-8")

    def run(games):
        monkeypatch.setattr(sys, "argv", ["ladder.py", "--rows", "aggravation-2p/medium-vs-easy,solo/greedy",
                                          "--games", str(games), "--results", str(results), "--write", str(page)])
        module.main()
        return {f.name: f.read_text(encoding="utf-8").splitlines() for f in results.glob("*.jsonl")}

    first = run(2)
    assert sorted(first) == ["aggravation-2p__medium-vs-easy.jsonl", "solo__greedy.jsonl"]
    more = run(3)
    for name, lines in more.items():
        assert lines[:2] == first[name] and len(lines) == 3
        assert sorted(json.loads(x)["i"] for x in lines) == [0, 1, 2]
    assert run(3) == more
    record = json.loads(more["aggravation-2p__medium-vs-easy.jsonl"][0])
    assert record["seat"] == 0 and record["cand_cpu"] and all(t >= 0 for t in record["cand_cpu"] + record["opp_cpu"])
    # every decision's CPU is in exactly one turn
    assert abs(sum(record["cand_turn_cpu"]) - sum(record["cand_cpu"])) < 1e-4
    assert abs(sum(record["opp_turn_cpu"]) - sum(record["opp_cpu"])) < 1e-4
    text = page.read_text(encoding="utf-8")
    assert "| Aggravation | 2 | medium vs easy | 3 |" in text and "| greedy | 3 |" in text


def test_a_turn_is_a_seats_decisions_in_a_row():
    turns = ladder()._turns([(0, 0.1), (0, 0.2), (1, 0.3), (0, 0.4), (2, 0.0), (2, 0.5)])
    assert [s for s, _ in turns] == [0, 1, 0, 2]
    assert [round(t, 9) for _, t in turns] == [0.3, 0.3, 0.4, 0.5]


def test_retuning_one_games_level_restarts_that_games_rows_only(monkeypatch):
    """levels.py and the game's plugin.py (where its levels are declared) are left out of the code hash (a level is in the fingerprint as the bot and
    parameters it resolves to): a new Aggravation `easy` restarts Aggravation's medium-vs-easy
    rows and no other game's."""
    from ludoteca.engine.registry import plugin_of

    module = ladder()
    rows = {r.key: r for r in module.build_rows()}
    keys = ["aggravation-2p/medium-vs-easy", "aggravation-2p/hard-vs-greedy", "piramide-3p/medium-vs-easy"]
    before = {k: module.fingerprint(rows[k]) for k in keys}
    monkeypatch.setitem(plugin_of("aggravation").levels, "easy", ("noisy-greedy", {"noise": 0.9}))
    after = {k: module.fingerprint(rows[k]) for k in keys}
    assert after["aggravation-2p/medium-vs-easy"] != before["aggravation-2p/medium-vs-easy"]
    assert after["aggravation-2p/hard-vs-greedy"] == before["aggravation-2p/hard-vs-greedy"]
    assert after["piramide-3p/medium-vs-easy"] == before["piramide-3p/medium-vs-easy"]


def test_new_weights_restart_the_rows_of_every_bot_that_loads_them(aggravation_tree):
    """Both `learned` and `learned-compiled` (registered from rl/) play the net of bots/weights/: new
    2-player weights restart their 2-player rows, and neither the 4-player rows nor a lookahead row
    (the compiled rows once read no weights: their fingerprint passed no player count)."""
    import shutil

    src, _digest = aggravation_tree
    module = ladder()
    shutil.copytree(ROOT / "src" / "ludoteca" / "rl", src / "rl")
    rows = {r.key: r for r in module.build_rows()}
    keys = ["aggravation-2p/learned-vs-hard", "aggravation-2p/learned-compiled-vs-hard",
            "aggravation-4p-board4/learned-compiled-vs-hard", "aggravation-2p/hard-vs-greedy"]

    def prints() -> dict[str, str]:
        module._CODE.clear()
        return {k: module.fingerprint(rows[k]) for k in keys}

    before = prints()
    with open(src / "bots" / "weights" / "aggravation-2p.json", "a", encoding="utf-8") as f:
        f.write("\n")
    with open(src / "bots" / "weights" / "aggravation-2p.npz", "ab") as f:
        f.write(b"new weights")
    after = prints()
    assert after["aggravation-2p/learned-vs-hard"] != before["aggravation-2p/learned-vs-hard"]
    assert after["aggravation-2p/learned-compiled-vs-hard"] != before["aggravation-2p/learned-compiled-vs-hard"]
    assert after["aggravation-4p-board4/learned-compiled-vs-hard"] == before["aggravation-4p-board4/learned-compiled-vs-hard"]
    assert after["aggravation-2p/hard-vs-greedy"] == before["aggravation-2p/hard-vs-greedy"]


@pytest.fixture
def aggravation_tree(tmp_path, monkeypatch):
    """A copy of bots/ and the Aggravation package for the ladder to hash: (its src folder, a
    function giving the digest of Aggravation's code as it reads at the call)."""
    import shutil

    module = ladder()
    src = tmp_path / "src" / "ludoteca"
    shutil.copytree(ROOT / "src" / "ludoteca" / "bots", src / "bots")
    shutil.copytree(ROOT / "src" / "ludoteca" / "games" / "aggravation", src / "games" / "aggravation")
    monkeypatch.setattr(module, "ROOT", tmp_path)

    def digest(bots: tuple[str, ...] = ("lookahead", "greedy")) -> str:
        module._CODE.clear()
        return module.code_hash("aggravation", False, bots)

    yield src, digest
    module._CODE.clear()


def test_the_code_hash_reads_bots_but_levels_and_the_games_package(aggravation_tree):
    src, digest = aggravation_tree
    first = digest()
    with open(src / "bots" / "levels.py", "a", encoding="utf-8") as f:
        f.write("\nRETUNED = 1\n")
    assert digest() == first
    for changed in (src / "bots" / "greedy.py", src / "games" / "aggravation" / "evaluation.py"):
        with open(changed, "a", encoding="utf-8") as f:
            f.write("\nCHANGED = 1\n")
        assert digest() != first
        first = digest()


def test_the_code_hash_reads_only_the_bots_modules_the_row_runs(aggravation_tree):
    """Of bots/, a row's hash reads the modules its bots import (and the game package's and
    arena's imports): a change to the tree search restarts the rows that search with it, not a
    lookahead row; a change to what both import restarts both."""
    src, digest = aggravation_tree
    module = ladder()
    names = sorted(p.name for p in module.bot_modules(src, [module.bot_file(src, "lookahead")]))
    assert names == ["base.py", "lookahead.py", "policies.py", "turns.py"]
    tree = sorted(p.name for p in module.bot_modules(src, [module.bot_file(src, "ismcts")]))
    assert {"ismcts.py", "mcts.py", "search.py", "base.py"} <= set(tree) and "lookahead.py" not in tree
    lookahead, ismcts = digest(), digest(("ismcts", "greedy"))
    with open(src / "bots" / "search.py", "a", encoding="utf-8") as f:
        f.write("\nCHANGED = 1\n")
    assert digest() == lookahead and digest(("ismcts", "greedy")) != ismcts
    lookahead, ismcts = digest(), digest(("ismcts", "greedy"))
    with open(src / "bots" / "turns.py", "a", encoding="utf-8") as f:
        f.write("\nCHANGED = 1\n")
    assert digest() != lookahead and digest(("ismcts", "greedy")) != ismcts


def test_bot_modules_follow_package_imports_and_nested_ones(tmp_path):
    """`from ..bots import make_bot` counts as bots/base.py (where the package's __init__ takes it
    from); an import inside a function counts too; __init__.py and levels.py never do."""
    module = ladder()
    src = tmp_path / "ludoteca"
    (src / "bots").mkdir(parents=True)
    (src / "rl").mkdir()
    (src / "bots" / "__init__.py").write_text("from .base import make_bot\nfrom .levels import LEVELS\n")
    (src / "bots" / "base.py").write_text("def make_bot(): pass\n")
    (src / "bots" / "levels.py").write_text("LEVELS = {}\n")
    (src / "bots" / "late.py").write_text("X = 1\n")
    (src / "bots" / "unused.py").write_text("Y = 1\n")
    (src / "rl" / "user.py").write_text(
        "from ..bots import make_bot, LEVELS\n\ndef f():\n    from ludoteca.bots import late\n    return late\n")
    assert [p.name for p in module.bot_modules(src, [src / "rl" / "user.py"])] == ["base.py", "late.py"]


def test_the_code_hash_reads_the_games_data_but_no_comment(aggravation_tree):
    """A board or deck file plays as much as code does; a comment, a docstring or blank lines
    do not play, so mending one keeps every row's games."""
    src, digest = aggravation_tree
    first = digest()
    greedy = src / "bots" / "greedy.py"
    text = greedy.read_text(encoding="utf-8")
    mended = text.replace('"""', '"""Mended. ', 1).replace("node_budget = 20000\n", "node_budget = 20000  # mended\n\n")
    assert mended != text
    greedy.write_text(mended, encoding="utf-8")
    assert digest() == first
    board = src / "games" / "aggravation" / "boards" / "classic4.json"
    data = json.loads(board.read_text(encoding="utf-8"))
    board.write_text(json.dumps(data, indent=1), encoding="utf-8")  # the same data, laid out anew
    assert digest() == first
    data[next(iter(data))] = "changed"
    board.write_text(json.dumps(data), encoding="utf-8")
    assert digest() != first


def test_played_text_cuts_comments_and_string_statements_only():
    module = ladder()
    src = '''"""A module."""
# a comment
X = (
    "kept"  # a string in brackets is data
    "too"
)


def f():
    # why
    """Its docstring."""
    return "kept"  # and the returned one
'''
    out = module.source_that_plays(src.encode()).decode()
    assert out == 'X = (\n    "kept"\n    "too"\n)\ndef f():\n    return "kept"\n', out


def test_perfects_rows_stay_in_the_table_without_the_solved_table(tmp_path, monkeypatch):
    """On a machine without the solved table, `perfect`'s rows are kept where games of them are
    recorded (so `--games 0 --write` does not drop them from docs/bots.md), and none is played."""
    module = ladder()
    monkeypatch.setattr(module, "table_exists", lambda: False)
    keys = {r.key for r in module.build_rows(tmp_path)}
    assert not any("perfect" in k for k in keys)
    for row in ("perfect-vs-greedy", "learned-vs-perfect"):
        (tmp_path / f"prime-climb-2p-nocards__{row}.jsonl").write_text("", encoding="utf-8")
    keys = {r.key for r in module.build_rows(tmp_path)}
    assert "prime-climb-2p-nocards/perfect-vs-greedy" in keys and "prime-climb-2p-nocards/perfect-vs-hard" not in keys
    assert "prime-climb-2p-nocards/learned-vs-perfect" in keys  # perfect as the opponent: the same rule
    assert {r.key for r in module.build_rows()} >= {"prime-climb-2p-nocards/perfect-vs-greedy",
                                                    "prime-climb-2p-nocards/perfect-vs-hard"}  # the committed records
    monkeypatch.setattr(sys, "argv", ["ladder.py", "--games", "1", "--rows", "perfect", "--results", str(tmp_path)])
    monkeypatch.setattr(module, "write_section", lambda *a: None)
    module.main()  # would fail in a worker if it tried to play perfect without the table
    assert (tmp_path / "prime-climb-2p-nocards__perfect-vs-greedy.jsonl").read_text(encoding="utf-8") == ""
    assert (tmp_path / "prime-climb-2p-nocards__learned-vs-perfect.jsonl").read_text(encoding="utf-8") == ""


def test_a_bot_of_rl_is_hashed_with_the_rl_modules_and_the_bots_package_it_builds_on(aggravation_tree, monkeypatch):
    """`learned-compiled` (rl/learned_compiled.py) is registered from rl/: its rows' hash reads its
    module, the search the game's kernel declares for it (KernelSpec.search, loaded by name), the
    kernel modules these reach and bots/learned/ with the weights; a change to the declared search
    restarts its rows and no lookahead row."""
    import dataclasses
    import shutil

    src, digest = aggravation_tree
    module = ladder()
    shutil.copytree(ROOT / "src" / "ludoteca" / "rl", src / "rl")
    names = {p.relative_to(src).as_posix() for p in module.outside_bots(src, ("learned-compiled", "hard"), "aggravation", 2)}
    assert {"rl/learned_compiled.py", "rl/vector/aggravation_search.py", "rl/vector/aggravation.py",
            "rl/vector/aggravation_greedy.py", "bots/learned/net.py", "bots/weights/aggravation-2p.npz"} <= names
    assert not any(n.startswith("rl/vector/piramide") or "aggravation-4p" in n for n in names)
    assert module.outside_bots(src, ("learned", "hard"), "aggravation", 2) == []

    def compiled() -> str:
        module._CODE.clear()
        return module.code_hash("aggravation", False, ("greedy", "learned-compiled"), 2)

    lookahead, mine = digest(), compiled()
    for changed in (src / "rl" / "vector" / "aggravation_search.py", src / "bots" / "learned" / "net.py"):
        with open(changed, "a", encoding="utf-8") as f:
            f.write("\nCHANGED = 1\n")
        assert compiled() != mine and digest() == lookahead
        mine = compiled()
    # the declaration, not an import, names the search: declared elsewhere, that file is hashed too
    # (the original stays hashed only because the copy's self-play imports it)
    other = src / "rl" / "vector" / "other_search.py"
    shutil.copy(src / "rl" / "vector" / "aggravation_search.py", other)

    def hashed() -> set[str]:
        return {p.relative_to(src).as_posix() for p in module.outside_bots(src, ("learned-compiled",), "aggravation", 2)}

    assert "rl/vector/other_search.py" not in hashed()
    plugin_of, plugin = module.plugin_of, module.plugin_of("aggravation")
    moved = dataclasses.replace(plugin, kernel=dataclasses.replace(plugin.kernel, search="ludoteca.rl.vector.other_search:PlayoutSearch"))
    monkeypatch.setattr(module, "plugin_of", lambda name: moved if name == "aggravation" else plugin_of(name))
    assert "rl/vector/other_search.py" in hashed()
    mine = compiled()
    with open(other, "a", encoding="utf-8") as f:
        f.write("\nCHANGED = 1\n")
    assert compiled() != mine
