"""`vsai list`: the games (players, variants, hidden information) and the agents."""
from __future__ import annotations

import shutil
import sys

import click

from vsai.ai import levels
from vsai.cli import options
from vsai.cli.console import plain_mode
from vsai.cli.text_table import TextTable

# Width of the tables when stdout is not a terminal (a pipe, a file).
PIPED_WIDTH = 120


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


def _balance_table() -> TextTable | None:
    """Each side's measured win share in the default game, when the same AI plays every side
    (the games' balance.json, cli/game_balance.py); None when no game ships one."""
    from vsai.cli.game_balance import list_cell

    from vsai.core import get_spec

    rows = [(get_spec(name).title, list_cell(name)) for name in options.game_names()]
    rows = [row for row in rows if row[1] != "-"]
    if not rows:
        return None
    table = TextTable(title="Side balance (the default game, one AI on every side; vsai rules GAME)")
    table.add_column("game")
    table.add_column("win share by side (level, games)")
    for row in rows:
        table.add_row(*row)
    return table


def _hidden(spec) -> str:
    """The "hidden information" column: hidden from some seats, from every seat alike, or none."""
    if spec.hidden_information:
        return "yes"
    return "hidden from everyone" if spec.hidden_from_everyone else "no"


@click.command("list", short_help="The games and the AI agents.")
def list_command() -> None:
    """The games (players, variant options, hidden information), the AI agents and the levels."""
    from vsai.core import get_spec

    games = TextTable(title="Games")
    for column in ("name", "title", "players", "hidden information", "variant options (--option)"):
        games.add_column(column)
    for name in options.game_names():
        spec = get_spec(name)
        title = spec.title if spec.complete else f"{spec.title} (rules in progress)"
        games.add_row(name, title, f"{spec.min_players}-{spec.max_players}",
                      _hidden(spec), _variants(spec))
    tables = [games]
    balance = _balance_table()
    if balance is not None:
        tables.append(balance)
    agents = TextTable(title="Agents (--ai, --agents)")
    agents.add_column("name")
    agents.add_column("about")
    for name, about in _agent_rows():
        agents.add_row(name, about)
    tables.append(agents)
    ladder = TextTable(title="Levels (vsai play --level)")
    for column in ("level", "name", "iterations", "at most", "a turn"):
        ladder.add_column(column, justify="left" if column in ("level", "name") else "right")
    for rung in levels.LEVELS:
        default = " (default)" if rung.number == levels.DEFAULT_LEVEL else ""
        turn = f"{rung.turn_time:g} s" if rung.turn_time is not None else "-"
        ladder.add_row(str(rung.number), rung.name + default, f"{rung.iterations:,}", f"{rung.time_limit:g} s", turn)
    tables.append(ladder)
    from vsai.cli.ladder_table import measured_ladder_table

    measured = measured_ladder_table()  # only when a calibration run's results are shipped
    if measured is not None:
        tables.append(measured)
    terminal = sys.stdout.isatty()
    width = shutil.get_terminal_size().columns if terminal else PIPED_WIDTH
    plain = plain_mode()
    for table in tables:
        click.echo(table.render(width, styled=terminal and not plain, plain=plain))


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
