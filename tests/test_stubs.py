"""The .pyi stubs of the Cython modules name what the modules have, and all of it, each as
what it is: a method, a property or an attribute (a constant)."""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STUBS = sorted((ROOT / "ext").rglob("*.pyi"))
# The stubs of the compiled modules: the shared ones (the kernel, the protocol, beliefs) and
# each game's engine.
COMPILED_STUBS = [stub for stub in STUBS if stub.with_suffix(".pyx").is_file()]


def _module_name(stub: Path) -> str:
    return "vsai." + ".".join(stub.relative_to(ROOT).with_suffix("").parts)


def test_every_compiled_module_has_a_stub():
    compiled = {p.with_suffix("").with_suffix("").name for p in (ROOT / "ext").rglob("*.pyx")}
    assert compiled <= {p.with_suffix("").name for p in STUBS} | {"engine"}
    for game in (ROOT / "ext").iterdir():
        if (game / "engine.pyx").is_file():
            assert (game / "engine.pyi").is_file(), f"ext/{game.name}/engine.pyi is missing"


def _declared_kind(node: ast.AST) -> str | None:
    """What a stub line declares: "class", "method", "property", "attribute", or None."""
    if isinstance(node, ast.ClassDef):
        return "class"
    if isinstance(node, ast.FunctionDef):
        decorators = {d.id if isinstance(d, ast.Name) else getattr(d, "attr", "") for d in node.decorator_list}
        return "property" if "property" in decorators else "method"
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return "attribute"
    return None


def _name(node: ast.AST) -> str:
    return node.target.id if isinstance(node, ast.AnnAssign) else node.name


def _actual_kind(value: object) -> str:
    """What an object found on a module or class (without calling descriptors) is."""
    if inspect.isclass(value):
        return "class"
    if inspect.isroutine(value):
        return "method"
    if inspect.isdatadescriptor(value):  # property, Cython getset or readonly member
        return "property"
    return "attribute"


# A stub may declare a property as a plain annotation (the reader sees a value either way), and
# a module-level function is a "method" here.
ALLOWED = {"class": {"class"}, "method": {"method"}, "property": {"property"},
           "attribute": {"attribute", "property"}}


@pytest.mark.parametrize("stub", STUBS, ids=lambda p: str(p.relative_to(ROOT)))
def test_stub_matches_the_module(stub):
    module = importlib.import_module(_module_name(stub))
    tree = ast.parse(stub.read_text())
    for node in tree.body:
        kind = _declared_kind(node)
        if kind is None:
            continue
        name = _name(node)
        assert hasattr(module, name), f"{stub.name}: {name} is not in {module.__name__}"
        actual = _actual_kind(inspect.getattr_static(module, name))
        assert actual in ALLOWED[kind], f"{stub.name}: {name} is declared a {kind}, but is a {actual}"
        if isinstance(node, ast.ClassDef):
            cls = getattr(module, node.name)
            declared = {}
            for member in node.body:
                member_kind = _declared_kind(member)
                if member_kind is not None:
                    declared[_name(member)] = member_kind
            for member, member_kind in declared.items():
                assert hasattr(cls, member), f"{node.name}.{member} is in the stub, not the class"
                actual = _actual_kind(inspect.getattr_static(cls, member))
                assert actual in ALLOWED[member_kind], (
                    f"{stub.name}: {node.name}.{member} is declared a {member_kind}, but is a {actual}")
            # Every public method and property of the class is declared here or in a base
            # class's stub.
            inherited = {name for base in cls.__mro__[1:] for name in vars(base)}
            public = {name for name in dir(cls) if not name.startswith("_")
                      and _actual_kind(inspect.getattr_static(cls, name)) in ("method", "property")}
            missing = public - set(declared) - inherited
            assert not missing, f"{node.name} members missing from {stub.name}: {sorted(missing)}"


def _undeclared(module_name: str, stub_text: str) -> set[str]:
    """The public functions and classes of the module that its stub's text does not name."""
    module = importlib.import_module(module_name)
    declared = {_name(node) for node in ast.parse(stub_text).body if _declared_kind(node)}
    own = {name for name, value in vars(module).items() if not name.startswith("_")
           and (inspect.isclass(value) or inspect.isroutine(value))
           and getattr(value, "__module__", module.__name__) == module.__name__}
    return own - declared


def test_every_game_engine_stub_is_checked_for_completeness():
    games = {p.parent.name for p in (ROOT / "ext").glob("*/engine.pyx")}
    assert games and games <= {stub.parent.name for stub in COMPILED_STUBS}
    assert len(COMPILED_STUBS) > len(games)         # and the shared modules' stubs


@pytest.mark.parametrize("stub", COMPILED_STUBS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_public_function_and_class_of_a_compiled_module_is_in_its_stub(stub):
    missing = _undeclared(_module_name(stub), stub.read_text())
    assert not missing, f"{stub.relative_to(ROOT)} lacks {sorted(missing)}"


def test_the_completeness_check_finds_a_function_missing_from_a_game_stub():
    # Kilauea's stub without one of its functions must be found lacking it.
    text = (ROOT / "ext" / "kilauea" / "engine.pyi").read_text()
    assert "\ndef family_of(" in text
    pruned = "\n".join(line for line in text.splitlines() if not line.startswith("def family_of("))
    assert _undeclared("vsai.ext.kilauea.engine", pruned) == {"family_of"}


def test_the_kind_check_tells_a_property_from_a_method():
    class Probe:
        @property
        def size(self) -> int:
            return 1

        def grow(self) -> None:
            pass

    assert _actual_kind(inspect.getattr_static(Probe, "size")) == "property"
    assert _actual_kind(inspect.getattr_static(Probe, "grow")) == "method"
    tree = ast.parse("class P:\n    @property\n    def size(self) -> int: ...\n    def grow(self) -> None: ...\n")
    assert [_declared_kind(n) for n in tree.body[0].body] == ["property", "method"]
