"""Greedy's heuristic for Mazmorra (State.evaluate), written once (docs/rules/mazmorra.md):

    a pawn's worth = its counters - 0.5 x its distance to EXIT (as scored: rooms + 1 without a path)
    a seat's value = 0.5 + 0.5 tanh((its worth - the best other seat's worth) / 4)

Plain arithmetic over indexable numbers, so the engine calls these functions on lists and the
compiled places compile them as they are (kernels.standing_each for the placements a search
scores, rl/vector/mazmorra_greedy.py for the compiled greedy bot): the same floats bit for bit
(whole and half counters are exact, the comparisons pick the same worths, and numba's tanh is the
C library's, as Python's).
"""

from __future__ import annotations

from math import inf, tanh


def pawn_worth(counters: int, steps: int, no_path: int) -> float:
    """A pawn's worth: its counters minus half its distance to EXIT (`steps`; -1: no path, the
    distance then counted as `no_path`)."""
    return counters - 0.5 * (steps if steps >= 0 else no_path)


def seat_values(worth, n: int, only: int, out):
    """The value of every seat (or of seat `only` alone where it is not -1) from the seats' worths,
    into out[:n] (returned): its worth against the best other seat's, which is the best worth
    overall, or the second best for the seat that holds the best (the first such seat)."""
    top, best, second = 0, worth[0], -inf
    for s in range(1, n):
        w = worth[s]
        if w > best:
            top, best, second = s, w, best
        elif w > second:
            second = w
    for s in range(n) if only < 0 else range(only, only + 1):
        out[s] = 0.5 + 0.5 * tanh((worth[s] - (second if s == top else best)) / 4.0)
    return out


# The engine's forms, over lists (State.evaluate_all, bots_plugin's batches).

def worths(counters: list[int], steps: list[int], no_path: int) -> list[float]:
    """Every pawn's worth (steps: the pawns' distances to EXIT, -1: no path)."""
    return [pawn_worth(c, k, no_path) for c, k in zip(counters, steps)]


def standing(counters: list[int], steps: list[int], no_path: int) -> list[float]:
    """Every seat's value."""
    n = len(counters)
    return seat_values(worths(counters, steps, no_path), n, -1, [0.0] * n)

