"""Markdown as plain text, for `vsai rules --plain`, pipes and NO_COLOR (and screen readers):
no `#`, `**`, backticks or table rules, only words, list markers and line breaks.

Also strips the rulebook-gap IDs ("(GAPS K15, X5)", "(C13)") that cite `../shared/rules/GAPS.md`:
they belong in the engine's assumptions, not in the player's text.
"""
from __future__ import annotations

import re

# One gap ID or a range of them: K15, X5, E1..E14 (prefixes of GAPS.md: C, E, G, K, V, X).
_ID = r"(?:GAPS\s+)?[CEGKVX]\d+(?:\.\.[CEGKVX]?\d+)?"
_ID_ONLY = re.compile(rf"\s*\({_ID}(?:,\s*{_ID})*\)")      # " (GAPS K15, X5)"
_ID_TAIL = re.compile(rf"(?:,|;)\s*{_ID}(?:,\s*{_ID})*\)")  # "(the variant, E10)"

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)]+)\)")
_CODE = re.compile(r"`([^`]*)`")
# Bold and italics may run over a line break (not over a blank line).
_SPAN = r"(?:(?!\n\s*\n).)+?"
_STRONG = re.compile(rf"(\*\*|__)(?=\S)({_SPAN})(?<=\S)\1", re.S)
_EMPHASIS = re.compile(rf"(?<![\w*])([*_])(?=\S)({_SPAN})(?<=\S)\1(?![\w*])", re.S)


def without_gap_ids(text: str) -> str:
    """`text` without the parenthesised gap IDs (the words around them are kept)."""
    return _ID_ONLY.sub("", _ID_TAIL.sub(")", text))


def _inline(text: str) -> str:
    """Inline markup made plain: links as "text (address)", code, bold, italics."""
    text = _LINK.sub(lambda m: m.group(1) if m.group(2).startswith("#") else f"{m.group(1)} ({m.group(2)})",
                     text)
    text = _CODE.sub(r"\1", text)
    text = _STRONG.sub(r"\2", text)
    return _EMPHASIS.sub(r"\2", text)


def _emphasis(text: str) -> str:
    """Bold and italics made plain over the whole text, outside code blocks (they may run over
    a line break where the text was wrapped)."""
    parts = re.split(r"(^\s*```.*?^\s*```[^\n]*$)", text, flags=re.M | re.S)
    return "".join(part if index % 2 else _EMPHASIS.sub(r"\2", _STRONG.sub(r"\2", part))
                   for index, part in enumerate(parts))


def plain_markdown(text: str) -> str:
    """`text` (markdown) as plain text: headings as their words (a top heading underlined with
    =, the next with -), table rows as cells joined by " | " without the rule line, code
    blocks as they are, inline markup dropped. Line breaks are kept (wrap it afterwards)."""
    out: list[str] = []
    in_code = False
    for line in _emphasis(text).splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            out.append(line)
            continue
        heading = _HEADING.match(line)
        if heading:
            words = _inline(heading.group(2))
            out.append(words)
            if len(heading.group(1)) <= 2:
                out.append(("=" if len(heading.group(1)) == 1 else "-") * len(words))
            continue
        if line.lstrip().startswith("|"):
            if not _RULE.match(line):
                cells = [_inline(cell.strip()) for cell in line.strip().strip("|").split("|")]
                out.append(" | ".join(cells))
            continue
        out.append(_inline(line))
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")
