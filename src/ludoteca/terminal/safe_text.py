"""Stranger text made safe to print on a terminal.

A name, an option or any string read from a document, a record or a peer may hold control
characters: ESC starts sequences that clear the screen, retitle the window or colour what
follows; CR and BS rewrite a line; bidirectional overrides reorder what is read. Every front end
prints such text through `visible`, which writes each of those characters as a visible escape
(`\\x1b`, `\\n`, `\\u202e`) and leaves everything else as it was: the program's own colours are
added by the console around the text, never taken from it."""

from __future__ import annotations

import unicodedata
from typing import Iterable

# Unicode's format characters that reorder the text around them (the "Trojan Source" ones)
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def unsafe(ch: str) -> bool:
    """A character a terminal acts on rather than shows: C0, DEL and C1 controls (category Cc),
    the line and paragraph separators, and the bidirectional controls."""
    return unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS or ch in "\u2028\u2029"


def escaped(ch: str) -> str:
    if ch in NAMED:
        return NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object) -> str:
    """`text` (anything: it is made a string) with every control character written visibly."""
    text = str(text)
    if text.isprintable():  # the common case, and no control character is printable
        return text
    return "".join(escaped(ch) if unsafe(ch) else ch for ch in text)


def visible_all(texts: Iterable[object]) -> list[str]:
    return [visible(t) for t in texts]


def json_visible(text: str) -> str:
    """JSON text with the controls `json.dumps` leaves raw (DEL, C1, bidirectional controls,
    the line separators: it escapes only those below 0x20) written as `\\uXXXX`: the same JSON
    value, and nothing a terminal acts on."""
    if text.isascii() and "\x7f" not in text:
        return text
    # below 0x20 json.dumps has escaped every one inside a string; those left are its own layout
    return "".join(f"\\u{ord(ch):04x}" if ch >= "\x7f" and unsafe(ch) else ch for ch in text)


__all__ = ["json_visible", "visible", "visible_all", "unsafe"]


def option_value(value: object) -> str:
    """A rules option's value as `-o NAME=VALUE` takes it: `true`/`false`, never Python's
    True/False; a whole document (an own deck) is not written out."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (dict, list)):
        from ..engine import T
        from ..engine.i18n import language

        return T("(its own, in the record)", "(propio, en el registro)").get(language())
    return visible(str(value))
