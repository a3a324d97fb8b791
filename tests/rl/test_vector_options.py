"""Every batched kernel against its game's own option list: each value the game lists is either
implemented by the kernel (and its games then replay in the engine, lockstep) or refused at
construction in one line; a value added to a game's options without the kernel declaring it is
refused. No value is written here by hand: they come from the games' OptionSets."""

from __future__ import annotations

import dataclasses

import pytest

from ludoteca.engine import LudotecaError, OptionSet, game_class, make_game
from ludoteca.rl.vector import HAVE_NUMBA, conformance, kernel_class, kernel_games
from ludoteca.rl.vector.base import BatchKernel, option_values

pytestmark = pytest.mark.skipif(not HAVE_NUMBA, reason="the sweep plays compiled kernels (the `fast` extra)")


def _cases():
    for name in kernel_games():
        for option in game_class(name).OPTIONS.options:
            for value in option_values(option):
                yield pytest.param(name, option.name, value, id=f"{name}-{option.name}={value}")


def _players(game) -> int:
    return min(game.default_players, game.allowed_max_players())


@pytest.mark.parametrize("name, option, value", list(_cases()))
def test_every_option_value_is_played_in_lockstep_or_refused(name, option, value):
    Kernel = kernel_class(name)
    assert issubclass(Kernel, BatchKernel) and Kernel.game_name == name
    options = {option: value}
    try:
        game = make_game(name, options)
    except LudotecaError:  # a value the engine takes only beside others: the kernel refuses it alone too
        with pytest.raises(ValueError):
            Kernel(2, 2, options)
        return
    players = _players(game)
    if value in Kernel.implements.get(option, ()):
        conformance.check(Kernel, name, players, options, games=4, seed=11, obs_games=1, obs_every=7)
    else:
        with pytest.raises(ValueError, match=option) as info:
            Kernel(2, players, options)
        assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", kernel_games())
def test_kernels_declare_exactly_their_games_options(name):
    assert set(kernel_class(name).implements) == set(game_class(name).OPTIONS.names())


def _widened(option):
    """The option with one value more than the game lists: a new choice, or an int's maximum + 1."""
    if option.kind == "choice":
        return dataclasses.replace(option, choices=option.choices + ("a_new_rule",)), "a_new_rule"
    if option.kind == "int" and option.maximum is not None:
        return dataclasses.replace(option, maximum=option.maximum + 1), option.maximum + 1
    return None, None


def _widenings():
    for name in kernel_games():
        for option in game_class(name).OPTIONS.options:
            if _widened(option)[0] is not None:
                yield pytest.param(name, option.name, id=f"{name}-{option.name}")


@pytest.mark.parametrize("name, option_name", list(_widenings()))
def test_a_value_added_to_the_game_alone_is_refused_by_its_kernel(monkeypatch, name, option_name):
    """An experiment adds a value to a game's option in the engine only: the kernel, which does not
    declare it, refuses it at construction (before building anything) instead of playing other rules."""
    cls = game_class(name)
    options = list(cls.OPTIONS.options)
    k = [o.name for o in options].index(option_name)
    options[k], value = _widened(options[k])
    monkeypatch.setattr(cls, "OPTIONS", OptionSet(tuple(options)))
    assert cls.OPTIONS.resolve({option_name: value}, name)[option_name] == value  # the engine takes it
    Kernel = kernel_class(name)
    with pytest.raises(ValueError, match=f"does not implement {option_name}=") as info:
        Kernel(2, _players(cls()), {option_name: value})
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("name", kernel_games())
def test_an_option_added_to_the_game_alone_is_refused_by_its_kernel(monkeypatch, name):
    """A new option, even at its default, is a rule the kernel was not written for: refused."""
    cls = game_class(name)
    extra = dataclasses.replace(cls.OPTIONS.options[0], name="a_new_rule")
    monkeypatch.setattr(cls, "OPTIONS", OptionSet(cls.OPTIONS.options + (extra,)))
    with pytest.raises(ValueError, match="does not implement the option a_new_rule") as info:
        kernel_class(name)(2, _players(cls()))
    assert "\n" not in str(info.value)
