"""Hidden items: what one seat sees of a state that another cannot, as readable (item, value)
pairs ("P2 objective" -> "id 1, type Elf, colors blue, green, purple, yellow").

`hidden_items` is what the belief's quality is measured on (benchmarks/belief_quality.py);
`hidden_facts` is what a player is shown of a belief (`vsai play`'s hint, `vsai engine`'s
analysis), worded by the game where it gives the hook. A game may also word its items with
the render hook `hidden_items(state, owner, observer)` (docs/adding-a-game.md); by default
they come from the seat-safe views: every part of `state.view(owner)` that
`state.view(observer)` shows as hidden (null, absent, or an empty list where the owner's has
entries), named by its path, where list entries are named by their "name" field (or number).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vsai.ext.ui.hooks import hook, seat_label

if TYPE_CHECKING:
    from vsai.ext.state import State

_ABSENT = object()


def hidden_items(state: State, owner: int, observer: int, parts: tuple[str, ...] | None = None) -> dict[str, str]:
    """{item: value} of what `owner` sees at `state` and `observer` does not. With `parts`,
    only the items under those keys of the views' game part (e.g. ("slots",)): the same
    items as the whole walk gives under them, for less time (the walk, in Python, costs far
    more than the views); a game that words its items itself (the hook) is read whole."""
    custom = hook(getattr(state, "GAME_NAME", None), "hidden_items")
    if custom is not None:
        return dict(custom(state, owner, observer))
    items: dict[str, str] = {}
    mine, theirs = _game_part(state.view(owner)), _game_part(state.view(observer))
    if parts is not None and isinstance(mine, dict) and isinstance(theirs, dict):
        mine = {key: mine[key] for key in parts if key in mine}
        theirs = {key: theirs.get(key) for key in parts if key in mine}
    _walk(mine, theirs, [], items, state)
    return items


def hidden_facts(state: State, owner: int, observer: int) -> list[tuple[str, str]]:
    """What `owner` holds at `state` that `observer` cannot see, as facts a player reads one by
    one: (item, value) pairs such as ("P2 holds", "Quake"), an item repeated for each card of a
    hand. A belief's probability of each fact (`vsai.ai.belief.describe_belief`) is then
    "P2 holds Quake: 62%", not one chance for a whole hand. A game words its own facts with
    the render hook `hidden_facts(state, owner, observer)`; without it, each hidden item is one
    fact (`hidden_items`)."""
    custom = hook(getattr(state, "GAME_NAME", None), "hidden_facts")
    if custom is not None:
        return [(str(item), str(value)) for item, value in custom(state, owner, observer)]
    return list(hidden_items(state, owner, observer).items())


def _game_part(view: dict) -> Any:
    """The part of a view that holds the game (its `board`, docs/protocol.md "The view");
    the common keys say whose view it is and what happened, not what is hidden."""
    return view.get("board", view)


def _walk(mine: Any, theirs: Any, path: list[str], out: dict[str, str], state: State) -> None:
    if mine is None:
        return
    if theirs is None or theirs is _ABSENT:
        if mine not in ({}, []):
            out[" ".join(path) or "state"] = _text(mine)
        return
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key, value in mine.items():
            if key in ("seat", "to_play", "observation"):
                continue  # whose view it is, not what the view shows
            _walk(value, theirs.get(key, _ABSENT), path + [_word(key)], out, state)
    elif isinstance(mine, list) and isinstance(theirs, list):
        if len(mine) != len(theirs):
            if not theirs:  # entries the observer does not see (e.g. a hand's cards)
                out[" ".join(path)] = _text(mine) or "none"
            return  # else each sees its own list (e.g. what each seat knows of the decks)
        names = [_entry_name(a, b, i, path, state) for i, (a, b) in enumerate(zip(mine, theirs))]
        for i, (a, b) in enumerate(zip(mine, theirs)):
            name = names[i] if names.count(names[i]) == 1 else f"{names[i]} ({i + 1})"
            _walk(a, b, ([name] if path == ["seats"] else path + [name]), out, state)


def _entry_name(a: Any, b: Any, index: int, path: list[str], state: State) -> str:
    for entry in (b, a):
        if isinstance(entry, dict):
            if path == ["seats"] and isinstance(entry.get("seat"), int):
                return seat_label(entry["seat"], state)
            if isinstance(entry.get("name"), str):
                return entry["name"]
            for key in ("deck", "square", "hex", "edge"):
                if isinstance(entry.get(key), str):
                    return f"{key} {entry[key]}"
    return str(index + 1)


def _word(key: Any) -> str:
    return str(key).replace("_", " ")


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{_word(k)} {_text(v)}" if not isinstance(v, dict) else f"{_word(k)}: {_text(v)}"
                         for k, v in value.items() if v is not None)
    if isinstance(value, list):
        return ", ".join(_text(v) for v in value)
    return str(value)
