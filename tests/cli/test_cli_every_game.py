"""The command line on every registered game: list, rules, a human's game and an arena match
(what a new game gets for free). A watched whole game, recorded and replayed, is played for
every game by tests/cli/test_cli_screens.py (`watched_game`, exit 0 and its `Result:` line,
then `vsai replay` of its record), in plain and rich mode, so it is not played again here."""
import json

import pytest

from cli_helpers import answers, run
from vsai.core import get_spec, list_games

GAMES = list_games()


@pytest.mark.parametrize("name", GAMES)
def test_list_and_rules_show_the_game(name):
    spec = get_spec(name)
    assert name in run(["list"]).output
    rules = run(["rules", name])
    assert rules.exit_code == 0 and rules.output.startswith(f"{spec.title}")


# VEC's games end at the turn cap (30 turns, each with the same phases): 6 turns take a
# human through every phase and the scoring at the cap, for a fifth of the CPU. Kilauea's turns
# and Vulcanus's rounds repeat their phases too: 12 player turns of Kilauea (3 rounds at 4
# players) and 2 of Vulcanus's 6 rounds do the same for a third of the CPU (their natural ends
# are played through the command line by tests/cli/test_cli_screens.py's watched games).
SHORTER = {"vec": ("--option", "turn_cap=6"), "kilauea": ("--option", "turn_cap=12"),
           "vulcanus": ("--option", "turn_cap=2")}


@pytest.mark.parametrize("name", GAMES)
def test_a_human_plays_the_first_move_every_time(name):
    spec = get_spec(name)
    result = run(["play", name, "--players", str(spec.max_players), "--ai", "random", "--seed", "2",
                  *SHORTER.get(name, ())], answers(ones=5000))
    assert result.exit_code == 0 and "Result:" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_arena_match(name):
    spec = get_spec(name)
    agents = ",".join(["random"] * (spec.min_players - 1) + ["heuristic"])
    result = run(["arena", name, "--agents", agents, "--games", "2", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["games"] == 2 and sum(r["wins"] for r in data["results"].values()) == pytest.approx(2)
