"""`vsai rules GAME`: the players' rules summary, and the engine's assumptions.

Each game package ships as package data (`GameSpec.rules_package`), so this works from an
installed wheel as from a source tree:
- `summary.md`, the rules for players (the goal, a turn, each action, tile or card, scoring),
  printed by `vsai rules GAME` and the in-game `rules` command;
- `rules.md`, the rules coverage. `vsai rules GAME --assumptions` prints its player-facing
  part (rules, assumptions, how moves are written; no developer columns and sections such as
  code locations, tests, speed figures), which also stands in for a missing `summary.md`;
  `--full` prints the file as it is.
When a game has neither, the GameSpec summary and options stand in.
"""
from __future__ import annotations

import re

import click
from rich.console import Console

from vsai.cli import options
from vsai.cli.console import plain_mode, stdout_console
from vsai.cli.markdown_text import plain_markdown, without_gap_ids
from vsai.core.registry import rules_document
from vsai.ext.ui.wrap import fit_plain

# Table columns and sections that are for developers, not players (lower case).
_DEV_COLUMNS = {"implemented in", "pinned by", "test", "tests", "code", "ids", "id", "where"}
_DEV_SECTIONS = ("speed", "benchmark", "tests")
_DEV_PATHS = re.compile(r"`(ext|core|ai|cli|tests|benchmarks)/")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _table(rows: list[str]) -> list[str]:
    header = _cells(rows[0])
    keep = [i for i, name in enumerate(header) if name.lower() not in _DEV_COLUMNS]
    if not keep:
        return []
    out = []
    for row in rows[2:]:  # rows[1] is the |---| rule
        cells = _cells(row)
        picked = [cells[i] for i in keep if i < len(cells) and cells[i]]
        if picked:
            out.append("- " + ": ".join(picked))
    return out


def summarise(markdown: str) -> str:
    """The player-facing part of a rules document (see the module docstring)."""
    lines = markdown.splitlines()
    out: list[str] = []
    skipping_level = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = re.match(r"^(#+)\s+(.*)", line)
        if heading:
            level = len(heading.group(1))
            if skipping_level and level > skipping_level:
                i += 1
                continue
            skipping_level = level if any(w in heading.group(2).lower() for w in _DEV_SECTIONS) else 0
            if not skipping_level:
                out.append(line)
            i += 1
            continue
        if skipping_level:
            i += 1
            continue
        if line.lstrip().startswith("|"):
            block = []
            while i < len(lines) and lines[i].lstrip().startswith("|"):
                block.append(lines[i])
                i += 1
            out.extend(_table(block) if len(block) > 2 else block)
            continue
        if line.startswith("- ") and _DEV_PATHS.search(line):
            i += 1
            while i < len(lines) and lines[i].startswith("  "):  # the item's continuation
                i += 1
            continue
        out.append(line)
        i += 1
    text = "\n".join(out)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def _head(name: str) -> tuple[str, str]:
    """The title line, and the options list, of game `name` (markdown)."""
    from vsai.core import get_spec

    spec = get_spec(name)
    params = "\n".join(f"- `{p.name}` (default {p.default}): {p.help}" for p in spec.params)
    return f"# {spec.title}\n", f"Options (`--option KEY=VALUE`):\n\n{params}\n" + _handicap(spec) + _balance(name)


def _handicap(spec) -> str:
    """The handicap the game's rules offer, each value in words (markdown); "" when none."""
    if spec.handicap is None:
        return ""
    param = next(p for p in spec.params if p.name == spec.handicap.option)
    values = "\n".join(f"- {spec.handicap.describe(value)}"
                       for value in range(param.minimum, param.maximum + 1))
    return (f"\nHandicap (`vsai play --handicap VALUE`, the option `{param.name}`; default "
            f"{param.default}):\n\n{values}\n")


def _balance(name: str) -> str:
    """Each side's measured win share when one AI plays every side (markdown); "" when none is
    measured (cli/game_balance.py)."""
    from vsai.cli.game_balance import balance_lines

    lines = balance_lines(name)
    if not lines:
        return ""
    rows = "\n".join(f"- {line}" for line in lines)
    return ("\nMeasured side balance (each side's win share with its 95% interval when the same "
            f"AI plays every side):\n\n{rows}\n")


def rules_text(name: str, full: bool = False) -> str:
    """The assumptions of `name` as markdown: the player-facing part of its rules.md after the
    GameSpec's summary and options (`full`: rules.md as it is)."""
    from vsai.core import get_spec

    title, params = _head(name)
    head = f"{title}\n{get_spec(name).summary}\n\n{params}"
    text = rules_document(name)
    if text is None:
        return head
    return text if full else head + "\n" + summarise(text)


def player_summary(name: str) -> str:
    """The rules for players as markdown: the game's summary.md (under its title, with the
    options after it), else what `rules_text` gives."""
    text = rules_document(name, "summary.md")
    if text is None or not text.strip():
        return without_gap_ids(rules_text(name))
    title, params = _head(name)
    text = text.strip() + "\n"
    if not text.startswith("# "):
        text = title + "\n" + text
    return without_gap_ids(text + "\n" + params)  # the IDs are for --assumptions


_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)")


def _verbatim(line: str) -> bool:
    """Lines markdown does not reflow: blank, headings, table rows, code fences."""
    return not line.strip() or line.lstrip().startswith(("|", "```", "#"))


def fit_markdown(text: str, width: int) -> str:
    """Markdown text whose paragraphs and list items, when one of their lines is longer than
    `width`, are reflowed to `width` (continuations under the item's text), as markdown would
    join them; tables, code blocks and headings are left as they are."""
    out: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block and any(len(line) > width for line in block):
            item = _ITEM.match(block[0])
            indent = len(item.group(1)) if item else len(block[0]) - len(block[0].lstrip())
            joined = " ".join([block[0].rstrip()] + [line.strip() for line in block[1:]])
            out.extend(fit_plain(joined, width, indent=indent))
        else:
            out.extend(block)
        block.clear()

    in_code = False
    for line in text.splitlines():
        fence = line.lstrip().startswith("```")
        if in_code or fence or _verbatim(line):
            flush()
            out.append(line)
            in_code = in_code != fence
            continue
        if _ITEM.match(line):
            flush()
        block.append(line)
    flush()
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def show_rules(console: Console, name: str, plain: bool, text: str | None = None) -> None:
    """Print rules markdown (default: the players' summary of `name`): formatted on a
    terminal, else (piped, or plain) as plain text (no markup) wrapped to the console's width."""
    from rich.markdown import Markdown

    text = player_summary(name) if text is None else text
    if console.is_terminal and not plain:
        console.print(Markdown(text))
    else:
        console.file.write(plain_markdown(fit_markdown(text, max(console.width, 20))))
        console.file.flush()


@click.command("rules", short_help="A game's rules for players, and the engine's assumptions.")
@click.argument("game_name", metavar="GAME")
@click.option("--assumptions", is_flag=True,
              help="The engine's implementation notes: how it reads each rule, and how moves are written.")
@click.option("--full", is_flag=True, help="Print the whole rules document, developer notes included.")
@click.option("--plain", is_flag=True, help="Plain text without formatting (also when NO_COLOR is set).")
def rules(game_name: str, assumptions: bool, full: bool, plain: bool) -> None:
    """The rules of GAME for players: the goal, a turn, the actions, scoring."""
    known = options.game_names()
    if game_name not in known:
        raise click.BadParameter(f"unknown game {game_name!r}; the games are: {', '.join(known)}",
                                 param_hint="GAME")
    if assumptions and full:
        raise click.UsageError("give --assumptions or --full, not both")
    plain = plain_mode(plain)
    console = stdout_console(plain=plain)
    if full:
        click.echo(rules_text(game_name, full=True), nl=False)  # the file as it is
        return
    text = rules_text(game_name) if assumptions else player_summary(game_name)
    show_rules(console, game_name, plain, text)
