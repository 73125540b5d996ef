"""vsai.core: the games' Python API (registry, states, notation, JSON, the Match table).

    >>> from vsai.core import list_games, load_game
    >>> game = load_game(list_games()[0], players=3)
    >>> state = game.new_initial_state()

Importing vsai.core never imports pyspiel; vsai.core.openspiel does. `Match` (a table that a
frontend drives) loads on first use, so that importing vsai.core stays quick.
"""
from typing import TYPE_CHECKING, Any

from vsai.core.errors import (GameImportError, IllegalMoveError, InvalidArgumentError,
                              InvalidStateError, UndoRefusedError, UnknownAgentError,
                              UnknownGameError, VsaiError)
from vsai.core.game import Game, GameSpec, Param
from vsai.core.registry import get_spec, list_games, load_game, state_from_json
from vsai.core.sampling import sample_chance

if TYPE_CHECKING:  # for readers and type checkers; at run time `Match` loads on first use
    from vsai.core.match import Match

__all__ = ["Game", "GameImportError", "GameSpec", "IllegalMoveError", "InvalidArgumentError",
           "InvalidStateError", "Match", "Param", "UndoRefusedError", "UnknownAgentError", "UnknownGameError",
           "VsaiError", "get_spec", "list_games", "load_game", "sample_chance",
           "state_from_json"]


def __getattr__(name: str) -> Any:
    """`vsai.core.Match`, imported on first use (it brings numpy in)."""
    if name == "Match":
        from vsai.core.match import Match
        return Match
    raise AttributeError(f"module 'vsai.core' has no attribute {name!r}")
