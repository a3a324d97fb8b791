"""The Ray backend on a local Ray (started by the backend, as `--backend ray` does): the local backend's rows."""

from __future__ import annotations

import pytest

from ludoteca.engine.registry import register_game, unregister_game
from ludoteca.simulate import Request, run
from toygame import ToyGame

ray = pytest.importorskip("ray", reason="the ray extra is part of the test extra; CI always has it")


@pytest.mark.slow
def test_ray_backend_gives_the_local_backend_results(tmp_path):
    register_game(ToyGame)
    try:
        common = dict(game="toy", seats=["greedy", "random"], games=40, seed=21, plugins=["toygame:ToyGame"],
                      sweep=["target=5,9"], records="1")
        local = run(Request(out=tmp_path / "local", workers=1, **common), show_progress=False)
        remote = run(Request(out=tmp_path / "ray", workers=2, backend="ray", **common), show_progress=False)
    finally:
        unregister_game("toy")
    assert local.played == remote.played == 80
    rows = lambda name: sorted((tmp_path / name / "games.jsonl").read_text().splitlines())  # noqa: E731
    assert rows("ray") == rows("local")
    assert sorted(p.name for p in (tmp_path / "ray" / "records").iterdir()) == ["target-5-game00000.json", "target-9-game00000.json"]
    assert not ray.is_initialized()  # the Ray the backend started for itself is stopped at the end
