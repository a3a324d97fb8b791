"""One declared plug-in per game: everything the generic front ends, bots and RL code need to know
about a game beyond its rules, in one object its package exposes as `PLUGIN`.

    PLUGIN = GamePlugin(game=MyGame, order=50, kernel=KernelSpec("mypkg.kernel", num_actions=6), ...)

The registry reads it (engine/registry.py: `plugin_of`); nothing generic names a game. Every field
but `game` is optional: a game without a kernel is played by the engine alone, one without terminal
hooks is drawn as plain data, one without levels gets bots/levels.py's defaults. Module fields are
dotted import paths, imported only by the part that needs them, so the rules never import a front end
or numba. docs/adding-a-game.md walks through each field.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .core import Game
from .i18n import Text

#: where a game without `order` goes among the others (after the four built-in games)
DEFAULT_ORDER = 100


@dataclass(frozen=True)
class KernelSpec:
    """A game's batched kernel (rl/vector/base.py's contract): `module:cls` built as
    `cls(num_envs, num_players, options)`; `num_actions` is the action-space size at default options
    (== `game.num_distinct_actions()`, checked by tests/rl); `lists`, `module:function` returning the
    compiled fill of rl/vector/lists.py (`fill(kernel, offsets, flat) -> total or -1`), where the
    kernel offers legal lists beside its dense mask; `search`, `module:Class`, the learned bot's
    compiled playouts (rl/learned_compiled.py plays exactly the games that declare one), built as
    `cls(game, num_players, net)`, with `load(state)` (the root position) and
    `run(cands, alive, seeds, depth, net_policy, me, totals)` (one round of playouts from each alive
    candidate, adding each one's outcomes for seat `me` to `totals`) and
    `selfplay(seeds, explore_seeds, explore, net_policy) -> (features, targets)` (whole games of the
    playouts' policy from those seeds: rl/train_selfplay.py's data)."""

    module: str
    num_actions: int
    cls: str = "Kernel"
    lists: str | None = None
    search: str | None = None

    def load(self) -> type:
        return getattr(importlib.import_module(self.module), self.cls)


@dataclass(frozen=True)
class GamePlugin:
    """A game as the generic code sees it (docs/adding-a-game.md).

    - `order`: its place in every list of games (lobby, CLI, help), lowest first; ties by name.
    - `kernel`: its batched kernel (`KernelSpec`), or None.
    - `observation`: the module with `make_encoder(game, num_players)` (rl/observations'
      Encoder protocol); None for rl/observations/generic.py.
    - `max_actions`: the RL adapters' default cap on actions per game, chance included (rl/spec.py).
    - `levels`: level name (easy, medium, hard) -> (bot name, parameters), where the game's level
      differs from bots/levels.py's DEFAULT; and `expert`, which has no default: a game declares it
      where a bot measured above `hard` on the ladder (docs/bots.md), and only then is it offered.
    - `level_players`: level name -> the player counts it is offered at, where not at every count
      the game allows (the expert level: where the ladder measured it above `hard`).
    - `lazy_bots`: the name of a bot a level plays -> "module:function" registering it, imported and
      called only when that level is asked for in this game (bots/levels.py `load_level_bot`), not
      when the bots load: a bot whose module is heavy or lives outside bots/ (Aggravation's
      `learned-compiled`, on the batched kernel, which its expert level plays).
    - `level_ratings`: (players, [(level, below, games, win rate)...]), the measured ladder the web's
      fixed level ratings come from (web/ratings.py); None: the levels get no rating.
    - `terminal`: the module with the game's terminal hooks (terminal/hooks.py's TerminalHooks: any
      subset of them); None: the terminal shows the view as data.
    - `board`: the web's drawing of its board, a JavaScript module file beside the game's module
      (e.g. "board.js", exporting `draw(doc, ctx)` and optionally `changedKeys(items)`), served as
      /games/<name>/board.js; None: the web shows the view as data (static/games/generic.js).
    - `special_events`: the event types worth a caption on the web board (follow.js): what changes
      the game beyond an ordinary move.
    - `option_labels`, `choice_labels`: each option's name and each choice's words for people, in both
      languages (the lobby, the room's rules); an option without a label shows its help text.
    - `statistics`: the words of each statistic its state keeps (`State.statistics()`), name ->
      (English, Spanish, kind: "count" per game, "reading" at its end, or "share" of games), for
      simulate's report (simulate/words.py); one not declared is shown by its name.
    - `bots`: the module registering its evaluators and rollouts for the bots (bots/policies.py:
      EVALUATORS, ROLLOUTS, STEP_VALUES, TURN_ENDS); None: the generic ones only.
    - `bot_modules`: the modules of the game's own bots (by convention its `bots/` sub-package), each
      registering its bots by name with bots/base.py's `register_bot`; the bots' registry imports them
      when it loads. Such a module may import `ludoteca.bots.base` and nothing else of the bots.
    - `captions`: the module whose `short(game, event, lang, names, viewer)` gives an event's few
      words (engine/captions.py); None: no captions.
    - `tutorial`: the module of its lessons for the web's "learn" page (web/learn.py); None: none.
    - `commands`: `module:app`, a Typer app of the game's own commands, added to the CLI as
      `ludoteca <game> ...` (cli/main.py); None: none.
    - `gym_id`: its Gymnasium id (rl/registration.py), e.g. "ludoteca/Toy-v0"; None: not registered.
    - `learned`: the module of a learned bot's features from a seat's view (`features(state, me)`,
      `size(num_players)`; bots/learned, `ludoteca train`); None: no learned bot.
    """

    game: type[Game]
    order: int = DEFAULT_ORDER
    kernel: KernelSpec | None = None
    observation: str | None = None
    max_actions: int = 20_000
    levels: Mapping[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    level_players: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    lazy_bots: Mapping[str, str] = field(default_factory=dict)
    level_ratings: tuple[int, list[tuple[str, str, int, float]]] | None = None
    terminal: str | None = None
    board: str | None = None
    special_events: frozenset[str] = frozenset()
    option_labels: Mapping[str, Text] = field(default_factory=dict)
    choice_labels: Mapping[str, Mapping[Any, Text]] = field(default_factory=dict)
    statistics: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)
    bots: str | None = None
    bot_modules: tuple[str, ...] = ()
    captions: str | None = None
    tutorial: str | None = None
    commands: str | None = None
    gym_id: str | None = None
    learned: str | None = None  # a learned bot's features (module: features(state, me), size(num_players))

    def __post_init__(self) -> None:
        names = set(self.game.OPTIONS.names())
        unknown = (set(self.option_labels) | set(self.choice_labels)) - names
        if unknown:
            raise ValueError(f"{self.game.name}: labels for options it does not have: {sorted(unknown)}")
        kinds = {kind for _, _, kind in self.statistics.values()} - {"count", "reading", "share"}
        if kinds:
            raise ValueError(f"{self.game.name}: statistics of unknown kinds {sorted(kinds)}")
        for option in self.game.OPTIONS.options:
            extra = set(self.choice_labels.get(option.name, {})) - set(option.choices)
            if extra:
                raise ValueError(f"{self.game.name}: labels for choices of {option.name!r} it does not offer: {sorted(extra, key=str)}")

    @property
    def name(self) -> str:
        return self.game.name

    def board_file(self) -> Path | None:
        """The declared board module's file (beside the game's module), or None."""
        if not self.board:
            return None
        module = sys.modules.get(self.game.__module__) or importlib.import_module(self.game.__module__)
        path = Path(module.__file__).parent / self.board
        return path if path.is_file() else None

    def terminal_module(self) -> Any:
        return importlib.import_module(self.terminal) if self.terminal else None

    def describe(self) -> dict[str, Any]:
        """What the web needs of the declaration (sent in /api/games and the room's rules message)."""
        return {
            "special_events": sorted(self.special_events),
            "option_labels": {k: v.to_json() for k, v in self.option_labels.items()},
            "choice_labels": {k: {str(c): t.to_json() for c, t in v.items()} for k, v in self.choice_labels.items()},
        }


def plugin_for_class(game_cls: type[Game]) -> GamePlugin:
    """The `PLUGIN` of the package that defines `game_cls` (or of its module), else a bare one."""
    module_name = game_cls.__module__
    candidates = [module_name]
    if "." in module_name:
        candidates.append(module_name.rsplit(".", 1)[0])
    for name in candidates:
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        plugin = getattr(module, "PLUGIN", None)
        if isinstance(plugin, GamePlugin) and plugin.game is game_cls:
            return plugin
    return GamePlugin(game=game_cls)


__all__ = ["DEFAULT_ORDER", "GamePlugin", "KernelSpec", "plugin_for_class"]
