"""One bot against copies of another, seat-rotated, in a process pool; Wilson 95% interval.

    python benchmarks/versus.py GAME '["hard", {}]' [--opp '["greedy", {}]'] [--games 40] [--workers 2] [--seed 7]
                                [--players N] [--options '{"board": 4}'] [--duplicate]

A bot is given as JSON `[name, {parameters}]` (a level name works: `["hard", {"iterations": 200}]`).
Game i seats the candidate in seat i mod n at the game's smallest player count; every game's seed
derives from --seed. Prints the win rate (ties share the point), its interval, CPU seconds per game
and the candidate's and its opponents' CPU seconds per decision with a real choice (median, p95,
mean), all by `time.process_time` in the worker. `["openspiel-mcts", {"simulations": 7}]` is
OpenSpiel's MCTSBot (where pyspiel is installed). benchmarks/ladder.py is the recorded, resumable
version of this.

--duplicate (as in duplicate bridge): the games come in blocks of n that share one seed, so one
deal of cards and one dice stream is played n times with the candidate in each seat in turn. The
luck of the deal then falls on both sides; the interval is then the normal 95% interval of the
block means (blocks are independent, games within a block are not), next to the plain Wilson one.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.arena import play_game, wilson  # noqa: E402
from ludoteca.engine import make_game  # noqa: E402
from ludoteca.engine.errors import LudotecaError  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.rl.openspiel_bot import register as register_openspiel_mcts  # noqa: E402

register_openspiel_mcts()  # `["openspiel-mcts", {"simulations": 7}]` names OpenSpiel's MCTSBot (with pyspiel)


def one(task):
    name, options, cand, opp, players, i, seed, duplicate = task
    seat = i % players
    specs = [tuple(cand) if s == seat else tuple(opp) for s in range(players)]
    t0 = time.process_time()
    game_seed = derive_seed(seed, name, "block", i // players) if duplicate else derive_seed(seed, name, i)
    cpu = [[] for _ in range(players)]
    returns, _ = play_game(make_game(name, options), specs, game_seed, cpu=cpu)
    return returns[seat], time.process_time() - t0, cpu[seat], [t for s in range(players) if s != seat for t in cpu[s]]


def check_bot(game, spec) -> None:
    """A bot given as [name, {parameters}] that can be built for this game; else the error to show."""
    if not (isinstance(spec, list) and len(spec) == 2 and isinstance(spec[0], str) and isinstance(spec[1], dict)):
        raise ValueError(f"a bot is [name, {{parameters}}], not {json.dumps(spec)}")
    make_bot(spec[0], game, 0, 0, **spec[1])


def block_interval(scores: list[float], size: int) -> tuple[float, float]:
    """Normal 95% interval of the mean of independent blocks of `size` games."""
    blocks = [sum(scores[k:k + size]) / size for k in range(0, len(scores) - size + 1, size)]
    n = len(blocks)
    mean = sum(blocks) / n
    sd = math.sqrt(sum((b - mean) ** 2 for b in blocks) / (n - 1)) if n > 1 else 1.0
    half = 1.96 * sd / math.sqrt(n)
    return max(0.0, mean - half), min(1.0, mean + half)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("candidate")
    ap.add_argument("--opp", default='["greedy", {}]')
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=None, help="player count (default: the smallest)")
    ap.add_argument("--options", default="{}", help="the game's options as JSON (as --players, the same in every game)")
    ap.add_argument("--duplicate", action="store_true", help="blocks of n games on one seed, every seat once")
    args = ap.parse_args()
    try:  # a bad game, option or bot says so on one line, as everywhere in the project
        options, cand, opp = json.loads(args.options), json.loads(args.candidate), json.loads(args.opp)
        game = make_game(args.game, options)
        players = args.players or game.allowed_min_players()
        for spec in (cand, opp):  # built once here, so that a bad bot fails before any worker starts
            check_bot(game, spec)
    except (ValueError, TypeError, LudotecaError) as e:
        ap.error(str(e))
    if args.duplicate:
        args.games -= args.games % players
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        res = pool.map(one, [(args.game, options, cand, opp, players, i, args.seed, args.duplicate) for i in range(args.games)])
    wins = sum(r for r, _, _, _ in res)
    lo, hi = wilson(wins, len(res))
    decisions = sorted(t for _, _, ts, _ in res for t in ts)
    p95 = decisions[min(len(decisions) - 1, math.ceil(0.95 * len(decisions)) - 1)] if decisions else 0.0
    median = decisions[len(decisions) // 2] if decisions else 0.0
    theirs = sorted(t for _, _, _, ts in res for t in ts)
    print(f"{args.game} ({players} players{', ' + args.options if options else ''}): {args.candidate} vs {args.opp}: {wins / len(res):.3f} "
          f"[{lo:.3f}, {hi:.3f}] over {len(res)} games, {sum(s for _, s, _, _ in res) / len(res):.1f} CPU s/game, "
          f"candidate {median:.3g} s per decision (p95 {p95:.3g}, mean {statistics.fmean(decisions) if decisions else 0:.3g}), "
          f"opponents {theirs[len(theirs) // 2] if theirs else 0:.3g} (mean {statistics.fmean(theirs) if theirs else 0:.3g}), "
          f"wall {time.perf_counter() - t0:.0f} s")
    if args.duplicate:
        lo, hi = block_interval([r for r, _, _, _ in res], players)
        print(f"duplicate blocks of {players}: 95% interval of the block means [{lo:.3f}, {hi:.3f}] "
              f"over {len(res) // players} blocks")


if __name__ == "__main__":
    main()
