"""Prime Climb's exact race solver put to work inside the generic bots.

- `racer_action(pos, turn, dice, legal)`: the optimal-racer decision: among the die and ±N
  Keeper actions, the one that minimises the optimal expected number of turns of the mover's
  two pawns racing alone (`race_solver`, rules model). Opponents and the other cards are ignored.
- evaluator `racer` for MCTS: each seat's remaining race length D (exact for two pawns racing
  alone, the current roll included for the mover) turned into a value in [0, 1] by a logistic of
  the gap to the best other seat, like the game's own heuristic but with the exact two-pawn table.
- evaluator `solved` (two players): the exact win probability of the position without cards
  (solvers/table.py, the cards ignored); with more players, or where the table has not been
  built, it is `racer`.
- evaluator `duel` (the lookahead's for `hard`): `solved` with the cards folded in: the Keepers
  held, a curse and a card about to be drawn, in turns (evaluation.card_turns, the weights of the
  game's heuristic), shift the log-odds of the table's chance by their gap over CARD_SCALE.
  Without cards this is exactly `solved`; without the table, or with more than two players, it is
  the game's heuristic.
  `duel.exact(state)` says where it is exact (two players, no cards, the table built), and
  `duel.settled(state)` where playouts of greedy turns could only blur it (two players, the table
  built, cards or not: the table sums the dice exactly, and the lookahead's playouts, paired
  though they are, lost win rate against greedy with cards: docs/lab/bots.md): the lookahead then plays
  its best end without playouts.
- evaluator `solo`: each seat's own race alone, 1 / (1 + its exact expected turns left): exact
  for the solo race without cards (`solo.exact`), blind to opponents and to the cards.
- rollout policy `racer`: the racer decision where it applies, else a random legal action.

The game package imports no bots: they are named in EVALUATORS and ROLLOUTS, which the bots'
registry reads (bots/policies.py).
"""

from __future__ import annotations

import math

from ...engine import TERMINAL
from . import actions as A
from .board import apply_op
from .evaluation import KEEPER_TURNS, card_turns
from .state import MOVE, ROLL
from .solvers.race import solve

SCALE = 1.5  # turns: the spread of the logistic that turns a race gap into a winning chance
# Turns of card gap per unit of `duel`'s log-odds: a quarter of the heuristic's own spread
# (evaluation.SCALE), the cards weighed four times as much. Not a fit of the table to the cards: the
# best of a sweep against greedy with cards (its figures: docs/lab/bots.md).
CARD_SCALE = 0.625


def scored_actions(pawns: tuple[int, int], dice: list[int], legal: list[int]) -> list[tuple[float, int]]:
    """(expected further turns, action) for the legal actions the race solver can judge.
    Spending a ±N Keeper costs what the game's heuristic says a Keeper in hand is worth."""
    solution = solve(2, "rules")
    out = []
    for a in legal:
        cost = 0.0
        if a == A.END:
            out.append((solution.hand_value(tuple(pawns), tuple(dice)), a))
            continue
        if a < A.KEEPER0:
            pawn, r = divmod(a - A.DIE0, 40)
            op, v = divmod(r, 10)
            rest = list(dice)
            rest.remove(v + 1)
        elif a < A.BUMP_NEAR0:
            pawn, r = divmod(a - A.KEEPER0, 18)
            sign, n = divmod(r, 9)
            op, v, rest = (1 if sign else 0), n, list(dice)
            cost = KEEPER_TURNS
        else:
            continue
        moved = list(pawns)
        moved[pawn] = apply_op(pawns[pawn], op, v + 1)
        out.append((solution.hand_value(tuple(moved), tuple(rest)) + cost, a))
    return out


def racer_action(pawns: tuple[int, int], dice: list[int], legal: list[int]) -> int | None:
    scored = scored_actions(pawns, dice, legal)
    if not scored:
        return None
    return min(scored)[1]


def remaining_turns(state, seat: int) -> float:
    solution = solve(2, "rules")
    pawns = (state.pos[2 * seat], state.pos[2 * seat + 1])
    if seat == state.turn and state.dice:
        return solution.hand_value(pawns, tuple(state.dice))
    return solution.expected_turns(*pawns)


def racer_values(state) -> list[float]:
    if state.current_player() == TERMINAL:
        return state.returns()
    n = state.num_players
    d = [remaining_turns(state, seat) for seat in range(n)]
    out = []
    for seat in range(n):
        best = min(d[t] for t in range(n) if t != seat)
        out.append(1.0 / (1.0 + math.exp(-(best - d[seat]) / SCALE)))
    return out


def racer_rollout(state, rng) -> int:
    legal = state.legal_actions()
    if state.dice and state.phase == 1:  # MOVE with dice in hand
        t = state.turn
        action = racer_action((state.pos[2 * t], state.pos[2 * t + 1]), state.dice, legal)
        if action is not None:
            return action
    return legal[rng.below(len(legal))]


def solved_values(state) -> list[float]:
    """Both seats' exact chance to win, cards ignored (two players with the table; else `racer`)."""
    if state.current_player() == TERMINAL:
        return state.returns()
    table = _table() if state.num_players == 2 else None
    if table is None:
        return racer_values(state)
    t = state.turn
    mine = (state.pos[2 * t], state.pos[2 * t + 1])
    other = (state.pos[2 - 2 * t], state.pos[3 - 2 * t])
    if state.phase == MOVE and state.dice:
        v = table.hand_value(mine, other, tuple(state.dice))
    elif state.phase == ROLL:
        v = table.win(mine, other)
    else:  # the Move phase is over (a card to draw or resolve): the other player moves next
        v = 1.0 - table.win(other, mine)
    return [v, 1.0 - v] if t == 0 else [1.0 - v, v]


def duel_values(state) -> list[float]:
    """The table's chance for both seats, cards folded in as turns (the heuristic without the table)."""
    if state.current_player() == TERMINAL:
        return state.returns()
    if state.num_players != 2 or _table() is None:
        return state.evaluate_all()
    p = with_cards(solved_values(state)[0], state, 0)
    return [p, 1.0 - p]


def with_cards(p: float, state, seat: int) -> float:
    """`seat`'s chance p by the table (cards ignored), its log-odds shifted by the turns its cards
    save over the other seat's, over CARD_SCALE (`duel`; the hints with cards)."""
    gap = card_turns(state, 1 - seat) - card_turns(state, seat)
    if gap:
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        p = 1.0 / (1.0 + math.exp(-(math.log(p / (1.0 - p)) + gap / CARD_SCALE)))
    return p


duel_values.exact = lambda state: state.num_players == 2 and not state.game.options["cards"] and _table() is not None
duel_values.settled = lambda state: state.num_players == 2 and _table() is not None


def solo_values(state) -> list[float]:
    """1 / (1 + expected turns left) for each seat racing alone (1 once home)."""
    if state.current_player() == TERMINAL:
        return state.returns()
    return [1.0 / (1.0 + remaining_turns(state, seat)) for seat in range(state.num_players)]


solo_values.exact = lambda state: not state.game.options["cards"]

_TABLE: list = []


def _table():
    if not _TABLE:
        from .solvers import table

        try:
            _TABLE.append(table.load())
        except table.TableMissing:
            _TABLE.append(None)
    return _TABLE[0]


EVALUATORS = {"racer": lambda game: racer_values, "solved": lambda game: solved_values,
              "duel": lambda game: duel_values, "solo": lambda game: solo_values}
ROLLOUTS = {"racer": lambda game: racer_rollout}
