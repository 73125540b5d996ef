"""How long an agent thinks: the one `Budget` type, and the one reading of a requested budget.

Every caller (the agents, `vsai play`, `vsai arena`, suites, `vsai engine`) holds a budget as
a `Budget`, and turns what it was asked (iterations, seconds, a level) into one with
`parse_budget`; a level's own budget comes from `vsai.ai.levels.budget` alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vsai.ai.base import MAX_ITERATIONS, MAX_SECONDS, seconds_value, whole_number

if TYPE_CHECKING:
    from vsai.ext.spec import GameSpec


@dataclass(frozen=True)
class Budget:
    """A search budget: iterations and/or seconds a decision, whichever ends first (None: the
    agent's default); for a level of `vsai play --level`, its number, name and the seconds its
    turn may take (`turn_time`, shared by the turn's decisions: vsai.ai.turns)."""

    iterations: int | None = None
    time_limit: float | None = None
    label: str = ""  # e.g. "level 7 (strong)"
    level: int | None = None  # the level this budget is: it adds search options (levels.search_options)
    turn_time: float | None = None

    @staticmethod
    def make(iterations: Any, time_limit: Any, default_iterations: int) -> "Budget":
        """A checked budget; with neither bound given, `default_iterations` (an agent's own)."""
        budget = parse_budget(iterations, time_limit, default_level=False)
        if budget.iterations is None and budget.time_limit is None:
            return Budget(default_iterations)
        return budget

    def describe(self) -> str:
        """In words, e.g. "level 7 (strong): 40000 iterations or 3 s, 1.6 s a turn"."""
        parts = []
        if self.iterations is not None:
            parts.append(f"{self.iterations} iterations")
        if self.time_limit is not None:
            parts.append(f"{self.time_limit:g} s")
        text = " or ".join(parts) if parts else "the agent's default budget"
        if self.turn_time is not None:
            text += f", {self.turn_time:g} s a turn"
        return f"{self.label}: {text}" if self.label else text


def parse_budget(iterations: Any = None, time_limit: Any = None, level: Any = None, spec: GameSpec | None = None,
                 *, default_level: bool = True, max_iterations: int = MAX_ITERATIONS,
                 max_seconds: float = MAX_SECONDS) -> Budget:
    """The budget asked for: `iterations` and `time_limit` (seconds) as given, checked; a
    `level` fills in the bounds not given (its budget on the game of `spec`, and its turn time
    while its own seconds apply); with neither bound nor level, the default level
    (`levels.DEFAULT_LEVEL`), unless `default_level` is False (then no bound: the agent's
    default). InvalidArgumentError (a ValueError) naming the bad value otherwise."""
    from vsai.ai import levels

    if iterations is not None:
        iterations = whole_number(iterations, 1, max_iterations, "iterations")
    if time_limit is not None:
        time_limit = float(seconds_value(time_limit, "time_limit", max_seconds))
    if level is not None:
        level = whole_number(level, 1, len(levels.LEVELS), "level")
    elif iterations is None and time_limit is None and default_level:
        level = levels.DEFAULT_LEVEL
    if level is None:
        return Budget(iterations, time_limit)
    rung = levels.budget(level, spec)
    return Budget(rung.iterations if iterations is None else iterations,
                  rung.time_limit if time_limit is None else time_limit, rung.label, level,
                  rung.turn_time if time_limit is None else None)
