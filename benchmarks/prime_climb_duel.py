"""What the solved two-player game teaches (docs/analysis.md): seat-rotated games without cards,
every turn judged by the exact table.

    python benchmarks/prime_climb_duel.py [--games 100] [--against greedy,medium,hard] [--seed 7] [--out duel.json]

For each opponent bot: `perfect` against it over --games seat-rotated games (who rolls first is
drawn by each game's seed, as in the rules), the win rate of `perfect` with its Wilson 95%
interval, and for every turn of both players: the exact chance to win with the best play of the
roll, the chance left by the play made (their difference is the loss of that decision, 0 for
`perfect`), whether the roll offered a bump (an end of the turn on an opponent's pawn) and
whether the play made bumped. CPU seconds per decision of each bot are reported, not judged.
Needs the table: `ludoteca prime-climb solve --players 2`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ludoteca.bots import level_bot, make_bot  # noqa: E402
from ludoteca.bots.arena import wilson  # noqa: E402
from ludoteca.engine import CHANCE, make_game, view_document  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.games.prime_climb.board import GOAL  # noqa: E402
from ludoteca.games.prime_climb.learn import turn_outcomes  # noqa: E402
from ludoteca.games.prime_climb.solvers import table as tables  # noqa: E402


def pawns(state, seat):
    return state.pos[2 * seat], state.pos[2 * seat + 1]


def bumps(end, other) -> bool:
    return any(0 < x < GOAL and x in other for x in end)


def play(game, table, names, seed, stats):
    state = game.new_initial_state(2, seed)
    bots = []
    for seat, name in enumerate(names):
        spec = level_bot(name, game) if name in ("easy", "medium", "hard") else (name, {})
        bots.append((name, make_bot(spec[0], game, seat, derive_seed(seed, "bot", seat), **spec[1])))
    turn = None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            was_roll = state.phase == 0
            state.apply_legal(state.sample_chance())
            if was_roll and state.current_player() >= 0:
                me = state.turn
                mine, other = pawns(state, me), pawns(state, 1 - me)
                dice = tuple(state.dice)
                roll = (dice[0], dice[-1])
                ends = [o.pawns for o in turn_outcomes(mine, roll)]
                turn = {"seat": me, "other": other, "best": table.hand_value(mine, other, dice),
                        "can_bump": any(bumps(e, other) for e in ends), "can_quiet": any(not bumps(e, other) for e in ends)}
            continue
        name, bot = bots[player]
        t0 = time.process_time()
        action = bot.choose(view_document(state, player), state.legal_actions())
        stats[name]["cpu"].append(time.process_time() - t0)
        before = pawns(state, 1 - player)
        state.apply_action(action)
        if state.current_player() != player:  # the turn is over: judge it
            me = turn["seat"]
            if state.is_terminal():
                got = 1.0 if state.returns()[me] == 1.0 else 0.0
            else:
                got = 1.0 - table.win(pawns(state, 1 - me), pawns(state, me))
            bumped = any(x > 0 and y == 0 for x, y in zip(before, pawns(state, 1 - me)))
            s = stats[name]
            s["loss"].append(max(0.0, turn["best"] - got))
            s["turns"] += 1
            s["could_bump"] += turn["can_bump"]
            s["bumped"] += bumped
            s["bump_over_quiet"] += bumped and turn["can_quiet"]
            s["declined"] += turn["can_bump"] and not bumped
    return state.returns()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default="duel.json")
    args = ap.parse_args()
    table = tables.load()
    game = make_game("prime-climb", {"cards": False})
    doc = {"first_player_wins": table.win((0, 0), (0, 0)), "matches": {}}
    print(f"first player's chance to win under perfect play: {doc['first_player_wins']:.6f}")
    for opponent in args.against.split(","):
        stats = defaultdict(lambda: {"cpu": [], "loss": [], "turns": 0, "could_bump": 0, "bumped": 0, "bump_over_quiet": 0, "declined": 0})
        wins = 0.0
        for i in range(args.games):
            seat = i % 2
            names = ["perfect", opponent] if seat == 0 else [opponent, "perfect"]
            wins += play(game, table, names, derive_seed(args.seed, opponent, i), stats)[seat]
        lo, hi = wilson(wins, args.games)
        row = {"games": args.games, "perfect_wins": wins, "rate": wins / args.games, "low": lo, "high": hi, "bots": {}}
        for name, s in stats.items():
            row["bots"][name] = {
                "turns": s["turns"], "mean_loss_per_turn": statistics.fmean(s["loss"]) if s["loss"] else 0.0,
                "could_bump": s["could_bump"], "bumped": s["bumped"], "bumped_over_a_quiet_play": s["bump_over_quiet"],
                "declined_a_bump": s["declined"], "cpu_per_decision_median": statistics.median(s["cpu"]) if s["cpu"] else 0.0}
        doc["matches"][opponent] = row
        print(f"perfect vs {opponent}: {wins:g}/{args.games} = {row['rate']:.3f} [{lo:.3f}, {hi:.3f}]")
        for name, b in row["bots"].items():
            print(f"  {name}: {b['turns']} turns, mean loss {b['mean_loss_per_turn']:.4f} per turn; a bump on offer in "
                  f"{b['could_bump']} turns, bumped in {b['bumped']} ({b['bumped_over_a_quiet_play']} over a quiet play), "
                  f"declined {b['declined_a_bump']}; {b['cpu_per_decision_median'] * 1e3:.2f} ms CPU a decision (median)")
    Path(args.out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
