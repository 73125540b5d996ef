"""Which seats could not identify a move: the CLI tells each human only what they saw.

A move is hidden from an observer when another legal action (or chance outcome) with a
different text would have left the observer's observation exactly the same: the observer
cannot tell the two apart. This uses only the public state API, so it holds for every game
whose observations keep what a player saw (perfect recall, docs/protocol.md).
"""
from __future__ import annotations

from typing import Any, Iterable


def hidden_from(state: Any, action: int, observers: Iterable[int]) -> frozenset[int]:
    """The observers (other than the mover) who cannot identify `action` about to be played at `state`."""
    mover = state.current_player()
    watching = [p for p in observers if p != mover]
    legal = state.legal_actions()
    if not watching or len(legal) < 2:
        return frozenset()
    text = state.action_to_string(action)
    after = state.clone()
    after.apply_action(action)
    seen = {p: after.observation_string(p) for p in watching}
    hidden: set[int] = set()
    for other in legal:
        if other == action or state.action_to_string(other) == text:
            continue
        alternative = state.clone()
        alternative.apply_action(other)
        for p in [p for p in seen if p not in hidden]:
            if alternative.observation_string(p) == seen[p]:
                hidden.add(p)
        if len(hidden) == len(seen):
            break
    return frozenset(hidden)
