"""The humans: support cards, tanks, planning (route tiles, vehicles), evacuation, press."""
import pytest

from godzilla_helpers import SQ, advance, edit, field, new, play, rn, road, roll, stage, to_round_stage

SHINJUKU = "status card 4: Shinjuku / Shibuya"


def _round4_support(card, players=2):
    state = new(players)
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    to_round_stage(state, "support cards", support=card)
    return state


def test_high_voltage_up_to_three_on_empty_roads():
    state = _round4_support("high-voltage current")
    assert state.current_player() == 1
    play(state, "high-voltage current")
    assert stage(state) == "high-voltage tiles"
    offered = [t for t in state.legal_action_strings() if t.startswith("high-voltage on")]
    assert len(offered) == 29 - sum(1 for r in field(state, "road_tiles") if r)
    play(state, f"high-voltage on {rn('Shibaura', 'Ginza')}", f"high-voltage on {rn('Shibaura', 'Kachidoki')}",
         f"high-voltage on {rn('Shinagawa', 'Shibaura')}")
    assert field(state, "high_voltage_stock") == 0 and field(state, "support_cards")[1] == 2
    assert stage(state) != "high-voltage tiles"
    # the Kaiju is boxed in: no footprint can be placed (G15)
    advance(state, "omen")
    assert state.legal_action_strings() == ["end omen"]


def test_tanks_move_from_the_next_situation_phase():
    state = _round4_support("tank deployment")
    play(state, "tank deployment", f"tank on {rn('Shibaura', 'Ginza')}", "stop placing tanks")
    # a Tank placed this phase does not move (G19): straight on to the omen
    assert stage(state) == "omen"
    advance(state, "status card")
    advance(state, "tank moves")
    moves = [t for t in state.legal_action_strings() if t.startswith("tank ")]
    ends = {t.split(" to ")[1] for t in moves}
    # G10: to an empty road sharing a square with its road
    assert rn("Ginza", "Marunouchi") in ends and rn("Shibaura", "Kachidoki") in ends
    assert rn("Marunouchi", "Nihonbashi") not in ends
    play(state, f"tank {rn('Shibaura', 'Ginza')} to {rn('Ginza', 'Tsukiji')}")
    d = state.to_dict()
    assert d["road_tiles"][road("Ginza", "Tsukiji")] == 6 and d["road_tiles"][road("Shibaura", "Ginza")] == 0
    assert stage(state) == "omen"           # each Tank moves once


def test_planning_turns_up_five_tiles_by_pile_counts():
    state = new()
    to_round_stage(state, "route tiles", status=SHINJUKU)
    assert state.chance_outcomes() == [(k, 0.25) for k in range(4)]
    play(state, "turn up a rail tile")
    assert state.chance_outcomes()[0] == (0, pytest.approx(8 / 35))
    play(state, "turn up a rail tile", "turn up a road tile", "turn up a river tile", "turn up a tram tile")
    assert stage(state) == "planning" and field(state, "route_stock") == [2, 1, 1, 1]
    assert state.current_player() == 1


def test_route_tiles_go_on_empty_roads_and_leftovers_stay_in_stock():
    state = new()
    to_round_stage(state, "planning", status=SHINJUKU)
    stock = field(state, "route_stock")
    play(state, f"rail on {rn('Tokyo Home', 'Shinjuku')}")
    assert f"rail on {rn('Tokyo Home', 'Shinjuku')}" not in state.legal_action_strings()
    assert f"road on {rn('Tokyo Home', 'Shinjuku')}" not in state.legal_action_strings()
    play(state, "end planning")
    assert sum(field(state, "route_stock")) == sum(stock) - 1
    advance(state, "planning")
    assert sum(field(state, "route_stock")) == sum(stock) - 1 + 5


def test_vehicle_procurement_turns_up_two_more_tiles():
    state = new()
    to_round_stage(state, "planning", status=SHINJUKU)
    play(state, "vehicle procurement")
    assert stage(state) == "route tiles" and field(state, "vehicle_cards") == [0, 1, 1, 1]
    play(state, "turn up a tram tile", "turn up a tram tile")
    assert stage(state) == "planning" and field(state, "route_stock")[3] == 2


def _evacuation(players=2, routes=(), kaiju=None, status=SHINJUKU, draws=("Tokyo", "Tokyo")):
    """Round 1 with the status card and the evacuees drawn; the routes (kind, a, b) placed from
    the pile; the Kaiju rolls nothing useful; returns the state at the evacuation phase."""
    state = new(players)
    play(state, status)
    for colour in draws:
        play(state, f"draw a {colour} evacuee")
    advance(state, "route tiles")
    fields = {}
    pile = field(state, "route_pile")
    for kind, a, b in routes:
        fields.setdefault("road_tiles", {})[road(a, b)] = kind + 1
        pile[kind] -= 1
    fields["route_pile"] = pile
    if kaiju:
        fields["kaiju_square"] = SQ[kaiju]
    state = edit(state, **fields)
    advance(state, "dice roll")
    roll(state, 1, 3, 5)
    return state


def test_evacuees_move_along_one_kind_of_route_to_their_home():
    state = _evacuation(routes=[(0, "Tokyo Home", "Shinjuku")])
    assert stage(state) == "evacuation" and state.current_player() == 1
    assert state.legal_action_strings() == ["end Tokyo moves", "Tokyo evacuee Shinjuku to Tokyo Home"]
    play(state, "Tokyo evacuee Shinjuku to Tokyo Home", "Tokyo evacuee Shinjuku to Tokyo Home")
    assert state.legal_action_strings() == ["end press moves", "press Shinjuku to Tokyo Home"]
    play(state, "press Shinjuku to Tokyo Home")
    d = state.to_dict()
    # G6: evacuated at the end of the phase; G7: 1 press card per evacuee with the press piece
    assert d["human_screen_evacuees"][0] == 2 and d["human_screen_press"] == 1 and d["press_cards_won"] == 2
    assert d["evacuees"][SQ["Tokyo Home"] * 4] == 0


def test_a_chain_of_one_kind_is_one_move_but_kinds_do_not_mix():
    state = _evacuation(routes=[(1, "Shinjuku", "Shibuya"), (1, "Shibuya", "Kanagawa Home"),
                                (2, "Tokyo Home", "Shinjuku")])
    texts = state.legal_action_strings()
    assert "Tokyo evacuee Shinjuku to Kanagawa Home" in texts
    assert "Tokyo evacuee Shinjuku to Tokyo Home" in texts
    state = _evacuation(routes=[(1, "Shinjuku", "Shibuya"), (2, "Shibuya", "Kanagawa Home")])
    assert "Tokyo evacuee Shinjuku to Kanagawa Home" not in state.legal_action_strings()


def test_each_piece_moves_once_per_phase():
    state = _evacuation(routes=[(1, "Shinjuku", "Shibuya"), (2, "Shibuya", "Kanagawa Home")],
                        draws=("Kanagawa", "Kanagawa"))
    assert state.current_player() == 1        # 2 players: H1 holds all four governors
    play(state, "Kanagawa evacuee Shinjuku to Shibuya")
    texts = state.legal_action_strings()
    assert "Kanagawa evacuee Shinjuku to Shibuya" in texts
    assert "Kanagawa evacuee Shibuya to Kanagawa Home" not in texts


def test_the_kaiju_square_blocks_evacuation():
    state = _evacuation(routes=[(1, "Shinjuku", "Shibuya"), (1, "Shibuya", "Kanagawa Home"),
                                (0, "Tokyo Home", "Shinjuku")], kaiju="Shibuya")
    assert stage(state) == "evacuation"
    assert state.legal_action_strings() == ["end Tokyo moves", "Tokyo evacuee Shinjuku to Tokyo Home"]


def test_order_of_colours_and_seats():
    state = _evacuation(players=3, routes=[(0, "Shinjuku", "Shibuya")],
                        draws=("Saitama", "Kanagawa"))
    # G14 with 2 human seats: Tokyo H1, Saitama H2, Chiba H1, Kanagawa H2; Tokyo has nothing
    assert state.legal_action_strings()[0] == "end Saitama moves" and state.current_player() == 2
    play(state, "end Saitama moves")
    assert state.legal_action_strings()[0] == "end Kanagawa moves" and state.current_player() == 2
    play(state, "end Kanagawa moves")
    assert state.legal_action_strings()[0] == "end press moves" and state.current_player() == 1


def test_wrong_home_does_not_evacuate_and_press_counts_for_every_colour():
    state = _evacuation(routes=[(3, "Shinjuku", "Tokyo Home")], draws=("Chiba", "Tokyo"))
    play(state, "Tokyo evacuee Shinjuku to Tokyo Home", "Chiba evacuee Shinjuku to Tokyo Home",
         "press Shinjuku to Tokyo Home")
    d = state.to_dict()
    assert d["human_screen_evacuees"] == [1, 0, 0, 0] and d["human_screen_press"] == 1
    assert d["evacuees"][SQ["Tokyo Home"] * 4 + 2] == 1       # the Chiba evacuee waits there
    assert d["press_cards_won"] == 1                             # G7: only the evacuee leaving


def test_no_press_piece_no_press_cards():
    state = _evacuation(routes=[(0, "Tokyo Home", "Shinjuku")])
    play(state, "Tokyo evacuee Shinjuku to Tokyo Home", "end Tokyo moves", "end press moves")
    assert field(state, "human_screen_evacuees")[0] == 1 and field(state, "press_cards_won") == 0


def test_emergency_press_conference_draws_two():
    state = new()
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    to_round_stage(state, "press conference", support="emergency press conference")
    assert state.legal_action_strings() == ["no press conference", "emergency press conference"]
    play(state, "emergency press conference")
    assert field(state, "press_cards_won") == 2 and field(state, "support_cards")[3] == 2
    advance(state, "status card")
    advance(state, "omen")
    advance(state, "status card")
    assert field(state, "press_cards_won") == 2     # single use (G10)


def test_planning_passes_from_seat_to_seat_with_their_own_vehicle_cards():
    state = new(4)             # 3 human seats: Tokyo H1, Saitama H2, Chiba H3, Kanagawa H1
    to_round_stage(state, "planning", status=SHINJUKU)
    assert state.current_player() == 1 and state.legal_action_strings()[0] == "planning to H2"
    play(state, "vehicle procurement", "turn up a rail tile", "turn up a rail tile")
    assert field(state, "vehicle_cards") == [0, 1, 1, 1]          # H1 plays Tokyo's card first
    play(state, "vehicle procurement", "turn up a rail tile", "turn up a rail tile")
    assert field(state, "vehicle_cards") == [0, 1, 1, 0]          # then Kanagawa's
    assert "vehicle procurement" not in state.legal_action_strings()
    play(state, "planning to H2")
    assert state.current_player() == 2 and "vehicle procurement" in state.legal_action_strings()
    play(state, f"rail on {rn('Tokyo Home', 'Shinjuku')}", "planning to H3")
    assert state.current_player() == 3
    play(state, "end planning")
    assert stage(state) == "dice roll" and field(state, "planner") == 1


def test_evaluation_rewards_routes_and_pieces_reaching_home():
    state = _evacuation(routes=[(0, "Tokyo Home", "Shinjuku")])
    before = state.evaluate()[1]
    play(state, "Tokyo evacuee Shinjuku to Tokyo Home")
    assert state.evaluate()[1] > before
    cut = _evacuation(routes=[])
    joined = _evacuation(routes=[(0, "Tokyo Home", "Shinjuku")])
    assert joined.evaluate()[1] > cut.evaluate()[1]


def test_two_press_pieces_on_one_home_still_one_card_per_evacuee():
    state = new()
    play(state, SHINJUKU, "draw a Tokyo evacuee", "draw a Tokyo evacuee")
    advance(state, "status card")                # round 1: nothing placed, nothing moves
    play(state, "status card 1: Ikebukuro / Shinjuku", "draw a Tokyo evacuee",
         "draw a Tokyo evacuee", "draw a Tokyo evacuee")
    advance(state, "route tiles")
    state = edit(state, road_tiles={road("Tokyo Home", "Shinjuku"): 1, road("Tokyo Home", "Ikebukuro"): 1},
                 route_pile={0: field(state, "route_pile")[0] - 2})
    advance(state, "dice roll")
    roll(state, 1, 3, 5)
    play(state, *["Tokyo evacuee Shinjuku to Tokyo Home"] * 2, *["Tokyo evacuee Ikebukuro to Tokyo Home"] * 3,
         "press Shinjuku to Tokyo Home", "press Ikebukuro to Tokyo Home")
    d = state.to_dict()
    assert d["human_screen_press"] == 2 and d["human_screen_evacuees"][0] == 5
    assert d["press_cards_won"] == 5                # G7, G19: per evacuee, not per press piece
