"""Simulation at scale on the toy race: rotation, seeds, determinism, resume, statistics, reports, CLI."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, strategies as st
from typer.testing import CliRunner

from ludoteca.bots import BOTS, register_bot
from ludoteca.engine import GameRecord, LudotecaError, game_names, make_game, replay
from ludoteca.engine.i18n import set_language
from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.simulate import Request, rotated_seats, run, wilson, write_report
from ludoteca.simulate.plan import make_variants, parse_records, specs_for
from ludoteca.simulate.report import findings
from ludoteca.simulate.stats import summarise_variant
from ludoteca.simulate.store import Store
from simtoys import CrashingBot, IllegalBot, ScoredToyGame
from toygame import ToyGame

TOY = ["toygame:ToyGame"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def toy_games():
    register_game(ToyGame)
    register_game(ScoredToyGame)
    yield
    set_language("en")  # --lang es in a CLI test must not leak into the next test
    unregister_game("toy")
    unregister_game("toy-scored")


def lines(folder: Path) -> list[str]:
    return sorted((folder / "games.jsonl").read_text().splitlines())


# --- plan: rotation and seeds --------------------------------------------------------------

@given(st.lists(st.sampled_from(["random", "greedy", "mcts"]), min_size=2, max_size=4), st.integers(1, 5))
def test_every_agent_sits_in_every_seat_equally_often(agents, rounds):
    n = len(agents)
    seen = Counter((agent, seat) for i in range(n * rounds) for seat, agent in enumerate(rotated_seats(agents, i)))
    for agent, copies in Counter(agents).items():
        for seat in range(n):
            assert seen[(agent, seat)] == copies * rounds


def test_seeds_depend_only_on_the_game_index():
    variants = make_variants("toy", [], [("target", ["6", "12"])])
    few = specs_for("toy", variants, ["greedy", "random"], 7, 5, 1000, set(), [])
    many = specs_for("toy", variants, ["greedy", "random"], 7, 50, 1000, set(), [])
    by_key = {(s.variant, s.index): s for s in many}
    for spec in few:
        assert by_key[(spec.variant, spec.index)] == spec
    seeds = {s.seed for s in many if s.variant == "target=6"}
    assert len(seeds) == 50  # every game its own dice
    assert {s.seed for s in many if s.variant == "target=12"} == seeds  # variants share them
    assert specs_for("toy", variants, ["greedy", "random"], 8, 5, 1000, set(), [])[0].seed != few[0].seed


def test_records_spec():
    assert parse_records("none", 10) == set()
    assert parse_records("3", 10) == {0, 1, 2}
    assert parse_records("40", 10) == set(range(10))
    assert parse_records("0,7", 10) == {0, 7}
    with pytest.raises(LudotecaError, match="--records"):
        parse_records("some", 10)


# --- determinism across worker counts --------------------------------------------------------

def test_same_results_with_one_or_two_worker_processes(tmp_path):
    base = dict(game="toy", seats=["greedy", "random"], games=60, seed=11, plugins=TOY, sweep=["target=5,9"])
    one = run(Request(out=tmp_path / "one", workers=1, **base), show_progress=False)
    two = run(Request(out=tmp_path / "two", workers=2, **base), show_progress=False)
    assert one.played == two.played == 120
    assert lines(tmp_path / "one") == lines(tmp_path / "two")
    assert sorted(p.name for p in (tmp_path / "two" / "records").iterdir()) == sorted(p.name for p in (tmp_path / "one" / "records").iterdir())


# --- resume ----------------------------------------------------------------------------------

def test_an_interrupted_run_resumes_where_it_stopped(tmp_path):
    req = dict(game="toy", seats=["greedy", "random", "random"], games=90, seed=3, plugins=TOY)
    run(Request(out=tmp_path / "whole", **req), show_progress=False)

    seen = []

    def stop_after_37(row):
        seen.append(row)
        if len(seen) == 37:
            raise KeyboardInterrupt

    first = run(Request(out=tmp_path / "cut", **req), show_progress=False, on_row=stop_after_37)
    assert first.interrupted and first.played == 37
    with open(tmp_path / "cut" / "games.jsonl", "a") as fh:
        fh.write('{"variant": "default", "ind')  # a row cut off mid-write
    assert len(Store(tmp_path / "cut").rows()) == 37
    second = run(Request(out=tmp_path / "cut", **req), show_progress=False)
    assert (second.skipped, second.played, second.interrupted) == (37, 53, False)
    assert lines(tmp_path / "cut") == lines(tmp_path / "whole")
    manifest = json.loads((tmp_path / "cut" / "run.json").read_text())
    assert [s["games"] for s in manifest["sessions"]] == [37, 53]


def test_a_killed_run_loses_no_finished_game(tmp_path):
    """A real SIGKILL of a running simulation: every row on disk survives; the rerun completes it."""
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from ludoteca.simulate import Request, run\n"
        "run(Request('toy', ['greedy', 'random'], 400, Path(sys.argv[1]), seed=5, plugins=['toygame:ToyGame']),\n"
        "    show_progress=False, on_row=lambda row: time.sleep(0.02))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests"), str(ROOT / "tests" / "support")])}
    proc = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "killed")], env=env)
    rows_file = tmp_path / "killed" / "games.jsonl"
    try:
        while proc.poll() is None and (not rows_file.exists() or rows_file.read_text().count("\n") < 20):
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    kept = len(Store(tmp_path / "killed").rows())
    assert 20 <= kept < 400
    resumed = run(Request("toy", ["greedy", "random"], 400, tmp_path / "killed", seed=5, plugins=TOY), show_progress=False)
    assert resumed.skipped == kept and resumed.played == 400 - kept
    run(Request("toy", ["greedy", "random"], 400, tmp_path / "clean", seed=5, plugins=TOY), show_progress=False)
    assert lines(tmp_path / "killed") == lines(tmp_path / "clean")


def test_more_games_extend_a_run_and_a_different_run_is_refused(tmp_path):
    req = dict(game="toy", seats=["greedy", "random"], out=tmp_path, seed=1, plugins=TOY)
    run(Request(games=10, **req), show_progress=False)
    more = run(Request(games=16, **req), show_progress=False)
    assert (more.skipped, more.played) == (10, 6)
    with pytest.raises(LudotecaError, match="seed"):
        run(Request(games=16, **{**req, "seed": 2}), show_progress=False)


def test_a_damaged_row_is_named_not_dropped(tmp_path):
    run(Request("toy", ["greedy", "random"], 6, tmp_path, plugins=TOY), show_progress=False)
    text = (tmp_path / "games.jsonl").read_text().splitlines()
    text[2] = "garbage"
    (tmp_path / "games.jsonl").write_text("\n".join(text) + "\n")
    with pytest.raises(LudotecaError, match="line 3"):
        Store(tmp_path).rows()


# --- rows: statistics, records, faults --------------------------------------------------------

def test_rows_carry_scores_lead_changes_and_game_statistics(tmp_path):
    run(Request("toy-scored", ["greedy", "random"], 40, tmp_path, plugins=["simtoys:ScoredToyGame"], records="2"), show_progress=False)
    rows = Store(tmp_path).rows()
    assert all(r["lead_changes"] is not None and r["lead_changes"] >= 0 for r in rows)
    assert any(r["lead_changes"] > 0 for r in rows)
    assert all(set(r["stats"]) == {"doubles", "points"} for r in rows)
    assert all(r["stats"]["points"] == sum(r["scores"]) for r in rows)
    assert all(r["turns"] <= r["decisions"] < r["actions"] for r in rows)
    for path in sorted((tmp_path / "records").iterdir()):
        record = GameRecord.loads(path.read_text())
        row = rows[int(path.stem[-5:])]
        assert replay(record).winners() == row["winners"]
        assert [p["name"] for p in record.players] == row["seats"]


def test_rows_name_the_first_decision_and_the_report_its_win_rate(tmp_path):
    run(Request("toy", ["random", "random"], 20, tmp_path, plugins=TOY), show_progress=False)
    rows = Store(tmp_path).rows()
    assert all(r["first_player"] == 0 for r in rows)  # the toy race always starts with seat 1
    summary = write_report(tmp_path)
    v = summary["variants"]["default"]
    assert v["first_mover"]["games"] == 20 and v["first_mover"]["rate"] == pytest.approx(v["seats"][0]["rate"])
    md = (tmp_path / "report" / "report.md").read_text()
    assert "## Win rate of the player who made the first decision" in md
    assert "the player who made the first decision wins" in md.split("## Findings")[1]


def test_faulty_bots_cost_only_their_own_games(tmp_path):
    register_bot("test-illegal", IllegalBot)
    register_bot("test-crash", CrashingBot)
    try:
        run(Request("toy", ["test-illegal", "random"], 4, tmp_path / "a", plugins=TOY), show_progress=False)
        run(Request("toy", ["test-crash", "random"], 4, tmp_path / "b", plugins=TOY), show_progress=False)
    finally:
        BOTS.pop("test-illegal")
        BOTS.pop("test-crash")
    illegal = Store(tmp_path / "a").rows()
    assert len(illegal) == 4 and all("illegal action 999" in r["error"] for r in illegal)
    crashed = Store(tmp_path / "b").rows()
    assert len(crashed) == 4 and all(r["error"] == "RuntimeError: bot exploded" for r in crashed)
    write_report(tmp_path / "b")
    assert "4 games ended in an error" in (tmp_path / "b" / "report" / "report.md").read_text()


def test_games_cut_off_count_for_no_one(tmp_path):
    run(Request("toy", ["random", "random"], 4, tmp_path, plugins=TOY, max_actions=3), show_progress=False)
    rows = Store(tmp_path).rows()
    assert all(r["truncated"] and r["winners"] == [] and r["actions"] == 3 for r in rows)
    summary = write_report(tmp_path)
    assert summary["variants"]["default"]["truncated"] == 4


# --- statistics ----------------------------------------------------------------------------

def test_wilson_interval_matches_published_values():
    # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (score interval)
    for k, n, lo, hi in [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)]:
        got = wilson(k, n)
        assert got == pytest.approx((lo, hi), abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 5000), st.data())
def test_wilson_interval_always_holds_its_estimate(trials, data):
    wins = data.draw(st.integers(0, 3 * trials)) / 3  # shared wins make fractional counts
    lo, hi = wilson(wins, trials)
    assert 0.0 <= lo <= wins / trials <= hi <= 1.0


def test_seat_and_agent_figures_from_rows():
    def row(seats, returns):
        return {"seats": seats, "returns": returns, "winners": [i for i, r in enumerate(returns) if r], "turns": 3,
                "decisions": 4, "actions": 9, "lead_changes": None, "stats": {}, "truncated": False, "error": None}

    same = [row(["a", "a"], [1.0, 0.0]), row(["a", "a"], [1.0, 0.0]), row(["a", "a"], [0.5, 0.5]), row(["a", "a"], [0.0, 1.0])]
    v = summarise_variant(same)
    assert v["same_bot"] and [s["rate"] for s in v["seats"]] == [0.625, 0.375]
    assert v["first_seat_advantage"] == pytest.approx(0.125)
    assert v["balance"] == pytest.approx(0.75)
    rows = [row(["a", "b"], [1.0, 0.0]), row(["b", "a"], [1.0, 0.0]), row(["a", "b"], [0.5, 0.5]), row(["b", "a"], [0.0, 1.0])]
    v = summarise_variant(rows)
    # different bots: rotation makes the seats alike, so no seat figure; each bot in each seat instead
    assert not v["same_bot"] and v["seats"] is None and v["balance"] is None and v["first_seat_advantage"] is None
    assert v["agents"]["a"]["rate"] == pytest.approx(2.5 / 4)
    assert v["agents"]["b"]["rate"] == pytest.approx(1.5 / 4)
    assert [s["rate"] for s in v["agents"]["a"]["by_seat"]] == [0.75, 0.5]
    assert [s["games"] for s in v["agents"]["b"]["by_seat"]] == [2, 2]
    assert v["rotation_complete"]


# --- reports and sweeps --------------------------------------------------------------------

def test_report_files_and_a_self_contained_html_page(tmp_path):
    run(Request("toy-scored", ["greedy", "random"], 30, tmp_path, plugins=["simtoys:ScoredToyGame"]), show_progress=False)
    write_report(tmp_path)
    out = tmp_path / "report"
    for name in ("report.json", "report.md", "report.html", "seat_win_rates.png", "agent_win_rates.png", "game_length.png", "statistics.png"):
        assert (out / name).stat().st_size > 0, name
    page = (out / "report.html").read_text()
    assert "<script" not in page and "<link" not in page and "http" not in page
    images = re.findall(r'<img alt="[^"]*" src="([^"]*)"', page)
    assert len(images) == 4
    for src in images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads((out / "report.json").read_text())
    assert summary["variants"]["default"]["statistics"]["doubles"]["mean"] >= 0
    assert summary["variants"]["default"]["lead_changes"]["mean"] > 0


def test_a_sweep_compares_variants_side_by_side(tmp_path):
    run(Request("toy", ["greedy", "random"], 40, tmp_path, plugins=TOY, sweep=["target=4,25"]), show_progress=False)
    summary = write_report(tmp_path)
    assert list(summary["variants"]) == ["target=4", "target=25"]
    short, long = summary["variants"]["target=4"], summary["variants"]["target=25"]
    assert short["games"] == long["games"] == 40
    assert short["length"]["turns"]["mean"] < long["length"]["turns"]["mean"]
    md = (tmp_path / "report" / "report.md").read_text()
    overview = md.split("## Overview")[1].split("##")[0]
    assert "| target=4 | 40 |" in overview and "| target=25 | 40 |" in overview
    found = md.split("## Findings")[1].split("##")[0]
    assert re.search(r"target=25 against target=4: games \+\d+% in length", found)


def test_findings_tell_a_real_seat_advantage_from_chance():
    def row(seats, returns):
        return {"seats": seats, "returns": returns, "winners": [returns.index(1.0)], "turns": 5, "decisions": 5,
                "actions": 9, "lead_changes": None, "stats": {}, "truncated": False, "error": None}

    def verdict(rows):
        summary = {"game": "x", "seats": ["a", "b"], "seed": 0, "options": [], "variants": {"default": summarise_variant(rows)}}
        return findings(summary, "en")[0]

    first_always = [row(["a", "a"], [1.0, 0.0]) for i in range(40)]
    assert "a first-seat advantage (the fair share lies below" in verdict(first_always)
    second_always = [row(["a", "a"], [0.0, 1.0]) for i in range(40)]
    assert "a first-seat disadvantage (the fair share lies above" in verdict(second_always)
    even = [row(["a", "a"], [1.0, 0.0] if i % 2 == 0 else [0.0, 1.0]) for i in range(40)]
    assert "no first-seat advantage distinguishable from chance" in verdict(even)
    # with different bots in the seats, a bot that always wins makes no seat advantage of it
    a_wins = [row(["a", "b"] if i % 2 == 0 else ["b", "a"], [1.0, 0.0] if i % 2 == 0 else [0.0, 1.0]) for i in range(40)]
    assert "the seats hold different bots (a, b)" in verdict(a_wins) and "balance" not in verdict(a_wins)


# --- command line --------------------------------------------------------------------------

def cli():
    from ludoteca.cli.simulate import app

    return app


def test_cli_simulate_then_report(tmp_path):
    runner = CliRunner()
    out = tmp_path / "sim"
    result = runner.invoke(cli(), ["simulate", "toy", "--plugin", "toygame:ToyGame", "--seats", "greedy,random", "--games", "20",
                                   "--seed", "4", "--workers", "1", "--sweep", "target=5,8", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "40 games played" in result.output
    assert "Win rate by bot and seat" in result.output and "Win rate by bot (95%" in result.output
    assert (out / "report" / "report.html").exists()
    result = runner.invoke(cli(), ["report", str(out), "--lang", "es"])
    assert result.exit_code == 0, result.output
    assert "Victorias por bot y asiento" in result.output
    assert (out / "report" / "report.md").read_text().startswith("# Informe de simulación: Carrera de prueba")  # the game's title in Spanish
    again = runner.invoke(cli(), ["simulate", "toy", "--plugin", "toygame:ToyGame", "--games", "20", "--seed", "4", "--workers", "1",
                                  "--sweep", "target=5,8", "--out", str(out), "--quiet", "--no-report", "--lang", "en"])
    assert again.exit_code == 0 and "0 games played" in again.output and "40 already" in again.output


@pytest.mark.parametrize("args, message", [
    (["--seats", "greedy,nobody"], "unknown agent(s) nobody"),
    (["--option", "target=999"], "between 3 and 50"),
    (["--sweep", "target"], "--sweep takes KEY=V1,V2"),
    (["--seats", "random,random,random,random"], "2 to 3 players"),
    (["--backend", "cloud"], "unknown backend 'cloud'"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_cli_refuses_bad_requests_before_playing(tmp_path, args, message):
    result = CliRunner().invoke(cli(), ["simulate", "toy", "--plugin", "toygame:ToyGame", "--out", str(tmp_path / "x"), "-q"] + args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "x" / "games.jsonl").exists()


@pytest.mark.parametrize("seats, en, es", [
    ("expert,greedy", "expert: the expert level plays Pyramid of the Sun with 3 players",
     "expert: el nivel experto juega a Pirámide del Sol con 3 jugadores"),
    ("greedy,learned,greedy,greedy", "learned: the learned bot plays Pyramid of the Sun with 3 players",
     "learned: el bot aprendido juega a Pirámide del Sol con 3 jugadores"),
])
def test_a_bot_that_cannot_take_a_seat_is_refused_before_any_game(tmp_path, seats, en, es):
    """As the web and the terminal refuse it: not a run of games that each end in an error."""
    for lang, message in (("en", en), ("es", es)):
        result = CliRunner().invoke(cli(), ["simulate", "piramide", "--seats", seats, "--games", "2", "--lang", lang,
                                            "--out", str(tmp_path / lang), "-q"])
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.output.split())
        assert not (tmp_path / lang / "games.jsonl").exists()


def test_cli_messages_in_spanish(tmp_path):
    result = CliRunner().invoke(cli(), ["simulate", "chess", "--out", str(tmp_path), "--lang", "es"])
    assert result.exit_code == 2 and "juego desconocido 'chess'" in result.output
    result = CliRunner().invoke(cli(), ["report", str(tmp_path / "nothing"), "--lang", "es"])
    assert result.exit_code == 2 and "no contiene una simulación" in result.output


# --- the real games, as they land ----------------------------------------------------------

@pytest.mark.parametrize("name", [n for n in game_names() if n not in ("toy", "toy-scored")])
def test_every_landed_game_simulates_and_its_records_replay(tmp_path, name):
    seats = ["random"] * make_game(name).default_players
    run(Request(name, seats, len(seats), tmp_path, seed=9, records="1"), show_progress=False)
    rows = Store(tmp_path).rows()
    assert len(rows) == len(seats)
    assert all(r["error"] is None and not r["truncated"] and r["winners"] for r in rows)
    assert all(abs(sum(r["returns"]) - 1.0) < 1e-9 for r in rows)
    record = GameRecord.loads((tmp_path / "records" / "default-game00000.json").read_text())
    assert replay(record).winners() == rows[0]["winners"]
    write_report(tmp_path)


def test_the_main_command_line_has_simulate_and_report(tmp_path):
    from ludoteca.cli.main import app

    runner = CliRunner()
    for command in ("simulate", "report"):
        result = runner.invoke(app, [command, "--help"])
        assert result.exit_code == 0 and "--lang" in result.output
    result = runner.invoke(app, ["simulate", "aggravation", "--seats", "random,random", "--games", "2", "--workers", "1",
                                 "--out", str(tmp_path), "-q", "--records", "none", "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "2 games played" in result.output and (tmp_path / "report" / "report.html").exists()
