"""Checks that a game's version-2 saves still load (shared by the games' tests).

A game's tests/games/<game>/saves_v2/ holds, written with the engine of JSON version 2,
files `{"actions", "params", "seed", "v2"}` (a seeded random game's actions and the v2 JSON
of the state they reach) and shared.json, a copy of /work/shared/saves/v2/<game>.json.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from vsai.core.registry import load_game
from vsai.ext.state import JSON_VERSION


def replay_saves(folder: Path) -> list[str]:
    """The names of the replayable saves in `folder` (all but shared.json)."""
    return sorted(p.name for p in folder.glob("*.json") if p.name != "shared.json")


def check_replay_save(game_name: str, path: Path) -> None:
    """The v2 JSON of `path` loads as the state its actions reach."""
    save = json.loads(path.read_text())
    assert save["v2"]["version"] == 2
    game = load_game(game_name, **save["params"])
    replayed = game.new_initial_state()
    for action in save["actions"]:
        replayed.apply_action(action)
    loaded = game.state_from_json(json.dumps(save["v2"]))
    assert loaded == replayed
    assert loaded.legal_actions() == replayed.legal_actions()


def check_shared_save(game_name: str, path: Path) -> None:
    """The shared v2 save loads, saves in the current version and loads back equal."""
    text = path.read_text()
    game = load_game(game_name, **json.loads(text)["params"])
    state = game.state_from_json(text)
    assert json.loads(state.to_json())["version"] == JSON_VERSION
    assert game.state_from_json(state.to_json()) == state


def v2_save_tests(game_name: str, folder: Path) -> tuple:
    """The two tests of a game's saves_v2/ folder, for its test module to bind by name."""
    @pytest.mark.parametrize("name", replay_saves(folder))
    def test_v2_save_loads_as_the_replayed_state(name):
        check_replay_save(game_name, folder / name)

    def test_shared_v2_save_loads_and_saves_in_the_current_version():
        check_shared_save(game_name, folder / "shared.json")

    return test_v2_save_loads_as_the_replayed_state, test_shared_v2_save_loads_and_saves_in_the_current_version
