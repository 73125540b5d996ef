"""Build the Cython extensions of vsai.ext.

Every `ext/<stem>.pyx` becomes the module `vsai.ext.<stem>`. There is no `vsai/` folder
(the package-dir mapping is in pyproject.toml), but Cython resolves `cimport vsai.ext.state`
only as `<include dir>/vsai/ext/state.pxd`, so copies of `ext/*.pxd` are staged under
`build/pxd/vsai/ext/` and that folder is passed as the include path.

Set VSAI_ONLY=stem[,stem] to build just those modules (handy while developing one game).
"""
import glob
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
PXD_ROOT = os.path.join("build", "pxd")


def stage_pxd_files() -> str:
    target = os.path.join(HERE, PXD_ROOT, "vsai", "ext")
    os.makedirs(target, exist_ok=True)
    for pxd in glob.glob(os.path.join(HERE, "ext", "*.pxd")):
        shutil.copy2(pxd, target)
    return os.path.join(HERE, PXD_ROOT)


def extensions() -> list:
    only = {s for s in os.environ.get("VSAI_ONLY", "").split(",") if s}
    result = []
    for pyx in sorted(glob.glob(os.path.join("ext", "*.pyx"))):
        stem = os.path.splitext(os.path.basename(pyx))[0]
        if only and stem not in only:
            continue
        result.append(Extension(f"vsai.ext.{stem}", [pyx],
                                extra_compile_args=["-O3", "-Wno-unreachable-code"]))
    return result


setup(
    ext_modules=cythonize(
        extensions(),
        include_path=[stage_pxd_files()],
        # annotation_typing off: type hints on Python-API methods document, they do not check
        # (a str where an int is hinted must reach the method's own ValueError, not a TypeError).
        compiler_directives={"language_level": 3, "annotation_typing": False, "boundscheck": False,
                             "wraparound": False, "cdivision": True,
                             "initializedcheck": False},
        annotate=bool(os.environ.get("VSAI_ANNOTATE")),
        nthreads=0,
    ),
)
