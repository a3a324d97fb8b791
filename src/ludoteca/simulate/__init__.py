"""Simulation at scale: many seeded, seat-rotated bot games, their rows on disk, and the report.

    from ludoteca.simulate import Request, run, write_report
    run(Request("piramide", ["greedy", "random"], games=400, out=Path("runs/p"), sweep=["length=short,normal,long"]))
    write_report(Path("runs/p"))

Per-game statistics protocol (optional, for game packages): a State may define
`statistics() -> dict[str, float]`, counters read once at the end of a game (bumps,
cards_drawn, aggravations, shortcuts...). `scores()` is read after every turn for lead changes.

Names are imported lazily, so a worker process that only plays games never loads the
progress bar, the report or the command line.
"""

from importlib import import_module

_WHERE = {
    "GameSpec": "plan", "Variant": "plan", "rotated_seats": "plan", "play_game": "play",
    "write_report": "report", "Outcome": "runner", "Request": "runner", "run": "runner", "wilson": "stats",
}
__all__ = list(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
