"""The registry of games: names to game modules, loaded on first use."""
from __future__ import annotations

import importlib

from vsai.core.game import Game, GameSpec, _load_state, parse_state_json

# Registry name -> module defining `SPEC`. A module is imported only when its game is used.
_GAME_MODULES = {
    "kilauea": "vsai.core.kilauea",
    "vec": "vsai.core.vec",
}


def list_games() -> list[str]:
    """The names of the registered games, e.g. ["kilauea", "vec"]."""
    return [name for name in _GAME_MODULES if _available(name)]


def _available(name: str) -> bool:
    try:
        get_spec(name)
    except ImportError:
        return False
    return True


def get_spec(name: str) -> GameSpec:
    """The description of a registered game; ValueError for an unknown name."""
    if name not in _GAME_MODULES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(sorted(_GAME_MODULES))}")
    return importlib.import_module(_GAME_MODULES[name]).SPEC


def load_game(name: str, **params) -> Game:
    """A game by name with parameters, e.g. load_game("kilauea", players=3).

    The name may also carry parameters OpenSpiel-style: "kilauea(players=3)".
    """
    name, inline = _split_name(name)
    inline.update(params)
    return Game(get_spec(name), inline)


def state_from_json(text: str):
    """A state of whatever game the JSON names."""
    data = parse_state_json(text)
    spec = get_spec(data["game"])
    return _load_state(spec, spec.validate(data["params"]), data["state"])


def _split_name(text: str) -> tuple[str, dict]:
    text = text.strip()
    if "(" not in text:
        return text, {}
    if not text.endswith(")"):
        raise ValueError(f"malformed game name {text!r}: expected name(key=value,...)")
    name, _, inner = text[:-1].partition("(")
    params = {}
    for item in filter(None, (part.strip() for part in inner.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"malformed game option {item!r}: expected key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params
