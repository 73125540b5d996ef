"""The .pyi stubs of the Cython modules name what the modules have, and all of it."""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STUBS = sorted((ROOT / "ext").rglob("*.pyi"))


def _module_name(stub: Path) -> str:
    return "vsai." + ".".join(stub.relative_to(ROOT).with_suffix("").parts)


def test_every_compiled_module_has_a_stub():
    compiled = {p.with_suffix("").with_suffix("").name for p in (ROOT / "ext").rglob("*.pyx")}
    assert compiled <= {p.with_suffix("").name for p in STUBS} | {"engine"}
    for game in (ROOT / "ext").iterdir():
        if (game / "engine.pyx").is_file():
            assert (game / "engine.pyi").is_file(), f"ext/{game.name}/engine.pyi is missing"


@pytest.mark.parametrize("stub", STUBS, ids=lambda p: str(p.relative_to(ROOT)))
def test_stub_matches_the_module(stub):
    module = importlib.import_module(_module_name(stub))
    tree = ast.parse(stub.read_text())
    for node in tree.body:
        names = []
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        for name in names:
            assert hasattr(module, name), f"{stub.name}: {name} is not in {module.__name__}"
        if isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name)
            declared = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            for name in declared:
                assert hasattr(cls, name), f"{node.name}.{name} is in the stub, not the class"
            # Every public method of the class is declared here or in a base class's stub.
            inherited = {name for base in cls.__mro__[1:] for name in vars(base)}
            public = {name for name, _ in inspect.getmembers(cls)
                      if not name.startswith("_") and callable(getattr(cls, name))}
            missing = public - declared - inherited
            assert not missing, f"{node.name} methods missing from {stub.name}: {sorted(missing)}"
