"""The registry of games: discovered, never listed by hand.

A game is a subpackage `vsai.ext.<name>` with a module `spec` holding `SPEC` (a `GameSpec`),
or an entry point in the group `vsai.games` whose value is such a module (so a game can live
in another distribution). Discovery only lists names; a game's modules are imported when it
is first used, and a game that fails to import raises `GameImportError` with the cause, never
disappears. The discovery itself is `vsai.ext.discovery` (the presentation kit in the ext
layer needs it too); this module adds loading games and states by name.
"""
from __future__ import annotations

from vsai.core.errors import InvalidArgumentError, UnknownGameError
from vsai.core.game import Game, load_state, parse_state_json
from vsai.ext.discovery import ENTRY_POINT_GROUP, get_spec, list_games, package_text
from vsai.ext.discovery import _spec_modules  # noqa: F401  (its cache is cleared by tests that add games)

__all__ = ["ENTRY_POINT_GROUP", "get_spec", "list_games", "load_game", "rules_document", "state_from_json"]


def rules_document(name: str, file: str = "rules.md") -> str | None:
    """The text of game `name`'s `file` (rules.md, summary.md, ladder.json...), or None when
    its package ships none."""
    package = get_spec(name).rules_package
    if not package:
        return None
    try:
        return package_text(package, file)
    except (FileNotFoundError, ModuleNotFoundError, IsADirectoryError):
        return None


def load_game(name: str, **params) -> Game:
    """A game by name with parameters, e.g. load_game(name, players=3).

    The name may also carry parameters OpenSpiel-style: "name(players=3)".
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is a string, not {name!r}")
    name, inline = _split_name(name)
    spec = get_spec(name)
    known = {param.name: param for param in spec.params}
    # Values written in the name are texts: read them as the option's type (ASCII digits only).
    given = {key: known[key].from_text(text) if key in known else text for key, text in inline.items()}
    given.update(params)
    return Game(spec, given)


def state_from_json(text: str):
    """A state of whatever game the JSON names."""
    data = parse_state_json(text)
    spec = get_spec(data["game"])
    return load_state(spec, spec.validate(spec.saved_params(data["params"])), data)


def _split_name(text: str) -> tuple[str, dict]:
    text = text.strip()
    if "(" not in text:
        return text, {}
    if not text.endswith(")"):
        raise InvalidArgumentError(f"malformed game name {text!r}: expected name(key=value,...)")
    name, _, inner = text[:-1].partition("(")
    params = {}
    for item in filter(None, (part.strip() for part in inner.split(","))):
        key, eq, value = item.partition("=")
        if not eq:
            raise InvalidArgumentError(f"malformed game option {item!r}: expected key=value")
        params[key.strip()] = value.strip()
    return name.strip(), params
