"""Small helpers for telling things in words, shared by the games' `tell_event`."""

from __future__ import annotations

from typing import Sequence


def many(n: int, one: str, other: str) -> str:
    """The number with its word in the right number: many(1, "point", "points") -> '1 point'."""
    return f"{n} {one if n == 1 else other}"


def listing(items: Sequence[str], lang: str) -> str:
    """'A', 'A and B', 'A, B and C' ('y' in Spanish)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + (" y " if lang == "es" else " and ") + items[-1]


def sentences(parts: Sequence[str]) -> str:
    """Several told events as one line of whole sentences: each ends with its stop ('.', '!',
    '?', ':' or '…' kept; a '.' added where none), joined by a space — never '.;'."""
    out = []
    for part in parts:
        part = part.strip()
        if part:
            out.append(part if part[-1] in ".!?…:" else part + ".")
    return " ".join(out)


#: the registered bots' names for people (the web's i18n.js keeps the same words); a bot not
#: listed here is called by its registered name
BOT_WORDS = {
    "easy": ("easy", "fácil"), "medium": ("medium", "medio"), "hard": ("hard", "difícil"), "expert": ("expert", "experto"),
    "learned": ("learned", "aprendido"), "learned-compiled": ("learned, compiled", "aprendido, compilado"),
    "random": ("random", "al azar"), "greedy": ("greedy", "codicioso"), "mcts": ("MCTS search", "búsqueda MCTS"),
    "ismcts": ("ISMCTS search", "búsqueda ISMCTS"), "lookahead": ("lookahead", "anticipación"),
    "noisy-greedy": ("noisy greedy", "codicioso con ruido"), "optimal-racer": ("optimal racer", "corredor óptimo"),
    "perfect": ("perfect", "perfecto"),
}


def bot_word(name: str, lang: str | None) -> str:
    """A bot's name for people: bot_word('greedy', 'es') -> 'codicioso'."""
    words = BOT_WORDS.get(name)
    return words[lang == "es"] if words else name
