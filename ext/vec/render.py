"""VEC's board for the terminal, and how to word the moves a seat cannot see.

Used through the spec's `render_module` by `vsai.core.render`; it shows only what
`state.observation_string(seat)` shows.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

_COLOURS = {"red": "bold red", "blue": "bold blue", "green": "bold green", "purple": "bold magenta",
            "yellow": "bold yellow", "grey": "bold bright_black"}


def hidden_move_text(mover: int, text: str) -> str:
    """VEC's hidden moves in words: card draws, dealt objectives, sealed bids, a kept card."""
    for prefix, words in (("deal objective", "deal a secret objective"), ("draw ", "draw a card"),
                          ("bid ", "a sealed bid"), ("keep ", "keep a card face down")):
        if text.startswith(prefix):
            return words
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def board(state: Any, seat: int, hidden_information: bool) -> Text:
    """VEC's observation text (only what `seat` knows) with coloured card colours."""
    text = Text(state.observation_string(seat))
    for colour, style in _COLOURS.items():
        text.highlight_regex(rf"\b{colour}\b", style)
    text.highlight_regex(r"(?m)^you are P\d+$", "bold cyan")
    text.highlight_regex(r"\bhidden\b|\bunseen\b|\bsealed\b", "italic")
    return text
