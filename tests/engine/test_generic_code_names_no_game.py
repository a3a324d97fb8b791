"""No generic module and no generic JS file names a game (issue 48): what a game needs of the
engine, bots, RL code, web, terminal, simulate and CLI it declares in its own package (its PLUGIN,
engine/plugin.py), so a fifth game edits none of them.

The names looked for are every built-in game's registry name, its package name and its titles in
both languages, accents and case aside; comments and docstrings may cite a game as an example,
code may not. What a game's PLUGIN points at in a generic folder (its kernel's files, its
encoder) is the game's own file, not a generic one; its board's JS module lives in its package. `ALLOWED` lists, each
with its reason, the only other files that still name a game.
"""

from __future__ import annotations

import ast
import importlib
import io
import pkgutil
import re
import tokenize
import unicodedata
from pathlib import Path

import pytest

import ludoteca
import ludoteca.games
from ludoteca.engine.registry import plugin_of

SRC = Path(ludoteca.__file__).parent
GENERIC = ("engine", "bots", "rl", "web", "terminal", "simulate", "cli")

#: file (relative to src/ludoteca) -> why it may still name a game
ALLOWED = {
    "cli/prime_climb.py": "Prime Climb's own commands, which its PLUGIN declares (`commands`)",
    "cli/solve.py": "Prime Climb's `solve` command, added to the app its PLUGIN declares",
    "rl/openspiel.py": "small_piramide(): the published entry point (docs/rl-openspiel.md, benchmarks) to the one "
                       "game tree small enough for OpenSpiel's exact CFR",
}


def _fold(text: str) -> str:
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain.casefold()


def _builtin_games() -> list:
    found = []
    for info in pkgutil.iter_modules(ludoteca.games.__path__):
        module = importlib.import_module(f"ludoteca.games.{info.name}")
        if info.ispkg and getattr(module, "PLUGIN", None) is not None:
            found.append((info.name, module.PLUGIN))
    return found


GAMES = _builtin_games()


def _names() -> dict[str, str]:
    """folded name -> the game it names."""
    out = {}
    for package, plugin in GAMES:
        title = plugin.game.title
        for said in (plugin.name, package, plugin.name.replace("-", " "), title.en, title.es):
            out[_fold(said)] = plugin.name
    return out


NAMES = _names()
PATTERN = re.compile("|".join(re.escape(n) for n in sorted(NAMES, key=len, reverse=True)))


def _own_files() -> dict[str, str]:
    """The files a game's declaration points at inside the generic folders -> the game."""
    own = {}
    for _, plugin in GAMES:
        for module in (plugin.kernel.module if plugin.kernel else None, plugin.observation, plugin.terminal):
            if module and module.startswith("ludoteca."):
                path = SRC.joinpath(*module.split(".")[1:]).with_suffix(".py")
                # the kernel's companion modules (its compiled greedy bot, its legal lists) beside it
                for sibling in path.parent.glob(f"{path.stem}*.py"):
                    own[sibling.relative_to(SRC).as_posix()] = plugin.name
    return own


OWN = _own_files()


def _python_code(text: str) -> str:
    """The code of a module without its comments and docstrings."""
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docstrings.add((first.lineno, first.col_offset))
    kept = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start in docstrings):
            continue
        kept.append((tok.start[0], tok.string))
    return "\n".join(f"{line}:{s}" for line, s in kept)


LINE_COMMENT = re.compile(r"(^|\s)//.*$")


def _js_code(text: str) -> str:
    """The code of a JS file without its comments (block comments keep their line breaks)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return "\n".join(f"{n}:{LINE_COMMENT.sub('', line)}" for n, line in enumerate(text.splitlines(), 1))


def generic_files() -> list[Path]:
    files = []
    for folder in GENERIC:
        files += sorted((SRC / folder).rglob("*.py")) + sorted((SRC / folder).rglob("*.js"))
    return [f for f in files if "migrations" not in f.parts]


def naming(path: Path) -> list[str]:
    """Each place in the file's code that names a game: 'line: text'."""
    text = path.read_text(encoding="utf-8")
    code = _python_code(text) if path.suffix == ".py" else _js_code(text)
    found = []
    for line in code.splitlines():
        number, _, rest = line.partition(":")
        for m in PATTERN.finditer(_fold(rest)):
            found.append(f"{number}: {NAMES[m.group(0)]} ({rest.strip()[:80]})")
    return found


def test_the_names_cover_every_builtin_game():
    assert len(GAMES) >= 4 and {plugin_of(p.name) is p for _, p in GAMES} == {True}
    assert set(NAMES.values()) == {p.name for _, p in GAMES}


@pytest.mark.parametrize("path", generic_files(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_no_generic_file_names_a_game(path):
    rel = path.relative_to(SRC).as_posix()
    if rel in OWN or rel in ALLOWED:
        return
    found = naming(path)
    assert not found, f"{rel} names a game (declare it in the game's PLUGIN instead): " + "; ".join(found[:5])


@pytest.mark.parametrize("rel", sorted(ALLOWED))
def test_each_allowed_file_still_needs_it(rel):
    """An allowance no longer needed goes: the list stays exactly what must stay."""
    assert naming(SRC / rel), f"{rel} no longer names a game: take it off ALLOWED"


def test_no_game_module_is_left_in_the_webs_static_folder():
    """A game's board is the module its PLUGIN declares in its own package (`board`): static/games
    holds only the drawing kit every game shares."""
    static = sorted(p.name for p in (SRC / "web" / "static" / "games").glob("*.js"))
    assert static == ["generic.js", "shapes.js"], static
    for _, plugin in GAMES:
        assert plugin.board_file() is not None, f"{plugin.name} declares no board module it has"


def test_the_check_sees_a_game_named_in_code(tmp_path):
    """The check itself: a table naming a game in code is caught, the same name in a comment or a
    docstring is not (so the sweep above can fail)."""
    sample = tmp_path / "table.py"
    sample.write_text('"""An example: make("Pirámide")."""\n# prime-climb in a comment\nORDER = ["x", "prime-climb"]\n'
                      'def f():\n    """mazmorra"""\n    return "PIRAMIDE"\n', encoding="utf-8")
    found = naming(sample)
    assert [f.split(":")[0] for f in found] == ["3", "6"], found
    js = tmp_path / "follow.js"
    js.write_text('// aggravation\nconst SPECIAL = new Set(["aggravated"]); /* Mazmorra */\nconst game = "aggravation";\n', encoding="utf-8")
    assert [f.split(":")[0] for f in naming(js)] == ["3"]
