"""One game between bots, played through the engine protocol only, summarised as one row.

Bots receive `view_document(state, seat)` and the legal actions, nothing else; chance is
drawn with `state.sample_chance()` from the state's own stream seeded by the game's seed.

Per-game statistics stay game-agnostic. The runner measures what every game has (actions,
decisions, turns, lead changes where `scores()` exists) and, where a game's State offers the
optional method `statistics() -> dict[str, float]` (counters such as bumps, cards_drawn,
aggravations, shortcuts), adds its counters read at the end of the game.
"""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..engine import CHANCE, TERMINAL, make_game, view_document
from ..engine.record import GameRecord, action_entry, result_of
from . import plugins as plugin_loader
from .plan import GameSpec


def _leader(scores: list[float] | None) -> int | None:
    """The seat strictly ahead on points, or None (no score, or a tie at the top)."""
    if not scores:
        return None
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    return leaders[0] if len(leaders) == 1 else None


def game_statistics(state: Any) -> dict[str, float]:
    """The game's own counters, where its State implements the optional `statistics()`."""
    method = getattr(state, "statistics", None)
    if not callable(method):
        return {}
    out: dict[str, float] = {}
    for key, value in (method() or {}).items():
        if isinstance(value, bool):
            value = int(value)
        if isinstance(value, (int, float)):
            out[str(key)] = float(value)
    return out


def play_game(spec: GameSpec | dict[str, Any]) -> dict[str, Any]:
    """Play `spec` to its end (or `max_actions`) and return its row; a kept record rides along as `_record`."""
    if isinstance(spec, dict):
        spec = GameSpec(**spec)
    plugin_loader.load(spec.plugins)
    game = make_game(spec.game, spec.options)
    n = len(spec.seats)
    state = game.new_initial_state(n, spec.seed)
    bots = [make_bot(agent, game, seat, spec.bot_seeds[seat]) for seat, agent in enumerate(spec.seats)]
    actions = decisions = chance = turns = lead_changes = 0
    last_decider: int | None = None
    first_player: int | None = None  # the seat of the first decision: who moved first, whatever the seat order
    has_score = state.scores() is not None
    leader = _leader(state.scores()) if has_score else None
    entries: list[dict[str, Any]] = []
    error: str | None = None
    while actions < spec.max_actions:
        player = state.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = state.sample_chance()
            chance += 1
        else:
            legal = state.legal_actions()
            action = bots[player].choose(view_document(state, player), legal)
            if action not in legal:  # a faulty bot loses nothing but this game, and says so
                error = f"{spec.seats[player]} chose illegal action {action!r}"
                break
            decisions += 1
            if first_player is None:
                first_player = player
            if player != last_decider:
                turns += 1
                last_decider = player
        if spec.keep_record:
            entries.append(action_entry(state, action))
        state.apply_legal(action)
        actions += 1
        if has_score and player != CHANCE and state.current_player() != player:
            now = _leader(state.scores())
            if now is not None and now != leader:
                if leader is not None:
                    lead_changes += 1
                leader = now
    terminal = state.is_terminal()
    row: dict[str, Any] = {
        "variant": spec.variant,
        "index": spec.index,
        "options": spec.options,
        "seed": spec.seed,
        "bot_seeds": spec.bot_seeds,
        "seats": spec.seats,
        "winners": state.winners() if terminal else [],
        "returns": state.returns() if terminal else [0.0] * n,
        "scores": state.scores(),
        "actions": actions,
        "decisions": decisions,
        "chance": chance,
        "turns": turns,
        "first_player": first_player,
        "lead_changes": lead_changes if has_score else None,
        "stats": game_statistics(state),
        "truncated": not terminal and error is None,
        "error": error,
    }
    if spec.keep_record:
        row["_record"] = GameRecord(
            game=spec.game,
            options=dict(game.options),
            num_players=n,
            seed=spec.seed,
            players=[{"name": agent, "kind": "bot"} for agent in spec.seats],
            actions=entries,
            result=result_of(state),
        ).to_json()
    return row


def play_safely(spec: dict[str, Any]) -> dict[str, Any]:
    """`play_game`, but a game or bot that raises costs only its own game, recorded with the error."""
    try:
        return play_game(spec)
    except Exception as exc:  # noqa: BLE001 - one faulty game must not stop thousands of others
        n = len(spec["seats"])
        return {
            **{k: spec[k] for k in ("variant", "index", "options", "seed", "bot_seeds", "seats")},
            "winners": [], "returns": [0.0] * n, "scores": None, "actions": 0, "decisions": 0,
            "chance": 0, "turns": 0, "first_player": None, "lead_changes": None, "stats": {}, "truncated": False,
            "error": f"{type(exc).__name__}: {exc}",
        }


def play_chunk(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Several games in a row (what one worker task plays)."""
    return [play_safely(spec) for spec in specs]
