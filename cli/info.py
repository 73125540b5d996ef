"""`vsai list` (games and agents) and `vsai rules GAME` (the rules summary and assumptions)."""
from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table

from vsai.cli import options
from vsai.cli.console import stdout_console

# docs/ is not installed with a wheel: look for it beside the source tree (cli/../docs).
_DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"


def _variants(spec) -> str:
    parts = []
    for p in spec.params:
        if p.name == "players":
            continue
        allowed = ("|".join(str(c) for c in p.choices) if p.choices else
                   f"{p.minimum if p.minimum is not None else ''}..{p.maximum if p.maximum is not None else ''}"
                   if p.minimum is not None or p.maximum is not None else type(p.default).__name__)
        parts.append(f"{p.name}={p.default} ({allowed})")
    return ", ".join(parts) or "-"


@click.command("list")
def list_command() -> None:
    """The games (players, variant options, hidden information) and the AI agents."""
    from vsai.core import get_spec

    console = stdout_console(piped_width=120)
    games = Table(title="Games", title_justify="left")
    for column in ("name", "title", "players", "hidden information", "variant options (--option)"):
        games.add_column(column)
    for name in options.game_names():
        spec = get_spec(name)
        games.add_row(name, spec.title, f"{spec.min_players}-{spec.max_players}",
                      "yes" if spec.hidden_information else "no", _variants(spec))
    console.print(games)
    agents = Table(title="Agents (--ai, --agents)", title_justify="left")
    agents.add_column("name")
    agents.add_column("about")
    for name, about in _agent_rows():
        agents.add_row(name, about)
    console.print(agents)


def _agent_rows() -> list[tuple[str, str]]:
    import vsai.ai as ai

    describe = getattr(ai, "describe_agent", None)
    rows = []
    for name in options.agent_names():
        about = ""
        if callable(describe):
            try:
                about = str(describe(name))
            except (KeyError, ValueError):
                about = ""
        rows.append((name, about))
    return rows


def rules_text(name: str) -> tuple[str, str]:
    """(source, markdown) of a game's rules: docs/rules/<game>.md, else the GameSpec summary."""
    from vsai.core import get_spec

    path = _DOCS / f"{name}.md"
    if path.is_file():
        return str(path), path.read_text(encoding="utf-8")
    spec = get_spec(name)
    params = "\n".join(f"- `{p.name}` (default {p.default}): {p.help}" for p in spec.params)
    return "summary", f"# {spec.title}\n\n{spec.summary}\n\n## Options\n\n{params}\n"


@click.command("rules")
@click.argument("game_name", metavar="GAME")
def rules(game_name: str) -> None:
    """A short summary of GAME's rules and the assumptions the engine makes."""
    known = options.game_names()
    if game_name not in known:
        raise click.BadParameter(f"unknown game {game_name!r}; the games are: {', '.join(known)}",
                                 param_hint="GAME")
    from rich.markdown import Markdown

    _, text = rules_text(game_name)
    console = stdout_console()
    console.print(Markdown(text) if console.is_terminal else text, soft_wrap=not console.is_terminal)
