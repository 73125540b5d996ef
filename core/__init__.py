"""vsai.core: the games' Python API (registry, states, notation, rendering, JSON).

    >>> from vsai.core import load_game
    >>> game = load_game("kilauea", players=3)
    >>> state = game.new_initial_state()

Importing vsai.core never imports pyspiel; vsai.core.openspiel does.
"""
from vsai.core.game import Game, GameSpec, Param
from vsai.core.registry import get_spec, list_games, load_game, state_from_json
from vsai.core.sampling import sample_chance

__all__ = ["Game", "GameSpec", "Param", "get_spec", "list_games", "load_game", "sample_chance",
           "state_from_json"]
