"""Vulcanus raises only the vsai.ext.errors family: InvalidArgumentError for bad constructor
values and action ids, InvalidStateError for bad JSON (never a bare ValueError or TypeError)."""
from __future__ import annotations

import json

import numpy as np
import pytest

from vsai.core.registry import load_game
from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.vulcanus import engine
from vsai.ext.vulcanus.engine import VulcanusState


@pytest.mark.parametrize("kwargs", [
    {"players": 9}, {"players": 1}, {"players": True}, {"players": 2.0}, {"players": "3"},
    {"turn_cap": 0}, {"turn_cap": 1001}, {"turn_cap": None},
    {"disaster": 4}, {"disaster": -4}, {"disaster": False},
])
def test_bad_constructor_values_raise_invalid_argument(kwargs):
    with pytest.raises(InvalidArgumentError, match=next(iter(kwargs))):
        VulcanusState(**kwargs)


def test_constructor_takes_numpy_integers_and_the_range_ends():
    state = VulcanusState(players=np.int64(engine.MAX_PLAYERS), turn_cap=engine.MAX_TURN_CAP,
                          disaster=-engine.MAX_DISASTER)
    assert state.params() == {"players": 4, "turn_cap": 1000, "disaster": -3}


def _save() -> dict:
    state = load_game("vulcanus", players=3).new_initial_state()
    for _ in range(20):
        state.apply_action(state.legal_actions()[0])
    return json.loads(state.to_json())


def _corrupt(data: dict, key: str, value) -> dict:
    data["state"][key] = value
    return data


@pytest.mark.parametrize("edit", [
    lambda d: _corrupt(d, "stage", 99),
    lambda d: _corrupt(d, "stage", "plan"),
    lambda d: _corrupt(d, "stage", True),
    lambda d: _corrupt(d, "round", [1]),
    lambda d: _corrupt(d, next(k for k, v in d["state"].items() if isinstance(v, list)), [0]),
    lambda d: _corrupt(d, "surprise", 1),
    lambda d: {**d, "state": [1, 2]},
    lambda d: {**d, "state": {k: v for k, v in list(d["state"].items())[1:]}},
    lambda d: _corrupt(d, "winner", 1),                # a winner before the end: inconsistent
])
def test_bad_saved_states_raise_invalid_state(edit):
    game = load_game("vulcanus", players=3)
    with pytest.raises(InvalidStateError):
        game.state_from_json(json.dumps(edit(_save())))


def test_a_refused_load_leaves_the_state_unchanged():
    game = load_game("vulcanus", players=3)
    state = game.new_initial_state()
    before = state.to_json()
    bad = _save()
    bad["state"]["winner"] = 1
    with pytest.raises(InvalidStateError):
        state.load_dict(bad["state"])
    assert state.to_json() == before


@pytest.mark.parametrize("action", [-1, 10 ** 6, 1.5, "1", None, True])
def test_bad_action_ids_raise_invalid_argument(action):
    state = load_game("vulcanus").new_initial_state()
    with pytest.raises(InvalidArgumentError):
        state.action_to_string(action)
