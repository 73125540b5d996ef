"""The scripts of benchmarks/, loaded as modules for their tests (they are not a package: each
runs as `benchmarks/<name>.py` and imports its neighbours, such as selfplay, from there)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """benchmarks/<name>.py as a module named `name`, its folder on the path for its imports
    (registered in sys.modules, where a dataclass of the script looks itself up)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
