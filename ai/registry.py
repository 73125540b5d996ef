"""The agent registry: names to factories, `make_agent`, and lazily the OpenSpiel agents."""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any, Callable

from vsai.ai.base import Agent, whole_number
from vsai.ai.budget import Budget
from vsai.ext.errors import InvalidArgumentError, UnknownAgentError

if TYPE_CHECKING:
    from vsai.core.game import Game

# factory(game, *, seed, iterations, time_limit, **options) -> agent
Factory = Callable[..., Any]

_AGENTS: dict[str, tuple[Factory, str]] = {}
# Agents of optional modules, named here so that listing them (`vsai list`) does not import
# the module: importing pyspiel costs up to a second. name -> (module registering it, the
# module it needs, description). The module is imported when such an agent is first used.
_OPTIONAL_AGENTS: dict[str, tuple[str, str, str]] = {
    "openspiel-mcts": ("vsai.ai.openspiel", "pyspiel",
                       "OpenSpiel's Python MCTS bot through the OpenSpiel wrapper (reads hidden "
                       "information, like mcts; slow: for comparison)"),
    "openspiel-ismcts": ("vsai.ai.openspiel", "pyspiel",
                         "OpenSpiel's Python ISMCTS bot through the OpenSpiel wrapper (fair; slow: "
                         "for comparison)"),
}
_optional_loaded = False


def register_agent(name: str, factory: Factory, description: str | None = None) -> None:
    """Make `factory` available as `make_agent(name, ...)`.

    The factory is called as factory(game, seed=..., iterations=..., time_limit=..., **options)
    and raises ValueError for options it does not take. `description` may be left out only for
    the optional agents named in this module, whose description is here.
    """
    key = name.strip().lower()
    if not key:
        raise InvalidArgumentError("an agent needs a name")
    if description is None:
        description = _OPTIONAL_AGENTS[key][2]
    _AGENTS[key] = (factory, description)


def _optional_available() -> list[str]:
    """The optional agents whose needed module is installed (found without importing it)."""
    return [name for name, (_, needs, _) in _OPTIONAL_AGENTS.items()
            if importlib.util.find_spec(needs) is not None]


def _load_optional() -> None:
    global _optional_loaded
    if _optional_loaded:
        return
    _optional_loaded = True
    for module in dict.fromkeys(module for module, _, _ in _OPTIONAL_AGENTS.values()):
        try:
            importlib.import_module(module)
        except ImportError:
            pass


def list_agents() -> list[str]:
    """The names `make_agent` accepts, e.g. ["random", "heuristic", "mcts", "pimc", "ismcts"]."""
    return list(_AGENTS) + [name for name in _optional_available() if name not in _AGENTS]


def describe_agent(name: str) -> str:
    """One line about an agent; ValueError for an unknown name."""
    key = str(name).strip().lower()
    if key not in _AGENTS and key in _optional_available():
        return _OPTIONAL_AGENTS[key][2]
    return _AGENTS[_known(name)][1]


def _known(name: Any) -> str:
    key = str(name).strip().lower()
    if key not in _AGENTS:
        _load_optional()  # only then: importing pyspiel costs up to a second
    if key not in _AGENTS:
        raise UnknownAgentError(f"unknown agent {name!r}; the agents are: {', '.join(_AGENTS)}")
    return key


def make_agent(name: str, game: Game, *, seed: int | None = None, iterations: int | None = None,
               time_limit: float | None = None, **options: Any) -> Agent:
    """An agent by name for `game` (a `vsai.core.Game`, or a registered game's name).

    `iterations` and/or `time_limit` (seconds) bound each decision's search; agents that do
    not search accept and ignore them. Unknown names or bad options raise ValueError.
    """
    factory = _AGENTS[_known(name)][0]
    if isinstance(game, str):
        from vsai.core import load_game
        game = load_game(game)
    if not hasattr(game, "new_initial_state"):
        raise InvalidArgumentError(f"make_agent needs a game (vsai.core.load_game(...)), not {game!r}")
    return factory(game, seed=seed, iterations=iterations, time_limit=time_limit, **options)


def build_agent(name: str, game: Game, *, seed: int | None = None, budget: Budget | None = None,
                options: dict | None = None) -> Any:
    """An agent by name for `game` within `budget`: the one agent factory of vsai's own callers
    (`vsai play`, `vsai arena`, suites, `vsai bench`).

    The agent's own `options` win over the budget: `iterations`, `time_limit` (or its alias
    `think_time`), and `seed` (the agent's own seed instead of `seed`, which the caller
    derives). A level's budget (`budget.level`) adds the level's search options on the game
    (`levels.search_options`) under the agent's own. ValueError as `make_agent`.
    """
    from vsai.ai import levels

    budget = budget or Budget()
    options = dict(options or {})
    if budget.level is not None:
        options = levels.with_search_options(name, game.spec, options)
    iterations = options.pop("iterations", budget.iterations)
    time_limit = options.pop("time_limit", options.pop("think_time", budget.time_limit))
    if "seed" in options:
        seed = whole_number(options.pop("seed"), 0, 2**63 - 1, "seed")
    return make_agent(name, game, seed=seed, iterations=iterations, time_limit=time_limit, **options)


def agent_class(ref: type | str) -> type:
    """An agent class, or the class that a "module:Class" text names (imported now)."""
    if isinstance(ref, str):
        module, name = ref.split(":")
        return getattr(importlib.import_module(module), name)
    return ref


def _simple(cls: type | str) -> Factory:
    def factory(game: Game, *, seed: int | None = None, iterations: Any = None,
                time_limit: Any = None, **options: Any) -> Agent:
        Budget.make(iterations, time_limit, 1)  # checked, then unused: no search to bound
        return agent_class(cls)(game, seed=seed, **options)
    factory.ignores_budget = True  # type: ignore[attr-defined]
    return factory


def searching_factory(cls: type | str) -> Factory:
    """The factory of an agent class taking (game, seed, iterations, time_limit, **options);
    `cls` may be a "module:Class" text, imported when the first agent is made."""
    def factory(game: Game, *, seed: int | None = None, iterations: Any = None,
                time_limit: Any = None, **options: Any) -> Agent:
        return agent_class(cls)(game, seed=seed, iterations=iterations, time_limit=time_limit, **options)
    factory.agent_class = cls  # type: ignore[attr-defined]
    return factory


def uses_budget(name: str) -> bool:
    """False for the agents that do not search (random, heuristic): a budget changes nothing
    for them. True for the others, users' agents included."""
    return not getattr(_AGENTS[_known(name)][0], "ignores_budget", False)


def takes_search_options(name: str) -> bool:
    """True for vsai's tree-search agents (mcts, pimc, ismcts), which take the search options
    of `vsai.ext.spec.GameSpec` (playout, cutoff, ...); False for any other agent."""
    from vsai.ai.tree_search import SearchAgent

    factory = _AGENTS[_known(name)][0]
    return issubclass(agent_class(getattr(factory, "agent_class", object)), SearchAgent)


# The built-in agents, named by "module:Class" so that importing the registry (and listing the
# agents: `vsai list`) does not import the search code, its kernel and the engines it needs.
register_agent("random", _simple("vsai.ai.simple:RandomAgent"), "uniformly random legal moves")
register_agent("heuristic", _simple("vsai.ai.simple:HeuristicAgent"),
               "one-ply look-ahead with the game's evaluation (averaged over redraws of "
               "hidden information)")
register_agent("mcts", searching_factory("vsai.ai.tree_search:MCTSAgent"),
               "UCT with random playouts on the true state; on hidden-information games it "
               "sees hidden cards: a CHEATING upper bound, not a fair opponent")
register_agent("pimc", searching_factory("vsai.ai.tree_search:PIMCAgent"),
               "determinized UCT: several redraws of hidden information share the budget "
               "(fair)")
register_agent("ismcts", searching_factory("vsai.ai.tree_search:ISMCTSAgent"),
               "information-set MCTS (SO, or MO with mode=mo): a new redraw of hidden "
               "information every iteration (fair; the strongest)")
