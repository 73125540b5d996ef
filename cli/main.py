"""The `vsai` command: play, arena, list, rules, bench, replay, engine, serve, suite.

Each command's module is imported only when that command runs, so `vsai --help` and
`vsai list` do not wait for numpy, asyncio, Ray or the search code they never use.
"""
from __future__ import annotations

import importlib

import click

# name -> (module, attribute, the short help `vsai --help` lists without importing the module;
# tests/cli/test_startup.py checks that it is the command's own short help).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "play": ("vsai.cli.play", "play", "Play a game against the AI (or watch, or hot seat)."),
    "arena": ("vsai.cli.arena", "arena", "AI-against-AI matches: win rates with 95% intervals."),
    "list": ("vsai.cli.info", "list_command", "The games and the AI agents."),
    "rules": ("vsai.cli.rules", "rules", "A game's rules for players, and the engine's assumptions."),
    "bench": ("vsai.cli.bench", "bench", "Speed: clone time, playouts/s, search iterations/s."),
    "replay": ("vsai.cli.replay", "replay", "Step through a saved game."),
    "engine": ("vsai.cli.engine", "engine", "The engine protocol on stdin/stdout, for frontends."),
    "serve": ("vsai.cli.serve", "serve", "Play in a browser; the engine protocol over WebSocket."),
    "suite": ("vsai.cli.suite", "suite", "Benchmark suites: many games, agents and budgets; resumable."),
}


class LazyGroup(click.Group):
    """A click group that imports a command's module only when that command is looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[cmd_name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `vsai --help`, from COMMANDS: no command module is imported."""
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True)
@click.version_option(package_name="vsai")
@click.pass_context
def cli(ctx: click.Context) -> None:
    """AI opponents for modern board games. Start with `vsai list` and `vsai play GAME`."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


if __name__ == "__main__":
    cli()
