"""The Python API for frontends: seat-safe views, action info, Match and the error family."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest

from vsai.core import list_games, load_game, state_from_json
from vsai.core.errors import (IllegalMoveError, InvalidArgumentError, InvalidStateError,
                              UnknownAgentError, UnknownGameError, VsaiError)
from vsai.core.match import Match

GAMES = list_games()


def played(name: str, seed: int, moves: int, players: int = 3):
    """A state of `name` after set-up and `moves` random moves (seeded)."""
    state = load_game(name, players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (state.is_chance_node() or moves > 0):
        if state.is_player_node():
            moves -= 1
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_view_is_json_and_unchanged_by_resampling_what_the_seat_cannot_see(name):
    for seed in range(3):
        state = played(name, seed, 20 + 15 * seed)
        for seat in range(state.num_players()):
            view = state.view(seat)
            assert json.loads(json.dumps(view)) == view
            assert view["seat"] == seat
            for k in range(3):
                assert state.resample(seat, k).view(seat) == view
        spectator = state.view(None)
        assert json.loads(json.dumps(spectator)) == spectator and spectator["seat"] is None


@pytest.mark.parametrize("name", GAMES)
def test_action_info_names_every_legal_move(name):
    state = played(name, 1, 10)
    for action in state.legal_actions():
        info = state.action_info(action)
        assert info["action"] == action and info["text"] == state.action_to_string(action)
        json.dumps(info)
    with pytest.raises(IllegalMoveError):
        state.action_info(10**9)


@pytest.mark.parametrize("name", GAMES)
def test_bad_arguments_raise_the_error_family(name):
    state = played(name, 2, 5)
    legal = state.legal_actions()
    # numpy integers are ints for actions as for seats
    copy = state.clone()
    copy.apply_action(np.int64(legal[0]))
    assert copy != state
    cases = [
        (lambda: state.apply_action(None), InvalidArgumentError),
        (lambda: state.apply_action(2.5), InvalidArgumentError),
        (lambda: state.apply_action(10**40), IllegalMoveError),
        (lambda: state.apply_action("no such move"), IllegalMoveError),
        (lambda: state.legal_actions("x"), InvalidArgumentError),
        (lambda: state.legal_actions(99), InvalidArgumentError),
        (lambda: state.resample(0, None), InvalidArgumentError),
        (lambda: state.resample(0, float("inf")), InvalidArgumentError),
        (lambda: state.resample(99, 1), InvalidArgumentError),
        (lambda: state.random_playout("seed"), InvalidArgumentError),
        (lambda: state.action_key(0, "x"), InvalidArgumentError),
        (lambda: state.view(7), InvalidArgumentError),
        (lambda: state.string_to_action(5), InvalidArgumentError),
        (lambda: load_game("chess"), UnknownGameError),
        (lambda: load_game(name, players=99), VsaiError),
        (lambda: state_from_json("[" * 100_000 + "]" * 100_000), VsaiError),
        (lambda: state_from_json(b"\xff"), VsaiError),
    ]
    for call, error in cases:
        with pytest.raises(error):
            call()
    assert state == played(name, 2, 5)          # nothing changed the state


def test_unknown_agent_is_in_the_family():
    from vsai.ai import make_agent
    with pytest.raises(UnknownAgentError):
        make_agent("deep-blue", GAMES[0])


@pytest.mark.parametrize("name", GAMES)
def test_match_events_save_load_undo_and_ai(name):
    from vsai.ai import make_agent
    game = load_game(name, players=2)
    match = Match(game, seed=11)
    match.resolve_chance()
    agent = make_agent("ismcts", game, seed=3, iterations=30)
    for _ in range(6):
        if match.is_over():
            break
        action, analysis = match.ai_move(agent)
        assert analysis and analysis[0].action == action
        match.resolve_chance()
    events = match.events(0)
    assert len(events) == len(match.history) and all(json.dumps(e) for e in events)
    hidden = [e for e in events if e["hidden"]]
    for event in hidden:                          # a hidden move's text never reaches seat 0
        assert event["text"] != match.history[event["ply"]].text
    saved = match.save()
    again = Match.load(saved)
    assert again.state == match.state and [m.text for m in again.history] == [m.text for m in match.history]
    plies = len(match.history)
    assert match.undo_last() > 0 and len(match.history) < plies
    with pytest.raises(InvalidStateError):
        Match.load('{"format": "vsai-record"')
    with pytest.raises(IllegalMoveError):
        match.play(10**9)


def test_match_chance_is_seeded_by_the_match():
    game = load_game(GAMES[0])
    one, two = Match(game, seed=5), Match(game, seed=5)
    one.resolve_chance()
    two.resolve_chance()
    assert one.state == two.state
