"""benchmarks/search_speed.py measures from the opening or later in a random game, for every game."""
from __future__ import annotations

import pytest

from vsai.core import list_games, load_game

from benchmark_scripts import load_benchmark  # tests/support

search_speed = load_benchmark("search_speed")


@pytest.mark.parametrize("name", list_games())
def test_a_late_position_is_a_decision_further_into_the_same_seeded_game(name):
    game = load_game(name)
    assert search_speed.position(game, 0.0, 3) == search_speed.opening(game, 3)
    late = search_speed.position(game, 0.7, 3)
    assert not late.is_terminal() and not late.is_chance_node()
    assert late == search_speed.position(game, 0.7, 3)          # the seed fixes it
    assert late != search_speed.opening(game, 3)
    last = search_speed.position(game, 1.0, 3)                   # the last decision of the game
    assert not last.is_terminal() and not last.is_chance_node()
