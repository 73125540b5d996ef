"""Vulcanus's resample keeps, per thread and deck, the record built from the last resample's
raw inputs and its verdicts per deal (hidden.pxi, "resample cache"): a deal comes out the same
whatever the thread resampled before, from the same record, another record, the same record
with the cards elsewhere, or nothing."""
from __future__ import annotations

import random
import threading

from vsai.core import InvalidStateError, load_game, sample_chance

from vulcanus_helpers import data, with_data


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



def _moved_twins(state, limit: int) -> list:
    """Copies of `state` (as many as load, at most `limit`) in which two hidden cards of one
    deck in different places have swapped places: the same record, another deal."""
    d = data(state)
    twins = []
    for first in (0, 9, 18, 27):
        hidden = [c for c in range(first, first + (12 if first == 27 else 9))
                  if d["card_knowledge_blocks"][c] != -1]
        for a in hidden:
            for b in hidden:
                place_a = (d["card_zones"][a], d["card_positions"][a])
                place_b = (d["card_zones"][b], d["card_positions"][b])
                if a >= b or place_a == place_b or len(twins) >= limit:
                    continue
                try:
                    twins.append(with_data(state, card_zones={a: place_b[0], b: place_a[0]},
                                           card_positions={a: place_b[1], b: place_a[1]}))
                except InvalidStateError:
                    pass
    return twins


def test_deals_do_not_depend_on_where_the_cards_lay_before_under_the_same_record():
    # 4 players late, where shuffles are often refused: a cache that ignored the cards' places
    # (checked by hand with such a build) gives other deals in 8 of these 12 twins
    seeds = range(8)
    for state in _late_positions(4, seed=4, count=3):
        twins = _moved_twins(state, limit=4)
        assert twins, "no twin loaded: the test checks nothing"
        fresh = [_in_fresh_thread(twin, seeds) for twin in twins]
        for twin, deals in zip(twins, fresh):
            _deals(state, seeds)        # this thread's cache: the same record, cards elsewhere
            assert _deals(twin, seeds) == deals
