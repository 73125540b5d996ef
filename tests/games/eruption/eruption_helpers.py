"""Helpers for the Eruption tests: set-up with chosen cards, moves by text, positions by JSON."""
from __future__ import annotations

import json
import random

from vsai.core import load_game, state_from_json
from vsai.ext.eruption.engine import CARD_NAMES, DIR_NAMES, KIND_NAMES, board_data

BOARD = board_data()
HEX = {name: h for h, name in enumerate(BOARD["hexes"])}
KIND = {name: k for k, name in enumerate(KIND_NAMES)}
CARD = {name: k for k, name in enumerate(CARD_NAMES)}
DIR = {name: d for d, name in enumerate(DIR_NAMES)}
MAT = {"straw": 0, "wood": 1, "stone": 2}


def edge(hex_name: str, direction: str) -> int:
    """Edge id hex*6+dir from "c3", "NE"."""
    return HEX[hex_name] * 6 + DIR[direction]


def neighbour(hex_name: str, direction: str) -> str:
    nb = BOARD["neighbours"][HEX[hex_name]][DIR[direction]]
    return BOARD["hexes"][nb] if nb >= 0 else None


def game(players: int = 2, **options):
    return load_game("eruption", players=players, **options)


def act(state, text: str) -> None:
    """Apply the legal action or chance outcome whose text is `text`."""
    texts = {state.action_to_string(a): a for a in state.legal_actions()}
    assert text in texts, f"{text!r} not in {sorted(texts)}"
    state.apply_action(texts[text])


def texts(state) -> list:
    return [state.action_to_string(a) for a in state.legal_actions()]


def dealt(players: int = 2, hands=None, start: int = 0, **options):
    """A game after the deal (hands: list of 3 card names per seat; by default seat p
    gets cards 3p, 3p+1, 3p+2 modulo 8) and the starting player; stops at the first turn's first node."""
    state = game(players, **options).new_initial_state()
    for p in range(players):
        default = [CARD_NAMES[(3 * p + i) % 8] for i in range(3)]
        for card in (hands[p] if hands else default):
            act(state, f"P{p + 1} draws {card}")
    act(state, f"P{start + 1} starts")
    return state


def data_of(state) -> dict:
    return json.loads(state.to_json())


def load(envelope: dict):
    return state_from_json(json.dumps(envelope))


def put(body: dict, hex_name: str, kind: str, rot: int) -> None:
    """Put a tile from the stack on the board in the JSON body (keeps the counts right)."""
    h, k = HEX[hex_name], KIND[kind]
    if k < 8:
        body["tile_stack"][k] -= 1
    body["hex_tile"][h] = k
    body["hex_rotation"][h] = rot
    body["hex_lava"][h] = BOARD["rot_masks"][k][rot]


def rot_of(kind: str, lava: list) -> int:
    """The rotation of `kind` whose lava edges are exactly `lava` (direction names)."""
    want = sum(1 << DIR[x] for x in lava)
    for r, m in enumerate(BOARD["rot_masks"][KIND[kind]]):
        if m == want:
            return r
    raise AssertionError(f"no rotation of {kind} has lava {lava}")


def random_game(players: int, seed: int, check=None, **options):
    """Play a random game to the end; call check(state) after every step."""
    rng = random.Random(seed)
    state = game(players, **options).new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        if check:
            check(state)
    return state, steps


LEVEL_TEMPS = (50, 120, 200)


def position(players: int = 2, cur: int = 0, hands=None, tiles=(), walls=(), temps=None,
             stock=None, stage: int = 10, hand_counts=None, **fields):
    """A reachable position built by JSON: the deal (hands), `cur` starting, then its card step
    (stage 10) on turn 1 with `tiles` [(hex, kind, rot)] and `walls` [(edge id, material)]
    taken from the stack and the supply, temperatures `temps` (zones claimed by the first seat
    past them, which then holds the eruption tile), stockpiles `stock` [[straw, wood, stone]],
    the JSON `hands` field as `hand_counts` (8 * seat + card), and any other JSON `fields`.
    Every part is validated by load_dict."""
    if hand_counts is not None:
        fields["hands"] = hand_counts
    env = data_of(dealt(players, hands, start=cur))
    body = env["state"]
    body["stage"], body["resume_after_draw"] = stage, 3
    for hex_name, kind, rot in tiles:
        put(body, hex_name, kind, rot)
    for e, mat in walls:
        body["edge_wall"][e] = MAT[mat] if isinstance(mat, str) else mat
        body["wall_supply"][body["edge_wall"][e]] -= 1
    if stock is not None:
        for p in range(players):
            for m in range(3):
                body["wall_supply"][m] += body["wall_stock"][3 * p + m] - stock[p][m]
                body["wall_stock"][3 * p + m] = stock[p][m]
    if temps is not None:
        for p, t in enumerate(temps):
            body["temperatures"][p] = t
        for z, level in enumerate(LEVEL_TEMPS):
            for p, t in enumerate(temps):
                if t >= level and body["zone_claimed_by"][z] < 0:
                    body["zone_claimed_by"][z] = p
                    body["eruption_tiles_held"][p] += 1
        body["end_triggered"] = int(any(t >= 300 for t in temps))
    body.update(fields)
    if any(k in fields for k in ("hands", "deck", "discards")):
        rehistory(body)
    return load(env)


def rehistory(body: dict) -> None:
    """A card history that leads to the JSON body's hands and discards (edited by a test):
    each seat draws its hand, then P1 draws and spends each discarded card (no reshuffle)."""
    log = [8 * p + k for p in range(body["players"]) for k in range(8) for _ in range(body["hands"][8 * p + k])]
    for k in range(8):
        log += [k, 64 + k] * body["discards"][k]
    body["card_history"], body["reshuffles"], body["card_history_overflowed"] = log, 0, 0


def body_of(state) -> dict:
    """The state's JSON body (`to_dict`, the protocol's plain data of it: equal to the "state"
    of `to_json`, at a third of the cost of writing and reading the text)."""
    return state.to_dict()
