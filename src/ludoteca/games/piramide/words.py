"""Cards and cells in players' words: `R5sol` is "regular 5 (sun)", `L2P3` is "level 2,
position 3". The labels stay the notation; these words are what the story and menus say."""

from __future__ import annotations

import re

from ludoteca.engine import T

_LABEL = re.compile(r"^(BL|BR|EL|ER|B|R|A)([0-9]+)([a-z]*)$")
_CELL = re.compile(r"^L([0-9]+)P([0-9]+)$")
_KIND = {"BL": T("left-edge base {v}", "base de borde izquierdo {v}"), "BR": T("right-edge base {v}", "base de borde derecho {v}"),
         "B": T("base {v}", "base {v}"), "R": T("regular {v}", "regular {v}"),
         "EL": T("left edge {v}", "borde izquierdo {v}"), "ER": T("right edge {v}", "borde derecho {v}"),
         "A": T("apex {v}", "cúspide {v}")}
#: the packaged deck's symbols; a deck of its own names its symbols in its own words
SYMBOLS = {"sol": T("sun", "sol"), "luna": T("moon", "luna"), "jaguar": T("jaguar", "jaguar"),
           "serpiente": T("serpent", "serpiente")}


def symbol_name(symbol: str, lang: str) -> str:
    known = SYMBOLS.get(symbol)
    return known.get(lang) if known else symbol


def card_name(label: str, lang: str) -> str:
    """'R5sol' -> 'regular 5 (sun)' / 'regular 5 (sol)'; an unknown label is left as it is."""
    m = _LABEL.match(label or "")
    if not m:
        return label
    kind, value, symbol = m.groups()
    text = _KIND[kind].get(lang).format(v=value)
    return f"{text} ({symbol_name(symbol, lang)})" if symbol else text


def cell_name(cell: str, lang: str) -> str:
    """'L2P3' -> 'level 2, position 3' / 'nivel 2, posición 3'."""
    m = _CELL.match(cell or "")
    if not m:
        return cell
    return T(f"level {m[1]}, position {m[2]}", f"nivel {m[1]}, posición {m[2]}").get(lang)
