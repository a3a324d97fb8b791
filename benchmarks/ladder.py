"""The strength ladder of docs/bots.md (issue 17), measured and written by this one script.

    nice -n 10 python benchmarks/ladder.py --games 200 --workers 2 --write docs/bots.md

(with `PYTHONPATH=src`, and `LUDOTECA_CACHE_DIR` where the solved Prime Climb table lives). It
plays every row up to --games games, adding to what is recorded, then rewrites the table between
`<!-- ladder:start -->` and `<!-- ladder:end -->` of the --write file from everything recorded.
`--games 0 --write docs/bots.md` only rebuilds the table; `--rows TEXT` keeps the rows whose key
contains TEXT (`--list` prints the keys); `--stop-after S` starts no game after S seconds.
`--write-learned docs/bots.md` rewrites only the learned bot's rows, between `<!-- learned-results:start -->`
and `<!-- learned-results:end -->`, with the CPU ratio issue 50 asks for (the learned rows can then be
played and published without rewriting rows whose records are of an earlier version).

Rows, per game at the issue's player counts (Prime Climb 2p with cards and without, Aggravation
2p and 4p on board 4, Pirámide 3p, Mazmorra 3p): hard vs greedy; the levels each against the one
below (medium vs easy, hard vs medium); `perfect` vs greedy and vs hard where the solved table
exists (Prime Climb without cards); hard vs OpenSpiel's MCTSBot (rl/openspiel_bot.py) at equal
CPU per move in Prime Climb and Aggravation 2p; `learned` (issue 50) vs hard and vs greedy where
its weights are shipped (bots/weights/), and vs perfect in Prime Climb without cards where the
table exists; the solo race (Prime Climb, seat 0 alone, cards
off: mean turns against the optimum). Head-to-head games are seat-rotated (game i puts the
candidate in seat i mod n, copies of the opponent elsewhere; a tie shares the point). Prime Climb's
hard vs greedy without cards plays the seeds of perfect vs greedy, game for game, so the two rows
compare the bots on the same dice.

Per row: games, the candidate's win rate with its Wilson 95% interval, and CPU seconds, taken with
`time.process_time` in the worker around each `choose` with a real choice (two or more legal
actions; bots/arena.py), so the machine's other load does not count: per decision (median, p95,
mean) and per turn (a seat's decisions with a choice in a row: a bot that plans its whole turn at
the first decision spends nothing on the rest), for the candidate and for the opponents.

Recording: one JSON-lines file per row in --results (default benchmarks/ladder/), one line per
game, appended as each game ends (an interrupted run keeps its finished games). Game i of a row
has the seed derive_seed(--seed, hash of the row key, i), so a rerun adds games i >= those done
and never repeats one. Each line carries the row's fingerprint: the bots as resolved (a level's
bot and parameters), the game's options and a hash of what plays (the modules of bots/ that the
row's bots, the game's package and bots/arena.py import, but levels.py, whose choice the resolved
bots record; and the game's package with its data files; comments and docstrings left out); only
games with the current fingerprint are counted, so when `hard` or the rules change, the row
starts again at game 0 (the old lines stay, and are reported as set aside).

OpenSpiel's MCTSBot gets the simulations whose mean CPU per decision is `hard`'s in that game
(the same thinking over a game): `hard`'s mean from its recorded games against greedy (at least 2
played first), matched on probe positions of a greedy game, then checked on the row's own first
2 games (and scaled where the two sides differ by more than 25%). The calibration is recorded
(calibration.jsonl) and reused while hard's fingerprint holds; the table shows both sides' CPU.
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import importlib.util
import io
import json
import math
import statistics
import sys
import time
import tokenize
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ludoteca.bots import LEVEL_NAMES, level_bot, levels_of, make_bot  # noqa: E402
from ludoteca.bots.arena import play_game, wilson  # noqa: E402
from ludoteca.engine import make_game  # noqa: E402
from ludoteca.engine.registry import plugin_of  # noqa: E402
from ludoteca.engine.rng import derive_seed  # noqa: E402
from ludoteca.testing.playout import bot_decisions  # noqa: E402
from ludoteca.rl.openspiel_bot import NAME as OPENSPIEL_MCTS, register as register_openspiel_mcts  # noqa: E402
from ludoteca.rl.learned_compiled import NAME as LEARNED_COMPILED, register as register_learned_compiled  # noqa: E402

register_openspiel_mcts()  # at import, so that pool workers know the names too
register_learned_compiled()

HAVE_OPENSPIEL = importlib.util.find_spec("pyspiel") is not None
RESULTS = ROOT / "benchmarks" / "ladder"
START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
TOLERANCE = 1.25  # the CPU ratio accepted as equal time
CALIBRATION_GAMES = 2  # games played before a calibration or its check reads the CPU
PROBE_SIMULATIONS, PROBE_POSITIONS = 4, 12
MIN_SIMULATIONS = 2  # OpenSpiel's MCTSBot values only the root with one

# config key: (game, options, players, title)
CONFIGS: dict[str, tuple[str, dict[str, Any], int, str]] = {
    "prime-climb-2p": ("prime-climb", {}, 2, "Prime Climb"),
    "prime-climb-2p-nocards": ("prime-climb", {"cards": False}, 2, "Prime Climb, cards off"),
    "aggravation-2p": ("aggravation", {}, 2, "Aggravation"),
    "aggravation-4p-board4": ("aggravation", {"board": 4}, 4, "Aggravation, board 4"),
    "piramide-3p": ("piramide", {}, 3, "Pirámide del Sol"),
    "mazmorra-3p": ("mazmorra", {}, 3, "Mazmorra Primigenia"),
}
# issue 17's goals for hard vs greedy
GOALS = {"prime-climb-2p": "≥ 0.70", "prime-climb-2p-nocards": "within 0.03 of perfect's", "aggravation-2p": "≥ 0.80",
         "aggravation-4p-board4": "≥ 0.40", "piramide-3p": "≥ 0.85", "mazmorra-3p": "≥ 0.70"}
SOLO = ("prime-climb", {"cards": False}, 1, "Prime Climb solo race, cards off")


@dataclass
class Row:
    key: str  # config/pairing, e.g. "aggravation-2p/hard-vs-greedy"
    config: str
    kind: str  # "versus" or "solo"
    cand: tuple[str, dict[str, Any]]
    opp: tuple[str, dict[str, Any]] | None
    label: str
    goal: str = ""
    seeds: str = ""  # the key of the row whose game seeds this one plays ("": its own)
    records: list[dict] = field(default_factory=list)
    stale: int = 0

    @property
    def game(self) -> tuple[str, dict[str, Any], int, str]:
        return SOLO if self.kind == "solo" else CONFIGS[self.config]

    @property
    def file(self) -> str:
        return self.key.replace("/", "__") + ".jsonl"


def resolve(spec: tuple[str, dict[str, Any]], game) -> list:
    """What a seat really plays: a level as its bot and parameters."""
    name, params = spec
    if name in LEVEL_NAMES:
        bot, base = level_bot(name, game)
        return [name, bot, {**base, **params}]
    return [name, name, dict(params)]


_CODE: dict[str, str] = {}
_STATEMENT_START = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING)
_ASIDE = (tokenize.COMMENT, tokenize.NL)


def played_text(path: Path) -> bytes:
    """What of a file can change play: a data file's parsed JSON; a module's source without its
    comments, docstrings (string statements) and blank lines, so that a comment mended never
    restarts a 200-game row. (Cut from the source, not hashed as a syntax tree: the tree's dump
    differs between Python versions.)"""
    raw = path.read_bytes()
    if path.suffix == ".npz":  # a learned bot's weights: every byte plays
        return raw
    if path.suffix == ".json":
        return json.dumps(json.loads(raw), sort_keys=True).encode()
    return source_that_plays(raw)


def source_that_plays(raw: bytes) -> bytes:
    """Python source without its comments, string statements and blank lines, nor trailing spaces."""
    tokens = list(tokenize.tokenize(io.BytesIO(raw).readline))
    lines = raw.decode("utf-8").splitlines(keepends=True)
    cuts = []  # (row, start column, end row, end column) of each comment and string statement
    code = [i for i, tok in enumerate(tokens) if tok.type not in _ASIDE]  # the tokens around a string
    place = {i: k for k, i in enumerate(code)}
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.STRING:
            k = place[i]  # a whole statement: a statement ends before it and right after it
            if not (tokens[code[k - 1]].type in _STATEMENT_START and tokens[code[k + 1]].type == tokenize.NEWLINE):
                continue
        elif tok.type != tokenize.COMMENT:
            continue
        cuts.append((*tok.start, *tok.end))
    for (r0, c0, r1, c1) in reversed(cuts):
        lines[r0 - 1:r1] = [lines[r0 - 1][:c0] + lines[r1 - 1][c1:]]
    return "".join(line.rstrip() + "\n" for line in "".join(lines).splitlines() if line.strip()).encode()


def code_hash(game_name: str, openspiel: bool, bots: tuple[str, ...] = (), players: int | None = None) -> str:
    """A hash of what decides a game's play: the bots' code that the row's bots (registry names)
    run, the game's package, its code and its data files (boards, decks, greedy's pawn values),
    as `played_text` reads them. Of bots/, only the modules reached by imports from the row's bots,
    from the game's package (a `bots_plugin` may register through bots/) and from bots/arena.py
    (which plays every game) count (`bot_modules`): a change to MCTS restarts the rows that search
    with it and no lookahead row. Not bots/levels.py nor the game's plugin.py (its declaration: the
    levels, labels and other words, no rule): what a level means is in the fingerprint as the bot and
    parameters it resolves to, so retuning one game's level restarts that game's rows."""
    key = f"{game_name}/{openspiel}/{','.join(sorted(bots))}/{players}"
    if key not in _CODE:
        src = ROOT / "src" / "ludoteca"
        package = src / "games" / game_name.replace("-", "_")
        game_files = sorted(f for f in package.rglob("*") if f.suffix in (".py", ".json") and "__pycache__" not in f.parts
                            and f != package / "plugin.py")
        extra = [src / "rl" / "openspiel.py", src / "rl" / "openspiel_bot.py"] if openspiel else []
        starts = [src / "bots" / "arena.py"] + [f for f in game_files if f.suffix == ".py"] + extra
        starts += [bot_file(src, name) for name in sorted(bots)]
        files = (bot_modules(src, starts) + game_files + extra + bot_packages(src, bots, game_name, players)
                 + outside_bots(src, bots, game_name, players))
        h = hashlib.sha1()
        for f in files:
            h.update(f.relative_to(src).as_posix().encode())
            h.update(played_text(f))
        _CODE[key] = h.hexdigest()[:12]
    return _CODE[key]


def bot_file(src: Path, name: str) -> Path:
    """The source file of the module that defines a registered bot (its class or factory)."""
    from ludoteca.bots import BOTS

    module = BOTS[name].__module__.split(".")
    path = src.joinpath(*module[1:])
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def bot_packages(src: Path, bots: tuple[str, ...], game_name: str, players: int | None) -> list[Path]:
    """A bot that is a package of bots/ (the learned bot, bots/learned/): all its modules, and the
    weights it loads for this game and player count (bots/weights/GAME-Np.*), so that new weights
    restart its rows and no other's."""
    out: list[Path] = []
    for name in sorted(bots):
        path = bot_file(src, name)
        if path.name == "__init__.py" and path.parent.parent == src / "bots":
            out += sorted(f for f in path.parent.glob("*.py"))
            out += sorted(f for f in (src / "bots" / "weights").glob(f"{game_name}-{players}p.*") if f.suffix in (".npz", ".json"))
    return out


def outside_bots(src: Path, bots: tuple[str, ...], game_name: str, players: int | None) -> list[Path]:
    """A bot registered from rl/ (rl/learned_compiled.py: the learned bot on the batched kernel):
    its module, the compiled search the game's kernel declares for it (`KernelSpec.search`, which it
    loads by name, not by an import) and the modules of rl/ these import, directly or through each
    other; and a package of bots/ it builds on (bots/learned/), all its modules and weights as
    bot_packages counts them."""
    out: list[Path] = []
    for name in sorted(bots):
        start = bot_file(src, name)
        if not start.is_relative_to(src / "rl"):
            continue
        found = {start} | set(declared_search(src, game_name))
        todo, packages = sorted(found), set()
        while todo:
            path = todo.pop()
            packages |= _bot_packages_of(src, path)
            for target in _imports(src, path):
                if target.is_relative_to(src / "rl") and target not in found:
                    found.add(target)
                    todo.append(target)
        out += sorted(found)
        for package in sorted(packages):
            out += sorted(package.glob("*.py"))
            out += sorted(f for f in (src / "bots" / "weights").glob(f"{game_name}-{players}p.*") if f.suffix in (".npz", ".json"))
    return out


def declared_search(src: Path, game_name: str) -> list[Path]:
    """The file of the compiled search that the game's PLUGIN declares (`KernelSpec.search`,
    "module:Class"), under `src`; none where it declares none."""
    kernel = plugin_of(game_name).kernel
    if kernel is None or not kernel.search:
        return []
    module = kernel.search.partition(":")[0].split(".")
    return _module_files(src, module, [])


def _bot_packages_of(src: Path, path: Path) -> set[Path]:
    """The packages of bots/ (folders with an __init__.py) that `path` imports from."""
    here = list(path.relative_to(src.parent).parent.parts)
    out = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom) and node.module:
            base = (here[:len(here) - node.level + 1] if node.level else []) + node.module.split(".")
            folder = src.parent.joinpath(*base)
            if folder.parent == src / "bots" and (folder / "__init__.py").exists():
                out.add(folder)
    return out


def bot_modules(src: Path, starts: list[Path]) -> list[Path]:
    """The modules of bots/ (but __init__.py and levels.py) that `starts` import, directly or
    through each other, sorted. Imports are read from the source (nested ones too); a name taken
    from the package `ludoteca.bots` itself counts as the submodule that its __init__ takes it from."""
    bots = src / "bots"

    def counted(path: Path) -> bool:
        return path.parent == bots and path.name not in ("__init__.py", "levels.py")

    found = {path for path in starts if counted(path)}
    todo = list(starts)
    while todo:
        path = todo.pop()
        if not path.exists():
            continue
        for target in _imports(src, path):
            if counted(target) and target not in found:
                found.add(target)
                todo.append(target)
    return sorted(found)


def _imports(src: Path, path: Path) -> list[Path]:
    """The files of ludoteca's modules that `path` imports (a package's name: the submodules
    that its __init__ gives the imported names from)."""
    here = list(path.relative_to(src.parent).parent.parts)  # its package: ["ludoteca", "bots"]
    out = []
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.ImportFrom):
            base = (here[:len(here) - node.level + 1] if node.level else []) + (node.module.split(".") if node.module else [])
            names = [a.name for a in node.names]
            out += _module_files(src, base, names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                out += _module_files(src, alias.name.split("."), [])
    return out


def _module_files(src: Path, module: list[str], names: list[str]) -> list[Path]:
    if not module or module[0] != "ludoteca":
        return []
    folder = src.parent.joinpath(*module)
    if folder.with_suffix(".py").exists():
        return [folder.with_suffix(".py")]
    if not (folder / "__init__.py").exists():
        return []
    out = []
    exports = _package_exports(folder / "__init__.py")
    for name in names:
        if (folder / f"{name}.py").exists():
            out.append(folder / f"{name}.py")  # `from package import submodule`
        elif name in exports:
            out.append(folder / f"{exports[name]}.py")
    return out


def _package_exports(init: Path) -> dict[str, str]:
    """{name: submodule} for each `from .submodule import name` of a package's __init__."""
    out = {}
    for node in ast.parse(init.read_bytes()).body:
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            for alias in node.names:
                out[alias.asname or alias.name] = node.module.split(".")[0]
    return out


def fingerprint(row: Row) -> str:
    name, options, players, _ = row.game
    game = make_game(name, options)
    uses_os = OPENSPIEL_MCTS in (row.cand[0], (row.opp or ("",))[0])
    cand, opp = resolve(row.cand, game), resolve(row.opp, game) if row.opp else None
    bots = tuple(sorted({spec[1] for spec in (cand, opp) if spec}))
    body = {"game": name, "options": game.options, "players": players, "kind": row.kind,
            "cand": cand, "opp": opp, "code": code_hash(name, uses_os, bots, players)}
    if row.seeds:
        body["seeds"] = row.seeds
    return hashlib.sha1(json.dumps(body, sort_keys=True).encode()).hexdigest()[:12]


def row_seed(master: int, row: Row, i: int) -> int:
    # engine.rng.derive_seed reads only 8 bytes of a text part: the key goes in as a number
    return derive_seed(master, int(hashlib.sha1((row.seeds or row.key).encode()).hexdigest()[:15], 16), i)


def table_exists() -> bool:
    from ludoteca.games.prime_climb.solvers import table

    return table.table_path().exists()


def learned_plays(game, players: int) -> bool:
    from ludoteca.bots.base import seat_refusal

    return seat_refusal("learned", game, players) is None


def compiled_plays(game, players: int) -> bool:
    from ludoteca.bots.base import seat_refusal
    from ludoteca.rl.learned_compiled import plays

    return plays(game) and seat_refusal(LEARNED_COMPILED, game, players) is None


def build_rows(results: Path = RESULTS) -> list[Row]:
    """Every row; `perfect`'s where the solved table exists or games of them are recorded in
    `results` (a machine without the table still shows them: main() plays none of them there)."""
    rows: list[Row] = []
    for config in CONFIGS:
        def add(pairing, cand, opp, goal=""):
            rows.append(Row(f"{config}/{pairing}", config, "versus", cand, opp, pairing.replace("-", " "), goal))

        game = make_game(*CONFIGS[config][:2])
        medium_is_greedy = level_bot("medium", game) == ("greedy", {})
        # where medium is greedy, hard vs greedy is also the step hard over medium: one row
        add("hard-vs-greedy", ("hard", {}), ("greedy", {}), GOALS[config])
        if medium_is_greedy:
            rows[-1].label = "hard vs greedy (= medium)"
        if config == "prime-climb-2p-nocards":
            # the goal compares hard with perfect against greedy: the same games (seeds) for both
            # rows, so that the difference is the bots' and not the dice's (common random numbers)
            rows[-1].seeds = f"{config}/perfect-vs-greedy"
            rows[-1].label += ", on perfect vs greedy's seeds"
        add("medium-vs-easy", ("medium", {}), ("easy", {}))
        if not medium_is_greedy:
            add("hard-vs-medium", ("hard", {}), ("medium", {}))
        if config == "prime-climb-2p-nocards":
            for pairing, opp, goal in (("perfect-vs-greedy", "greedy", "the ceiling of hard vs greedy"),
                                       ("perfect-vs-hard", "hard", "")):
                if table_exists() or (results / f"{config}__{pairing}.jsonl").exists():
                    add(pairing, ("perfect", {}), (opp, {}), goal)
        if learned_plays(game, CONFIGS[config][2]):  # issue 50's learned bot, where it is trained
            add("learned-vs-hard", ("learned", {}), ("hard", {}), "above the fair share at ≤ 1/10 of hard's CPU (issue 50)")
            add("learned-vs-greedy", ("learned", {}), ("greedy", {}))
            # without cards issue 50 measures it against perfect (as perfect's own rows: where the table is)
            if config == "prime-climb-2p-nocards" and (table_exists() or (results / f"{config}__learned-vs-perfect.jsonl").exists()):
                add("learned-vs-perfect", ("learned", {}), ("perfect", {}))
        if compiled_plays(game, CONFIGS[config][2]):  # the learned bot's deeper search on the kernel
            add("learned-compiled-vs-hard", (LEARNED_COMPILED, {}), ("hard", {}),
                "above the fair share at ≤ 1/10 of hard's CPU (issue 50)")
            add("learned-compiled-vs-greedy", (LEARNED_COMPILED, {}), ("greedy", {}))
        if config in ("prime-climb-2p", "aggravation-2p") and HAVE_OPENSPIEL:
            add("hard-vs-openspiel-mcts", ("hard", {}), (OPENSPIEL_MCTS, {}), "≥ 0.75")
    # hard is told it races alone (the `solo` evaluator: the race's exact values); as a level it
    # would judge the frozen seat 1 as a rival, which a solo race does not have
    for bot, params, label in (("hard", {"evaluator": "solo"}, "hard (evaluator solo)"), ("greedy", {}, "greedy")):
        rows.append(Row(f"solo/{bot}", "solo", "solo", (bot, params), None, f"{label}: mean turns",
                        "within 1% of the optimum" if bot == "hard" else ""))
    return rows


# --- recording --------------------------------------------------------------------------

def load(row: Row, results: Path, fp: str) -> None:
    row.records, row.stale = [], 0
    path = results / row.file
    if not path.exists():
        return
    seen = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            ok = isinstance(rec, dict) and isinstance(rec.get("i"), int) and (rec.get("fp") != fp or _complete(row, rec))
        except ValueError:
            ok = False
        if not ok:  # a line cut by a killed run, or edited by hand: not a game
            row.stale += 1
            print(f"{path}: an unreadable line set aside", file=sys.stderr)
        elif rec.get("fp") != fp:
            row.stale += 1
        elif rec["i"] not in seen:
            seen.add(rec["i"])
            row.records.append(rec)


def _complete(row: Row, rec: dict) -> bool:
    fields = ("turns", "cand_cpu") if row.kind == "solo" else ("score", "cand_cpu", "opp_cpu")
    return all(f in rec for f in fields)


def append(results: Path, row: Row, rec: dict) -> None:
    results.mkdir(parents=True, exist_ok=True)
    path = results / row.file
    with open(path, "ab") as f:
        if f.tell() and _last_byte(path) != b"\n":
            f.write(b"\n")  # after a line cut by a killed run, start a fresh one
        f.write((json.dumps(rec, separators=(",", ":")) + "\n").encode("utf-8"))
    row.records.append(rec)


def _last_byte(path: Path) -> bytes:
    with open(path, "rb") as f:
        f.seek(-1, 2)
        return f.read(1)


def prune(row: Row, results: Path) -> None:
    """Rewrite the row's file with its current games only (atomically)."""
    path = results / row.file
    if row.stale and path.exists():
        tmp = path.with_suffix(".tmp")
        tmp.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in row.records), encoding="utf-8")
        tmp.replace(path)
        row.stale = 0


def calibrations(results: Path) -> list[dict]:
    path = results / "calibration.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


# --- one game (in a worker) --------------------------------------------------------------

def one(task):
    key, fp, kind, game_spec, cand, opp, i, seed, deadline = task
    if deadline is not None and time.time() > deadline:
        return key, None
    name, options, players, _ = game_spec
    t0 = time.process_time()
    if kind == "solo":
        from prime_climb_race import solo_race

        cpu: list[float] = []
        turn_cpu: list[float] = []
        turns = solo_race(cand[0], seed, cand[1], cpu, turn_cpu)
        return key, {"fp": fp, "i": i, "turns": turns, "cand_cpu": _round(cpu), "cand_turn_cpu": _round(turn_cpu),
                     "cpu_s": round(time.process_time() - t0, 3)}
    seat = i % players
    specs = [tuple(cand) if s == seat else tuple(opp) for s in range(players)]
    order: list[tuple[int, float]] = []
    cpu_seats = [_Timings(s, order) for s in range(players)]
    returns, decisions = play_game(make_game(name, options), specs, seed, cpu=cpu_seats)
    turns = _turns(order)
    return key, {"fp": fp, "i": i, "seat": seat, "score": returns[seat], "decisions": decisions,
                 "cand_cpu": _round(cpu_seats[seat]),
                 "opp_cpu": _round([t for s in range(players) if s != seat for t in cpu_seats[s]]),
                 "cand_turn_cpu": _round([t for s, t in turns if s == seat]),
                 "opp_turn_cpu": _round([t for s, t in turns if s != seat]),
                 "cpu_s": round(time.process_time() - t0, 3)}


class _Timings(list):
    """A seat's CPU per decision (what play_game appends), also logged in the game's order."""

    def __init__(self, seat: int, order: list):
        super().__init__()
        self.seat, self.order = seat, order

    def append(self, seconds: float) -> None:
        super().append(seconds)
        self.order.append((self.seat, seconds))


def _turns(order: list[tuple[int, float]]) -> list[tuple[int, float]]:
    """CPU per turn: a seat's decisions with a choice in a row, until another seat has one (a
    bot that plans its whole turn at the first decision spends nothing on the rest)."""
    out: list[tuple[int, float]] = []
    for seat, t in order:
        if out and out[-1][0] == seat:
            out[-1] = (seat, out[-1][1] + t)
        else:
            out.append((seat, t))
    return out


def _round(xs: list[float]) -> list[float]:
    return [round(x, 6) for x in xs]


# --- OpenSpiel MCTSBot sized to hard ----------------------------------------------------------

def probe_positions(config: str, seed: int) -> list[tuple[dict, list[int]]]:
    """PROBE_POSITIONS decisions with a choice, evenly spread over one greedy game."""
    name, options, players, _ = CONFIGS[config]
    game = make_game(name, options)
    state = game.new_initial_state(players, seed)
    greedy = [make_bot("greedy", game, s, s) for s in range(players)]
    seen = []
    for _, view, legal, _, _ in bot_decisions(state, greedy):
        if len(legal) > 1:
            seen.append((view, legal))
    step = max(1, len(seen) // PROBE_POSITIONS)
    return seen[::step][:PROBE_POSITIONS]


def mean_cpu(config: str, positions, simulations: int, seed: int) -> float:
    name, options, _, _ = CONFIGS[config]
    game = make_game(name, options)
    times = []
    for k, (view, legal) in enumerate(positions):
        bot = make_bot(OPENSPIEL_MCTS, game, view["seat"], derive_seed(seed, k), simulations=simulations)
        t0 = time.process_time()
        bot.choose(view, legal)
        times.append(time.process_time() - t0)
    return statistics.fmean(times)


def calibrate(row: Row, hard_row: Row, results: Path, seed: int) -> dict:
    """The simulations whose mean CPU over probe positions is hard's mean per decision (its
    total thinking over its decisions with a choice: equal time over a game, whether a bot thinks
    at every decision or plans a turn at its first): a first guess from PROBE_SIMULATIONS, then
    corrections at the guessed count (a simulation's cost is not quite proportional)."""
    hard_cpu = [t for r in hard_row.records for t in r["cand_cpu"]]
    target = statistics.fmean(hard_cpu)
    positions = probe_positions(row.config, seed)
    measured = mean_cpu(row.config, positions, PROBE_SIMULATIONS, seed)
    sims = PROBE_SIMULATIONS
    for _ in range(3):
        sims = max(MIN_SIMULATIONS, round(sims * target / measured))
        measured = mean_cpu(row.config, positions, sims, seed)
    rec = {"config": row.config, "hard_fp": fingerprint(hard_row), "hard_mean_cpu": round(target, 6),
           "hard_decisions": len(hard_cpu), "simulations": sims, "probe_mean_cpu": round(measured, 6),
           "probe_positions": len(positions), "at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())}
    results.mkdir(parents=True, exist_ok=True)
    with open(results / "calibration.jsonl", "a", encoding="utf-8") as f:
        f.write(json.dumps(rec) + "\n")
    print(f"calibrated {row.config}: hard's mean {target:.4f} s over {len(hard_cpu)} decisions; "
          f"{sims} simulations take a mean {measured:.4f} s over {len(positions)} positions", flush=True)
    return rec


def size_mcts(row: Row, hard_row: Row, pool, results: Path, master: int, deadline, play: bool) -> None:
    """Give the OpenSpiel bot its recorded simulations; with `play`, calibrate where none is
    recorded, then check it in the row's own first games: while the two sides' mean CPU per
    decision differ by more than TOLERANCE, scale the simulations by their ratio (a new
    calibration; the row starts again under it), at most twice and never back to a count tried."""
    cal = sized(row, hard_row, results)
    if cal is None and play:
        run([hard_row], CALIBRATION_GAMES, pool, results, master, deadline)
        if hard_row.records:
            cal = calibrate(row, hard_row, results, master)
    if cal is None:
        return
    use(row, cal, results)
    for _ in range(2 if play else 0):
        if len(row.records) > CALIBRATION_GAMES:
            return  # checked when the row began
        run([row], CALIBRATION_GAMES, pool, results, master, deadline)
        mine = [t for r in row.records for t in r["cand_cpu"]]
        theirs = [t for r in row.records for t in r["opp_cpu"]]
        if not mine or not theirs:
            return
        ratio = statistics.fmean(mine) / statistics.fmean(theirs)
        sims = max(MIN_SIMULATIONS, round(cal["simulations"] * ratio))
        tried = {c["simulations"] for c in calibrations(results) if c["config"] == row.config and c["hard_fp"] == cal["hard_fp"]}
        if 1 / TOLERANCE <= ratio <= TOLERANCE or sims in tried:
            return  # equal enough, or a count already tried (two games are noisy: no cycling)
        cal = {**cal, "simulations": sims, "from_row": {"hard_mean_cpu": round(statistics.fmean(mine), 6),
               "mcts_mean_cpu": round(statistics.fmean(theirs), 6), "games": len(row.records)},
               "at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())}
        with open(results / "calibration.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(cal) + "\n")
        print(f"re-sized {row.key}: CPU ratio hard/mcts {ratio:.2f} -> {sims} simulations", flush=True)
        use(row, cal, results)


def use(row: Row, cal: dict, results: Path) -> None:
    row.opp = (OPENSPIEL_MCTS, {"simulations": cal["simulations"]})
    row.label = f"hard vs openspiel mcts ({cal['simulations']} simulations)"
    load(row, results, fingerprint(row))


def sized(row: Row, hard_row: Row, results: Path) -> dict | None:
    hard_fp = fingerprint(hard_row)
    found = [c for c in calibrations(results) if c["config"] == row.config and c["hard_fp"] == hard_fp]
    return found[-1] if found else None


# --- running ------------------------------------------------------------------------------

def run(rows: list[Row], games: int, pool, results: Path, master: int, deadline: float | None) -> None:
    by_key = {r.key: r for r in rows}
    tasks = []
    for i in range(games):  # game index first: every row grows evenly, whenever the run stops
        for row in rows:
            if row.opp is not None and row.opp[0] == OPENSPIEL_MCTS and "simulations" not in row.opp[1]:
                continue  # not sized yet
            done = {r["i"] for r in row.records}
            if i not in done:
                tasks.append((row.key, fingerprint(row), row.kind, row.game, row.cand, row.opp, i,
                              row_seed(master, row, i), deadline))
    for n, (key, rec) in enumerate(pool.imap_unordered(one, tasks), 1):
        if rec is not None:
            append(results, by_key[key], rec)
            if n % 10 == 0 or n == len(tasks):
                print(f"{n}/{len(tasks)} games", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per row to reach (0: only rebuild the table)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rows", default="", help="only rows whose key contains this text (comma-separated: any)")
    ap.add_argument("--results", default=str(RESULTS), help="folder of the JSON-lines records")
    ap.add_argument("--stop-after", type=float, default=None, help="start no game after this many seconds")
    ap.add_argument("--write", default=None, help="a Markdown file whose ladder section to replace")
    ap.add_argument("--list", action="store_true", help="print the row keys and stop")
    ap.add_argument("--prune", action="store_true", help="drop recorded games of earlier versions from the files")
    ap.add_argument("--write-learned", default=None,
                    help="a Markdown file whose learned-results section to replace (the learned rows alone)")
    args = ap.parse_args()
    results = Path(args.results)
    rows = build_rows(results)
    if args.list:
        print("\n".join(r.key for r in rows))
        return
    wanted = [w for w in args.rows.split(",") if w]
    active = [r for r in rows if not wanted or any(w in r.key for w in wanted)]
    if args.games > 0 and not table_exists() and any("perfect" in (r.cand[0], (r.opp or ("",))[0]) for r in active):
        active = [r for r in active if "perfect" not in (r.cand[0], (r.opp or ("",))[0])]
        print("perfect's rows: no solved table here, none of their games played (their records still count); "
              "build it with `ludoteca prime-climb solve --players 2`", file=sys.stderr)
    deadline = time.time() + args.stop_after if args.stop_after else None
    hard_rows = {r.config: r for r in rows if r.key.endswith("/hard-vs-greedy")}
    for row in rows:
        load(row, results, fingerprint(row))
    with Pool(args.workers) as pool:
        for row in active:
            if row.opp and row.opp[0] == OPENSPIEL_MCTS:
                size_mcts(row, hard_rows[row.config], pool, results, args.seed, deadline, args.games > 0)
        if args.games > 0:
            run(active, args.games, pool, results, args.seed, deadline)
    for row in rows:  # every row's table entry, whatever this run played
        if row.opp and row.opp[0] == OPENSPIEL_MCTS and "simulations" not in row.opp[1]:
            cal = sized(row, hard_rows[row.config], results)
            if cal is not None:
                use(row, cal, results)
    if args.prune:
        for row in rows:
            prune(row, results)
    lines = table(rows, args.seed)
    print("\n".join(lines))
    if args.write:
        write_section(Path(args.write), lines)
    if args.write_learned:
        learned = learned_table(rows, args.seed)
        print("\n".join(learned))
        write_section(Path(args.write_learned), learned, LEARNED)


# --- the table --------------------------------------------------------------------------------

def cpu_cell(records: list[dict], field: str, mean: bool = False) -> str:
    """Median / p95 (nearest rank) of a CPU field over the records that have it; `mean` adds the mean."""
    s = sorted(t for r in records for t in r.get(field, ()))
    if not s:
        return "—"
    p95 = s[min(len(s) - 1, math.ceil(0.95 * len(s)) - 1)]
    return f"{_secs(statistics.median(s))} / {_secs(p95)}" + (f" ({_secs(statistics.fmean(s))})" if mean else "")


def _secs(x: float) -> str:
    return "<0.001" if x < 0.001 else f"{x:.3g}"


def table(rows: list[Row], seed: int) -> list[str]:
    out = ["| game | players | pairing | games | candidate's win rate [95%] | fair share | interval above the fair share? | goal (issue 17) "
           "| candidate's CPU s/decision: median / p95 (mean) | per turn: median / p95 | opponent's s/decision | per turn |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    versus = [r for r in rows if r.kind == "versus"]
    for row in versus:
        _, _, players, title = row.game
        n = len(row.records)
        if n == 0:
            out.append(f"| {title} | {players} | {row.label} | 0 | — | {1 / players:.2f} | — | {row.goal} | — | — | — | — |")
            continue
        wins = sum(r["score"] for r in row.records)
        lo, hi = wilson(wins, n)
        share = 1 / players
        above = "yes" if lo > share else ("below" if hi < share else "not separated")
        out.append(f"| {title} | {players} | {row.label} | {n} | {wins / n:.3f} [{lo:.3f}, {hi:.3f}] | {share:.2f} | {above} "
                   f"| {row.goal} | {cpu_cell(row.records, 'cand_cpu', True)} | {cpu_cell(row.records, 'cand_turn_cpu')} "
                   f"| {cpu_cell(row.records, 'opp_cpu', True)} | {cpu_cell(row.records, 'opp_turn_cpu')} |")
    solo = [r for r in rows if r.kind == "solo"]
    if solo:
        optimum = solo_optimum()
        out += ["", "| solo race (Prime Climb, cards off, seat 0 alone) | races | mean turns [95%] | optimum | "
                "above the optimum | goal (issue 17) | CPU s/decision: median / p95 (mean) | per turn: median / p95 |",
                "|---|---|---|---|---|---|---|---|"]
        for row in solo:
            name = row.label.removesuffix(": mean turns")
            turns = [r["turns"] for r in row.records]
            if len(turns) < 2:
                out.append(f"| {name} | {len(turns)} | — | {optimum:.3f} | — | {row.goal} | — | — |")
                continue
            mean = statistics.mean(turns)
            half = 1.96 * statistics.stdev(turns) / math.sqrt(len(turns))
            out.append(f"| {name} | {len(turns)} | {mean:.2f} [{mean - half:.2f}, {mean + half:.2f}] | {optimum:.3f} "
                       f"| {100 * (mean / optimum - 1):+.1f}% | {row.goal} | {cpu_cell(row.records, 'cand_cpu', True)} "
                       f"| {cpu_cell(row.records, 'cand_turn_cpu')} |")
    stale = sum(r.stale for r in rows)
    out += ["", "The levels, as these games played them:", ""]
    seen = set()
    for row in rows:
        name, options, players, title = row.game
        if row.kind == "versus" and title not in seen:
            seen.add(title)
            out.append(f"- {title}: {levels(name, options, players)}")
    out += ["", f"Seed {seed}; every figure counts only the games played by the current code and "
            f"levels ({stale} recorded games of earlier versions, or unreadable lines, set aside). CPU is `time.process_time` per decision "
            "with two or more legal actions; a turn is a seat's decisions with a choice in a row (a bot that plans "
            "its turn at the first decision spends nothing on the rest). Per-turn figures count the games that "
            "recorded them."]
    return out


def levels(name: str, options: dict[str, Any], players: int) -> str:
    game = make_game(name, options)
    parts = []
    for level in levels_of(game, players):  # `expert` only where it is offered at this count
        bot, params = level_bot(level, game)
        shown = ", ".join(f"{k}={v}" for k, v in params.items())
        parts.append(f"{level} = {bot}" + (f" ({shown})" if shown else ""))
    return "; ".join(parts)


@functools.lru_cache(maxsize=1)
def solo_optimum() -> float:
    from ludoteca.games.prime_climb.solvers.race import solve

    return solve(2, "rules").expected_turns(0, 0)


def learned_table(rows: list[Row], seed: int) -> list[str]:
    """The learned bot's rows alone (issue 50's measure): win rate against the fair share, and its CPU
    per decision beside its opponents' in the same games (the ratio of the means: issue 50 allows 1/10
    of hard's)."""
    out = [f"Against `hard` and `greedy`, and `perfect` in Prime Climb without cards (benchmarks/ladder.py's rows "
           f"`learned-vs-hard`, `learned-vs-greedy`, `learned-vs-perfect`, and `learned-compiled`'s "
           "(rl/learned_compiled.py: the same net, its deeper playouts on the batched kernel), "
           f"seat-rotated, seed {seed}; CPU is `time.process_time` per decision with a choice; only games "
           "of the current code and weights count):", "",
           "| pairing | games | learned's win rate [95%] | fair share | vs the fair share | learned's CPU s/decision: "
           "median (mean) | opponent's | ratio of means |", "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        if row.kind != "versus" or row.cand[0] not in ("learned", LEARNED_COMPILED):
            continue
        _, _, players, title = row.game
        n, share = len(row.records), 1 / players
        against = row.opp[0] if players == 2 else f"{players - 1} {row.opp[0]}"
        name = f"{title}, {players} players: {row.cand[0]} vs {against}"
        if n == 0:
            out.append(f"| {name} | 0 | — | {share:.2f} | — | — | — | — |")
            continue
        wins = sum(r["score"] for r in row.records)
        lo, hi = wilson(wins, n)
        mine = [t for r in row.records for t in r.get("cand_cpu", ())]
        theirs = [t for r in row.records for t in r.get("opp_cpu", ())]
        ratio = statistics.fmean(mine) / statistics.fmean(theirs) if mine and theirs else math.nan
        above = "above" if lo > share else ("below" if hi < share else "not separated")
        cpu = [f"{statistics.median(x):.4f} ({statistics.fmean(x):.4f})" if x else "—" for x in (mine, theirs)]
        out.append(f"| {name} | {n} | {wins / n:.3f} [{lo:.3f}, {hi:.3f}] | {share:.2f} | {above} | {cpu[0]} | {cpu[1]} "
                   f"| {ratio:.4f} |")
    return out


LEARNED = ("<!-- learned-results:start -->", "<!-- learned-results:end -->")


def write_section(path: Path, lines: list[str], marks: tuple[str, str] = (START, END)) -> None:
    start, end = marks
    text = path.read_text(encoding="utf-8")
    if start not in text or end not in text:
        raise SystemExit(f"{path} has no {start} ... {end} section to write")
    head, rest = text.split(start, 1)
    _old, tail = rest.split(end, 1)
    path.write_text(head + start + "\n" + "\n".join(lines) + "\n" + end + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
