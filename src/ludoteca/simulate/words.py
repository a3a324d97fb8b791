"""The report's words for people: the games' statistics by name, numbers in the reader's form.

Each statistic a game keeps (docs/simulate.md, "Per-game statistics") has its words in both
languages and its kind, which decides its panel in the statistics figure: events counted over a
game, a reading taken at its end, or a share of games (a 0/1 reading). A statistic not listed here
(a plug-in game's) is shown by its name, its kind read off its values.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..engine import T
from ..engine.wording import bot_word

COUNT, READING, SHARE = "count", "reading", "share"

STATISTICS: dict[str, tuple[str, str, str]] = {
    # Prime Climb
    "bumps": ("pawns bumped to Start", "peones enviados a la Salida", COUNT),
    "keeper_bumps": ("pawns bumped by a Bump card", "peones enviados por una carta de Choque", COUNT),
    "red_landings": ("landings on a red prime", "caídas en un primo rojo", COUNT),
    "cards_drawn": ("cards drawn", "cartas robadas", COUNT),
    "keepers_played": ("Keeper cards played", "cartas Guardián jugadas", COUNT),
    "roll_again": ("Roll Again cards", "cartas Tira otra vez", COUNT),
    "steals": ("cards stolen", "cartas robadas a otro", COUNT),
    "curses": ("Curse cards played", "cartas Maldición jugadas", COUNT),
    "reshuffles": ("deck reshuffles", "barajadas del mazo", COUNT),
    "dice_forfeited": ("dice lost (no legal use)", "dados perdidos (sin uso legal)", COUNT),
    "others_best_pawn": ("the losers' best pawn", "el mejor peón de quien pierde", READING),
    "cards_kept": ("Keeper cards still held", "cartas Guardián sin jugar", READING),
    # Aggravation
    "aggravations": ("marbles sent back to base", "canicas devueltas a la base", COUNT),
    "star_shortcuts": ("star shortcuts", "atajos por las estrellas", COUNT),
    "centre_shortcuts": ("moves into the centre", "entradas al centro", COUNT),
    "centre_exits": ("moves out of the centre", "salidas del centro", COUNT),
    "entries": ("marbles brought out", "canicas sacadas", COUNT),
    "sixes": ("sixes rolled", "seises sacados", COUNT),
    "turns_lost": ("rolls with no move", "tiradas sin jugada", COUNT),
    "marbles_home_others": ("the losers' marbles at home", "canicas en casa de quien pierde", READING),
    "marbles_in_base": ("marbles still in base", "canicas aún en la base", READING),
    # Pirámide del Sol
    "cards_played": ("cards placed", "cartas colocadas", COUNT),
    "edges_played": ("edge cards placed", "cartas de borde colocadas", COUNT),
    "placement_points": ("points for placing", "puntos por colocar", COUNT),
    "symbol_matches": ("symbol matches", "símbolos emparejados", COUNT),
    "symbol_points": ("points for symbols", "puntos por símbolos", COUNT),
    "symbol_draws": ("cards drawn for symbols", "cartas robadas por símbolos", COUNT),
    "draw_turns": ("turns spent drawing", "turnos de robar", COUNT),
    "discards": ("cards discarded over the hand limit", "cartas descartadas por el límite de mano", COUNT),
    "passes": ("passes", "pases", COUNT),
    "apex_placed": ("games ended by the apex", "partidas acabadas con la cúspide", SHARE),
    # Mazmorra Primigenia
    "cards_placed": ("cards placed", "cartas colocadas", COUNT),
    "safety_discards": ("cards discarded (none fitted)", "cartas descartadas (ninguna cabía)", COUNT),
    "counters_from_colour": ("counters for colour", "contadores por color", COUNT),
    "counters_from_double_cover": ("counters for covering two", "contadores por cubrir dos", COUNT),
    "walks": ("walks", "caminatas", COUNT),
    "no_walk": ("placements with no walk", "colocaciones sin caminar", COUNT),
    "ended_at_exit": ("games ended at the exit", "partidas acabadas en la salida", SHARE),
    "rooms": ("rooms at the end", "salas al final", READING),
}

KINDS = {COUNT: ("events per game", "sucesos por partida"), READING: ("at the end of the game", "al final de la partida"),
         SHARE: ("share of games", "proporción de partidas")}


def statistic_word(name: str, lang: str) -> str:
    words = STATISTICS.get(name)
    return words[lang == "es"] if words else name.replace("_", " ")


def statistic_kind(name: str, values: Iterable[float] = ()) -> str:
    """Its kind: listed, else a share where every value is 0 or 1, else a count."""
    words = STATISTICS.get(name)
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
