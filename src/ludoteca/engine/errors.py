"""Errors that carry a bilingual, user-facing message naming what was wrong."""

from __future__ import annotations

from .i18n import Text


class LudotecaError(Exception):
    """Base of every error a user can cause. `message` is a bilingual Text."""

    def __init__(self, message: Text | str):
        if isinstance(message, str):
            message = Text(message, message)
        self.message = message
        super().__init__(message.en)

    def text(self, lang: str | None = None) -> str:
        return self.message.get(lang)


class IllegalActionError(LudotecaError):
    """An action that is not legal in this state; the state is left unchanged."""


class NotationError(LudotecaError):
    """Text that does not parse as an action of this game."""


class OptionError(LudotecaError):
    """An unknown rules option or a bad value."""


class StateFormatError(LudotecaError):
    """A state or view JSON document that is malformed or inconsistent."""


class RecordError(LudotecaError):
    """A game record that is malformed or does not replay."""

    def __init__(self, message: Text | str, index: int | None = None):
        super().__init__(message)
        self.index = index


class UnknownGameError(LudotecaError):
    pass
