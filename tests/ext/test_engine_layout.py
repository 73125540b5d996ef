"""Every engine has the one layout of docs/adding-a-game.md, and no function of the engines or
the search kernel (ext/**/*.pyx, .pxi, .pxd) is longer than 80 lines."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import vsai.ext

EXT = Path(vsai.ext.__path__[0])
GAMES = sorted(p.parent.name for p in EXT.glob("*/spec.py"))
PARTS = ("rules.pxi", "stages.pxi", "codec.pxi", "hidden.pxi", "state_json.pxi", "state_view.pxi")
# What a search runs, in logic.pyx (compiled at -O3), and the Python API, in engine.pyx (at -O1;
# setup.py, HOT_MODULES). Both cimport the action ids from actions.pxd.
TABLES = ["vsai/ext/tables_begin.pxi"]     # before the cimports
LOGIC_INCLUDES = ["rules.pxi", "stages.pxi", "hidden.pxi", "vsai/ext/dispatch.pxi"]     # TABLES: in logic.pxd
ENGINE_INCLUDES = [*TABLES, "codec.pxi", "state_json.pxi", "state_view.pxi"]
MAX_FUNCTION_LINES = 80
_DEF = re.compile(r"^(\s*)(?:cdef|cpdef|def)\s+(?!class\b)(?:inline\s+)?[\w\[\]*, ]*?\b(\w+)\s*\(")


def _source_files() -> list[Path]:
    """The engines' and the kernel's Cython sources (the Python presentation is not engine code)."""
    return sorted(p for p in EXT.rglob("*") if p.suffix in (".pyx", ".pxi", ".pxd"))


def _functions(path: Path) -> list[tuple[str, int]]:
    """(name, length in lines) of every function: from its def to the next line at its
    indentation or less (blank and comment lines do not end it)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        match = _DEF.match(line)
        if not match:
            continue
        indent = len(match.group(1))
        end = i + 1
        while end < len(lines):
            text = lines[end]
            if text.strip() and not text.lstrip().startswith("#") and len(text) - len(text.lstrip()) <= indent \
                    and not text.lstrip().startswith(")"):
                break
            end += 1
        while end > i + 1 and not lines[end - 1].strip():
            end -= 1
        found.append((match.group(2), end - i))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_parts_in_order(game):
    folder = EXT / game
    for part in ("data.pxd", "actions.pxd", "logic.pxd", "logic.pyx", "engine.pyx", "spec.py", "rules.md", *PARTS):
        assert (folder / part).is_file(), f"{game}: {part} is missing"
    for module, wanted in (("logic.pyx", LOGIC_INCLUDES), ("engine.pyx", ENGINE_INCLUDES)):
        includes = re.findall(r'^include "([^"]+)"', (folder / module).read_text(encoding="utf-8"), re.M)
        assert includes == wanted, f"{game}: {module} includes {includes}"
    header = re.findall(r'^include "([^"]+)"', (folder / "logic.pxd").read_text(encoding="utf-8"), re.M)
    assert header == TABLES, f"{game}: logic.pxd includes {header}"
    extra = sorted(p.name for p in folder.glob("*.pxi") if p.name not in PARTS)
    assert not extra, f"{game}: .pxi parts outside the layout: {extra}"


@pytest.mark.parametrize("module", ["logic.pyx", "engine.pyx"])
@pytest.mark.parametrize("game", GAMES)
def test_the_engine_modules_hold_only_their_class(game, module):
    source = (EXT / game / module).read_text(encoding="utf-8")
    assert "ctypedef struct" not in source, f"{game}: the struct belongs in data.pxd"
    classes = re.findall(r"^cdef class (\w+)", source, re.M)
    assert len(classes) == 1, f"{game}: {module} defines {classes}"
    functions = re.findall(r"^(?:cdef|cpdef|def) [^\n]*\(", source, re.M)
    assert not [f for f in functions if not f.startswith("cdef class")], \
        f"{game}: module functions in {module}: {functions}"


@pytest.mark.parametrize("game", GAMES)
def test_the_protocol_is_in_the_logic_module(game):
    # The search calls the c_* methods through the class's vtable: they, and the code they
    # reach, belong in logic.pyx (-O3); the Python API's class in engine.pyx (-O1) extends it.
    logic = (EXT / game / "logic.pyx").read_text(encoding="utf-8")
    engine = (EXT / game / "engine.pyx").read_text(encoding="utf-8")
    base = re.search(r"^cdef class (\w+)\(State\):", logic, re.M)
    assert base, f"{game}: logic.pyx's class does not extend State"
    assert re.search(rf"^cdef class \w+\({base.group(1)}\):", engine, re.M), \
        f"{game}: engine.pyx's class does not extend {base.group(1)}"
    assert not re.findall(r"^    cdef \w+ c_\w+\(", engine, re.M), f"{game}: protocol methods in engine.pyx"


@pytest.mark.parametrize("game", GAMES)
def test_the_class_uses_the_shared_dispatch(game):
    engine = (EXT / game / "logic.pyx").read_text(encoding="utf-8")
    for method, shared in (("c_current_player", "current_player_of"), ("c_legal_actions", "legal_actions_of"),
                           ("c_apply_action", "apply_action_to"), ("c_chance_outcomes", "chance_outcomes_of"),
                           ("c_random_playout", "random_playout_of")):
        body = re.search(rf"cdef \w+ {method}\(self[^\n]*\n((?:        [^\n]*\n)+)", engine)
        assert body, f"{game}: {method} is missing"
        # A game may keep its own playout where the shared one measured slower (issue 27:
        # keep what is faster), as random_playout_data in its stages.pxi, saying why there.
        own = method == "c_random_playout" and "random_playout_data(" in body.group(1)
        assert shared in body.group(1) or own, f"{game}: {method} does not call {shared} (ext/dispatch.pxi)"


@pytest.mark.parametrize("game", GAMES)
def test_the_class_holds_only_its_struct_and_clones_through_the_base(game):
    # State.c_clone copies the whole state object with one memcpy (ext/state.pyx,
    # clone_object): right only while a state holds no Python object, so the class's one field
    # is the game's C struct, and no engine replaces that copy with a slower one of its own.
    sources = {name: (EXT / game / name).read_text(encoding="utf-8")
               for name in ("logic.pxd", "logic.pyx", "engine.pyx")}
    data = (EXT / game / "data.pxd").read_text(encoding="utf-8")
    fields = [field for source in sources.values() for field in re.findall(r"^    cdef ([\w.]+) (\w+)\s*$", source, re.M)]
    structs = set(re.findall(r"^ctypedef (?:struct )?(?:\w+ )?(\w+):?\s*$", data, re.M))
    assert len(fields) == 1 and fields[0][0] in structs, f"{game}: the classes' fields are {fields}"
    assert not [name for name, source in sources.items() if "c_clone" in source], f"{game}: c_clone overridden"


def test_no_engine_function_is_longer_than_80_lines():
    long = [f"{path.relative_to(EXT)}: {name} ({length} lines)"
            for path in _source_files() for name, length in _functions(path) if length > MAX_FUNCTION_LINES]
    assert not long, "functions over 80 lines: " + "; ".join(long)


def test_the_length_measure_sees_a_long_function(tmp_path):
    source = tmp_path / "long.pxi"
    source.write_text("cdef int f(int a) noexcept nogil:\n" + "    a += 1\n" * 90 + "    return a\n\n"
                      "cdef int g() noexcept nogil:\n    return 0\n")
    assert dict(_functions(source)) == {"f": 92, "g": 2}
