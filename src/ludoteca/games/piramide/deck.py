"""The deck: JSON data (the packaged deck.json by default), validated once per distinct deck.

A custom deck is always data (the `deck` option holds its content, so records, state documents
and stored rooms carry it); only the command line reads a file, through `read_deck_file`.

Card ids are the 0-based positions in the file's `cards` list. Cards equal in kind, side,
value and symbol are interchangeable, so the rules keep counts per *card type*; a type is
numbered by the order in which its first card appears in the file, and is written as a
label (`R5sol`, `EL3luna`, `A9`, `B0jaguar`...) in notation, views and state documents.
"""

from __future__ import annotations

import functools
import importlib.resources as res
import json
import os
import re
import stat
from typing import Any

from ludoteca.engine import OptionError, T
from ludoteca.engine.options import shown

# Kinds of card (codes used in the hot tables).
BASE, REGULAR, LEFT_EDGE, RIGHT_EDGE, APEX = 0, 1, 2, 3, 4
KIND_NAMES = ("base", "regular", "edge", "edge", "apex")

# Cell roles in the pyramid, as bits so a card type can hold the mask of the roles it fits.
ROLE_LEFT, ROLE_RIGHT, ROLE_MIDDLE, ROLE_APEX = 1, 2, 4, 8

# The counts are facts of the published game (the values and symbols are not).
COUNTS = {"base": 10, "regular": 48, "edge": 26, "apex": 4}
SYMBOLS_MAX = 8
SYMBOL_NAME_MAX = 12  # a symbol's name is part of every card label (R5sun): long ones would make moves unplayable
VALUE_MAX = 99

LABEL_RE = re.compile(r"^(BL|BR|B|R|EL|ER|A)(\d+)([a-z]*)$", re.IGNORECASE)
_PREFIX = {(BASE, "left"): "BL", (BASE, "right"): "BR", (BASE, None): "B", (REGULAR, None): "R",
           (LEFT_EDGE, None): "EL", (RIGHT_EDGE, None): "ER", (APEX, None): "A"}


class DeckError(OptionError):
    """A deck file that cannot be used: the message names the card and the problem."""


class Deck:
    """An immutable, validated deck with its per-type tables."""

    __slots__ = (
        "source", "symbols", "card_type", "type_kind", "type_value", "type_symbol", "type_label",
        "type_count", "type_roles", "label_to_type", "regular_types", "edge_types", "base_left",
        "base_right", "base_middle_cards", "num_cards", "num_types",
    )

    def __init__(self, doc: Any, source: str, counts: dict[str, int] | None = None):
        self.source = source
        counts = COUNTS if counts is None else counts  # a variant's own data file states its own counts
        err = lambda en, es: _bad(en, es, source)  # noqa: E731
        if not isinstance(doc, dict):
            raise err("must be a JSON object with 'symbols' and 'cards'", "debe ser un objeto JSON con 'symbols' y 'cards'")
        symbols = doc.get("symbols")
        if (not isinstance(symbols, list) or not 1 <= len(symbols) <= SYMBOLS_MAX
                or not all(isinstance(s, str) and re.fullmatch(rf"[a-z]{{1,{SYMBOL_NAME_MAX}}}", s) for s in symbols)
                or len(set(symbols)) != len(symbols)):
            raise err(f"'symbols' must list 1 to {SYMBOLS_MAX} distinct lowercase words (a-z, at most {SYMBOL_NAME_MAX} letters)",
                      f"'symbols' debe listar de 1 a {SYMBOLS_MAX} palabras distintas en minúsculas (a-z, como mucho {SYMBOL_NAME_MAX} letras)")
        cards = doc.get("cards")
        if not isinstance(cards, list):
            raise err("'cards' must be a list", "'cards' debe ser una lista")
        self.symbols = tuple(symbols)
        keys: list[tuple[int, str | None, int, int]] = []
        for i, card in enumerate(cards):
            keys.append(self._check_card(i, card, err))
        tally = {name: 0 for name in counts}
        sides = {"left": 0, "right": 0}
        for kind, side, _v, _s in keys:
            tally[KIND_NAMES[kind] if kind != BASE else "base"] += 1
            if kind == BASE and side:
                sides[side] += 1
        for name, want in counts.items():
            if tally[name] != want:
                raise err(f"needs {want} {name} cards, found {tally[name]}", f"hacen falta {want} cartas de tipo {name}, hay {tally[name]}")
        if sides != {"left": 1, "right": 1}:
            raise err("needs exactly one left-edge base card and one right-edge base card",
                      "hace falta exactamente una carta de base de borde izquierdo y una de borde derecho")
        # Card types, numbered by first appearance.
        index: dict[tuple, int] = {}
        card_type = []
        for key in keys:
            if key not in index:
                index[key] = len(index)
            card_type.append(index[key])
        types = list(index)
        self.card_type = tuple(card_type)
        self.num_cards = len(cards)
        self.num_types = len(types)
        self.type_kind = tuple(k for k, _, _, _ in types)
        self.type_value = tuple(v for _, _, v, _ in types)
        self.type_symbol = tuple(s for _, _, _, s in types)
        self.type_label = tuple(
            _PREFIX[(k, side if k == BASE else None)] + str(v) + (self.symbols[s] if s >= 0 else "")
            for k, side, v, s in types
        )
        counts = [0] * len(types)
        for t in card_type:
            counts[t] += 1
        self.type_count = tuple(counts)
        roles = {BASE: 0, REGULAR: ROLE_LEFT | ROLE_RIGHT | ROLE_MIDDLE | ROLE_APEX, LEFT_EDGE: ROLE_LEFT,
                 RIGHT_EDGE: ROLE_RIGHT, APEX: ROLE_APEX}
        self.type_roles = tuple(roles[k] for k in self.type_kind)
        self.label_to_type = {label.lower(): t for t, label in enumerate(self.type_label)}
        self.regular_types = tuple(t for t in range(len(types)) if self.type_kind[t] == REGULAR)
        self.edge_types = tuple(t for t in range(len(types)) if self.type_kind[t] in (LEFT_EDGE, RIGHT_EDGE, APEX))
        self.base_left = index[next(k for k in keys if k[0] == BASE and k[1] == "left")]
        self.base_right = index[next(k for k in keys if k[0] == BASE and k[1] == "right")]
        self.base_middle_cards = tuple(i for i, k in enumerate(keys) if k[0] == BASE and k[1] is None)

    def _check_card(self, i: int, card: Any, err) -> tuple[int, str | None, int, int]:
        where_en, where_es = f"card {i}", f"carta {i}"
        quoted = shown(card, 80)  # escaped (a lone surrogate included) and short, whatever the card holds
        bad = lambda en, es: err(f"{where_en} ({quoted}): {en}", f"{where_es} ({quoted}): {es}")  # noqa: E731
        if not isinstance(card, dict):
            raise bad("must be an object with kind, value, symbol (and side)", "debe ser un objeto con kind, value, symbol (y side)")
        unknown = set(card) - {"kind", "side", "value", "symbol"}
        if unknown:
            raise bad(f"unknown field(s) {', '.join(sorted(unknown))}", f"campo(s) desconocido(s) {', '.join(sorted(unknown))}")
        kind = card.get("kind")
        if kind not in COUNTS:
            raise bad("kind must be base, regular, edge or apex", "kind debe ser base, regular, edge o apex")
        value = card.get("value")
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad("value must be a whole number", "value debe ser un número entero")
        if kind == "base" and value != 0:
            raise bad("a base card's value is 0", "el valor de una carta de base es 0")
        if kind != "base" and not 1 <= value <= VALUE_MAX:
            raise bad(f"value must be between 1 and {VALUE_MAX}", f"value debe estar entre 1 y {VALUE_MAX}")
        symbol = card.get("symbol")
        if symbol is None:
            sym = -1
        elif symbol in self.symbols:
            sym = self.symbols.index(symbol)
        else:
            raise bad(f"unknown symbol {shown(symbol)} (known: {', '.join(self.symbols)}, or null)",
                      f"símbolo desconocido {shown(symbol)} (conocidos: {', '.join(self.symbols)}, o null)")
        side = card.get("side")
        if kind == "edge":
            if side not in ("left", "right"):
                raise bad("an edge card's side must be left or right", "el lado (side) de un borde debe ser left o right")
            return (LEFT_EDGE if side == "left" else RIGHT_EDGE, None, value, sym)
        if kind == "base":
            if side not in (None, "left", "right"):
                raise bad("a base card's side must be left, right or null", "el lado (side) de una carta de base debe ser left, right o null")
            return (BASE, side, value, sym)
        if side is not None:
            raise bad(f"a {kind} card has no side", f"una carta {kind} no tiene lado (side)")
        return (REGULAR if kind == "regular" else APEX, None, value, sym)

    def parse_label(self, text: str) -> int:
        """The card type named by a label (case-insensitive); -1 when none."""
        return self.label_to_type.get(text.strip().lower(), -1)


DEFAULT_NAMES = ("", "default")
DECK_FORMAT = "piramide-deck/1"
#: the most a deck may take, as a file or as JSON text (the packaged one is under 6 KiB)
DECK_MAX_BYTES = 32 * 1024
_DEFAULT: list[Deck] = []


def default_deck() -> Deck:
    if not _DEFAULT:
        text = res.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
        _DEFAULT.append(Deck(json.loads(text), "deck.json"))
    return _DEFAULT[0]


@functools.lru_cache(maxsize=None)
def variant_data(name: str) -> dict[str, Any]:
    """A packaged variant (`variant=small`: small.json): its deck, with its own card counts, and the
    geometry and deal it is played with (`regular_base`, `deal`)."""
    doc = json.loads(res.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8"))
    return {"deck": Deck(doc, f"{name}.json", doc["counts"]), "regular_base": int(doc["regular_base"]),
            "deal": int(doc["deal"])}


def _bad(en: str, es: str, source: str = "") -> DeckError:
    named = f" {source}" if source else ""
    return DeckError(T(f"deck{named}: {en}", f"mazo{named}: {es}"))


def deck_data(value: Any, source: str = "") -> str | dict[str, Any]:
    """The `deck` option's value: 'default' (the packaged deck), or a deck's content (a JSON object,
    or its JSON text), validated and returned as the canonical object {format, symbols, cards}.
    Never a path: nothing here opens a file a value names (the command line's `deck=PATH` is read
    by `read_deck_file` first)."""
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in DEFAULT_NAMES:
            return "default"
        if not text.startswith("{"):
            raise _bad("the deck option is the deck's content (a JSON object) or 'default', never a file name "
                       "(the command line reads deck=PATH for you)",
                       "la opción deck es el contenido del mazo (un objeto JSON) o 'default', nunca un nombre de archivo "
                       "(la línea de órdenes lee deck=RUTA por ti)")
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate (JSON text may carry one as \ud800)
            raise _bad("not UTF-8 text (a lone surrogate)", "no es texto UTF-8 (un sustituto suelto)", source) from None
        value = _parse_json(data, source)
    if not isinstance(value, dict):
        raise _bad("must be 'default' or a JSON object with 'symbols' and 'cards'",
                   "debe ser 'default' o un objeto JSON con 'symbols' y 'cards'", source)
    if value.get("format", DECK_FORMAT) != DECK_FORMAT:
        raise _bad(f"the format must be {DECK_FORMAT}", f"el formato debe ser {DECK_FORMAT}", source)
    doc = {"format": DECK_FORMAT, "symbols": value.get("symbols"), "cards": value.get("cards")}
    if isinstance(doc["cards"], list) and len(doc["cards"]) > 4 * sum(COUNTS.values()):
        raise _bad(f"too many cards ({len(doc['cards'])})", f"demasiadas cartas ({len(doc['cards'])})", source)
    text = _canonical(doc, source)
    if len(text) > DECK_MAX_BYTES:
        raise _bad(f"more than {DECK_MAX_BYTES // 1024} KiB", f"más de {DECK_MAX_BYTES // 1024} KiB", source)
    if source:
        Deck(json.loads(text), source)  # validates, naming the file in any error
    else:
        _deck_from_text(text)  # validates (and keeps the tables for the game that follows)
    return json.loads(text)


def _canonical(doc: Any, source: str = "") -> str:
    try:
        return json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        raise _bad("must be plain JSON data", "debe ser un dato JSON simple", source) from None


@functools.lru_cache(maxsize=64)
def _deck_from_text(text: str) -> Deck:
    return Deck(json.loads(text), "")


def _parse_json(data: bytes, source: str) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise _bad("not UTF-8 text", "no es texto UTF-8", source) from None
    except json.JSONDecodeError as exc:
        raise _bad(f"not valid JSON ({exc})", f"no es JSON válido ({exc})", source) from None
    except (RecursionError, ValueError):
        raise _bad("not valid JSON (nested too deeply or a number too long)",
                   "no es JSON válido (anidado demasiado hondo o un número demasiado largo)", source) from None


def load_deck(value: Any) -> Deck:
    """The deck the `deck` option selects: 'default' (or None, '') or a deck's content."""
    if value is None:
        return default_deck()
    data = deck_data(value)
    return default_deck() if data == "default" else _deck_from_text(_canonical(data))


def read_deck_file(path: str) -> str | dict[str, Any]:
    """The command line's `deck=PATH`: the content of a regular file of at most DECK_MAX_BYTES, as
    the `deck` option's value ('default' stays the packaged deck). A folder, a FIFO, a device or a
    bigger file is refused with a one-line DeckError, before anything is read from it."""
    if path.strip().lower() in DEFAULT_NAMES:
        return "default"
    try:
        info = os.stat(path)
    except OSError as exc:
        raise _bad(f"cannot be read ({exc.strerror})", f"no se puede leer ({exc.strerror})", path) from None
    _check_regular(info, path)
    try:  # O_NONBLOCK: if the path is swapped for a FIFO after the check, opening it does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise _bad(f"cannot be read ({exc.strerror})", f"no se puede leer ({exc.strerror})", path) from None
    try:
        _check_regular(os.fstat(fd), path)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(DECK_MAX_BYTES + 1)
    except OSError as exc:
        raise _bad(f"cannot be read ({exc.strerror})", f"no se puede leer ({exc.strerror})", path) from None
    finally:
        os.close(fd)
    if len(data) > DECK_MAX_BYTES:
        raise _bad(f"larger than {DECK_MAX_BYTES // 1024} KiB", f"mayor de {DECK_MAX_BYTES // 1024} KiB", path)
    return deck_data(_parse_json(data, path), path)


def _check_regular(info: os.stat_result, path: str) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise _bad("not a regular file (a folder, a FIFO or a device is never read)",
                   "no es un archivo normal (nunca se lee una carpeta, un FIFO ni un dispositivo)", path)
    if info.st_size > DECK_MAX_BYTES:
        raise _bad(f"larger than {DECK_MAX_BYTES // 1024} KiB", f"mayor de {DECK_MAX_BYTES // 1024} KiB", path)
