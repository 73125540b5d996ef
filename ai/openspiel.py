"""Bots both ways between vsai and OpenSpiel.

- `AgentBot(agent)`: any vsai agent as a `pyspiel.Bot`, for OpenSpiel's tools
  (`open_spiel.python.algorithms.evaluate_bots.evaluate_bots` and friends) on the games of
  `vsai.core.openspiel` (`pyspiel.load_game("vsai_kilauea")`). `agent_bot(name, game, ...)`
  makes one by agent name. `BotAgent(bot, game)` is the other way: any `pyspiel.Bot` as a
  vsai agent, told every move (`inform_action`) like one.
- `openspiel-mcts` and `openspiel-ismcts`: OpenSpiel's own Python bots
  (`open_spiel.python.algorithms.mcts.MCTSBot` and `...ismcts.ISMCTSBot`, random-rollout
  evaluator) as vsai agents, registered with `vsai.ai.register_agent`, so `make_agent`,
  `vsai arena` and the benchmarks use them like any agent. They act on a vsai state by
  wrapping a clone of it as an OpenSpiel state.

Budgets: `iterations` (OpenSpiel's simulations) and/or `time_limit` (seconds per decision,
checked between simulations; at least 2 simulations are run so that the root has children).
Options: `exploration` (the UCT constant, default 0.7 as for vsai's agents, since returns
are win shares in [0, 1]) and `rollouts` (random rollouts per leaf, default 1).

`openspiel-mcts` searches the true state (like vsai's `mcts`, it reads hidden information:
a cheating upper bound on hidden-information games), without MCTS-Solver. `openspiel-ismcts`
runs OpenSpiel's ISMCTS simulations (a new `resample_from_infostate` world each, nodes keyed
by the acting player's information-state string) from a loop of ours that adds the time
limit and also accepts perfect-information games (OpenSpiel's `run_search` asserts imperfect
information; with nothing hidden, resampling is the identity and ISMCTS is MCTS over states).
The C++ bots `pyspiel.MCTSBot` / `pyspiel.ISMCTSBot` cannot be used: in open_spiel 2.0.2 they
crash on every Python-implemented game (see docs/openspiel.md).
"""
from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from vsai.ai.base import (Agent, Candidate, Progress, check_options, float_option,
                          int_option)
from vsai.ai.budget import Budget
from vsai.ai.registry import make_agent, register_agent, searching_factory
from vsai.core.agent_protocol import MovePicker
from vsai.core.match import inform_agent
from vsai.core.openspiel import OpenSpielGame, OpenSpielState, to_openspiel

DEFAULT_ITERATIONS = 1000
# Unbounded simulations when only a time limit is given.
_NO_LIMIT = 1 << 62
# Simulations between progress reports.
_REPORT_EVERY = 64

_OPTIONS = {
    "exploration": float_option(0.0, 100.0),
    "rollouts": int_option(1, 1000),
}


# ---------------------------------------------------------------------------- vsai -> OpenSpiel
class AgentBot(pyspiel.Bot):
    """A vsai agent as a `pyspiel.Bot`, playing states of `vsai.core.openspiel` games.

    The agent receives a clone of the wrapped vsai state, so it cannot change the game.
    `restart`/`restart_at` reset the agent (a new game; `restart_at` tells it the state's
    history); `inform_action` passes every move on to the agent's own `inform_action` (a
    belief agent reads the opponents from it), and `step` tells it its own move, which
    OpenSpiel's callers do not (`evaluate_bots` informs only the other bots).
    """

    def __init__(self, agent: Any):
        pyspiel.Bot.__init__(self)
        if not isinstance(agent, MovePicker):
            raise ValueError(f"AgentBot needs a vsai agent (make_agent(...)), not {agent!r}")
        self.agent = agent
        # The agent's own last move, told to it by `step`: OpenSpiel's callers
        # (`evaluate_bots`) inform only the bots that did not choose a move, so the bot tells
        # its agent itself; a caller that informs the mover too is not heard twice.
        self._own: tuple[int, int] | None = None

    def step(self, state: Any) -> int:
        """The agent's action at `state`; the agent is then told of it (`inform_action`)."""
        before = _inner_state(state, self.agent)
        player = before.current_player()
        action = int(self.agent.step(before.clone()))
        inform_agent(self.agent, before, player, action)
        self._own = (player, action)
        return action

    def step_with_policy(self, state: Any) -> tuple[list[tuple[int, float]], int]:
        """The agent's action, with the deterministic policy that plays it."""
        action = self.step(state)
        return [(a, 1.0 if a == action else 0.0) for a in state.legal_actions()], action

    def provides_policy(self) -> bool:
        """True: `step_with_policy` is available (a one-hot policy)."""
        return True

    def restart(self) -> None:
        """A new game."""
        self.agent.reset()
        self._own = None

    def restart_at(self, state: Any) -> None:
        """A new game from `state`: the agent is told the moves of its history (from the
        game's start, as `state.history()` records them; a state wrapped mid-game has none)."""
        self.restart()
        _inner_state(state, self.agent)  # a state of this agent's game, or a clear error
        replay = state.get_game().new_initial_state()
        for action in state.history():
            inform_agent(self.agent, replay.vsai_state, replay.current_player(), action)
            replay.apply_action(action)

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Tell the agent of a move (`Agent.inform_action`: it keeps only what its seat sees).
        Its own move, already told by `step`, is not told again."""
        own, self._own = self._own, None
        if own == (int(player_id), int(action)):
            return
        inform_agent(self.agent, _inner_state(state, self.agent), int(player_id), int(action))

    def inform_actions(self, state: Any, actions: list[int]) -> None:
        """Nothing to do (sequential games only)."""


class BotAgent:
    """Any `pyspiel.Bot` as a vsai agent on a vsai game: `step` wraps a clone of the vsai
    state for the bot, `inform_action` forwards every move but the bot's own to the bot's
    own (OpenSpiel's convention), `reset` restarts it. The bot sees what the OpenSpiel state
    shows it (a fair bot reads only its player's information state)."""

    def __init__(self, bot: Any, game: Any):
        if not hasattr(bot, "step"):
            raise ValueError(f"BotAgent needs a pyspiel.Bot, not {bot!r}")
        self.bot = bot
        self.game = game.vsai_game if isinstance(game, OpenSpielGame) else game
        self.os_game = to_openspiel(self.game)
        self._seat: int | None = None  # the seat it plays, learnt at its first move

    def step(self, state: Any) -> int:
        """The bot's action at the vsai `state`."""
        self._seat = state.current_player()
        return int(self.bot.step(self.os_game.wrap_state(state)))

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Forward a move to the bot (`pyspiel.Bot.inform_action`), except the bot's own:
        as in OpenSpiel (`evaluate_bots`), a bot is not told the moves it chose."""
        if int(player) != self._seat:
            self.bot.inform_action(self.os_game.wrap_state(state), int(player), int(action))

    def reset(self) -> None:
        """A new game: the bot restarts."""
        self.bot.restart()
        self._seat = None


def _inner_state(state: Any, agent: Any) -> Any:
    """The vsai state `state` wraps (live: callers hand the agent a copy), or ValueError when
    it is not a state of the agent's game."""
    if not isinstance(state, OpenSpielState):
        raise ValueError("a vsai agent plays the vsai games of vsai.core.openspiel "
                         f"(pyspiel.load_game('vsai_<name>')), not {type(state).__name__}")
    inner = state.vsai_state
    game = getattr(agent, "game", None)
    if game is not None and inner.GAME_NAME != game.name:
        raise ValueError(f"this agent plays {game.name}, the state is a {inner.GAME_NAME} state")
    return inner


def agent_bot(name: str, game: Any, **kwargs: Any) -> AgentBot:
    """The vsai agent `name` (as in `make_agent`) as a pyspiel.Bot.

    `game` is a pyspiel game of `vsai.core.openspiel` or a vsai game; `kwargs` go to
    `make_agent` (seed, iterations, time_limit, options).
    """
    if isinstance(game, OpenSpielGame):
        game = game.vsai_game
    return AgentBot(make_agent(name, game, **kwargs))


# ---------------------------------------------------------------------------- OpenSpiel -> vsai
class _OutOfTime(Exception):
    """Raised between MCTS simulations once the time limit is reached."""


class _TimedMCTSBot(os_mcts.MCTSBot):
    """OpenSpiel's MCTSBot with a wall-clock limit, checked before each simulation."""

    def search(self, state: OpenSpielState, budget: Budget,
               progress: Progress | None) -> tuple[Any, int]:
        """The root node after the budget's simulations, and how many were run."""
        self.max_simulations = budget.iterations or _NO_LIMIT
        self._deadline = (time.monotonic() + budget.time_limit) if budget.time_limit else None
        self._progress = progress
        self._total = budget.iterations
        self._done = 0
        self._root = None
        try:
            root = self.mcts_search(state)
        except _OutOfTime:
            root = self._root
        return root, self._done

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        # Called once at the start of every simulation, before the tree changes.
        if self._done >= 2 and self._deadline is not None and time.monotonic() >= self._deadline:
            self._root = root
            raise _OutOfTime
        if self._progress is not None and self._done % _REPORT_EVERY == 0:
            self._progress(self._done, self._total)
        self._done += 1
        return super()._apply_tree_policy(root, state)


class _ISMCTSBot(os_ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot simulations driven by our loop (time limit, any information)."""

    def search(self, state: OpenSpielState, budget: Budget,
               progress: Progress | None) -> tuple[Any, int]:
        """The root node after the budget's simulations, and how many were run."""
        self.reset()
        root = self.create_new_node(state)
        deadline = (time.monotonic() + budget.time_limit) if budget.time_limit else None
        limit = budget.iterations or _NO_LIMIT
        done = 0
        while done < limit and (deadline is None or done < 2 or time.monotonic() < deadline):
            if progress is not None and done % _REPORT_EVERY == 0:
                progress(done, budget.iterations)
            self.run_simulation(self.sample_root_state(state))
            done += 1
        return root, done


class OpenSpielAgent(Agent):
    """Common ground of the OpenSpiel bots as vsai agents (see the module docstring)."""

    name = "openspiel"

    def __init__(self, game: Any, seed: int | None = None, iterations: Any = None,
                 time_limit: Any = None, **options: Any):
        super().__init__(game, seed)
        self.budget = Budget.make(iterations, time_limit, DEFAULT_ITERATIONS)
        opts = check_options(self.name, options, _OPTIONS)
        self.exploration = opts.get("exploration", 0.7)
        self.rollouts = opts.get("rollouts", 1)
        self.options = opts
        self.os_game = to_openspiel(game)
        self.last_iterations = 0

    def _analyse(self, state: Any, seed: int, progress: Progress | None) -> list[Candidate]:
        rng = np.random.RandomState(seed % (1 << 32))
        evaluator = os_mcts.RandomRolloutEvaluator(self.rollouts, rng)
        wrapped = self.os_game.wrap_state(state)
        stats = self._search(wrapped, evaluator, rng, progress)
        candidates = []
        for action in state.legal_actions():
            visits, value = stats.get(action, (0, 0.0))
            candidates.append(Candidate(action, state.action_to_string(action), visits, value))
        candidates.sort(key=lambda c: (-c.visits, -c.value, c.action))
        return candidates

    def _search(self, wrapped: OpenSpielState, evaluator: Any, rng: np.random.RandomState,
                progress: Progress | None) -> dict[int, tuple[int, float]]:
        raise TypeError(f"{type(self).__name__} must define _search()")


class OpenSpielMCTSAgent(OpenSpielAgent):
    """OpenSpiel's Python MCTSBot (UCT, random rollouts, no solver) on the true state."""

    name = "openspiel-mcts"

    def _search(self, wrapped: OpenSpielState, evaluator: Any, rng: np.random.RandomState,
                progress: Progress | None) -> dict[int, tuple[int, float]]:
        bot = _TimedMCTSBot(self.os_game, self.exploration, 1, evaluator, solve=False,
                            random_state=rng)
        root, self.last_iterations = bot.search(wrapped, self.budget, progress)
        return {int(c.action): (c.explore_count,
                                c.total_reward / c.explore_count if c.explore_count else 0.0)
                for c in root.children}


class OpenSpielISMCTSAgent(OpenSpielAgent):
    """OpenSpiel's Python ISMCTSBot (UCT, random rollouts, a new world per simulation)."""

    name = "openspiel-ismcts"

    def _search(self, wrapped: OpenSpielState, evaluator: Any, rng: np.random.RandomState,
                progress: Progress | None) -> dict[int, tuple[int, float]]:
        bot = _ISMCTSBot(self.os_game, evaluator, self.exploration, 1, random_state=rng)
        # Worlds drawn from the agent's own stream, so the same seed gives the same search.
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, rng.random_sample))
        root, self.last_iterations = bot.search(wrapped, self.budget, progress)
        return {int(a): (int(c.visits), c.value() if c.visits else 0.0)
                for a, c in root.child_info.items()}


# Their descriptions are in vsai.ai.registry, which lists them without importing this module.
register_agent("openspiel-mcts", searching_factory(OpenSpielMCTSAgent))
register_agent("openspiel-ismcts", searching_factory(OpenSpielISMCTSAgent))
