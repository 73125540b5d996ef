"""`clone()` and the copies the search makes (`c_clone`, ext/state.pyx `clone_object`): a copy
of the whole state object by one memcpy, checked on every game."""
from __future__ import annotations

import copy
import pickle
import random
import sys

import pytest

from vsai.core import sample_chance
from vsai.core.registry import list_games, load_game

GAMES = list_games()


def _played(game_name: str, moves: int = 25, seed: int = 4):
    """A state after `moves` random actions (chance by its probabilities)."""
    rng = random.Random(seed)
    state = load_game(game_name).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(sample_chance(state, rng) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_a_clone_is_an_equal_independent_state_with_the_same_last_move(game):
    state = _played(game)
    before = state.to_json()
    other = state.clone()
    assert type(other) is type(state) and other is not state
    assert sys.getrefcount(other) == 2          # held by `other` alone (and the call's argument)
    assert other == state and other.to_json() == before
    for seat in (None, *range(state.num_players())):
        assert other.view(seat) == state.view(seat)
    assert other.view()["last_move"] is not None
    other.apply_action(other.legal_actions()[0])
    assert state.to_json() == before and other != state
    assert copy.copy(state) == state and pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("game", GAMES)
def test_copies_made_in_c_carry_no_stale_last_move(game):
    state = _played(game)
    played = state.random_playout(1)        # the moves were applied in C, not through apply_action
    assert played.view()["last_move"] is None
    resampled = state.resample(0, 2)        # the same position: the same last move
    assert resampled.view(0)["last_move"] == state.view(0)["last_move"]


def test_a_python_subclass_with_its_own_fields_is_copied_by_the_generic_path():
    base = type(_played(GAMES[0]))

    class Annotated(base):
        """A subclass with a __dict__: its objects hold Python references (GC-tracked)."""

    state = Annotated()
    state.note = "kept by the original only"
    state.apply_action(state.legal_actions()[0])
    other = state.clone()
    assert type(other) is Annotated and other == state and not hasattr(other, "note")
    assert other.view()["last_move"] == state.view()["last_move"]


@pytest.mark.parametrize("game", GAMES)
def test_clones_from_reused_memory_are_whole_and_independent(game):
    # More copies alive at once than the cache of freed objects holds, freed, then made again
    # from the reused memory: each one equal to the state, and changing one changes no other.
    state = _played(game)
    for _ in range(3):
        copies = [state.clone() for _ in range(40)]
        assert all(c == state for c in copies)
        copies[7].apply_action(copies[7].legal_actions()[-1])
        assert copies[7] != state and all(c == state for i, c in enumerate(copies) if i != 7)
        del copies
