"""Evaluations and bots against each other, seat-rotated, with the CPU time per decision.

    python benchmarks/duel.py GAME [--options '{"board": 4}'] [--players 2] [--games 200] [--seed 7]
        [--cand '["greedy", {}]'] [--opp '["greedy", {"evaluator": "rev"}]'] [--rev REV]
        [--set TEMPO=0.1 --set 'WEIGHTS=[3,3,0,0,-3,-3,0]' ...]

`--rev REV` registers the game's heuristic module (Aggravation's evaluation.py, Pirámide's
heuristic.py) of a git revision as the evaluator `rev`, so the working tree's heuristic can be
measured against an older one without keeping a copy of it (greedy against greedy is the cheap
screen; MCTS and ISMCTS take `evaluator` too). `--set NAME=VALUE` changes a weight (a module
constant) of the working tree's heuristic, for screening weights; `rev` is unaffected. Game i
seats the candidate in seat i mod n. Prints the candidate's win rate (ties share the point) with its Wilson 95% interval,
and the CPU time (time.process_time) per decision with a real choice, median and p95, per side.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.arena import wilson  # noqa: E402
from ludoteca.bots.policies import register_evaluator  # noqa: E402
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402

#: the module of each game's heuristic (evaluate / evaluate_all)
MODULES = {"aggravation": "ludoteca.games.aggravation.evaluation", "piramide": "ludoteca.games.piramide.heuristic"}


def register_revision(game_name: str, rev: str) -> None:
    """The game's heuristic module as of git revision `rev`, as the evaluator `rev`."""
    path = "src/" + MODULES[game_name].replace(".", "/") + ".py"
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"],
                          check=True, capture_output=True, text=True).stdout
    package = MODULES[game_name].rsplit(".", 1)[0]
    spec = importlib.util.spec_from_loader(package + "._rev", loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package  # its relative imports resolve in the working tree's package
    exec(compile(text, f"{rev}:{path}", "exec"), module.__dict__)

    def factory(game):
        def values(state):
            return state.returns() if state.current_player() == TERMINAL else module.evaluate_all(state)
        return values

    register_evaluator(game_name, "rev", factory)


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def play(game, specs, seed, cpu):
    state = game.new_initial_state(len(specs), seed)
    bots = [make_bot(name, game, s, derive_seed(seed, "bot", s), **params) for s, (name, params) in enumerate(specs)]
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return state.returns()
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_legal(legal[0])
            continue
        t0 = time.process_time()
        action = bots[player].choose(view_document(state, player), legal)
        cpu[player].append(time.process_time() - t0)
        state.apply_action(action)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=sorted(MODULES))
    ap.add_argument("--options", default="{}")
    ap.add_argument("--cand", default='["greedy", {}]')
    ap.add_argument("--opp", default='["greedy", {"evaluator": "rev"}]')
    ap.add_argument("--rev", default="16f425c", help="git revision of the opponent's heuristic (default: before issue 17)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    heuristic = importlib.import_module(MODULES[args.game])
    for item in args.set:
        name, value = item.split("=")
        if not hasattr(heuristic, name):
            raise SystemExit(f"{MODULES[args.game]} has no weight {name}")
        value = json.loads(value)  # a number, or a list for a tuple of weights
        setattr(heuristic, name, tuple(value) if isinstance(value, list) else value)
    register_revision(args.game, args.rev)
    game = make_game(args.game, json.loads(args.options))
    cand, opp = tuple(json.loads(args.cand)), tuple(json.loads(args.opp))
    n = args.players
    wins = 0.0
    cand_cpu: list[float] = []
    opp_cpu: list[float] = []
    t0 = time.process_time()
    for i in range(args.games):
        seat = i % n
        cpu = [[] for _ in range(n)]
        returns = play(game, [cand if s == seat else opp for s in range(n)], derive_seed(args.seed, "eval", i), cpu)
        wins += returns[seat]
        cand_cpu += cpu[seat]
        for s in range(n):
            if s != seat:
                opp_cpu += cpu[s]
        if (i + 1) % max(1, args.games // 50) == 0 or i + 1 == args.games:  # a stopped run still tells
            lo, hi = wilson(wins, i + 1)
            print(f"{i + 1} games: {wins / (i + 1):.3f} [{lo:.3f}, {hi:.3f}]; candidate CPU per decision median "
                  f"{percentile(cand_cpu, 0.5):.3f} s p95 {percentile(cand_cpu, 0.95):.3f} s", flush=True)
    lo, hi = wilson(wins, args.games)
    print(f"{args.game} {args.options}, {n} players, {args.cand} {' '.join(args.set)} vs {args.opp} (rev {args.rev}): "
          f"{wins / args.games:.3f} [{lo:.3f}, {hi:.3f}] over {args.games} games; CPU per decision "
          f"candidate median {percentile(cand_cpu, 0.5):.4f} s p95 {percentile(cand_cpu, 0.95):.4f} s "
          f"({len(cand_cpu)}), opponent median {percentile(opp_cpu, 0.5):.4f} s p95 {percentile(opp_cpu, 0.95):.4f} s; "
          f"{time.process_time() - t0:.0f} s CPU in all")


if __name__ == "__main__":
    main()
