"""Helpers for the Godzilla tests: positions reached through the public API (texts of moves
and chance outcomes) and, where a square or a road must hold something, through JSON."""
from __future__ import annotations

import json
import random

from vsai.core.registry import load_game
from vsai.ext.godzilla import engine

SQ = {name: i for i, name in enumerate(engine.square_names())}
ROAD = {}
for _r, _a, _b in engine.map_roads():
    ROAD[(_a, _b)] = _r
    ROAD[(_b, _a)] = _r
STAGE = {name: i for i, name in enumerate(engine.STAGE_NAMES)}


def road(a: str, b: str) -> int:
    """The road id between two squares given by name."""
    return ROAD[(SQ[a], SQ[b])]


# The G20 options at the values G7-G10 first assumed (the legacy values, before the balanced
# defaults): the rule tests pin the rules with these (G9's table, 2 Press cards a conference, ...);
# each option's own effect is pinned by test_godzilla_options.
LEGACY = {name: values[3] for name, values in engine.OPTIONS.items()}


def new(players: int = 2, turn_cap: int = 6, **options):
    """A fresh game (before the first status card) with the LEGACY values of the G20 options,
    changed by `options`."""
    return load_game("godzilla", players=players, turn_cap=turn_cap,
                     **{**LEGACY, **options}).new_initial_state()


def stage(state) -> str:
    """The name of the current stage."""
    return engine.STAGE_NAMES[state.to_dict()["stage"]]


def play(state, *moves) -> None:
    """Apply moves (texts or ints) in order: chance outcomes included."""
    for move in moves:
        state.apply_action(move)


def advance(state, until: str, chance=None, choose=None, limit: int = 5000) -> None:
    """Play until the stage named `until` is reached: chance takes its first outcome (or
    `chance(state)`), decisions take action 0, the step's "done" (or `choose(state)`)."""
    for _ in range(limit):
        if stage(state) == until:
            return
        if state.is_chance_node():
            state.apply_action(chance(state) if chance else state.legal_actions()[0])
        else:
            state.apply_action(choose(state) if choose else state.legal_actions()[0])
    raise AssertionError(f"stage {until!r} not reached")


def edit(state, **fields):
    """A copy of `state` with struct fields changed through JSON (a dict value sets entries of
    an array field); load_dict checks the result is a reachable position."""
    data = json.loads(state.to_json())
    body = data["state"]
    for key, value in fields.items():
        if isinstance(value, dict):
            for i, v in value.items():
                body[key][i] = v
        else:
            body[key] = value
    game = load_game("godzilla", **data["params"])
    return game.state_from_json(json.dumps(data))


def field(state, name):
    """One struct field of the state (through to_dict)."""
    return state.to_dict()[name]


def play_random(state, seed: int, check=None) -> int:
    """Play to the end by random moves and chance by its probabilities; returns decisions."""
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        if check:
            check(state)
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def rn(a: str, b: str) -> str:
    """The engine's name of the road between two squares (either order)."""
    return engine.road_name(road(a, b))


def to_round_stage(state, until: str, status: str | None = None, support: str | None = None):
    """Advance to the stage `until` of the current round, turning up the status card named
    (its text) and the support card named when they come."""
    def chance(s):
        st = stage(s)
        if st == "status card" and status:
            return status
        if st == "support card reveal" and support:
            return "support card " + support
        return s.legal_actions()[0]
    advance(state, until, chance=chance)


def roll_text(*values) -> str:
    """The chance outcome text of a roll showing these faces (any order)."""
    return "roll " + "-".join(str(v) for v in sorted(values))


def roll(state, *values):
    """At the dice roll: the dice show `values`; then the reroll step keeps them."""
    assert stage(state) == "dice roll", stage(state)
    state.apply_action(roll_text(*values))
    if stage(state) == "reroll":
        state.apply_action("keep the dice")


def evacuees_placed_per_round(state) -> list:
    """From a new game `state`: the Evacuees placed in each of the 6 rounds (first moves)."""
    counts = []
    for _ in range(6):
        advance(state, "status card")
        before = sum(field(state, "bag"))
        advance(state, "omen")
        counts.append(before - sum(field(state, "bag")))
    return counts
