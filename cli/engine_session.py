"""The engine session the command line's transports run (`vsai engine`, `vsai serve`): the AI
session with the command line's wording of the rules and of a final score breakdown."""
from __future__ import annotations

import io
from typing import TYPE_CHECKING, Callable

from vsai.ai.engine_session import AiEngineSession

if TYPE_CHECKING:
    from vsai.ext.state import State


def breakdown_text(state: State, seat: int | None) -> str | None:
    """How the final scores were made, as `seat` may see them, in plain text (80 columns)."""
    from rich.console import Console

    from vsai.ext.ui.render import score_breakdown

    shown = score_breakdown(state, seat)
    if shown is None:
        return None
    console = Console(file=io.StringIO(), width=80, color_system=None, no_color=True, emoji=False)
    console.print(shown)
    return console.file.getvalue().rstrip() or None


def rules_text(game: str) -> str:
    """The rules for players, as `vsai rules GAME` words them (markdown)."""
    from vsai.cli.rules import player_summary

    return player_summary(game)


def new_session(send: Callable[[dict], None]) -> AiEngineSession:
    """A session answering every command of docs/engine-protocol.md, worded as the CLI words."""
    return AiEngineSession(send, rules_text=rules_text, breakdown_text=breakdown_text)
