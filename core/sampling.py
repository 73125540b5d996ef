"""Drawing chance outcomes in Python, for match runners, benchmarks and tests."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vsai.ext.state import State


def sample_chance(state: State, rng: random.Random) -> int:
    """A chance outcome of `state` (a chance node) drawn by its probabilities from `rng`."""
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
