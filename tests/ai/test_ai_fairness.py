"""Fair agents decide alike in states that differ only in what their seat cannot see."""
from __future__ import annotations

import pytest

from ai_helpers import decision_state, hidden_games
from vsai.ai import make_agent

GAMES = hidden_games()
IDS = [repr(g) for g in GAMES]


def twin_states(game, seed: int):
    """A decision state and a copy with everything its player cannot see redrawn."""
    state = decision_state(game, seed=seed, moves=2 * game.num_players(), min_actions=2)
    player = state.current_player()
    for redraw in range(1, 50):
        other = state.resample(player, redraw)
        if other != state:
            assert other.observation_string(player) == state.observation_string(player)
            assert other.legal_actions() == state.legal_actions()
            return state, other
    pytest.skip("nothing hidden from this player here")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("name, options", [("ismcts", {}), ("ismcts", {"mode": "mo"}),
                                           ("pimc", {}), ("heuristic", {})])
def test_decision_ignores_hidden_information(game, name, options):
    for seed in (1, 2):
        state, other = twin_states(game, seed)
        a = make_agent(name, game, seed=11, iterations=300, **options)
        b = make_agent(name, game, seed=11, iterations=300, **options)
        assert a.analyse(state) == b.analyse(other)
        assert a.step(state) == b.step(other)


def test_cheating_mcts_does_read_hidden_information():
    # The contrast that shows the fairness test can fail: mcts searches the true state.
    game = [g for g in GAMES if g.name == "search-toy"][0]
    differs = False
    for seed in range(1, 8):
        state, other = twin_states(game, seed)
        a = make_agent("mcts", game, seed=11, iterations=300).analyse(state)
        b = make_agent("mcts", game, seed=11, iterations=300).analyse(other)
        differs = differs or a != b
    assert differs
