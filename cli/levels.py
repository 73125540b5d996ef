"""The strength ladder of `vsai play --level`: a name and a search budget per level.

Each level is an iteration budget with a time cap, so that even a slow game or machine keeps
the AI's turn short. The default level answers within a second or two.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One rung of the ladder."""

    number: int
    name: str
    iterations: int
    time_limit: float  # seconds, a cap on each move


LEVELS = (
    Level(1, "novice", 25, 0.5),
    Level(2, "beginner", 100, 0.5),
    Level(3, "casual", 400, 1.0),
    Level(4, "amateur", 1500, 1.0),
    Level(5, "club", 5000, 1.5),
    Level(6, "regular", 15000, 2.0),
    Level(7, "strong", 40000, 2.0),
    Level(8, "expert", 100000, 5.0),
    Level(9, "master", 250000, 10.0),
    Level(10, "grandmaster", 1000000, 30.0),
)
# About a second a move on the fastest game (~45,000 ISMCTS iterations/s on one core); capped at 2 s.
DEFAULT_LEVEL = 7


def level(number: int) -> Level:
    """The level `number` (1..10); ValueError otherwise."""
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"level {number} does not exist; levels are 1 to {len(LEVELS)}")
    return LEVELS[number - 1]


def describe() -> str:
    """The ladder in one line, for --help."""
    return ", ".join(f"{lv.number} {lv.name}" for lv in LEVELS)
