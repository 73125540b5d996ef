"""Rich renderings of a position as one seat sees it, through the game's render hooks.

`render_view(state, seat)` never shows more than `state.observation_string(seat)` plus, when
the game has no hidden information (or is over), the scores. A game's spec may name a render
module (`GameSpec.render_module`) with hooks, each optional (docs/adding-a-game.md, "Render
hooks"): `board` (a richer board, which may mark the last move), `move_detail` (what a move
does and costs), `move_group` (a label for two-step choices), `score_breakdown` and
`hidden_move_text`. They must keep to the same rule. A game without them gets the defaults
here: the observation text, no detail, groups by the moves' words, no breakdown. Finding the
hooks and the plain words (seat names, a hidden move's text) are `vsai.ext.ui.hooks`, which
imports no rich.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

# The plain words live in `hooks` (no rich); they stay importable from here for the drawings' users.
from vsai.ext.ui.hooks import (accepts, compact_board_scores, format_number, has_move_groups,
                               hidden_move_text, hook, move_detail, move_group, result_line,
                               scores_visible, seat_label)
from vsai.ext.ui.wrap import Cropped, Hanging

if TYPE_CHECKING:
    from vsai.ext.state import State

__all__ = ["CROPPED_NOTE", "accepts", "board", "format_number", "framed", "has_move_groups",
           "hidden_move_text", "hook", "move_detail", "move_group", "render_view", "result_line",
           "score_breakdown", "scores_line", "scores_table", "scores_visible", "seat_label",
           "spectator_board"]


def board(state: State, seat: int, hidden_information: bool = True, *, last_move: int | None = None,
          plain: bool = False, compact: bool = False) -> RenderableType:
    """The board as `seat` sees it: the game's `board` hook, else the observation text.

    `last_move` (the action id of the last player decision, given only when `seat` could
    identify it), `plain` (no colour: letters and words must carry the meaning) and `compact`
    (a short terminal: the fewest lines that let a player choose a move) reach the hook only
    when it takes them as keywords, so a hook without them still works. A text board's long
    lines wrap with a hanging indent at the width it is drawn in.
    """
    function = hook(getattr(state, "GAME_NAME", None), "board")
    if function is None:
        return Hanging(Text(state.observation_string(seat)))
    more = {"compact": True} if compact and accepts(function, "compact") else {}
    return _drawn(function, state, seat, hidden_information, last_move, plain, **more)


def spectator_board(state: State, hidden_information: bool = True, *, last_move: int | None = None,
                    plain: bool = False) -> RenderableType:
    """The whole board, hidden cards too, for a spectator (a game of AIs, a replay): the game's
    `board` hook drawn for seat None, as `vsai play` draws it, when the game hides nothing from
    one seat only or the hook takes `everything=True` (it then shows every secret); else the
    engine's full text, `str(state)`."""
    function = hook(getattr(state, "GAME_NAME", None), "board")
    if function is None or (hidden_information and not accepts(function, "everything")):
        return Hanging(Text(str(state)))
    more = {"everything": True} if hidden_information else {}
    return _drawn(function, state, None, hidden_information, last_move, plain, **more)


def _drawn(function: Callable, state: State, seat: int | None, hidden_information: bool,
           last_move: int | None, plain: bool, **more: Any) -> RenderableType:
    """A board hook's drawing; `last_move` and `plain` are passed only to a hook that takes them."""
    extra: dict[str, Any] = dict(more)
    if last_move is not None and accepts(function, "last_move"):
        extra["last_move"] = last_move
    if plain and accepts(function, "plain"):
        extra["plain"] = True
    drawn = function(state, seat, hidden_information, **extra)
    if isinstance(drawn, str):
        drawn = Text(drawn)
    return Hanging(drawn) if isinstance(drawn, Text) else drawn


def score_breakdown(state: State, seat: int | None) -> RenderableType | None:
    """How the scores were made (per category, bonuses, tie-break) as `seat` may see them
    (None: a spectator of a finished game), from the game's `score_breakdown` hook; None when
    the game gives none or has nothing to show."""
    function = hook(getattr(state, "GAME_NAME", None), "score_breakdown")
    shown = function(state, seat) if function is not None else None
    if isinstance(shown, str):
        shown = Text(shown) if shown.strip() else None
    return Hanging(shown) if isinstance(shown, Text) else shown


def scores_table(state: State, names: dict[int, str] | None = None, highlight: int | None = None) -> Table:
    """A one-row-per-seat table of the current scores (only call when they are public)."""
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    table.add_column("seat")
    table.add_column("score", justify="right")
    terminal = state.is_terminal()
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


def scores_line(state: State, names: dict[int, str] | None = None) -> Text:
    """The current scores in one line: "Scores: P1 (you) 12 · P2 (ismcts) 9" (only when public)."""
    parts = [f"{seat_label(seat, state)}{f' ({names[seat]})' if names and seat in names else ''} "
             f"{format_number(score)}" for seat, score in enumerate(state.scores())]
    return Text("Scores: " + " · ".join(parts), style="bold")


# The last line of a board cut to fit a short terminal.
CROPPED_NOTE = "... more below: type board for the whole board"


def render_view(state: State, seat: int, *, title: str = "", hidden_information: bool = True,
                names: dict[int, str] | None = None, last_move: int | None = None,
                plain: bool = False, rows: int | None = None) -> RenderableType:
    """A panel with the board as `seat` sees it and, when public, everyone's scores; in
    `plain` mode a heading line instead of the frame (for screen readers and logs).

    With `rows`, the view takes at most that many lines, heading and frame included: the
    game's compact board (its `board` hook with `compact=True`), cut to fit when still too
    long, with a last line saying how to see the whole board; no scores line under a compact
    board that shows the scores itself (`compact_board_scores`)."""
    compact = rows is not None
    parts: list[RenderableType] = [board(state, seat, hidden_information, last_move=last_move,
                                         plain=plain, compact=compact)]
    own_scores = compact and not state.is_terminal() and compact_board_scores(getattr(state, "GAME_NAME", None))
    if scores_visible(state, hidden_information) and not own_scores:  # said once
        # A compact view names only the seat's own player ("P1 (you) 3 · P2 5"): one line at 5 seats.
        line_names = names if not compact else {s: n for s, n in (names or {}).items() if s == seat}
        parts += ([] if compact else [Text("")]) + [
            scores_table(state, names, highlight=seat) if state.is_terminal() else Hanging(scores_line(state, line_names))]
    me = seat_label(seat, state)
    heading = f"{title} - {me}'s view" if title else f"{me}'s view"
    content: RenderableType = Group(*parts)
    if rows is not None:
        content = Cropped(content, rows - (1 if plain else 2), CROPPED_NOTE)  # the heading or frame
    return framed(content, heading, plain)


def framed(content: RenderableType, heading: str, plain: bool = False) -> RenderableType:
    """`content` in a titled panel, or (plain) under a heading line with no box drawing."""
    if plain:
        return Group(Text(heading + ":"), content)
    return Panel(content, title=heading, title_align="left", border_style="blue", expand=False)
