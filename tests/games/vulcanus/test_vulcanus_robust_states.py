"""Vulcanus: every state the engine or resample writes loads back (the generic state fuzz is
tests/robustness/test_robust_states.py)."""
from __future__ import annotations


def test_states_written_by_the_engine_and_by_resample_load_back_at_every_disaster_level():
    import random

    from vsai.core import state_from_json
    from vsai.core.registry import load_game
    for disaster in range(-3, 4):
        players = 2 + (disaster + 3) % 3
        state = load_game("vulcanus", players=players, disaster=disaster).new_initial_state()
        rng = random.Random(disaster)
        while not state.is_terminal():
            if rng.random() < 0.1:
                assert state_from_json(state.to_json()) == state
                for seat in range(players):
                    state_from_json(state.resample(seat, rng.randrange(1000)).to_json())
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
