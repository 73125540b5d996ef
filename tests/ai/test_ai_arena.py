"""The match runner: Wilson intervals, rotated seats, reproducible series."""
from __future__ import annotations

import pytest

from ai_toygame import toy_game
from vsai.ai.lab.arena import Entrant, play_game, run_series, wilson_interval
from vsai.ai import make_agent


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = wilson_interval(100, 100)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.9630, abs=1e-3)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert wilson_interval(2.5, 5)[0] < 0.5 < wilson_interval(2.5, 5)[1]


def test_series_rotates_seats_and_counts_shares():
    game = toy_game(3)
    result = run_series(game, ["random", ("heuristic", {}), Entrant("random", label="r2")],
                        games=6, seed=4)
    assert len(result.records) == 6
    for entrant in range(3):
        seats = [r.seats.index(entrant) for r in result.records]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]
    assert sum(result.shares()) == pytest.approx(6.0)
    rate, low, high = result.win_rate(1)
    assert low <= rate <= high
    assert "r2" in result.summary()


def test_series_is_reproducible_and_parallel_safe():
    game = toy_game(2)
    first = run_series(game, ["ismcts", "random"], games=6, seed=9, iterations=50)
    again = run_series(game, ["ismcts", "random"], games=6, seed=9, iterations=50, parallel=2)
    assert first.records == again.records


def test_play_game_checks_the_seat_count():
    game = toy_game(3)
    with pytest.raises(ValueError, match="3 seats"):
        play_game(game, [make_agent("random", game)], seed=1)
    with pytest.raises(ValueError, match="unknown agent"):
        run_series(game, ["random", "random", "nobody"], games=1)
