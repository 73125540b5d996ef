"""Positions of seeded random games, for tests of what one seat sees and another does not."""
from __future__ import annotations

import random
from typing import Iterator

from vsai.core import load_game


def seat_pairs_in_random_games(name: str, counts: tuple[int, ...], seed: int,
                               share: float) -> Iterator[tuple[object, int, int]]:
    """(state, owner, observer) for every ordered pair of seats at about `share` of the
    positions of one random game a player count (chance by its probabilities); the state is
    the live one, so read it before the next item."""
    rng = random.Random(seed)
    for players in counts:
        state = load_game(name, players=players).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if rng.random() <= share and not state.is_terminal():
                for owner in range(players):
                    for observer in range(players):
                        if owner != observer:
                            yield state, owner, observer
