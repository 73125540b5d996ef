"""The measured ladder of `vsai play --level`, kept per game: `ladder.json` in each game's
package, beside its spec and rules (package data, so a wheel ships it too).

`vsai suite report --ladder` measures every game of a suite at once; `split` cuts that into
one file per game and `shipped` puts the files the installed games ship back together for
`vsai list`. A game found through its spec's `rules_package`, as its rules documents are: the
framework names no game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# The file name in a game's package.
FILE = "ladder.json"


def split(ladder: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A measured ladder (`ladder_summary`) cut into one per game: {game: ladder of its variants}."""
    games: dict[str, dict[str, Any]] = {}
    for variant in ladder["variants"]:
        games.setdefault(variant["game"], {"suite": ladder.get("suite"), "seed": ladder.get("seed"),
                                           "variants": []})["variants"].append(variant)
    return games


def write(ladder: dict[str, Any], root: Path) -> list[Path]:
    """Write each game's part of `ladder` to `root/<game>/ladder.json` (for the source tree,
    `root` is `ext`, where a game's folder is its name); the paths written. A file there
    keeps its variants of the player counts `ladder` did not measure (each ladder's suite
    and seed recorded with its variants), so that ladders measured by different suites, such
    as the 2-player ladder and a 3-player one, live side by side."""
    parts = {game: merged(Path(root) / game / FILE, part) for game, part in split(ladder).items()}
    return write_parts(parts, root, FILE)


def merged(path: Path, part: dict[str, Any]) -> dict[str, Any]:
    """A game's newly measured ladder `part` with the variants of other player counts that
    the file at `path` already has (unreadable or missing: none), in player order."""
    def stamped(variant: dict[str, Any], ladder: dict[str, Any]) -> dict[str, Any]:
        return {**variant, "suite": variant.get("suite", ladder.get("suite")),
                "seed": variant.get("seed", ladder.get("seed"))}

    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        old = [stamped(v, kept) for v in kept["variants"]]
    except (OSError, ValueError, KeyError, TypeError):
        old = []
    new = [stamped(v, part) for v in part["variants"]]
    measured = {v["players"] for v in new}
    variants = sorted([v for v in old if v.get("players") not in measured] + new,
                      key=lambda v: v["players"])
    return {"suite": part.get("suite"), "seed": part.get("seed"), "variants": variants}


def write_parts(parts: dict[str, Any], root: Path, file: str) -> list[Path]:
    """Write each game's part as JSON to `root/<game>/<file>`; the paths written."""
    written = []
    for game, part in parts.items():
        path = Path(root) / game / file
        if not path.parent.is_dir():
            raise FileNotFoundError(f"{path.parent} is not a game's folder")
        path.write_text(json.dumps(part, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


def read_part(name: str, file: str) -> dict[str, Any] | None:
    """The JSON file `file` that game `name` ships in its package, when it has one with
    variants; None when missing or unreadable (`vsai list` must work)."""
    from vsai.core.registry import rules_document

    try:
        text = rules_document(name, file)
        part = json.loads(text) if text else None
        return part if part and list(part["variants"]) else None
    except (OSError, ValueError, KeyError, TypeError, ImportError):
        return None


def shipped() -> dict[str, Any] | None:
    """The ladders the installed games ship, as one (games in name order), or None when none
    ships one. A game whose file is missing or unreadable is left out: `vsai list` must work."""
    from vsai.core import list_games

    merged: dict[str, Any] | None = None
    for name in list_games():
        part = read_part(name, FILE)
        if part:
            merged = merged or {"suite": part.get("suite"), "seed": part.get("seed"), "variants": []}
            merged["variants"] += list(part["variants"])
    return merged
