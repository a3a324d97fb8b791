"""Hints for learners: the best ways to play the roll in hand, with their chances and why.

`hints(state)` lists the distinct ways the mover's turn can end (every sequence of its decisions
until control leaves it, merged by the position they reach), each valued as the mover's chance to
win: exact from the solved table in two-player games without cards (solvers/table.py); with cards
the table's chance with the cards folded in, as `hard` judges its turns (bots_plugin.with_cards, an
estimate); without the table, or with more players, the game's heuristic (evaluation.py). Each way
comes with reasons in words: it brings a pawn (or both: the win) to 101, bumps pawns to Start,
lands on a prime and draws a card, or leaves a pawn that the opponent's next roll can bump.
`hint_lines(state, lang)` is the same as text for the terminal's `hint` command.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine import TERMINAL, T, Text
from .board import GOAL, IS_RED
from .bots_plugin import with_cards
from .learn import turn_outcomes

TOP = 3
THREAT = 0.2  # a pawn the opponent can bump with at least this share of rolls is worth a warning


class Hint(NamedTuple):
    steps: tuple[str, ...]
    pawns: tuple[int, int]  # the mover's pawns once the turn's moves are over (after bumps)
    value: float  # the mover's chance to win
    exact: bool  # from the solved table without cards (True), or an estimate
    reasons: tuple[Text, ...]


def _ends(state, me: int) -> dict:
    """{end position key: (steps, end state)}: every distinct end of `me`'s decisions."""
    out: dict = {}
    seen: set = set()

    def walk(s, steps):
        if s.current_player() != me:
            # what a learner sees: where the pawns are, who acts next, the cards in hand
            out.setdefault((tuple(s.pos), s.phase, s.red, tuple(s.keep), tuple(s.cursed)), (steps, s))
            return
        key = s.key()
        if key in seen:
            return
        seen.add(key)
        for a in s.legal_actions():
            child = s.clone()
            child.apply_legal(a)
            walk(child, steps + (s.action_to_string(a),))

    walk(state, ())
    return out


def _table(state):
    if state.num_players != 2:
        return None
    from .solvers import table

    try:
        return table.load()
    except table.TableMissing:
        return None


def _value(end, me: int, table) -> float:
    if end.current_player() == TERMINAL:
        return end.returns()[me]
    if table is not None:
        other = 1 - me
        p = 1.0 - table.win((end.pos[2 * other], end.pos[2 * other + 1]), (end.pos[2 * me], end.pos[2 * me + 1]))
        return with_cards(p, end, me) if end.use_cards else p
    return end.evaluate(me)


def bump_chance(pawn: int, others: list[tuple[int, int]]) -> float:
    """The share of rolls with which some opponent can end a pawn on `pawn`'s space next turn."""
    from .actions import ROLL_PROB, ROLLS

    if not 0 < pawn < GOAL:
        return 0.0
    total = 0.0
    for (lo, hi), prob in zip(ROLLS, ROLL_PROB):
        if any(any(x == pawn for x in o.pawns) for pair in others if pair != (GOAL, GOAL)
               for o in turn_outcomes(pair, (lo, hi))):
            total += prob
    return total


def _reasons(start, end, me: int) -> list[Text]:
    out: list[Text] = []
    n = start.num_players
    mine0 = start.pos[2 * me:2 * me + 2]
    mine = end.pos[2 * me:2 * me + 2]
    if end.current_player() == TERMINAL and end.returns()[me] == 1.0:
        return [T("brings both pawns to 101: you win", "lleva los dos peones al 101: ganas")]
    if mine.count(GOAL) > mine0.count(GOAL):
        out.append(T("brings a pawn home to 101", "lleva un peón a casa, al 101"))
    for g in range(2 * n):
        if g // 2 != me and start.pos[g] > 0 and end.pos[g] == 0:
            x = start.pos[g]
            out.append(T(f"bumps the pawn on {x} to Start", f"manda a Inicio el peón del {x}"))
    if 0 in mine and mine.count(0) > mine0.count(0) and not any(x == 0 for x in mine0):
        out.append(T("sends one of your own pawns back to Start", "manda a Inicio uno de tus propios peones"))
    if start.use_cards:
        for p in (0, 1):
            x = mine[p]
            if IS_RED[x] and x != mine0[p]:
                out.append(T(f"lands on {x}, a prime: you draw a card", f"cae en {x}, un primo: robas una carta"))
                break
    others = [(end.pos[2 * t], end.pos[2 * t + 1]) for t in range(n) if t != me]
    for x in sorted(set(mine)):
        chance = bump_chance(x, others)
        if chance >= THREAT:
            out.append(T(f"leaves your pawn on {x} where {chance:.0%} of the opponent's rolls can bump it",
                         f"deja tu peón del {x} donde el {chance * 100:.0f} % de las tiradas rivales puede mandarlo a Inicio"))
    return out


def hints(state, top: int = TOP) -> list[Hint]:
    """The `top` best ways to finish the mover's turn, best first."""
    me = state.current_player()
    if me < 0:
        return []
    table = _table(state)
    ranked = []
    for steps, end in _ends(state, me).values():
        ranked.append((_value(end, me, table), steps, end))
    ranked.sort(key=lambda r: (-r[0], len(r[1]), r[1]))
    exact = table is not None and not state.use_cards
    return [Hint(steps, (end.pos[2 * me], end.pos[2 * me + 1]), value, exact, tuple(_reasons(state, end, me)))
            for value, steps, end in ranked[:top]]


def hint_lines(state, lang: str = "en", top: int = TOP) -> list[str]:
    """The hints as text lines (for the terminal's `hint` and `ludoteca prime-climb hint`)."""
    found = hints(state, top)
    if not found:
        return [T("no decision of yours to hint at now", "ahora no tienes ninguna decisión que aconsejar").get(lang)]
    exact = found[0].exact
    lines = [T("Best ways to play (exact chance to win, both playing perfectly):" if exact else
               "Best ways to play (estimated chance to win):",
               "Mejores jugadas (probabilidad exacta de ganar, jugando ambos a la perfección):" if exact else
               "Mejores jugadas (probabilidad estimada de ganar):").get(lang)]
    if state.num_players == 2 and _table(state) is None:  # the table would make them exact, or better
        from .solvers.table import build_hint

        lines.append("  (" + build_hint().get(lang) + ")")
    for i, h in enumerate(found, 1):
        chance = f"{h.value:.1%}" if lang == "en" else f"{h.value * 100:.1f} %".replace(".", ",")
        why = "; ".join(r.get(lang) for r in h.reasons) or T("a quiet move", "una jugada tranquila").get(lang)
        steps = " ".join(h.steps) or "-"
        lines.append(f"{i}. {steps} → A {h.pawns[0]}, B {h.pawns[1]} — {chance}: {why}")
    return lines
