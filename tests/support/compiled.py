"""Test-only Cython modules, compiled on first use (never shipped in the package).

A module is compiled against copies of the package's `.pxd`/`.pxi` files it needs into a
folder of a cache shared by every clone and worktree on the machine, named by a hash of
those files, the compiler flag, Python and Cython: a fresh clone of an unchanged tree
compiles nothing (the history probe of Vulcanus costs about 13 s of CPU, the toy game about
6 s). The cache is $VSAI_TEST_BUILD_CACHE, else $XDG_CACHE_HOME/vsai/test-modules, else
~/.cache/vsai/test-modules. A lock file lets pytest-xdist's workers import a module at the
same time.
"""
from __future__ import annotations

import fcntl
import hashlib
import importlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import vsai.ext

# The installed package's folder (vsai.ext's parent; vsai's own __path__ is a hook when the
# package is installed in editable mode).
PACKAGE = Path(vsai.ext.__file__).resolve().parent.parent


def cache_root() -> Path:
    """The folder that holds every compiled test module, one subfolder per source hash."""
    explicit = os.environ.get("VSAI_TEST_BUILD_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "vsai" / "test-modules"


def compiled_module(source: Path, needs: list[str], include: tuple[str, ...] = (),
                    optimise: str | None = None) -> ModuleType:
    """Import the Cython module `source` (a .pyx of the tests), compiling it first unless the
    cache holds a build of these very files. `needs`: the package's files it cimports or
    includes, relative to the package (e.g. "ext/state.pxd"); `include`: package folders
    searched for its `include`s; `optimise`: a C compiler flag such as "-O1" (default:
    Python's own flags)."""
    build = cache_root() / f"{source.stem}-{_digest(source, needs, optimise)[:20]}"
    build.mkdir(parents=True, exist_ok=True)
    with open(build / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stamp = build / f"{source.stem}.stamp"
        if not stamp.is_file():
            _compile(source, needs, include, optimise, build)
            stamp.write_text(str(source))
    if str(build) not in sys.path:
        sys.path.insert(0, str(build))
    return importlib.import_module(source.stem)


def _digest(source: Path, needs: list[str], optimise: str | None) -> str:
    """What a build depends on: the source, the package files it uses, the flag, and the
    Python and Cython that compile it (the cache is shared by every virtual environment)."""
    files = [source] + [PACKAGE / need for need in needs]
    tools = f"{optimise}|{sys.implementation.cache_tag}|{sys.version}|{importlib.metadata.version('Cython')}"
    return hashlib.sha256(b"".join(p.read_bytes() for p in files) + tools.encode()).hexdigest()


def _compile(source: Path, needs: list[str], include: tuple[str, ...], optimise: str | None,
             build: Path) -> None:
    """Compile `source` into `build`, against copies of the package files it needs."""
    tree = build / f"{source.stem}.include"
    shutil.rmtree(tree, ignore_errors=True)
    for need in needs:                    # the package as `vsai/...`, with its __init__.pxd
        target = tree / "vsai" / need
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PACKAGE / need, target)
        for folder in target.relative_to(tree).parents:
            if folder != Path("."):
                (tree / folder / "__init__.pxd").touch()
    flags = [optimise] if optimise else []
    paths = [str(tree)] + [str(tree / "vsai" / folder) for folder in include]
    script = (
        "from setuptools import Extension, setup\n"
        "from Cython.Build import cythonize\n"
        f"setup(script_args=['build_ext', '--build-lib', {str(build)!r}, '--build-temp', {str(build / 'tmp')!r}],\n"
        f"      ext_modules=cythonize([Extension({source.stem!r}, [{str(source)!r}],\n"
        f"                                       extra_compile_args={flags!r})],\n"
        f"                            include_path={paths!r}, quiet=True,\n"
        f"                            build_dir={str(build / 'c')!r},\n"
        "                            compiler_directives={'language_level': 3}))\n")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=build, capture_output=True)
