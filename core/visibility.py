"""What each seat sees of a move: a match tells each seat only what it saw.

The game says what an observer sees of an action through `action_key(observer, action)`:
the key is the action itself when the observer sees the move whole, and another value (shared
by every action the observer could not tell from this one) when part of it is hidden. A move
is hidden from an observer exactly when its key is not the action. The rule depends only on
what the observer sees, never on how many outcomes are left: the last card of a deck drawn
face down reads "draw a card" like every card before it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from vsai.ext.state import State


def seen_keys(state: State, action: int, seats: int) -> tuple[int, ...]:
    """What each of the `seats` seats sees of `action` about to be played at `state` (its key)."""
    return tuple(state.action_key(observer, action) for observer in range(seats))


def hidden_from(state: State, action: int, observers: Iterable[int]) -> frozenset[int]:
    """The observers (other than the mover) who do not see `action`, about to be played at
    `state`, whole: their key for it is not the action itself."""
    mover = state.current_player()
    return frozenset(observer for observer in observers
                     if observer != mover and state.action_key(observer, action) != action)


def learners(state: State, action: int, seats: int, decisions_inform: bool) -> frozenset[int]:
    """The seats that learn something from `action`, about to be played at `state`: a chance
    outcome (a draw, a die, a shuffle) or, with `decisions_inform` (a game with hidden
    information, where a decision may reveal what the mover holds), another seat's decision,
    that they could tell from another legal one (their keys differ). The mover learns nothing
    from its own decision; a move every option of which reads the same to a seat (a card
    drawn face down) teaches that seat nothing."""
    mover = state.current_player()
    if mover >= 0 and not decisions_inform:
        return frozenset()
    legal = state.legal_actions()
    if len(legal) < 2:
        return frozenset()
    taught = set()
    for observer in range(seats):
        if observer == mover:
            continue
        key = state.action_key(observer, action)
        if any(state.action_key(observer, other) != key for other in legal):
            taught.add(observer)
    return frozenset(taught)
