"""The game-agnostic engine: protocol, options, registry, documents, records, matches."""

from .core import CHANCE, TERMINAL, Game, State, check_fields
from .documents import load_state_text, state_from_document, state_to_document, view_document
from .errors import (
    IllegalActionError,
    LudotecaError,
    NotationError,
    OptionError,
    RecordError,
    StateFormatError,
    UnknownGameError,
)
from .i18n import T, Text
from .match import Match
from .options import Option, OptionSet, parse_option_pairs
from .record import GameRecord, replay
from .registry import game_class, game_names, make_game
from .rng import Rng, derive_seed

__all__ = [
    "CHANCE", "TERMINAL", "Game", "State", "check_fields", "load_state_text", "state_from_document",
    "state_to_document", "view_document", "IllegalActionError", "LudotecaError", "NotationError",
    "OptionError", "RecordError", "StateFormatError", "UnknownGameError", "T", "Text", "Match", "Option",
    "OptionSet", "parse_option_pairs", "GameRecord", "replay", "game_class", "game_names", "make_game",
    "Rng", "derive_seed",
]
