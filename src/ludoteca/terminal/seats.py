"""Seat lists for front ends: `human,greedy,random,...` -> who plays each seat.

Seats are counted as the table names them: the first entry is P1, the second P2, and so on
(`ludoteca view --seat N` counts the same way)."""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import Bot, bot_names, make_bot
from ..bots.base import seat_refusal
from ..engine import Game, LudotecaError, T
from ..engine.rng import derive_seed
from ..engine.wording import bot_word


@dataclass
class Seat:
    kind: str  # "human" or a bot name
    bot: Bot | None = None

    @property
    def is_human(self) -> bool:
        return self.bot is None


HUMAN_WORDS = ("human", "humano", "humana")


def kind_label(kind: str, lang: str) -> str:
    """Who plays a seat, in words: a person, or the bot by its name in the language."""
    if kind == "human":
        return T("human", "humano").get(lang)
    return T(f"{bot_word(kind, 'en')} bot", f"bot {bot_word(kind, 'es')}").get(lang)


def default_seats(game: Game) -> str:
    """One person against greedy bots, as many seats as the game's default player count."""
    return ",".join(["human"] + ["greedy"] * (game.check_players(None) - 1))


def parse_seats(text: str | None, game: Game, seed: int) -> list[Seat]:
    names = [part.strip() for part in (text or default_seats(game)).split(",") if part.strip()]
    game.check_players(len(names))
    seats = []
    for seat, name in enumerate(names):
        if name.lower() in HUMAN_WORDS:
            seats.append(Seat("human"))
        elif name in bot_names():
            refused = seat_refusal(name, game, len(names))  # a level this game lacks, a bot with no net for this count
            if refused is not None:
                raise LudotecaError(T(f"seat {seat + 1}: ", f"asiento {seat + 1}: ") + refused)
            seats.append(Seat(name, make_bot(name, game, seat, derive_seed(seed, "bot", seat))))
        else:
            raise LudotecaError(T(
                f"unknown seat {name!r}: use human or a bot ({', '.join(bot_names())})",
                f"asiento desconocido {name!r}: usa human (o humano) o un bot ({', '.join(bot_names())})",
            ))
    return seats
