"""Games defined outside `ludoteca.games` (a plug-in, a test's toy game), rebuilt in every worker.

A plug-in is named `module` (a module that registers its games when imported) or
`module:GameClass` (registered here). The driver resolves where the module lives so that
worker processes and Ray workers, which do not share the driver's `sys.path`, import it too.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from ..engine import Game, LudotecaError, T
from ..engine.registry import register_game

_loaded: set[tuple[str, ...]] = set()


def resolve(names: list[str] | None) -> list[list[str]]:
    """[module, class name or '', directory to put on sys.path or ''] for each plug-in, loaded here first."""
    resolved = []
    for name in names or []:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as exc:
            raise LudotecaError(T(f"cannot import plug-in {module_name!r}: {exc}", f"no se puede importar el complemento {module_name!r}: {exc}")) from None
        path = ""
        if getattr(module, "__file__", None):
            root = Path(module.__file__).resolve().parent
            if Path(module.__file__).name == "__init__.py":  # a package: its folder's parent holds it
                root = root.parent
            for _ in module_name.split(".")[1:]:
                root = root.parent
            path = str(root)
        entry = [module_name, attr, path]
        load([entry])
        resolved.append(entry)
    return resolved


def load(plugins: list[list[str]]) -> None:
    """Import (and register) plug-ins in this process; idempotent."""
    for module_name, attr, path in plugins:
        key = (module_name, attr, path)
        if key in _loaded:
            continue
        if path and path not in sys.path:
            sys.path.append(path)
        module = importlib.import_module(module_name)
        if attr:
            game_cls = getattr(module, attr, None)
            if not (isinstance(game_cls, type) and issubclass(game_cls, Game)):
                raise LudotecaError(T(f"{module_name}:{attr} is not a Game class", f"{module_name}:{attr} no es una clase Game"))
            register_game(game_cls)
        _loaded.add(key)
