"""Build vsai: the Python packages and the Cython extensions of vsai.ext.

There is no `vsai/` folder: `vsai.core`, `vsai.ai`, `vsai.cli` and `vsai.ext` map to `core/`,
`ai/`, `cli/` and `ext/`. Every folder `ext/<game>/` is the subpackage `vsai.ext.<game>`, found
here by a scan, so adding a game touches no file outside its folder. Every `.pyx` file below
`ext/` becomes the module of its path (`ext/kilauea/engine.pyx` -> `vsai.ext.kilauea.engine`).

Cython resolves `cimport vsai.ext.state` only as `<include dir>/vsai/ext/state.pxd`, so copies
of the `.pxd` files are staged under `build/pxd/vsai/ext/` (with `__init__.pxd` markers for
the game packages) and that folder is passed as the include path.

Set VSAI_ONLY=name[,name] to build just those modules or game folders (e.g. VSAI_ONLY=vulcanus
builds `ext/vulcanus/*.pyx`; VSAI_ONLY=search builds `ext/search.pyx`).

The build uses every core: Cython translates the .pyx files in parallel, and the C compiler
runs on all extensions at once (`build_ext --parallel` defaults to the core count, also under
`pip install -e .`). VSAI_JOBS=N caps both.
"""
import compileall
import glob
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
EXT = os.path.join(HERE, "ext")
PXD_ROOT = os.path.join(HERE, "build", "pxd")
# Jobs for cythonize and the C compiler: every core unless VSAI_JOBS says otherwise.
JOBS = int(os.environ.get("VSAI_JOBS") or 0) or os.cpu_count() or 1
# Optimisation levels, chosen by measurement (README, "Set-up, tests and start-up"): the code a
# search runs at -O3 (each game's logic module, the search kernel), the rest at -O1: each
# game's engine module (its Python API: JSON, views, texts, the class wrappers) is most of the
# generated C and compiles in a third to a half of the CPU at -O1, and no search calls it.
HOT_MODULES = {"logic", "search", "state", "belief"}
HOT_OPTIMISE = "-O3"
SURFACE_OPTIMISE = "-O1"
# No debug information (Python's own CFLAGS ask for -g): it costs a fifth of the compile time
# and changes no generated code. Kept when CFLAGS asks for -g itself (sanitizer builds).
DEBUG_INFO = [] if "-g" in os.environ.get("CFLAGS", "").split() else ["-g0"]
# Less C for the Python-facing code, none of it on the search's hot path (measured with
# benchmarks/setup_time.py on Vulcanus's engine: 6.0 -> 4.2 MB of C, 81 -> 67 CPU s at -O3):
# no source comments in the C, def functions as plain builtins rather than Cython function
# objects (no per-function closure and introspection code), and a Python method call without
# the code that unpacks a bound method first.
LEAN_WRAPPERS = {"emit_code_comments": False, "binding": False, "optimize.unpack_method_calls": False}
# Files every game package ships besides its compiled modules.
GAME_PACKAGE_DATA = ["*.pxd", "*.pyi", "rules.md", "summary.md", "ladder.json", "balance.json",
                     "opponent_model.json", "feature_model.json", "web/*"]


def game_folders() -> list[str]:
    """The names of the game subpackages: folders of ext/ with an __init__.py and a spec.py
    (the ext layer's own subpackages, such as `ui`, have no spec)."""
    return sorted(name for name in os.listdir(EXT)
                  if os.path.isfile(os.path.join(EXT, name, "__init__.py"))
                  and os.path.isfile(os.path.join(EXT, name, "spec.py")))


def stage_pxd_files() -> str:
    """Copy ext/**/*.pxd and ext/*.pxi (the shared dispatch) to build/pxd/vsai/ext/... and
    return the include path."""
    target = os.path.join(PXD_ROOT, "vsai", "ext")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    for pxd in glob.glob(os.path.join(EXT, "*.pxd")) + glob.glob(os.path.join(EXT, "*.pxi")):
        shutil.copy2(pxd, target)
    for game in game_folders():
        folder = os.path.join(target, game)
        os.makedirs(folder)
        open(os.path.join(folder, "__init__.pxd"), "w").close()
        for pxd in glob.glob(os.path.join(EXT, game, "*.pxd")):
            shutil.copy2(pxd, folder)
    open(os.path.join(target, "__init__.pxd"), "w").close()
    return PXD_ROOT


def extra_directives() -> dict:
    """Cython directives added for an experiment (benchmarks/setup_time.py): VSAI_DIRECTIVES
    as KEY=VALUE,... with True/False for booleans."""
    result = {}
    for item in filter(None, os.environ.get("VSAI_DIRECTIVES", "").split(",")):
        key, _, value = item.partition("=")
        result[key] = {"True": True, "False": False}.get(value, value)
    return result


def extensions() -> list:
    """One Extension per .pyx file below ext/, named by its path."""
    only = {s for s in os.environ.get("VSAI_ONLY", "").split(",") if s}
    result = []
    for pyx in sorted(glob.glob(os.path.join("ext", "**", "*.pyx"), recursive=True)):
        parts = os.path.splitext(pyx)[0].split(os.sep)[1:]     # drop "ext"
        if only and not (set(parts) & only):
            continue
        level = HOT_OPTIMISE if parts[-1] in HOT_MODULES else SURFACE_OPTIMISE
        result.append(Extension("vsai.ext." + ".".join(parts), [pyx],
                                extra_compile_args=[level, *DEBUG_INFO, "-Wno-unreachable-code"]))
    return result


class ParallelBuildExt(build_ext):
    """build_ext compiling all extensions at once: `parallel` defaults to JOBS, not 1; built in
    place (an editable install), it also byte-compiles the packages' Python files."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = JOBS

    def run(self) -> None:
        super().run()
        if self.inplace:
            byte_compile_sources()


def byte_compile_sources() -> None:
    """Write the `__pycache__` of every Python file of the packages, as a regular install does
    in site-packages and an editable one does not. Where nothing writes bytecode at run time
    (PYTHONDONTWRITEBYTECODE=1, as in many containers and in this project's CI), each process
    would otherwise compile vsai's modules again: 0.13 s of every `vsai` start. A file edited
    later is compiled again from its source, as Python checks its time and size."""
    for folder in ("core", "ai", "cli", "ext"):
        compileall.compile_dir(os.path.join(HERE, folder), quiet=1, workers=JOBS)


setup(
    cmdclass={"build_ext": ParallelBuildExt},
    packages=["vsai.core", "vsai.ai", "vsai.ai.lab", "vsai.cli", "vsai.ext", "vsai.ext.ui"]
    + [f"vsai.ext.{game}" for game in game_folders()],
    package_dir={"vsai.core": "core", "vsai.ai": "ai", "vsai.ai.lab": "ai/lab", "vsai.cli": "cli", "vsai.ext": "ext"},
    package_data={"vsai.ext": ["*.pxd", "*.pxi", "*.pyi", "py.typed"], "vsai.core": ["py.typed"],
                  "vsai.ai": ["py.typed"], "vsai.cli": ["py.typed", "web/*"],
                  **{f"vsai.ext.{game}": GAME_PACKAGE_DATA for game in game_folders()}},
    ext_modules=cythonize(
        extensions(),
        include_path=[stage_pxd_files()],
        # annotation_typing off: type hints on Python-API methods document, they do not check
        # (a str where an int is hinted must reach the method's own ValueError, not a TypeError).
        compiler_directives={"language_level": 3, "annotation_typing": False, "boundscheck": False,
                             "wraparound": False, "cdivision": True,
                             "initializedcheck": False, **LEAN_WRAPPERS, **extra_directives()},
        annotate=bool(os.environ.get("VSAI_ANNOTATE")),
        force=bool(os.environ.get("VSAI_FORCE_CYTHON")),
        nthreads=JOBS if JOBS > 1 else 0,
    ),
)
