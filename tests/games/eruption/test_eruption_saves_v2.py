"""Version-2 saves of Eruption, written with the version-2 engine, keep loading.

Each file in saves_v2/ holds the actions that reach a position (set-up, a tile's rotation, a
hidden card draw, a wall test, the card and wall steps, the end), its game parameters and the
version-2 JSON of that position; shared_eruption.json is a copy of the project's shared save.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vsai.core import load_game, state_from_json
from vsai.ext.eruption.engine import EruptionState

SAVES = Path(__file__).parent / "saves_v2"
REPLAYED = sorted(p for p in SAVES.glob("*.json") if p.name != "shared_eruption.json")


def test_the_saves_cover_every_phase():
    stages = {json.loads(p.read_text())["v2"]["state"]["stage"] for p in REPLAYED}
    # deal, temperature test, tile rotation, card draw, card step, wall step, game over
    assert {0, 2, 5, 9, 10, 20, 23} <= stages


@pytest.mark.parametrize("path", REPLAYED, ids=lambda p: p.stem)
def test_a_v2_save_loads_as_the_state_its_actions_reach(path):
    save = json.loads(path.read_text())
    assert save["v2"]["version"] == 2
    loaded = state_from_json(json.dumps(save["v2"]))
    replayed = load_game("eruption", **save["params"]).new_initial_state()
    replayed.apply_actions(save["actions"])
    assert loaded == replayed
    assert loaded.legal_actions() == replayed.legal_actions()
    assert load_game("eruption", **save["params"]).state_from_json(json.dumps(save["v2"])) == replayed
    upgraded = EruptionState.upgrade_v2(save["v2"]["state"], save["params"])
    assert list(upgraded) == list(replayed.to_dict())     # every field renamed, in order


def test_the_shared_v2_save_loads_and_round_trips():
    loaded = state_from_json((SAVES / "shared_eruption.json").read_text())
    assert json.loads(loaded.to_json())["version"] == 3
    again = state_from_json(loaded.to_json())
    assert again == loaded
    assert again.observation_string(0) == loaded.observation_string(0)
