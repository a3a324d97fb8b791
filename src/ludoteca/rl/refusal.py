"""The research APIs' refusals: one line, in English and Spanish.

A `Refusal` is a ValueError (what a researcher's code catches) and a LudotecaError (what the
front ends catch, each showing its reader's language): `str()` holds both languages, English
first, " / " between them, so a message that travels as text (a traceback's last line,
OpenSpiel's wrapper) still says it in both.
"""

from __future__ import annotations

from ..engine.errors import LudotecaError
from ..engine.i18n import T


class Refusal(LudotecaError, ValueError):
    """What was wrong with a call, said in one line; nothing was changed."""

    def __init__(self, en: str, es: str):
        super().__init__(T(en.splitlines()[0], es.splitlines()[0]))

    def __str__(self) -> str:
        return both(self.message.en, self.message.es)


def both(en: str, es: str) -> str:
    """English and Spanish in one line (once where they are the same words)."""
    return en if en == es else f"{en} / {es}"


def of_engine(exc: LudotecaError) -> Refusal:
    """The engine's refusal as a Refusal: the first line of its text in each language."""
    return Refusal(exc.text("en"), exc.text("es"))
