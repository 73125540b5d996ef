"""What each seat sees of a move: a match tells each seat only what it saw.

The game says what an observer sees of an action through `action_key(observer, action)`:
the key is the action itself when the observer sees the move whole, and another value (shared
by every action the observer could not tell from this one) when part of it is hidden. A move
is hidden from an observer exactly when its key is not the action. The rule depends only on
what the observer sees, never on how many outcomes are left: the last card of a deck drawn
face down reads "draw a card" like every card before it.
"""
from __future__ import annotations

from typing import Any, Iterable


def seen_keys(state: Any, action: int, seats: int) -> tuple[int, ...]:
    """What each of the `seats` seats sees of `action` about to be played at `state` (its key)."""
    return tuple(state.action_key(observer, action) for observer in range(seats))


def hidden_from(state: Any, action: int, observers: Iterable[int]) -> frozenset[int]:
    """The observers (other than the mover) who do not see `action`, about to be played at
    `state`, whole: their key for it is not the action itself."""
    mover = state.current_player()
    return frozenset(observer for observer in observers
                     if observer != mover and state.action_key(observer, action) != action)
