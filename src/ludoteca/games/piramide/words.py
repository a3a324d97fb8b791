"""Cards and cells in players' words: `R5sol` is "regular 5 (sun)", `L2P3` is "level 2,
position 3". The labels stay the notation; these words are what the story and menus say."""

from __future__ import annotations

import functools
import re

from ludoteca.engine import T

from .deck import APEX, BASE, KIND_NAMES, LEFT_EDGE, REGULAR, RIGHT_EDGE, Deck

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


_SIDES = {BASE: None, REGULAR: None, LEFT_EDGE: "left", RIGHT_EDGE: "right", APEX: None}


def faces(deck: Deck, labels) -> dict[str, dict]:
    """What a front end draws of each card named in `labels` (a view's cards, so nothing it may not
    see): its kind (`base`, `regular`, `edge`, `apex`), its side (an edge card's, or a base end's:
    `left`, `right`, else None), value, symbol (None: none) and its name in both languages; the
    label stays a key only, never read for its parts. Each face is made once per deck and label
    (a view is made for every previewed move) and shared: read it, never change it."""
    return {label: _face(deck, label) for label in dict.fromkeys(labels) if label is not None and deck.parse_label(label) >= 0}


@functools.lru_cache(maxsize=4096)
def _face(deck: Deck, label: str) -> dict:
    t = deck.parse_label(label)
    kind, sym = deck.type_kind[t], deck.type_symbol[t]
    side = _SIDES[kind] if kind != BASE else ("left" if t == deck.base_left else "right" if t == deck.base_right else None)
    return {"kind": KIND_NAMES[kind], "side": side, "value": deck.type_value[t],
            "symbol": deck.symbols[sym] if sym >= 0 else None,
            "name": {"en": card_name(label, "en"), "es": card_name(label, "es")}}
