"""Prime Climb solo race without cards: mean turns of each bot against the exact optimum.

    python benchmarks/prime_climb_race.py [--races 200] [--bots random,greedy,optimal-racer,hard]

Seat 0 races alone: a two-player game with cards off in which seat 1's turn is skipped (its
pawns stay on Start, where nothing is ever bumped), so only seat 0's decisions count. A race
is cut at 300 turns (reported). The optimum is the race solver's value from Start.
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
from ludoteca.bots.arena import wilson  # noqa: E402,F401
from ludoteca.engine import CHANCE, TERMINAL, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.games.prime_climb.solvers.race import solve  # noqa: E402

CAP = 300


def solo_race(bot_name: str, seed: int, params: dict, cpu: list[float] | None = None,
              turn_cpu: list[float] | None = None) -> int:
    """Turns seat 0 takes to bring both pawns home (CAP if cut); with `cpu`, the CPU seconds of
    each decision with a real choice are appended to it, with `turn_cpu` those of each turn that
    had one (their sum)."""
    cpu = [] if cpu is None and turn_cpu is not None else cpu
    game = make_game("prime-climb", {"cards": False})
    body = game.new_initial_state(2, seed).to_json()
    body.update(turn=0, phase="roll")
    state = game.state_from_json(body, 2)
    state.rng.s = seed
    bot = make_bot(bot_name, game, 0, derive_seed(seed, "solo"), **params)
    turns, counted = 0, 0
    while turns < CAP:
        turns += 1
        before = len(cpu) if cpu is not None else 0
        if turn_cpu is not None and turns > 1 and before > counted:
            turn_cpu.append(sum(cpu[counted:before]))
        counted = before
        while True:
            player = state.current_player()
            if player == TERMINAL:
                if turn_cpu is not None and len(cpu) > counted:
                    turn_cpu.append(sum(cpu[counted:]))
                return turns
            if player == CHANCE:
                state.apply_legal(state.sample_chance())
            elif player == 0:
                legal = state.legal_actions()
                t0 = time.process_time()
                action = bot.choose(view_document(state, 0), legal)
                if cpu is not None and len(legal) > 1:
                    cpu.append(time.process_time() - t0)
                state.apply_legal(action)
            else:
                break
        body = state.to_json()  # skip seat 1: seat 0 rolls again
        body.update(turn=0, phase="roll", dice=[], moved=[], last_moved=None)
        rng = state.rng.s
        state = game.state_from_json(body, 2)
        state.rng.s = rng
    return CAP


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--races", type=int, default=200)
    ap.add_argument("--bots", default="random,greedy,optimal-racer,hard")
    ap.add_argument("--hard-iterations", type=int, default=None, help="hard's budget (default: the level's)")
    ap.add_argument("--hard-params", default="{}", help='more parameters for hard, as JSON: {"evaluator": "solo"} '
                    "gives it the solo race's own exact values (there is no opponent to play out)")
    args = ap.parse_args()
    best = solve(2, "rules").expected_turns(0, 0)
    print(f"optimum (race solver, two pawns, rules): {best:.3f} turns")
    print("| bot | races | mean turns | 95% interval of the mean | minus optimal-racer (paired) | cut at 300 | s/race |")
    print("|---|---|---|---|---|---|---|")
    # the dice come from the state's own stream, so race i rolls the same dice for every bot
    # (while the pawns' play differs): paired differences against the racer are much tighter
    reference = [solo_race("optimal-racer", derive_seed(7, "race", i), {}) for i in range(args.races)]
    for name in args.bots.split(","):
        params = {}
        if name == "hard":
            params = json.loads(args.hard_params)
            if args.hard_iterations is not None:
                params["iterations"] = args.hard_iterations
        t0 = time.perf_counter()
        turns = [solo_race(name, derive_seed(7, "race", i), params) for i in range(args.races)]
        mean = statistics.mean(turns)
        half = 1.96 * statistics.stdev(turns) / len(turns) ** 0.5
        diff = [t - r for t, r in zip(turns, reference)]
        dm, dh = statistics.mean(diff), 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
        print(f"| {name} | {len(turns)} | {mean:.2f} | [{mean - half:.2f}, {mean + half:.2f}] | {dm:+.2f} [{dm - dh:+.2f}, {dm + dh:+.2f}] | {sum(t >= CAP for t in turns)} | "
              f"{(time.perf_counter() - t0) / len(turns):.2f} |")


if __name__ == "__main__":
    main()
