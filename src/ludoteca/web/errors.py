"""The web layer's refusal, in a module of its own (the limits import it without the rooms)."""

from __future__ import annotations

from ..engine import LudotecaError, Text


class RoomError(LudotecaError):
    """A request the room refuses; `code` says why (not_found, forbidden, stale, illegal, bad_request,
    rate_limited, too_many, busy)."""

    def __init__(self, code: str, message: Text):
        super().__init__(message)
        self.code = code
