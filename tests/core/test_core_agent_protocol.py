"""The agent contract as typing Protocols (vsai.core.agent_protocol): every registered agent
keeps all of it, and a Match takes any object that keeps a part, using only that part."""
from vsai.ai import list_agents, make_agent
from vsai.core import Match, load_game
from vsai.core.agent_protocol import (AgentProtocol, AnalysingAgent, InformedAgent, MovePicker,
                                      ResettableAgent)


def test_every_registered_agent_keeps_the_whole_contract():
    game = load_game(_a_game(), players=2)
    for name in list_agents():
        agent = make_agent(name, game, seed=1, **({} if name in ("random", "heuristic") else {"iterations": 5}))
        assert isinstance(agent, AgentProtocol), name


def _a_game():
    from vsai.core import list_games
    return list_games()[0]


class StepOnly:
    """An outside AI that only picks moves."""

    def step(self, state):
        return state.legal_actions()[0]


class Listening:
    """Something that only listens to the moves (a belief tracker, a logger)."""

    def __init__(self):
        self.told, self.resets = [], 0

    def inform_action(self, state, player, action):
        self.told.append((player, action))

    def reset(self):
        self.resets += 1


def test_a_match_uses_only_the_parts_an_object_keeps():
    match = Match(load_game(_a_game(), players=2), seed=3)
    listener = Listening()
    match.attach(listener)
    match.resolve_chance()
    picker = StepOnly()
    assert isinstance(picker, MovePicker) and not isinstance(picker, (AnalysingAgent, InformedAgent))
    assert isinstance(listener, (InformedAgent, ResettableAgent)) and not isinstance(listener, MovePicker)
    action, candidates = match.ai_move(picker)
    assert candidates == [] and match.history[-1].action == action
    assert listener.told == [(m.seat, m.action) for m in match.history] and listener.resets == 1
