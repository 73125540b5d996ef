"""Which seats could not identify a move: a match tells each seat only what it saw.

A move is hidden from an observer when another legal action (or chance outcome) has the same
`action_key` for that observer: the game says the observer cannot tell the two apart (a card
drawn face down, a sealed bid).
"""
from __future__ import annotations

from typing import Any, Iterable


def hidden_from(state: Any, action: int, observers: Iterable[int]) -> frozenset[int]:
    """The observers (other than the mover) who cannot identify `action` about to be played at `state`."""
    mover = state.current_player()
    legal = state.legal_actions()
    hidden = set()
    for observer in observers:
        if observer == mover:
            continue
        key = state.action_key(observer, action)
        if any(other != action and state.action_key(observer, other) == key for other in legal):
            hidden.add(observer)
    return frozenset(hidden)
