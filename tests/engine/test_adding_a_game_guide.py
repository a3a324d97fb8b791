"""docs/adding-a-game.md, followed: the toy race (tests/toygame/) is the guide's worked example, so
each file the guide names is in the package, its declaration is the one the guide shows, every
declaration field the guide names is GamePlugin's, and every test it sends the reader to exists."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import toygame

from ludoteca.engine import game_names
from ludoteca.engine.plugin import GamePlugin
from ludoteca.engine.registry import plugin_of

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
PACKAGE = Path(toygame.__file__).parent
FIELDS = {f.name for f in dataclasses.fields(GamePlugin)}


def test_each_step_names_a_file_of_the_template():
    steps = re.findall(r"^## \d+\. .*?`([\w/]+\.(?:py|js))`", GUIDE, flags=re.M)
    assert len(steps) >= 6 and "board.js" in steps, steps
    for name in steps + ["__init__.py"]:
        assert (PACKAGE / name).is_file(), f"the guide's {name} is not in {PACKAGE}"


def test_the_declaration_shown_is_the_templates():
    block = re.search(r"```python\n(PLUGIN = GamePlugin\(.*?\n\))\n```", GUIDE, flags=re.S).group(1)
    call = ast.parse(block).body[0].value
    shown = {k.arg for k in call.keywords}
    defaults = GamePlugin(game=toygame.ToyGame)
    declared = {f for f in FIELDS if getattr(toygame.PLUGIN, f) != getattr(defaults, f)} | {"game"}
    assert shown - {"special_events"} == declared, (shown, declared)
    assert ast.literal_eval(next(k.value for k in call.keywords if k.arg == "order")) == toygame.PLUGIN.order


def test_every_field_the_guide_names_is_a_field():
    named = set(re.findall(r"`(\w+)` \(", GUIDE[GUIDE.index("The others:"):GUIDE.index("`__init__.py` exports")]))
    named |= {"game"}
    assert named <= FIELDS, named - FIELDS
    # and every field is explained somewhere in the guide
    missing = [f for f in FIELDS if f"`{f}`" not in GUIDE and f"{f}=" not in GUIDE]
    assert not missing, f"fields the guide does not mention: {missing}"


def test_the_tests_it_sends_the_reader_to_exist():
    tests = ROOT / "tests"
    for cited in set(re.findall(r"tests/[\w/]*?(test_\w+\.py)", GUIDE)):
        assert list(tests.rglob(cited)), f"the guide cites {cited}, which is not under tests/"


def test_the_templates_board_is_the_file_step_7_names():
    assert toygame.PLUGIN.board == "board.js" and toygame.PLUGIN.board_file() == PACKAGE / "board.js"


def test_the_template_is_registered_as_the_guide_says():
    assert "toy" in game_names() and plugin_of("toy") is toygame.PLUGIN
    assert 'os.environ["LUDOTECA_GAMES"] = f"toygame=' in (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
