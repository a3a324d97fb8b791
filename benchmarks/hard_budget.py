"""A bot against copies of another, seat-rotated, with its CPU time per decision and per turn.

    python benchmarks/hard_budget.py GAME '["hard", {}]' [--opp '["greedy", {}]'] [--games 20]
                                    [--players N] [--options '{"cards": false}'] [--seed 7] [--out FILE]

Game i seats the candidate in seat i mod n (seeds derive from --seed, as in versus.py). Every
choose() of the candidate is timed by CPU (`time.process_time`); a decision "with a real choice"
has two or more legal actions, and a turn is the candidate's run of decisions until control
leaves it (the lookahead plans its whole turn at the first of them). One line per game is
appended to --out as JSON as the game ends, so a long run killed early keeps its games; the
summary gives the win rate (ties share the point) with its Wilson 95% interval, and the median
and 95th percentile of CPU seconds per decision with a choice and per turn. Runs in this process
(one core): start it with `nice -n 10` in the background on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import make_bot  # noqa: E402
from ludoteca.bots.arena import wilson  # noqa: E402
from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402


def play(game, specs, seat: int, seed: int) -> dict:
    """One game; the candidate's (seat) decision and turn CPU times."""
    state = game.new_initial_state(len(specs), seed)
    bots = [make_bot(n, game, s, derive_seed(seed, "bot", s), **p) for s, (n, p) in enumerate(specs)]
    decisions: list[float] = []
    turns: list[float] = []
    turn, last = 0.0, None
    for _ in range(200_000):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance())
            continue
        if player != last and last == seat and turn:
            turns.append(turn)
            turn = 0.0
        last = player
        legal = state.legal_actions()
        t0 = time.process_time()
        action = bots[player].choose(view_document(state, player), legal)
        dt = time.process_time() - t0
        if player == seat:
            turn += dt
            if len(legal) > 1:
                decisions.append(dt)
        state.apply_action(action)
    if turn:
        turns.append(turn)
    return {"score": state.returns()[seat], "decisions": decisions, "turns": turns}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("candidate")
    ap.add_argument("--opp", default='["greedy", {}]')
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="index of the first game (to extend a run)")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--options", default="{}")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    game = make_game(args.game, json.loads(args.options))
    players = args.players or game.allowed_min_players()
    cand, opp = tuple(json.loads(args.candidate)), tuple(json.loads(args.opp))
    rows = []
    for i in range(args.first, args.first + args.games):
        seat = i % players
        specs = [cand if s == seat else opp for s in range(players)]
        row = play(game, specs, seat, derive_seed(args.seed, args.game, i))
        row["game"] = i
        rows.append(row)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(json.dumps(row) + "\n")
    wins = sum(r["score"] for r in rows)
    lo, hi = wilson(wins, len(rows))
    d = [x for r in rows for x in r["decisions"]]
    t = [x for r in rows for x in r["turns"]]
    print(f"{args.game} {args.options} ({players} players): {args.candidate} vs {args.opp}: "
          f"{wins / len(rows):.3f} [{lo:.3f}, {hi:.3f}] over {len(rows)} games; CPU per decision with a choice "
          f"median {statistics.median(d) if d else 0:.3f} s, p95 {pct(d, 0.95):.3f} s ({len(d)}); per turn median "
          f"{statistics.median(t) if t else 0:.3f} s, p95 {pct(t, 0.95):.3f} s ({len(t)})")


if __name__ == "__main__":
    main()
