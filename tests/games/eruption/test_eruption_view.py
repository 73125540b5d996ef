"""Eruption's view (what a seat may know, as data), action info and the error contract."""
from __future__ import annotations

import json

import numpy as np
import pytest

from vsai.ext.errors import InvalidArgumentError, InvalidStateError, VsaiError
from vsai.ext.eruption.engine import edge_name, hex_name, seat_name

from eruption_helpers import (CARD, act, body_of, data_of, game, load, position, random_game,
                              rehistory, texts)

OTHER = ["Sinkhole", "Volcanic Bomb", "Reinforce"]


def test_view_keys_and_own_hand_only():
    state = position(3, hands=[["Rain", "Quake", "Relocate"], OTHER, ["Rain", "Rain", "Quake"]])
    view = state.view(0)
    json.dumps(view)
    for key in ("game", "players", "seat", "to_play", "chance", "terminal", "turn", "turn_cap",
                "stage", "current", "start", "end_triggered", "final_turns_left", "seats",
                "temperatures", "tiles", "walls", "tile_stack", "tiles_in_stack", "tiles_out",
                "deck_size", "discards", "wall_supply", "zones", "turn_progress"):
        assert key in view, key
    assert view["seats"][0]["hand"] == {"Quake": 1, "Rain": 1, "Relocate": 1}
    assert view["seats"][1]["hand"] is None and view["seats"][1]["hand_size"] == 3
    assert view["deck_size"] == 29 and "deck" not in view
    assert {"hex": "e5", "kind": "volcano", "rotation": 0,
            "lava": ["NE", "E", "SE", "SW", "W", "NW"]} in view["tiles"]
    spectator = state.view(None)
    assert spectator["seat"] is None and all(s["hand"] is None for s in spectator["seats"])
    assert "Rain" not in json.dumps(spectator["seats"])


def test_view_never_depends_on_hidden_cards():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], OTHER])
    env = data_of(state)
    body = env["state"]
    body["hand"][8 + CARD["Sinkhole"]] -= 1
    body["deck"][CARD["Sinkhole"]] += 1
    body["hand"][8 + CARD["Lava Flow"]] += 1
    body["deck"][CARD["Lava Flow"]] -= 1
    rehistory(body)
    other = load(env)
    assert other.view(0) == state.view(0) and other.view(None) == state.view(None)
    assert other.view(1) != state.view(1)


def test_view_is_kept_by_resample_in_random_games():
    def check(state):
        if state.is_terminal():
            return
        for p in range(state.num_players()):
            assert state.resample(p, 3).view(p) == state.view(p)
        json.dumps(state.view(None))
    random_game(4, 8, check)


def test_action_info_fields():
    state = position(2, hands=[["Rain", "Quake", "Quake"], OTHER])
    infos = {state.action_to_string(a): state.action_info(a) for a in state.legal_actions()}
    assert infos["play Rain"]["kind"] == "play_card" and infos["play Rain"]["card"] == "Rain"
    assert infos["discard Quake for a stone wall"]["material"] == "stone"
    assert infos["discard Quake and Quake for a tile"]["cards"] == ["Quake", "Quake"]
    assert infos["end the card step"]["kind"] == "done"
    act(state, "end the card step")
    info = state.action_info(state.legal_actions()[0])
    assert info["kind"] == "build_wall" and {"edge", "hex", "direction", "village"} <= set(info)
    for a in state.legal_actions():
        json.dumps(state.action_info(a))


def test_action_info_for_tiles_and_chance():
    def check(state):
        if not state.is_terminal():
            for a in state.legal_actions():
                info = state.action_info(a)
                assert info["action"] == a and info["text"] == state.action_to_string(a)
                assert isinstance(info["kind"], str)
                json.dumps(info)
    random_game(3, 4, check)


@pytest.mark.parametrize("call", [
    lambda s: s.action_to_string("x"), lambda s: s.action_to_string(None),
    lambda s: s.action_to_string(1e99), lambda s: s.action_to_string(10**30),
    lambda s: s.action_to_string(-1), lambda s: s.action_to_string(498),
    lambda s: s.observation_string(7), lambda s: s.observation_string("x"),
    lambda s: s.observation_tensor(None), lambda s: s.view(9), lambda s: s.view("P1"),
    lambda s: s.action_info("zzz"), lambda s: s.action_info(10**30), lambda s: s.action_info(497),
    lambda s: s.load_dict([]), lambda s: s.load_dict({"n": 2}), lambda s: s.resample(0, None),
    lambda s: s.resample(0, float("inf")), lambda s: s.legal_actions(99) if False else s.apply_action(1e99),
])
def test_bad_arguments_raise_the_vsai_errors(call):
    state = position(2)
    before = state.clone()
    with pytest.raises(VsaiError):
        call(state)
    assert state == before


def test_module_helpers_and_constructor_refuse_bad_values():
    for f, bad in ((hex_name, 61), (hex_name, "e5"), (edge_name, -1), (edge_name, 10**30),
                   (seat_name, None)):
        with pytest.raises(InvalidArgumentError):
            f(bad)
    assert hex_name(np.int64(30)) == "e5"
    cls = type(position(2))
    for kwargs in ({"players": 7}, {"rain": "yes"}, {"turn_cap": 0}):
        with pytest.raises(InvalidArgumentError):
            cls(**kwargs)


def test_malformed_json_raises_invalid_state():
    env = data_of(position(2))
    env["state"]["hlog"] = env["state"]["hlog"][:-1]
    with pytest.raises(InvalidStateError):
        load(env)
