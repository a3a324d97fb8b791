"""The report's words for people: the games' statistics by name, numbers in the reader's form.

Each statistic a game keeps (docs/simulate.md, "Per-game statistics") has its words in both
languages and its kind (declared by the game: its PLUGIN's `statistics`), which decides its panel in the statistics figure: events counted over a
game, a reading taken at its end, or a share of games (a 0/1 reading). A statistic not listed here
(a plug-in game's) is shown by its name, its kind read off its values.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..engine import T
from ..engine.wording import bot_word

COUNT, READING, SHARE = "count", "reading", "share"

def _statistics() -> dict[str, tuple[str, str, str]]:
    """Every registered game's statistics' words (each game's PLUGIN `statistics`): name ->
    (English, Spanish, kind)."""
    from ..engine.registry import game_names, plugin_of

    words: dict[str, tuple[str, str, str]] = {}
    for game in game_names():
        for name, said in plugin_of(game).statistics.items():
            words.setdefault(name, said)
    return words

KINDS = {COUNT: ("events per game", "sucesos por partida"), READING: ("at the end of the game", "al final de la partida"),
         SHARE: ("share of games", "proporción de partidas")}


def statistic_word(name: str, lang: str) -> str:
    words = _statistics().get(name)
    return words[lang == "es"] if words else name.replace("_", " ")


def statistic_kind(name: str, values: Iterable[float] = ()) -> str:
    """Its kind: listed, else a share where every value is 0 or 1, else a count."""
    words = _statistics().get(name)
    if words:
        return words[2]
    values = list(values)
    return SHARE if values and all(v in (0, 1) for v in values) else COUNT


def kind_word(kind: str, lang: str) -> str:
    return KINDS[kind][lang == "es"]


def number(x: float, digits: int, lang: str) -> str:
    """A number in the reader's form: 1234.5 and 12,345.5 in English, 1234,5 and 12 345,5 in Spanish."""
    text = f"{x:.{digits}f}"
    whole, _, frac = text.partition(".")
    sign, digits_only = ("-", whole[1:]) if whole.startswith("-") else ("", whole)
    if len(digits_only) > 4:  # grouped by three from five digits on (a no-break space in Spanish, as the RAE writes it)
        digits_only = f"{int(digits_only):,}".replace(",", "\u00a0" if lang == "es" else ",")
    point = "," if lang == "es" else "."
    return sign + digits_only + (point + frac if frac else "")


def percent(x: float, lang: str, digits: int = 1) -> str:
    """0.5 -> '50.0%' in English, '50,0 %' in Spanish (a no-break space before the sign)."""
    return number(100 * x, digits, lang) + ("\u00a0%" if lang == "es" else "%")


def variant_word(label: str, lang: str) -> str:
    """A variant as the reader says it: the default rules are 'por defecto' in Spanish."""
    return T("default", "por defecto").get(lang) if label == "default" else label


def in_words(summary: dict[str, Any], lang: str) -> dict[str, Any]:
    """The summary with its variants and bots named in the reader's language (figures untouched)."""
    variants = {variant_word(label, lang): {**v, "agents": {bot_word(a, lang): r for a, r in v["agents"].items()}}
                for label, v in summary["variants"].items()}
    return {**summary, "variants": variants, "seats": [bot_word(a, lang) for a in summary["seats"]]}


def game_title(name: str, lang: str) -> str:
    """The game's title in the reader's language ('Pirámide del Sol'), else its name."""
    from ..engine import LudotecaError, game_class

    try:
        return game_class(name).title.get(lang)
    except (LudotecaError, AttributeError):
        return name
