"""Where the set-up's compile time goes: per extension, the CPU seconds of cythonizing it and
of compiling its C at each optimisation level, and the size of the generated C.

    .venv/bin/python benchmarks/setup_time.py [--only vulcanus,search] [--levels -O3,-O1]
        [--no-cython] [--directives KEY=VALUE,...]

The level `build` is each module's own level in setup.py (HOT_MODULES at -O3, the rest at
-O1), so `--levels build` prints what the real build compiles.

Cythonizing runs `setup.py` with VSAI_ONLY=<module>, VSAI_JOBS=1 and VSAI_FORCE_CYTHON=1 (the
same directives as the build; `--directives` adds some for an experiment, via
VSAI_DIRECTIVES). Compiling runs the build's own command line (Python's CC and CFLAGS, the
include folders and setup.py's extra arguments, with the level replaced) on the generated .c
into a scratch object. CPU time is user+sys of the child (robust to other load on a shared
machine); the whole build needs about the sum of these over the core count, plus pip's part.
Figures only, no assertion.
"""
from __future__ import annotations

import argparse
import ast
import glob
import os
import resource
import shlex
import subprocess
import sys
import sysconfig
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def child_cpu() -> float:
    """User+sys CPU seconds of all waited-for children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Run `command` in the project folder; return (CPU seconds, wall seconds)."""
    cpu, wall = child_cpu(), time.perf_counter()
    subprocess.run(command, cwd=HERE, env=env, check=True, stdout=subprocess.DEVNULL)
    return child_cpu() - cpu, time.perf_counter() - wall


def modules(only: set[str]) -> list[str]:
    """The .pyx files below ext/ (paths relative to the project), filtered as VSAI_ONLY does."""
    found = sorted(glob.glob(os.path.join("ext", "**", "*.pyx"), recursive=True, root_dir=HERE))
    return [p for p in found if not only or set(os.path.splitext(p)[0].split(os.sep)[1:]) & only]


def compile_command(c_file: str, level: str, extra: list[str]) -> list[str]:
    """The compiler command setup.py's build runs for `c_file`, at optimisation `level`."""
    flags = [f for f in shlex.split(sysconfig.get_config_var("CFLAGS") or "") if not f.startswith("-O")]
    includes = [f"-I{os.path.join(sys.prefix, 'include')}", f"-I{sysconfig.get_paths()['include']}"]
    cc = shlex.split(sysconfig.get_config_var("CC") or "gcc")
    out = os.path.join(tempfile.gettempdir(), "vsai_setup_time.o")
    return [*cc, *flags, sysconfig.get_config_var("CCSHARED") or "-fPIC", *includes,
            "-c", c_file, "-o", out, level, "-g0", "-Wno-unreachable-code", *extra]


def build_level(name: str) -> str:
    """setup.py's optimisation level of the module `name` ("kilauea.logic", "search")."""
    with open(os.path.join(HERE, "setup.py"), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    values = {target.id: ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
              for target in node.targets if isinstance(target, ast.Name)
              and target.id in ("HOT_MODULES", "HOT_OPTIMISE", "SURFACE_OPTIMISE")}
    hot = name.split(".")[-1] in values["HOT_MODULES"]
    return values["HOT_OPTIMISE"] if hot else values["SURFACE_OPTIMISE"]


def main() -> None:
    """Print one line per extension: C size, cythonize CPU, compile CPU per level."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="modules or game folders, comma-separated")
    parser.add_argument("--levels", default="-O3", help="optimisation levels, comma-separated")
    parser.add_argument("--extra", default="", help="more compiler flags, space-separated")
    parser.add_argument("--no-cython", action="store_true", help="compile the existing .c only")
    parser.add_argument("--directives", default="", help="extra Cython directives KEY=VALUE,...")
    args = parser.parse_args()
    levels = [s for s in args.levels.split(",") if s]
    extra = args.extra.split()
    print(f"{'module':24} {'C MB':>6} {'cython s':>9} " + " ".join(f"{'gcc ' + lv + ' s':>10}" for lv in levels))
    totals = [0.0] * (len(levels) + 1)
    for pyx in modules({s for s in args.only.split(",") if s}):
        name = ".".join(os.path.splitext(pyx)[0].split(os.sep)[1:])
        cython_cpu = 0.0
        if not args.no_cython:
            env = {**os.environ, "VSAI_ONLY": name.split(".")[0], "VSAI_JOBS": "1",
                   "VSAI_FORCE_CYTHON": "1", "VSAI_DIRECTIVES": args.directives}
            cython_cpu, _ = timed([sys.executable, "setup.py", "--name"], env)
        c_file = os.path.splitext(pyx)[0] + ".c"
        size = os.path.getsize(os.path.join(HERE, c_file)) / 1e6
        cpus = [timed(compile_command(c_file, build_level(name) if level == "build" else level, extra))[0]
                for level in levels]
        for i, value in enumerate([cython_cpu, *cpus]):
            totals[i] += value
        print(f"{name:24} {size:6.2f} {cython_cpu:9.1f} " + " ".join(f"{c:10.1f}" for c in cpus), flush=True)
    print(f"{'total':24} {'':6} {totals[0]:9.1f} " + " ".join(f"{c:10.1f}" for c in totals[1:]))


if __name__ == "__main__":
    main()
