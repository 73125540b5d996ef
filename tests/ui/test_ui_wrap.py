"""Fitting text to a width (vsai.ext.ui.wrap): every line fits, nothing is lost, styles stay."""
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.text import Text

from vsai.ext.ui.wrap import fit, fit_plain

WORDS = st.lists(st.one_of(st.text(alphabet="abcdefghij", min_size=1, max_size=30),
                           st.sampled_from(["", " ", "  ", "→", "漢字", "\n"])), max_size=40)


@settings(max_examples=300, deadline=None)
@given(WORDS, st.integers(min_value=2, max_value=100))
def test_every_line_fits_and_no_character_is_lost(words, width):
    text = " ".join(words)
    lines = fit_plain(text, width)
    assert all(cell_len(line) <= max(width, 2) for line in lines)
    assert "".join("".join(lines).split()) == "".join(text.split())
    assert len(lines) >= text.count("\n") + 1  # line breaks of the text are kept


def test_a_long_line_breaks_at_spaces_with_a_hanging_indent():
    lines = fit_plain("  P2: objective hidden; ink worth 11 (ink + 4 x special ink)", 30)
    assert lines == ["  P2: objective hidden; ink", "    worth 11 (ink + 4 x", "    special ink)"]
    assert fit_plain("1. one two three four", 12, indent=3) == ["1. one two", "   three", "   four"]
    assert fit_plain("x" * 25, 10) == ["x" * 10, "  " + "x" * 8, "  " + "x" * 7]


def test_styles_follow_their_words():
    text = Text("alpha beta gamma delta")
    text.stylize("bold", 17, 22)  # "delta"
    fitted = fit(text, 12)
    assert fitted.plain == "alpha beta\n  gamma\n  delta"
    start = fitted.plain.index("delta")
    assert any(span.style == "bold" and span.start <= start and span.end >= start + 5 for span in fitted.spans)
