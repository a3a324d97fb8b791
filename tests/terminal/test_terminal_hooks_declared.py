"""Every game's terminal module keeps to terminal/hooks.py's documented protocol: what it defines
under a hook's name takes the protocol's parameters, and the terminal asks for nothing else."""

from __future__ import annotations

import inspect

import pytest

from ludoteca.engine import game_names
from ludoteca.engine.registry import plugin_of
from ludoteca.terminal.hooks import HOOKS, TerminalHooks, terminal_hook

GAMES = [name for name in game_names() if plugin_of(name).terminal]


def test_the_hooks_are_the_protocols_members():
    members = {name for name, _ in inspect.getmembers(TerminalHooks, inspect.isfunction) if not name.startswith("_")}
    assert set(HOOKS) == members | {"SPANISH_CODES"}


@pytest.mark.parametrize("name", GAMES)
def test_each_hook_a_game_defines_takes_the_protocols_parameters(name):
    module = plugin_of(name).terminal_module()
    defined = [hook for hook in HOOKS if hook != "SPANISH_CODES" and callable(getattr(module, hook, None))]
    assert "render" in defined, f"{name}: a terminal module without `render`"
    for hook in defined:
        protocol = [p for p in inspect.signature(getattr(TerminalHooks, hook)).parameters.values() if p.name != "self"]
        given = list(inspect.signature(getattr(module, hook)).parameters.values())
        # the protocol's required parameters are passed by position, in its order; its optional ones by name
        required = [p.name for p in protocol if p.default is inspect.Parameter.empty]
        assert [p.name for p in given[:len(required)]] == required, f"{name}.{hook}: the protocol starts {required}"
        by_name = {p.name for p in given}
        assert {p.name for p in protocol} <= by_name, f"{name}.{hook}: the protocol also passes {[p.name for p in protocol]}"
        extra = [p for p in given[len(required):] if p.name not in {q.name for q in protocol}]
        assert all(p.default is not inspect.Parameter.empty for p in extra), f"{name}.{hook}: extra parameters need defaults"
    codes = getattr(module, "SPANISH_CODES", None)
    if codes is not None:
        assert callable(codes.spanish) and callable(codes.english)


def test_the_terminal_asks_for_no_undocumented_hook():
    with pytest.raises(ValueError, match="not a terminal hook"):
        terminal_hook(GAMES[0], "render_everything")
