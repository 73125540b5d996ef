"""Long move lists as two short steps: choose a group, then a move in it.

A game may label its moves with the `move_group` render hook (by tile, by sector, by card);
without it, moves are grouped by the first words their texts share ("volcano 9: S1",
"quill on idea red"), a group split again by its next word while it is too long; when labels
give too many groups, the list is cut into runs of about its square root. A group of
one move stands for the move itself. Any frontend may use this; it draws nothing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vsai.ext.ui import hooks

if TYPE_CHECKING:
    from vsai.ext.state import State

# A list longer than this is offered in groups (when grouping helps).
GROUP_FROM = 20


@dataclass(frozen=True)
class MoveGroup:
    """A label and the legal actions under it, in the order the state lists them."""

    label: str
    actions: tuple[int, ...]


def group_moves(state: State, actions: list[int], limit: int = GROUP_FROM) -> list[MoveGroup] | None:
    """The groups of `actions` for a two-step choice, or None when one list is as good (one
    group only, or more groups than `limit`)."""
    texts = {a: state.action_to_string(a) for a in actions}
    if hooks.has_move_groups(state):
        groups = _by_hook(state, actions, texts)
    else:
        groups = _by_words(actions, texts, limit)
    if len(groups) > limit or (len(groups) < 2 and len(actions) > limit):
        groups = _by_runs(actions, texts)   # the labels did not help: runs in the listed order
    if len(groups) < 2 or len(groups) > limit:
        return None
    return groups


def _by_runs(actions: list[int], texts: dict[int, str]) -> list[MoveGroup]:
    """About sqrt(n) runs of about sqrt(n) moves each, in the order listed (by action id, which
    keeps like moves together), each labelled by its first and last move: two short steps for
    any list a game's own labels cannot split."""
    size = max(2, math.isqrt(len(actions) - 1) + 1)
    runs = [actions[i:i + size] for i in range(0, len(actions), size)]
    return [MoveGroup(texts[run[0]] if len(run) == 1 else f"{texts[run[0]]} ... {texts[run[-1]]}",
                      tuple(run)) for run in runs]


def _by_hook(state: State, actions: list[int], texts: dict[int, str]) -> list[MoveGroup]:
    buckets: dict[str, list[int]] = {}
    for action in actions:
        label = hooks.move_group(state, action) or texts[action]  # ungrouped: on its own
        buckets.setdefault(label, []).append(action)
    return [MoveGroup(label, tuple(members)) for label, members in buckets.items()]


def _by_words(actions: list[int], texts: dict[int, str], limit: int) -> list[MoveGroup]:
    """Groups by shared first words: split until no group is longer than `limit`, then split
    the longest group again while that makes the two steps shorter (fewer lines in all)."""
    words = {a: texts[a].split() for a in actions}

    def split_once(members: list[int], depth: int) -> list[tuple[list[int], int]]:
        """`members` split by their next differing word: [(part, words used)], or one part."""
        while True:
            buckets: dict[tuple[str, ...], list[int]] = {}
            for action in members:
                buckets.setdefault(tuple(words[action][:depth + 1]), []).append(action)
            if len(buckets) > 1:
                return [(part, depth + 1) for part in buckets.values()]
            if all(len(words[a]) <= depth for a in members):
                return [(members, depth)]  # the texts end here: nothing left to split by
            depth += 1

    def split(members: list[int], depth: int) -> list[tuple[list[int], int]]:
        if len(members) <= limit:
            return [(members, depth)]
        parts = split_once(members, depth)
        if len(parts) == 1:
            return parts
        return [deeper for part, used in parts for deeper in split(part, used)]

    groups = split(list(actions), 0)
    while True:
        cost = len(groups) + max(len(members) for members, _ in groups)
        longest = max(range(len(groups)), key=lambda i: len(groups[i][0]))
        parts = split_once(*groups[longest])
        finer = groups[:longest] + parts + groups[longest + 1:]
        if len(parts) == 1 or len(finer) > limit or len(finer) + max(len(m) for m, _ in finer) >= cost:
            break
        groups = finer
    return [MoveGroup(_label([words[a] for a in members], texts[members[0]]), tuple(members))
            for members, _ in groups]


def _label(word_lists: list[list[str]], only: str) -> str:
    """The words all texts of a group start with (the text itself for a group of one)."""
    if len(word_lists) == 1:
        return only
    common: list[str] = []
    for column in zip(*word_lists):
        if any(word != column[0] for word in column):
            break
        common.append(column[0])
    while common and not any(ch.isalnum() for ch in common[-1]):
        common.pop()  # "coral 6: S4 green ->" reads better without its dangling arrow
    return " ".join(common) or only
