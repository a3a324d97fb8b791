"""Solve the small Pirámide del Sol with OpenSpiel's CFR+ and read the strategy it found.

    python examples/cfr_piramide.py --iterations 16 [--deals 2] [--max-actions 8]

Loads the game through pyspiel (`ludoteca.rl.openspiel.small_piramide`: variant=small, 2 players),
runs `open_spiel.python.algorithms.cfr.CFRPlusSolver`, prints the exact exploitability of the
average policy as it goes, then the policy's first move for each deal as the seat to move sees
it (its information state's last line is its view: the hand, the pyramid, the bottom edge card),
and the expected utility of the average policy against itself and against a uniform player.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability, expected_game_score  # noqa: E402

from ludoteca.rl.openspiel import small_piramide  # noqa: E402


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=16)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--max-actions", type=int, default=8)
    args = parser.parse_args(argv)
    game = small_piramide(deals=args.deals, max_actions=args.max_actions)
    print(game)
    solver = cfr.CFRPlusSolver(game)
    value = float("nan")
    for it in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if it & (it - 1) == 0 or it == args.iterations:  # powers of two and the last
            value = exploitability.exploitability(game, solver.average_policy())
            print(f"iteration {it:4d}: exploitability {value:.5f}")
    average = solver.average_policy()
    root = game.new_initial_state()
    for deal, _ in root.chance_outcomes():
        state = root.child(deal)
        player = state.current_player()
        view = json.loads(state.information_state_string(player).splitlines()[0])["view"]["view"]
        moves = sorted(average.action_probabilities(state).items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{state.action_to_string(player, a)} {p:.2f}" for a, p in moves if p >= 0.01)
        print(f"deal {deal}: P{player + 1} holds {view['hand']}, bottom edge card {view['edge_bottom']}: {shown}")
    uniform = policy_lib.UniformRandomPolicy(game)
    selfplay = expected_game_score.policy_value(root, [average, average])
    first = expected_game_score.policy_value(root, [average, uniform])
    second = expected_game_score.policy_value(root, [uniform, average])
    print(f"average policy vs itself: {selfplay[0]:+.3f} / {selfplay[1]:+.3f}; "
          f"vs a uniform player: {first[0]:+.3f} as P1, {second[1]:+.3f} as P2")
    return {"exploitability": value, "vs_uniform_p1": first[0], "vs_uniform_p2": second[1]}


if __name__ == "__main__":
    main()
