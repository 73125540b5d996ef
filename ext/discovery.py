"""Finding the games: discovered, never listed by hand.

A game is a subpackage `vsai.ext.<name>` with a module `spec` holding `SPEC` (a `GameSpec`),
or an entry point in the group `vsai.games` whose value is such a module (so a game can live
in another distribution). Discovery only lists names; a game's modules are imported when it
is first used, and a game that fails to import raises `GameImportError` with the cause, never
disappears. Kept in the ext layer so that the presentation kit (`vsai.ext.ui`) finds a game's
hooks without importing `vsai.core`; `vsai.core.registry` re-exports it.
"""
from __future__ import annotations

import functools
import importlib
import os
import pkgutil
import sys

import vsai.ext
from vsai.ext.errors import GameImportError, UnknownGameError
from vsai.ext.spec import GameSpec

ENTRY_POINT_GROUP = "vsai.games"


@functools.lru_cache(maxsize=1)
def _spec_modules() -> dict[str, str]:
    """Registry name -> the module that defines its `SPEC`, in name order."""
    found = {info.name: f"vsai.ext.{info.name}.spec"
             for info in pkgutil.iter_modules(vsai.ext.__path__) if info.ispkg and _has_spec(info)}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point.value)
    return dict(sorted(found.items()))


def entry_points(group: str) -> list:
    """The installed distributions' entry points of `group`. importlib.metadata (about a sixth
    of `vsai list`'s start-up) is imported only when some distribution on sys.path declares
    the group, or when a sys.path entry is an archive that a folder scan cannot read."""
    if not _maybe_declared(group):
        return []
    from importlib.metadata import entry_points as installed_entry_points
    return list(installed_entry_points(group=group))


def _maybe_declared(group: str) -> bool:
    """False only when no `*.dist-info`/`*.egg-info` folder on sys.path has an
    entry_points.txt naming `group` (a cheap scan; importlib.metadata parses for real)."""
    header = f"[{group}]"
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            if os.path.isfile(entry):      # a zip archive or an egg: let importlib.metadata look
                return True
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                try:
                    with open(os.path.join(entry or ".", name, "entry_points.txt"), encoding="utf-8") as file:
                        if header in file.read():
                            return True
                except OSError:
                    continue
    return False


def package_text(package: str, file: str) -> str:
    """The text of `file` shipped in package `package` (rules.md, ladder.json...): read from the
    package's folder, or through importlib.resources (which imports zipfile and tempfile, a
    tenth of `vsai list`'s start-up) when the package is not a folder on disk. Raises
    ModuleNotFoundError, FileNotFoundError or IsADirectoryError as importlib.resources does."""
    folders = list(getattr(importlib.import_module(package), "__path__", []))
    if folders and all(os.path.isdir(folder) for folder in folders):
        for folder in folders:
            path = os.path.join(folder, file)
            if os.path.exists(path) or folder == folders[-1]:
                with open(path, encoding="utf-8") as handle:
                    return handle.read()
    from importlib import resources
    return resources.files(package).joinpath(file).read_text(encoding="utf-8")


def _has_spec(info: pkgutil.ModuleInfo) -> bool:
    """True when the package has a `spec` module (found without importing it): a game. The ext
    layer's own packages (the presentation kit `ui`) have none."""
    folder = os.path.join(getattr(info.module_finder, "path", ""), info.name)
    return any(module.name == "spec" for module in pkgutil.iter_modules([folder]))


def list_games() -> list[str]:
    """The names of the registered games, in name order."""
    return list(_spec_modules())


@functools.lru_cache(maxsize=None)
def get_spec(name: str) -> GameSpec:
    """The description of a registered game; UnknownGameError for an unknown name and
    GameImportError when the game's package is broken."""
    modules = _spec_modules()
    if not isinstance(name, str) or name not in modules:
        raise UnknownGameError(f"unknown game {name!r}; the games are: {', '.join(modules)}")
    try:
        spec = importlib.import_module(modules[name]).SPEC
    except Exception as error:
        raise GameImportError(f"game {name!r} failed to load from {modules[name]}: "
                              f"{type(error).__name__}: {error}") from error
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise GameImportError(f"game {name!r}: {modules[name]}.SPEC must be a GameSpec named {name!r}")
    return spec
