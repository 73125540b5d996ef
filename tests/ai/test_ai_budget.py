"""One Budget, read in one place: every caller gets the level table's budgets, and one
factory (`build_agent`) turns a budget and an agent's options into an agent."""
import dataclasses

import click
import pytest

from vsai.ai import levels
from vsai.ai.budget import Budget, parse_budget
from vsai.ai.lab import suite as suite_module
from vsai.ai.registry import build_agent
from vsai.ai.tree_search import DEFAULT_ITERATIONS
from vsai.cli import options
from vsai.core import get_spec, load_game
from vsai.core.game import Game
from vsai.ext.errors import InvalidArgumentError

# The ladder as the level table gave it before Budget was made one (iterations, seconds a
# move, seconds a turn): written out, so that a change of the reading shows here.
TABLE = {1: (25, 0.5, None), 2: (100, 0.5, None), 3: (400, 1.0, None), 4: (1500, 1.0, None),
         5: (5000, 1.5, None), 6: (15000, 2.0, 1.2), 7: (40000, 3.0, 1.6), 8: (100000, 8.0, 12.0),
         9: (250000, 20.0, 30.0), 10: (1000000, 60.0, 90.0)}
NAMES = ["novice", "beginner", "casual", "amateur", "club", "regular", "strong", "expert", "master",
         "grandmaster"]


def _bounds(budget: Budget) -> tuple:
    return budget.iterations, budget.time_limit, budget.turn_time


@pytest.mark.parametrize("number", sorted(TABLE))
def test_every_caller_reads_a_level_as_the_table_gives_it(number):
    spec = get_spec("kilauea")
    unscaled = dataclasses.replace(spec, level_scale=1.0)
    expected = Budget(*TABLE[number][:2], f"level {number} ({NAMES[number - 1]})", number, TABLE[number][2])
    assert levels.budget(number, unscaled) == expected
    assert parse_budget(level=number, spec=unscaled) == expected          # vsai engine
    assert options.budget(None, None, number, unscaled) == expected       # vsai play --level
    agent = suite_module.AgentEntry(f"level{number}", "ismcts", level=number)
    assert agent.budget(Game(unscaled, {"players": 2})) == expected       # a suite's level agent


def test_a_games_level_scale_scales_the_iterations_only():
    spec = dataclasses.replace(get_spec("kilauea"), level_scale=0.5)
    assert _bounds(parse_budget(level=7, spec=spec)) == (20000, 3.0, 1.6)
    assert _bounds(parse_budget(level=1, spec=dataclasses.replace(spec, level_scale=0.01))) == (1, 0.5, None)


def test_no_bound_is_the_default_level_and_given_bounds_win():
    spec = dataclasses.replace(get_spec("kilauea"), level_scale=1.0)
    assert parse_budget(spec=spec).level == levels.DEFAULT_LEVEL == 7
    assert _bounds(parse_budget(spec=spec)) == TABLE[7]
    assert parse_budget(50) == Budget(50)                                  # no level: the agent's rest
    assert parse_budget(None, 2) == Budget(None, 2.0)
    # A level fills in what is not given; its turn time goes with its own seconds only.
    assert _bounds(parse_budget(50, None, 7, spec)) == (50, 3.0, 1.6)
    assert _bounds(parse_budget(None, 0.5, 7, spec)) == (40000, 0.5, None)
    assert parse_budget(default_level=False) == Budget()
    assert Budget.make(None, None, 123) == Budget(123)


@pytest.mark.parametrize("args, message", [
    ((0,), "iterations must be a whole number from 1"), ((1.5,), "iterations must be"),
    ((True,), "iterations must be"), ((None, float("nan")), "time_limit must be"),
    ((None, 0), "time_limit must be"), ((None, None, 11), "level must be a whole number from 1 to 10"),
    ((None, None, "3"), "level must be"),
])
def test_bad_budgets_are_one_clear_error(args, message):
    with pytest.raises(InvalidArgumentError, match=message):
        parse_budget(*args)


def test_a_callers_own_bounds_are_kept():
    """`vsai engine` allows less than the agents do (100,000,000 iterations, an hour)."""
    with pytest.raises(InvalidArgumentError, match="from 1 to 100,000,000"):
        parse_budget(100_000_001, max_iterations=100_000_000)
    with pytest.raises(InvalidArgumentError, match="at most 3600"):
        parse_budget(None, 3601, max_seconds=3600.0)
    assert parse_budget(1_000_000_000).iterations == 1_000_000_000


def test_the_command_line_refuses_a_level_with_a_budget():
    with pytest.raises(click.UsageError, match="give --level or --iterations/--think-time"):
        options.budget(10, None, 3)
    assert options.budget(10, 0.5, None) == Budget(10, 0.5)


def test_build_agent_lets_the_agents_own_options_win():
    game = load_game("kilauea")
    spec = dataclasses.replace(game.spec, level_search={"playout": "heuristic"})
    tuned = Game(spec, {"players": 2})
    level = levels.budget(3, spec)
    agent = build_agent("ismcts", tuned, seed=4, budget=level)
    assert agent.playout == "heuristic" and agent.budget.iterations == 400 and agent.seed == 4
    agent = build_agent("ismcts", tuned, seed=4, budget=level,
                        options={"playout": "random", "iterations": 7, "think_time": 0.25, "seed": 9})
    assert (agent.playout, agent.budget.iterations, agent.budget.time_limit, agent.seed) == ("random", 7, 0.25, 9)
    # A budget that is no level adds no search options; no budget is the agent's default.
    assert build_agent("ismcts", tuned, seed=1, budget=Budget(50)).playout == "random"
    assert build_agent("ismcts", game, seed=1).budget == Budget(DEFAULT_ITERATIONS)
    with pytest.raises(InvalidArgumentError, match="seed must be"):
        build_agent("random", game, seed=1, options={"seed": -1})
