"""An AI's time by the turn: a run of one seat's own decisions with no other seat's decision
between them (chance may come between) shares one turn's seconds.

Some turns hold many decisions (a seat planning several cards, a monster's many steps, a run
of tile and wall steps), so a cap on each decision alone lets a turn take a minute. A
`TurnClock` gives each decision a share of what is left of its turn: `SHARE` of the rest, and
never less than `FLOOR` of the turn (a move made in no time is a random one). A turn therefore takes at
most its `turn_time` while its decisions stay above the floor, and a long turn adds a floor
per further decision. The caps are seconds: a decision they cut short depends on the
machine's speed (an iteration budget that ends first does not).
"""
from __future__ import annotations

import contextlib
import dataclasses
from typing import TYPE_CHECKING, Any, Iterator, Sequence

if TYPE_CHECKING:
    from vsai.core.agent_protocol import MovePicker

SHARE = 2 / 3   # of the turn's remaining seconds, the most one decision may use
FLOOR = 1 / 20  # of the turn's seconds, the least one decision may use


def starts_turn(seat: int, history: Sequence[Any]) -> bool:
    """True when a decision of `seat` after `history` (moves, each with a `seat`, chance
    negative) starts a turn: the last decision before it was another seat's, or none."""
    for move in reversed(history):
        if move.seat >= 0:
            return move.seat != seat
    return True


class TurnClock:
    """The seconds of one seat's turns, shared among their decisions (see the module)."""

    def __init__(self, turn_time: float):
        self.turn_time = float(turn_time)
        self.used = 0.0

    def cap(self, new_turn: bool) -> float:
        """The seconds the next decision may use; `new_turn` starts a turn's clock afresh."""
        if new_turn:
            self.used = 0.0
        rest = max(0.0, self.turn_time - self.used)
        return max(rest * SHARE, self.turn_time * FLOOR)

    def spend(self, seconds: float) -> None:
        """Count the seconds the decision took against its turn."""
        self.used += max(0.0, seconds)


@contextlib.contextmanager
def time_capped(agent: MovePicker, seconds: float | None) -> Iterator[None]:
    """Within the block, `agent` (a searching agent with a `budget`) thinks at most `seconds`
    a decision, besides its own limits; any other agent, or `seconds` None, changes nothing."""
    budget = getattr(agent, "budget", None)
    if seconds is None or not dataclasses.is_dataclass(budget) or not hasattr(budget, "time_limit"):
        yield
        return
    limit = seconds if budget.time_limit is None else min(budget.time_limit, seconds)
    agent.budget = dataclasses.replace(budget, time_limit=limit)
    try:
        yield
    finally:
        agent.budget = budget
