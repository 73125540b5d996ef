"""A game's render hooks, found through its spec, and the plain words built from them.

A game's spec may name a render module (`GameSpec.render_module`) with hooks, each optional
(docs/adding-a-game.md, "Render hooks"). This module finds them and words what needs no
drawing: a seat's name, what an observer is told of a move it could not identify, a move's
detail and group. It imports no terminal library, so that `Match` and the embedding protocol
can word their events without rich; the drawings are in `vsai.ext.ui.render`.
"""
from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable

from vsai.ext.discovery import get_spec, list_games

if TYPE_CHECKING:
    from vsai.ext.state import State


def _render_module(game: str | None) -> ModuleType | None:
    """The game's render module named by its spec, or None (unknown game, or none given)."""
    if not game or game not in list_games():
        return None
    module = get_spec(game).render_module
    return importlib.import_module(module) if module else None


def hook(game: str | None, name: str) -> Callable | None:
    """The function `name` of the game's render module, or None when it has none."""
    module = _render_module(game)
    function = getattr(module, name, None) if module is not None else None
    return function if callable(function) else None


def compact_board_scores(game: str | None) -> bool:
    """True when the game's compact board shows every public score itself (its render module
    sets COMPACT_BOARD_SHOWS_SCORES), so that a compact view adds no scores line under it."""
    module = _render_module(game)
    return bool(getattr(module, "COMPACT_BOARD_SHOWS_SCORES", False)) if module is not None else False


def accepts(function: Callable, keyword: str) -> bool:
    """True when `function` takes the keyword argument `keyword` (by name or **kwargs)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: call it the old way
        return False
    return any(p.name == keyword and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
               or p.kind == p.VAR_KEYWORD for p in parameters)


def seat_label(seat: int, game: Any = None) -> str:
    """How people see seat `seat` (0-based in the API), as the game's spec names it ("P1",
    "Kaiju", ...). `game` is a `Game` or a state (their parameters give the seat names)."""
    name = getattr(game, "GAME_NAME", None) or getattr(game, "name", None)
    params = game.params() if hasattr(game, "params") else (
        game.get_parameters() if hasattr(game, "get_parameters") else None)
    if isinstance(name, str) and params is not None and name in list_games():
        names = get_spec(name).seat_names(params)
        if 0 <= seat < len(names):
            return names[seat]
    return f"P{seat + 1}"


def move_detail(state: State, action: int) -> str:
    """What `action` does and costs, in a few words, from the game's `move_detail` hook ("" when
    the game gives none): shown beside the move's text."""
    function = hook(getattr(state, "GAME_NAME", None), "move_detail")
    detail = function(state, action) if function is not None else None
    return " ".join(str(detail).split()) if detail else ""


def move_group(state: State, action: int) -> str | None:
    """The group of `action` for a two-step choice, from the game's `move_group` hook (None
    when the game has no such hook or leaves this move ungrouped)."""
    function = hook(getattr(state, "GAME_NAME", None), "move_group")
    label = function(state, action) if function is not None else None
    words = " ".join(str(label).split()) if label else ""
    return words or None


def has_move_groups(state: State) -> bool:
    """True when the game groups its moves itself (a `move_group` hook)."""
    return hook(getattr(state, "GAME_NAME", None), "move_group") is not None


def scores_visible(state: State, hidden_information: bool) -> bool:
    """Scores may be shown when nothing about them is hidden, or once the game is over."""
    return not hidden_information or state.is_terminal()


def format_number(value: float) -> str:
    """A score as people write it: 12, or 0.50."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def result_line(state: State, names: dict[int, str], width: int = 80) -> str:
    """`Result: P1 (you) 52, P2 (ismcts) 47; winner: P1 (you)` for a finished game; without the
    names in brackets when that line would be wider than `width`."""
    scores = state.scores()
    best = max(state.returns())
    for named in (True, False):
        def who(seat: int) -> str:
            return seat_label(seat, state) + (f" ({names.get(seat, '?')})" if named else "")
        parts = [f"{who(s)} {format_number(v)}" for s, v in enumerate(scores)]
        winners = [who(s) for s, r in enumerate(state.returns()) if r == best and r > 0]
        label = "winner" if len(winners) == 1 else "winners"
        line = f"Result: {', '.join(parts)}; {label}: {', '.join(winners) or 'none'}"
        if len(line) <= width:
            break
    return line


def hidden_move_text(game: str, mover: int, text: str, key: int | None = None) -> str:
    """How to tell an observer of a move they could not identify (mover -1: chance). The
    game's render module may word it from the move's text and `key` (the observer's
    `action_key` for it, passed when the hook takes a `key` keyword); the words must depend
    only on what the observer saw, never on the hidden part."""
    function = hook(game, "hidden_move_text")
    if function is not None:
        if key is not None and accepts(function, "key"):
            return function(mover, text, key=key)
        return function(mover, text)
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def copies_facts(item: str, names: list[str]) -> list[tuple[str, str]]:
    """Facts for a `hidden_facts` hook from a pile of named things (a hand, a discard pile):
    (item, name) for each name held, and (item, "name xk") for each k-th copy from the second
    on, so that a belief can say how likely "P2 holds Quake" is, and "P2 holds Quake x2"."""
    facts: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        facts.append((item, name if seen[name] == 1 else f"{name} x{seen[name]}"))
    return facts
