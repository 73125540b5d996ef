"""Eruption's board for the terminal, and how to word the moves a seat cannot see.

Used through the spec's `render_module` by `vsai.core.render`; it shows only what
`state.observation_string(seat)` shows.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text


def hidden_move_text(mover: int, text: str) -> str:
    """Eruption's only hidden moves are the cards another seat draws."""
    if " draws " in text:
        return text.split(" draws ")[0] + " draws a card"
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def board(state: Any, seat: int, hidden_information: bool) -> Text:
    """The observation text (only what `seat` knows) with lava tiles and walls coloured."""
    text = Text(state.observation_string(seat))
    text.highlight_regex(r"\*\*|\^\^", "bold red")
    text.highlight_regex(r"\b[ICVYFWXU][0-5]\b", "red")
    text.highlight_regex(r"\bstraw\b", "yellow")
    text.highlight_regex(r"\bwood\b", "bright_yellow")
    text.highlight_regex(r"\bstone\b", "bright_black")
    text.highlight_regex(rf"(?m)^P{seat + 1} village.*$", "bold cyan")
    text.highlight_regex(r"\bhidden\b", "italic")
    return text
