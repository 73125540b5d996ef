"""The parts of the play screen around the board: numbered lists and the last round's moves.

Everything here returns lines already fitted to a width, so the caller knows how many rows
a part takes (a 24-line terminal must still show the last round, the choices and the prompt)
and no line is left for the terminal to wrap mid-word.
"""
from __future__ import annotations

from math import ceil
from typing import Callable, Sequence

from rich.text import Text

from vsai.core.match import CHANCE, Move
from vsai.ext.ui.wrap import fit

# More chance outcomes in a row than this are summed up in one line.
CHANCE_LINES = 4
# The last round shows at most this many lines (the `log` command shows every move).
RECAP_LINES = 8
# Numbers take this many cells: "123. ".
_NUMBER = 5


def numbered_lines(entries: Sequence[tuple[str, str]], width: int, columns: bool,
                   detail_style: str = "dim", start: int = 1) -> list[Text]:
    """`entries` (text, detail) numbered from `start` and fitted to `width`.

    With `columns` and no details, short entries go in columns, read down each column; else one
    a line, the details in a second column that wraps under itself.
    """
    items = [f"{number:>3}. {text}" for number, (text, _) in enumerate(entries, start)]
    if columns and not any(detail for _, detail in entries) and items:
        column_width = max(len(item) for item in items) + 2
        count = max(1, (width + 2) // column_width)
        if count > 1:
            rows = ceil(len(items) / count)
            lines = []
            for row in range(rows):
                cells = [items[i] for i in range(row, len(items), rows)]
                lines.append(Text("".join(cell.ljust(column_width) for cell in cells).rstrip()))
            return lines
    longest = max((len(text) for text, _ in entries), default=0)
    longest_detail = max((len(detail) for _, detail in entries), default=0)
    # The detail column starts after the longest text when every line then fits, else at
    # about half the width (a longer text pushes its own detail along).
    text_width = min(longest, max(width - _NUMBER - 2 - longest_detail, (width - _NUMBER) // 2, 12))
    lines = []
    for item, (text, detail) in zip(items, entries):
        line = Text(item)
        if detail:
            if len(text) <= text_width:
                line.append(" " * (text_width - len(text) + 2))
                indent = _NUMBER + text_width + 2
            else:
                line.append("  ")
                indent = _NUMBER + 2
            line.append(detail, style=detail_style)
        else:
            indent = _NUMBER + 2
        lines.extend(fit(line, width, indent=indent).split("\n"))
    return lines


def pages(entries: Sequence[tuple[str, str]], rows: int,
          lines_of: Callable[[Sequence[tuple[str, str]], int], list[Text]],
          later_rows: int | None = None) -> list[tuple[int, int]]:
    """(first, end) index ranges of `entries` whose lines (`lines_of(part, first)`) take at most
    `rows` on the first page and `later_rows` (default `rows`) on the next ones: the pages of a
    list too long for the screen (one page when it fits)."""
    result: list[tuple[int, int]] = []
    first = 0
    while True:
        if result and later_rows is not None:
            rows = later_rows
        end = min(len(entries), first + 3 * max(rows, 1))  # three columns at most
        while end - first > 1 and len(lines_of(entries[first:end], first)) > rows:
            end -= 1
        result.append((first, end))
        if end >= len(entries):
            return result
        first = end


def recap_lines(moves: Sequence[Move], describe: Callable[[Move], str], indent: str = "  ") -> list[str]:
    """One line a move (`describe(move)`), a run of more than CHANCE_LINES chance outcomes in
    one line."""
    lines: list[str] = []
    run: list[Move] = []
    for move in list(moves) + [None]:
        if move is not None and move.seat == CHANCE:
            run.append(move)
            continue
        if len(run) > CHANCE_LINES:
            lines.append(f"{indent}Chance: {len(run)} random draws (the board shows what you may see of them)")
        else:
            lines.extend(indent + describe(chance) for chance in run)
        run = []
        if move is not None:
            lines.append(indent + describe(move))
    return lines


def fitted(lines: Sequence[str], width: int, style: str = "") -> list[Text]:
    """Each line as a `Text` fitted to `width` (continuations indented under the line)."""
    result: list[Text] = []
    for line in lines:
        result.extend(fit(Text(line, style=style), width).split("\n"))
    return result
