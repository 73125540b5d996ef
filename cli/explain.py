"""What a human seat may read of the others' hidden items from their play: the text that
`hint`, `explain` and `--explain` show in a hidden-information game.

It is the human seat's own belief (`vsai.ai.belief`), fed only what that seat saw of each
move, so it reveals nothing the seat could not know. An AI seat's belief, or its ranked
alternatives, would tell that AI's hand: they are never shown to a human in such a game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from vsai.ai.belief import BeliefSettings, BeliefTracker, belief_lines, describe_belief

if TYPE_CHECKING:
    from vsai.core.match import Match

# The heading of a reading: whose view it is, so no one takes it for the AI's.
READING_TITLE = "What the others may hold, read from their play (your view only):"


class SeatReading:
    """The human seats' own beliefs in a match, told every move (attached to the match)."""

    def __init__(self, table: Match, seed: int, settings: BeliefSettings | None = None):
        self.tracker = BeliefTracker(seed, settings or BeliefSettings())
        table.attach(self.tracker)

    def lines(self, table: Match, seat: int) -> list[str]:
        """`seat`'s reading of each other seat at the match's present, one line a seat: three
        facts it may hold with the chance of each, worded as the game words them."""
        state = table.state.clone()
        belief = self.tracker.belief_of(seat, state)
        belief.worlds_at(state)
        return belief_lines(describe_belief(belief, state))
