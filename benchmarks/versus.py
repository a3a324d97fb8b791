"""One bot against copies of another, seat-rotated, in a process pool; Wilson 95% interval.

    python benchmarks/versus.py GAME '["hard", {}]' [--opp '["greedy", {}]'] [--games 40] [--workers 2] [--seed 7]

A bot is given as JSON `[name, {parameters}]` (a level name works: `["hard", {"iterations": 200}]`).
Game i seats the candidate in seat i mod n at the game's smallest player count; every game's seed
derives from --seed. Prints the win rate (ties share the point), its interval and seconds per game.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots.arena import play_game, wilson  # noqa: E402
from ludoteca.engine import make_game  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402


def one(task):
    name, cand, opp, players, i, seed = task
    seat = i % players
    specs = [tuple(cand) if s == seat else tuple(opp) for s in range(players)]
    t0 = time.perf_counter()
    returns, _ = play_game(make_game(name), specs, derive_seed(seed, name, i))
    return returns[seat], time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("candidate")
    ap.add_argument("--opp", default='["greedy", {}]')
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    players = make_game(args.game).allowed_min_players()
    cand, opp = json.loads(args.candidate), json.loads(args.opp)
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        res = pool.map(one, [(args.game, cand, opp, players, i, args.seed) for i in range(args.games)])
    wins = sum(r for r, _ in res)
    lo, hi = wilson(wins, len(res))
    print(f"{args.game} ({players} players): {args.candidate} vs {args.opp}: {wins / len(res):.3f} "
          f"[{lo:.3f}, {hi:.3f}] over {len(res)} games, {sum(s for _, s in res) / len(res):.1f} s/game, "
          f"wall {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
