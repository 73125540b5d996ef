"""VecState.view and action_info (issue 10, rules.md "View")."""
from __future__ import annotations

import json
import random

from vsai.core.registry import load_game
from vec_helpers import act, build, random_step


def test_view_shows_own_hidden_parts_only_and_the_end_to_all():
    state = load_game("vec", players=3).new_initial_state()
    rng = random.Random(4)
    while state.to_dict()["stage"] != 7:
        random_step(state, rng)
    d = state.to_dict()
    view = state.view(1)
    assert view["seats"][1]["objective"]["id"] == d["player_objective"][1]
    assert view["seats"][0]["objective"] is None and view["seats"][0]["ink"] is None
    assert view["seats"][1]["ink"] == d["player_ink"][1]
    assert state.view(None)["seats"][1]["objective"] is None
    assert len(view["ideas"]) == 6 and view["scores"] is None
    while not state.is_terminal():
        random_step(state, rng)
    end = state.view(None)
    assert end["scores"] == state.scores()
    assert all(seat["objective"] is not None for seat in end["seats"])


def test_sealed_bids_show_as_sealed_to_the_others_and_strengths_at_the_reveal():
    # P1 (Compare card) against P2's face-up card; both have ink, so the bids are sealed
    state = build(2, up={0: [1, 20], 1: [7]}, card_quills={1: 1}, card_quill_owner={1: 0},
                  stage=9, to_act=0, first_player=0, activation_index=0, objectives=[0, 1])
    act(state, "activate red Vampire Comedy")
    while state.legal_action_strings()[0] == "no more special points":
        act(state, "no more special points")
        if state.to_dict()["stage"] != 10:
            break
    act(state, "compare with green Vampire Comedy")
    while state.to_dict()["stage"] == 10:
        act(state, "no more special points")
    act(state, "bid 2 ink 0 special")
    test = state.view(1)["strength_test"]
    assert test["participants"][0]["sealed"] and test["participants"][0]["bid_ink"] is None
    assert state.view(0)["strength_test"]["participants"][0]["bid_ink"] == 2
    act(state, "bid 1 ink 0 special")
    test = state.view(None)["strength_test"]
    assert test["revealed"] and [p["strength"] for p in test["participants"]] == \
        state.to_dict()["strength"][:2]
    assert test["outcome"]


def test_action_info_of_every_legal_move_is_structured():
    kinds = set()
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        state = load_game("vec", players=n).new_initial_state()
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_terminal():
                break
            for a in state.legal_actions()[:40]:
                info = state.action_info(a)
                assert info["action"] == a and info["kind"] and json.dumps(info)
                kinds.add(info["kind"])
                if info["kind"] == "bid":
                    assert info["gain_strength"] == info["ink"] + 3 * info["special_ink"]
            random_step(state, rng)
    assert {"quill_on_idea", "activate", "bid", "turn_face_down", "draw_card"} <= kinds
