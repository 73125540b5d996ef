"""A quick fixed-seed strength check: ismcts beats random on Kilauea."""
from __future__ import annotations

import pytest

from vsai.ai.lab.arena import run_series
from vsai.core import list_games, load_game


@pytest.mark.skipif("kilauea" not in list_games(), reason="Kilauea is not built")
def test_ismcts_beats_random_on_kilauea():
    game = load_game("kilauea", players=2)
    result = run_series(game, ["ismcts", "random"], games=4, seed=3, iterations=150)
    assert result.win_rate(0)[0] >= 0.75
