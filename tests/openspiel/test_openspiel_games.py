"""Every vsai game as an OpenSpiel game: registration, GameType/GameInfo, OpenSpiel's own
random simulation test, observers, resampling and serialization (vsai.core.openspiel)."""
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from vsai.core import get_spec, list_games, load_game
from vsai.core import openspiel as vo

GAMES = list_games()
HIDDEN = [name for name in GAMES if get_spec(name).hidden_information]


def _players(name):
    spec = get_spec(name)
    return list(range(spec.min_players, spec.max_players + 1))


def _played(state, seed, decisions):
    """`state` (either kind) after set-up and up to `decisions` random player moves."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif decisions > 0:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
        else:
            break
    return state


def test_every_game_is_registered_once():
    names = vo.register()
    assert names == vo.register()  # idempotent
    for name in GAMES:
        assert f"vsai_{name}" in names
        assert f"vsai_{name}" in pyspiel.registered_names()


def test_importing_vsai_core_and_ai_does_not_import_pyspiel():
    code = ("import sys, vsai.core, vsai.ai; from vsai.core import load_game; "
            "load_game('kilauea'); print('pyspiel' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", GAMES)
def test_game_type_and_info_match_the_spec(name):
    spec = get_spec(name)
    game = pyspiel.load_game(f"vsai_{name}")
    kind = game.get_type()
    assert kind.short_name == f"vsai_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    expected = (pyspiel.GameType.Information.IMPERFECT_INFORMATION if spec.hidden_information
                else pyspiel.GameType.Information.PERFECT_INFORMATION)
    assert kind.information == expected
    assert (kind.min_num_players, kind.max_num_players) == (spec.min_players, spec.max_players)
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_information_state_string
    assert set(kind.parameter_specification) == {p.name for p in spec.params}
    for players in _players(name):
        game = pyspiel.load_game(f"vsai_{name}", {"players": players})
        vsai_game = load_game(name, players=players)
        assert game.num_players() == players
        assert game.num_distinct_actions() == vsai_game.num_distinct_actions()
        assert game.max_chance_outcomes() == vsai_game.max_chance_outcomes()
        assert game.max_game_length() == vsai_game.max_game_length()
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
        assert game.get_parameters() == vsai_game.get_parameters()


@pytest.mark.parametrize("name", GAMES)
def test_bad_parameters_are_value_errors(name):
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game(f"vsai_{name}", {"players": 9})
    # Unknown names and wrong types are refused by OpenSpiel itself.
    with pytest.raises(pyspiel.SpielError, match="players"):
        pyspiel.load_game(f"vsai_{name}(colour=red)")


# The smallest and the largest table of each game: the wrapper has nothing of its own for a
# count between (the state protocol at 3 and 4 players is tests/test_protocol.py's, and each
# count's OpenSpiel game type and sizes are checked by test_game_type_and_info_match_the_spec).
@pytest.mark.parametrize("name, players", [(n, p) for n in GAMES for p in sorted({_players(n)[0], _players(n)[-1]})])
def test_openspiel_random_sim_test_passes(name, players):
    # Two-player games run to their natural end; larger ones stop at a turn cap of 3 (which
    # also exercises the capped ending) to keep the suite fast: what a player count changes
    # (the set-up, the seat order, each seat's observations) shows in the first turns, and
    # every later phase is run by the 2-player game. (A cap of 8 played Vulcanus and Godzilla,
    # whose default caps are 6 rounds, to their ends: the 18 games took 13.4 s CPU, now 8.0 s.)
    params = {"players": players}
    if players > 2 and "turn_cap" in get_spec(name).defaults():
        params["turn_cap"] = 3
    game = pyspiel.load_game(f"vsai_{name}", params)
    # One game per game and player count (10 in all): OpenSpiel's checks and its serialization
    # run at every state of it; a second game of the same set-up doubled the cost (35 s CPU)
    # for another path through code every other configuration runs too.
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_observers_give_the_vsai_views(name):
    game = vo.load(name, players=3)
    state = _played(game.new_initial_state(), seed=5, decisions=6)
    inner = state.vsai_state
    assert not state.is_terminal() and not state.is_chance_node()
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain = make_observation(game)
    for player in range(3):
        # The C++ paths (through make_py_observer) ...
        assert pyspiel.State.observation_string(state, player) == inner.observation_string(player)
        assert pyspiel.State.information_state_string(state, player) == \
            inner.information_state_string(player)
        assert np.array_equal(state.observation_tensor(player), inner.observation_tensor(player))
        assert np.array_equal(state.information_state_tensor(player),
                              inner.information_state_tensor(player))
        # ... the Python observation API, and the direct string paths agree.
        info.set_from(state, player)
        plain.set_from(state, player)
        assert np.array_equal(info.tensor, inner.information_state_tensor(player))
        assert np.array_equal(plain.tensor, inner.observation_tensor(player))
        assert plain.string_from(state, player) == state.observation_string(player)
        assert info.string_from(state, player) == state.information_state_string(player)
    assert state.information_state_string() == inner.information_state_string(
        state.current_player())
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_string(3)
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})


@pytest.mark.parametrize("name", GAMES)
def test_serialization_round_trips_through_vsai_json(name):
    game = vo.load(name, players=2)
    state = _played(game.new_initial_state(), seed=2, decisions=9)
    text = pyspiel.serialize_game_and_state(game, state)
    assert '"format"' not in text  # the JSON travels inside OpenSpiel's pickled dict
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert isinstance(state2, vo.OpenSpielState)
    assert state2.vsai_state == state.vsai_state
    assert state2.history() == state.history()
    assert game.deserialize_state(state.serialize()).vsai_state == state.vsai_state
    assert game.state_from_json(state.vsai_state.to_json()).vsai_state == state.vsai_state


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent_and_resample_keeps_the_view(name):
    game = vo.load(name, players=2)
    state = _played(game.new_initial_state(), seed=4, decisions=5)
    copy = state.clone()
    assert isinstance(copy, vo.OpenSpielState) and copy.vsai_state == state.vsai_state
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.vsai_state != state.vsai_state and copy.history() != state.history()
    player = state.current_player()
    draws = iter([0.25, 0.25, 0.75])
    first = state.resample_from_infostate(player, lambda: next(draws))
    again = state.resample_from_infostate(player, lambda: next(draws))
    assert first.vsai_state == again.vsai_state  # the seed comes from the sampler
    sampler = pyspiel.UniformProbabilitySampler(0., 1.)
    for other in (first, state.resample_from_infostate(player, sampler)):
        assert isinstance(other, vo.OpenSpielState)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_wrap_state_checks_the_game(name):
    game = vo.load(name, players=2)
    vsai_state = load_game(name, players=2).new_initial_state()
    assert game.wrap_state(vsai_state).vsai_state == vsai_state
    with pytest.raises(ValueError, match="parameters"):
        game.wrap_state(load_game(name, players=3).new_initial_state())
    with pytest.raises(ValueError, match="not a"):
        game.wrap_state("a state")
    assert vo.to_openspiel(load_game(name, players=3)).num_players() == 3


@pytest.mark.skipif(not HIDDEN, reason="no hidden-information game is registered")
@pytest.mark.parametrize("name", HIDDEN)
def test_hidden_information_never_reaches_the_observer(name):
    game = vo.load(name, players=3)
    differing = 0
    for seed in range(4):
        state = _played(game.new_initial_state(), seed=seed, decisions=4 + 3 * seed)
        for player in range(3):
            for draw in range(3):
                other = game.wrap_state(state.vsai_state.resample(player, 100 * seed + draw))
                differing += other.vsai_state != state.vsai_state
                # Two states that differ only in what `player` cannot see.
                for fn in (pyspiel.State.observation_string,
                           pyspiel.State.information_state_string,
                           pyspiel.State.observation_tensor,
                           pyspiel.State.information_state_tensor):
                    assert fn(other, player) == fn(state, player)
    assert differing > 0  # the redraws did change hidden information


@pytest.mark.parametrize("name", GAMES)
def test_python_fast_paths_agree_with_openspiel_core(name):
    game = vo.load(name, players=2, turn_cap=2)
    state = game.new_initial_state()
    rng = random.Random(8)
    while True:
        # (OpenSpiel refuses legal_actions(-1) at a player node.)
        for player in (None, 0, 1) if state.is_player_node() else (None, -1, 0, 1):
            args = () if player is None else (player,)
            assert state.legal_actions(*args) == pyspiel.State.legal_actions(state, *args)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.legal_actions() == [] and sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_unsupported_observation_types_are_value_errors(name):
    game = vo.load(name)
    public = pyspiel.IIGObservationType(perfect_recall=False,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ValueError, match="public-only"):
        game.make_py_observer(public)
    private = pyspiel.IIGObservationType(public_info=False, perfect_recall=False)
    with pytest.raises(ValueError, match="private-only"):
        game.make_py_observer(private)
    everyone = pyspiel.IIGObservationType(perfect_recall=True,
                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    if name in HIDDEN:
        with pytest.raises(ValueError, match="one player's view"):
            game.make_py_observer(everyone)
    else:
        assert game.make_py_observer(everyone).perfect_recall


@pytest.mark.parametrize("name", list_games())
def test_openspiel_games_pickle(name):
    """Like OpenSpiel's own Python games, a wrapped game pickles (by name and parameters)."""
    import pickle
    game = vo.load(name, players=3)
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game) and copy.num_players() == 3
    assert copy.new_initial_state().is_chance_node()
