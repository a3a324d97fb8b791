"""`perfect` (two-player Prime Climb without cards): plays the solved game.

Each die goes where the exact win probability of the rest of the turn is highest (the two-player
table of games/prime_climb/solvers, built once by `ludoteca prime-climb solve --players 2`): with
both players perfect, nothing wins more often. Ties (equal to the table's float32 precision) are
broken by the bot's seeded stream. Without the table it says how to build it.
"""

from __future__ import annotations

from typing import Any

from ....bots.base import Bot, register_bot
from ....engine import Game, LudotecaError, T

TIE = 1e-6


class PerfectBot(Bot):
    name = "perfect"

    @staticmethod
    def refuse_seat(game: Game, num_players: int) -> T | None:
        """The solved table is of the two-player game without cards: anything else is refused, in
        players' words, before a room exists (the constructor's message names the command-line option)."""
        if num_players != 2 or game.name != "prime-climb" or game.options.get("cards", True):
            return T("the perfect bot plays two-player Prime Climb without cards only",
                     "el bot perfecto solo juega a Prime Climb a dos sin cartas")
        return None

    def __init__(self, game: Game, seat: int, seed: int = 0, **params: Any):
        if game.name != "prime-climb" or game.options.get("cards", True):
            raise LudotecaError(T(
                "the perfect bot plays two-player Prime Climb without cards only (-o cards=false)",
                "el bot perfect solo juega a Prime Climb a dos sin cartas (-o cards=false)",
            ))
        super().__init__(game, seat, seed, **params)
        from ..solvers import table

        self.table = table.load()  # TableMissing says how to build it

    def choose(self, view: dict[str, Any], legal_actions: list[int]) -> int:
        if len(legal_actions) == 1:
            return legal_actions[0]
        body = view["view"]
        if view["num_players"] != 2 or body["phase"] != "move":
            raise LudotecaError(T("the perfect bot plays two-player Prime Climb without cards only",
                                  "el bot perfect solo juega a Prime Climb a dos sin cartas"))
        scored = score_actions(self.table, body, self.seat, legal_actions)
        best = max(v for v, _ in scored)
        ties = [a for v, a in scored if v >= best - TIE]
        return ties[self.rng.below(len(ties))]


def score_actions(table, body: dict[str, Any], seat: int, legal_actions: list[int]) -> list[tuple[float, int]]:
    """(the mover's exact chance to win after it, action) for every legal die action."""
    from .. import actions as A
    from ..board import apply_op

    mine = tuple(body["pawns"][seat])
    other = tuple(body["pawns"][1 - seat])
    dice = list(body["dice"])
    memo: dict = {}
    out = []
    for a in legal_actions:
        if not A.DIE0 <= a < A.KEEPER0:
            raise LudotecaError(T(f"the perfect bot cannot judge {A.to_string(a)!r}: cards are off in its game",
                                  f"el bot perfect no sabe valorar {A.to_string(a)!r}: en su partida no hay cartas"))
        pawn, r = divmod(a - A.DIE0, 40)
        op, v = divmod(r, 10)
        moved = list(mine)
        moved[pawn] = apply_op(mine[pawn], op, v + 1)
        rest = list(dice)
        rest.remove(v + 1)
        out.append((table._hand(tuple(moved), other, tuple(sorted(rest)), memo), a))
    return out


register_bot("perfect", PerfectBot, words=T("Perfect", "Perfecto"), offered_first=True)
