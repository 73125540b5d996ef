"""A small text table for `vsai list` and the ladder: boxed like rich's tables, without rich.

`vsai list` must start in well under 0.3 s (issue 26). Importing rich's Table and laying out its
four tables cost about 40% of the command's instructions (200 of 544 million, callgrind), for
tables that need no more than this: columns fitted to the width, cells wrapped at spaces, a
bold header on a terminal. Rich still prints one (`__rich_console__`), e.g. in `vsai suite`.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterator

# Box pieces as rich's default (HEAVY_HEAD): top, header row, header rule, body row, bottom.
_BOX = {"top": "┏━┳┓", "head": "┃┃┃", "rule": "┡━╇┩", "row": "│││", "bottom": "└─┴┘"}
# Plain output (--plain, NO_COLOR): the same layout in ASCII, for screen readers and logs.
_ASCII = {"top": "+-++", "head": "|||", "rule": "+-++", "row": "|||", "bottom": "+-++"}
_BOLD, _RESET = "\x1b[1m", "\x1b[0m"


def display_width(text: str) -> int:
    """Columns `text` takes on a terminal: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns, broken at spaces (a longer word is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        while display_width(word) > width:          # a word wider than the column: cut it
            if line:
                lines.append(line)
                line = ""
            cut = width
            while display_width(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        candidate = f"{line} {word}" if line else word
        if display_width(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def _pad(text: str, width: int, justify: str) -> str:
    gap = " " * (width - display_width(text))
    return gap + text if justify == "right" else text + gap


@dataclass
class TextTable:
    """A titled table of text cells, with an optional caption under it."""

    title: str = ""
    caption: str = ""
    columns: list[str] = field(default_factory=list)
    justify: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)

    def add_column(self, name: str, justify: str = "left") -> None:
        """Add a column; `justify` is "left" or "right"."""
        self.columns.append(name)
        self.justify.append(justify)

    def add_row(self, *cells: Any) -> None:
        """Add a row: one cell per column, as text."""
        self.rows.append([str(cell) for cell in cells])

    def _widths(self, width: int) -> list[int]:
        """Each column's width: its widest cell, the widest columns narrowed in turn (never below
        their longest word) until the table fits `width`."""
        cells = [self.columns, *self.rows]
        natural = [max(display_width(row[i]) for row in cells) for i in range(len(self.columns))]
        floor = [max(display_width(word) for row in cells for word in row[i].split(" ")) for i in range(len(self.columns))]
        widths = list(natural)
        room = width - (3 * len(widths) + 1)
        while sum(widths) > room:
            shrinkable = [i for i in range(len(widths)) if widths[i] > floor[i]]
            if not shrinkable:
                break
            widest = max(shrinkable, key=lambda i: widths[i])
            widths[widest] -= 1
        return widths

    def lines(self, width: int, styled: bool = False, plain: bool = False) -> Iterator[str]:
        """The table as lines of at most `width` columns (when its words allow); `styled` makes
        the header bold (a terminal), `plain` draws it in ASCII."""
        box = _ASCII if plain else _BOX
        widths = self._widths(width)

        def border(kind: str) -> str:
            left, line, middle, right = box[kind]
            return left + middle.join(line * (w + 2) for w in widths) + right

        def row_lines(cells: list[str], kind: str, bold: bool) -> Iterator[str]:
            left, middle, right = box[kind]
            wrapped = [wrap(cell, w) for cell, w in zip(cells, widths)]
            for k in range(max(len(lines) for lines in wrapped)):
                parts = []
                for i, lines in enumerate(wrapped):
                    text = _pad(lines[k] if k < len(lines) else "", widths[i], self.justify[i])
                    parts.append(f"{_BOLD}{text}{_RESET}" if bold else text)
                yield left + " " + f" {middle} ".join(parts) + " " + right

        table_width = sum(widths) + 3 * len(widths) + 1
        if self.title:
            yield from wrap(self.title, max(table_width, 20))
        yield border("top")
        yield from row_lines(self.columns, "head", styled)
        yield border("rule")
        for row in self.rows:
            yield from row_lines(row, "row", False)
        yield border("bottom")
        if self.caption:
            yield from wrap(self.caption, max(table_width, 20))

    def render(self, width: int, styled: bool = False, plain: bool = False) -> str:
        """The table as one string (see `lines`)."""
        return "\n".join(self.lines(width, styled, plain))

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        """Printed by a rich console: the table fitted to the console's width."""
        from rich.text import Text

        yield Text(self.render(options.max_width, plain=options.ascii_only))
