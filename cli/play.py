"""`vsai play GAME`: a human (or several) against the AI in the terminal, or scripted via a pipe."""
from __future__ import annotations

import secrets
from typing import Sequence

import click

from vsai.ai import levels
from vsai.ai.registry import uses_budget
from vsai.cli import game_balance, options
from vsai.cli.console import interactive, plain_mode, stdout_console
from vsai.cli.loop import PlayLoop
from vsai.core.match import CHANCE, HUMAN, Match
from vsai.ext.ui import render
from vsai.core.record import GameRecord

# Watching the AIs on a terminal: seconds of pause after each move, time to read it.
WATCH_DELAY = 0.5


def seat_plan(players: int, humans: int, seat: str, seed: int,
              names: Sequence[str] | None = None) -> list[int]:
    """The human seats: `humans` consecutive seats from `seat` (a 0-based number, a seat's
    name as the game's boards write it, e.g. "P2" or "Kaiju", or "random")."""
    names = list(names or [f"P{s + 1}" for s in range(players)])
    if not 0 <= humans <= players:
        raise click.BadParameter(f"{humans} humans do not fit a {players}-player game", param_hint="--humans")
    text = seat.strip().lower()
    lowered = [name.lower() for name in names]
    if text == "random":
        import numpy as np  # only for this draw: a game without a random seat starts without numpy
        first = int(np.random.default_rng([seed, 999]).integers(players))
    elif text in lowered:
        first = lowered.index(text)
    else:
        allowed = f"give 0 to {players - 1}, {', '.join(names)}, or random"
        first = options.number_text(text)
        if isinstance(first, bool) or not isinstance(first, int):  # ASCII digits only
            raise click.BadParameter(f"{seat!r} is not a seat: {allowed}", param_hint="--seat")
        if not 0 <= first < players:
            raise click.BadParameter(f"seat {seat} does not exist: {allowed}", param_hint="--seat")
    return [(first + i) % players for i in range(humans)]


def handicap_option(game_name: str, value: str, game_options: tuple[str, ...]) -> str:
    """--handicap VALUE as the `KEY=VALUE` of the option the game's rules offer as a handicap;
    a UsageError when the game has none or --option sets it too."""
    spec = options.game_spec(game_name)
    if spec.handicap is None:
        raise click.UsageError(f"{game_name} has no handicap in its rules; its options are "
                               f"{', '.join(p.name for p in spec.params)} (--option KEY=VALUE)")
    name = spec.handicap.option
    if name in options.parse_pairs(game_options, "--option"):
        raise click.UsageError(f"--handicap sets {name}: give it or --option {name}=..., not both")
    param = next(p for p in spec.params if p.name == name)
    try:
        param.from_text(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--handicap") from None
    return f"{name}={value.strip()}"


@click.command("play", short_help="Play a game against the AI (or watch, or hot seat).")
@click.argument("game_name", metavar="GAME")
@click.option("--ai", "ai_text", default="ismcts", show_default=True, metavar="NAME[:KEY=VALUE,...]",
              help="The AI agent (see `vsai list`), optionally with agent options.")
@click.option("--players", type=options.SEATS, help="Number of seats (default: the game's default).")
@click.option("--seat", default="0", show_default=True, metavar="SEAT",
              help="Your seat: 0 to players-1, or as the board names it (P1 to Pn), or random.")
@click.option("--humans", type=options.SEATS, default=1, show_default=True,
              help="Humans at the table (hot seat), in consecutive seats from --seat; 0 watches the AIs.")
@click.option("--seed", type=options.SEED, help="Seed of the set-up and the AI (default: random, shown).")
@click.option("--iterations", type=options.ITERATIONS, help="AI search iterations per move.")
@click.option("--think-time", type=options.SECONDS, help="AI thinking time per move, seconds.")
@click.option("--level", type=options.WholeNumber(1, len(levels.LEVELS)),
              help=f"AI strength (default {levels.DEFAULT_LEVEL}): {levels.describe()}.")
@click.option("--option", "-o", "game_options", multiple=True, metavar="KEY=VALUE",
              help="A game variant option (see `vsai list`); repeatable.")
@click.option("--handicap", "handicap", metavar="VALUE",
              help="The handicap the game's rules offer, if any (`vsai rules GAME` lists its "
                   "values); the start line says what it does.")
@click.option("--explain", is_flag=True, help="After each AI move, show its top alternatives (with hidden cards: "
              "what you may read of the others' hands instead).")
@click.option("--load", "load_path", metavar="FILE",
              help="Continue a game saved with `save FILE` (its options, seed and seats come from FILE).")
@click.option("--record", "record_path", metavar="FILE",
              help="Write the game record to FILE when the game ends or you quit (see `vsai replay`).")
@click.option("--plain", is_flag=True,
              help="No colour and no box drawing, one move a line: for screen readers and logs "
                   "(also when the NO_COLOR environment variable is set).")
@click.option("--practice", is_flag=True,
              help="Practice: `undo` may go back past what you saw (a draw, a die, a reveal). "
                   "The screen and the saved record say so.")
@click.option("--delay", type=options.PAUSE, metavar="SECONDS",
              help=f"Watching (--humans 0): pause after each move, 0 to 60 s (default {WATCH_DELAY} s "
                   "on a terminal, none when piped).")
def play(game_name: str, ai_text: str, players: int | None, seat: str, humans: int, seed: int | None,
         iterations: int | None, think_time: float | None, level: int | None, game_options: tuple[str, ...],
         handicap: str | None, explain: bool, load_path: str | None, record_path: str | None, plain: bool,
         practice: bool, delay: float | None) -> None:
    """Play GAME against the AI. Type a move's number or text; `help` lists the commands.

    Piped input gives one answer per line (`1` is always the first listed move), so a whole game
    can be scripted; the last line printed starts with `Result:`.
    """
    if load_path:
        _refuse_with_load(click.get_current_context())
    if delay is not None and (humans > 0 or load_path):
        raise click.UsageError("--delay paces a game of AIs only: give it with --humans 0")
    if record_path:
        check_writable(record_path, "--record")
    if handicap is not None:
        game_options = game_options + (handicap_option(game_name, handicap, game_options),)
    game = options.load_game(game_name, players, game_options)
    ai = options.parse_agent(ai_text, "--ai")
    budget = options.budget(iterations, think_time, level, game.spec)
    if load_path:
        table = _loaded_table(load_path, game_name, ai.name)
        table.practice = table.practice or practice
    else:
        if seed is None:
            seed = secrets.randbelow(2**31)
        human_seats = seat_plan(game.num_players(), humans, seat, seed,
                                [render.seat_label(s, game) for s in range(game.num_players())])
        table = Match(game, seed, {s: (HUMAN if s in human_seats else ai.name) for s in range(game.num_players())},
                      practice=practice)
    plain = plain_mode(plain)
    console = stdout_console(plain=plain)
    if delay is None:
        delay = WATCH_DELAY if console.is_terminal else 0.0
    loop = PlayLoop(console, table, ai, budget, explain, interactive(), record_path, plain, delay)
    who = ", ".join(loop.who(s) for s in sorted(table.seats))
    ais = {name for name in table.seats.values() if name != HUMAN}
    searching = any(uses_budget(name) for name in ais)
    budget_text = f" AI budget: {budget.describe()}." if searching else ""
    loop.say(f"{loop.game.spec.title}: {who}. Seed {table.seed}.{budget_text} "
             "Type help for the commands.", "bold")
    for line in (game_balance.handicap_line(loop.game),
                 game_balance.weaker_side_note(loop.game, [s for s, who in table.seats.items() if who == HUMAN])):
        if line:
            loop.say(line, "yellow")
    if table.practice:
        loop.say("Practice game: undo may go back past what you saw; the record says so.", "yellow")
    if ais and not searching and (iterations, think_time, level) != (None, None, None):
        loop.say(f"Note: {ai.name} does not search, so --level, --iterations and --think-time "
                 "change nothing.", "yellow")
    if any(getattr(agent, "beliefs", None) is not None for agent in loop.agents.values()):
        loop.say("The AI reads its opponents' moves for their hidden cards (belief; "
                 f"--ai {ai.name}:belief=off plays without).", "dim")
    if loop.game.has_hidden_information() and "mcts" in table.seats.values():
        loop.say("Note: mcts searches the true state, hidden cards included: a cheating opponent. "
                 "ismcts and pimc play fair.", "yellow")
    if explain and not loop.explain_allowed():
        instead = (" After its moves you see what you may read from the others' play instead."
                   if len(table.humans) == 1 else " Its moves are shown as you may see them.")
        loop.say("--explain: the AI's alternatives stay hidden in this game: they would reveal its hidden "
                 "cards." + instead, "yellow")
    try:
        finished = loop.run()
    except KeyboardInterrupt:
        loop.say("Interrupted: the game was not finished.", "yellow")
        _write_record(loop, record_path)
        raise SystemExit(130) from None
    except Exception as error:  # an agent or engine bug: keep the game, report in one line
        rescue = record_path or f"vsai-{loop.game.name}-{loop.table.seed}-rescued.json"
        loop.say(f"Internal error: {type(error).__name__}: {error}", "red")
        _write_record(loop, rescue)
        raise SystemExit(1) from None
    _write_record(loop, record_path)
    if finished:
        loop.finish()
    else:
        decisions = sum(1 for m in loop.table.history if m.seat != CHANCE)
        loop.say(f"Quit after {decisions} moves; the game was not finished.", "yellow")



# What a saved game fixes: giving these with --load would be silently ignored, so it is an error.
_FIXED_BY_SAVE = {"players": "--players", "seed": "--seed", "game_options": "--option", "handicap": "--handicap",
                  "humans": "--humans", "seat": "--seat"}


def _refuse_with_load(ctx: click.Context) -> None:
    given = [flag for name, flag in _FIXED_BY_SAVE.items()
             if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE]
    if given:
        raise click.UsageError(f"{', '.join(given)} cannot be used with --load: the saved game keeps "
                               "its own players, seed, options and seats")


def check_writable(path: str, hint: str) -> None:
    """BadParameter now, not at the end of the game, when `path` cannot be written."""
    import os

    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise click.BadParameter(f"{path} is a folder, not a file", param_hint=hint)
    if not os.path.isdir(folder):
        raise click.BadParameter(f"cannot write {path}: the folder {folder} does not exist", param_hint=hint)
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise click.BadParameter(f"cannot write {path}: permission denied", param_hint=hint)


def _loaded_table(path: str, game_name: str, ai: str) -> Match:
    """The table of a saved game for --load; a usage error when it cannot be used."""
    try:
        record = GameRecord.load(path)
        if record.game != game_name:
            raise ValueError(f"{path} is a {record.game} game, not {game_name}")
        table = Match.from_record(record, ai)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--load") from None
    unknown = set(table.seats.values()) - {HUMAN} - set(options.agent_names())
    if unknown:
        raise click.BadParameter(f"{path} seats unknown agent(s): {', '.join(sorted(unknown))}", param_hint="--load")
    return table


def _write_record(loop: PlayLoop, path: str | None) -> None:
    if not path:
        return
    if loop.save_record(path, "Cannot write the record to"):
        loop.say(f"Game record written to {path}.", "yellow")
