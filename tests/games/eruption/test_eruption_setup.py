"""Eruption: the board data (E1, E2, E10), set-up (E11) and the first placements (E6)."""
from __future__ import annotations

import pytest

from eruption_helpers import (BOARD, HEX, act, body_of, dealt, game, rot_of, texts)


def test_board_is_a_radius_4_hex_island_with_the_volcano_in_the_middle():
    # E1: 61 hexes; e5 is the volcano with 6 land neighbours
    assert len(BOARD["hexes"]) == 61 and len(set(BOARD["hexes"])) == 61
    assert BOARD["hexes"][BOARD["volcano"]] == "e5" and BOARD["coords"][BOARD["volcano"]] == (0, 0)
    assert all(max(abs(q), abs(r), abs(q + r)) <= 4 for q, r in BOARD["coords"])
    assert all(nb >= 0 for nb in BOARD["neighbours"][HEX["e5"]])
    for h, row in enumerate(BOARD["neighbours"]):       # neighbours are symmetric
        for d, nb in enumerate(row):
            if nb >= 0:
                assert BOARD["neighbours"][nb][(d + 3) % 6] == h


def test_six_villages_of_seven_outward_edges_one_per_side():
    edges = [e for v in BOARD["village_edges"] for e in v]
    assert len(edges) == 42 and len(set(edges)) == 42
    for v, village in enumerate(BOARD["village_edges"]):
        for e in village:
            h, d = divmod(e, 6)
            assert BOARD["neighbours"][h][d] == -1          # an outward edge
            q, r = BOARD["coords"][h]
            assert max(abs(q), abs(r), abs(q + r)) == 4     # on the coast
        assert len({e // 6 for e in village}) == 4          # 3 middle hexes and a corner
    assert [BOARD["hexes"][e // 6] for e in BOARD["village_edges"][0]] == \
        ["a2", "a2", "a3", "a3", "a4", "a4", "a5"]          # V0 is the top side


def test_material_icons_six_of_each():
    icons = BOARD["icons"]
    assert [icons.count(m) for m in range(3)] == [6, 6, 6]
    ring = lambda h: max(abs(BOARD["coords"][h][0]), abs(BOARD["coords"][h][1]),
                         abs(sum(BOARD["coords"][h])))
    assert all(ring(h) == 2 for h in range(61) if icons[h] in (0, 1))
    assert all(ring(h) == 3 and 0 in BOARD["coords"][h] or ring(h) == 3 and
               abs(BOARD["coords"][h][0]) == abs(BOARD["coords"][h][1])
               for h in range(61) if icons[h] == 2)
    assert icons[HEX["c5"]] == 0 and icons[HEX["d6"]] == 1      # straw first, direction NE


def test_components():
    # E2: 40 lava tiles in 8 shapes; E10: 38 cards; E9: 18/15/15 walls
    assert sum(BOARD["kind_counts"]) == 40 and BOARD["kind_counts"] == [8, 8, 4, 6, 6, 2, 3, 3]
    assert BOARD["card_counts"] == [5, 5, 4, 4, 6, 5, 6, 3]
    assert BOARD["card_materials"] == [2, 2, 1, 1, 1, 0, 0, 0]
    assert BOARD["walls_total"] == [18, 15, 15] and BOARD["level_temps"] == [50, 120, 200]
    masks = BOARD["rot_masks"]
    assert masks[8] == [63] * 6 and masks[9] == [63] * 6
    assert [bin(m[0]).count("1") for m in masks[:8]] == [2, 2, 2, 3, 3, 3, 4, 1]


@pytest.mark.parametrize("players, villages", [(2, [0, 3]), (3, [0, 2, 4]), (4, [0, 1, 3, 4]),
                                               (5, [0, 1, 2, 3, 4]), (6, [0, 1, 2, 3, 4, 5])])
def test_setup_deals_three_cards_one_wall_each_and_villages(players, villages):
    state = game(players).new_initial_state()
    assert state.is_chance_node()
    body = body_of(state)
    assert body["tile_stack"] == [8, 8, 4, 6, 6, 2, 3, 3] and sum(body["deck"]) == 38
    assert body["wall_supply"] == [18 - players, 15 - players, 15 - players]
    assert BOARD["villages_by_players"][players] == villages
    for p in range(players):
        assert body["wall_stock"][3 * p:3 * p + 3] == [1, 1, 1]
    state = dealt(players, start=players - 1)
    body = body_of(state)
    assert sum(body["deck"]) == 38 - 3 * players
    for p in range(players):
        assert sum(body["hands"][8 * p:8 * p + 8]) == 3
        assert f"P{p + 1} village V{villages[p]}: 0 C" in str(state)
    assert body["to_act"] == players - 1 and body["turn"] == 1


def test_starting_player_is_uniform():
    state = game(4).new_initial_state()
    for p in range(4):
        for card in ("Rain", "Reinforce", "Relocate") if p < 2 else ("Quake", "Sinkhole", "Aftershock"):
            act(state, f"P{p + 1} draws {card}")
    outcomes = state.chance_outcomes()
    assert [p for _, p in outcomes] == [0.25] * 4
    assert [state.action_to_string(a) for a, _ in outcomes] == ["P1 starts", "P2 starts", "P3 starts", "P4 starts"]


def test_deal_probabilities_follow_the_deck():
    state = game(2).new_initial_state()
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs["P1 draws Rain"] == pytest.approx(6 / 38)
    assert probs["P1 draws Lava Flow"] == pytest.approx(3 / 38)


def test_no_rain_variant_removes_five_rain_cards():
    body = body_of(game(2, rain=False).new_initial_state())
    assert body["deck"][4] == 1 and sum(body["deck"]) == 33
    state = game(2, rain=False).new_initial_state()
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs["P1 draws Rain"] == pytest.approx(1 / 33)


def test_tile_draw_probabilities_follow_the_stack():
    state = dealt(2)
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs["draw a straight tile"] == pytest.approx(8 / 40)
    assert probs["draw a fan tile"] == pytest.approx(2 / 40)


def test_first_tile_must_connect_to_the_volcano():
    # E6: an empty hex, matching every neighbour, meeting at least one lava edge
    state = dealt(2)
    act(state, "draw a straight tile")
    hexes = sorted(t.split()[-1] for t in texts(state))
    assert hexes == sorted(["d4", "d5", "e4", "e6", "f4", "f5"])
    act(state, "straight tile to d5")
    # only the rotation with lava facing the volcano (SW) fits; the other end points NE
    assert texts(state) == ["rotation 0: lava NE SW"]
    act(state, "rotation 0: lava NE SW")
    assert body_of(state)["hex_tile"][HEX["d5"]] == 0


def test_every_adjacent_tile_must_match():
    # d4 touches both the volcano (SE) and d5 (E): a tile there must match both
    state = dealt(2)
    act(state, "draw a bend tile")
    act(state, "bend tile to d5")
    # a bend at d5 must have lava SW (volcano); its W edge faces d4 (empty, free)
    rots = texts(state)
    assert all("SW" in t for t in rots) and len(rots) == 2
    act(state, f"rotation {rot_of('bend', ['SW', 'NW'])}: lava SW NW")
    act(state, "end the card step")
    act(state, "no more walls")
    # P2: a straight at d4 touches the volcano (SE) and d5 (E): d5's W edge has no lava, the
    # volcano's NW edge has: only lava SE-NW fits
    act(state, "draw a straight tile")
    act(state, "straight tile to d4")
    assert texts(state) == ["rotation 2: lava SE NW"]
