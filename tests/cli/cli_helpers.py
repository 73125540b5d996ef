"""Shared helpers of the CLI tests: run `vsai` in-process with click's CliRunner."""
import numpy as np
from click.testing import CliRunner

from vsai.cli.main import cli
from vsai.core import load_game
from vsai.ext.ui.choices import GROUP_FROM
from vsai.core.match import HUMAN, Match


def run(args, input=None, env=None):
    """The result of `vsai ARGS` with `input` on stdin (and `env` added to the environment;
    None unsets a variable); fails the test on a traceback."""
    result = CliRunner().invoke(cli, args, input=input, env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def usage_error(args, message, input=None):
    """Checks that `vsai ARGS` is a usage error (exit 2) naming `message`."""
    result = run(args, input)
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    return result


def answers(*lines, ones=0):
    """Stdin text: the given lines, then `ones` answers of "1"."""
    return "".join(f"{line}\n" for line in lines) + "1\n" * ones


def flat(output):
    """`output` with every run of spaces and line breaks as one space: messages wrap at 80
    columns (a long file name moves to the next line), so check them in this form."""
    return " ".join(output.split())


def long_list_match(name, limit=GROUP_FROM):
    """A match of game `name` (random moves) stopped where a player has more than `limit`
    moves, that seat human and the others random; None when random games never get there."""
    game = load_game(name)
    rng = np.random.default_rng(11)
    for _ in range(30):
        match = Match(game, 3)
        while not match.is_over():
            if match.state.is_chance_node():
                match.play(match.chance_outcome())
                continue
            actions = match.state.legal_actions()
            if len(actions) > limit:
                seat = match.to_move()
                match.seats = {s: HUMAN if s == seat else "random" for s in range(game.num_players())}
                return match
            match.play(int(actions[rng.integers(len(actions))]))
    return None
