"""Fitting text to a width: long lines break at spaces, with a hanging indent.

Rich wraps a long line back to the left margin, and a terminal wraps it mid-word; a board or
a move list reads better when a continuation is indented under its own line. `fit` does that
for a rich `Text` (styles kept), `fit_plain` for a string, and `Hanging` is a renderable that
fits its text to whatever width it is given (a panel's inside, the console).
"""
from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

# A continuation line is indented this much more than the line it continues.
HANG = 2


def _cut(plain: str, start: int, width: int) -> int:
    """The largest index `end` such that plain[start:end] takes at most `width` cells."""
    used = 0
    for index in range(start, len(plain)):
        used += cell_len(plain[index])
        if used > width:
            return index
    return len(plain)


def _pieces(plain: str, first: int, rest: int) -> list[tuple[int, int]]:
    """(start, end) of each piece of one line: the first at most `first` cells, the others
    at most `rest`; breaks at the last space that fits, mid-word only when no space does."""
    pieces = []
    start, width = 0, first
    while cell_len(plain[start:]) > width:
        cut = _cut(plain, start, width)
        space = plain.rfind(" ", start + 1, cut + 1)
        end = space if space > start else max(cut, start + 1)
        pieces.append((start, end))
        start = end
        while start < len(plain) and plain[start] == " ":
            start += 1
        width = rest
    pieces.append((start, len(plain)))
    return pieces


def fit(text: Text, width: int, hang: int = HANG, indent: int | None = None) -> Text:
    """`text` with every line at most `width` cells: a long line continues on lines indented
    `hang` more than its own indent, or `indent` when given (at most half the width)."""
    width = max(width, 2)
    lines = text.split("\n", allow_blank=True)
    out = Text(style=text.style, end=text.end)
    for number, line in enumerate(lines):
        if number:
            out.append("\n")
        plain = line.plain.rstrip()
        line = line[:len(plain)]
        if cell_len(plain) <= width:
            out.append_text(line)
            continue
        own = len(plain) - len(plain.lstrip(" ")) + hang if indent is None else indent
        own = max(0, min(own, width // 2, width - 2))  # room for a wide character
        for index, (start, end) in enumerate(_pieces(plain, width, width - own)):
            if index:
                out.append("\n" + " " * own)
            piece = line[start:end]
            piece.rstrip()
            out.append_text(piece)
    return out


def fit_plain(text: str, width: int, hang: int = HANG, indent: int | None = None) -> list[str]:
    """The lines of `text` (a string) fitted to `width` as `fit` does."""
    return fit(Text(text), width, hang, indent).plain.split("\n")


class Hanging:
    """A renderable `Text` whose long lines wrap with a hanging indent at the width it gets."""

    def __init__(self, text: Text, hang: int = HANG):
        self.text = text
        self.hang = hang

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        fitted = fit(self.text, options.max_width, self.hang)
        fitted.no_wrap = True
        fitted.overflow = "crop"
        yield fitted

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [cell_len(line) for line in self.text.plain.split("\n")] or [0]
        longest = min(max(widths), options.max_width)
        return Measurement(min(longest, 10), longest)


class Cropped:
    """A renderable cut to at most `rows` lines at the width it gets; when cut, its last line
    is `note` (e.g. how to see the rest), so that a board fits a short terminal."""

    def __init__(self, renderable: RenderableType, rows: int, note: str):
        self.renderable = renderable
        self.rows = max(1, rows)
        self.note = note

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = console.render_lines(self.renderable, options, pad=False)
        cut = len(lines) > self.rows
        if cut:
            lines = lines[:self.rows - 1]
        for line in lines:
            yield from line
            yield Segment.line()
        if cut:
            note = Text(self.note, style="dim")
            note.truncate(options.max_width)
            yield note

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)
