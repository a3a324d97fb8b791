"""The strength ladder of docs/bots.md: seat-rotated games between bots, Wilson 95% intervals.

    python benchmarks/ladder.py [GAME ...] [--games 40] [--iterations 200] [--workers 2] [--out ladder.json]
                                [--write docs/bots.md]

For each game: the `hard` level's bot (MCTS, ISMCTS or the lookahead) at --iterations (the
lookahead's playouts) vs greedy, vs random, and
greedy vs random, each over --games seat-rotated games at the game's smallest player count
(the candidate in one seat, copies of the opponent in the others). Games run in a process pool;
every game's seed derives from --seed. Prints a Markdown table (win rate with its Wilson 95%
interval, CPU seconds per decision of the whole game) and writes the raw results; `--write FILE`
puts the table between the lines `<!-- ladder:start -->` and `<!-- ladder:end -->` of FILE
(docs/bots.md), so the published ladder is always this script's output.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import level_bot  # noqa: E402
from ludoteca.bots.arena import play_game, wilson  # noqa: E402
from ludoteca.engine import game_names, make_game  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402


def one(task):
    name, pair, cand, opp, players, i, seed = task
    game = make_game(name)
    seat = i % players
    specs = [tuple(cand) if s == seat else tuple(opp) for s in range(players)]
    t0 = time.process_time()  # CPU of this game alone, whatever else the machine runs
    returns, decisions = play_game(game, specs, derive_seed(seed, name, pair, i))
    return name, pair, returns[seat], decisions, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--iterations", default="200", help="one number, or GAME=N pairs separated by commas")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--out", default="ladder.json")
    ap.add_argument("--write", default=None, help="a Markdown file whose ladder section to replace")
    args = ap.parse_args()
    budgets = dict(kv.split("=") for kv in args.iterations.split(",") if "=" in kv)
    default_budget = next((int(x) for x in args.iterations.split(",") if "=" not in x), 200)
    tasks, meta = [], {}
    for name in args.games_ or game_names():
        game = make_game(name)
        players = game.allowed_min_players()
        bot, params = level_bot("hard", game)
        # the level itself at this budget (iterations; the lookahead reads them as playouts)
        search = ("hard", {"iterations": int(budgets.get(name, default_budget))})
        pairs = {f"{bot} vs greedy": (search, ("greedy", {})), f"{bot} vs random": (search, ("random", {})),
                 "greedy vs random": (("greedy", {}), ("random", {}))}
        meta[name] = {"players": players, "search": search, "hard": [bot, params]}
        for pair, (cand, opp) in pairs.items():
            tasks += [(name, pair, cand, opp, players, i, args.seed) for i in range(args.games)]
    results: dict = {}
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        for name, pair, win, decisions, secs in pool.imap_unordered(one, tasks):
            r = results.setdefault(name, {}).setdefault(pair, {"games": 0, "wins": 0.0, "decisions": 0, "seconds": 0.0})
            r["games"] += 1
            r["wins"] += win
            r["decisions"] += decisions
            r["seconds"] += secs
    Path(args.out).write_text(json.dumps({"meta": meta, "results": results, "wall_s": time.perf_counter() - t0}, indent=1))
    lines = ["| game | players | pairing | games | win rate | 95% interval | CPU s/decision |", "|---|---|---|---|---|---|---|"]
    for name, pairs in results.items():
        for pair, r in pairs.items():
            lo, hi = wilson(r["wins"], r["games"])
            lines.append(f"| {name} | {meta[name]['players']} | {pair} | {r['games']} | {r['wins'] / r['games']:.3f} | "
                         f"[{lo:.3f}, {hi:.3f}] | {r['seconds'] / max(1, r['decisions']):.3f} |")
    lines.append("")
    lines.append(f"Seed {args.seed}; budgets: " + ", ".join(f"{k}: {v['search'][1]}" for k, v in meta.items())
                 + f"; {time.perf_counter() - t0:.0f} s of wall-clock time with {args.workers} worker(s).")
    print("\n".join(lines))
    if args.write:
        write_section(Path(args.write), lines)


START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"


def write_section(path: Path, lines: list[str]) -> None:
    text = path.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{path} has no {START} ... {END} section to write")
    head, rest = text.split(START, 1)
    _old, tail = rest.split(END, 1)
    path.write_text(head + START + "\n" + "\n".join(lines) + "\n" + END + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
