"""The heuristic evaluation (c_evaluate): well-formed, and good enough to beat random play."""
import pytest

from vsai.core.registry import load_game
from vec_helpers import build, setup_state, play_random


@pytest.mark.parametrize("n", [2, 3, 4])
def test_evaluate_is_a_distribution_and_matches_returns_at_the_end(n):
    state = setup_state(n, seed=n)
    values = state.evaluate()
    assert len(values) == n and all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0)
    play_random(state, 1)
    assert state.evaluate() == pytest.approx(state.returns())


def test_evaluate_prefers_the_player_with_novel_points():
    ahead = build(2, up={0: [20], 1: [21]}, stage=9, to_act=0, first_player=0, activation_index=0,
                  objectives=[0, 1], card_quills={20: 1}, card_quill_owner={20: 0},
                  novel=[(0, {0: 1}), None, None, None])
    assert ahead.evaluate()[0] > 0.6


def test_heuristic_agent_beats_random():
    from vsai.ai.lab.arena import run_series
    game = load_game("vec", players=2)
    result = run_series(game, ["heuristic", "random"], games=12, seed=3)
    shares = [0.0, 0.0]
    for record in result.records:
        for seat, entrant in enumerate(record.seats):
            shares[entrant] += record.returns[seat]
    assert shares[0] >= 9
