"""Kilauea's loader accepts only states the game can reach, the engine never writes one it
refuses, and bad arguments raise the vsai error family (issue 14, sections 1 and 4)."""
import json
import random

import numpy as np
import pytest

from kilauea_helpers import R, position
from vsai.core.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError
from vsai.core.registry import load_game, state_from_json
from vsai.ext.kilauea.engine import KilaueaState


def _with_vp(state, seat, vp):
    doc = json.loads(state.to_json())
    doc["state"]["scores"][seat] = vp
    return state_from_json(json.dumps(doc))


def _vp_bound(state, seat):
    """The most VP the loader accepts for `seat` in this state (found by bisection)."""
    lo, hi = state.scores()[seat], 10**7
    while lo < hi:
        mid = (lo + hi + 1) // 2
        try:
            _with_vp(state, seat, mid)
            lo = mid
        except InvalidStateError:
            hi = mid - 1
    return lo


def _random_state(players, seed, moves):
    state = load_game("kilauea", players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (state.is_chance_node() or moves > 0):
        moves -= state.is_player_node()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_million_victory_points_are_refused():
    """Issue 14: the loader took 1,000,000 VP (its old maximum) and the engine then wrote a
    state it refused after a few more points. VP are now bounded by what the turns played can
    give: 14 a turn (7 activations of a 2-VP tile) plus the scorings."""
    with pytest.raises(InvalidStateError, match="scores more than"):
        position(3, vp=[1_000_000, 0, 0])
    # 10 turns played, at the start of a turn, before the intermediate scoring
    assert position(3, vp=[140, 0, 0], turns=10).scores()[0] == 140
    with pytest.raises(InvalidStateError, match="scores more than"):
        position(3, vp=[141, 0, 0], turns=10)


def test_no_points_before_the_first_turn():
    state = _random_state(3, 1, 2)       # during the draft
    assert state.phase() == "draft"
    with pytest.raises(InvalidStateError):
        _with_vp(state, 0, 1)


@pytest.mark.parametrize("seed", range(6))
def test_states_at_the_victory_point_bound_stay_loadable_to_the_end(seed):
    """Every seat at the most VP the loader accepts, then random play: every state the engine
    writes loads back, so the bound is never passed."""
    rng = random.Random(seed)
    state = _random_state(rng.randint(2, 4), seed, rng.randint(8, 120))
    for seat in range(state.num_players()):
        state = _with_vp(state, seat, _vp_bound(state, seat))
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        assert state_from_json(state.to_json()) == state


def test_the_player_to_act_follows_the_turn_order():
    """After the draft the seat to act is fixed by the starting player and the turns played."""
    state = position(3, player=1, turns=10)
    doc = json.loads(state.to_json())
    doc["state"]["to_act"] = 2
    with pytest.raises(InvalidStateError, match="to play"):
        state_from_json(json.dumps(doc))


def test_bad_arguments_raise_the_error_family():
    state = position(3)
    legal = state.legal_actions()
    assert state.action_to_string(np.int64(legal[0])) == state.action_to_string(legal[0])
    for bad in (None, "x", 1.5, True):
        with pytest.raises(InvalidArgumentError):
            state.action_to_string(bad)
    for bad in (-1, 10**30, 2**63):
        with pytest.raises(InvalidArgumentError):
            state.action_to_string(bad)
    for bad in ("x", None, 7, -1, 2.0):
        with pytest.raises(InvalidArgumentError):
            state.observation_string(bad)
        with pytest.raises(InvalidArgumentError):
            state.observation_tensor(bad)
        if bad is not None:     # view(None) is the spectator's view
            with pytest.raises(InvalidArgumentError):
                state.view(bad)
    for bad in (None, [], "x", {"stage": 3}, {"players": None}, {1: 2}):
        with pytest.raises(InvalidStateError):
            state.clone().load_dict(bad)
    for kwargs in ({"players": 5}, {"players": "3"}, {"players": 3.0}, {"players": True},
                   {"turn_cap": 0}, {"turn_cap": 10**30}, {"turn_cap": None}):
        with pytest.raises(InvalidArgumentError):
            KilaueaState(**kwargs)
    assert KilaueaState(players=np.int64(3), turn_cap=np.int32(50)).params() == {"players": 3, "turn_cap": 50}
    for bad in (None, "x", 10**30, -1):
        with pytest.raises((InvalidArgumentError, IllegalMoveError)):
            state.action_info(bad)
    chance = load_game("kilauea", players=3).new_initial_state()
    for bad in (4, 10, -1, None):
        with pytest.raises(InvalidArgumentError):
            chance.action_to_string(bad)


EDITS = [
    lambda s: s["island_tikis"].__setitem__(0, 1) or s["volcano"].__setitem__(0, 0),
    lambda s: s["holy_stones"].__setitem__(0, 3) or s.__setitem__("crater_stones", 1),
    lambda s: _extra_pick(s),
]
def _extra_pick(s):
    """A tiki from the volcano into a canoe, outside the draft order."""
    k = next(k for k in range(20) if s["volcano"][k])     # 4 * sector + colour
    s["volcano"][k] -= 1
    s["canoe_tikis"][4 + k % 4] += 1


@pytest.mark.parametrize("edit", EDITS)
def test_before_the_first_turn_only_the_draft_has_moved_pieces(edit):
    """During the draft: islands empty, 2 stones each and 2 in the crater, each canoe holds
    exactly its own picks, the volcano one tiki per space less the picks (K1, K4, K14)."""
    state = _random_state(3, 3, 1)
    assert state.phase() == "draft"
    state_from_json(state.to_json())
    doc = json.loads(state.to_json())
    edit(doc["state"])
    with pytest.raises(InvalidStateError, match="before the first turn"):
        state_from_json(json.dumps(doc))


def test_a_second_cut_needs_room_in_the_canoe_and_a_tiki():
    """Found by the board fuzz: a loaded `cut2` step with a full canoe let the engine cut a
    fifth tiki into it (and write a state it refused), or dead-ended later. The engine enters
    `cut2` only with room in the canoe and a tiki left in the pawn's forest."""
    assert position(3, phase="cut2", pawn=2, canoes=[{R: 3}, {}, {}]).phase() == "cut2"
    with pytest.raises(InvalidStateError, match="second cut"):
        position(3, phase="cut2", pawn=2, canoes=[{R: 4}, {}, {}])
    with pytest.raises(InvalidStateError, match="second cut"):
        position(3, phase="cut2", pawn=2, forests={1: {}}, canoes=[{R: 3}, {}, {}])
