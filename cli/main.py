"""The `vsai` command: play, arena, list, rules, bench, replay, engine, serve."""
from __future__ import annotations

import click

from vsai.cli.arena import arena
from vsai.cli.bench import bench
from vsai.cli.engine import engine
from vsai.cli.info import list_command
from vsai.cli.rules import rules
from vsai.cli.play import play
from vsai.cli.replay import replay
from vsai.cli.serve import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, invoke_without_command=True)
@click.version_option(package_name="vsai")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """AI opponents for modern board games. Start with `vsai list` and `vsai play GAME`."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


for command in (play, arena, list_command, rules, bench, replay, engine, serve):
    cli.add_command(command)


if __name__ == "__main__":
    cli()
