"""A bot of one game alone lives beside that game (its PLUGIN's `bot_modules`), and the bots' registry
loads it with the rest: every bot name is known wherever bots are built, with its words for people."""

from __future__ import annotations

from ludoteca.bots import BOTS, bot_names
from ludoteca.bots.levels import LABELS, LEVEL_NAMES, OFFERED_FIRST
from ludoteca.engine import game_names
from ludoteca.engine.registry import plugin_of


def _own() -> dict[str, list[str]]:
    """module -> the bots registered from it, for every module a game declares."""
    declared = {m: plugin_of(name).name for name in game_names() for m in plugin_of(name).bot_modules}
    return {m: [b for b, f in BOTS.items() if getattr(f, "__module__", None) == m] for m in declared}


def test_every_declared_bot_module_is_the_games_own_and_registers_its_bots():
    own = _own()
    assert own, "no game declares a bot of its own"
    for name in game_names():
        for module in plugin_of(name).bot_modules:
            package = plugin_of(name).game.__module__.rsplit(".", 1)[0]  # the game's own package
            assert module.startswith(package + "."), module
            assert own[module], f"{module} registers no bot"


def test_the_bots_package_holds_no_bot_of_one_game():
    """Every bot registered from ludoteca.bots itself is generic; the games' own come from their packages
    (other packages, e.g. the RL adapters' OpenSpiel bot, register generic bots of their own)."""
    own = {b for bots in _own().values() for b in bots}
    for name, factory in BOTS.items():
        module = getattr(factory, "__module__", "")
        if module.startswith("ludoteca.bots"):
            assert name not in own, (name, module)
        if name in own:
            assert module.startswith("ludoteca.games."), (name, module)


def test_a_games_own_bots_bring_their_words_in_both_languages():
    for bots in _own().values():
        for bot in bots:
            assert bot in bot_names() and bot in LABELS, bot
            words = LABELS[bot].to_json()
            assert words["en"] and words["es"] and words["en"][0].isupper(), words
    assert list(OFFERED_FIRST[:len(LEVEL_NAMES)]) == list(LEVEL_NAMES)
    assert set(OFFERED_FIRST) - set(LEVEL_NAMES) <= {b for bots in _own().values() for b in bots}
