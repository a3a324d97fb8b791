"""What the learned bots' tests share: for the feature tests (tests/bots/test_bots_<game>_learned.py)
positions to look at, a position that answers nothing but one seat's view, and the features'
documented table; for the training tests, a run's arrays compared bit for bit and a training
process killed with SIGKILL when it reaches a point."""

from __future__ import annotations

import inspect
import signal
import subprocess
import time
from pathlib import Path

import numpy as np

from ludoteca.engine import CHANCE


def decisions(game, players: int, count: int, seed: int, max_steps: int, pick=None):
    """`count` decisions with a choice, from seeded games of up to `max_steps` player actions, each
    game stopped at a random step; `pick(state, rng)` chooses each action (uniform by default)."""
    rng = np.random.default_rng(seed)
    out = []
    g = 0
    while len(out) < count:
        st = game.new_initial_state(players, seed=seed * 100 + g)
        choose = pick(g) if pick else (lambda s: s.legal_actions()[int(rng.integers(len(s.legal_actions())))])
        g += 1
        steps = int(rng.integers(0, max_steps))
        while not st.is_terminal() and steps:
            if st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
                continue
            st.apply_action(choose(st))
            steps -= 1
        while st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        if not st.is_terminal() and len(st.legal_actions()) > 1:
            out.append(st)
    return out


class OnlyTheView:
    """A position that answers nothing but the game, the player count and seat `me`'s view."""

    def __init__(self, state, me: int):
        self._state, self._me = state, me
        self.game, self.num_players = state.game, state.num_players

    def view(self, seat):
        assert seat == self._me, "asked for another seat's view"
        return self._state.view(seat)

    def __getattr__(self, name):
        raise AssertionError(f"a feature read the state's {name}")


def assert_fields_documented(module) -> None:
    """Every field of a feature module's FIELDS has its row in the module's own table."""
    doc = inspect.getsource(module)
    for name, _ in module.FIELDS:
        assert f"| `{name}` |" in doc, name


def assert_shipped(game: str, players: int, command_start: str):
    """The package's weights for `game` with `players` load, value a batch of positions, are a few
    hundred KB at most, and their record says how they were trained (the command with its seed).
    Returns (net, record)."""
    from importlib import resources

    from ludoteca.bots.learned import shipped, weights_name
    from ludoteca.bots.learned.games import spec_for

    found = shipped(game, players)
    assert found is not None
    net, record = found
    assert record["game"] == game and record["players"] == players
    assert record["command"].startswith(command_start) and f"--seed {record['seed']}" in record["command"]
    size = spec_for(game).size(players)
    assert net.value(np.zeros((2, size))).shape == (2, players)
    path = resources.files("ludoteca.bots") / "weights" / f"{weights_name(game, players)}.npz"
    assert path.is_file() and len(path.read_bytes()) < 300_000
    return net, record


def arrays(path: Path) -> dict[str, np.ndarray]:
    """A run's .npz, read whole."""
    with np.load(path) as data:
        return {k: data[k].copy() for k in data.files}


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    """The same arrays, bit for bit (names, dtypes, values)."""
    return a.keys() == b.keys() and all(a[k].dtype == b[k].dtype and np.array_equal(a[k], b[k]) for k in a)


def kill_when(proc: subprocess.Popen, ready) -> None:
    """SIGKILL `proc` as soon as `ready()` holds (it must not end before, nor take 300 s)."""
    deadline = time.monotonic() + 300
    while not ready():
        assert proc.poll() is None, proc.stderr.read().decode()
        assert time.monotonic() < deadline
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


def one_ply_best(state, value):
    """The mover's legal action whose position after it `value(child, me)` rates best (a finished
    game: its result for the mover), ties to the first within 1e-12: the compiled playouts' policy."""
    me = state.current_player()
    best, best_value = None, -1.0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_legal(action)
        v = float(child.returns()[me]) if child.is_terminal() else float(value(child, me))
        if v > best_value + 1e-12:
            best, best_value = action, v
    return best
