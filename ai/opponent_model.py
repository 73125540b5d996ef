"""The search opponent model of a belief: how likely another seat's move is in one world.

Cowling, Powley & Whitehouse (2015) use the search's own statistics as the opponent model of
a Bayesian update over worlds. Here, in each world of a seat's belief, a small information-
set search (SO-ISMCTS, the kernel's) is run for the mover from that world: it redraws what
the mover cannot see of the world, so it plays as the mover would with the hidden items that
world gives it. Its root's mean value of each move, through a softmax at the belief's
temperature (a move it never tried counts as its worst tried one), with a uniform floor mixed
in, is the move's probability. Values, not visit shares: a few dozen iterations spread their
visits almost evenly over the moves, and such a model barely tells worlds apart (measured:
docs/belief-figures.md). A world whose hidden items make the real move a good one gains weight.

The world is a full state from the seat's belief, consistent with what the seat saw: the
model reads nothing else (the real state never reaches it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vsai.ext import search as kernel
from vsai.ext.belief import floored_softmax

if TYPE_CHECKING:
    from vsai.ext.state import State

# Nodes a model search may grow (it runs a few dozen iterations).
_MAX_NODES = 4096


def legal_choice(world: State, player: int) -> list[int] | None:
    """`player`'s legal actions in `world` when it is to act there with a choice, else None
    (a model then has nothing to say: the caller's default applies)."""
    if world.current_player() != player:
        return None
    legal = world.legal_actions()
    return legal if len(legal) > 1 else None


def search_policy(world: State, player: int, iterations: int, temperature: float, floor: float,
                  seed: int) -> list[float] | None:
    """The probabilities of `player`'s legal actions in `world` (in their order) under a
    small SO-ISMCTS of `iterations` from the mover's point of view, or None when `player`
    is not to act there with a choice (the caller's default applies)."""
    legal = legal_choice(world, player)
    if legal is None:
        return None
    searcher = kernel.Searcher(world, kernel.SearchMode.SO, seed, max_nodes=_MAX_NODES)
    searcher.run(iterations)
    values = {action: value for action, visits, value, _ in searcher.root_stats() if visits}
    worst = min(values.values(), default=0.0)
    return floored_softmax([values.get(a, worst) for a in legal], temperature, floor)


def search_policies(worlds: list[tuple[State, float]], player: int, iterations: int,
                    temperature: float, floor: float, seed: int) -> list[list[float] | None]:
    """`search_policy` in every world of a belief (None for a world without weight).

    The mover's search redraws everything it cannot see, so it depends only on what the mover
    saw: worlds alike for the mover (same `observation_string`, which keeps perfect recall)
    share one search. That is cheaper, and such worlds are weighed alike rather than by the
    noise of separate small searches. Worlds that differ for the mover get searches with the
    same seed (common random numbers): what the searches share of their noise cancels in the
    ratio of two worlds' likelihoods, which is all a Bayesian update reads, so the worlds
    differ by what their hidden items change (measured: docs/belief-figures.md)."""
    shared: dict[str, list[float] | None] = {}
    result: list[list[float] | None] = []
    for world, weight in worlds:
        if weight <= 0.0 or world.current_player() != player:
            result.append(None)
            continue
        seen = world.observation_string(player)
        if seen not in shared:  # one seed for every world: common random numbers
            shared[seen] = search_policy(world, player, iterations, temperature, floor, seed)
        result.append(shared[seen])
    return result
