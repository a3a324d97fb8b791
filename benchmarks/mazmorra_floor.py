"""How far Mazmorra's random playouts can go in the shared Python loop: a turn's budget at a given
multiple of OpenSpiel's backgammon against what the turn's two compiled calls cost by themselves.

    python benchmarks/mazmorra_floor.py [--rounds R] [--target X]

Interleaved rounds in one process, by CPU time (time.process_time), medians over the rounds:
backgammon's cost per action in compare.py's loop; from seeded random Mazmorra games, the actions a
turn takes and the legal placements a turn offers; then, on mid-game positions, the cost of the
hand's legal placements (as the Python list the loop gets) and of laying a card with its walk
(FastTable.play), and of making that many Python ints alone. A turn at X times backgammon may take
actions-per-turn x backgammon's cost / X; the report gives the two calls' share of it. Reports only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.engine import CHANCE, TERMINAL, make_game  # noqa: E402
from ludoteca.engine.rng import Rng  # noqa: E402
from ludoteca.games.mazmorra.state import PLACE  # noqa: E402


def backgammon_cost(game, seconds: float, rng: Rng) -> float:
    """CPU seconds per action of compare.py's loop on OpenSpiel's backgammon."""
    actions, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.weighted(state.chance_outcomes()))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            actions += 1
    return (time.process_time() - start) / actions


def turn_shape(game, games: int) -> tuple[float, float, list]:
    """(actions per turn, mean legal placements, mid-game PLACE positions with the action to play)."""
    rng = Rng(5)
    actions = turns = 0
    sizes, picks = [], []
    for seed in range(games):
        state = game.new_initial_state(3, seed)
        while state.current_player() != TERMINAL:
            actions += 1
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance())
                continue
            legal = state.legal_actions()
            if state.phase == PLACE:
                turns += 1
                sizes.append(len(legal))
                if turns % 9 == 4:
                    picks.append((state.clone(), legal[len(legal) // 2]))
            state.apply_legal(legal[rng.below(len(legal))])
    return actions / turns, statistics.mean(sizes), picks


def legal_cost(picks) -> float:
    start = time.process_time()
    for state, _ in picks:
        state.table.legal_placements(state.hands[state.turn], False)
    return (time.process_time() - start) / len(picks)


def place_cost(picks, move_base: int) -> float:
    tables = [(state.table.copy(), action, state) for state, action in picks]
    for table, _, _ in tables:
        table._own()  # the copy-on-write copy is the search's cost, not the playout's
    start = time.process_time()
    for table, action, state in tables:
        table.play(action, state.pawns, state.turn, move_base)
    return (time.process_time() - start) / len(tables)


def ints_cost(size: int, reps: int = 20000) -> float:
    start = time.process_time()
    for _ in range(reps):
        list(range(100000, 100000 + size))
    return (time.process_time() - start) / reps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--target", type=float, default=2.5, help="the multiple of backgammon's rate to budget for")
    args = ap.parse_args()
    import pyspiel

    backgammon = pyspiel.load_game("backgammon")
    game = make_game("mazmorra")
    if type(game.new_initial_state(3, 0).table).__name__ != "FastTable":
        sys.exit("the compiled table is not in use (install the `fast` extra)")
    per_turn, size, picks = turn_shape(game, 30)
    rng = Rng(1)
    rounds = [(backgammon_cost(backgammon, 0.3, rng), legal_cost(picks), place_cost(picks, game.move_base),
               ints_cost(round(size))) for _ in range(args.rounds)]
    bg, legal, place, ints = (statistics.median(r[k] for r in rounds) for k in range(4))
    budget = per_turn * bg / args.target
    us = 1e6
    print(f"{args.rounds} interleaved rounds, CPU time, medians; {len(picks)} mid-game positions")
    print(f"backgammon: {bg * us:.2f} µs an action; Mazmorra: {per_turn:.2f} actions a turn, {size:.1f} legal placements")
    print(f"a turn at {args.target}x backgammon: {budget * us:.2f} µs")
    print(f"legal placements (the list): {legal * us:.2f} µs; lay the card and walk: {place * us:.2f} µs; "
          f"both: {(legal + place) * us:.2f} µs = {(legal + place) / budget:.0%} of that turn")
    print(f"making {round(size)} Python ints alone: {ints * us:.2f} µs")


if __name__ == "__main__":
    main()
