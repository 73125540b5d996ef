"""Rich renderings of a position as one seat sees it.

`render_view(state, seat)` never shows more than `state.observation_string(seat)` plus, when
the game has no hidden information (or is over), the scores. A game's spec may name a render
module (`GameSpec.render_module`) with a richer `board`; it must keep to the same rule. Moves a seat could not
identify (see vsai.core.visibility) are worded by `hidden_move_text`.
"""
from __future__ import annotations

import importlib
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

def _render_module(game: str | None):
    """The game's render module named by its spec, or None (unknown game, or none given)."""
    if not game:
        return None
    from vsai.core.registry import get_spec, list_games
    if game not in list_games():
        return None
    module = get_spec(game).render_module
    return importlib.import_module(module) if module else None


def seat_label(seat: int, game: Any = None) -> str:
    """How people see seat `seat` (0-based in the API), as the game's spec names it ("P1",
    "Kaiju", ...). `game` is a `Game` or a state (their parameters give the seat names)."""
    name = getattr(game, "GAME_NAME", None) or getattr(game, "name", None)
    params = game.params() if hasattr(game, "params") else (
        game.get_parameters() if hasattr(game, "get_parameters") else None)
    if isinstance(name, str) and params is not None:
        from vsai.core.registry import get_spec, list_games
        if name in list_games():
            names = get_spec(name).seat_names(params)
            if 0 <= seat < len(names):
                return names[seat]
    return f"P{seat + 1}"


def board(state: Any, seat: int, hidden_information: bool = True) -> RenderableType:
    """The board as `seat` sees it: the game's renderer, else the observation text."""
    module = _render_module(getattr(state, "GAME_NAME", None))
    if module is not None:
        return module.board(state, seat, hidden_information)
    return Text(state.observation_string(seat))


def scores_visible(state: Any, hidden_information: bool) -> bool:
    """Scores may be shown when nothing about them is hidden, or once the game is over."""
    return not hidden_information or state.is_terminal()


def scores_table(state: Any, names: dict[int, str] | None = None, highlight: int | None = None) -> Table:
    """A one-row-per-seat table of the current scores (only call when they are public)."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("seat")
    table.add_column("score", justify="right")
    terminal = state.is_terminal()
    game = getattr(state, "GAME_NAME", None)
    if terminal:
        table.add_column("result")
        returns = state.returns()
    for seat, score in enumerate(state.scores()):
        name = seat_label(seat, state) + (f" ({names[seat]})" if names and seat in names else "")
        style = "bold cyan" if seat == highlight else None
        row = [name, format_number(score)]
        if terminal:
            share = returns[seat]
            row.append("winner" if share == 1 else f"shared win ({share:.2f})" if share > 0 else "")
        table.add_row(*row, style=style)
    return table


def scores_line(state: Any, names: dict[int, str] | None = None) -> Text:
    """The current scores in one line: "Scores: P1 (you) 12 · P2 (ismcts) 9" (only when public)."""
    game = getattr(state, "GAME_NAME", None)
    parts = [f"{seat_label(seat, state)}{f' ({names[seat]})' if names and seat in names else ''} "
             f"{format_number(score)}" for seat, score in enumerate(state.scores())]
    return Text("Scores: " + " · ".join(parts), style="bold")


def render_view(state: Any, seat: int, *, title: str = "", hidden_information: bool = True,
                names: dict[int, str] | None = None) -> RenderableType:
    """A panel with the board as `seat` sees it and, when public, everyone's scores."""
    parts: list[RenderableType] = [board(state, seat, hidden_information)]
    if scores_visible(state, hidden_information):
        parts += [Text(""), scores_table(state, names, highlight=seat) if state.is_terminal()
                  else scores_line(state, names)]
    me = seat_label(seat, state)
    heading = f"{title} - {me}'s view" if title else f"{me}'s view"
    return Panel(Group(*parts), title=heading, title_align="left", border_style="blue", expand=False)


def format_number(value: float) -> str:
    """A score as people write it: 12, or 0.50."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def result_line(state: Any, names: dict[int, str]) -> str:
    """`Result: P1 (you) 52, P2 (ismcts) 47; winner: P1 (you)` for a finished game."""
    scores = state.scores()
    returns = state.returns()
    game = getattr(state, "GAME_NAME", None)
    parts = [f"{seat_label(s, state)} ({names.get(s, '?')}) {format_number(v)}" for s, v in enumerate(scores)]
    best = max(returns)
    winners = [f"{seat_label(s, state)} ({names.get(s, '?')})"
               for s, r in enumerate(returns) if r == best and r > 0]
    label = "winner" if len(winners) == 1 else "winners"
    return f"Result: {', '.join(parts)}; {label}: {', '.join(winners) or 'none'}"


def hidden_move_text(game: str, mover: int, text: str) -> str:
    """How to tell an observer of a move they could not identify (mover -1: chance). The
    game's render module may word it (it must not reveal more than the observer saw)."""
    module = _render_module(game)
    if module is not None and hasattr(module, "hidden_move_text"):
        return module.hidden_move_text(mover, text)
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"
