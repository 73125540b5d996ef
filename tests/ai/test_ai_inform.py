"""Agents are told every move (`inform_action`) by everything that runs them: Match (and so
`vsai play`), the arena, the suites, `vsai engine` and the OpenSpiel adapters both ways."""
from __future__ import annotations

import time

import pyspiel
import pytest

from vsai.ai import make_agent
from vsai.ai import openspiel as ao
from vsai.ai.lab.arena import play_game
from vsai.ai.base import Agent
from vsai.ai.registry import register_agent
from vsai.ai.lab.suite import Timed
from vsai.core import load_game
from vsai.core import openspiel as vo
from vsai.core.match import CHANCE, Match


class Recorder(Agent):
    """Plays the first legal move; records (player, action) of every move it is told."""

    name = "recorder"

    def __init__(self, game, seed=0, **_):
        super().__init__(game, seed)
        self.told: list[tuple[int, int]] = []

    def reset(self) -> None:
        super().reset()
        self.told = []

    def inform_action(self, state, player, action) -> None:
        assert state.current_player() == player  # the state before the move
        self.told.append((player, action))

    def _analyse(self, state, seed, progress):
        from vsai.ai.base import Candidate
        return [Candidate(a, state.action_to_string(a), 0, 0.0) for a in state.legal_actions()]


@pytest.fixture
def recorder_registered():
    from vsai.ai import registry
    register_agent("test-recorder", lambda game, seed=None, iterations=None, time_limit=None, **o:
                   Recorder(game, seed or 0), "records the moves it is told (tests)")
    yield
    registry._AGENTS.pop("test-recorder", None)


def _short_game():
    return load_game("vec", players=2, turn_cap=1)


def test_the_default_inform_action_changes_no_decision():
    game = _short_game()
    a = make_agent("ismcts", game, seed=3, iterations=50)
    b = make_agent("ismcts", game, seed=3, iterations=50)
    record_a = play_game(game, [a, make_agent("random", game, seed=1)], seed=5)
    state = game.new_initial_state()
    for action in record_a.actions[:40]:
        b.inform_action(state.clone(), state.current_player(), action)
        state.apply_action(action)
    b.reset()
    record_b = play_game(game, [b, make_agent("random", game, seed=1)], seed=5)
    assert record_a.actions == record_b.actions


def test_the_arena_tells_every_seat_every_move():
    game = _short_game()
    agents = [Recorder(game), Recorder(game)]
    record = play_game(game, agents, seed=2)
    for agent in agents:
        assert [a for _, a in agent.told] == list(record.actions)
    assert any(p == CHANCE for p, _ in agents[0].told) and {0, 1} <= {p for p, _ in agents[0].told}


def test_the_suites_timed_wrapper_passes_moves_on():
    game = _short_game()
    inner = [Recorder(game), Recorder(game)]
    record = play_game(game, [Timed(a) for a in inner], seed=4)
    assert [a for _, a in inner[1].told] == list(record.actions)


def test_match_tells_attached_agents_the_history_then_every_move_and_again_after_undo():
    game = _short_game()
    match = Match(game, seed=9, seats={0: "human", 1: "recorder"})
    match.resolve_chance()
    match.play(match.state.legal_actions()[0])
    match.resolve_chance()
    late = Recorder(game)
    match.attach(late)                       # told the moves so far
    assert [a for _, a in late.told] == [m.action for m in match.history]
    while not match.human_to_move() and not match.is_over():
        match.ai_move(late)
        match.resolve_chance()
    assert [a for _, a in late.told] == [m.action for m in match.history]
    if match.undo():
        assert [a for _, a in late.told] == [m.action for m in match.history]


def test_the_engine_tells_a_new_agent_the_history_before_it_thinks(recorder_registered):
    from vsai.cli.engine_session import new_session
    answers: list[dict] = []
    session = new_session(answers.append)
    session.handle({"id": 1, "cmd": "new", "game": "vec", "seed": 3, "players": 2})
    table = answers[-1]["table"]
    match = session.tables[table]
    while not match.state.is_player_node():
        match.play(match.chance_outcome())
    told: list = []
    original = Recorder.inform_action

    def spy(self, state, player, action):
        told.append(action)
        original(self, state, player, action)

    Recorder.inform_action = spy
    try:
        session.handle({"id": 2, "cmd": "ai", "table": table, "agent": "test-recorder", "apply": False})
        for _ in range(500):
            if answers[-1].get("id") == 2:
                break
            time.sleep(0.01)
    finally:
        Recorder.inform_action = original
    assert answers[-1]["ok"], answers[-1]
    assert told == [m.action for m in match.history] and told


def test_an_agent_as_an_openspiel_bot_is_told_every_move():
    game = vo.load("vec", players=2, turn_cap=1)
    agent = Recorder(game.vsai_game)
    bot = ao.AgentBot(agent)
    state = game.new_initial_state()
    for _ in range(30):
        if state.is_terminal():
            break
        action = state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        bot.inform_action(state, state.current_player(), action)
        state.apply_action(action)
    assert len(agent.told) == len(state.history()) > 0


def test_an_openspiel_bot_as_an_agent_forwards_every_move():
    class Spy(pyspiel.Bot):
        def __init__(self):
            pyspiel.Bot.__init__(self)
            self.told = []

        def step(self, state):
            return state.legal_actions()[0]

        def inform_action(self, state, player, action):
            self.told.append(action)

        def restart(self):
            self.told = []

    game = _short_game()
    spy = Spy()
    agent = ao.BotAgent(spy, game)
    record = play_game(game, [agent, make_agent("random", game, seed=1)], seed=1)
    movers = _movers(game.new_initial_state(), record.actions)
    # OpenSpiel's convention (evaluate_bots): a bot is not told the moves it chose itself.
    others = [a for p, a in zip(movers, record.actions) if p != 0]
    assert spy.told == others and len(others) < len(record.actions)


def _movers(state, actions):
    """Who made each of `actions` from `state` (-1: chance)."""
    movers = []
    for action in actions:
        movers.append(state.current_player())
        state.apply_action(action)
    return movers


def test_agents_as_openspiel_bots_in_evaluate_bots_are_told_every_move():
    # evaluate_bots tells a bot only the moves it did not choose: the bot tells its agent
    # its own, so each agent hears the whole game, in order, once.
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
    import numpy as np
    game = vo.load("vec", players=2, turn_cap=1)
    agents = [Recorder(game.vsai_game, seed=s) for s in range(2)]
    state = game.new_initial_state()
    evaluate_bots(state, [ao.AgentBot(a) for a in agents], np.random.RandomState(2))
    whole = list(zip(_movers(game.new_initial_state().vsai_state, state.history()),
                     state.history()))
    assert any(p == 0 for p, _ in whole) and any(p == 1 for p, _ in whole)
    for agent in agents:
        assert agent.told == whole


def test_an_agent_bot_told_its_own_move_by_the_caller_hears_it_once():
    game = vo.load("vec", players=2, turn_cap=1)
    agent = Recorder(game.vsai_game)
    bot = ao.AgentBot(agent)
    state = game.new_initial_state()
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        bot.inform_action(state, -1, action)
        state.apply_action(action)
    player = state.current_player()
    action = bot.step(state)
    bot.inform_action(state, player, action)  # a caller that informs the mover too
    state.apply_action(action)
    assert len(agent.told) == len(state.history())
    assert agent.told[-1] == (player, action)


def test_restart_at_tells_the_agent_the_states_history():
    game = vo.load("vec", players=2, turn_cap=1)
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[-1])
    agent = Recorder(game.vsai_game)
    ao.AgentBot(agent).restart_at(state)
    assert [a for _, a in agent.told] == state.history() and len(agent.told) == 12
    with pytest.raises(ValueError, match="vsai games"):  # not a vsai state: a clear error
        ao.AgentBot(agent).restart_at(pyspiel.load_game("tic_tac_toe").new_initial_state())
