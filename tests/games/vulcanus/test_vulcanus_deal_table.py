"""Vulcanus's table of allowed deals (hidden.pxi, "table of the allowed deals"): when all of a
resample's shuffles of a deck are refused, the deal comes from a table of the classes the
check accepts, by weight, so that resample is uniform over the deals the record allows (the
random history it replaces was not); past its caps the random history stays."""
from __future__ import annotations

import random
from collections import Counter

from vulcanus_helpers import allowed_hidden_deals, data, hidden_deal, history_probe, random_step
from vsai.core.registry import load_game

B_DECK = 1          # letter group B's deck: cards 9..17, never the Kaiju's (seat 0)


def _position(players: int, seed: int, steps: int):
    """The state after `steps` seeded random steps from the start."""
    rng = random.Random(seed)
    state = load_game("vulcanus", players=players).new_initial_state()
    for _ in range(steps):
        random_step(state, rng)
    return state


def _late_positions():
    """Late 4-player positions where most shuffles of some letter deck are refused."""
    return [_position(4, 2, steps) for steps in (250, 270, 315)]


def test_resample_is_uniform_over_the_allowed_deals():
    # Late in a 4-player game, about 4 in 5 shuffles of group B's deck are refused, so a third
    # of the resamples take the fallback. Each class of the allowed deals must come out in
    # proportion to its labelled deals (a chi-square over the 21 classes, 20 degrees of
    # freedom: 45.3 is its 0.999 quantile). The random history of the build before gives 130
    # here, the table's pick 15
    state = _position(4, 2, 250)
    cards = list(range(9, 18))
    allowed, _ = allowed_hidden_deals(state, cards)
    assert len(allowed) == 21
    draws = 3000
    made = Counter(hidden_deal(data(state.resample(0, seed)), cards) for seed in range(draws))
    assert set(made) <= set(allowed)
    total = sum(allowed.values())
    chi_square = sum((made[deal] - draws * w / total) ** 2 / (draws * w / total)
                     for deal, w in allowed.items())
    assert chi_square < 45.3, chi_square


def test_the_table_lists_exactly_the_classes_the_check_accepts():
    # Each listed class passes the check itself, and of uniform shuffles (resample's
    # proposals), the check accepts exactly those whose class is listed. The table is built
    # with the record's memo of past rounds (shared by the deals of one record), the check
    # here without it
    probe = history_probe()
    accepted = shuffles = 0
    for state in _late_positions() + [_position(3, 1, 200), _position(2, 3, 260)]:
        for deck in (0, 1, 2, 3):
            if deck < 3 and deck >= (3 if state.num_players() == 4 else 2):
                continue
            listed, refused_listed, ok, unlisted, listed_refused = probe.table_agreement(
                state._raw_bytes(), deck, 400, deck + 1)
            assert listed > 0
            assert (refused_listed, unlisted, listed_refused) == (0, 0, 0), (deck, listed)
            accepted += ok
            shuffles += 400
    assert 0 < accepted < shuffles - 500, (accepted, shuffles)     # many refused: not trivial


def test_past_the_cap_resample_builds_a_random_history_instead():
    # With a table of at most one class, or at most five classes checked, the table is not
    # built and the fallback is the random history: still only allowed deals, and other deals
    # than the table's pick on the same seeds
    probe = history_probe()
    state = _position(4, 2, 250)
    raw = state._raw_bytes()
    caps = probe.set_table_caps(1, 4096)
    try:
        assert probe.table_agreement(raw, B_DECK, 0, 0)[0] == -1
        assert probe.set_table_caps(1024, 5) == (1, 4096)
        assert probe.table_agreement(raw, B_DECK, 0, 0)[0] == -1
        capped = [probe.resample_raw(raw, 0, seed) for seed in range(60)]
    finally:
        probe.set_table_caps(*caps)
    assert probe.table_agreement(raw, B_DECK, 0, 0)[0] == 21
    table = [probe.resample_raw(raw, 0, seed) for seed in range(60)]
    assert table == [state.resample(0, seed)._raw_bytes() for seed in range(60)]
    for deal in capped:
        assert probe.history_checks(deal, B_DECK)[0]
    cards = list(range(9, 18))
    twin = state.clone()

    def b_deal(raw_deal: bytes):
        twin._set_raw_bytes(raw_deal)
        return hidden_deal(data(twin), cards)
    assert len({b_deal(x) for x in capped}) > 3
    assert sum(x != y for x, y in zip(capped, table)) >= 10
