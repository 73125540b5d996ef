"""Type stubs of vsai.ext.vulcanus.engine (Cython)."""
from typing import Any

import numpy as np

from vsai.ext.vulcanus.logic import VulcanusLogic

NUM_DISTINCT_ACTIONS: int
MAX_CHANCE_OUTCOMES: int
MAX_BRANCHING: int
DEFAULT_TURN_CAP: int
MIN_PLAYERS: int
MAX_PLAYERS: int
MAX_TURN_CAP: int
MAX_DISASTER: int
OBS_SIZE: int
KAIJU_CARDS: tuple[str, ...]
HUMAN_CARDS: tuple[str, ...]
SPECIAL_CARDS: tuple[str, ...]
ROLE_NAMES: tuple[str, ...]
SQUARE_NAMES: tuple[str, ...]


def bonus_name(t: int) -> str: ...
def tile_name(t: int) -> str: ...


# Module helpers of the engine's parts (texts, views, JSON), used by VulcanusState.
def action_text(self: VulcanusState, action: int) -> str: ...
def action_data(self: VulcanusState, action: int) -> dict[str, Any]: ...
def full_text(self: VulcanusState) -> str: ...
def observation_text(self: VulcanusState, player: int) -> str: ...
def observation_array(self: VulcanusState, player: int) -> np.ndarray: ...
def upgrade_v2_state(state: dict[str, Any]) -> dict[str, Any]: ...
def view_phase(self: VulcanusState) -> str: ...
def view_seat(i: int) -> tuple[str, str | None]: ...
def view_score(self: VulcanusState, i: int) -> int: ...
def view_board(self: VulcanusState, seat: int | None) -> dict[str, Any]: ...


class VulcanusState(VulcanusLogic):
    """A Vulcanus position: the Kaiju (seat 0) against 1-3 human seats."""

    def __init__(self, players: int = 2, turn_cap: int = 6, disaster: int = 0) -> None: ...
    def view(self, player: int | None = None) -> dict[str, Any]:
        """What `player` may know (None: a spectator); keys in rules.md, "View"."""
    def action_info(self, action: int) -> dict[str, Any]:
        """A legal action as `action`, `text`, `kind` and its kind's fields (rules.md, "View")."""
    def load_dict(self, data: dict[str, Any]) -> None: ...
    def action_to_string(self, action: int) -> str: ...
