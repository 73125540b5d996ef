"""`vsai rules` for players: plain text when piped, plain or NO_COLOR (what screen readers
read), well wrapped, and free of the rulebook-gap IDs, which `--assumptions` keeps."""
from __future__ import annotations

import re

import pytest

from cli_helpers import run
from vsai.cli.markdown_text import plain_markdown, without_gap_ids
from vsai.cli.rules import rules_document
from vsai.core import list_games

GAMES = list_games()
GAP_ID = re.compile(r"\((?:GAPS )?[CEGKVX]\d+|, [CEGKVX]\d+\)")


@pytest.mark.parametrize("name", GAMES)
def test_plain_rules_have_no_markdown_and_no_gap_ids(name):
    for args, env in ((["rules", name, "--plain"], None), (["rules", name], {"NO_COLOR": "1"}),
                      (["rules", name], None)):
        out = run(args, env=env).output
        assert "**" not in out and "`" not in out, out
        assert not [line for line in out.splitlines() if line.startswith("#") or
                    re.match(r"^\s*\|?\s*-{3,}\s*\|", line)]
        assert not GAP_ID.search(out), GAP_ID.search(out)
        assert max(len(line) for line in out.splitlines()) <= 80


def test_assumptions_keep_the_gap_ids():
    assert "K15" in run(["rules", "kilauea", "--assumptions"]).output
    assert "E10" in run(["rules", "eruption", "--assumptions"]).output


@pytest.mark.parametrize("name", GAMES)
def test_summaries_are_wrapped_as_whole_paragraphs(name):
    """No line of a paragraph or list item breaks far before the margin ("guards a village on
    / the coast"): each line but the last of a block reaches at least 60 columns."""
    text = rules_document(name, "summary.md") or ""
    for block in re.split(r"\n(?=\s*(?:[-*+]|\d+[.)])\s)|\n\s*\n", text):
        lines = [line for line in block.splitlines() if line.strip()]
        if any(line.lstrip().startswith(("#", "|", "```")) for line in lines):
            continue
        for line in lines[:-1]:
            assert len(line) >= 60, f"{name}: short line {line!r} in a paragraph"


def test_plain_markdown_and_gap_ids():
    text = "# Title\n\n## Part\n\n**Goal.** Use `play` and *this* [link](https://x.org).\n\n" \
           "| a | b |\n| --- | --- |\n| 1 | 2 |\n- 4 x 3 = 12 *ink*\n"
    assert plain_markdown(text) == ("Title\n=====\n\nPart\n----\n\nGoal. Use play and this link "
                                    "(https://x.org).\n\na | b\n1 | 2\n- 4 x 3 = 12 ink\n")
    assert without_gap_ids("the cap (GAPS K15, X5) and (the variant, E10) in S1 (C13).") == \
        "the cap and (the variant) in S1."
    assert without_gap_ids("sectors (S1) and rounds (K1..K3)") == "sectors (S1) and rounds"
