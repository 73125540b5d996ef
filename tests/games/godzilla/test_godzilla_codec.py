"""The action codec's table (codec.pxi): the families tile the ids 0..870 without gaps, at the
first ids every saved game and record uses (rules.md, "Action encoding")."""
from __future__ import annotations

import pytest

from vsai.core.errors import InvalidArgumentError
from vsai.ext.godzilla import engine

# the first ids of rules.md's "Action encoding" table
FIRST_IDS = {"done": 0, "footprint": 1, "route tile": 30, "tank": 180, "high-voltage": 151,
             "tank move": 209, "reroll": 383, "movement group": 389, "heat-ray group": 404,
             "order": 434, "step": 436, "heat ray": 465, "awakening": 469, "evacuation": 471}


def test_the_families_tile_every_id_in_order():
    first = 0
    for _, start, size, _ in engine.ACTION_FAMILIES:
        assert start == first
        first += size
    assert first == engine.NUM_DISTINCT_ACTIONS == 871


def test_the_first_ids_are_those_of_saved_games():
    firsts = {}
    for kind, start, _, _ in engine.ACTION_FAMILIES:
        firsts.setdefault(kind, start)
    assert {k: firsts[k] for k in FIRST_IDS} == FIRST_IDS
    assert [start for kind, start, _, _ in engine.ACTION_FAMILIES if kind == "support card"] == [146, 147]


def test_action_family_names_each_id_and_refuses_others():
    assert engine.action_family(0) == "done"
    assert engine.action_family(146) == engine.action_family(150) == "support card"
    assert engine.action_family(870) == "evacuation"
    with pytest.raises(InvalidArgumentError):
        engine.action_family(871)
