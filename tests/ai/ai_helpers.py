"""Helpers shared by the agent tests: the games to test on and seeded positions."""
from __future__ import annotations

import random

from ai_toygame import toy_game
from vsai.core import list_games, load_game

AGENTS = ["random", "heuristic", "mcts", "pimc", "ismcts"]


def all_games() -> list:
    """Every registered game at 2 and 3 players, and the toy game."""
    games = [load_game(name, players=p) for name in list_games() for p in (2, 3)]
    return games + [toy_game(2), toy_game(3)]


def hidden_games() -> list:
    """Hidden-information games: the registered ones and the toy game."""
    return [g for g in all_games() if g.has_hidden_information()]


def advance(state, seed: int, moves: int = 0):
    """Play chance outcomes and `moves` random player moves (seeded); stop at a player node."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        elif moves > 0:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
        else:
            break
    return state


def decision_state(game, seed: int = 1, moves: int = 0, min_actions: int = 2):
    """A seeded player node with at least `min_actions` legal actions, after up to `moves`
    random moves (fewer when the game is too short)."""
    for played in range(moves, -1, -1):
        for attempt in range(20):
            state = advance(game.new_initial_state(), seed + attempt, played)
            while state.is_player_node() and len(state.legal_actions()) < min_actions:
                state.apply_action(state.legal_actions()[0])
                state = advance(state, seed + attempt)
            if state.is_player_node():
                return state
    raise AssertionError(f"no decision with {min_actions} actions found in {game}")
