"""Vulcanus's board for the terminal, and how to word the moves a seat cannot see.

Used through the spec's `render_module` by `vsai.core.render`; it shows only what
`state.observation_string(seat)` shows.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text


def hidden_move_text(mover: int, text: str) -> str:
    """Vulcanus's hidden moves in words: card draws, planned cards, redraws, bonus tiles."""
    for prefix, words in (("draw bonus", "the Kaiju draws a bonus tile"),
                          ("put back bonus", "the Kaiju puts a bonus tile back"),
                          ("draw ", "draw a card"), ("plan ", "plan a card face down"),
                          ("set aside ", "set a card aside for a redraw")):
        if text.startswith(prefix):
            return words
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def board(state: Any, seat: int, hidden_information: bool) -> Text:
    """The observation text of `seat` (only what it knows), with the tracks highlighted."""
    text = Text(state.observation_string(seat))
    text.highlight_regex(r"VULCANUS", "bold red")
    text.highlight_regex(r"(?m)^(defense|damage):", "bold cyan")
    text.highlight_regex(r"\blava \d+", "red")
    text.highlight_regex(r"\bunseen\b|\bface down\b", "italic")
    return text
