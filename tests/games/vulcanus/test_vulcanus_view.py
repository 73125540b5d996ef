"""V: the frontend API (issue 10): view(player) and action_info(action); the error family on
bad arguments (issue 14, section 4)."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from vulcanus_helpers import data, draw_wanted, kaiju_hand_twin, plan, random_step, setup_default, with_data
from vsai.core.registry import load_game
from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]
KEYS = {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal", "returns",
        "seats", "last_move", "board"}      # the common keys (docs/protocol.md, "The view")
BOARD_KEYS = {"rounds", "disaster", "winner", "roles", "vulcanus", "squares", "defense", "damage",
              "funds", "budget_track", "investigation_track", "attack_tiles_left", "stock", "events",
              "advanced_events_left", "bonus_tiles", "decks", "slots", "arrangement", "context"}


def test_view_keys_json_and_resample_invariance():
    rng = random.Random(3)
    for players in (2, 3, 4):
        s = load_game("vulcanus", players=players).new_initial_state()
        step, stages = 0, set()
        while not s.is_terminal():
            # every view (the spectator's and each seat's) at the first state of each stage
            # (about 30 a game), at one state in 4 and at the resample's (one in 9); every
            # state until 2026-12-02: every stage seen by every seat, at half the cost
            stage = s.to_dict()["stage"]
            new = stage not in stages
            stages.add(stage)
            for seat in ([None] + list(range(players)) if new or step % 4 == 0 or step % 9 == 0 else []):
                view = s.view(seat)
                assert set(view) == KEYS | ({"observation"} if seat is not None else set())
                assert set(view["board"]) == BOARD_KEYS
                assert [x["side"] for x in view["seats"]] == ["Kaiju"] + ["Humans"] * (players - 1)
                json.dumps(view)
                if seat is not None and step % 9 == 0:
                    assert s.resample(seat, step).view(seat) == view
            random_step(s, rng)
            step += 1
        assert s.view()["board"]["winner"] in ("Kaiju", "Humans")
        assert s.view()["returns"] == s.returns()


def _board(state, seat):
    """The view without its last move (states built from JSON have none)."""
    return {k: v for k, v in state.view(seat).items() if k != "last_move"}


def test_view_never_shows_hidden_cards_or_bonus_tiles():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    other = kaiju_hand_twin(s)
    assert _board(s, 1) == _board(other, 1) and _board(s, None) == _board(other, None)
    assert _board(s, 0) != _board(other, 0)
    kaiju = [x for x in s.view(0)["board"]["decks"] if x["deck"] == "Kaiju"][0]
    assert len(kaiju["hand"]["cards"]) == 5 and kaiju["hand"]["unseen"] == 0
    seen = [x for x in s.view(1)["board"]["decks"] if x["deck"] == "Kaiju"][0]
    assert seen["hand"] == {"cards": [], "unseen": 5}
    # the Humans' planned cards: face down for the Kaiju and for a spectator
    assert [x["card"] for x in s.view(0)["board"]["slots"] if x["deck"] == "A"] == [None] * 3
    assert [x["card"] for x in s.view(1)["board"]["slots"] if x["deck"] == "A"] == A_CARDS
    # undeclared bonus tiles: only the Kaiju sees them
    d = data(s)
    held = [t for t in range(8) if d["bonus_tile_places"][t] == 1]
    box = [t for t in range(8) if d["bonus_tile_places"][t] == 0]
    moved = with_data(s, bonus_tile_places={held[0]: 0, box[0]: 1})
    assert _board(s, 1) == _board(moved, 1) and _board(s, None) == _board(moved, None)
    assert s.view(0)["board"]["bonus_tiles"] != moved.view(0)["board"]["bonus_tiles"]
    assert s.view(1)["board"]["bonus_tiles"] == {"declared": [], "held": 3}


def test_action_info_gives_structured_fields():
    s = setup_default()
    draw_wanted(s, A_CARDS)
    infos = [s.action_info(a) for a in s.legal_actions()]
    plans = [i for i in infos if i["kind"] == "plan"]
    assert {i["card"] for i in plans} >= {"Fire fighting"} and plans[0]["slot"] == "H1"
    asides = [i for i in infos if i["kind"] == "set aside"]
    assert asides and all("card" in i for i in asides)
    plan_ff = [i for i in plans if i["card"] == "Fire fighting"][0]
    s.apply_action(plan_ff["action"])
    assert s.action_info(s.string_to_action("set aside Commands to SDF"))["kind"] == "set aside"
    s.apply_action(s.string_to_action("set aside Commands to SDF"))
    info = s.action_info(s.string_to_action("redraw for 1 fund"))
    assert info["kind"] == "redraw" and info["cost"] == 1 and info["cards"] == 1
    for a in s.legal_actions():
        info = s.action_info(a)
        assert info["action"] == a and info["text"] == s.action_to_string(a)
    rng = random.Random(1)
    kinds = set()
    for _ in range(3000):
        if s.is_terminal():
            break
        if s.is_player_node():
            for a in s.legal_actions():
                info = s.action_info(a)
                kinds.add(info["kind"])
                json.dumps(info)
                if info["kind"] == "move":
                    assert info["from"] != info["to"]
                if info["kind"] in ("fire fighting", "mobilize"):
                    assert info["cost"] == 2
        random_step(s, rng)
    assert {"square", "done", "plan", "move", "fire fighting"} <= kinds
    with pytest.raises(IllegalMoveError):
        setup_default().action_info(719)


@pytest.mark.parametrize("call, error", [
    (lambda s: s.action_to_string("x"), InvalidArgumentError),
    (lambda s: s.action_to_string(True), InvalidArgumentError),
    (lambda s: s.action_to_string(1.5), InvalidArgumentError),
    (lambda s: s.action_to_string(None), InvalidArgumentError),
    (lambda s: s.action_to_string(10 ** 30), InvalidArgumentError),
    (lambda s: s.action_to_string(-1), InvalidArgumentError),
    (lambda s: s.observation_string(None), InvalidArgumentError),
    (lambda s: s.observation_string(10 ** 30), InvalidArgumentError),
    (lambda s: s.observation_tensor("a"), InvalidArgumentError),
    (lambda s: s.view(7), InvalidArgumentError),
    (lambda s: s.view(float("inf")), InvalidArgumentError),
    (lambda s: s.action_info("x"), InvalidArgumentError),
    (lambda s: s.action_info(10 ** 30), IllegalMoveError),
    (lambda s: s.load_dict(5), InvalidStateError),
    (lambda s: s.load_dict({}), InvalidStateError),
    (lambda s: s.load_dict({**s.to_dict(), "fire_brigades_in_stock": 3}), InvalidStateError),
    (lambda s: s.load_dict({**s.to_dict(), "citizens": 10 ** 30}), InvalidStateError),
])
def test_bad_arguments_raise_the_error_family(call, error):
    s = setup_default()
    before = s.to_json()
    with pytest.raises(error):
        call(s)
    assert s.to_json() == before


def test_numpy_integers_are_actions():
    s = setup_default()
    a = s.legal_actions()[0]
    assert s.action_to_string(np.int64(a)) == s.action_to_string(a)
    assert s.action_info(np.int32(a))["action"] == a
