"""Helpers for the Kilauea tests: play the set-up, and build positions through JSON.

Positions are built from `to_dict` data of a real game, edited, and read back with
`game.state_from_json` (which validates everything), never by poking the C struct.
"""
from __future__ import annotations

import json

from vsai.core.registry import load_game

COLOURS = ("red", "yellow", "green", "blue")
R, Y, G, B = COLOURS
SPACES = ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3")
THREE_PLUS = {"a1", "a4"}
PHASES = ("forest", "tiles", "start", "draft", "move", "main", "cut2", "secondary", "target",
          "effect", "back", "over")


def board_spaces(f: int) -> list[str]:
    """The space names of forest F(f+1) (F1, F2 have c3)."""
    return list(SPACES if f < 2 else SPACES[:10])


def play_setup(players: int = 4, start: int = 0, turn_cap: int = 300):
    """A state after the set-up chance: forests filled colour by colour in a fixed pattern,
    tiles n at R n (n = 1..5) and F(n-5) (n = 6..10), `start` first; the draft is next."""
    game = load_game("kilauea", players=players, turn_cap=turn_cap)
    state = game.new_initial_state()
    k = 0
    while state.phase() == "forest":
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(outcomes[k % len(outcomes)])
        k += 1
    for tile in range(9):
        state.apply_action(tile)
    state.apply_action(start)
    return state


def play_draft(state, picks=None):
    """Play the draft: `picks` texts in order, else the first legal pick each time."""
    picks = list(picks or [])
    while state.phase() == "draft":
        state.apply_action(picks.pop(0) if picks else state.legal_actions()[0])
    return state


def position(players: int = 4, *, phase: str = "move", player: int = 0, pawn: int = 0,
             volcano=None, forests=None, canoes=None, stones=None, islands=None, vp=None,
             reefs=(1, 2, 3, 4, 5), forest_tiles=(6, 7, 8, 9, 10), turns: int = 10,
             intermediate_scored: bool | None = None, turn_cap: int = 300, extra=None, spill: bool = True):
    """A game position at the start of a player's turn, built through JSON.

    volcano: 5x4 heights (default all 1); forests: {f: {space: colour}} for the forests to
    fix exactly (other forests receive the remaining tikis, coast row first); canoes: per
    player {colour: count}; stones: per player (the crater gets the rest, K4); islands: per
    player {sector: {colour: count}}. Tikis that fit nowhere go on the last seat's island
    (unless spill=False). Forest tiles whose row c is empty go to the hillside.
    """
    game = load_game("kilauea", players=players, turn_cap=turn_cap)
    data = play_draft(play_setup(players, 0, turn_cap)).to_dict()
    n = players
    volcano = [list(row) for row in (volcano or [[1] * 4] * 5)]
    canoes = canoes or [{}] * n
    islands = islands or [{}] * n
    stones = list(stones) if stones is not None else [2] * n
    left = {c: 18 - (3 if n == 2 else 0) for c in COLOURS}
    for s in range(5):
        for c in range(4):
            left[COLOURS[c]] -= volcano[s][c]
    for p in range(n):
        for c, k in canoes[p].items():
            left[c] -= k
        for s, stack in islands[p].items():
            for c, k in stack.items():
                left[c] -= k
    fixed = forests or {}
    rows = []
    for f in range(5):
        names = board_spaces(f)
        row = [None] * len(names)
        for space, colour in fixed.get(f, {}).items():
            row[names.index(space)] = colour
            left[colour] -= 1
        rows.append(row)
    if any(k < 0 for k in left.values()):
        raise ValueError(f"too many tikis used: {left}")
    pool = [c for c in COLOURS for _ in range(left[c])]
    for f in range(5):
        if f in fixed:
            continue
        for k, name in enumerate(board_spaces(f)):
            if pool and not (n == 2 and (name in THREE_PLUS or (f < 2 and name == "c3"))):
                rows[f][k] = pool.pop(0)
    if pool and not spill:
        raise ValueError(f"{len(pool)} tikis do not fit in the free forests")
    # the rest goes on the last seat's island, out of the acting player's way
    spilled = [{c: 0 for c in COLOURS} for _ in range(5)]
    for s in range(5):
        while pool and sum(spilled[s].values()) + sum(islands[n - 1].get(s, {}).values()) < 6:
            spilled[s][pool.pop(0)] += 1
    if pool:
        raise ValueError(f"{len(pool)} tikis left over")
    islands = list(islands)
    islands[n - 1] = {s: {c: islands[n - 1].get(s, {}).get(c, 0) + spilled[s][c] for c in COLOURS}
                      for s in range(5)}
    hill = [None] * 5
    ftiles = list(forest_tiles)
    for f in range(5):
        cs = [rows[f][k] for k, name in enumerate(board_spaces(f)) if name.startswith("c")]
        if all(c is None for c in cs):
            hill[f], ftiles[f] = ftiles[f], None
    box_stones = 16 - 2 - 2 * n
    if intermediate_scored is None:
        # a position with an empty forest is past the intermediate scoring (K12)
        intermediate_scored = any(all(c is None for c in row) for row in rows)
    flat = lambda rows_: [x for row in rows_ for x in row]
    forests = []
    for f in range(5):
        row = [None] * 11
        for name, colour in zip(board_spaces(f), rows[f]):
            row[SPACES.index(name)] = colour
        forests += [-1 if c is None else COLOURS.index(c) for c in row]
    seats = range(4)
    vp = list(vp or [0] * n) + [0] * (4 - n)
    canoes = list(canoes) + [{}] * (4 - n)
    islands = list(islands) + [{}] * (4 - n)
    data.update({
        # turn order is fixed: the starting player is whoever makes `player` the one to act
        "stage": PHASES.index(phase), "to_act": player, "first_player": (player - turns) % n,
        "setup_step": 0, "turn": turns, "canoe_pawn": pawn,
        "crater_stones": 16 - box_stones - sum(stones), "intermediate_scored": int(intermediate_scored),
        "volcano": flat(volcano), "forests": forests,
        "reef_tiles": list(reefs), "forest_tiles": [t or 0 for t in ftiles],
        "hillside_tiles": [t or 0 for t in hill],
        "scores": vp, "holy_stones": list(stones) + [0] * (4 - n),
        "canoe_tikis": [canoes[p].get(c, 0) for p in seats for c in COLOURS],
        "island_tikis": [islands[p].get(s, {}).get(c, 0) for p in seats for s in range(5) for c in COLOURS]})
    if extra:
        extra(data)
    text = json.dumps({"format": "vsai-state", "version": 3, "game": "kilauea",
                       "params": {"players": n, "turn_cap": turn_cap}, "state": data})
    return game.state_from_json(text)


def texts(state) -> list[str]:
    """The legal moves' texts."""
    return state.legal_action_strings()


def tiki_census(state) -> dict:
    """Where the 72 tikis are, from the state's JSON: forests, volcano, canoes, islands, the
    set-up pool, and the box (3 of each colour with 2 players, K16)."""
    data = state.to_dict()
    return {"forests": sum(c >= 0 for c in data["forests"]), "volcano": sum(data["volcano"]),
            "canoes": sum(data["canoe_tikis"]), "islands": sum(data["island_tikis"]),
            "box": 12 if data["players"] == 2 else 0, "pool": sum(data["tikis_to_place"])}


def stone_census(state) -> dict:
    """Where the 16 holy stones are: the crater, the canoes and the box (the view's count)."""
    data = state.to_dict()
    return {"crater": data["crater_stones"], "canoes": sum(data["holy_stones"]),
            "box": state.view()["board"]["stones_out_of_play"]}


def seat_data(state, p: int) -> dict:
    """Seat p's holdings from the state's JSON: scores, holy stones, canoe tikis by colour,
    island tikis by sector and colour."""
    data = state.to_dict()
    island = data["island_tikis"][20 * p:20 * p + 20]
    return {"scores": data["scores"][p], "holy_stones": data["holy_stones"][p],
            "canoe": data["canoe_tikis"][4 * p:4 * p + 4],
            "island": [island[4 * s:4 * s + 4] for s in range(5)]}


def volcano_rows(state) -> list[list[int]]:
    """The volcano's column heights, per sector by colour."""
    volcano = state.to_dict()["volcano"]
    return [volcano[4 * s:4 * s + 4] for s in range(5)]


def census(state) -> int:
    """Total tikis, which must always be 72."""
    return sum(tiki_census(state).values())
