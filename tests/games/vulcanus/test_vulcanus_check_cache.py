"""Vulcanus's resample remembers each thread's verdicts per deal for the last record of each
deck (hidden.pxi, "verdict cache"): a deal comes out the same whatever the thread resampled
before, from the same record, another record or nothing."""
from __future__ import annotations

import random
import threading

from vsai.core import load_game, sample_chance


def _late_positions(players: int, seed: int, count: int) -> list:
    """`count` player decisions from the second half of a seeded random game."""
    rng = random.Random(seed)
    state = load_game("vulcanus", players=players).new_initial_state()
    decisions = []
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = sample_chance(state, rng) if chance else rng.choice(state.legal_actions())
        decisions += [] if chance else [state.clone()]
        state.apply_action(action)
    half = decisions[len(decisions) // 2:]
    return [half[i * len(half) // count] for i in range(count)]


def _deals(state, seeds) -> list[bytes]:
    return [state.resample(seat, seed)._raw_bytes()
            for seed in seeds for seat in range(state.num_players())]


def _in_fresh_thread(state, seeds) -> list[bytes]:
    """The deals as a thread that never resampled before makes them (an empty cache)."""
    out: list[list[bytes]] = []
    worker = threading.Thread(target=lambda: out.append(_deals(state, seeds)))
    worker.start()
    worker.join()
    return out[0]


def test_deals_do_not_depend_on_what_the_thread_resampled_before():
    seeds = range(12)
    for players in (2, 4):
        positions = _late_positions(players, seed=players, count=3)
        fresh = [_in_fresh_thread(state, seeds) for state in positions]
        # this thread: each position twice (a warm cache), interleaved with the others
        # (a record change for every deck), then backwards
        for order in (positions + positions, positions[::-1]):
            for state in order:
                assert _deals(state, seeds) == fresh[positions.index(state)]
