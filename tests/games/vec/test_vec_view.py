"""VecState.view and action_info (issue 10, rules.md "View")."""
from __future__ import annotations

import json
import random

from vsai.core.registry import load_game
from vec_helpers import act, build, random_step

COMMON_KEYS = {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal", "returns",
               "seats", "last_move", "board"}  # docs/protocol.md, "The view"


def _play_to_stage(stage, players=3, seed=4):
    state = load_game("vec", players=players).new_initial_state()
    rng = random.Random(seed)
    while state.to_dict()["stage"] != stage:
        random_step(state, rng)
    return state, rng


def test_view_shows_own_hidden_parts_only_and_the_end_to_all():
    state, rng = _play_to_stage(7)
    d = state.to_dict()
    board = state.view(1)["board"]
    assert board["seats"][1]["objective"]["id"] == d["player_objective"][1]
    assert board["seats"][0]["objective"] is None and board["seats"][0]["ink"] is None
    assert board["seats"][1]["ink"] == d["player_ink"][1]
    assert state.view(None)["board"]["seats"][1]["objective"] is None
    assert len(board["ideas"]) == 6
    while not state.is_terminal():
        random_step(state, rng)
    end = state.view(None)
    assert [seat["score"] for seat in end["seats"]] == state.scores()
    assert all(seat["objective"] is not None for seat in end["board"]["seats"])


def test_the_common_keys_and_the_scores_a_seat_may_see():
    """Exactly the common keys (a seat's view adds its observation); the VP come from the
    hidden objective, so a seat sees its own and nobody else's until the end."""
    state, rng = _play_to_stage(7)
    view = state.view(1)
    assert set(view) == COMMON_KEYS | {"observation"} and set(state.view(None)) == COMMON_KEYS
    assert view["observation"] == state.observation_string(1)
    assert view["phase"] == "Phase I: place quill" and view["round"] == state.to_dict()["turn"] + 1
    assert view["seats"][1] == {"seat": 1, "name": "P2", "side": None, "score": state.scores()[1]}
    assert [s["score"] for s in view["seats"]] == [None, state.scores()[1], None]
    assert [s["score"] for s in state.view(None)["seats"]] == [None, None, None]
    assert view["returns"] is None and not view["terminal"]
    while not state.is_terminal():
        random_step(state, rng)
    end = state.view(0)
    assert end["returns"] == state.returns() and end["phase"] == "game over"
    assert [s["score"] for s in end["seats"]] == state.scores()


def test_the_last_move_hides_a_secret_draw_from_the_others():
    """A card drawn in secret (the set-up's starting draws) is shown to its drawer only."""
    state = load_game("vec", players=3).new_initial_state()
    rng = random.Random(5)
    while state.view(None)["phase"] != "starting draw":
        random_step(state, rng)
    drawer = state.view(None)["board"]["drawing"]["player"]
    draw = state.legal_actions()[0]
    text = state.action_to_string(draw)
    state.apply_action(draw)
    assert text.startswith("draw "), text
    assert state.view(drawer)["last_move"] == {"seat": None, "action": draw, "text": text, "hidden": False}
    hidden = {"seat": None, "action": None, "text": None, "hidden": True}
    for viewer in ((drawer + 1) % 3, (drawer + 2) % 3, None):
        assert state.view(viewer)["last_move"] == hidden


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
    test = state.view(1)["board"]["strength_test"]
    assert test["participants"][0]["sealed"] and test["participants"][0]["bid_ink"] is None
    assert state.view(0)["board"]["strength_test"]["participants"][0]["bid_ink"] == 2
    act(state, "bid 1 ink 0 special")
    test = state.view(None)["board"]["strength_test"]
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
