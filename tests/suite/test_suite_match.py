"""`[suite] match = true`: one match as `vsai arena` plays it, seeded by the suite seed."""
import re

import pytest

from vsai.ai.lab.arena import Entrant, run_series
from vsai.ai.lab.suite import SuiteError, parse_suite, play_task
from vsai.core import load_game

MATCH = """
[suite]
seed = 5
games_per_cell = 3
match = true
matchups = [["fast", "random", "fast'"]]

[[games]]
name = "kilauea"
players = [3]

[[agents]]
label = "fast"
name = "ismcts"

[[agents]]
label = "random"
name = "random"

[[agents]]
label = "fast'"
name = "ismcts"

[[budgets]]
iterations = 20
"""


def test_a_match_plays_the_series_of_its_seed_seat_by_seat():
    suite = parse_suite(MATCH)
    (cell,) = suite.cells
    assert cell.seed == 5 and cell.seating(1) == ("random", "fast'", "fast")
    records = [play_task(task) for task in suite.tasks(cell, range(3))]
    series = run_series(load_game("kilauea", players=3), ["ismcts", "random", Entrant("ismcts")],
                        games=3, seed=5, iterations=20)
    assert [tuple(r["actions"]) for r in records] == [g.actions for g in series.records]
    assert [r["seats"] for r in records][:2] == [["fast", "random", "fast'"], ["random", "fast'", "fast"]]


@pytest.mark.parametrize("change, message", [
    (("iterations = 20", "iterations = 20\n[[budgets]]\niterations = 30"), "a match (match = true) is one game"),
    (('[["fast", "random", "fast\'"]]', '"pairs"'), "a match (match = true) is one game"),
    (("match = true", "match = 1"), "match must be true or false"),
])
def test_a_match_is_one_cell(change, message):
    with pytest.raises(SuiteError, match=re.escape(message)):
        parse_suite(MATCH.replace(*change))
