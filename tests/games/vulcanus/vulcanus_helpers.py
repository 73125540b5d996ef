"""Helpers for the Vulcanus tests: games played through the public API, positions via JSON."""
from __future__ import annotations

import json
import random

from vsai.core.registry import load_game

SQ = {name: i for i, name in enumerate((
    "Ikebukuro", "Waseda", "Ueno", "Shinjuku", "Ichigaya", "Akihabara", "Harajuku", "Akasaka",
    "Kasumigaseki", "Tokyo", "Shibuya", "Roppongi", "Shimbashi", "Ginza", "Ebisu", "Shinagawa",
    "Shiba", "Tsukiji"))}


def random_step(state, rng: random.Random) -> None:
    """One random move, or a chance outcome drawn by its probability."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_until(state, predicate, rng: random.Random, limit: int = 20000):
    """Random play until predicate(state) holds (or the game ends); returns the state."""
    for _ in range(limit):
        if predicate(state) or state.is_terminal():
            return state
        random_step(state, rng)
    return state


def first_chance(state, text_prefix: str = "") -> None:
    """Apply the first chance outcome (whose text starts with text_prefix)."""
    for a, _ in state.chance_outcomes():
        if state.action_to_string(a).startswith(text_prefix):
            state.apply_action(a)
            return
    raise AssertionError(f"no chance outcome {text_prefix!r}: "
                         f"{[state.action_to_string(a) for a, _ in state.chance_outcomes()]}")


def setup_default(players: int = 2, disaster: int = 0, roles=None):
    """A game past set-up in the default layout: tiles dealt in their listed order, bonus
    tiles Shinjuku/Shibuya/Ikebukuro/Ueno drawn, Ueno put back, Vulcanus in Shibuya, roles in
    the listed order, fire brigade in Kasumigaseki and SDF in Waseda (V15)."""
    game = load_game("vulcanus", players=players, disaster=disaster)
    s = game.new_initial_state()
    while s.is_chance_node() and s.action_to_string(s.chance_outcomes()[0][0]).startswith("tile"):
        s.apply_action(s.chance_outcomes()[0][0])
    for _ in range(4):
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action("put back bonus tile Ueno 2")
    s.apply_action("Vulcanus starts in Shibuya")
    groups = 3 if players == 4 else 2
    for g in range(groups):
        role = (roles or ("Fire Chief", "Chief of Staff", "Research Director"))[g]
        s.apply_action(f"role {role}")
    s.apply_action("fire brigade and base start in Kasumigaseki")
    s.apply_action("SDF and base start in Waseda")
    return s


def data(state) -> dict:
    return json.loads(state.to_json())["state"]


def with_data(state, **fields):
    """A copy of `state` with struct fields replaced (dict values set single entries)."""
    game = load_game("vulcanus", **state.params())
    d = json.loads(state.to_json())
    for key, value in fields.items():
        if isinstance(value, dict):
            for i, v in value.items():
                d["state"][key][i] = v
        else:
            d["state"][key] = value
    return game.state_from_json(json.dumps(d))
