"""Exploitability of OpenSpiel's CFR, CFR+ and external-sampling MCCFR on the small Pirámide.

    PYTHONPATH=src python benchmarks/cfr_piramide.py [--iterations 64] [--mccfr 2000] [--deals 2] [--max-actions 8]
        [--solvers cfr,cfr+,mccfr-es] [--png docs/img/cfr-piramide.png] [--doc docs/rl-openspiel.md]

The game is `ludoteca.rl.openspiel.small_piramide()` (variant=small, 2 players, the deal drawn
among `deals` seeded deals, cut at `max_actions` actions with utilities 0 at the cut), loaded
through pyspiel; the solvers are OpenSpiel's own Python ones (`open_spiel.python.algorithms.cfr`,
`external_sampling_mccfr`), and exploitability is computed exactly over the whole tree
(`exploitability.exploitability`: the mean over both seats of what a best response gains against
the average policy). At each checkpoint (powers of two) it records the exploitability and the
solver's cumulative CPU time (process time of the iterations only; the exact evaluation is timed
apart). Writes the table to stdout, the plot to --png and the table into --doc between the
`cfr-piramide` markers. Reports only; it never asserts on time.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from open_spiel.python.algorithms import cfr, exploitability, external_sampling_mccfr  # noqa: E402

from ludoteca.rl.openspiel import small_piramide  # noqa: E402

BEGIN, END = "<!-- cfr-piramide:begin -->", "<!-- cfr-piramide:end -->"


def checkpoints(last: int) -> list[int]:
    out, k = [], 1
    while k < last:
        out.append(k)
        k *= 2
    return out + [last]


def curve(game, solver_name: str, last: int, seed: int = 0) -> list[tuple[int, float, float, float]]:
    """[(iterations, exploitability, solver CPU seconds so far, evaluation CPU seconds)]."""
    if solver_name == "cfr":
        solver, step = cfr.CFRSolver(game), None
    elif solver_name == "cfr+":
        solver, step = cfr.CFRPlusSolver(game), None
    elif solver_name == "mccfr-es":
        np.random.seed(seed)  # the sampler draws from numpy's global stream
        solver = external_sampling_mccfr.ExternalSamplingSolver(game, external_sampling_mccfr.AverageType.SIMPLE)
        step = solver.iteration
    else:
        raise SystemExit(f"unknown solver {solver_name!r} (cfr, cfr+, mccfr-es)")
    rows, done, spent = [], 0, 0.0
    for target in checkpoints(last):
        start = time.process_time()
        for _ in range(target - done):
            step() if step else solver.evaluate_and_update_policy()
        spent += time.process_time() - start
        done = target
        start = time.process_time()
        value = exploitability.exploitability(game, solver.average_policy())
        rows.append((done, float(value), spent, time.process_time() - start))
        print(f"  {solver_name:9s} {done:6d} iterations  exploitability {value:.5f}  CPU {spent:7.1f} s", flush=True)
    return rows


def tree_size(game) -> tuple[int, int]:
    """(decision states, information sets) of the whole tree."""
    from open_spiel.python.algorithms import get_all_states

    states = get_all_states.get_all_states(game, include_terminals=False, include_chance_states=False)
    return len(states), len({s.information_state_string() for s in states.values()})


def table(results: dict[str, list[tuple[int, float, float, float]]], game) -> str:
    decisions, infosets = tree_size(game)
    lines = [f"Game: `{game}`: {decisions} decision states in {infosets} information sets.", "",
             "| solver | iterations | exploitability | solver CPU s |", "|---|---:|---:|---:|"]
    for name, rows in results.items():
        for it, value, cpu, _ in rows:
            lines.append(f"| {name} | {it} | {value:.5f} | {cpu:.1f} |")
    return "\n".join(lines)


def plot(results, path: Path, game) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for name, rows in results.items():
        its, values, cpu = [r[0] for r in rows], [max(r[1], 1e-6) for r in rows], [max(r[2], 1e-3) for r in rows]
        left.plot(its, values, marker="o", label=name)
        right.plot(cpu, values, marker="o", label=name)
    for ax, xlabel in ((left, "iterations"), (right, "solver CPU seconds")):
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(xlabel)
        ax.set_ylabel("exploitability")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    fig.suptitle(f"OpenSpiel on Pirámide del Sol, variant=small ({game.num_players()} players, "
                 f"{game.get_parameters()['deals']} deals, cut at {game.get_parameters()['max_actions']} actions)")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_doc(doc: Path, text: str) -> None:
    body = doc.read_text(encoding="utf-8")
    if BEGIN not in body or END not in body:
        print(f"{doc}: no {BEGIN} ... {END} markers; the table is not written there")
        return
    new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: f"{BEGIN}\n{text}\n{END}", body, flags=re.S)
    doc.write_text(new, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=64, help="CFR and CFR+ iterations")
    parser.add_argument("--mccfr", type=int, default=2048, help="external-sampling MCCFR iterations")
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--max-actions", type=int, default=8)
    parser.add_argument("--solvers", default="cfr,cfr+,mccfr-es")
    parser.add_argument("--png", default=str(ROOT / "docs/img/cfr-piramide.png"))
    parser.add_argument("--doc", default=str(ROOT / "docs/rl-openspiel.md"))
    args = parser.parse_args()
    game = small_piramide(deals=args.deals, max_actions=args.max_actions)
    print(f"{game}")
    results = {}
    for name in args.solvers.split(","):
        results[name] = curve(game, name, args.mccfr if name.startswith("mccfr") else args.iterations)
    text = table(results, game)
    print(text)
    if args.png:
        plot(results, Path(args.png), game)
        print(f"plot: {args.png}")
    if args.doc and Path(args.doc).exists():
        write_doc(Path(args.doc), text)
        print(f"table: {args.doc}")


if __name__ == "__main__":
    main()
