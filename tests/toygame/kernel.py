"""The toy race batched (the template's step 4): a BatchKernel (rl/vector/base.py) in NumPy.

A real game's kernel compiles its loops with numba (`from ludoteca.rl.vector import njit`); the
toy's turn is three small steps, so plain Python over NumPy rows is enough and keeps the template
readable. The rows: S[i] = turn, roll, stage, chance outcomes, then each seat's score and doubled
flag; R[i] the game's random stream, drawn as the engine's State.sample_chance draws it.
"""

from __future__ import annotations

import numpy as np

from ludoteca.engine.rng import Rng, pick
from ludoteca.rl.refusal import Refusal
from ludoteca.rl.vector.base import BatchKernel

from .game import ADD, DOUBLE, END, NUM_ACTIONS, ROLL, TARGET
from .observation import size as obs_size

TURN, ROLLED, STAGE, CHANCES, SCORES = range(5)
OUTCOMES = [(a, 1 / 3) for a in ROLL]


class Kernel(BatchKernel):
    game_name = "toy"
    implements = {"target": range(TARGET[0], TARGET[1] + 1)}

    def _build(self) -> None:
        n = self.num_players
        self.target = self.game.options["target"]
        self.obs_size = obs_size(n)
        self.S = np.zeros((self.num_envs, SCORES + 2 * n), np.int64)
        self.R = np.zeros(self.num_envs, np.uint64)
        self._S = self.S  # conformance.check_caller_arrays compares the rows before and after

    # --- one env ---------------------------------------------------------------------------
    def _legal(self, i: int) -> list[int]:
        row, n = self.S[i], self.num_players
        if self.terminated[i]:
            return []
        if row[STAGE] == 1:
            return [ADD] + ([] if row[SCORES + n + row[TURN]] else [DOUBLE])
        return [END]

    def _chance(self, i: int) -> int:
        """Roll while the env waits on chance (stage 0), as apply_action(sample_chance()) does."""
        rng = Rng(int(self.R[i]))
        outcome = pick(OUTCOMES, Rng(rng.s).random())
        rng.next64()  # applying the outcome moves the stream (the engine's apply_legal)
        self.R[i] = np.uint64(rng.s)
        self.S[i, ROLLED], self.S[i, STAGE] = outcome + 1, 1
        self.S[i, CHANCES] += 1
        return 1

    def _apply(self, i: int, action: int) -> int:
        row, n = self.S[i], self.num_players
        turn = int(row[TURN])
        self.length[i] += 1
        if row[STAGE] == 1:
            if action == DOUBLE:
                row[SCORES + n + turn] = 1
            row[SCORES + turn] += row[ROLLED] * (2 if action == DOUBLE else 1)
            row[STAGE] = 2
            if row[SCORES + turn] >= self.target:  # over: the first seat with the top score wins
                scores = row[SCORES:SCORES + n]
                self.returns[i] = 0.0
                self.returns[i, int(np.argmax(scores))] = 1.0
                self.terminated[i], self.current_player[i] = True, -1
            return 1
        row[TURN], row[STAGE] = (turn + 1) % n, 0
        drawn = self._chance(i)
        self.current_player[i] = row[TURN]
        return 1 + drawn

    # --- the contract ------------------------------------------------------------------------
    def reset(self, seeds, where=None) -> None:
        seeds, where = self._seeds_where(seeds, where)
        for i in np.flatnonzero(where):
            self.S[i] = 0
            self.R[i] = seeds[i]
            self.terminated[i], self.length[i], self.returns[i] = False, 0, 0.0
            self._chance(i)
            self.current_player[i] = 0

    def step(self, actions) -> int:
        actions = self._actions(actions)
        live = np.flatnonzero(~self.terminated)
        for i in live:  # every action checked before any env changes
            if int(actions[i]) not in self._legal(int(i)):
                raise Refusal(f"toy: env {int(i)}: action {int(actions[i])} is not legal",
                              f"toy: entorno {int(i)}: la acción {int(actions[i])} no es legal")
        return int(sum(self._apply(int(i), int(actions[i])) for i in live))

    def legal_mask(self, out) -> None:
        self._check_out(out, np.bool_, self.num_actions, "legal_mask")
        out[:] = False
        for i in range(self.num_envs):
            out[i, self._legal(i)] = True

    def observe(self, out) -> None:
        self._check_out(out, np.float32, self.obs_size, "observe")
        out[:] = 0.0
        n = self.num_players
        for i in range(self.num_envs):
            row = self.S[i]
            me = int(row[TURN])  # the player to move, or the one who moved last once over
            for k in range(n):
                seat = (me + k) % n
                out[i, k] = np.float32(row[SCORES + seat] / self.target)
                out[i, n + k] = row[SCORES + n + seat]
            if row[ROLLED]:
                out[i, 2 * n + row[ROLLED] - 1] = 1.0
            out[i, 2 * n + 3 + row[STAGE]] = 1.0
            out[i, 2 * n + 6] = 1.0  # the turn, counted from the observer: the observer's own

    def chance_counts(self) -> np.ndarray:
        return self.S[:, CHANCES].copy()

    def random_actions(self, out, rng_state) -> None:
        """A uniform legal action per live env (-1 for a finished one) from its own stream."""
        self._check_random(out, rng_state)
        for i in range(self.num_envs):
            legal = self._legal(i)
            rng = Rng(int(rng_state[i]))
            out[i] = legal[rng.below(len(legal))] if legal else -1
            rng_state[i] = np.uint64(rng.s)


assert NUM_ACTIONS == len(ROLL) + 3  # the action ids the kernel writes are the engine's
