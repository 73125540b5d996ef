"""`vsai replay FILE`: a saved game, move by move.

On a terminal the game opens in a viewer (after the set-up) that steps back and forth and
jumps to a move; piped, or with `--list`, every move is printed, then the final position.
"""
from __future__ import annotations

import click
from rich.text import Text

from vsai.cli import options
from vsai.cli.console import interactive, plain_mode, stdout_console
from vsai.cli.prompt import LineReader
from vsai.cli.replay_view import ReplayViewer
from vsai.ext.ui import render
from vsai.core.match import Match
from vsai.core.record import GameRecord
from vsai.ext.ui.wrap import Hanging


@click.command("replay", short_help="Step through a saved game.")
@click.argument("path", metavar="FILE")
@click.option("--seat", type=options.SEATS, help="Show only what this seat saw (default: everything).")
@click.option("--list", "as_list", is_flag=True, help="Print every move and the final position, with no "
              "stepping (what a pipe gets).")
@click.option("--setup", is_flag=True, help="Open the viewer at the very start, before the set-up.")
@click.option("--plain", is_flag=True, help="No colour and no box drawing (also when NO_COLOR is set).")
@click.option("--step", is_flag=True, hidden=True, help="The viewer (the default on a terminal).")
def replay(path: str, seat: int | None, as_list: bool, setup: bool, plain: bool, step: bool) -> None:
    """Step through a game saved with `save FILE` (or `--record FILE`) in `vsai play`.

    On a terminal: Enter shows the next move, p the previous one, a number jumps to that
    move, s and e go to the start and the end, q quits. Piped: the whole game is printed.
    """
    if step and as_list:
        raise click.UsageError("give --step or --list, not both")
    try:
        record = GameRecord.load(path)
        game = record.load_game()
        if seat is not None and seat >= game.num_players():
            raise click.BadParameter(f"seat {seat} does not exist in a {game.num_players()}-player game",
                                     param_hint="--seat")
        match = Match.from_record(record, "?")
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="FILE") from None
    plain = plain_mode(plain)
    console = stdout_console(plain=plain)
    names = {int(s): who for s, who in record.seats.items()}
    try:
        if interactive() and not as_list:
            ReplayViewer(console, match, seat, names, LineReader(True).read, plain, setup).run()
        else:
            print_game(console, match, seat, names, plain)
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except Exception as error:  # a game's render hook failed: one line, not a traceback
        raise click.ClickException(f"internal error while drawing the game: {type(error).__name__}: "
                                   f"{error}") from None


def print_game(console, match: Match, seat: int | None, names: dict[int, str], plain: bool) -> None:
    """Every move as `seat` may read it (everything for a spectator), then the final position
    and the result."""
    game = match.game
    width = max(console.width, 20)
    decisions = sum(1 for move in match.history if move.seat >= 0)
    console.print(Hanging(Text(f"{game.spec.title} {game.get_parameters()}, seed {match.seed}, "
                               f"{decisions} moves", style="bold")))
    viewer = ReplayViewer(console, match, seat, names, lambda prompt: None, plain)
    for move in match.history:
        console.print(Hanging(Text(f"{move.ply + 1:>4}. {viewer.describe(move)}"), hang=6))
    final = match.state
    if seat is not None:
        console.print(render.render_view(final, seat, title=game.spec.title, names=names, plain=plain,
                                         hidden_information=game.has_hidden_information(),
                                         last_move=viewer.last_visible(len(match.history))))
    else:
        console.print(render.framed(render.spectator_board(final, game.has_hidden_information(),
                                                           last_move=viewer.last_visible(len(match.history)),
                                                           plain=plain), game.spec.title, plain))
    if final.is_terminal():
        breakdown = render.score_breakdown(final, seat)
        if breakdown is not None:
            console.print(render.framed(breakdown, "Scoring", plain))
        click.echo(render.result_line(final, names, width))
    else:
        click.echo(f"The game was not finished ({decisions} moves).")
