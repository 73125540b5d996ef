"""Kilauea for frontends: `view` (the public board, per seat) and `action_info` (what a move
does), both documented in rules.md (issue 10, section 1)."""
import json
import random
import re
from pathlib import Path

import pytest

from kilauea_helpers import R, Y, position
from vsai.core.registry import load_game

RULES = (Path(__file__).resolve().parents[3] / "ext" / "kilauea" / "rules.md").read_text()
COMMON_KEYS = {"game", "players", "seat", "to_play", "chance", "terminal", "phase", "round", "returns",
               "seats", "last_move", "board"}  # the common keys (docs/protocol.md, "The view")


def _section(title):
    return RULES.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def _documented(title):
    return set(re.findall(r"^\| `([a-z_]+)`", _section(title), re.M))


def _states(seed, players=3):
    state = load_game("kilauea", players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
    yield state


def test_view_keys_are_documented():
    documented = _documented("View")
    for state in list(_states(1))[::25]:
        board = state.view(0)["board"]
        assert set(board) <= documented, set(board) - documented
    assert {"winners"} <= documented


def test_the_common_keys_and_a_public_last_move():
    """Exactly the common keys (a seat's view adds its observation). Nothing is hidden after the
    set-up chance and nothing in it either: a set-up draw and a move are shown whole to every
    seat and to a spectator. The seats' scores are the public VP."""
    state = load_game("kilauea", players=2).new_initial_state()
    assert set(state.view(None)) == COMMON_KEYS and set(state.view(1)) == COMMON_KEYS | {"observation"}
    assert state.view(None)["last_move"] is None
    rng = random.Random(3)
    for mover in (None, "a seat"):          # a set-up draw, then the first player move
        while state.is_chance_node() != (mover is None):
            state.apply_action(rng.choice(state.legal_actions()))
        seat = None if mover is None else state.current_player()
        action = state.legal_actions()[-1]
        text = state.action_to_string(action)
        state.apply_action(action)
        for viewer in (0, 1, None):
            assert state.view(viewer)["last_move"] == {"seat": seat, "action": action, "text": text,
                                                       "hidden": False}
    end = list(_states(2, 2))[-1]
    view = end.view(None)
    assert view["terminal"] and view["phase"] == "over" and view["returns"] == end.returns()
    assert [s["score"] for s in view["seats"]] == end.scores()
    assert [s["side"] for s in view["seats"]] == [None, None]
    assert view["round"] == min(view["board"]["turns_completed"] + 1, view["board"]["turn_cap"])


@pytest.mark.parametrize("seed", range(3))
def test_every_seat_sees_the_same_public_board(seed):
    """Nothing is hidden after the set-up chance: views differ only in `seat` (and a seat's
    observation), and resample (which has nothing to redraw) changes none."""
    for state in list(_states(seed, 2 + seed))[::7]:
        spectator = state.view(None)
        assert json.loads(json.dumps(spectator)) == spectator and spectator["seat"] is None
        for seat in range(state.num_players()):
            view = state.view(seat)
            assert state.resample(seat, seed).view(seat) == view
            assert view.pop("observation") == state.observation_string(seat)
            assert {**view, "seat": None} == spectator


def test_view_follows_the_state():
    state = position(3, pawn=3, canoes=[{R: 2}, {Y: 1}, {}], stones=[1, 2, 2], vp=[5, 0, 0])
    view = state.view(1)
    assert [s["score"] for s in view["seats"]] == state.scores() == [5, 0, 0]
    view = view["board"]
    assert view["canoe_pawn"] == {"position": 3, "space": "(2,2)", "sector": "S2", "reef": "R2",
                                  "coral_tile": 2}
    assert view["seats"][0]["canoe"] == {"red": 2, "yellow": 0, "green": 0, "blue": 0}
    assert [s["victory_points"] for s in view["seats"]] == state.scores()
    assert [s["projected_score"] for s in view["seats"]] == state.projected_scores()
    assert view["seats"][0]["holy_stones"] == 1 and state.view(1)["to_play"] == 0
    assert view["volcano"]["S1"]["columns"]["red"] == 1
    assert view["forests"]["F1"]["volcano_tile"] == 6 and view["reefs"]["R3"] == 3
    final = list(_states(4, 2))[-1]
    returns = final.returns()
    assert final.view(None)["board"]["winners"] == [p for p in range(2) if returns[p] > 0]


def test_action_info_says_where_a_move_goes_and_what_it_costs():
    """The issue 15 reproductions: `canoe +3` hides the destination and the stone cost, `cut
    F2.a2` the colour, `coral 2` / `coral 10` the effect."""
    state = position(3, pawn=-1, canoes=[{R: 4}, {}, {}], stones=[2, 2, 2])
    info = state.action_info(state.string_to_action("canoe +3"))
    assert info["kind"] == "move" and info["stone_cost"] == 2 and info["steps"] == 3
    assert info["to"]["space"] == "(2,1)" and info["to"]["sector"] == "S2"
    assert info["from"]["space"] == "start"
    state = position(3, pawn=2, forests={1: {"a2": Y}}, canoes=[{}, {}, {}])
    state.apply_action("canoe +1")
    cut = state.action_info(state.string_to_action("cut F2.a2"))
    assert cut["colour"] == "yellow" and cut["from"] == {"place": "forest", "forest": "F2", "space": "a2"}
    state.apply_action("cut F2.a2")
    if state.phase() == "cut2":
        state.apply_action("stop")
    coral = state.action_info(state.string_to_action("coral 2"))
    assert coral["effect"] == "take 2 holy stones" and coral["stone_cost"] == 0
    assert coral["stones_gained"] == 2 and coral["tile_number"] == 2 and coral["side"] == "coral"


def test_every_legal_action_has_info_of_its_family():
    documented = _documented("Action info")
    for state in list(_states(5, 4))[::3]:
        for action in state.legal_actions():
            info = state.action_info(action)
            assert info["action"] == action and info["text"] == state.action_to_string(action)
            assert json.loads(json.dumps(info)) == info
            assert set(info) - {"action", "text"} <= documented, set(info) - documented
            if info["kind"] == "activate":
                assert info["effect"] and info["stone_cost"] >= 0
            if info["kind"] == "move":
                assert info["to"]["position"] >= 0
