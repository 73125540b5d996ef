"""Rich renderings of a position as one seat sees it.

`render_view(state, seat)` never shows more than `state.observation_string(seat)` plus, when
the game has no hidden information (or is over), the scores. Games may register a richer
renderer with `register_renderer`; it must keep to the same rule.
"""
from __future__ import annotations

from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

# Game name -> function(state, seat, hidden_information) -> renderable of the board only.
_RENDERERS: dict[str, Callable[[Any, int, bool], RenderableType]] = {}


def register_renderer(game: str, renderer: Callable[[Any, int, bool], RenderableType]) -> None:
    """Use `renderer(state, seat, hidden_information)` for `game`'s boards."""
    _RENDERERS[game] = renderer


def seat_label(seat: int) -> str:
    """How people see seat `seat` (0-based in the API): "P1" for seat 0, as the boards write it."""
    return f"P{seat + 1}"


def board(state: Any, seat: int, hidden_information: bool = True) -> RenderableType:
    """The board as `seat` sees it: the game's renderer, else the observation text."""
    renderer = _RENDERERS.get(getattr(state, "GAME_NAME", None) or "")
    if renderer is not None:
        return renderer(state, seat, hidden_information)
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
    if terminal:
        table.add_column("result")
        returns = state.returns()
    for seat, score in enumerate(state.scores()):
        name = seat_label(seat) + (f" ({names[seat]})" if names and seat in names else "")
        style = "bold cyan" if seat == highlight else None
        row = [name, _number(score)]
        if terminal:
            share = returns[seat]
            row.append("winner" if share == 1 else f"shared win ({share:.2f})" if share > 0 else "")
        table.add_row(*row, style=style)
    return table


def render_view(state: Any, seat: int, *, title: str = "", hidden_information: bool = True,
                names: dict[int, str] | None = None) -> RenderableType:
    """A panel with the board as `seat` sees it and, when public, everyone's scores."""
    parts: list[RenderableType] = [board(state, seat, hidden_information)]
    if scores_visible(state, hidden_information):
        parts += [Text(""), scores_table(state, names, highlight=seat)]
    heading = f"{title} - {seat_label(seat)}'s view" if title else f"{seat_label(seat)}'s view"
    return Panel(Group(*parts), title=heading, title_align="left", border_style="blue", expand=False)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


# Game name -> function(mover, text, observer) -> what `observer` learns of that move's text.
_MOVE_FILTERS: dict[str, Callable[[int, str, int], str]] = {}


def register_move_filter(game: str, move_filter: Callable[[int, str, int], str]) -> None:
    """Use `move_filter(mover, text, observer)` to tell `observer` of another seat's move in `game`."""
    _MOVE_FILTERS[game] = move_filter


def move_text_for(game: Any, mover: int, text: str, observer: int | None) -> str:
    """The text of a move (mover -1: chance) as `observer` may read it (None: anyone may).

    In a game with hidden information, chance outcomes and other seats' moves stay hidden unless
    the game registered a filter saying what is public.
    """
    if observer is None or mover == observer or not game.has_hidden_information():
        return text
    move_filter = _MOVE_FILTERS.get(game.name)
    if move_filter is not None:
        return move_filter(mover, text, observer)
    return "(a hidden draw)" if mover < 0 else "(a move you cannot see; the board shows what is public)"


# ---------------------------------------------------------------------- Kilauea
_TIKI_STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue"}
_TIKI_LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def _kilauea_board(state: Any, seat: int, hidden_information: bool) -> RenderableType:
    """Kilauea's observation text with coloured tikis and the viewer's own lines in bold.

    Kilauea has no hidden information after set-up, so the text is the whole board.
    """
    import re

    text = Text(state.observation_string(seat))
    for colour, style in _TIKI_STYLES.items():
        text.highlight_regex(rf"\b{colour}\b", style)
    # Forest rows: "F1 a:.GY. b:YRYY c:RY." - one letter per tiki.
    for match in re.finditer(r"(?m)^\s+F\d .*$", text.plain):
        for cell in re.finditer(r"[RYGB]", match.group(0).split("tile:")[0]):
            start = match.start() + cell.start()
            text.stylize(_TIKI_STYLES[_TIKI_LETTERS[cell.group(0)]], start, start + 1)
    me = seat_label(seat)
    text.highlight_regex(rf"(?m)^{me}:.*$", "bold cyan")
    return text


register_renderer("kilauea", _kilauea_board)
