"""vsai.core: the games' Python API (registry, states, notation, rendering, JSON).

    >>> from vsai.core import list_games, load_game
    >>> game = load_game(list_games()[0], players=3)
    >>> state = game.new_initial_state()

Importing vsai.core never imports pyspiel; vsai.core.openspiel does.
"""
from vsai.core.errors import GameImportError, UnknownGameError, VsaiError
from vsai.core.game import Game, GameSpec, Param
from vsai.core.registry import get_spec, list_games, load_game, state_from_json
from vsai.core.sampling import sample_chance

__all__ = ["Game", "GameImportError", "GameSpec", "Param", "UnknownGameError", "VsaiError",
           "get_spec", "list_games", "load_game", "sample_chance", "state_from_json"]
