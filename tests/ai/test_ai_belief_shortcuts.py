"""The belief's shortcuts (ext/belief.pyx) change its cost, never what it computes: the same
worlds and weights as the slow reference path, move for move."""
from __future__ import annotations

import random

import pytest

from vsai.ai.base import mix_seed
from vsai.ai.belief import BeliefSettings, SeatBelief
from vsai.core import load_game
from vsai.ext.belief import ParticleFilter, mix_seeds

GAMES = [("vec", 2), ("vec", 3), ("vulcanus", 2), ("eruption", 3)]


def _snapshot(belief: SeatBelief) -> list[tuple[bytes, float]]:
    return [(world._raw_bytes(), weight) for world, weight in belief.filter.indexed_worlds()]


@pytest.mark.parametrize("name,players", GAMES)
def test_the_shortcuts_keep_the_worlds_and_weights_of_the_reference_path(name, players):
    """A seeded random game seen by one seat, through the fast belief and the reference one
    (every observation read, the effective size summed in Python): after every move and at
    every decision, the same worlds with bit-identical weights, and fewer observations read."""
    game = load_game(name, players=players)
    seat = 1
    state = game.new_initial_state()
    rng = random.Random(11)
    settings = BeliefSettings(particles=24)
    fast = SeatBelief(seat, state, 5, settings)
    slow = SeatBelief(seat, state, 5, settings, reference=True)
    decisions = differing = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == seat and len(state.legal_actions()) > 1:
            seen = state.observation_string(seat)
            differing += sum(w.observation_string(seat) != seen for w, _ in slow.filter.worlds())
            fast_worlds, slow_worlds = fast.worlds_at(state), slow.worlds_at(state)
            assert [(w._raw_bytes(), p) for w, p in fast_worlds] == [(w._raw_bytes(), p) for w, p in slow_worlds]
            assert fast.effective_size() == slow.effective_size()
            decisions += 1
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        key = state.action_key(seat, action)
        fast.observe(state, player, key)
        slow.observe(state, player, key)
        assert _snapshot(fast) == _snapshot(slow)
        state.apply_action(action)
    assert decisions > 5
    assert fast.filter.observations_read < slow.filter.observations_read
    if name == "vulcanus":  # this game shows some worlds to be wrong only by their observation
        assert differing > 0


def test_mix_seeds_are_mix_seed():
    assert mix_seeds((7, 2, 3), 5) == [mix_seed(7, 2, 3, i) for i in range(5)]
    assert mix_seeds((2**70 + 5, 0), 3) == [mix_seed(2**70 + 5, 0, i) for i in range(3)]
    assert mix_seeds((), 2) == [mix_seed(i) for i in range(2)]


def test_the_distinct_effective_size_counts_copies_once():
    state = load_game("vec", players=2).new_initial_state()
    rng = random.Random(1)
    while not state.is_player_node():  # the deal
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    a, b = state.resample(0, 1), state.resample(0, 2)
    assert a != b
    # a, a copy of a, b: the distinct worlds weigh 2/3 and 1/3
    pf = ParticleFilter([a, a.clone(), b], 0, 1)
    assert pf.distinct_ess == pytest.approx(1 / (4 / 9 + 1 / 9))
    assert pf.ess == pytest.approx(3.0)
    # a weightless world is not counted: b and its copy weigh 1/2, the live copy of a 1/2
    pf.replace([a, b, b.clone(), a.clone()], [0.0, 1.0, 1.0, 2.0])
    assert pf.distinct_ess == pytest.approx(2.0)
