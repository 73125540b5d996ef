"""The opponent models' per-game files: each game keeps a model's entries, one per player
count, in its own package (`ext/<game>/<file>`, package data read through its spec's
`rules_package` like `ladder.json`), so that the framework names no game."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from vsai.core.registry import rules_document

if TYPE_CHECKING:
    from vsai.ext.state import State


def model_entry(game: str, file: str, players: int) -> dict | None:
    """Game `game`'s entry in its `file` for `players`, or None when it ships none."""
    text = rules_document(game, file)
    if not text:
        return None
    return json.loads(text).get("players", {}).get(str(players)) or None


@lru_cache(maxsize=None)
def _parsed(game: str, file: str, players: int, parse: Callable[[dict], Any]) -> Any:
    entry = model_entry(game, file, players)
    return parse(entry) if entry else None


def state_model(state: State, file: str, parse: Callable[[dict], Any]) -> Any:
    """The model of `state`'s game at its player count, its entry in `file` read by `parse`
    (once), or None when its game ships none."""
    return _parsed(getattr(state, "GAME_NAME", ""), file, state.num_players(), parse)


def write_model_entry(path: Path, players: int, about: str, entry: dict) -> Path:
    """Store `entry` under `players` in the model file at `path` (other counts kept), with
    `about` saying what it is and what wrote it (the benchmarks that fit the models)."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data["about"] = about
    data.setdefault("players", {})[str(players)] = entry
    data["players"] = dict(sorted(data["players"].items()))
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    return path
