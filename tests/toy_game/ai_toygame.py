"""The search kernels' toy game (`toy_state.pyx`) as a `Game`, for tests that need a
hidden-information game with partly hidden moves whatever the registered games are.

The toy game is not part of the library: it is compiled on first use into the
test-module cache (tests/support/compiled.py: about ten seconds once; again when its source or
the protocol changes).
"""
from __future__ import annotations

from pathlib import Path

from compiled import compiled_module
from vsai.core import Game, GameSpec, Param

ToyState = compiled_module(Path(__file__).resolve().parent / "toy_state.pyx",
                           ["ext/state.pxd", "ext/rng.pxd", "ext/dispatch.pxi"]).ToyState

TOY_SPEC = GameSpec(
    name="search-toy", title="Secret bids (search test game)",
    summary="Bid hidden cards for public prizes; used by the search tests.",
    state_class=ToyState,
    params=(Param("players", 2, "number of players", minimum=2, maximum=4),),
    hidden_information=True,
    num_distinct_actions=lambda p: 3 * p["players"] + 4,
    max_chance_outcomes=lambda p: 3 * p["players"] + 4,
    max_game_length=lambda p: 3 * p["players"],
    max_branching=lambda p: 3 * p["players"] + 4)


def toy_game(players: int = 2) -> Game:
    """The toy game with `players` seats."""
    return Game(TOY_SPEC, {"players": players})
SPEC = TOY_SPEC  # as a game module found by entry point (tests/test_registry.py)
