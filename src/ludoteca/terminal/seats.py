"""Seat lists for front ends: `human,greedy,random,...` -> who plays each seat."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import Bot, bot_names, make_bot
from ..engine import Game, LudotecaError, T
from ..engine.rng import derive_seed


@dataclass
class Seat:
    kind: str  # "human" or a bot name
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


def parse_seats(text: str, game: Game, seed: int) -> list[Seat]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    game.check_players(len(names))
    seats = []
    for seat, name in enumerate(names):
        if name == "human":
            seats.append(Seat("human"))
        elif name in bot_names():
            seats.append(Seat(name, make_bot(name, game, seat, derive_seed(seed, "bot", seat))))
        else:
            raise LudotecaError(T(
                f"unknown seat {name!r}: use human or a bot ({', '.join(bot_names())})",
                f"asiento desconocido {name!r}: usa human o un bot ({', '.join(bot_names())})",
            ))
    return seats
