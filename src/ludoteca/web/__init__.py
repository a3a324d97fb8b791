"""Play in the browser: lobby, rooms, live play over WebSockets, stored and resumable games."""

from .app import create_app

__all__ = ["create_app"]
