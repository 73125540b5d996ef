"""Eruption's view (what a seat may know, as data), action info and the error contract."""
from __future__ import annotations

import json

import numpy as np
import pytest

from vsai.ext.errors import InvalidArgumentError, InvalidStateError, VsaiError
from vsai.ext.eruption.engine import edge_name, hex_name, seat_name

from eruption_helpers import (CARD, act, data_of, game, load, position, random_game,
                              rehistory)

OTHER = ["Sinkhole", "Volcanic Bomb", "Reinforce"]


def test_view_keys_and_own_hand_only():
    state = position(3, hands=[["Rain", "Quake", "Relocate"], OTHER, ["Rain", "Rain", "Quake"]])
    view = state.view(0)
    json.dumps(view)
    assert set(view) == {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal",
                         "returns", "seats", "last_move", "observation", "board"}
    assert view["phase"] == "card step" and view["round"] == 1 and view["returns"] is None
    assert view["seats"][2] == {"seat": 2, "name": "P3", "side": None, "score": 0}
    board = view["board"]
    assert set(board) == {"turn_cap", "current", "start", "end_triggered", "final_turns_left", "seats",
                          "temperatures", "tiles", "walls", "tile_stack", "tiles_in_stack", "tiles_out",
                          "deck_size", "discards", "wall_supply", "zones", "turn_progress"}
    assert board["seats"][0]["hand"] == {"Quake": 1, "Rain": 1, "Relocate": 1}
    assert board["seats"][1]["hand"] is None and board["seats"][1]["hand_size"] == 3
    assert board["deck_size"] == 29 and "deck" not in board
    assert {"hex": "e5", "kind": "volcano", "rotation": 0,
            "lava": ["NE", "E", "SE", "SW", "W", "NW"]} in board["tiles"]
    spectator = state.view(None)
    assert spectator["seat"] is None and all(s["hand"] is None for s in spectator["board"]["seats"])
    assert "Rain" not in json.dumps(spectator["board"]["seats"])


def test_view_scores_are_the_temperatures_and_the_returns_come_at_the_end():
    state = position(2, temps=[60, 130])
    assert [s["score"] for s in state.view(1)["seats"]] == [60, 130]
    end, _ = random_game(2, 4)
    view = end.view(None)
    assert view["terminal"] and view["phase"] == "game over" and view["returns"] == end.returns()


def test_the_last_move_hides_another_seats_card_draw():
    state = game(2).new_initial_state()
    act(state, "P1 draws Rain")
    assert state.view(0)["last_move"] == {"seat": None, "action": 8 + CARD["Rain"],
                                          "text": "P1 draws Rain", "hidden": False}
    assert state.view(1)["last_move"] == {"seat": None, "action": None, "text": None, "hidden": True}
    assert state.view(None)["last_move"]["hidden"]


def test_view_never_depends_on_hidden_cards():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], OTHER])
    env = data_of(state)
    body = env["state"]
    body["hands"][8 + CARD["Sinkhole"]] -= 1
    body["deck"][CARD["Sinkhole"]] += 1
    body["hands"][8 + CARD["Lava Flow"]] += 1
    body["deck"][CARD["Lava Flow"]] -= 1
    rehistory(body)
    other = load(env)
    assert other.view(0) == state.view(0) and other.view(None) == state.view(None)
    assert other.view(1) != state.view(1)


def test_view_is_kept_by_resample_in_random_games():
    # every seat at the first state of each phase and then one state in 4 (every state until
    # 2026-12-02): every phase still met, at a third of the cost; the spectator's view at
    # every state
    phases, steps = set(), iter(range(10**6))

    def check(state):
        if state.is_terminal():
            return
        spectator = state.view(None)
        json.dumps(spectator)
        if spectator["phase"] in phases and next(steps) % 4:
            return
        phases.add(spectator["phase"])
        for p in range(state.num_players()):
            assert state.resample(p, 3).view(p) == state.view(p)
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
    env["state"]["card_history"] = env["state"]["card_history"][:-1]
    with pytest.raises(InvalidStateError):
        load(env)
