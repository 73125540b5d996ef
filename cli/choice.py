"""Where a human is in choosing a move: one list, the list of groups, or one group's moves."""
from __future__ import annotations

from typing import TYPE_CHECKING

from vsai.ext.ui import render
from vsai.ext.ui.choices import MoveGroup

if TYPE_CHECKING:
    from vsai.ext.state import State

# A group label longer than this is cut in prompts (the list shows it whole).
_PROMPT_LABEL = 30


class Choice:
    """The legal moves of one decision, offered whole or (with `groups`) in two steps."""

    def __init__(self, state: State, actions: list[int], groups: list[MoveGroup] | None = None):
        self.state = state
        self.actions = list(actions)
        self.groups = groups
        self.open: int | None = None  # the group whose moves are listed
        self.page = 0  # the page shown of a list too long for the screen

    @property
    def at_groups(self) -> bool:
        """True while the groups, not moves, are offered."""
        return self.groups is not None and self.open is None

    def listed(self) -> list[int] | None:
        """The numbered moves now (None while the groups are offered)."""
        if self.groups is None:
            return self.actions
        return None if self.open is None else list(self.groups[self.open].actions)

    def labels(self) -> list[str] | None:
        """The groups' labels while they are offered, else None."""
        return [g.label for g in self.groups] if self.at_groups and self.groups else None

    def entries(self) -> list[tuple[str, str]]:
        """(text, detail) of each numbered line: groups with their size, or moves with their
        detail (a group of one move is shown as the move)."""
        if self.at_groups and self.groups:
            return [(g.label, render.move_detail(self.state, g.actions[0]) if len(g.actions) == 1
                     else f"{len(g.actions)} moves") for g in self.groups]
        return [(self.state.action_to_string(a), render.move_detail(self.state, a)) for a in self.listed() or []]

    def heading(self) -> str:
        """The line above the list."""
        if self.groups is None:
            return "Your moves:"
        if self.open is None:
            return f"{len(self.actions)} moves in {len(self.groups)} groups: choose a group, then a move."
        group = self.groups[self.open]
        return f"{group.label} ({len(group.actions)} moves; back: the groups)"

    def prompt(self, player: str) -> str:
        """The prompt line for `player` (e.g. "P1")."""
        if self.groups is None:
            return f"{player}, your move [1-{len(self.actions)}, help]: "
        if self.open is None:
            return f"{player}, choose a group [1-{len(self.groups)}, help]: "
        group = self.groups[self.open]
        label = group.label if len(group.label) <= _PROMPT_LABEL else group.label[:_PROMPT_LABEL - 3] + "..."
        return f"{player}, your move in {label} [1-{len(group.actions)}, back, help]: "

    def choose_group(self, index: int) -> int | None:
        """Open group `index`; its move when it has only one (to be played at once)."""
        assert self.groups is not None
        group = self.groups[index]
        if len(group.actions) == 1:
            return group.actions[0]
        self.open = index
        self.page = 0
        return None

    def back(self) -> bool:
        """Back from a group's moves to the groups; False when there is nothing to go back to."""
        if self.open is None:
            return False
        self.open = None
        self.page = 0
        return True
