"""Eruption: the temperature check, danger levels and eruption tiles, tile placement with its
cards and icons, blocking walls (E1, E3-E9, E14)."""
from __future__ import annotations

import pytest

from eruption_helpers import HEX, act, body_of, edge, position, rot_of, texts


def end_turn(state):
    """From the card step: no more cards, no wall."""
    act(state, "end the card step")
    if "no more walls" in texts(state):
        act(state, "no more walls")


def test_unwalled_stream_raises_the_temperature_by_20():
    # a2 NE is an edge of V0 (P1): lava there costs P1 20 at the start of its turn
    state = position(2, cur=1, tiles=[("a2", "double", rot_of("double", ["NE", "SE", "SW", "NW"]))])
    end_turn(state)
    assert body_of(state)["temperatures"][:2] == [40, 0]        # two streams: a2 NW and a2 NE
    assert state.is_chance_node() and "draw a straight tile" in texts(state)


@pytest.mark.parametrize("material, chance", [("straw", 21 / 36), ("wood", 15 / 36), ("stone", 10 / 36)])
def test_walled_stream_is_tested_with_the_dice(material, chance):
    # E8: 1d6 against 1d6 + 0/1/2, ties to the lava
    state = position(2, cur=1, tiles=[("a2", "dead end", 0)], walls=[(edge("a2", "NE"), material)])
    end_turn(state)
    assert state.is_chance_node()
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs == pytest.approx({f"{material} wall at a2 NE breaks": chance,
                                   f"{material} wall at a2 NE holds": 1 - chance})
    held = state.clone()
    act(held, f"{material} wall at a2 NE holds")
    assert body_of(held)["temperatures"][0] == 0 and body_of(held)["edge_wall"][edge("a2", "NE")] >= 0
    supply = body_of(state)["wall_supply"]
    act(state, f"{material} wall at a2 NE breaks")
    body = body_of(state)
    assert body["temperatures"][0] == 10 and body["edge_wall"][edge("a2", "NE")] == -1
    m = ["straw", "wood", "stone"].index(material)
    assert body["wall_supply"][m] == supply[m] + 1           # E14: back to the supply


def test_first_to_a_zone_gets_an_eruption_tile_and_others_gain_30():
    # P1 at 40 with a stream: 60 reaches zone 1 (50) first: an eruption tile, placed after
    # the turn's tile; everyone else +30 (E3, E4)
    state = position(2, cur=1, tiles=[("a2", "dead end", 0), ("d5", "straight", 0)], temps=[40, 0])
    end_turn(state)
    body = body_of(state)
    assert body["temperatures"][0] == 60 and body["zone_claimed_by"] == [0, -1, -1] and body["eruption_tiles_held"][0] == 1
    act(state, "draw a straight tile")
    act(state, "straight tile to d4")
    act(state, "rotation 2: lava SE NW")
    assert texts(state)[0].startswith("eruption tile to")
    assert "eruption tile to d5" not in texts(state)          # occupied
    assert "eruption tile to c5" in texts(state)              # d5's NE lava faces it
    act(state, "eruption tile to i3")                         # needs no connection
    body = body_of(state)
    assert body["hex_tile"][HEX["i3"]] == 8 and body["eruption_tiles_held"][0] == 0
    assert body["temperatures"][:2] == [60, 30]


def test_eruption_tile_only_where_every_neighbour_has_lava_facing():
    state = position(2, cur=0, tiles=[("d5", "straight", 0)], temps=[60, 0], stage=8, tile_being_placed=8, resume_after_draw=2)
    hexes = {t.split()[-1] for t in texts(state)}
    assert "d4" not in hexes and "e6" not in hexes      # d5's W / SW edges have no lava
    assert "c5" in hexes and "f4" in hexes


def test_a_zone_is_claimed_once():
    state = position(2, cur=1, tiles=[("a2", "dead end", 0)], temps=[40, 60])
    assert body_of(state)["zone_claimed_by"] == [1, -1, -1]
    end_turn(state)
    body = body_of(state)
    assert body["temperatures"][0] == 60 and body["eruption_tiles_held"][0] == 0       # P2 was first


def test_level_1_builds_two_walls_level_0_one():
    state = position(2, cur=0, temps=[50, 0])
    act(state, "end the card step")
    act(state, "wall at a2 NW")
    act(state, "straw wall")
    act(state, "wall at a2 NE")
    act(state, "wood wall")
    assert body_of(state)["to_act"] == 1                    # two walls used up the turn
    state = position(2, cur=0)
    act(state, "end the card step")
    act(state, "wall at a2 NW")
    act(state, "straw wall")
    assert body_of(state)["to_act"] == 1


def test_level_2_draws_a_card_at_the_card_step():
    state = position(2, cur=0, temps=[120, 130], zone_claimed_by=[1, 1, -1], eruption_tiles_held=[0, 2, 0, 0, 0, 0], stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    assert state.is_chance_node() and texts(state)[0].startswith("P1 draws")
    act(state, "P1 draws Quake")
    assert "play Quake" in texts(state)


def test_level_3_may_take_an_extra_tile():
    state = position(2, cur=0, temps=[200, 210], zone_claimed_by=[1, 1, 1], eruption_tiles_held=[0, 3, 0, 0, 0, 0], stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    assert texts(state) == ["no extra tile", "take an extra tile"]
    act(state, "take an extra tile")
    act(state, "draw a bend tile")
    act(state, "bend tile to d4")
    assert body_of(state)["extra_tile_taken"] == 1


def test_cards_for_each_stream_newly_touching_a_village():
    # E7: a double at a2 with lava NE and NW touches 2 edges of V0: 2 cards to the placer
    tiles = [("d4", "straight", 2), ("c3", "straight", 2), ("b2", "bend", rot_of("bend", ["NE", "SE"]))]
    state = position(2, cur=1, tiles=tiles, stage=3, resume_after_draw=0)
    act(state, "draw a double tile")
    act(state, "double tile to a2")
    r = rot_of("double", ["NE", "SE", "SW", "NW"])
    act(state, f"rotation {r}: lava NE SE SW NW")
    assert body_of(state)["cards_owed"] == 2
    act(state, "P2 draws Quake")
    act(state, "P2 draws Rain")
    assert body_of(state)["hands"][8:16].count(0) < 8 and sum(body_of(state)["hands"][8:16]) == 5


def test_cards_for_an_ownerless_village_too():
    # 2 players own V0 and V3; b6 NE is an edge of V1, which nobody owns
    state = position(2, cur=0, tiles=[("c6", "straight", 0)], stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, "straight tile to b6")
    act(state, "rotation 0: lava NE SW")
    assert body_of(state)["cards_owed"] == 1 and state.is_chance_node()


def test_icon_hex_gives_its_wall_or_the_next_lower():
    state = position(2, cur=0, tiles=[("d5", "straight", 0)], stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, "straight tile to c5")                    # a straw icon
    act(state, "rotation 0: lava NE SW")
    assert body_of(state)["wall_stock"][:3] == [2, 1, 1]
    # b5 shows stone (a ring-3 corner); with no stone left the player takes wood
    state = position(2, cur=0, tiles=[("d5", "straight", 0), ("c5", "straight", 0)], stage=3, resume_after_draw=0,
                     stock=[[1, 1, 14], [1, 1, 1]])
    assert body_of(state)["wall_supply"][2] == 0
    act(state, "draw a straight tile")
    act(state, "straight tile to b5")
    act(state, "rotation 0: lava NE SW")
    assert body_of(state)["wall_stock"][:3] == [1, 2, 14]


def test_blocking_wall_is_tested_and_a_held_wall_sends_the_tile_elsewhere():
    # a stone wall on d5's NE edge guards c5 (E8)
    state = position(2, cur=0, tiles=[("d5", "straight", 0)], walls=[(edge("d5", "NE"), "stone")],
                     stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, "straight tile to c5")
    act(state, "rotation 0: lava NE SW")
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs == pytest.approx({"stone wall at d5 NE breaks": 10 / 36, "stone wall at d5 NE holds": 26 / 36})
    other = state.clone()
    act(state, "stone wall at d5 NE holds")
    assert "straight tile to c5" not in texts(state) and "straight tile to d4" in texts(state)
    assert body_of(state)["edge_wall"][edge("d5", "NE")] == 2
    act(other, "stone wall at d5 NE breaks")
    body = body_of(other)
    assert body["hex_tile"][HEX["c5"]] == 0 and body["edge_wall"][edge("d5", "NE")] == -1


def test_blocking_wall_falls_without_test_when_the_tile_is_fed_elsewhere():
    tiles = [("d5", "straight", 0), ("e6", "bend", rot_of("bend", ["W", "NE"])),
             ("d6", "bend", rot_of("bend", ["SW", "NW"]))]
    state = position(2, cur=0, tiles=tiles, walls=[(edge("d5", "NE"), "stone")], stage=3, resume_after_draw=0)
    act(state, "draw a sharp bend tile")
    act(state, "sharp bend tile to c5")
    act(state, f"rotation {rot_of('sharp bend', ['SE', 'SW'])}: lava SE SW")
    body = body_of(state)
    assert body["hex_tile"][HEX["c5"]] == 2 and body["edge_wall"][edge("d5", "NE")] == -1
    assert not state.is_chance_node() or "breaks" not in " ".join(texts(state))


def test_wall_spots_own_village_and_lava_edges_facing_empty_hexes():
    state = position(2, cur=0, tiles=[("d5", "straight", 0)])
    act(state, "end the card step")
    spots = {t[len("wall at "):] for t in texts(state) if t.startswith("wall at")}
    village = {"a2 NW", "a2 NE", "a3 NW", "a3 NE", "a4 NW", "a4 NE", "a5 NW"}
    assert spots == village | {"d5 NE"}                  # not the volcano's edges (E14)


def test_a_tile_with_no_legal_place_is_discarded():
    # the volcano's six neighbours are closed: sharp bends joined in pairs, two dead ends
    tiles = [(h, "sharp bend", rot_of("sharp bend", dirs)) for h, dirs in
             (("d4", ["E", "SE"]), ("d5", ["SW", "W"]), ("e6", ["SW", "W"]), ("f5", ["NE", "NW"]))]
    tiles += [("f4", "dead end", rot_of("dead end", ["NE"])), ("e4", "dead end", rot_of("dead end", ["E"]))]
    state = position(2, cur=0, tiles=tiles, stage=3, resume_after_draw=0)
    out = body_of(state)["tiles_out_of_play"]
    act(state, "draw a straight tile")
    body = body_of(state)
    assert body["tiles_out_of_play"] == out + 1 and body["stage"] == 10


@pytest.mark.parametrize("cur, winner", [(0, 1), (1, 2)])
def test_zone_reached_by_two_at_once_goes_first_in_turn_order(cur, winner):
    # E14: an eruption tile lifts the two others past 120 together
    temps = [[50, 100, 100], [100, 50, 100]][cur]
    held = [0] * 6
    held[cur] = 1
    state = position(3, cur=cur, temps=temps, zone_claimed_by=[cur, -1, -1], eruption_tiles_held=held, stage=8, resume_after_draw=2, tile_being_placed=8)
    act(state, "eruption tile to i3")
    body = body_of(state)
    assert [body["temperatures"][p] for p in range(3) if p != cur] == [130, 130]
    assert body["zone_claimed_by"][1] == winner and body["eruption_tiles_held"][winner] == 1


def test_an_eruption_tile_is_not_placed_in_the_final_round():
    state = position(2, cur=1, temps=[50, 0], end_triggered=1, final_turns_left=2)
    end_turn(state)
    body = body_of(state)
    assert body["to_act"] == 0 and body["stage"] == 10 and body["eruption_tiles_held"][0] == 1


def test_several_walls_facing_a_tile_must_all_break():
    # c5 between d5 (lava NE) and c4 (lava E), both walled towards it
    tiles = [("d5", "straight", 0), ("d4", "bend", rot_of("bend", ["SE", "NE"])),
             ("c4", "bend", rot_of("bend", ["SW", "E"]))]
    walls = [(edge("d5", "NE"), "straw"), (edge("c4", "E"), "wood")]
    state = position(2, cur=0, tiles=tiles, walls=walls, stage=3, resume_after_draw=0)
    act(state, "draw a sharp bend tile")
    act(state, "sharp bend tile to c5")
    act(state, f"rotation {rot_of('sharp bend', ['SW', 'W'])}: lava SW W")
    act(state, "straw wall at d5 NE breaks")
    assert state.is_chance_node()
    act(state, "wood wall at c4 E holds")
    body = body_of(state)
    assert body["hex_tile"][HEX["c5"]] == -1 and body["edge_wall"][edge("d5", "NE")] == -1
    assert body["edge_wall"][edge("c4", "E")] == 1 and "sharp bend tile to c5" not in texts(state)


def test_a_turned_tile_on_an_icon_gives_its_wall_again():
    state = position(2, hands=[["Aftershock", "Rain", "Rain"], ["Sinkhole", "Quake", "Relocate"]],
                     tiles=[("d5", "straight", 0), ("c5", "fork", rot_of("fork", ["SW", "W", "NE"]))])
    act(state, "play Aftershock")
    act(state, "aftershock c5")
    act(state, texts(state)[0])
    assert body_of(state)["wall_stock"][:3] == [2, 1, 1]


def test_blocking_walls_may_stand_on_an_eruption_tile():
    state = position(2, cur=0, tiles=[("e2", "eruption", 0)], temps=[50, 0], eruption_tiles_held=[0] * 6)
    act(state, "end the card step")
    spots = {t[len("wall at "):] for t in texts(state) if t.startswith("wall at")}
    assert {"e2 " + d for d in ("NE", "E", "SE", "SW", "W", "NW")} <= spots
