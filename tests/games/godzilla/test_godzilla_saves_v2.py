"""Version-2 saves of Godzilla keep loading: each file in saves_v2/ was written by the engine
of 2026-12-01 (before the JSON field names changed) with the actions that reached it; loading
its `v2` text must give the state those actions reach today, in the game it was played: the
G20 options at their legacy values (GameSpec.saved_params), not the balanced defaults.
`shared.json` is the copy of ../shared/saves/v2/godzilla.json."""
from __future__ import annotations

import json
import pathlib

import pytest

from vsai.core.registry import get_spec, load_game, state_from_json

SAVES = pathlib.Path(__file__).parent / "saves_v2"
REPLAYED = sorted(p for p in SAVES.glob("*.json") if p.name != "shared.json")


def test_the_saves_cover_every_phase():
    assert {p.stem for p in REPLAYED} >= {"setup", "planning", "support-reveal", "reroll",
                                           "evacuation", "return-round", "press-reveal", "end"}


@pytest.mark.parametrize("path", REPLAYED, ids=lambda p: p.stem)
def test_a_v2_save_loads_as_the_state_its_actions_reach(path):
    doc = json.loads(path.read_text())
    assert doc["v2"]["version"] == 2
    game = load_game("godzilla", **get_spec("godzilla").saved_params(doc["params"]))
    replayed = game.new_initial_state()
    replayed.apply_actions(doc["actions"])
    loaded = game.state_from_json(json.dumps(doc["v2"]))
    assert loaded == replayed
    assert loaded.to_json() == replayed.to_json()
    assert state_from_json(json.dumps(doc["v2"])).to_json() == replayed.to_json()


def test_the_shared_v2_save_loads_and_saves_as_version_3():
    doc = json.loads((SAVES / "shared.json").read_text())
    state = state_from_json(json.dumps(doc))
    game = load_game("godzilla", **state.params())
    assert state.params()["status_squares"] == 0         # its G9 table, not the new default
    text = state.to_json()
    assert json.loads(text)["version"] == 3 and "players" in json.loads(text)["state"]
    again = game.state_from_json(text)
    assert again == state and again.to_json() == text
