"""Type stubs of vsai.ext.vec.engine (Cython)."""
from typing import Any

from vsai.ext.vec.logic import VecLogic

NUM_DISTINCT_ACTIONS: int
MAX_CHANCE_OUTCOMES: int
MAX_BRANCHING: int
DEFAULT_TURN_CAP: int


def card_name(c: int) -> str: ...
def card_info(c: int) -> dict[str, Any]: ...
def objective_info(o: int) -> dict[str, Any]: ...


# The action table's codec (codec.pxi), used by VecState, render.py and tools.
def decode(action: int, families: tuple[Any, ...] = ...) -> tuple[str, dict[str, int]]: ...
def encode(name: str, families: tuple[Any, ...] = ..., **values: int) -> int: ...
def action_text(a: int, stage: int, families: tuple[Any, ...] = ..., **context: Any) -> str: ...


class VecState(VecLogic):
    """A position of The Vampire, the Elf & the Cthulhu (2-4 players)."""

    def __init__(self, players: int = 2, turn_cap: int = 30) -> None: ...
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What seat `player` may know (None: a spectator); keys in rules.md "View"."""
    def action_info(self, action: int) -> dict[str, Any]:
        """The action's id and text plus kind, player, card, from/to, amounts and costs."""
