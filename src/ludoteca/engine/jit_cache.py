"""numba's `njit` with an on-disk cache that cannot run old code: every compiled function of the
project is made by this `njit` (the kernels' through rl/vector's, which falls back to plain Python
without numba), and with `cache=True` its cache entry is keyed by the source of every file it may
read, not only its own.

Why: numba's own `cache=True` checks a cached function against its own file's timestamp and its
own bytecode. A compiled function that calls a function or reads a table of another file (a
kernel compiling a game's heuristic, turn_search's template specialised with a game's functions)
carries that file's code in its machine code, and numba does not notice when only that file
changes: the kernel went on running the old rule.

How: `SourceKeyedCache` adds to numba's index key (signature, target, bytecode) a digest of the
sources the function depends on: its own module, the modules of the functions and classes in its
globals (for turn_search's specialised copies: the game's functions bound into them), and every
module those import at module level, transitively, as read from their source with `ast`, down to
the installed libraries (numba's version is already in its key; the project's own package counts
wherever it is installed). A change to any of those files gives a new key: a miss, a fresh
compile, a new entry; an edit undone finds the old entry again. Imports inside a function body
are not followed: compiled code reads only its module's globals, which module-level code binds.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import sys
import sysconfig
import types
from pathlib import Path

import numba
from numba.core.caching import FunctionCache
from numba.core.dispatcher import Dispatcher

_LIBRARY_ROOTS = tuple({Path(p).resolve() for key in ("stdlib", "platstdlib", "purelib", "platlib")
                        if (p := sysconfig.get_paths().get(key))})
_imports_of: dict[str, frozenset[str]] = {}  # module -> the modules it imports at module level
_digests: dict[Path, bytes] = {}  # source file -> its sha256
_files: dict[str, Path | None] = {}  # module -> its source file


def njit(*args, **kwargs):
    """numba.njit; with `cache=True`, cached on disk by SourceKeyedCache (module docstring)."""
    cache = kwargs.pop("cache", False)

    def compile_(func):
        dispatcher = numba.njit(**kwargs)(func)
        if cache and isinstance(dispatcher, Dispatcher):  # (NUMBA_DISABLE_JIT=1: the function itself)
            dispatcher._cache = SourceKeyedCache(func)  # what numba's own enable_caching does, keyed by sources
        return dispatcher

    if len(args) == 1 and callable(args[0]):
        return compile_(args[0])
    if args:
        raise TypeError("jit_cache.njit takes no signature: numba compiles each argument type it meets")
    return compile_


class SourceKeyedCache(FunctionCache):
    """numba's function cache, its index key extended by the digest of the sources the function reads."""

    _digest: str | None = None

    def _index_key(self, sig, codegen):
        if self._digest is None:
            self._digest = sources_digest(self._py_func)
        return super()._index_key(sig, codegen) + (self._digest,)


def sources_digest(func) -> str:
    """The sha256 of the name and content digest of every file in `dependencies(func)`."""
    h = hashlib.sha256()
    for name, path in sorted(dependencies(func).items()):
        h.update(name.encode() + b"\0" + _file_digest(path) + b"\0")
    return h.hexdigest()


def _file_digest(path: Path) -> bytes:
    """A file's sha256, read once a process (every kernel of a package reads the same few dozen files)."""
    if path not in _digests:
        _digests[path] = hashlib.sha256(path.read_bytes()).digest()
    return _digests[path]


def dependencies(func) -> dict[str, Path]:
    """Module name -> source file of every module whose code or tables `func` may compile in."""
    own = func.__globals__.get("__name__", func.__module__)
    top = own.split(".")[0]
    start = {own}
    for value in func.__globals__.values():
        name = _module_of(value)
        if name:
            start.add(name)
    found: dict[str, Path] = {}
    todo = list(start)
    while todo:
        name = todo.pop()
        if name in found:
            continue
        path = _module_file(name)
        if path is None or (name.split(".")[0] != top and _in_library(path)):
            continue
        found[name] = path
        todo.extend(_module_imports(name, path))
    path = Path(func.__code__.co_filename)
    if path.is_file():
        found.setdefault("<" + own + ">", path)  # the function's own file, whatever its globals say
    return found


def _module_of(value) -> str | None:
    if isinstance(value, types.ModuleType):
        return value.__name__
    value = getattr(value, "__wrapped__", value)  # an intrinsic that calls a function: that function
    value = getattr(value, "py_func", value)  # a numba dispatcher: the function it compiles
    name = getattr(value, "__module__", None)
    return name if isinstance(name, str) else None


def _in_library(path: Path) -> bool:
    return any(path.is_relative_to(root) for root in _LIBRARY_ROOTS)


def _module_file(name: str) -> Path | None:
    """A module's Python source file, or None (not a module: `from X import a` where a is a name in X; no
    source; not importable); looked up once a process (every kernel walks the same modules)."""
    if name not in _files:
        _files[name] = _find_module_file(name)
    return _files[name]


def _find_module_file(name: str) -> Path | None:
    module = sys.modules.get(name)
    if module is None:
        parent, _, attr = name.rpartition(".")
        if parent in sys.modules and not isinstance(getattr(sys.modules[parent], attr, None), types.ModuleType):
            return None
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None
        file = spec.origin if spec is not None else None
    else:
        file = getattr(module, "__file__", None)
    if not file or not file.endswith(".py") or not Path(file).is_file():
        return None
    return Path(file).resolve()


def _module_imports(name: str, path: Path) -> frozenset[str]:
    """The modules a module's module-level code imports (read once a process)."""
    if name not in _imports_of:
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        _imports_of[name] = frozenset(_imported_names(ast.parse(path.read_bytes()), package))
    return _imports_of[name]


def _imported_names(tree: ast.AST, package: str):
    """The modules named by the import statements that run when the module runs (not in function bodies);
    for `from X import a`, X and X.a (where a is a module)."""
    stack = list(ast.iter_child_nodes(tree))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                yield from (".".join(parts[:k]) for k in range(1, len(parts) + 1))
        elif isinstance(node, ast.ImportFrom):
            try:
                base = importlib.util.resolve_name("." * node.level + (node.module or ""), package) if node.level \
                    else node.module
            except (ImportError, ValueError):
                continue
            yield base
            for alias in node.names:
                yield base + "." + alias.name  # a submodule, where one is so named (else no module: skipped)
        else:
            stack.extend(ast.iter_child_nodes(node))
