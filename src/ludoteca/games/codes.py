"""Move codes in Spanish: each game's notation writes its codes in English (`enter`, `keeper A+1`,
`draw regular`); a Spanish table shows and reads them in Spanish words (`entrar`, `guardián A+1`,
`robar regular`). Only whole words change, so numbers, cards and places stay as they are, and
the English code is always accepted too."""

from __future__ import annotations

import re
import unicodedata
from typing import Callable

_TOKEN = re.compile(r"[^\s]+")


def _bare(word: str) -> str:
    """Lower case without accents: `Guardián` and `guardian` read the same."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")


class Codes:
    """A game's word table (English code word -> Spanish word), with patterned words such as
    Aggravation's marbles (`m2` <-> `c2`)."""

    def __init__(self, words: dict[str, str], patterns: tuple[tuple[str, str], ...] = ()):
        self.words = words
        self.back = {_bare(es): en for en, es in words.items()}
        # (English regex, Spanish regex) on one word each, with one group kept: ("m(\d)", "c(\d)")
        self.patterns = [(re.compile(f"^{en}$"), re.compile(f"^{es}$", re.I), en, es) for en, es in patterns]

    def _word(self, word: str, to_es: bool) -> str:
        if to_es:
            if word in self.words:
                return self.words[word]
            for en, _, _, es in self.patterns:
                m = en.match(word)
                if m:
                    return _fill(es, m.group(1))
            return word
        found = self.back.get(_bare(word))
        if found is not None:
            return found
        for _, es, en, _ in self.patterns:
            m = es.match(word)
            if m:
                return _fill(en, m.group(1))
        return word

    def spanish(self, code: str) -> str:
        """The code as a Spanish table reads it."""
        return _TOKEN.sub(lambda m: self._word(m.group(0), True), code)

    def english(self, text: str) -> str:
        """Typed text with each Spanish code word put back in English (English words stay)."""
        return _TOKEN.sub(lambda m: self._word(m.group(0), False), text.strip())

    def shown(self, lang: str) -> Callable[[str], str]:
        return self.spanish if lang == "es" else (lambda code: code)


def _fill(pattern: str, value: str) -> str:
    """The word a one-group pattern such as `c(\\d)` writes for `value`."""
    return re.sub(r"\(.*?\)", lambda _: value, pattern, count=1)


__all__ = ["Codes"]
