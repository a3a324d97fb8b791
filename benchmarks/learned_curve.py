"""The learned bot's learning curve (issue 50): each training snapshot of a run against fixed bots.

    nice -n 19 python benchmarks/learned_curve.py --run learned/aggravation-2p-s1 --games 200 --write docs/bots.md

(with `PYTHONPATH=src`). For the snapshots of the run's folder (`ludoteca train ... --out DIR`:
snapshots/epoch-E.npz, the net after each pass of training; --epochs picks them, the last one by
default among them) it plays --games seat-rotated games against each --against bot (game i puts
the learned bot in seat i mod n; the seeds are the same for every snapshot, so the rows differ by
the net and not by the dice) and prints the win rate with its Wilson 95% interval, and the
learned bot's CPU per decision (`time.process_time` around `choose`, two or more legal actions).
The bot plays with its game's own settings, as on the ladder (`--no-reply` turns `reply` off), and
the table's last line says which. With --write FILE it replaces the section between `<!-- learned-curve:GAME-Np:start -->` and
`<!-- learned-curve:GAME-Np:end -->` of FILE (added at the end when absent).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

import numpy as np

from ludoteca.bots import make_bot
from ludoteca.bots.arena import wilson
from ludoteca.bots.learned import LearnedBot
from ludoteca.bots.learned.net import ARRAYS, ValueNet
from ludoteca.engine import make_game
from ludoteca.engine.rng import derive_seed
from ludoteca.testing.playout import bot_decisions


def snapshot(path: Path) -> ValueNet:
    with np.load(path) as data:
        return ValueNet({k: data[k].astype(np.float64) for k in ARRAYS})


def learned_bot(game, seat: int, seed: int, net: ValueNet, reply: bool | None = None) -> LearnedBot:
    """The learned bot as the ladder plays it (its game's own defaults, `PLAY`), with `net` for the
    shipped one; `reply` given: that setting instead of the game's."""
    bot = LearnedBot(game, seat, seed, **({} if reply is None else {"reply": reply}))
    bot.override = net
    return bot


def play(game, players: int, net: ValueNet, opponent: str, seed: int, seat: int, reply: bool | None = None) -> tuple[float, list[float]]:
    state = game.new_initial_state(players, seed)
    bots = []
    for s in range(players):
        if s == seat:
            bot = learned_bot(game, s, derive_seed(seed, "bot", s), net, reply)
        else:
            bot = make_bot(opponent, game, s, derive_seed(seed, "bot", s))
        bots.append(bot)
    cpu = []
    for p, _, legal, _, spent in bot_decisions(state, bots):
        if p == seat and len(legal) > 1:
            cpu.append(spent)
    return state.returns()[seat], cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", required=True, help="a training run's folder (ludoteca train --out)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--epochs", default="", help="comma-separated epochs (default: 1, 2, 5, 10, 20, ... and the last)")
    ap.add_argument("--against", default="greedy", help="comma-separated opponents (bot names or levels)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--write", default=None)
    ap.add_argument("--no-reply", action="store_true", help="the bot values after-positions only (no roll, no answer), "
                    "whatever its game's default (without it: the game's default, as the ladder plays the bot)")
    args = ap.parse_args()
    run = Path(args.run)
    cfg = json.loads((run / "run.json").read_text(encoding="utf-8"))
    n = cfg["players"]
    game = make_game(cfg["game"], cfg["options"])
    found = sorted(int(p.stem.split("-")[1]) for p in (run / "snapshots").glob("epoch-*.npz"))
    if args.epochs:
        epochs = [int(e) for e in args.epochs.split(",")]
    else:
        epochs = sorted({e for e in found if e in (1, 2, 5) or e % 10 == 0} | {found[-1]})
    lines = ["| pass of training | against | games | learned's win rate [95%] | fair share | learned's CPU s/decision: median (mean) |",
             "|---|---|---|---|---|---|"]
    for epoch in epochs:
        net = snapshot(run / "snapshots" / f"epoch-{epoch:04d}.npz")
        for opp in args.against.split(","):
            wins, cpu = 0.0, []
            for i in range(args.games):
                score, times = play(game, n, net, opp, derive_seed(args.seed, "game", i), i % n, False if args.no_reply else None)
                wins += score
                cpu += times
            lo, hi = wilson(wins, args.games)
            line = (f"| {epoch} | {opp} | {args.games} | {wins / args.games:.3f} [{lo:.3f}, {hi:.3f}] | {1 / n:.2f} "
                    f"| {statistics.median(cpu):.4f} ({statistics.fmean(cpu):.4f}) |")
            print(line, flush=True)
            lines.append(line)
    command = f"`{cfg.get('command', '')}`" if cfg.get("command") else ""
    lines += ["", f"Run: {cfg['game']}, {n} players, options {cfg['options'] or 'default'}, seed {cfg['seed']}, "
              f"{cfg['games']} games of data, {cfg['epochs']} passes{' ' + command if command else ''}; curve seed {args.seed}"
              + f"; the bot's settings {learned_bot(game, 0, 0, net, False if args.no_reply else None).params}."]
    if args.write:
        path = Path(args.write)
        tag = f"learned-curve:{cfg['game']}-{n}p"
        start, end = f"<!-- {tag}:start -->", f"<!-- {tag}:end -->"
        text = path.read_text(encoding="utf-8")
        block = start + "\n" + "\n".join(lines) + "\n" + end
        if start in text and end in text:
            head, rest = text.split(start, 1)
            text = head + block + rest.split(end, 1)[1]
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
