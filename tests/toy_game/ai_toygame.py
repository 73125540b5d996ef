"""The search kernels' toy game (`toy_state.pyx`) as a `Game`, for tests that need a
hidden-information game with partly hidden moves whatever the registered games are.

The toy game is not part of the library: it is compiled here, on first use, into `_build/`
beside this file (about ten seconds once; rebuilt when its source or the protocol changes).
"""
from __future__ import annotations

import fcntl
import hashlib
import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import vsai.ext
from vsai.core import Game, GameSpec, Param

HERE = Path(__file__).resolve().parent
BUILD = HERE / "_build"
# Held while checking and building: pytest-xdist's workers import this module at once.
LOCK = HERE / "_build.lock"


def _protocol_files() -> list[Path]:
    ext = Path(vsai.ext.__path__[0])
    return [HERE / "toy_state.pyx", ext / "state.pxd", ext / "rng.pxd", ext / "dispatch.pxi"]


def _build() -> None:
    """Compile toy_state.pyx unless up to date, one process at a time."""
    with open(LOCK, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _build_unlocked()


def _build_unlocked() -> None:
    """Compile toy_state.pyx against the installed protocol (.pxd files) unless up to date."""
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in _protocol_files())).hexdigest()
    stamp = BUILD / "stamp"
    if stamp.is_file() and stamp.read_text() == digest:
        return
    shutil.rmtree(BUILD, ignore_errors=True)
    include = BUILD / "include" / "vsai" / "ext"
    include.mkdir(parents=True)
    for pxd in _protocol_files()[1:]:
        shutil.copy2(pxd, include)
    (include / "__init__.pxd").touch()
    script = (
        "from setuptools import Extension, setup\n"
        "from Cython.Build import cythonize\n"
        f"setup(script_args=['build_ext', '--build-lib', {str(BUILD)!r}, '--build-temp', {str(BUILD / 'tmp')!r}],\n"
        f"      ext_modules=cythonize([Extension('toy_state', [{str(HERE / 'toy_state.pyx')!r}])],\n"
        f"                            include_path=[{str(BUILD / 'include')!r}], quiet=True,\n"
        "                            build_dir=" + repr(str(BUILD / "c")) + ",\n"
        "                            compiler_directives={'language_level': 3}))\n")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=BUILD, capture_output=True)
    stamp.write_text(digest)


_build()
sys.path.insert(0, str(BUILD))
ToyState = importlib.import_module("toy_state").ToyState

TOY_SPEC = GameSpec(
    name="search-toy", title="Secret bids (search test game)",
    summary="Bid hidden cards for public prizes; used by the search tests.",
    state_class=ToyState,
    params=(Param("players", 2, "number of players", minimum=2, maximum=4),),
    hidden_information=True,
    num_distinct_actions=lambda p: 3 * p["players"] + 4,
    max_chance_outcomes=lambda p: 3 * p["players"] + 4,
    max_game_length=lambda p: 3 * p["players"],
    max_branching=lambda p: 3 * p["players"] + 4)


def toy_game(players: int = 2) -> Game:
    """The toy game with `players` seats."""
    return Game(TOY_SPEC, {"players": players})
SPEC = TOY_SPEC  # as a game module found by entry point (tests/test_registry.py)
