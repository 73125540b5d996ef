"""Test-only Cython modules, compiled on first use (never shipped in the package).

A module is compiled into a `_build/` folder beside its source against copies of the package's
`.pxd`/`.pxi` files it needs, and rebuilt only when one of those files changes. A lock file
lets pytest-xdist's workers import it at the same time.
"""
from __future__ import annotations

import fcntl
import hashlib
import importlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import vsai.ext

# The installed package's folder (vsai.ext's parent; vsai's own __path__ is a hook when the
# package is installed in editable mode).
PACKAGE = Path(vsai.ext.__file__).resolve().parent.parent


def compiled_module(source: Path, needs: list[str], include: tuple[str, ...] = (),
                    optimise: str | None = None) -> ModuleType:
    """Import the Cython module `source` (a .pyx of the tests), compiling it first unless up
    to date. `needs`: the package's files it cimports or includes, relative to the package
    (e.g. "ext/state.pxd"); `include`: package folders searched for its `include`s;
    `optimise`: a C compiler flag such as "-O1" (default: Python's own flags)."""
    build = source.parent / "_build"
    build.mkdir(exist_ok=True)
    with open(build.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _compile(source, needs, include, optimise, build)
    if str(build) not in sys.path:
        sys.path.insert(0, str(build))
    return importlib.import_module(source.stem)


def _compile(source: Path, needs: list[str], include: tuple[str, ...], optimise: str | None,
             build: Path) -> None:
    """Compile `source` into `build` unless its stamp says these very files were compiled."""
    files = [source] + [PACKAGE / need for need in needs]
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in files) + str(optimise).encode()).hexdigest()
    stamp = build / f"{source.stem}.stamp"
    if stamp.is_file() and stamp.read_text() == digest:
        return
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
    stamp.write_text(digest)
