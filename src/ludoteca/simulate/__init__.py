"""Simulation at scale: many seeded, seat-rotated bot games, their rows on disk, and the report.

    from ludoteca.simulate import Request, run, write_report
    run(Request("piramide", ["greedy", "random"], games=400, out=Path("runs/p"), sweep=["length=short,normal,long"]))
    write_report(Path("runs/p"))

Per-game statistics protocol (optional, for game packages): a State may define
`statistics() -> dict[str, float]`, counters read once at the end of a game (bumps,
cards_drawn, aggravations, shortcuts...). `scores()` is read after every turn for lead changes.
"""

from .plan import GameSpec, Variant, rotated_seats
from .play import play_game
from .report import write_report
from .runner import Outcome, Request, run
from .stats import wilson

__all__ = ["GameSpec", "Variant", "rotated_seats", "play_game", "write_report", "Outcome", "Request", "run", "wilson"]
