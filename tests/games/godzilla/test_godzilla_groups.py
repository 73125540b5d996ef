"""Godzilla's long planning lists come in groups by row on every screen, the first included,
even with the few groups an 80x24 terminal has room for."""
from __future__ import annotations

import random

from vsai.core import load_game
from vsai.ext.ui.choices import group_moves

# The groups a 24-line terminal has room for under the last round (cli/loop.py: height - 8 - 3).
TERMINAL_LIMIT = 13


def _first_planning(players: int, seed: int):
    """The state at the humans' first planning decision (set-up and Kaiju moves random)."""
    state = load_game("godzilla", players=players).new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or state.current_player() == 0:
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_first_planning_screen_groups_by_row_on_a_small_terminal():
    for players, seed in ((2, 0), (2, 2), (3, 1), (5, 4)):
        state = _first_planning(players, seed)
        actions = state.legal_actions()
        assert len(actions) > 50
        groups = group_moves(state, actions, TERMINAL_LIMIT)
        assert groups is not None
        labels = [group.label for group in groups]
        assert not any("..." in label for label in labels), labels  # no runs of moves
        rows = [label for label in labels if label.startswith("route tile, ")]
        assert sorted(label.split(", ")[1] for label in rows) == \
            ["north row", "second row", "south row", "third row"]
