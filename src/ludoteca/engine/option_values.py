"""Option values as people write them (`-o KEY=VALUE`, a sweep's `KEY=V1,V2`) turned into what a game takes.

An option that reads a file named on the command line (Pirámide's `deck=PATH`, through its
`from_text`) gets the file's content here, so the game itself only ever sees data. The command line
and `simulate` both read options this way; it lives in the engine so that neither the library nor
`simulate` imports the command line (docs/architecture.md).
"""

from __future__ import annotations

from typing import Any

from .errors import LudotecaError


def option_values(game: str, pairs: list[str] | tuple[str, ...] | dict[str, str] | None) -> dict[str, Any]:
    """`KEY=VALUE` pairs (or already split ones) as option values, each file-reading option's text
    read through its `from_text`. An unknown game is left to `make_game`, which names it."""
    from .options import parse_option_pairs
    from .registry import game_class

    raw: dict[str, Any] = dict(pairs) if isinstance(pairs, dict) else parse_option_pairs(pairs)
    try:
        options = game_class(game).OPTIONS.options
    except LudotecaError:
        return raw
    for option in options:
        reader = getattr(option, "from_text", None)
        if reader is not None and isinstance(raw.get(option.name), str):
            raw[option.name] = reader(raw[option.name])
    return raw
