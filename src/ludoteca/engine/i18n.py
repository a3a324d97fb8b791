"""Bilingual text. Every user-facing string exists in English and Spanish.

A `Text` carries both languages; front ends pick one with `.get(lang)`. Code that
raises errors or describes actions builds Texts, so no caller has to translate.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

LANGUAGES = ("en", "es")
_default_lang = os.environ.get("LUDOTECA_LANG") if os.environ.get("LUDOTECA_LANG") in LANGUAGES else "en"


def set_language(lang: str) -> None:
    global _default_lang
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use one of {', '.join(LANGUAGES)})")
    _default_lang = lang


def language() -> str:
    """The language of this process's messages (LUDOTECA_LANG, or --lang on the command line)."""
    return _default_lang


@dataclass(frozen=True, slots=True)
class Text:
    en: str
    es: str

    def get(self, lang: str | None = None) -> str:
        return self.es if (lang or language()) == "es" else self.en

    def __str__(self) -> str:
        return self.get()

    def __add__(self, other: "Text") -> "Text":
        return Text(self.en + other.en, self.es + other.es)

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "es": self.es}


def T(en: str, es: str) -> Text:
    """Shorthand used throughout: T("Roll the dice", "Tira los dados")."""
    return Text(en, es)
