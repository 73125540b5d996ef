"""The searching agents: `mcts` (UCT), `pimc` (determinized UCT) and `ismcts` (SO/MO-ISMCTS).

The search itself runs in C (`vsai.ext.search.Searcher`); these classes check options, set
up the searchers (one per worker, or one per determinization for PIMC), run them within the
budget and merge the root statistics by summing visits.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from vsai.ai.base import (Agent, Candidate, Progress, check_options, choice_option,
                          float_option, int_option, mix_seed)
from vsai.ai.budget import Budget
from vsai.ext.errors import InvalidArgumentError
from vsai.ai.belief import BELIEF_OPTIONS, BeliefSettings, BeliefTracker, on_off
from vsai.ai.runner import run_searches
from vsai.ext import search as kernel

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State

DEFAULT_ITERATIONS = 1000

_COMMON_OPTIONS = {
    "exploration": float_option(0.0, 100.0),
    "playout": choice_option("random", "heuristic"),
    "cutoff": int_option(0),
    "epsilon": float_option(0.0, 1.0),
    "workers": int_option(1, 64),
    "max_nodes": int_option(1000, 100_000_000),
}


class SearchAgent(Agent):
    """Common ground of the tree-search agents (see the module docstring).

    Options: exploration (UCB constant, default 0.7), playout ("random" or "heuristic":
    epsilon-greedy one-ply look-ahead with the game's evaluation), cutoff (stop playouts after
    this many moves and use the evaluation; 0 = play to the end; default 0 unless the game's
    spec sets `search_defaults`), epsilon (random-move rate of
    heuristic playouts, default 0.1), workers (root-parallel threads, default 1), max_nodes
    (per tree, default 2,000,000).
    """

    extra_options: dict = {}

    def __init__(self, game: Game, seed: int | None = None, iterations: Any = None,
                 time_limit: Any = None, **options: Any):
        super().__init__(game, seed)
        self.budget = Budget.make(iterations, time_limit, DEFAULT_ITERATIONS)
        opts = check_options(self.name, options, self.option_table())
        for key, value in self.game_defaults(game).items():
            opts.setdefault(key, value)
        self.exploration = opts.get("exploration", 0.7)
        self.playout = opts.get("playout", "random")
        self.cutoff = opts.get("cutoff", 0)
        self.epsilon = opts.get("epsilon", 0.1)
        self.workers = opts.get("workers", 1)
        self.max_nodes = opts.get("max_nodes", 2_000_000)
        self.options = opts
        self.last_iterations = 0
        self.beliefs: BeliefTracker | None = None
        if opts.get("belief", "off") == "on":
            self.beliefs = BeliefTracker(mix_seed(self.seed, 0xBE11EF), BeliefSettings.from_options(opts))
        elif set(opts) & set(BELIEF_OPTIONS):
            raise InvalidArgumentError(f"agent {self.name}: {', '.join(sorted(set(opts) & set(BELIEF_OPTIONS)))} "
                                       "set a belief: give belief=on with them")

    @classmethod
    def option_table(cls) -> dict:
        """The options this agent takes, each with its checker."""
        return {**_COMMON_OPTIONS, **cls.extra_options}

    @classmethod
    def game_defaults(cls, game: Game) -> dict:
        """The search options `game`'s spec gives this agent by default at its player count
        (`GameSpec.search_options_for`), those it takes."""
        spec = getattr(game, "spec", None)
        if spec is None:
            return {}
        table = cls.option_table()
        return {key: value for key, value in spec.search_options_for(cls.name, game.num_players()).items()
                if key in table}

    # ---------------------------------------------------------------- belief (belief=on)
    def inform_action(self, state: State, player: int, action: int) -> None:
        """With belief=on, every move updates the belief of the seats this agent plays."""
        if self.beliefs is not None:
            self.beliefs.inform(state, player, action)

    def reset(self) -> None:
        """Forget the moves made and, with belief=on, the game seen so far."""
        super().reset()
        if self.beliefs is not None:
            self.beliefs.reset()

    def step_with_analysis(self, state: State, progress: Progress | None = None) -> tuple[int, list[Candidate]]:
        """As `Agent.step_with_analysis`; a belief notes the decision (see BeliefTracker)."""
        result = super().step_with_analysis(state, progress)
        if self.beliefs is not None:
            self.beliefs.decided(state.current_player())
        return result

    def _worlds(self, state: State) -> list[tuple[State, float]]:
        """The weighted worlds of the belief of the seat to act at `state`."""
        assert self.beliefs is not None
        return self.beliefs.belief(state).worlds_at(state)

    def _searcher(self, root: State, mode: kernel.SearchMode, seed: int) -> kernel.Searcher:
        playout = kernel.Playout.HEURISTIC if self.playout == "heuristic" else kernel.Playout.RANDOM
        return kernel.Searcher(root, mode, seed, exploration=self.exploration, playout=playout,
                               cutoff=self.cutoff, epsilon=self.epsilon, max_nodes=self.max_nodes)

    def _searchers(self, state: State, seed: int) -> list[kernel.Searcher]:
        raise TypeError(f"{type(self).__name__} must define _searchers()")

    def _analyse(self, state: State, seed: int, progress: Progress | None) -> list[Candidate]:
        started = time.monotonic()
        if self.beliefs is not None:  # updates between moves count against the time limit
            started -= self.beliefs.take_unbilled()
        searchers = self._searchers(state, seed)
        self.last_iterations = run_searches(searchers, self.budget, self.workers, progress, started)
        visits: dict[int, int] = {}
        values: dict[int, float] = {}
        for searcher in searchers:
            for action, n, mean, _avail in searcher.root_stats():
                visits[action] = visits.get(action, 0) + n
                values[action] = values.get(action, 0.0) + mean * n
        candidates = []
        for action in state.legal_actions():
            n = visits.get(action, 0)
            value = values[action] / n if n else 0.0
            candidates.append(Candidate(action, state.action_to_string(action), n, value))
        candidates.sort(key=lambda c: (-c.visits, -c.value, c.action))
        return candidates


class MCTSAgent(SearchAgent):
    """UCT on the true state with random playouts; chance sampled by its probabilities.

    On hidden-information games it reads hidden information: a cheating upper bound, not a
    fair opponent.
    """

    name = "mcts"

    def _searchers(self, state: State, seed: int) -> list[kernel.Searcher]:
        return [self._searcher(state, kernel.SearchMode.MCTS, mix_seed(seed, w))
                for w in range(self.workers)]


class ISMCTSAgent(SearchAgent):
    """Information-set MCTS (Cowling, Powley & Whitehouse 2012): a new determinization of
    what the player cannot see on every iteration, UCB with availability counts.

    Option mode: "so" (single observer, default) or "mo" (multiple observers: one tree per
    player keyed by what that player sees, for games whose opponents' moves are partly hidden).
    """

    name = "ismcts"
    extra_options = {"mode": choice_option("so", "mo"), "belief": on_off,
                     **BELIEF_OPTIONS}

    def __init__(self, game: Game, seed: int | None = None, iterations: Any = None,
                 time_limit: Any = None, **options: Any):
        super().__init__(game, seed, iterations, time_limit, **options)
        self.mode = self.options.get("mode", "so")

    def _searchers(self, state: State, seed: int) -> list[kernel.Searcher]:
        mode = kernel.SearchMode.MO if self.mode == "mo" else kernel.SearchMode.SO
        searchers = [self._searcher(state, mode, mix_seed(seed, w)) for w in range(self.workers)]
        if self.beliefs is not None:  # each iteration draws its world from the belief
            worlds, weights = map(list, zip(*self._worlds(state)))
            for searcher in searchers:
                searcher.set_worlds(worlds, weights)
        return searchers


class PIMCAgent(SearchAgent):
    """Perfect-information Monte Carlo: UCT on `determinizations` redraws of what the player
    cannot see (default 8), sharing the budget; the move with most summed visits wins."""

    name = "pimc"
    extra_options = {"determinizations": int_option(1, 1000), "belief": on_off,
                     **BELIEF_OPTIONS}

    def __init__(self, game: Game, seed: int | None = None, iterations: Any = None,
                 time_limit: Any = None, **options: Any):
        super().__init__(game, seed, iterations, time_limit, **options)
        self.determinizations = self.options.get("determinizations", 8)

    def _searchers(self, state: State, seed: int) -> list[kernel.Searcher]:
        player = state.current_player()
        if self.beliefs is not None:
            worlds = _draw_by_weight(self._worlds(state), self.determinizations, mix_seed(seed, 3))
        else:
            worlds = [state.resample(player, mix_seed(seed, 1, k)) for k in range(self.determinizations)]
        return [self._searcher(world, kernel.SearchMode.MCTS, mix_seed(seed, 2, k))
                for k, world in enumerate(worlds)]


def _draw_by_weight(weighted: list[tuple[State, float]], count: int, seed: int) -> list[Any]:
    """`count` worlds drawn by weight with replacement (systematic: evenly spaced draws)."""
    total = sum(w for _, w in weighted)
    start = (mix_seed(seed) % 1_000_003) / 1_000_003 / count
    result, acc, i = [], weighted[0][1], 0
    for k in range(count):
        target = (start + k / count) * total
        while acc <= target and i < len(weighted) - 1:
            i += 1
            acc += weighted[i][1]
        result.append(weighted[i][0])
    return result
