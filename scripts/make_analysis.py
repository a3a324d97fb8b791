"""Write docs/analysis.md with `ludoteca simulate` itself: every landed game, stated sample sizes.

    python scripts/make_analysis.py [--workers 2] [--out runs/analysis] [--scale 1.0] [GAME ...]

Each study below is exactly the `ludoteca simulate` command printed in the document (run
through the same library the command uses), and each section is the report's own Markdown.
`--scale` multiplies every sample size (0.1 for a quick look). Runs resume, so an interrupted
analysis continues where it stopped.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ludoteca.engine import game_names  # noqa: E402
from ludoteca.simulate import Request, run, write_report  # noqa: E402
from ludoteca.simulate.report import markdown  # noqa: E402

SEED = 2024
#: (game, seats, games per variant, sweep): equal random agents measure the seats themselves;
#: greedy against random measures how much play matters; sweeps are the variants designers ask about
STUDIES = [
    ("prime-climb", ["random", "random"], 200, ["cards=true,false"]),
    ("prime-climb", ["greedy", "random"], 100, []),
    ("aggravation", ["random", "random", "random", "random"], 400, ["shortcuts=true,false"]),
    ("aggravation", ["greedy", "random"], 200, []),
    ("piramide", ["random", "random", "random"], 201, ["length=short,normal,long"]),
    ("piramide", ["greedy", "random", "random"], 30, []),
    ("mazmorra", ["random", "random", "random"], 150, ["market_face_up=false,true"]),
    ("mazmorra", ["greedy", "random", "random"], 30, []),
]


def command(game: str, seats: list[str], games: int, sweep: list[str], workers: int, out: Path) -> str:
    parts = ["ludoteca simulate", game, "--seats", ",".join(seats), "--games", str(games), "--seed", str(SEED)]
    for item in sweep:
        parts += ["--sweep", item]
    parts += ["--workers", str(workers), "--out", str(out)]
    return " ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to study (default: every registered game)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "runs" / "analysis")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "analysis.md")
    args = parser.parse_args()
    wanted = args.games or game_names()
    doc = [
        "# Balance analysis",
        "",
        "Produced by `python scripts/make_analysis.py` with `ludoteca simulate` (see [simulate.md](simulate.md)):",
        f"master seed {SEED}, seats rotated so every agent sits in every seat equally often, each variant of a",
        "sweep on the same seeds. Random-only tables measure the seats themselves (equal agents); greedy-against-",
        "random tables measure how much play matters. Intervals are Wilson 95%. Bots are the generic `random` and",
        "`greedy` of `ludoteca.bots`; stronger bots may shift seat advantages, so these are figures for these agents.",
        "Each interval is a 95% interval on its own: among the many comparisons below, about one in twenty would",
        "show a seat outside its fair share by chance alone, so a borderline verdict deserves a larger run.",
        "",
    ]
    for game, seats, games, sweep in STUDIES:
        if game not in wanted or game not in game_names():
            continue
        n = max(len(seats), round(games * args.scale / len(seats)) * len(seats))
        folder = args.out / f"{game}-{'-'.join(seats)}"
        print(command(game, seats, n, sweep, args.workers, folder), flush=True)
        outcome = run(Request(game, seats, n, folder, seed=SEED, sweep=sweep, workers=args.workers, records="1"), show_progress=False)
        summary = write_report(folder)
        print(f"  {outcome.played} games in {outcome.seconds:.0f} s", flush=True)
        doc += [f"## {game}: {', '.join(seats)}", "", "```", command(game, seats, n, sweep, args.workers, Path("runs/analysis") / folder.name), "```", ""]
        body = markdown(summary, "en", heading="##").split("\n", 2)[2]  # the section's own title is the heading above
        doc += [body.rstrip(), ""]
    missing = sorted({g for g, *_ in STUDIES if g not in game_names()}, key=[g for g, *_ in STUDIES].index)
    if missing:
        doc += [f"Not yet analysed (not in this checkout when the document was written): {', '.join(missing)}.", ""]
    args.doc.write_text("\n".join(doc) + "\n", encoding="utf-8")
    print(f"wrote {args.doc}")


if __name__ == "__main__":
    main()
