"""VEC's texts name seats P1..Pn, as Kilauea's do; the API and JSON keep 0-based seats."""
from __future__ import annotations

import json
import random

import pytest

from vsai.core.registry import load_game


def _play_to_first_decision(n: int, seed: int):
    """A fresh n-player game with its set-up chance played at random until a player acts."""
    state = load_game("vec", players=n).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(rng.choice(outcomes))
    return state


@pytest.mark.parametrize("n", [2, 3, 4])
def test_chance_texts_name_seats_from_p1_and_round_trip(n):
    state = load_game("vec", players=n).new_initial_state()
    outcomes = [a for a, _ in state.chance_outcomes()]
    texts = [state.action_to_string(a) for a in outcomes]
    assert texts == [f"first player P{p + 1}" for p in range(n)]
    for action, text in zip(outcomes, texts):
        assert state.string_to_action(text) == action
    with pytest.raises(ValueError):
        state.string_to_action("first player P0")
    with pytest.raises(ValueError):
        state.string_to_action(f"first player P{n + 1}")
    state.apply_action("first player P2")
    assert state.to_dict()["first_player"] == 1                  # JSON keeps the 0-based seat
    for p in range(n):                                     # objectives are dealt to each seat
        action = state.chance_outcomes()[0][0]
        deal = state.action_to_string(action)
        assert state.to_dict()["setup_player"] == p and deal.endswith(f" to P{p + 1}"), deal
        assert state.string_to_action(deal) == action
        state.apply_action(deal)
        assert state.to_dict()["player_objective"][p] == action - 54   # outcomes 54..65 are objectives 0..11


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3)])
def test_observations_and_board_name_seats_from_p1(n, seed):
    state = _play_to_first_decision(n, seed)
    first = state.to_dict()["first_player"]
    board = str(state)
    assert board.startswith(f"vec {n}p turn 1/") and f"first P{first + 1}," in board
    assert f"to act: P{state.current_player() + 1}" in board
    for p in range(n):
        lines = state.observation_string(p).splitlines()
        assert lines[1] == f"you are P{p + 1}"
        assert [line.split(":")[0] for line in lines if ": objective " in line] == [f"P{q + 1}" for q in range(n)]
        assert not any(line.startswith("P0") or f"P{n + 1}" in line for line in lines)
    for q in range(n):
        assert f"\nP{q + 1}: objective " in board and f"\nP{q + 1} up: " in board
    assert "P0" not in board and f"P{n + 1}" not in board


def test_json_errors_name_the_seat_as_the_texts_do():
    state = load_game("vec", players=2).new_initial_state()
    data = _play_to_first_decision(2, 5).to_dict()
    data["special_ink_in_box"] = list(data["special_ink_in_box"])
    data["special_ink_in_box"][1] += 1                     # seat 1 now has 5 special ink in all
    with pytest.raises(ValueError, match=r"^vec state: P2's special ink"):
        state.load_dict(json.loads(json.dumps(data)))
