"""The lockstep check (rl/vector/conformance.check) fails on a kernel that gets a game's end wrong,
whichever way: it is what every kernel's conformance test leans on. The toy race's kernel
(tests/toygame/kernel.py, plain Python) is the kernel made defective here, one defect at a time."""

from __future__ import annotations

import numpy as np
import pytest
from toygame.kernel import Kernel

from ludoteca.rl.vector import conformance


def test_the_toy_kernel_passes_as_it_is():
    assert conformance.check(Kernel, "toy", 2, None, games=6, seed=5)["games"] == 6


def _defective(defect):
    class Defective(Kernel):
        steps = 0

        def step(self, actions):
            applied = super().step(actions)
            Defective.steps += 1
            defect(self)
            return applied

    return Defective


def _first_over(kernel):
    over = np.flatnonzero(kernel.terminated)
    return int(over[0]) if over.size else None


def _pay_after_the_end(kernel):  # an ended game's returns changed on a later step
    i = _first_over(kernel)
    if i is not None:
        kernel.returns[i] = 0.5


def _revive(kernel):  # an ended game marked running again
    i = _first_over(kernel)
    if i is not None and kernel.current_player[i] == -1 and kernel.steps % 2:
        kernel.current_player[i] = 0


def _pay_before_the_end(kernel):  # returns paid to a game still running
    live = np.flatnonzero(~kernel.terminated)
    if live.size:
        kernel.returns[int(live[-1]), 0] = 1.0


@pytest.mark.parametrize("defect, said", [
    (_pay_after_the_end, "returns"),
    (_revive, "the engine's game is over, the kernel's is not"),
    (_pay_before_the_end, "before the end"),
])
def test_a_kernel_wrong_about_a_games_end_is_caught_naming_the_game(defect, said):
    with pytest.raises(AssertionError, match=said) as info:
        conformance.check(_defective(defect), "toy", 2, None, games=6, seed=5)
    assert "toy seed 5 env " in str(info.value) and " step " in str(info.value) and "\n" not in str(info.value)


def test_a_kernel_ending_a_game_early_is_caught():
    def end_early(kernel):
        live = np.flatnonzero(~kernel.terminated)
        if live.size and kernel.steps == 3:
            kernel.terminated[int(live[0])] = True

    with pytest.raises(AssertionError, match="the kernel's game is over, the engine's is not|current player"):
        conformance.check(_defective(end_early), "toy", 2, None, games=6, seed=5)
