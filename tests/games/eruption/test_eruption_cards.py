"""Eruption: the action cards (E10), walls from cards (E9), the hand limit, the reshuffle and
the end of the game (E12, E13)."""
from __future__ import annotations

import pytest

from eruption_helpers import HEX, act, body_of, edge, position, random_game, rot_of, texts

OTHER = ["Sinkhole", "Volcanic Bomb", "Relocate"]
FORK = rot_of("fork", ["NE", "E", "SW"])


def hand(state, p=0):
    return body_of(state)["hands"][8 * p:8 * p + 8]


def test_aftershock_turns_a_tile_drops_its_walls_and_pays_new_village_streams():
    tiles = [("d4", "straight", 2), ("c3", "straight", 2), ("b2", "bend", rot_of("bend", ["NE", "SE"])),
             ("a2", "fork", rot_of("fork", ["SW", "W", "NE"]))]
    state = position(2, hands=[["Aftershock", "Rain", "Quake"], OTHER], tiles=tiles,
                     walls=[(edge("a2", "W"), "straw")])
    act(state, "play Aftershock")
    assert "aftershock e5" not in texts(state)          # never the volcano
    act(state, "aftershock a2")
    # only rotations that keep lava facing b2 (SW) and differ from the current one
    assert texts(state) == [f"rotation {rot_of('fork', ['NE', 'E', 'SW'])}: lava NE E SW",
                            f"rotation {rot_of('fork', ['SE', 'SW', 'NW'])}: lava SE SW NW"]
    act(state, texts(state)[1])
    body = body_of(state)
    assert body["hex_lava"][HEX["a2"]] == 0b101100 and body["edge_wall"][edge("a2", "W")] == -1
    assert body["cards_owed"] == 1                          # a2 NW newly touches V0 (NE did before)
    act(state, "P1 draws Rain")
    assert state.current_player() == 0 and "end the card step" in texts(state)


def test_quake_replaces_a_tile_with_a_new_one():
    state = position(2, hands=[["Quake", "Rain", "Rain"], OTHER], tiles=[("d5", "fork", FORK)],
                     walls=[(edge("d5", "NE"), "wood")])
    out = body_of(state)["tiles_out_of_play"]
    act(state, "play Quake")
    assert texts(state) == ["quake d5"]                  # not the volcano (E14)
    act(state, "quake d5")
    assert state.is_chance_node()
    act(state, "quake: draw a straight tile")
    assert texts(state) == ["rotation 0: lava NE SW"]
    act(state, "rotation 0: lava NE SW")
    body = body_of(state)
    assert body["hex_tile"][HEX["d5"]] == 0 and body["tiles_out_of_play"] == out + 1
    assert body["edge_wall"][edge("d5", "NE")] == -1          # the old tile's wall went with it


def test_quake_with_no_legal_rotation_discards_the_new_tile():
    tiles = [("d4", "sharp bend", rot_of("sharp bend", ["E", "SE"])),
             ("d5", "sharp bend", rot_of("sharp bend", ["SW", "W"]))]
    state = position(2, hands=[["Quake", "Rain", "Rain"], OTHER], tiles=tiles)
    act(state, "play Quake")
    act(state, "quake d5")
    act(state, "quake: draw a straight tile")            # cannot have lava both SW and W
    body = body_of(state)
    assert body["hex_tile"][HEX["d5"]] == 2 and body["stage"] == 10 and hand(state)[1] == 0


def test_sinkhole_removes_a_tile_and_its_blocking_walls():
    state = position(2, hands=[["Sinkhole", "Rain", "Rain"], OTHER], tiles=[("d5", "fork", FORK)],
                     walls=[(edge("d5", "NE"), "wood"), (edge("a2", "NE"), "stone")])
    act(state, "play Sinkhole")
    assert texts(state) == ["sinkhole d5"]
    act(state, "sinkhole d5")
    body = body_of(state)
    assert body["hex_tile"][HEX["d5"]] == -1 and body["edge_wall"][edge("d5", "NE")] == -1
    assert body["edge_wall"][edge("a2", "NE")] == 2           # village walls stay


def test_volcanic_bomb_removes_any_wall():
    state = position(2, hands=[["Volcanic Bomb", "Rain", "Rain"], OTHER], tiles=[("d5", "fork", FORK)],
                     walls=[(edge("d5", "NE"), "wood"), (edge("i2", "SE"), "stone")])
    act(state, "play Volcanic Bomb")
    assert texts(state) == ["bomb the wall at d5 NE", "bomb the wall at i2 SE"]
    supply = body_of(state)["wall_supply"][2]
    act(state, "bomb the wall at i2 SE")                 # P2's village wall
    assert body_of(state)["edge_wall"][edge("i2", "SE")] == -1 and body_of(state)["wall_supply"][2] == supply + 1


@pytest.mark.parametrize("before, after", [(40, 10), (20, 0)])
def test_rain_lowers_the_temperature_by_30(before, after):
    state = position(2, hands=[["Rain", "Quake", "Quake"], OTHER], temps=[before, 0])
    act(state, "play Rain")
    assert body_of(state)["temperatures"][0] == after


def test_relocate_moves_own_village_walls():
    state = position(2, hands=[["Relocate", "Rain", "Rain"], OTHER],
                     walls=[(edge("a2", "NW"), "stone"), (edge("i2", "SE"), "stone")])
    act(state, "play Relocate")
    assert texts(state) == ["move the wall at a2 NW", "stop relocating"]    # own village only
    act(state, "move the wall at a2 NW")
    assert "to a5 NW" in texts(state) and len(texts(state)) == 6
    act(state, "to a5 NW")
    act(state, "stop relocating")
    body = body_of(state)
    assert body["edge_wall"][edge("a5", "NW")] == 2 and body["edge_wall"][edge("a2", "NW")] == -1


def test_reinforce_allows_one_more_wall():
    state = position(2, hands=[["Reinforce", "Rain", "Rain"], OTHER])
    act(state, "play Reinforce")
    act(state, "end the card step")
    for spot, mat in (("a2 NW", "straw"), ("a2 NE", "wood")):
        act(state, f"wall at {spot}")
        act(state, f"{mat} wall")
    assert body_of(state)["to_act"] == 1


def test_lava_flow_places_another_tile():
    state = position(2, hands=[["Lava Flow", "Rain", "Rain"], OTHER])
    act(state, "play Lava Flow")
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    assert body_of(state)["hex_tile"][HEX["d5"]] == 0 and "end the card step" in texts(state)


def test_discard_a_card_for_its_wall():
    state = position(2, hands=[["Rain", "Relocate", "Quake"], OTHER])
    assert {"discard Rain for a wood wall", "discard Relocate for a straw wall",
            "discard Quake for a stone wall"} <= set(texts(state))
    act(state, "discard Quake for a stone wall")
    body = body_of(state)
    assert body["wall_stock"][:3] == [1, 1, 2] and body["discards"][1] == 1


def test_two_cards_for_an_extra_tile():
    state = position(2, hands=[["Rain", "Relocate", "Quake"], OTHER])
    act(state, "discard Quake and Rain for a tile")
    assert state.is_chance_node() and hand(state) == [0, 0, 0, 0, 0, 1, 0, 0]
    act(state, "draw a bend tile")
    assert texts(state)[0].startswith("bend tile to")


def test_hand_limit_discards_down_to_three_without_a_wall():
    state = position(2, hands=[["Rain", "Relocate", "Quake"], OTHER], stage=9, cards_owed=2)
    act(state, "P1 draws Rain")
    act(state, "P1 draws Reinforce")
    stock = body_of(state)["wall_stock"][:3]
    act(state, "end the card step")
    act(state, "no more walls")
    assert texts(state) == ["discard Quake (hand limit)", "discard Rain (hand limit)",
                            "discard Relocate (hand limit)", "discard Reinforce (hand limit)"]
    act(state, "discard Rain (hand limit)")
    act(state, "discard Rain (hand limit)")
    assert sum(hand(state)) == 3 and body_of(state)["wall_stock"][:3] == stock and body_of(state)["to_act"] == 1


def test_empty_deck_is_reshuffled_from_the_discards():
    deck = body_of(position(2, hands=[["Rain", "Relocate", "Quake"], OTHER]))["deck"]
    # level 2 draws a card at the card step; the deck is empty, the discards are not
    state = position(2, hands=[["Rain", "Relocate", "Quake"], OTHER], stage=3, resume_after_draw=0,
                     temps=[120, 130], zone_claimed_by=[1, 1, -1], eruption_tiles_held=[0, 2, 0, 0, 0, 0],
                     deck=[0] * 8, discards=deck)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    probs = {state.action_to_string(a): p for a, p in state.chance_outcomes()}
    assert probs["P1 draws Rain"] == pytest.approx(deck[4] / sum(deck))
    assert sum(body_of(state)["discards"]) == 0
    act(state, "P1 draws Rain")
    assert sum(body_of(state)["deck"]) == sum(deck) - 1


def test_card_actions_per_turn_are_capped():
    state = position(2, hands=[["Rain", "Relocate", "Quake"], OTHER], card_actions=10)
    assert texts(state) == ["end the card step"]


def test_reaching_300_ends_after_a_final_turn_each_without_tiles():
    state = position(2, cur=1, hands=[["Quake", "Lava Flow", "Rain"], OTHER], tiles=[("a2", "dead end", 0)],
                     temps=[290, 200], zone_claimed_by=[1, 1, 1], eruption_tiles_held=[0, 3, 0, 0, 0, 0])
    act(state, "end the card step")
    act(state, "no more walls")
    body = body_of(state)
    assert body["temperatures"][0] == 300 and body["end_triggered"] == 1
    act(state, "P1 draws Reinforce")                     # level 3: the card-step card, no tile step
    assert body_of(state)["stage"] == 10 and body_of(state)["hex_tile"].count(-1) == 59
    assert "play Quake" not in texts(state) and "play Lava Flow" not in texts(state)
    assert not any(t.endswith("for a tile") for t in texts(state))
    assert "play Rain" in texts(state)
    act(state, "end the card step")
    act(state, "no more walls")
    act(state, "discard Reinforce (hand limit)")
    body = body_of(state)
    assert body["to_act"] == 1 and body["final_turns_left"] == 2 and body["stage"] == 9    # P2's final turn
    act(state, "P2 draws Reinforce")
    assert body_of(state)["stage"] == 10
    act(state, "end the card step")
    act(state, "no more walls")
    act(state, "discard Reinforce (hand limit)")
    assert body_of(state)["to_act"] == 0                                            # P1's final turn
    act(state, "P1 draws Reinforce")
    act(state, "end the card step")
    act(state, "no more walls")
    act(state, "discard Reinforce (hand limit)")
    assert state.is_terminal() and state.returns() == [0.0, 1.0]                 # lowest wins


def test_the_last_tile_triggers_the_end():
    state = position(2, cur=0, stage=3, resume_after_draw=0, tile_stack=[1, 0, 0, 0, 0, 0, 0, 0], tiles_out_of_play=39)
    act(state, "draw a straight tile")
    assert body_of(state)["end_triggered"] == 1
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    act(state, "end the card step")
    act(state, "no more walls")
    body = body_of(state)
    assert body["to_act"] == 1 and body["final_turns_left"] == 2 and body["stage"] == 10


def test_ties_share_the_win():
    state = position(2, cur=0, temps=[60, 60], end_triggered=1, final_turns_left=1, zone_claimed_by=[0, -1, -1])
    act(state, "end the card step")
    act(state, "no more walls")
    assert state.is_terminal() and state.returns() == [0.5, 0.5]


def test_turn_cap_ends_the_game():
    state, _ = random_game(2, 4, turn_cap=3)
    assert body_of(state)["turn"] == 3 and sum(state.returns()) == pytest.approx(1.0)


def test_relocate_is_bounded_but_reaches_any_arrangement():
    """Six walls on P1's 7 village edges, materials swapped in three pairs: the hardest
    rearrangement takes 9 moves (each pair through the free edge), exactly RELOC_CAP."""
    from vsai.ext.eruption.engine import board_data, edge_name
    edges = board_data()["village_edges"][0]
    mats = ["stone", "straw"] * 3
    state = position(2, hands=[["Relocate", "Rain", "Rain"], OTHER],
                     walls=[(e, m) for e, m in zip(edges[:6], mats)])
    act(state, "play Relocate")
    free = edges[6]
    for i in (0, 2, 4):
        a, b = edges[i], edges[i + 1]
        for src, dst in ((a, free), (b, a), (free, b)):
            act(state, f"move the wall at {edge_name(src)}")
            act(state, f"to {edge_name(dst)}")
    body = body_of(state)
    assert [body["edge_wall"][e] for e in edges] == [0, 2, 0, 2, 0, 2, -1]   # swapped
    assert "end the card step" in texts(state)      # the 9th move ended the Relocate
