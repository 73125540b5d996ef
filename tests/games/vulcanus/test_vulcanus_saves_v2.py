"""Version-2 saves of Vulcanus (written before the JSON field names changed) still load.

Each file in saves_v2/ holds the actions of a seeded game, its params and the engine's
version-2 JSON at that point; loading the JSON must give the state the actions reach today.
shared.json is the project's reference save (/work/shared/saves/v2/vulcanus.json)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vsai.core.registry import load_game
from vsai.ext.state import JSON_VERSION

SAVES = Path(__file__).parent / "saves_v2"
REPLAYED = sorted(p for p in SAVES.glob("*.json") if p.name != "shared.json")


def test_the_saves_cover_every_phase():
    stages = {json.loads(p.read_text())["v2"]["state"]["stage"] for p in REPLAYED}
    assert len(REPLAYED) >= 5
    assert {4, 10, 12, 36} <= stages      # set-up (roles), planning, Kaiju planning, the end


@pytest.mark.parametrize("path", REPLAYED, ids=lambda p: p.stem)
def test_v2_save_loads_as_the_replayed_state(path):
    save = json.loads(path.read_text())
    assert save["v2"]["version"] == 2
    game = load_game("vulcanus", **save["params"])
    replayed = game.new_initial_state()
    for action in save["actions"]:
        replayed.apply_action(action)
    loaded = game.state_from_json(json.dumps(save["v2"]))
    assert loaded == replayed
    assert loaded.legal_actions() == replayed.legal_actions()
    assert loaded.to_json() == replayed.to_json()


def test_shared_v2_save_loads_and_writes_the_current_version():
    data = json.loads((SAVES / "shared.json").read_text())
    assert data["version"] == 2
    game = load_game("vulcanus", **data["params"])
    state = game.state_from_json(json.dumps(data))
    written = json.loads(state.to_json())
    assert written["version"] == JSON_VERSION
    assert game.state_from_json(state.to_json()) == state
