"""Agents that do not search: `random` and the one-ply `heuristic`."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from vsai.ai.base import Agent, Candidate, Progress, check_options, int_option
from vsai.ext.search import one_ply_values

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State


class RandomAgent(Agent):
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, game: Game, seed: int | None = None, **options: Any):
        super().__init__(game, seed)
        check_options(self.name, options, {})

    def _analyse(self, state: State, seed: int, progress: Progress | None) -> list[Candidate]:
        legal = state.legal_actions()
        random.Random(seed).shuffle(legal)
        share = 1.0 / state.num_players()
        if progress is not None:
            progress(1, 1)
        return [Candidate(a, state.action_to_string(a), 0, share) for a in legal]


class HeuristicAgent(Agent):
    """One-ply look-ahead: plays the action after which the game's evaluation (`c_evaluate`)
    is best for the acting player; ties are broken at random.

    On hidden-information games the evaluation is averaged over `determinizations` redraws
    of what the player cannot see, so the agent never reads hidden information.
    """

    name = "heuristic"

    def __init__(self, game: Game, seed: int | None = None, **options: Any):
        super().__init__(game, seed)
        hidden = bool(game.has_hidden_information())
        opts = check_options(self.name, options, {"determinizations": int_option(1, 1000)})
        self.determinizations = opts.get("determinizations", 8) if hidden else 0

    def _analyse(self, state: State, seed: int, progress: Progress | None) -> list[Candidate]:
        values = one_ply_values(state, self.determinizations, seed)
        tie_break = random.Random(seed)
        order = {a: tie_break.random() for a, _ in values}
        values.sort(key=lambda av: (-round(av[1], 12), order[av[0]]))
        if progress is not None:
            progress(1, 1)
        return [Candidate(a, state.action_to_string(a), 0, v) for a, v in values]
