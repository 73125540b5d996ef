"""Kilauea through the public API: invariants in random games, JSON, notation, errors, seeds."""
import json
import pickle
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from kilauea_helpers import play_draft, play_setup, position, seat_data, stone_census, tiki_census
from vsai.core.registry import load_game, state_from_json


def check_invariants(state):
    data = state.to_dict()
    assert sum(tiki_census(state).values()) == 72
    assert sum(stone_census(state).values()) == 16
    assert all(0 <= h <= 6 for h in data["volcano"])
    for p in range(data["players"]):
        seat = seat_data(state, p)
        assert sum(seat["canoe"]) <= 4 and 0 <= seat["holy_stones"] <= 5
        assert all(sum(stack) <= 6 for stack in seat["island"])
    assert len(state.legal_actions()) <= 1024


def random_game(players, seed, check=None):
    game = load_game("kilauea", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            action = rng.choices(outcomes, probs)[0]
        else:
            action = rng.choice(state.legal_actions())
            decisions += 1
        state.apply_action(action)
        if check:
            check(state)
    assert decisions <= game.max_game_length()
    return state, decisions


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_after_every_action(players):
    for seed in range(3):
        state, _ = random_game(players, seed, check_invariants)
        assert state.is_terminal()
        returns = state.returns()
        assert abs(sum(returns) - 1) < 1e-9 and max(returns) > 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_random_play_properties(seed, players):
    """Every legal move has a unique text that parses back; JSON round trips exactly."""
    game = load_game("kilauea", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        moves = state.legal_actions()
        assert moves == sorted(moves) and moves
        texts = [state.action_to_string(a) for a in moves]
        assert len({t.lower() for t in texts}) == len(texts)
        for a, t in zip(moves, texts):
            assert state.string_to_action(t) == a
        if step % 3 == 0:
            assert all(state.string_to_action("  " + t.upper() + " ") == a
                       for a, t in zip(moves, texts))
        if step % 6 == 0:
            # one state in 6 through JSON (one in 3 until 2026-12-02, half the cost): still
            # 35 states or more of every one of the 25 games, in every phase of each
            text = state.to_json()
            copy = game.state_from_json(text)
            assert copy == state and copy.to_json() == text
        state.apply_action(rng.choice(moves))
        step += 1
    assert state_from_json(state.to_json()) == state


def test_clone_is_independent():
    state = play_draft(play_setup(3, 1))
    before = state.to_json()
    copy = state.clone()
    assert copy == state
    copy.apply_action(copy.legal_actions()[-1])
    assert state.to_json() == before and copy != state
    played = state.random_playout(5)
    assert state.to_json() == before and played.is_terminal()


def test_same_seed_same_game():
    state = load_game("kilauea", players=4).new_initial_state()
    a, b = state.random_playout(42), state.random_playout(42)
    assert a == b and a.to_json() == b.to_json()
    games = {state.random_playout(seed).to_json() for seed in range(6)}
    assert len(games) > 1


def test_resample_changes_nothing():
    """No hidden information: resampling returns an equal state."""
    state = play_draft(play_setup(4, 2))
    state.apply_action(state.legal_actions()[0])
    for player in range(4):
        other = state.resample(player, seed=7)
        assert other == state
        assert other.observation_string(player) == state.observation_string(player)
        assert other.legal_actions() == state.legal_actions()
        assert np.array_equal(other.observation_tensor(player), state.observation_tensor(player))


def test_illegal_actions_raise_and_leave_the_state():
    state = play_draft(play_setup(2, 0))
    before = state.to_json()
    for bad in (999, -3, 10**12, "cut F5.c1", "fly away", "canoe +9", True, 1.5, None):
        with pytest.raises(ValueError):
            state.apply_action(bad)
        assert state.to_json() == before
    with pytest.raises(ValueError):
        state.string_to_action("volcano purple")
    with pytest.raises(ValueError):
        state.action_to_string(5000)
    done = state.random_playout(1)
    with pytest.raises(ValueError):
        done.apply_action(0)


def mutate(text, edit):
    data = json.loads(text)
    edit(data["state"])
    return json.dumps(data)


def _set(path, value):
    def edit(state):
        target = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


@pytest.mark.parametrize("edit", [
    _set(["volcano", 0], 7),                          # column above 6
    _set(["volcano", 0], 2),                          # one tiki too many
    _set(["holy_stones", 0], 3),                      # stones not conserved
    _set(["canoe_tikis"], [2, 2, 1, 0] + [0] * 12),   # 5 tikis in a canoe
    _set(["holy_stones", 0], 6),                      # more than 5 stones
    _set(["holy_stones", 3], 1),                      # a seat not in the game
    _set(["forests", 0], 4),                          # unknown colour
    _set(["forests", 32], 0),                         # F3 has no c3
    _set(["forests"], [0] * 3),                       # wrong board size
    _set(["stage"], 12),
    _set(["stage"], "move"),                          # a name, not the number
    _set(["stage"], 10),                              # no pending data for a back step
    _set(["to_act"], 3),                              # not a seat (2 players)
    _set(["reef_tiles", 0], 11),
    _set(["reef_tiles", 1], 1),                       # a tile in two places
    _set(["hillside_tiles", 0], 4),
    _set(["resolving"], 20),
    _set(["coral_open"], 1),                          # an opportunity in the move step
    _set(["canoe_pawn"], 1),                          # a sea space with 2 players
    _set(["turn"], -1),
    _set(["scores", 0], "lots"),
    _set(["intermediate_scored"], 2),
    _set(["intermediate_scored"], 1),                 # scored, yet no forest is empty
    _set(["intermediate_scored"], True),              # true/false are not numbers here
    _set(["tiles_to_place", 2], 1),
    _set(["vacated_forest"], 5),                      # not a forest
    _set(["first_colour"], 4),
    _set(["sector_x"], 2),                            # a second half outside its step
    _set(["unlocked_tiles"], [1] * 11),
])
def test_malformed_or_inconsistent_json_raises(edit):
    game = load_game("kilauea", players=2)
    state = play_draft(play_setup(2, 0))
    state.apply_action("canoe +1")
    if state.phase() == "main":
        state = play_draft(play_setup(2, 0))
    text = mutate(state.to_json(), edit)
    with pytest.raises(ValueError):
        game.state_from_json(text)


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "vsai-state"}',
                                  json.dumps({"format": "vsai-state", "version": 1,
                                              "game": "kilauea", "params": {"players": 2},
                                              "state": {}})])
def test_broken_json_raises(text):
    with pytest.raises(ValueError):
        load_game("kilauea", players=2).state_from_json(text)


def test_abbreviated_field_names_are_refused():
    """The field names are the documented ones (rules.md, "JSON format"); old short names fail."""
    state = play_draft(play_setup(2, 0))
    for new, old in (("scores", "vp"), ("canoe_pawn", "pawn"), ("first_player", "start")):
        data = state.to_dict()
        data[old] = data.pop(new)
        with pytest.raises(ValueError):
            state.load_dict(data)


def test_missing_key_raises_value_error():
    state = play_draft(play_setup(3, 0))
    data = json.loads(state.to_json())
    del data["state"]["volcano"]
    with pytest.raises(ValueError):
        state_from_json(json.dumps(data))


@pytest.mark.parametrize("players", [2, 4])
def test_observations(players):
    state = play_draft(play_setup(players, 0))
    game = load_game("kilauea", players=players)
    size = game.spec.size("observation_size", game.get_parameters())
    for p in range(players):
        tensor = state.observation_tensor(p)
        assert tensor.dtype == np.float32 and tensor.shape == (size,)
        assert f"P{p + 1}" in state.observation_string(p)
    assert not np.array_equal(state.observation_tensor(0), state.observation_tensor(1))
    with pytest.raises(ValueError):
        state.observation_string(players)
    end = state.random_playout(3)
    assert end.observation_tensor(0).shape == (size,)


def test_evaluate_is_a_distribution_favouring_the_leader():
    state = position(3, vp=[40, 0, 0], canoes=[{}] * 3)
    values = state.evaluate()
    assert abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)
    assert values[0] > values[1]


def test_pickle_and_params():
    state = play_draft(play_setup(3, 1, turn_cap=50))
    assert state.params() == {"players": 3, "turn_cap": 50}
    assert pickle.loads(pickle.dumps(state)) == state
    assert type(state)(**state.params()).phase() == "forest"


def test_constructor_rejects_bad_parameters():
    from vsai.ext.kilauea.engine import KilaueaState
    for kwargs in ({"players": 1}, {"players": 5}, {"players": "4"}, {"turn_cap": 0}):
        with pytest.raises(ValueError):
            KilaueaState(**kwargs)
    with pytest.raises(ValueError):
        load_game("kilauea", players=5)


def test_spec_sizes():
    game = load_game("kilauea", players=4, turn_cap=100)
    assert game.num_distinct_actions() == 1029
    assert game.max_chance_outcomes() == 10
    assert game.max_game_length() == 8 + 28 * 100
    assert not game.has_hidden_information()


def test_text_of_chance_outcomes_parses_back():
    state = load_game("kilauea", players=3).new_initial_state()
    while state.is_chance_node():
        for a, _ in state.chance_outcomes():
            assert state.string_to_action(state.action_to_string(a)) == a
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.phase() == "draft"


def test_load_dict_rejects_bad_data_and_keeps_the_state():
    state = play_draft(play_setup(2, 0))
    before = state.to_json()
    for bad in ({}, {"stage": 4}, [], {**state.to_dict(), "scores": [{}, {}]}):
        with pytest.raises(ValueError):
            state.load_dict(bad)
        assert state.to_json() == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_c_playouts_end_in_valid_states(players):
    """The C playout loop (its own chance sampling) ends every game in a consistent state."""
    game = load_game("kilauea", players=players)
    start = game.new_initial_state()
    for seed in range(40):
        end = start.random_playout(seed)
        assert end.is_terminal()
        check_invariants(end)
        assert game.state_from_json(end.to_json()) == end
        assert abs(sum(end.returns()) - 1) < 1e-9


def test_json_rejects_a_running_game_past_its_end():
    """Three empty forests at the start of a turn: the game should have ended (K12)."""
    with pytest.raises(ValueError, match="three forests"):
        position(2, forests={0: {}, 1: {}, 2: {}}, canoes=[{}, {}])
    assert position(2, forests={0: {}, 1: {}}, canoes=[{}, {}]).forests_emptied() == 2


def test_spec_parameters_are_the_engine_ranges():
    """spec.py builds its Params from the engine's constants; the constructor checks the same."""
    from vsai.ext.kilauea import engine
    from vsai.ext.kilauea.spec import SPEC
    params = {p.name: p for p in SPEC.params}
    assert (params["players"].minimum, params["players"].maximum) == (engine.MIN_PLAYERS, engine.MAX_PLAYERS)
    assert (params["players"].default, params["turn_cap"].default) == (engine.MIN_PLAYERS, engine.DEFAULT_TURN_CAP)
    assert (params["turn_cap"].minimum, params["turn_cap"].maximum) == (1, engine.MAX_TURN_CAP)
    for players in (engine.MIN_PLAYERS, engine.MAX_PLAYERS):
        engine.KilaueaState(players=players, turn_cap=engine.MAX_TURN_CAP)
    for kwargs in ({"players": engine.MIN_PLAYERS - 1}, {"players": engine.MAX_PLAYERS + 1},
                   {"turn_cap": engine.MAX_TURN_CAP + 1}):
        with pytest.raises(ValueError):
            engine.KilaueaState(**kwargs)
        with pytest.raises(ValueError):
            load_game("kilauea", **kwargs)
    assert SPEC.max_branching == engine.MAX_BRANCHING == 275
    assert SPEC.observation_size == engine.OBSERVATION_SIZE == 664
