"""The Python API's error contract: every bad call raises a VsaiError (a ValueError) with one
message, and leaves the state, match or agent as it was. No lenient conversions: whole numbers
are ints (never bools, floats or texts), numbers are never read from texts or bytes."""
from __future__ import annotations

import math

import pytest

from vsai.ai import make_agent
from vsai.core import list_games, load_game
from vsai.core.errors import VsaiError
from vsai.core.match import Match

GAME = list_games()[0]
OTHER = list_games()[-1]


def _player_node(game_name: str, seed: int = 1) -> Match:
    match = Match(load_game(game_name), seed)
    match.resolve_chance()
    return match


def test_apply_actions_is_all_or_nothing():
    state = _player_node(GAME).state
    before = state.to_json()
    first = state.legal_actions()[0]
    for bad in ("1e99", "1", b"1", 5, None, 2.0, [first, 10**9], [first, "no such move"],
                [first, True], [first, 1.5], (a for a in [first, -1])):
        with pytest.raises(VsaiError):
            state.apply_actions(bad)
        assert state.to_json() == before, bad
    state.apply_actions([first])
    assert state.to_json() != before


@pytest.mark.parametrize("seed", [None, [], {}, math.inf, math.nan, 1.5, 2.0, -1, True, "1", b"1", "٣"])
def test_a_match_seed_is_a_whole_number_from_zero(seed):
    with pytest.raises(VsaiError, match="seed"):
        Match(load_game(GAME), seed)


def test_an_agent_refuses_what_is_not_a_state_of_its_game():
    match = _player_node(GAME)
    other = _player_node(OTHER)
    other_params = load_game(GAME, turn_cap=load_game(GAME).get_parameters()["turn_cap"] + 1)
    for name in ("random", "heuristic", "ismcts"):
        agent = make_agent(name, load_game(GAME), seed=1, iterations=5)
        for bad in (5, None, "state", other.state, Match(other_params, 1).state):
            before = getattr(bad, "to_json", lambda: None)()
            with pytest.raises(VsaiError):
                agent.step(bad)
            assert getattr(bad, "to_json", lambda: None)() == before
        assert agent.step(match.state) in match.state.legal_actions()   # still plays its own game


@pytest.mark.parametrize("options", [
    {"time_limit": b"1"}, {"time_limit": "1"}, {"time_limit": True}, {"time_limit": math.inf},
    {"iterations": "10"}, {"iterations": 10.0}, {"iterations": True}, {"iterations": b"10"},
    {"exploration": "٣"}, {"exploration": "1.4"}, {"exploration": b"1"}, {"exploration": False},
    {"playout": 5}, {"workers": "2"}, {"no_such_option": 1}, {"seed": "1"}, {"seed": 1.5},
])
def test_make_agent_refuses_bad_options_with_a_vsai_error(options):
    with pytest.raises(VsaiError):
        make_agent("ismcts", load_game(GAME), **options)


def test_make_agent_refuses_what_is_not_a_game():
    for game in (5, None, object()):
        with pytest.raises(VsaiError):
            make_agent("random", game)


@pytest.mark.parametrize("value", ["5", b"5", 5.0, True, "٣"])
def test_game_options_are_not_converted_from_texts_or_floats(value):
    with pytest.raises(VsaiError, match="whole number"):
        load_game(GAME, turn_cap=value)


def test_options_in_a_game_name_are_read_as_ascii_text():
    assert load_game(f"{GAME}(players=3)").num_players() == 3
    with pytest.raises(VsaiError, match="whole number"):
        load_game(f"{GAME}(players=٣)")
