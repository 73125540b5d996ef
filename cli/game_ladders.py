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
    `root` is `ext`, where a game's folder is its name); the paths written."""
    return write_parts(split(ladder), root, FILE)


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
