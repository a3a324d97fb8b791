"""The figures of a report, computed from the rows alone.

Wins are counted as returns: a shared win of k seats counts 1/k to each, so win rates of
all seats sum to 1 and a game without a winner (cut off at `max_actions`) counts for none.

Seat figures (win rate by seat, balance, first-seat advantage, the first mover's win rate) mean
something only when every seat holds the same bot: with different bots, seat rotation gives
every seat the same mix of bots and so the same win rate whatever the game does. A variant with
different bots gets None there, and the figures per bot per seat instead (`agents[a]["by_seat"]`,
`agents[a]["moving_first"]`).
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from typing import Any

Z95 = 1.959963984540054


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (Wilson 1927): good coverage even near 0 and 1."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (min(low, p), max(high, p))  # rounding never puts the estimate outside its interval


def mean_interval(d: dict[str, float]) -> tuple[float, float]:
    """The 95% interval of a distribution's mean (normal approximation: mean ± 1.96 sd/√n)."""
    n = d.get("n") or 0
    if n < 2:
        return (d["mean"], d["mean"])
    half = Z95 * d["sd"] * math.sqrt(n / (n - 1)) / math.sqrt(n)  # the sample's sd from the population one
    return (d["mean"] - half, d["mean"] + half)


def rate(successes: float, trials: int) -> dict[str, float]:
    lo, hi = wilson(successes, trials)
    return {"wins": successes, "games": trials, "rate": successes / trials if trials else 0.0, "low": lo, "high": hi}


def distribution(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)

    def q(f: float) -> float:
        return ordered[min(len(ordered) - 1, int(f * len(ordered)))]

    return {
        "n": len(ordered), "mean": statistics.fmean(ordered), "sd": statistics.pstdev(ordered), "min": ordered[0],
        "p10": q(0.10), "median": statistics.median(ordered), "p90": q(0.90), "max": ordered[-1],
    }


def summarise_variant(rows: list[dict[str, Any]]) -> dict[str, Any]:
    finished = [r for r in rows if r["winners"]]
    n_seats = max((len(r["seats"]) for r in rows), default=0)
    seat_wins = [0.0] * n_seats
    agent_wins: dict[str, float] = defaultdict(float)
    agent_games: dict[str, int] = defaultdict(int)
    agent_seat: dict[str, list[float]] = defaultdict(lambda: [0.0] * n_seats)
    agent_seat_games: dict[str, list[int]] = defaultdict(lambda: [0] * n_seats)
    agent_first: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for r in finished:
        for seat, (agent, ret) in enumerate(zip(r["seats"], r["returns"])):
            seat_wins[seat] += ret
            agent_wins[agent] += ret
            agent_games[agent] += 1
            agent_seat[agent][seat] += ret
            agent_seat_games[agent][seat] += 1
        first = r.get("first_player")
        if first is not None:
            agent_first[r["seats"][first]][0] += r["returns"][first]
            agent_first[r["seats"][first]][1] += 1
    n = len(finished)
    same_bot = all(len(set(r["seats"])) == 1 for r in rows)
    seats = [rate(w, n) for w in seat_wins]
    rates = [s["rate"] for s in seats]
    lead = [r["lead_changes"] for r in finished if r.get("lead_changes") is not None]
    counters: dict[str, list[float]] = defaultdict(list)
    for r in finished:
        for key, value in (r.get("stats") or {}).items():
            counters[key].append(value)
    games_per_agent_seat = n // n_seats if n_seats else 0
    # who made the game's first decision: the first player where the game draws who starts (Prime Climb,
    # Pirámide), where seat order rules what seat 1 shows; in Aggravation the first to roll a 1 or 6
    movers = [r for r in finished if r.get("first_player") is not None]
    first_mover = rate(sum(r["returns"][r["first_player"]] for r in movers), len(movers)) if movers else None
    agents = {a: {**rate(agent_wins[a], agent_games[a]),
                  "by_seat": [rate(w, k) for w, k in zip(agent_seat[a], agent_seat_games[a])],
                  "moving_first": rate(*agent_first[a]) if agent_first[a][1] else None} for a in sorted(agent_games)}
    if not same_bot:  # rotation equalises the seats: their figures would measure nothing
        seats, first_mover = None, None
    return {
        "games": len(rows),
        "finished": n,
        "truncated": sum(1 for r in rows if r.get("truncated")),
        "errors": sum(1 for r in rows if r.get("error")),
        "error_examples": sorted({r["error"] for r in rows if r.get("error")})[:5],
        "same_bot": same_bot,
        "n_seats": n_seats,
        "seats": seats,
        "first_seat_advantage": ((rates[0] - 1 / n_seats) if n and n_seats else 0.0) if same_bot else None,
        "first_mover": first_mover,
        "balance": (1 - (max(rates) - min(rates)) if n else 0.0) if same_bot else None,
        "agents": agents,
        "rotation_complete": n_seats > 0 and len(rows) % n_seats == 0,
        "games_per_agent_seat": games_per_agent_seat,
        "length": {
            "turns": distribution([r["turns"] for r in finished]),
            "decisions": distribution([r["decisions"] for r in finished]),
            "actions": distribution([r["actions"] for r in finished]),
        },
        "lengths": [r["turns"] for r in finished],
        "lead_changes": distribution(lead) if lead else None,
        "statistics": {k: distribution(v) for k, v in sorted(counters.items())},
    }


def summarise(manifest: dict[str, Any], rows: list[dict[str, Any]]) -> dict[str, Any]:
    by_variant: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_variant[r["variant"]].append(r)
    labels = [v["label"] for v in manifest.get("variants", [])] or sorted(by_variant)
    labels += [label for label in sorted(by_variant) if label not in labels]
    sessions = [s for s in manifest.get("sessions", []) if s.get("games")]
    throughput = None
    if sessions:
        last = sessions[-1]
        throughput = {"games_per_second": last["games"] / last["seconds"] if last["seconds"] else None,
                      "workers": last["workers"], "backend": last["backend"]}
    return {
        "game": manifest["game"],
        "seats": manifest["seats"],
        "seed": manifest["seed"],
        "options": manifest.get("options", []),
        "sweep": manifest.get("sweep", []),
        "games_asked": manifest.get("games"),
        "throughput": throughput,
        "variants": {label: summarise_variant(by_variant[label]) for label in labels if by_variant.get(label)},
    }
