"""The scripts of benchmarks/ imported by the tests that check them, each once per process."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def benchmark_script(name: str) -> ModuleType:
    """benchmarks/<name>.py as module `name`, registered in sys.modules so that its dataclasses and
    its process pools' workers find it."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]
