"""vsai.ai: AI opponents (random, heuristic, MCTS, PIMC, ISMCTS) and the match runner.

    >>> from vsai.core import list_games, load_game
    >>> from vsai.ai import make_agent
    >>> game = load_game(list_games()[0], players=2)
    >>> agent = make_agent("ismcts", game, seed=1, time_limit=1.0)
    >>> state = game.new_initial_state()    # ... play the set-up chance outcomes, then
    >>> action = agent.step(state)          # at a player node
    >>> agent.analyse(state)[:3]            # best candidates, with visits and values

Agents: random, heuristic, mcts (cheats on hidden-information games), pimc, ismcts, and the
OpenSpiel bots when pyspiel is installed. `vsai.ai.lab` (the tournament lab) plays matches and suites between them.
Importing vsai.ai never imports pyspiel; the OpenSpiel agents load lazily when available.
"""
from vsai.ai.base import Agent, Candidate, StopSearch
from vsai.ai.budget import Budget
from vsai.ai.registry import describe_agent, list_agents, make_agent, register_agent

__all__ = ["Agent", "Budget", "Candidate", "StopSearch", "describe_agent", "list_agents",
           "make_agent", "register_agent"]
