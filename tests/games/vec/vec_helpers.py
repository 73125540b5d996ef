"""Helpers for the VEC tests: card ids and positions built through JSON (load_dict)."""
from __future__ import annotations

import json
import random

from vsai.core.registry import load_game

TYPES = {"Vampire": 0, "Elf": 1, "Cthulhu": 2}
COLORS = {"red": 0, "blue": 1, "green": 2, "purple": 3, "yellow": 4, "grey": 5}
GENRES = {"Adventure": 0, "Comedy": 1, "Love Story": 2}
UP, DOWN, IDEAS, DECK, DISCARD, NOVEL = 8, 12, 1, 0, 2, 3


def card(color: str, type_: str, genre: str = "Adventure") -> int:
    """The id of a Novel card (GAPS C1 layout)."""
    return 18 * TYPES[type_] + 3 * COLORS[color] + GENRES[genre]


def build(n: int = 2, *, up=None, down=None, ideas=(), novel=None, objectives=None, **fields):
    """A state of an n-player game from a description, loaded through JSON.

    up/down: {player: [cards]}; ideas: [cards]; novel: [(card, {player: tokens}) or None] * 4;
    objectives: [objective index per player]; other keyword arguments set JSON fields by
    their names (ext/vec/rules.md "JSON format"; a dict value sets single entries of an array
    field). Reserve, token boxes and the public
    special-ink bounds are completed (ink conserved, bounds exact) unless given.
    """
    game = load_game("vec", players=n)
    d = game.new_initial_state().to_dict()
    full = (1 << n) - 1
    for base, table in ((UP, up or {}), (DOWN, down or {})):
        for p, cards in table.items():
            for c in cards:
                d["card_location"][c] = base + p
                d["card_known_by"][c] = full
    for c in ideas:
        d["card_location"][c] = IDEAS
        d["card_known_by"][c] = full
    if novel:
        for j, entry in enumerate(novel):
            if entry is None:
                continue
            c, tokens = entry
            d["card_location"][c] = NOVEL
            d["card_known_by"][c] = full
            d["novel_card"][j] = c
            for p, k in tokens.items():
                d["novel_special_ink"][4 * j + p] = k
    for p, o in enumerate(objectives or []):
        d["player_objective"][p] = o
        d["objective_location"][o] = p
    for key, value in fields.items():
        if isinstance(value, dict):
            for i, v in value.items():
                d[key][i] = v
        else:
            d[key] = value
    if "ink_reserve" not in fields:
        d["ink_reserve"] = 24 - sum(d["player_ink"]) - sum(d["card_ink"]) - d["carried_ink"]
    for key in ("special_ink_min", "special_ink_max"):   # public bounds of special ink: exact by default
        if key not in fields:
            d[key] = list(d["player_special_ink"])
    if "special_ink_in_box" not in fields:
        for p in range(n):
            d["special_ink_in_box"][p] = (4 - d["player_special_ink"][p]
                                          - sum(d["novel_special_ink"][4 * j + p] for j in range(4)))
    text = json.dumps({"format": "vsai-state", "version": 2, "game": "vec",
                       "params": {"players": n, "turn_cap": d["turn_cap"]}, "state": d})
    return game.state_from_json(text)


def act(state, text: str) -> None:
    """Play the legal action whose text is `text`."""
    state.apply_action(text)


def play_random(state, seed: int, max_steps: int = 100000, check=None):
    """Play to the end with uniformly random actions and chance by its probabilities."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        if check is not None:
            check(state)
        random_step(state, rng)
        steps += 1
    return steps


def random_step(state, rng: random.Random) -> None:
    """One uniformly random action, or a chance outcome drawn by its probability."""
    if state.is_chance_node():
        outs = state.chance_outcomes()
        state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def setup_state(n: int, seed: int = 0):
    """A random game right after set-up (first Phase I decision)."""
    rng = random.Random(seed)
    state = load_game("vec", players=n).new_initial_state()
    while state.to_dict()["stage"] != 7:
        if state.is_chance_node():
            outs = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state
