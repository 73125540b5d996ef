"""Eruption's heuristic evaluation: public facts only, in [0, 1], the returns at the end."""
from __future__ import annotations

import pytest

from eruption_helpers import rehistory, CARD, data_of, game, load, position, rot_of


def test_evaluation_sums_to_one_and_favours_the_cooler_safer_village():
    state = position(2, temps=[100, 0])
    values = state.evaluate()
    assert sum(values) == pytest.approx(1.0) and values[1] > values[0]
    # lava at P2's village (V3: i2 SE) makes P2's prospects worse
    calm = position(2)
    threat = position(2, tiles=[("i2", "dead end", rot_of("dead end", ["SE"]))])
    assert threat.evaluate()[1] < calm.evaluate()[1]


def test_evaluation_ignores_hidden_hands():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    env = data_of(state)
    body = env["state"]
    body["hands"][8 + CARD["Sinkhole"]] -= 1
    body["deck"][CARD["Sinkhole"]] += 1
    body["hands"][8 + CARD["Rain"]] += 1
    body["deck"][CARD["Rain"]] -= 1
    rehistory(body)
    assert load(env).evaluate() == state.evaluate()


def test_evaluation_at_the_end_is_the_result():
    end = game(3).new_initial_state().random_playout(2)
    assert end.evaluate() == end.returns()
