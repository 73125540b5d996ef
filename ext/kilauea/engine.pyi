"""Type stubs of vsai.ext.kilauea.engine (Cython)."""
from typing import Any

from vsai.ext.state import State

NUM_DISTINCT_ACTIONS: int
MAX_CHANCE_OUTCOMES: int
MAX_BRANCHING: int
OBSERVATION_SIZE: int
DECISIONS_PER_TURN: int
COLOURS: tuple[str, ...]
SPACE_NAMES: tuple[str, ...]
TILE_EFFECTS: tuple[str, ...]
TILE_COSTS: tuple[int, ...]


def tile_name(kind: int) -> str: ...
def pawn_space(pos: int) -> str: ...


class KilaueaState(State):
    """A Kilauea position (2-4 players)."""

    def __init__(self, players: int = 2, turn_cap: int = 300) -> None: ...
    def projected_scores(self) -> list[int]: ...
    def phase(self) -> str: ...
    def forests_emptied(self) -> int: ...
    def view(self, player: int | None = None) -> dict[str, Any]: ...
    def action_info(self, action: int) -> dict[str, Any]: ...
