"""Type stubs of vsai.ext.eruption.engine (Cython)."""
from typing import Any

from vsai.ext.state import State

MIN_PLAYERS: int
MAX_PLAYERS: int
MAX_TURN_CAP: int
NUM_DISTINCT_ACTIONS: int
MAX_CHANCE_OUTCOMES: int
MAX_BRANCHING: int
OBSERVATION_SIZE: int
DEFAULT_TURN_CAP: int
DECISIONS_PER_TURN: int
CARD_NAMES: tuple[str, ...]
KIND_NAMES: tuple[str, ...]
MAT_NAMES: tuple[str, ...]
DIR_NAMES: tuple[str, ...]


def hex_name(h: int) -> str: ...
def edge_name(e: int) -> str: ...
def seat_name(p: int) -> str: ...
def board_data() -> dict[str, Any]: ...


class EruptionState(State):
    """A position of Eruption (2-6 players)."""

    def __init__(self, players: int = 2, rain: bool = True, turn_cap: int = 200) -> None: ...
    def view(self, player: int | None = None) -> dict[str, Any]: ...
    def action_info(self, action: int) -> dict[str, Any]: ...
