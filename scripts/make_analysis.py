"""Write docs/analysis.md with `ludoteca simulate` itself: every game, stated sample sizes.

    python scripts/make_analysis.py [--workers 2] [--out runs/analysis] [--scale 1.0] [GAME ...]

Per game, two studies with every seat the same agent: `greedy` in every seat (the realistic
case: players who try) and `random` in every seat (the game with no skill at all), each
with the rule variants designers ask about swept on the same seeds. Each study is exactly the
`ludoteca simulate` command printed in the document (run through the same library the command
uses), and its tables are the report's own Markdown. The findings at the top of each game's
section are read off the same summaries (findings.py-style sentences built here), followed by a
short reading written for this run (seed and sizes below; shown only at --scale 1). `--scale`
multiplies every sample size (0.1 for a quick look). Runs resume, so an interrupted analysis
continues where it stopped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from ludoteca.engine import game_names  # noqa: E402
from ludoteca.simulate import Request, run, write_report  # noqa: E402
from ludoteca.simulate.report import markdown, pct, rate_cell  # noqa: E402

SEED = 2024
#: game -> (seats, games per variant, sweep) per study. Sizes fit ~15 minutes on 2 busy cores
#: with --workers 2: greedy Pirámide and Mazmorra games cost 0.5-2 s each, the rest 3-60 ms.
STUDIES: dict[str, list[tuple[list[str], int, list[str]]]] = {
    "prime-climb": [(["greedy"] * 2, 400, ["cards=true,false"]), (["random"] * 2, 400, ["cards=true,false"])],
    "aggravation": [(["greedy"] * 4, 400, ["shortcuts=true,false"]), (["random"] * 4, 800, ["shortcuts=true,false"])],
    "piramide": [(["greedy"] * 3, 60, ["length=short,normal,long"]), (["random"] * 3, 600, ["length=short,normal,long"])],
    "mazmorra": [(["greedy"] * 3, 60, []), (["random"] * 3, 300, ["market_face_up=false,true", "distance=4,6,8"])],
}

#: what a designer should take away, written from the tables of this run (seed 2024, the sizes above)
READING = {
    "prime-climb": """\
""",
    "aggravation": """\
""",
    "piramide": """\
""",
    "mazmorra": """\
""",
}


def command(game: str, seats: list[str], games: int, sweep: list[str], workers: int, out: Path) -> str:
    parts = ["ludoteca simulate", game, "--seats", ",".join(seats), "--games", str(games), "--seed", str(SEED)]
    for item in sweep:
        parts += ["--sweep", item]
    parts += ["--workers", str(workers), "--out", str(out)]
    return " ".join(parts)


# --- findings read off the summaries ------------------------------------------------------------
def seat_sentence(agent: str, summary: dict[str, Any]) -> str:
    """Seat win rates per variant, and which seats lie beyond chance from the fair share."""
    parts = []
    for label, v in summary["variants"].items():
        n = len(v["seats"])
        fair = 1 / n
        rates = " / ".join(pct(s["rate"]) for s in v["seats"])
        off = [f"seat {i + 1} {'above' if s['low'] > fair else 'below'} ({rate_cell(s)})"
               for i, s in enumerate(v["seats"]) if s["low"] > fair or s["high"] < fair]
        verdict = "; ".join(off) + " the fair share, beyond chance" if off else "no seat distinguishable from the fair share"
        mover = v.get("first_mover")
        if mover:
            side = "above" if mover["low"] > fair else "below" if mover["high"] < fair else "within chance of"
            verdict += f"; the player who made the first decision wins {rate_cell(mover)}, {side} the fair share"
        parts.append(f"{label}: {rates} — {verdict}")
    v0 = next(iter(summary["variants"].values()))
    return (f"Seats, {agent} in every seat ({v0['finished']} games per variant, fair share {pct(1 / len(v0['seats']))}): "
            + "; ".join(parts) + ".")


def length_sentence(agent: str, summary: dict[str, Any]) -> str:
    variants = summary["variants"]
    labels = list(variants)
    base = variants[labels[0]]["length"]["turns"]["mean"]
    parts = []
    for label in labels:
        turns = variants[label]["length"]["turns"]
        change = f" ({100 * (turns['mean'] / base - 1):+.0f}%)" if label != labels[0] and base else ""
        parts.append(f"{label} {turns['mean']:.0f} turns{change}, median {turns['median']:.0f}, 80% within {turns['p10']:.0f}–{turns['p90']:.0f}")
    return f"Length, {agent}: " + "; ".join(parts) + "."


def counters_sentence(agent: str, summary: dict[str, Any], top: int = 5) -> str | None:
    """The game's counters that change most between the first variant and each other one."""
    variants = summary["variants"]
    labels = list(variants)
    if len(labels) < 2:
        v = variants[labels[0]]["statistics"]
        items = [f"{k} {d['mean']:.1f}" for k, d in v.items() if d["mean"]]
        return f"Per game, {agent}: " + ", ".join(items) + "." if items else None
    base = variants[labels[0]]["statistics"]
    parts = []
    for label in labels[1:]:
        stats = variants[label]["statistics"]
        moves = []
        for k, d in stats.items():
            b = base.get(k, {}).get("mean", 0.0)
            if max(b, d["mean"]) < 0.5:
                continue
            rel = (d["mean"] - b) / b if b else float("inf")
            if abs(rel) >= 0.15:
                moves.append((abs(rel), f"{k} {b:.1f} → {d['mean']:.1f}"))
        moves.sort(key=lambda m: -m[0])
        if moves:
            parts.append(f"{label} against {labels[0]}: " + ", ".join(m[1] for m in moves[:top]))
    return f"What the variants change, {agent} (means per game): " + "; ".join(parts) + "." if parts else None


def designer_findings(studies: list[tuple[str, dict[str, Any]]]) -> list[str]:
    out = []
    for agent, summary in studies:
        out.append(seat_sentence(agent, summary))
    for agent, summary in studies:
        out.append(length_sentence(agent, summary))
    for agent, summary in studies:
        line = counters_sentence(agent, summary)
        if line:
            out.append(line)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to study (default: every registered game)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "runs" / "analysis")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--doc", type=Path, default=ROOT / "docs" / "analysis.md")
    args = parser.parse_args()
    wanted = args.games or game_names()
    started = time.monotonic()
    doc = [
        "# Balance analysis",
        "",
        "Produced by `python scripts/make_analysis.py` with `ludoteca simulate` (see [simulate.md](simulate.md)):",
        f"master seed {SEED}, seats rotated, each variant of a sweep on the same seeds (common random numbers).",
        "Every study puts the same agent in every seat, so any gap between seats is the seats' own: `greedy` in",
        "every seat is the realistic case for designers (players who try; `ludoteca.bots` greedy maximises the",
        "game's own evaluation over its turn), `random` in every seat is the game with no skill at all. Stronger",
        "bots may shift these figures. Intervals are Wilson 95%; each is a 95% interval on its own, so among the",
        "many comparisons below about one in twenty would show a seat outside its fair share by chance alone.",
        "",
        "**Sample sizes.** Stated per study (games per variant). The whole analysis was sized to run in about",
        "15 minutes on a busy 2-core machine with `--workers 2`: greedy games of Pirámide (0.5–1.3 s each) and",
        "Mazmorra (about 2 s each) are the expensive ones, so those two greedy studies are small (60 games per",
        "variant: a seat's interval is about ±12 points) and only large effects show there; the random studies",
        "and the cheap games are larger. `--scale 4` gives intervals half as wide for four times the compute.",
        "",
        "Counters (`stats` in the rows, the game statistics tables) are kept by each game during play; their",
        "meanings are in [simulate.md](simulate.md#per-game-statistics-the-optional-protocol-for-games).",
        "",
    ]
    timings = []
    for game, studies in STUDIES.items():
        if game not in wanted or game not in game_names():
            continue
        results = []
        sections: list[str] = []
        for seats, games, sweep in studies:
            n = max(len(seats), round(games * args.scale / len(seats)) * len(seats))
            folder = args.out / f"{game}-{seats[0]}"
            line = command(game, seats, n, sweep, args.workers, folder)
            print(line, flush=True)
            outcome = run(Request(game, seats, n, folder, seed=SEED, sweep=sweep, workers=args.workers, records="1"),
                          show_progress=False)
            summary = write_report(folder)
            print(f"  {outcome.played} games in {outcome.seconds:.0f} s", flush=True)
            timings.append(f"{game} {seats[0]}: {outcome.manifest['sessions'][-1]['seconds']:.0f} s" if outcome.played else "")
            results.append((seats[0], summary))
            variants = len(summary["variants"])
            sections += [f"### {game}: {seats[0]} in every seat, {n} games per variant ({variants} variant{'s' * (variants > 1)})", "",
                         "```", command(game, seats, n, sweep, args.workers, Path("runs/analysis") / folder.name), "```", ""]
            body = markdown(summary, "en", heading="###").split("\n", 2)[2]  # the heading above replaces the report's title
            sections += [body.rstrip(), ""]
        doc += [f"## {game}", "", "### Findings", ""]
        doc += [f"- {line}" for line in designer_findings(results)]
        reading = READING.get(game, "").strip()
        if reading and args.scale == 1.0:
            doc += ["", "**Reading** (written from these tables):", "", reading]
        doc += [""] + sections
    missing = [g for g in STUDIES if g not in game_names()]
    if missing:
        doc += [f"Not yet analysed (not in this checkout when the document was written): {', '.join(missing)}.", ""]
    args.doc.write_text("\n".join(doc) + "\n", encoding="utf-8")
    print(f"wrote {args.doc} after {time.monotonic() - started:.0f} s", flush=True)


if __name__ == "__main__":
    main()
