"""The web layer's refusal, in a module of its own (the limits import it without the rooms)."""

from __future__ import annotations

from ..engine import LudotecaError, Text


class RoomError(LudotecaError):
    """A request the room refuses; `code` says why (not_found, forbidden, stale, illegal, bad_request,
    rate_limited, too_many, busy)."""

    def __init__(self, code: str, message: Text):
        super().__init__(message)
        self.code = code


#: sent with every answer, refusals made before the app (the connection guard's) included
SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}
