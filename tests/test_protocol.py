"""The engine protocol and the registry, checked on every registered game.

Game-specific rules live in tests/<game>/; here are the properties every game must have:
parameters validated, JSON envelope checked, clone independence, JSON and notation round
trips, illegal input refused without a change, resampling that keeps the seat's view.
"""
import json
import pickle
import random

import pytest

import vsai.core as core
from vsai.core import Param, list_games, load_game, state_from_json

GAMES = list_games()


def _played(game, seed: int, decisions: int):
    """A state after set-up chance and `decisions` random actions (stops early at the end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and decisions > 0:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


def test_registered_games_include_the_foundation_game():
    assert "kilauea" in GAMES


def test_unknown_game_is_a_clear_value_error():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        load_game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_parameters_are_validated(name):
    with pytest.raises(ValueError, match="no option colour"):
        load_game(name, colour="red")
    with pytest.raises(ValueError, match="players"):
        load_game(name, players=9)
    with pytest.raises(ValueError, match="whole number"):
        load_game(name, players="many")
    assert load_game(f"{name}(players=3)").num_players() == 3


def test_param_checks_types_and_ranges():
    flag = Param("fast", False, "a flag")
    assert flag.from_text("yes") is True and flag.check(True) is True
    with pytest.raises(ValueError):
        flag.from_text("maybe")
    count = Param("n", 2, "a count", minimum=2, maximum=4)
    assert count.from_text("3") == 3 and count.check(3) == 3
    # No lenient conversions: the API takes numbers, texts are read only from the game's name.
    for lenient in ("3", b"3", 3.0, True, "٣"):
        with pytest.raises(ValueError, match="whole number"):
            count.check(lenient)
    with pytest.raises(ValueError, match="whole number"):
        count.from_text("٣")
    with pytest.raises(ValueError, match="true or false"):
        flag.check("yes")
    with pytest.raises(ValueError, match="below the minimum"):
        count.check(1)
    with pytest.raises(ValueError, match="whole number"):
        count.check(2.5)


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "not a vsai state"),
    ('{"format": "vsai-state", "version": 99}', "unsupported vsai state version"),
    ('{"format": "vsai-state", "version": 1}', "saved games of version 1 came before"),
    ('{"format": "vsai-state", "version": 2, "game": "kilauea", "params": {}}', "'state' is missing"),
    ('{"format": "vsai-state", "version": 2, "game": "nope", "params": {}, "state": {}}', "unknown game"),
    ('{"format": "vsai-state", "version": 2, "game": "kilauea", "params": {}, "state": {}}', "kilauea"),
])
def test_malformed_state_json_is_a_clear_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        state_from_json(text)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_protocol_properties_along_a_random_game(name, players):
    game = load_game(name, players=players)
    assert game.num_distinct_actions() > 0 and game.max_game_length() > 0
    rng = random.Random(players)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if rng.random() < 0.05:
            _check_state(game, state, rng)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            actions, probs = zip(*outcomes)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal) and legal
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            state.apply_action(rng.choice(legal))
            decisions += 1
    assert decisions <= game.max_game_length()
    assert state.current_player() == -4
    returns = state.returns()
    assert abs(sum(returns) - 1.0) < 1e-9 and max(returns) > 0
    _check_state(game, state, rng)


def _check_state(game, state, rng):
    before = state.to_json()
    # JSON round trip, exact; pickling too.
    again = game.state_from_json(before)
    assert again == state and again.to_json() == before
    assert state_from_json(before) == state
    assert pickle.loads(pickle.dumps(state)) == state
    # Clone independence.
    copy = state.clone()
    assert copy == state
    if not copy.is_terminal():
        copy.apply_action(copy.legal_actions()[-1])
        assert state.to_json() == before
    # Notation round trip; illegal input refused, state unchanged.
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    with pytest.raises(ValueError):
        state.apply_action(game.num_distinct_actions() + 5)
    with pytest.raises(ValueError):
        state.apply_action("no such move at all")
    assert state.to_json() == before
    # Every seat's view; resampling keeps it, and keeps the acting seat's moves.
    for player in range(game.num_players()):
        view = state.observation_string(player)
        tensor = state.observation_tensor(player)
        assert tensor.ndim == 1 and len(tensor) > 0
        other = state.resample(player, seed=rng.randrange(1 << 30))
        assert other.observation_string(player) == view
        assert (other.observation_tensor(player) == tensor).all()
        if state.current_player() == player:
            assert other.legal_actions() == state.legal_actions()
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name):
    game = load_game(name)
    a, b = _played(game, 7, 40), _played(game, 7, 40)
    assert a == b and a.to_json() == b.to_json()
    start = game.new_initial_state()
    assert start.random_playout(seed=3) == start.random_playout(seed=3)


@pytest.mark.parametrize("name", GAMES)
def test_state_json_of_another_game_or_params_is_refused(name):
    state = _played(load_game(name, players=2), 1, 5)
    with pytest.raises(ValueError, match="parameters"):
        load_game(name, players=3).state_from_json(state.to_json())
    data = json.loads(state.to_json())
    data["state"] = {"garbage": True}
    with pytest.raises(ValueError):
        load_game(name, players=2).state_from_json(json.dumps(data))


def test_importing_core_does_not_import_pyspiel():
    import subprocess
    import sys
    code = "import sys, vsai.core; vsai.core.load_game('kilauea'); print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert core.__name__ == "vsai.core"


def test_native_agents_do_not_import_pyspiel():
    import subprocess
    import sys
    code = ("import sys; from vsai.ai import make_agent; make_agent('ismcts', 'kilauea', seed=1); "
            "print('pyspiel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", GAMES)
def test_wrongly_typed_arguments_are_value_errors(name):
    import numpy as np
    state = _played(load_game(name), 2, 3)
    for call in (lambda: state.action_key(0, "x"), lambda: state.action_key("me", 0),
                 lambda: state.observation_string("a"), lambda: state.observation_tensor(True),
                 lambda: state.resample(None), lambda: state.string_to_action(12345)):
        with pytest.raises(ValueError):
            call()
    seat = np.int64(1)
    assert state.observation_string(seat) == state.observation_string(1)
    assert state.resample(seat, seed=np.int64(3)) == state.resample(1, seed=3)
