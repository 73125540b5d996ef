"""benchmarks/search_speed.py measures from the opening or later in a random game, for every game."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from vsai.core import list_games, load_game

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "search_speed.py"
_SPEC = importlib.util.spec_from_file_location("search_speed", _PATH)
search_speed = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(search_speed)


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
