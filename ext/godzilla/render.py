"""Godzilla's board for the terminal: the observation text with colours.

Everything in a Godzilla state is public (see the engine's docstring), so the text is the
whole board. Used through the spec's `render_module` by `vsai.core.render`.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

_STYLES = {"@KAIJU": "bold red", r"\[L\]": "bold yellow", r"\*": "red", "#": "red",
           r"(?<= )H(?= )": "bold magenta", r"(?<= )T(?= )": "bold green"}


def board(state: Any, seat: int, hidden_information: bool) -> Text:
    """The observation text with the Kaiju, landmarks, footprints and blockers coloured."""
    text = Text(state.observation_string(seat))
    for word, style in _STYLES.items():
        text.highlight_regex(word, style)
    text.highlight_regex(r"(?m)^you are .*$", "bold cyan")
    return text
