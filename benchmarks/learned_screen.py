"""Screening the learned bot's parameters against a fixed bot, paired on common seeds (issue 50).

    nice -n 19 python benchmarks/learned_screen.py aggravation --players 2 --games 400 \
        --variant '{}' --variant '{"playouts": 0}' --out /tmp/screen.jsonl

Game i seats the learned bot in seat i mod n against copies of --against (a name, or
`'["lookahead", {"playouts": 128}]'`),
with one game seed per i shared by every variant (the dice come from the game's own stream, so two
variants that play alike see the same rolls), the bots' seeds from it too. Each finished game is
appended to --out as a JSON line (variant, game, score, the learned bot's CPU per decision with a
choice, `time.process_time`), and games already there are not played again, so an interrupted run
goes on. Prints each variant's win rate [Wilson 95%] and CPU per decision (median, mean), and each
variant's paired difference from the first on the games both played (mean, normal 95% interval).

A variant may name other weights than the shipped ones: `{"weights": "run/aggravation-2p.npz",
"playouts": 0}` plays that net (a `ludoteca train` run's output, on the game's features); and
another learned bot: `{"bot": "learned-compiled", "playouts": 1024, "net_policy": true}`
(rl/learned_compiled.py: the playouts on the batched kernel); or a tree search of bots/ with the
net where it values a position: `{"bot": "ismcts", "evaluator": "learned", "iterations": 300}`
(also `mcts`, `lookahead`; the evaluator `learned`, registered here for every game with learned
weights, is `net_values`: the net asked from the seat to move; `weights` reaches it too).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import statistics
import sys
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

from ludoteca.bots import learned, make_bot  # noqa: E402
from ludoteca.bots.arena import play_game, wilson  # noqa: E402
from ludoteca.bots.base import seat_refusal  # noqa: E402
from ludoteca.bots.policies import register_evaluator  # noqa: E402
from ludoteca.engine import CHANCE, TERMINAL, make_game  # noqa: E402
from ludoteca.engine.errors import LudotecaError  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.rl.learned_compiled import register as register_compiled  # noqa: E402

register_compiled()
BOTS = ("learned", "learned-compiled", "mcts", "ismcts", "lookahead")


def net_values(game) -> Callable[[Any], list[float]]:
    """An evaluator for the tree searches (bots/policies.py's kind: every seat's value by seat
    number): the learned net of the game, asked from the seat to move (the net's own softmax gives
    every seat's chance), a finished game by its result. The net is looked up when it is called,
    so `weights_in_use` reaches it."""
    spec = learned.spec_for(game.name)

    def values(state) -> list[float]:
        seat = state.current_player()
        if seat == TERMINAL:
            return list(state.returns())
        seat = 0 if seat == CHANCE else seat
        net = learned.shipped(game.name, state.num_players)[0]
        return list(np.roll(net.value(spec.features(state, seat)[None])[0], seat))

    return values


for _name in learned.learned_games():
    register_evaluator(_name, "learned", net_values)


def load_weights(path: str, game: str, players: int) -> learned.ValueNet:
    """A run's net (`ludoteca train`'s GAME-Np.npz); ValueError (one line) if it cannot serve here."""
    npz, meta = Path(path), Path(path).with_suffix(".json")
    if not npz.is_file():
        raise ValueError(f"no weights at {path}")
    record = json.loads(meta.read_text(encoding="utf-8")) if meta.is_file() else {}
    if (record.get("game", game), record.get("players", players)) != (game, players):
        raise ValueError(f"{path} holds weights for {record['game']} with {record['players']} players")
    with np.load(npz) as data:
        net = learned.ValueNet({k: data[k].astype(np.float64) for k in learned.ARRAYS})
    if len(net.mean) != learned.spec_for(game).size(players):
        raise ValueError(f"{path} takes {len(net.mean)} numbers; {game}'s features with {players} players "
                         f"are {learned.spec_for(game).size(players)}")
    return net


@contextlib.contextmanager
def weights_in_use(path: str | None, game: str, players: int):
    """While inside, the learned bot plays the net at `path` (None: the shipped one) for this game
    and player count (the module's `shipped`, which the bot asks for its net, answers it)."""
    if path is None:
        yield
        return
    net, before = load_weights(path, game, players), learned.shipped
    learned.shipped = lambda g, n: (net, {}) if (g, n) == (game, players) else before(g, n)
    try:
        yield
    finally:
        learned.shipped = before


def play(task) -> dict:
    game_name, options, players, params, against, seed, i = task
    seat = i % players
    bot = {k: v for k, v in params.items() if k not in ("weights", "bot")}
    specs = [(params.get("bot", "learned"), bot) if s == seat else against for s in range(players)]
    cpu: list[list[float]] = [[] for _ in range(players)]
    with weights_in_use(params.get("weights"), game_name, players):
        returns, _ = play_game(make_game(game_name, options), specs, derive_seed(seed, "game", i), cpu=cpu)
    return {"variant": json.dumps(params, sort_keys=True), "game": i, "score": returns[seat], "cpu": cpu[seat]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--options", default="{}")
    ap.add_argument("--variant", action="append", required=True, help="the learned bot's parameters as JSON")
    ap.add_argument("--against", default="greedy", help='a bot name or level, or JSON [name, {parameters}]')
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--first", type=int, default=0, help="the first game index")
    ap.add_argument("--seed", type=int, default=50)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--report", action="store_true", help="only print what --out holds")
    args = ap.parse_args()
    try:  # a bad game, option or bot says so on one line, before any game is played
        options = json.loads(args.options)
        variants = [json.dumps(json.loads(v), sort_keys=True) for v in args.variant]
        against = json.loads(args.against) if args.against.startswith("[") else [args.against, {}]
        game = make_game(args.game, options)
        for v in variants:
            params = json.loads(v)
            if not isinstance(params, dict):
                raise ValueError(f"a variant is {{parameters}}, not {v}")
            name = params.pop("bot", "learned")
            if name not in BOTS:
                raise ValueError(f"a variant's bot is one of {', '.join(BOTS)}, not {name!r}")
            with weights_in_use(params.pop("weights", None), args.game, args.players):
                make_bot(name, game, 0, 0, **params)
        if not (isinstance(against, list) and len(against) == 2 and isinstance(against[1], dict)):
            raise ValueError(f"an opponent is a name or [name, {{parameters}}], not {args.against}")
        make_bot(against[0], game, 0, 0, **against[1])
        if (reason := seat_refusal("learned", game, args.players)) is not None:
            raise ValueError(reason.en)
    except (ValueError, TypeError, LudotecaError) as e:
        ap.error(str(e))
    out = Path(args.out)
    done = {}
    if out.exists():
        for line in out.read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            done[(r["variant"], r["game"])] = r
    if not args.report:
        # game by game, every variant in turn, so that a stopped run compares variants on the same games
        tasks = [(args.game, options, args.players, json.loads(v), against, args.seed, i)
                 for i in range(args.first, args.first + args.games) for v in variants if (v, i) not in done]
        with Pool(args.workers) as pool, out.open("a", encoding="utf-8") as f:
            for r in pool.imap(play, tasks):
                done[(r["variant"], r["game"])] = r
                f.write(json.dumps(r) + "\n")
                f.flush()
    base = variants[0]
    for v in variants:
        rows = [r for (name, _), r in done.items() if name == v]
        if not rows:
            continue
        wins = sum(r["score"] for r in rows)
        lo, hi = wilson(wins, len(rows))
        cpu = [t for r in rows for t in r["cpu"]]
        line = (f"{v}: {wins / len(rows):.3f} [{lo:.3f}, {hi:.3f}] over {len(rows)} games, "
                f"CPU s/decision {statistics.median(cpu):.4f} (mean {statistics.fmean(cpu):.4f})")
        both = [i for (name, i) in done if name == v and (base, i) in done]
        if v != base and len(both) > 1:
            d = [done[(v, i)]["score"] - done[(base, i)]["score"] for i in both]
            m, sd = statistics.fmean(d), statistics.stdev(d)
            half = 1.96 * sd / math.sqrt(len(d))
            line += f"; paired with the first over {len(d)}: {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}]"
        print(line)


if __name__ == "__main__":
    main()
