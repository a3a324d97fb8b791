"""Play in the browser: lobby, rooms, live play over WebSockets, stored and resumable games."""

__all__ = ["create_app"]


def __getattr__(name: str):
    # lazily: the command line reads the limits' defaults (web.limits) without loading FastAPI
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)
