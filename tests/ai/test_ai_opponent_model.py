"""The search opponent model of a belief (ai/opponent_model.py, model="search") and the
filter's update with given move probabilities (ParticleFilter.observe_with)."""
from __future__ import annotations

import math
import random

import pytest

from vsai.ai import make_agent
from vsai.ai.belief import BeliefSettings, SeatBelief
from vsai.ai.opponent_model import search_policies, search_policy
from vsai.core import load_game
from vsai.ext import search as kernel
from vsai.ext.belief import ParticleFilter, floored_softmax
from vsai.ext.errors import InvalidArgumentError
from test_ai_belief import _history

# The search model's fairness (two pasts the seat cannot tell apart give the same beliefs and
# decisions) is tests/ai/test_ai_belief.py's twin test, whose agents include it.


def _decision(name: str, players: int, seed: int, plies: int):
    """A state of a seeded random game at a player's decision with a choice."""
    game = load_game(name, players=players)
    state = game.new_initial_state()
    for action in _history(game, seed, plies):
        state.apply_action(action)
    rng = random.Random(seed)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(options))
    return state


def test_a_search_policy_is_a_distribution_with_the_floor_and_follows_the_search():
    state = _decision("vulcanus", 2, 3, 40)
    player = state.current_player()
    legal = state.legal_actions()
    policy = search_policy(state, player, 200, 0.05, 0.1, seed=4)
    assert policy is not None and len(policy) == len(legal)
    assert sum(policy) == pytest.approx(1.0)
    assert min(policy) >= 0.1 / len(legal) - 1e-12
    assert max(policy) > 2 * min(policy)                        # the search preferred some moves
    assert policy == search_policy(state, player, 200, 0.05, 0.1, seed=4)  # same seed, same policy
    assert search_policy(state, 1 - player, 200, 0.05, 0.1, seed=4) is None  # not its turn
    # a hotter softmax is flatter
    warm = search_policy(state, player, 200, 1.0, 0.1, seed=4)
    assert max(warm) - min(warm) < max(policy) - min(policy)


def test_worlds_alike_for_the_mover_share_one_search():
    state = _decision("vec", 2, 5, 30)
    player = state.current_player()
    seat = 1 - player
    worlds = [(state.resample(seat, s), 1.0) for s in range(6)] + [(state, 0.0)]
    policies = search_policies(worlds, player, 20, 0.1, 0.2, seed=1)
    assert policies[-1] is None                                  # no weight: no search
    by_view: dict[str, list[float]] = {}
    for (world, _), policy in zip(worlds[:-1], policies):
        assert by_view.setdefault(world.observation_string(player), policy) == policy


def test_worlds_that_differ_for_the_mover_share_the_search_seed():
    """Common random numbers: every world's search runs with the same seed, so the noise the
    searches share cancels in the worlds' likelihood ratios (docs/agents.md)."""
    state = _decision("eruption", 2, 5, 30)
    player = state.current_player()
    seat = 1 - player
    worlds = [state.resample(seat, s) for s in range(8)]
    views = {w.observation_string(player) for w in worlds}
    assert len(views) > 1                                        # worlds the mover tells apart
    policies = search_policies([(w, 1.0) for w in worlds], player, 40, 0.1, 0.2, seed=3)
    for world, policy in zip(worlds, policies):
        assert policy == search_policy(world, player, 40, 0.1, 0.2, seed=3)


def test_observe_with_weighs_each_world_by_the_probability_of_the_seen_move():
    """A public move: each world's weight is multiplied by the probability its policy gives
    the move, then normalised; a world whose policy gives it nothing is dropped."""
    state = _decision("kilauea", 2, 7, 10)          # no hidden information: every move public
    player = state.current_player()
    seat = 1 - player
    legal = state.legal_actions()
    action = legal[0]
    key = state.action_key(seat, action)
    assert all(state.action_key(seat, a) != key for a in legal[1:])  # the move is public
    n = len(legal)
    rest = [1.0] * (n - 1)
    worlds = [state.clone(), state.clone(), state.clone()]
    pf = ParticleFilter(worlds, seat, 1)
    assert pf.observe_with(player, key, [[3.0] + rest, [1.0] + rest, [0.0] + rest]) == 2
    weights = [w for _, w in pf.indexed_worlds()]
    like = [3.0 / (n + 2), 1.0 / n]
    assert weights[:2] == pytest.approx([like[0] / sum(like), like[1] / sum(like)])
    assert weights[2] == 0.0
    with pytest.raises(ValueError, match="policy"):
        pf.observe_with(player, key, [[1.0]])


def test_the_model_options_are_checked_and_default_to_eval():
    game = load_game("vec", players=2)
    assert BeliefSettings().model == "eval"
    agent = make_agent("ismcts", game, belief="on", model="search", model_iterations=5)
    assert agent.beliefs.settings.model == "search" and agent.beliefs.settings.model_iterations == 5
    with pytest.raises(InvalidArgumentError, match="model"):
        make_agent("ismcts", game, belief="on", model="oracle")
    with pytest.raises(InvalidArgumentError, match="belief=on"):
        make_agent("ismcts", game, model="search")


def test_a_search_model_belief_keeps_the_seats_view_in_every_world():
    game = load_game("eruption", players=2)
    state = game.new_initial_state()
    rng = random.Random(2)
    seat = 0
    belief = SeatBelief(seat, state, 7, BeliefSettings(particles=8, model="search", model_iterations=4))
    for _ in range(60):
        if state.is_terminal():
            break
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        action = rng.choice(options)
        belief.observe(state, state.current_player(), state.action_key(seat, action))
        state.apply_action(action)
    worlds = belief.filter.worlds()
    assert worlds and sum(w for _, w in worlds) == pytest.approx(1.0)
    assert all(w.observation_string(seat) == state.observation_string(seat) for w, _ in worlds)


def test_one_floored_softmax_serves_both_models():
    """`floored_softmax` is the softmax with its floor; the eval model weighs a world by it
    over the mover's one-ply evaluations, the search model over its search's values."""
    probs = floored_softmax([0.2, 0.5, 0.3], 0.1, 0.3)
    odds = [math.exp((v - 0.5) / 0.1) for v in (0.2, 0.5, 0.3)]
    assert probs == pytest.approx([0.7 * o / sum(odds) + 0.1 for o in odds])
    assert floored_softmax([], 0.1, 0.3) == []
    with pytest.raises(ValueError, match="temperature"):
        floored_softmax([1.0], 0.0, 0.3)
    # The eval model: two different public positions of the same player, one move seen.
    worlds = [_decision("kilauea", 2, seed, 12) for seed in (7, 8)]
    player = worlds[0].current_player()
    assert worlds[1].current_player() == player and worlds[0] != worlds[1]
    action = next(a for a in worlds[0].legal_actions() if a in worlds[1].legal_actions())
    seat = 1 - player

    def likelihood(world):
        values = []
        for a in world.legal_actions():
            after = world.clone()
            after.apply_action(a)
            values.append(after.evaluate()[player])
        return floored_softmax(values, 0.05, 0.2)[world.legal_actions().index(action)]

    expected = [likelihood(w) for w in worlds]
    pf = ParticleFilter([w.clone() for w in worlds], seat, 1, 0.05, 0.2)
    assert pf.observe(player, worlds[0].action_key(seat, action)) == 2
    weights = [w for _, w in pf.indexed_worlds()]
    assert weights == pytest.approx([e / sum(expected) for e in expected])
    # The search model: its policy is floored_softmax of the root values.
    state = _decision("vulcanus", 2, 3, 40)
    searcher = kernel.Searcher(state, kernel.SearchMode.SO, 4, max_nodes=4096)
    searcher.run(50)
    values = {a: v for a, visits, v, _ in searcher.root_stats() if visits}
    worst = min(values.values())
    legal = state.legal_actions()
    assert search_policy(state, state.current_player(), 50, 0.05, 0.2, seed=4) == pytest.approx(
        floored_softmax([values.get(a, worst) for a in legal], 0.05, 0.2))


def test_the_search_model_defaults_to_its_own_warmer_temperature():
    from vsai.ai.belief import SEARCH_TEMPERATURE
    game = load_game("vec", players=2)
    assert SEARCH_TEMPERATURE > BeliefSettings().temperature
    agent = make_agent("ismcts", game, belief="on", model="search")
    assert agent.beliefs.settings.temperature == SEARCH_TEMPERATURE
    agent = make_agent("ismcts", game, belief="on", model="search", temperature=0.1)
    assert agent.beliefs.settings.temperature == 0.1
    assert make_agent("ismcts", game, belief="on").beliefs.settings.temperature == BeliefSettings().temperature
