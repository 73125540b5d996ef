"""The fitted opponent model of a belief (ai/fitted_model.py, model="fitted"): the models the
games ship, the policy, and that a world is weighed by the mover's private items in that
world (not in the real state)."""
from __future__ import annotations

import math
import random

import numpy as np
import pytest

from vsai.ai import make_agent
from vsai.ai.belief import FITTED_TEMPERATURE, BeliefSettings, SeatBelief
from vsai.ai.fitted_model import fitted_model
from vsai.core import load_game
from test_ai_belief import assert_twins_alike
from test_ai_opponent_model import _decision

def test_eruption_ships_a_fitted_model_whose_policy_has_the_floor():
    state = _decision("eruption", 2, 3, 30)
    model = fitted_model(state)
    assert model is not None
    mover = state.current_player()
    private = set(int(i) for i in model.features)
    assert private and private <= set(range(len(state.observation_tensor(mover))))
    policy = model.policy(state, mover, 1.0, 0.1)
    legal = state.legal_actions()
    assert len(policy) == len(legal) and sum(policy) == pytest.approx(1.0)
    assert min(policy) >= 0.1 / len(legal) - 1e-12
    assert model.policy(state, 1 - mover, 1.0, 0.1) is None       # not its turn


def test_a_game_without_a_fitted_model_falls_back_to_the_evaluation_model():
    state = _decision("eruption", 3, 4, 30)
    assert fitted_model(state) is None   # no model fitted at 3 players
    mover = state.current_player()
    seat = (mover + 1) % 3
    action = state.legal_actions()[0]
    beliefs = []
    for model in ("eval", "fitted"):
        settings = BeliefSettings(particles=12, temperature=0.05, model=model)
        belief = SeatBelief(seat, state, 7, settings)
        belief.observe(state, mover, state.action_key(seat, action))
        beliefs.append(belief.filter.worlds())
    assert beliefs[0] == beliefs[1]


def _weights_after(worlds, seat: int, mover: int, key: int, settings: BeliefSettings) -> list[float]:
    belief = SeatBelief(seat, worlds[0], 11, settings)
    belief.filter.replace([w.clone() for w in worlds])
    belief.observe(None, mover, key)
    return [w for _, w in belief.filter.indexed_worlds()]


def _likelihoods(model, worlds, seat: int, mover: int, action: int, settings: BeliefSettings) -> list[float]:
    """The fitted policy's probability, in each world, of the key `seat` sees of `action` (a
    centred model's mean: the worlds' private features' mean)."""
    key = worlds[0].action_key(seat, action)
    mean = np.mean([model.private(world, mover) for world in worlds], axis=0)
    out = []
    for world in worlds:
        policy = model.policy(world, mover, settings.temperature, settings.floor, mean)
        out.append(sum(p for a, p in zip(world.legal_actions(), policy) if world.action_key(seat, a) == key))
    return out


def test_each_world_is_weighed_by_the_policy_of_its_own_private_items():
    """The weights after an opponent's move are the fitted policy's likelihood of what the
    seat saw in each world. A model read from the real state instead (or from the seat's own
    view) would weigh every world alike: the weights here differ."""
    game = load_game("eruption", players=2)
    settings = BeliefSettings(particles=12, temperature=FITTED_TEMPERATURE, floor=0.2, model="fitted")
    rng = random.Random(5)
    state = game.new_initial_state()
    for _ in range(400):  # the first decision where the worlds' private items tell apart
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        mover = state.current_player()
        seat = 1 - mover
        if len(legal) > 1:
            worlds = [state] + [state.resample(seat, s) for s in range(settings.particles - 1)]
            model = fitted_model(state)
            for action in legal:
                expected = _likelihoods(model, worlds, seat, mover, action, settings)
                if max(expected) > 1.01 * min(expected):
                    weights = _weights_after(worlds, seat, mover, state.action_key(seat, action), settings)
                    total = sum(expected)
                    assert weights == pytest.approx([e / total for e in expected], rel=1e-9)
                    return
        state.apply_action(rng.choice(legal))
    pytest.fail("no decision where the worlds' private items make a difference")


def test_fitted_is_an_option_of_the_belief_agents_with_its_own_temperature():
    game = load_game("eruption", players=2)
    agent = make_agent("ismcts", game, belief="on", model="fitted", iterations=20)
    assert agent.beliefs.settings.model == "fitted"
    assert agent.beliefs.settings.temperature == FITTED_TEMPERATURE
    assert make_agent("ismcts", game, belief="on", model="fitted", temperature=0.5,
                      iterations=20).beliefs.settings.temperature == 0.5
    assert math.isclose(BeliefSettings.from_options({"model": "fitted"}).temperature, FITTED_TEMPERATURE)


def test_decisions_and_beliefs_with_the_fitted_model_ignore_the_hidden_past():
    """Two histories the seat cannot tell apart (hidden draws edited) give a belief agent
    reading the opponents with the fitted model the same beliefs and analysis (a model that
    weighed the worlds by the real past would fail it)."""
    assert_twins_alike(load_game("eruption", players=2), [("ismcts", {"model": "fitted"})], range(2))
