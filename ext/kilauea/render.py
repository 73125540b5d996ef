"""Kilauea's board for the terminal: the observation text with coloured tikis.

Kilauea has no hidden information after set-up, so the text is the whole board. Used through
the spec's `render_module` by `vsai.core.render`.
"""
from __future__ import annotations

import re
from typing import Any

from rich.text import Text

_TIKI_STYLES = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue"}
_TIKI_LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}


def board(state: Any, seat: int, hidden_information: bool) -> Text:
    """The observation text with coloured tikis and the viewer's own lines in bold."""
    text = Text(state.observation_string(seat))
    for colour, style in _TIKI_STYLES.items():
        text.highlight_regex(rf"\b{colour}\b", style)
    # Forest rows: "F1 a:.GY. b:YRYY c:RY." - one letter per tiki.
    for match in re.finditer(r"(?m)^\s+F\d .*$", text.plain):
        for cell in re.finditer(r"[RYGB]", match.group(0).split("tile:")[0]):
            start = match.start() + cell.start()
            text.stylize(_TIKI_STYLES[_TIKI_LETTERS[cell.group(0)]], start, start + 1)
    text.highlight_regex(rf"(?m)^P{seat + 1}:.*$", "bold cyan")
    return text
