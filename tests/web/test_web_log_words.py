"""The web's log lines read as sentences in players' words: several events of one action are joined
as whole sentences (never '.;'), and no internal code (a Pirámide card or cell id) shows."""

import random
import re

import pytest

from ludoteca.engine import game_names
from ludoteca.engine.wording import sentences

from test_web_scale_rooms import seated, service_over
from web_support import play_at_random

# internal ids: Pirámide's cards (R5sol, EL2luna, A3) and cells (L1P5), option or event names (within_two)
CODES = re.compile(r"\b(?:L\d+P\d+|E?[RL]\d+[a-z]+|A\d|[a-z]+_[a-z_]+)\b")  # and snake_case words (within_two)


def test_sentences_joins_whole_sentences():
    assert sentences(["Ana multiplies pawn B by 1: 8 → 8.", "Ana bumps her own pawn A", ""]) == \
        "Ana multiplies pawn B by 1: 8 → 8. Ana bumps her own pawn A."
    assert sentences(["¡Agravación!", "Luis vuelve a BASE"]) == "¡Agravación! Luis vuelve a BASE."
    assert sentences([]) == ""


@pytest.mark.parametrize("game", game_names())
def test_log_lines_are_sentences_without_codes(tmp_path, game):
    service = service_over(f"sqlite:///{tmp_path}/words.db")
    room = seated(service, game, 3)
    play_at_random(service, room, random.Random(11), 300)
    lines = [entry.for_viewer(viewer, lang) for entry in room.log for viewer in (None, 0, 1, 2) for lang in ("en", "es")]
    assert lines and not [line for line in lines if ".;" in line or ". ;" in line]
    coded = [line for line in lines if CODES.search(line)]
    assert not coded, coded[:3]
