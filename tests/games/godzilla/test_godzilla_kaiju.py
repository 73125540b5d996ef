"""The Kaiju: omen (footprints), execution (dice, groups, movement, heat ray, awakening)."""
import pytest

from godzilla_helpers import SQ, advance, edit, field, new, play, rn, road, roll, stage, to_round_stage


def _at_omen(**fields):
    state = new()
    to_round_stage(state, "omen", status="status card 4: Shinjuku / Shibuya")
    return edit(state, **fields) if fields else state


def _footprint_texts(state):
    return [t for t in state.legal_action_strings() if t.startswith("footprint")]


def test_footprints_start_at_the_kaiju_and_stay_connected():
    state = _at_omen()
    assert state.current_player() == 0
    assert sorted(_footprint_texts(state)) == sorted(
        f"footprint {rn('Shibaura', x)}" for x in ("Ginza", "Shinagawa", "Kachidoki"))
    play(state, f"footprint {rn('Shibaura', 'Ginza')}")
    # now roads at Ginza are allowed too (a network, possibly branching, G5)
    offered = _footprint_texts(state)
    assert f"footprint {rn('Ginza', 'Marunouchi')}" in offered
    assert f"footprint {rn('Shibaura', 'Kachidoki')}" in offered
    assert f"footprint {rn('Marunouchi', 'Nihonbashi')}" not in offered


def test_at_most_four_footprints():
    state = _at_omen()
    play(state, f"footprint {rn('Shibaura', 'Ginza')}", f"footprint {rn('Ginza', 'Marunouchi')}",
         f"footprint {rn('Shibaura', 'Kachidoki')}", f"footprint {rn('Kachidoki', 'Tokyo Bay')}")
    assert state.legal_action_strings() == ["end omen"]


def test_no_footprint_on_high_voltage_or_tank_roads():
    state = _at_omen(road_tiles={road("Shibaura", "Ginza"): 5, road("Shibaura", "Kachidoki"): 6},
                     high_voltage_stock=2, tank_stock=2)
    assert _footprint_texts(state) == [f"footprint {rn('Shinagawa', 'Shibaura')}"]


def test_footprints_are_removed_at_the_next_omen():
    state = _at_omen()
    play(state, f"footprint {rn('Shibaura', 'Ginza')}", "end omen")
    assert field(state, "footprints")[road("Shibaura", "Ginza")] == 1
    advance(state, "status card")
    advance(state, "omen")
    assert sum(field(state, "footprints")) == 0


def _at_roll(footprints=(), **fields):
    state = _at_omen()
    for a, b in footprints:
        play(state, f"footprint {rn(a, b)}")
    play(state, "end omen")
    advance(state, "dice roll")
    return edit(state, **fields) if fields else state


def test_all_dice_are_rolled_as_one_chance_node_over_the_multiset():
    state = _at_roll()
    assert field(state, "dice_to_roll") == 3
    outcomes = dict((state.action_to_string(a), p) for a, p in state.chance_outcomes())
    assert len(outcomes) == 56 and abs(sum(outcomes.values()) - 1) < 1e-12
    assert outcomes["roll 1-1-6"] == pytest.approx(3 / 216)
    assert outcomes["roll 2-2-2"] == pytest.approx(1 / 216)
    assert outcomes["roll 1-3-5"] == pytest.approx(6 / 216)
    play(state, "roll 1-1-6")
    assert field(state, "dice_faces") == [2, 0, 0, 0, 0, 1]
    assert stage(state) == "reroll"


def test_six_dice_make_462_outcomes():
    state = _at_roll(kaiju_dice=6, awakening_dice=0, dice_to_roll=6, kaiju_screen_landmarks=3,
                     landmarks={SQ["Ueno"]: 0, SQ["Radio Tower"]: 0, SQ["Kasumigaseki"]: 0})
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 462 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert dict((state.action_to_string(a), p) for a, p in outcomes)["roll 1-2-3-4-5-6"] == pytest.approx(720 / 6 ** 6)


def test_reroll_up_to_the_tiles_held_once():
    state = _at_roll()
    play(state, "roll 1-4-6")
    assert state.legal_action_strings() == ["keep the dice", "reroll a 1", "reroll a 4", "reroll a 6"]
    play(state, "reroll a 4")                 # 1 reroll tile: the die is rerolled at once
    assert stage(state) == "dice roll" and field(state, "dice_to_roll") == 1
    assert len(state.chance_outcomes()) == 6
    play(state, "roll 5")
    assert stage(state) != "reroll"           # G4: a single reroll
    assert field(state, "dice_faces") == [1, 0, 0, 0, 1, 1]


def test_rerolls_are_chosen_in_ascending_order():
    state = _at_roll(kaiju_rerolls=3, awakening_rerolls=0, kaiju_dice=4, awakening_dice=2, dice_to_roll=4, kaiju_screen_landmarks=3,
                     landmarks={SQ["Ueno"]: 0, SQ["Radio Tower"]: 0, SQ["Kasumigaseki"]: 0})
    play(state, "roll 2-4-4-6")
    play(state, "reroll a 4")
    # no going back to the 2: one order per set of dice
    assert state.legal_action_strings() == ["keep the dice", "reroll a 4", "reroll a 6"]
    play(state, "reroll a 6", "keep the dice")
    assert field(state, "dice_to_roll") == 2


def test_straights_and_sets_and_disjoint_dice():
    state = _at_roll()
    roll(state, 3, 3, 4)
    assert state.legal_action_strings() == ["no movement", "move with 3-4"]
    play(state, "move with 3-4")
    # only one 3 is left: no heat-ray group (G2: each die in one group)
    assert stage(state) != "heat-ray group"
    state = _at_roll()
    roll(state, 3, 3, 4)
    play(state, "no movement")
    assert state.legal_action_strings() == ["no heat ray", "heat ray with 3-3"]


def test_straights_do_not_wrap():
    state = _at_roll()
    roll(state, 6, 1, 3)
    assert stage(state) not in ("movement group", "heat-ray group")


def test_movement_follows_footprints_and_destroys():
    state = _at_roll(footprints=[("Shibaura", "Ginza"), ("Ginza", "Marunouchi")])
    state = edit(state, road_tiles={road("Shibaura", "Ginza"): 1}, route_pile={0: field(state, "route_pile")[0] - 1})
    roll(state, 1, 2, 3)
    play(state, "move with 1-2-3")
    assert state.legal_action_strings() == ["stop moving", "step to Ginza"]
    play(state, "step to Ginza")
    d = state.to_dict()
    assert d["kaiju_square"] == SQ["Ginza"] and d["kaiju_screen_landmarks"] == 1 and d["kaiju_screen_route_tiles"][0] == 1
    assert d["road_tiles"][road("Shibaura", "Ginza")] == 0
    # a Landmark destroyed: the Kaiju takes a die or a Reroll tile (G4)
    assert state.legal_action_strings() == ["awaken a die", "awaken a reroll tile"]
    play(state, "awaken a reroll tile")
    assert field(state, "kaiju_rerolls") == 2 and field(state, "awakening_rerolls") == 1
    # the road just crossed cannot be crossed again (G5)
    assert state.legal_action_strings() == ["stop moving", "step to Marunouchi"]
    play(state, "step to Marunouchi")
    assert field(state, "kaiju_square") == SQ["Marunouchi"]
    assert stage(state) == "evacuation" or not state.current_player() == 0


def test_movement_destroys_evacuees_and_press():
    state = _at_roll(footprints=[("Shinagawa", "Shibaura")])
    bag = field(state, "bag")
    state = edit(state, bag=[bag[0] - 1] + bag[1:], evacuees={SQ["Shinagawa"] * 4: 1})
    roll(state, 4, 5, 6)
    play(state, "move with 4-5", "step to Shinagawa")
    assert field(state, "kaiju_screen_evacuees")[0] == 1 and field(state, "kaiju_square") == SQ["Shinagawa"]


def test_heat_ray_range_direction_and_destruction():
    state = _at_roll()
    state = edit(state, road_tiles={road("Shibaura", "Ginza"): 6, road("Ginza", "Marunouchi"): 2},
                 tank_stock=2, route_pile={1: field(state, "route_pile")[1] - 1})
    roll(state, 5, 5, 5)
    assert state.legal_action_strings() == ["no heat ray", "heat ray with 5-5", "heat ray with 5-5-5"]
    play(state, "heat ray with 5-5-5")
    # G3: the first step needs a road; south of Shibaura is the board edge
    assert state.legal_action_strings() == ["heat ray north", "heat ray east", "heat ray west"]
    play(state, "heat ray north")
    d = state.to_dict()
    assert d["kaiju_screen_tanks"] == 1 and d["kaiju_screen_route_tiles"][1] == 1 and d["kaiju_screen_landmarks"] == 1
    assert d["landmarks"][SQ["Ginza"]] == 0 and d["kaiju_square"] == SQ["Shibaura"]


def test_heat_ray_passes_where_there_is_no_road():
    state = _at_roll()
    bag = field(state, "bag")
    state = edit(state, kaiju_square=SQ["Shinjuku"], evacuees={SQ["Shinjuku"] * 4: 0, SQ["Marunouchi"] * 4 + 3: 1,
                                                      SQ["Nihonbashi"] * 4 + 3: 1},
                 bag=[bag[0] + field(state, "evacuees")[SQ["Shinjuku"] * 4], bag[1], bag[2], bag[3] - 2],
                 press_pieces={SQ["Shinjuku"]: 0}, kaiju_screen_press=1)
    roll(state, 2, 2, 2)
    play(state, "heat ray with 2-2-2", "heat ray east")
    d = state.to_dict()
    # Radio Tower (landmark), then across the moat to Marunouchi and on to Nihonbashi
    assert d["kaiju_screen_landmarks"] == 1 and d["kaiju_screen_evacuees"][3] == 2


def test_heat_ray_stops_at_the_edge():
    state = _at_roll()
    bag = field(state, "bag")
    state = edit(state, bag=[bag[0] - 1] + bag[1:], evacuees={SQ["Tokyo Bay"] * 4: 1})
    roll(state, 6, 6, 6)
    play(state, "heat ray with 6-6-6", "heat ray east")
    assert field(state, "kaiju_screen_landmarks") == 1 and field(state, "kaiju_screen_evacuees")[0] == 1


def test_both_groups_in_either_order():
    state = _at_roll(footprints=[("Shibaura", "Ginza")], kaiju_dice=4, awakening_dice=2, kaiju_screen_landmarks=1,
                     landmarks={SQ["Ueno"]: 0})
    state = edit(state, dice_to_roll=4)
    roll(state, 1, 2, 4, 4)
    play(state, "move with 1-2", "heat ray with 4-4")
    assert state.legal_action_strings() == ["movement first", "heat ray first"]
    play(state, "heat ray first")
    assert stage(state) == "heat ray"
    play(state, "heat ray north")
    # the ray destroyed Ginza's landmark: awakening, then the movement
    play(state, "awaken a die")
    assert stage(state) == "movement" and field(state, "kaiju_dice") == 5


def test_awakening_is_automatic_when_one_kind_is_left():
    state = _at_roll(footprints=[("Shibaura", "Ginza")], kaiju_rerolls=3, awakening_rerolls=0, kaiju_screen_landmarks=2,
                     landmarks={SQ["Ueno"]: 0, SQ["Radio Tower"]: 0})
    roll(state, 1, 2, 3)
    play(state, "move with 1-2", "step to Ginza")
    assert field(state, "kaiju_dice") == 4 and field(state, "awakening_dice") == 2


def test_air_strike_removes_a_die_this_round_only():
    state = new()
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    to_round_stage(state, "support cards", support="air strike")
    play(state, "air strike")
    advance(state, "dice roll")
    assert field(state, "dice_to_roll") == 2
    advance(state, "status card")
    advance(state, "dice roll")
    assert field(state, "dice_to_roll") == 3


def test_air_strike_does_not_reach_the_return_round():
    state = new(turn_cap=4)          # round 4 is the last ordinary round (X5)
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    to_round_stage(state, "support cards", support="air strike")
    play(state, "air strike")
    advance(state, "dice roll")
    assert field(state, "dice_to_roll") == 2
    advance(state, "omen")
    assert field(state, "round") == 5        # the return round (G19: no air strike there)
    advance(state, "dice roll")
    assert field(state, "dice_to_roll") == 3
