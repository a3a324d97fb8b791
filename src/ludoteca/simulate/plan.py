"""What a simulation plays: variants, seat rotation and seeds, all derived from one master seed.

Game `index` of a variant always gets the same seats and seeds, whatever the number of
workers, the backend, the order games finish in, or the total number of games asked for.
Every variant plays the same seeds (common random numbers), so variants are compared on
the same dice and the same deals wherever their rules allow.
"""

from __future__ import annotations

import itertools
from dataclasses import asdict, dataclass, field
from typing import Any

from ..engine import LudotecaError, T, make_game
from ..engine.rng import derive_seed

DEFAULT_VARIANT = "default"


@dataclass(frozen=True)
class Variant:
    """A set of rules options compared with the others of a sweep."""

    label: str
    options: dict[str, Any]


@dataclass
class GameSpec:
    """Everything one worker needs to play one game, and nothing that depends on how it is run."""

    game: str
    variant: str
    options: dict[str, Any]
    index: int
    seats: list[str]
    seed: int
    bot_seeds: list[int]
    max_actions: int
    keep_record: bool = False
    plugins: list[list[str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def rotated_seats(agents: list[str], index: int) -> list[str]:
    """The seating of game `index`: the agents' list turned by `index` places.

    Over any `len(agents)` consecutive games every agent sits in every seat exactly once."""
    n = len(agents)
    shift = index % n
    return [agents[(seat + shift) % n] for seat in range(n)]


def game_seed(master: int, index: int) -> int:
    return derive_seed(master, "game", index)


def bot_seed(master: int, index: int, seat: int) -> int:
    return derive_seed(master, "bot", index, seat)


def parse_sweep(items: list[str] | None) -> list[tuple[str, list[str]]]:
    """`K=V1,V2,...` (repeatable) into [(K, [V1, V2, ...])]."""
    sweep: list[tuple[str, list[str]]] = []
    for item in items or []:
        key, sep, values = item.partition("=")
        choices = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not key.strip() or not choices:
            raise LudotecaError(T(
                f"--sweep takes KEY=V1,V2,... (got {item!r})",
                f"--sweep necesita CLAVE=V1,V2,... (se recibió {item!r})",
            ))
        if any(key.strip() == k for k, _ in sweep):
            raise LudotecaError(T(f"option {key.strip()!r} is swept twice", f"la opción {key.strip()!r} se barre dos veces"))
        sweep.append((key.strip(), choices))
    return sweep


def make_variants(game: str, options: list[str] | None, sweep: list[tuple[str, list[str]]]) -> list[Variant]:
    """The variants to play: the base options crossed with every swept value, each validated by the game."""
    from ..engine.option_values import option_values  # deck=PATH and the like: read once, as data

    base = option_values(game, options)
    combos = list(itertools.product(*[[(k, v) for v in values] for k, values in sweep])) if sweep else [()]
    variants = []
    for combo in combos:
        raw = {**base, **option_values(game, dict(combo))}
        resolved = make_game(game, raw).options  # raises OptionError naming a bad key or value
        label = " ".join(f"{k}={v}" for k, v in combo) or DEFAULT_VARIANT
        variants.append(Variant(label, resolved))
    return variants


def check_seats(game: str, variants: list[Variant], agents: list[str]) -> None:
    """Fail early, before any game is played, on an unknown bot, a bad player count, or a bot that
    cannot play a seat of a variant with that many players (a level the game lacks, a net for
    another player count: bots.base.seat_refusal, as the web and the terminal ask)."""
    from ..bots import bot_names
    from ..bots.base import seat_refusal

    unknown = [a for a in agents if a not in bot_names()]
    if unknown:
        raise LudotecaError(T(
            f"unknown agent(s) {', '.join(unknown)} (bots: {', '.join(bot_names())})",
            f"agente(s) desconocido(s) {', '.join(unknown)} (bots: {', '.join(bot_names())})",
        ))
    for variant in variants:
        made = make_game(game, variant.options)
        made.check_players(len(agents))
        for agent in dict.fromkeys(agents):
            refused = seat_refusal(agent, made, len(agents))
            if refused is not None:
                raise LudotecaError(T(f"{agent}: ", f"{agent}: ") + refused)


def specs_for(
    game: str,
    variants: list[Variant],
    agents: list[str],
    master: int,
    games: int,
    max_actions: int,
    keep: set[int],
    plugins: list[list[str]],
    done: set[tuple[str, int]] = frozenset(),
) -> list[GameSpec]:
    """Every game still to play, variant by variant and index by index."""
    specs = []
    for variant in variants:
        for index in range(games):
            if (variant.label, index) in done:
                continue
            seats = rotated_seats(agents, index)
            specs.append(GameSpec(
                game=game,
                variant=variant.label,
                options=dict(variant.options),
                index=index,
                seats=seats,
                seed=game_seed(master, index),
                bot_seeds=[bot_seed(master, index, s) for s in range(len(seats))],
                max_actions=max_actions,
                keep_record=index in keep,
                plugins=plugins,
            ))
    return specs


def parse_records(spec: str, games: int) -> set[int]:
    """`none`, a count `N` (the first N games of each variant) or indices `i,j,k`."""
    spec = spec.strip().lower()
    if spec in ("", "none", "0"):
        return set()
    try:
        if "," in spec:
            return {int(x) for x in spec.split(",") if x.strip()}
        return set(range(min(int(spec), games)))
    except ValueError:
        raise LudotecaError(T(
            f"--records takes none, a count or game indices like 0,5,9 (got {spec!r})",
            f"--records necesita none, un número o índices de partida como 0,5,9 (se recibió {spec!r})",
        )) from None
