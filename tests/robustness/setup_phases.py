"""Which saved states are set-up positions, per game, read from a state's JSON "state" object.

The state fuzz (state_fuzz.py) draws part of its documents from these positions and aims part
of its edits at the fields the set-up changes, so that a loader must hold its set-up fields to
what the set-up steps can make, not only its mid-game fields. A new game adds its line here
(tests/robustness/test_robust_states.py fails for a game without one).
"""
from __future__ import annotations

from typing import Any, Callable

SETUP_PREDICATES: dict[str, Callable[[dict], bool]] = {
    # Eruption: the starting hands and the starting player are dealt before turn 1.
    "eruption": lambda state: state["turn"] == 0,
    # Godzilla: the set-up is fixed; its only set-up position is the first chance node,
    # before round 1's Evacuation status card.
    "godzilla": lambda state: all(card == -1 for card in state["status_cards"]),
    # Kilauea: the forests, the tiles and the starting player.
    "kilauea": lambda state: state["stage"] <= 2,     # forest, tiles, start
    # VEC: first player, objectives, starting cards and the Ideas Area before turn 1's quills.
    "vec": lambda state: state["turn"] == 0 and state["stage"] <= 6,
    # Vulcanus: tiles, bonus tiles, Vulcanus's start, roles and the Humans' start (round 0).
    "vulcanus": lambda state: state["round"] == 0,
}


def in_setup(name: str, state: Any) -> bool:
    """Whether `state` (a vsai state of game `name`) is a set-up position."""
    import json
    return SETUP_PREDICATES[name](json.loads(state.to_json())["state"])
