"""cli/text_table.py: the tables of `vsai list`, fitted to the width without rich."""
from __future__ import annotations

from rich.console import Console

from vsai.cli.text_table import TextTable, display_width, wrap


def _table() -> TextTable:
    table = TextTable(title="Games", caption="a caption")
    table.add_column("name")
    table.add_column("count", justify="right")
    table.add_column("about")
    table.add_row("godzilla", 5, "Godzilla (ゴジラ) and a long description of what the game is about")
    table.add_row("vec", 12, "short")
    return table


def test_wide_characters_take_two_columns():
    assert display_width("ゴジラ") == 6 and display_width("Godzilla") == 8


def test_wrap_breaks_at_spaces_and_cuts_a_word_wider_than_the_column():
    assert wrap("one two three", 7) == ["one two", "three"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert all(display_width(line) <= 5 for line in wrap("ゴジラゴジラ x", 5))


def test_a_wide_table_keeps_its_cells_on_one_line():
    lines = _table().render(200).splitlines()
    assert lines[0] == "Games" and lines[-1] == "a caption"
    assert len(lines) == 8                              # title, 3 rules, header, 2 rows, caption
    assert len({display_width(line) for line in lines[1:-1]}) == 1
    assert "│     5 │" in lines[4]                       # the count, right-justified


def test_a_narrow_table_fits_its_width_by_wrapping_the_widest_column():
    lines = _table().render(50).splitlines()
    body = lines[1:-1]
    assert all(display_width(line) <= 50 for line in body)
    assert len(body) > 6                                # the description took several lines
    assert "ゴジラ" in "".join(body) and "about" in "".join(body)


def test_styled_header_is_bold_and_plain_is_ascii():
    styled = _table().render(200, styled=True).splitlines()
    assert "\x1b[1mname" in styled[2] and "\x1b[1m" not in styled[4]
    plain = _table().render(200, plain=True)
    assert "┃" not in plain and "|" in plain and "+-" in plain


def test_a_rich_console_prints_it_at_its_width():
    console = Console(width=50, record=True, color_system=None)
    console.print(_table())
    assert console.export_text().splitlines()[1:-1] == _table().render(50).splitlines()[1:-1]
