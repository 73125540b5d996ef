"""`vsai rules GAME`: the rules summary and the engine's assumptions, from the game's rules.md.

Each game package ships its `rules.md` as package data (`GameSpec.rules_package`), so this
works from an installed wheel as from a source tree; when a game has none, the GameSpec
summary and options stand in. The summary keeps what a player
needs (rules, assumptions, how moves are written) and drops the developer columns and
sections (code locations, tests, speed figures); `--full` prints the file as it is.
"""
from __future__ import annotations

import re
from importlib import resources

import click

from vsai.cli import options
from vsai.cli.console import stdout_console

# Table columns and sections that are for developers, not players (lower case).
_DEV_COLUMNS = {"implemented in", "pinned by", "test", "tests", "code", "ids", "id", "where"}
_DEV_SECTIONS = ("speed", "benchmark", "tests")
_DEV_PATHS = re.compile(r"`(ext|core|ai|cli|tests|benchmarks)/")


def rules_document(name: str) -> str | None:
    """The text of game `name`'s rules.md, or None when its package ships none."""
    from vsai.core import get_spec

    package = get_spec(name).rules_package
    if not package:
        return None
    try:
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None


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


def rules_text(name: str, full: bool = False) -> str:
    """The rules of `name` as markdown: the summary from the docs, else from the GameSpec."""
    from vsai.core import get_spec

    spec = get_spec(name)
    params = "\n".join(f"- `{p.name}` (default {p.default}): {p.help}" for p in spec.params)
    head = f"# {spec.title}\n\n{spec.summary}\n\nOptions (`--option KEY=VALUE`):\n\n{params}\n"
    text = rules_document(name)
    if text is None:
        return head
    return text if full else head + "\n" + summarise(text)


@click.command("rules", short_help="A game's rules summary and the engine's assumptions.")
@click.argument("game_name", metavar="GAME")
@click.option("--full", is_flag=True, help="Print the whole rules document, developer notes included.")
def rules(game_name: str, full: bool) -> None:
    """A short summary of GAME's rules and the assumptions the engine makes."""
    from rich.markdown import Markdown

    known = options.game_names()
    if game_name not in known:
        raise click.BadParameter(f"unknown game {game_name!r}; the games are: {', '.join(known)}",
                                 param_hint="GAME")
    text = rules_text(game_name, full)
    console = stdout_console()
    if console.is_terminal:
        console.print(Markdown(text))
    else:
        click.echo(text, nl=False)
