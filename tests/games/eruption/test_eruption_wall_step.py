"""The wall step needs a wall in stock (issue 25, memory-safe C): gcc's -Wmaybe-uninitialized
on apply_move was a real out-of-bounds write. A saved wall step whose seat has no wall left
was accepted, offered edges, and building at one took the material from an unset index."""
from __future__ import annotations

import json
import random

import pytest

from vsai.core import load_game, state_from_json
from vsai.core.errors import VsaiError

WALL_EDGE = 20      # the wall step's stage id (rules.md "JSON")
NMAT = 3            # straw, wood, stone


def wall_step_doc(seed: int = 1) -> dict:
    """A seeded random 2-player game's JSON at its first wall step."""
    state = load_game("eruption", players=2).new_initial_state()
    rng = random.Random(seed)
    while json.loads(state.to_json())["state"]["stage"] != WALL_EDGE:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return json.loads(state.to_json())


def test_a_wall_step_with_no_wall_in_stock_is_refused():
    doc = wall_step_doc()
    state = doc["state"]
    for m in range(NMAT):       # the seat's walls back to the supply: totals still add up
        state["wall_supply"][m] += state["wall_stock"][state["to_act"] * NMAT + m]
        state["wall_stock"][state["to_act"] * NMAT + m] = 0
    with pytest.raises(VsaiError, match="a wall step with no wall left to build"):
        state_from_json(json.dumps(doc))


def test_a_wall_step_with_walls_in_stock_still_loads_and_builds():
    doc = wall_step_doc()
    state = state_from_json(json.dumps(doc))
    edge = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("wall at"))
    state.apply_action(edge)
    assert state_from_json(state.to_json()) == state
