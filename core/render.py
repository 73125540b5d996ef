"""Rich renderings of a position as one seat sees it.

`render_view(state, seat)` never shows more than `state.observation_string(seat)` plus, when
the game has no hidden information (or is over), the scores. Games may register a richer
renderer with `register_renderer`; it must keep to the same rule. Moves a seat could not
identify (see vsai.cli.visibility) are worded by `hidden_move_text`.
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


# The number a game's own texts give seat 0 when it is not 1 (Kilauea and VEC both say "P1").
_FIRST_SEAT_NUMBER: dict[str, int] = {}


def first_seat_number(game: str | None) -> int:
    """The number `game`'s boards and move texts give seat 0."""
    return _FIRST_SEAT_NUMBER.get(game or "", 1)


def seat_label(seat: int, game: str | None = None) -> str:
    """How people see seat `seat` (0-based in the API), as `game`'s boards write it, e.g. "P1"."""
    return f"P{seat + first_seat_number(game)}"


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
    game = getattr(state, "GAME_NAME", None)
    if terminal:
        table.add_column("result")
        returns = state.returns()
    for seat, score in enumerate(state.scores()):
        name = seat_label(seat, game) + (f" ({names[seat]})" if names and seat in names else "")
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
    parts = [f"{seat_label(seat, game)}{f' ({names[seat]})' if names and seat in names else ''} "
             f"{format_number(score)}" for seat, score in enumerate(state.scores())]
    return Text("Scores: " + " · ".join(parts), style="bold")


def render_view(state: Any, seat: int, *, title: str = "", hidden_information: bool = True,
                names: dict[int, str] | None = None) -> RenderableType:
    """A panel with the board as `seat` sees it and, when public, everyone's scores."""
    parts: list[RenderableType] = [board(state, seat, hidden_information)]
    if scores_visible(state, hidden_information):
        parts += [Text(""), scores_table(state, names, highlight=seat) if state.is_terminal()
                  else scores_line(state, names)]
    me = seat_label(seat, getattr(state, "GAME_NAME", None))
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
    parts = [f"{seat_label(s, game)} ({names.get(s, '?')}) {format_number(v)}" for s, v in enumerate(scores)]
    best = max(returns)
    winners = [f"{seat_label(s, game)} ({names.get(s, '?')})"
               for s, r in enumerate(returns) if r == best and r > 0]
    label = "winner" if len(winners) == 1 else "winners"
    return f"Result: {', '.join(parts)}; {label}: {', '.join(winners) or 'none'}"


# Game name -> function(mover, text) -> how to speak of a move the observer could not see.
_HIDDEN_WORDING: dict[str, Callable[[int, str], str]] = {}


def register_hidden_wording(game: str, wording: Callable[[int, str], str]) -> None:
    """Use `wording(mover, text)` in `game` for a move an observer cannot identify (it must
    not reveal more than the observer saw, e.g. "a sealed bid" for "bid 3 ink 1 special")."""
    _HIDDEN_WORDING[game] = wording


def hidden_move_text(game: str, mover: int, text: str) -> str:
    """How to tell an observer of a move they could not identify (mover -1: chance)."""
    wording = _HIDDEN_WORDING.get(game)
    if wording is not None:
        return wording(mover, text)
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


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
    me = seat_label(seat, "kilauea")
    text.highlight_regex(rf"(?m)^{me}:.*$", "bold cyan")
    return text


register_renderer("kilauea", _kilauea_board)


# ---------------------------------------------------------------------- VEC
def _vec_hidden(mover: int, text: str) -> str:
    """VEC's hidden moves in words: card draws, dealt objectives, sealed bids, a kept card."""
    for prefix, words in (("deal objective", "deal a secret objective"), ("draw ", "draw a card"),
                          ("bid ", "a sealed bid"), ("keep ", "keep a card face down")):
        if text.startswith(prefix):
            return words
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


register_hidden_wording("vec", _vec_hidden)

_VEC_COLOURS = {"red": "bold red", "blue": "bold blue", "green": "bold green", "purple": "bold magenta",
                "yellow": "bold yellow", "grey": "bold bright_black"}


def _vec_board(state: Any, seat: int, hidden_information: bool) -> RenderableType:
    """VEC's observation text (only what `seat` knows) with coloured card colours."""
    text = Text(state.observation_string(seat))
    for colour, style in _VEC_COLOURS.items():
        text.highlight_regex(rf"\b{colour}\b", style)
    text.highlight_regex(r"(?m)^you are P\d+$", "bold cyan")
    text.highlight_regex(r"\bhidden\b|\bunseen\b|\bsealed\b", "italic")
    return text


register_renderer("vec", _vec_board)
