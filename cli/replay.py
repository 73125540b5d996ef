"""`vsai replay FILE`: a saved game move by move."""
from __future__ import annotations

import click
from rich.panel import Panel
from rich.text import Text

from vsai.cli import options
from vsai.cli.console import interactive, stdout_console
from vsai.core.visibility import hidden_from
from vsai.core import render
from vsai.core.record import GameRecord


@click.command("replay", short_help="Step through a saved game.")
@click.argument("path", metavar="FILE")
@click.option("--step", is_flag=True, help="On a terminal, show the board and wait for Enter after each move.")
@click.option("--seat", type=options.SEATS, help="Show only what this seat saw (default: everything).")
def replay(path: str, step: bool, seat: int | None) -> None:
    """Step through a game saved with `save FILE` in `vsai play`."""
    try:
        record = GameRecord.load(path)
        game = record.load_game()
        if seat is not None and seat >= game.num_players():
            raise click.BadParameter(f"seat {seat} does not exist in a {game.num_players()}-player game",
                                     param_hint="--seat")
        moves = list(record.replay())
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="FILE") from None
    console = stdout_console()
    pausing = step and interactive()
    names = {int(s): who for s, who in record.seats.items()}
    console.print(Text(f"{game.spec.title} {game.get_parameters()}, seed {record.seed}, "
                       f"{len(moves)} moves", style="bold"))
    for ply, (before, action) in enumerate(moves, 1):
        mover = before.current_player()
        who = "Chance" if mover < 0 else f"{render.seat_label(mover, game)} ({names.get(mover, '?')})"
        text = before.action_to_string(action)
        if seat is not None and game.has_hidden_information() and seat in hidden_from(before, action, [seat]):
            text = render.hidden_move_text(game.name, mover, text)
        console.print(Text(f"{ply:>4}. {who}: {text}"))
        if pausing:
            after = before.clone()
            after.apply_action(action)
            view = after.observation_string(seat) if seat is not None else str(after)
            console.print(Panel(Text(view), expand=False))
            try:
                stop = input("Enter: next move, q: stop ").strip().lower() == "q"
            except (EOFError, KeyboardInterrupt):
                stop = True
            if stop:
                return
    final = record.final_state()
    if seat is not None:
        console.print(render.render_view(final, seat, title=game.spec.title,
                                         hidden_information=game.has_hidden_information(), names=names))
    else:
        console.print(Panel(Text(str(final)), title=game.spec.title, title_align="left", expand=False))
    if final.is_terminal():
        click.echo(render.result_line(final, names))
    else:
        click.echo(f"The game was not finished ({len(moves)} moves).")
