"""Decision quality by the solved table: how much chance to win a bot gives away, decision by
decision, in two-player Prime Climb without cards, and how it fares against `perfect` (issue 50).

    nice -n 19 python benchmarks/prime_climb_loss.py [--bots learned,greedy,hard] [--games 400] [--seed 2026]
                                                     [--shadow greedy] [--workers 1] [--out loss.json]

(with `PYTHONPATH=src`; needs the solved table: `ludoteca prime-climb solve --players 2`).

For each bot: --games games against `perfect`, seat-rotated (game i puts the bot in seat i mod 2),
game i's seed derive_seed(--seed, i) for every bot, so the bots start from the same dice streams.
Every decision of the bot with two or more legal actions is judged by the table: each legal die
is valued with `perfect`'s own `score_actions` (the mover's exact chance to win after it, by the
table's turn recursion, solvers/table.py, as `perfect` and the hints read it), and the decision's
loss is the best of those chances less the chance of the die it played (differences within the
table's float32 precision, perfect.TIE, count as 0: `perfect` itself loses exactly 0).

With --shadow, other bots are asked at each of the bot's judged decisions (the same view and
legal dice; judged, never played), so two bots' choices are compared on the very same positions:
the bot's loss per game less the shadow's, with its 95% interval.

Reported per bot: its decisions, the mean and median loss per decision, the share of decisions
that lose nothing, the loss summed over a game (mean, normal 95% interval), its win rate against
`perfect` with the Wilson 95% interval, and its CPU seconds per decision (`time.process_time`
around `choose` only, not the judging; median and mean). Against `perfect` a bot's expected score is its exact chance at
the start (0.5 over seat-rotated games, whoever rolls first) less its expected loss per game: the
loss per game is the win rate's shortfall measured with far less noise than the games' results.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import LEVEL_NAMES, level_bot, make_bot  # noqa: E402
from ludoteca.bots.arena import wilson  # noqa: E402
from ludoteca.engine import make_game  # noqa: E402
from ludoteca.engine.errors import LudotecaError  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.testing.playout import bot_decisions  # noqa: E402
from ludoteca.games.prime_climb.bots.perfect import TIE, score_actions  # noqa: E402
from ludoteca.games.prime_climb.solvers import table as tables  # noqa: E402

OPTIONS = {"cards": False}


def decision_loss(table, body: dict[str, Any], seat: int, legal: list[int], action: int) -> float:
    """The chance to win that `action` gives away against the best of `legal`, by the table."""
    scored = score_actions(table, body, seat, legal)
    best = max(v for v, _ in scored)
    chosen = next(v for v, a in scored if a == action)
    loss = best - chosen
    return 0.0 if loss <= TIE else loss


def spec(name: str, game) -> tuple[str, dict[str, Any]]:
    return level_bot(name, game) if name in LEVEL_NAMES else (name, {})


def judged_game(bot_name: str, seed: int, seat: int, table=None, shadows: tuple[str, ...] = ()) -> dict[str, Any]:
    """One game of `bot_name` in `seat` against `perfect`: the bot's score, its losses and CPU per
    decision with a choice. Bots are seeded as bots/arena.py's play_game seeds them. Each of
    `shadows` is asked too at each of those decisions (the same view and legal dice; its choice is
    judged, never played): the bots compared on the very same positions."""
    table = table if table is not None else tables.load()
    game = make_game("prime-climb", OPTIONS)
    state = game.new_initial_state(2, seed)
    names = [bot_name if s == seat else "perfect" for s in range(2)]
    specs = [spec(name, game) for name in names]
    bots = [make_bot(b, game, s, derive_seed(seed, "bot", s), **params) for s, (b, params) in enumerate(specs)]
    others = {name: make_bot(spec(name, game)[0], game, seat, derive_seed(seed, "shadow", name), **spec(name, game)[1])
              for name in shadows}
    shadow: dict[str, list[float]] = {name: [] for name in shadows}
    losses: list[float] = []
    cpu: list[float] = []
    for player, view, legal, action, spent in bot_decisions(state, bots):
        if player == seat and len(legal) > 1:
            cpu.append(spent)
            losses.append(decision_loss(table, view["view"], seat, legal, action))
            for name, other in others.items():
                shadow[name].append(decision_loss(table, view["view"], seat, legal, other.choose(view, legal)))
    return {"score": state.returns()[seat], "losses": losses, "cpu": cpu, "shadow": shadow}


def _one(task):
    bot_name, seed, seat, shadows = task
    return judged_game(bot_name, seed, seat, shadows=shadows)


def measure(bot_name: str, games: int, seed: int, pool=None, shadows: tuple[str, ...] = ()) -> dict[str, Any]:
    tasks = [(bot_name, derive_seed(seed, i), i % 2, shadows) for i in range(games)]
    results = list(pool.imap(_one, tasks)) if pool is not None else [_one(t) for t in tasks]
    return summary(bot_name, results)


def summary(bot_name: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    losses = [x for r in results for x in r["losses"]]
    cpu = [x for r in results for x in r["cpu"]]
    per_game = [sum(r["losses"]) for r in results]
    wins = sum(r["score"] for r in results)
    n = len(results)
    lo, hi = wilson(wins, n)
    return {"bot": bot_name, "games": n, "wins": wins, "win_rate": wins / n, "wilson95": [lo, hi],
            "decisions": len(losses),
            "mean_loss": statistics.fmean(losses) if losses else 0.0,
            "median_loss": statistics.median(losses) if losses else 0.0,
            "zero_loss_share": sum(1 for x in losses if x == 0.0) / len(losses) if losses else 1.0,
            "mean_loss_per_game": statistics.fmean(per_game), "loss_per_game95": _normal95(per_game),
            "cpu_median": statistics.median(cpu) if cpu else 0.0, "cpu_mean": statistics.fmean(cpu) if cpu else 0.0,
            "shadows": {name: shadow_summary(results, name) for name in (results[0].get("shadow", {}) if results else {})}}


def shadow_summary(results: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """A shadow's losses on the bot's own decisions, and the bot's loss less the shadow's per game
    (paired: the same positions)."""
    losses = [x for r in results for x in r["shadow"][name]]
    diff = [sum(r["losses"]) - sum(r["shadow"][name]) for r in results]
    return {"decisions": len(losses), "mean_loss": statistics.fmean(losses) if losses else 0.0,
            "zero_loss_share": sum(1 for x in losses if x == 0.0) / len(losses) if losses else 1.0,
            "mean_loss_per_game": statistics.fmean(sum(r["shadow"][name]) for r in results),
            "bot_less_shadow_per_game": statistics.fmean(diff), "bot_less_shadow95": _normal95(diff)}


def _normal95(xs: list[float]) -> list[float]:
    """The normal 95% interval of the mean (games are independent)."""
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return [m - half, m + half]


def shadow_lines(s: dict[str, Any]) -> list[str]:
    out = []
    for name, t in s["shadows"].items():
        lo, hi = t["bot_less_shadow95"]
        out.append(f"  {name}, asked at {s['bot']}'s {t['decisions']} decisions: loss per decision {t['mean_loss']:.5f}, "
                   f"losing nothing {t['zero_loss_share']:.3f}, per game {t['mean_loss_per_game']:.3f}; "
                   f"{s['bot']}'s loss less {name}'s, per game: {t['bot_less_shadow_per_game']:+.4f} [{lo:+.4f}, {hi:+.4f}]")
    return out


def line(s: dict[str, Any]) -> str:
    lo, hi = s["wilson95"]
    return (f"| {s['bot']} | {s['games']} | {s['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] | {s['decisions']} "
            f"| {s['mean_loss']:.5f} | {s['median_loss']:.5f} | {s['zero_loss_share']:.3f} | {s['mean_loss_per_game']:.3f} [{s['loss_per_game95'][0]:.3f}, {s['loss_per_game95'][1]:.3f}] "
            f"| {s['cpu_median']:.4f} ({s['cpu_mean']:.4f}) |")


HEADER = ["| bot | games against perfect | its win rate [95%] | decisions judged | loss per decision: mean | median "
          "| share losing nothing | loss per game: mean sum [95%] | CPU s/decision: median (mean) |",
          "|---|---|---|---|---|---|---|---|---|"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bots", default="learned,greedy,hard", help="comma-separated bot or level names")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--shadow", default="", help="bots also asked at each judged decision (judged, not played)")
    ap.add_argument("--out", default=None, help="a JSON file for the figures")
    args = ap.parse_args()
    bots = [b for b in args.bots.split(",") if b]
    shadows = tuple(b for b in args.shadow.split(",") if b)
    if args.games < 1 or args.workers < 1 or not bots:
        ap.error("--games and --workers are at least 1, and --bots names at least one bot")
    game = make_game("prime-climb", OPTIONS)
    for name in bots + list(shadows):  # every name checked before any game, in one line
        try:
            make_bot(spec(name, game)[0], game, 0, 0, **spec(name, game)[1])
        except LudotecaError as exc:
            ap.error(str(exc))
    tables.load()  # a missing table says how to build it, before any game
    t0 = time.process_time()
    out = []
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        for name in bots:
            s = measure(name, args.games, args.seed, pool, shadows)
            out.append(s)
            print("\n".join([line(s)] + shadow_lines(s)), flush=True)
    finally:
        if pool is not None:
            pool.close()
    print("\n".join(HEADER + [line(s) for s in out] + [x for s in out for x in shadow_lines(s)]))
    print(f"seed {args.seed}; {time.process_time() - t0:.0f} s CPU in this process")
    if args.out:
        Path(args.out).write_text(json.dumps({"seed": args.seed, "options": OPTIONS, "bots": out}, indent=1) + "\n",
                                  encoding="utf-8")


if __name__ == "__main__":
    main()
