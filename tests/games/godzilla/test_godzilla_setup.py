"""Set-up and the status phase: map, components, status cards, evacuees, support cards."""
import pytest

from godzilla_helpers import SQ, advance, edit, evacuees_placed_per_round, field, new, play, stage
from vsai.ext.godzilla import engine


def test_map_is_the_g1_grid_with_29_roads():
    roads = engine.map_roads()
    assert len(roads) == 29
    pairs = {frozenset((a, b)) for _, a, b in roads}
    # every road joins orthogonal neighbours of the 5 x 4 grid
    for a, b in map(tuple, pairs):
        assert abs(a - b) in (1, 5) and not (abs(a - b) == 1 and min(a, b) % 5 == 4)
    # the palace moat and the river have no road (G1)
    assert frozenset((SQ["Radio Tower"], SQ["Marunouchi"])) not in pairs
    assert frozenset((SQ["Tsukiji"], SQ["Fukagawa"])) not in pairs
    assert engine.square_names()[17] == "Shibaura" and engine.square_names()[19] == "Tokyo Bay"


def test_initial_components():
    d = new().to_dict()
    assert d["kaiju_square"] == SQ["Shibaura"]
    landmarks = {engine.square_names()[s] for s in range(20) if d["landmarks"][s]}
    assert landmarks == {"Radio Tower", "Ueno", "Kasumigaseki", "Kachidoki", "Ginza"}
    assert d["bag"] == [10, 10, 10, 10]                     # G8
    assert d["route_pile"] == [9, 9, 9, 9] and d["route_stock"] == [0] * 4   # G6: 36 tiles
    assert d["high_voltage_stock"] == 3 and d["tank_stock"] == 3
    assert (d["kaiju_dice"], d["kaiju_rerolls"], d["awakening_dice"], d["awakening_rerolls"]) == (3, 1, 3, 2)  # G4
    assert d["vehicle_cards"] == [1] * 4 and d["support_cards"] == [0] * 4     # G10: one per governor
    assert d["press_deck"] == [3] * 8 and d["press_cards_won"] == 0       # G11: 24 press cards
    assert sum(d["press_pieces"]) == 0 and d["status_cards"] == [-1] * 6   # press pieces off the map


def test_status_card_is_uniform_chance_over_the_unused_cards():
    state = new()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(12))
    assert all(abs(p - 1 / 12) < 1e-12 for _, p in outcomes)
    play(state, "status card 8: Ginza / Tsukiji")
    advance(state, "status card")
    assert len(state.chance_outcomes()) == 11 and 7 not in state.legal_actions()


def test_press_piece_and_evacuees_go_to_the_main_square():
    state = new()
    play(state, "status card 4: Shinjuku / Shibuya")
    assert field(state, "press_pieces")[SQ["Shinjuku"]] == 1
    # G8: 2 evacuees in round 1, colours drawn from the bag in proportion
    probs = dict(state.chance_outcomes())
    assert probs == {0: 0.25, 1: 0.25, 2: 0.25, 3: 0.25}
    play(state, "draw a Tokyo evacuee")
    assert dict(state.chance_outcomes())[0] == pytest.approx(9 / 39)
    play(state, "draw a Chiba evacuee")
    evac = field(state, "evacuees")
    assert evac[SQ["Shinjuku"] * 4 + 0] == 1 and evac[SQ["Shinjuku"] * 4 + 2] == 1
    assert field(state, "bag") == [9, 10, 9, 10]
    assert not state.is_chance_node()


def test_alternative_square_when_the_kaiju_stands_on_the_main_one():
    state = edit(new(), kaiju_square=SQ["Ikebukuro"])
    play(state, "status card 1: Ikebukuro / Shinjuku", "draw a Tokyo evacuee", "draw a Tokyo evacuee")
    assert field(state, "press_pieces")[SQ["Shinjuku"]] == 1 and field(state, "press_pieces")[SQ["Ikebukuro"]] == 0
    assert field(state, "evacuees")[SQ["Shinjuku"] * 4] == 2


def test_evacuees_per_round_follow_g8():
    assert evacuees_placed_per_round(new()) == [2, 3, 3, 4, 4, 5]


def test_an_empty_bag_places_what_remains():
    state = edit(new(), bag=[1, 0, 0, 0], kaiju_screen_evacuees=[9, 10, 10, 10])
    play(state, "status card 2: Ueno / Asakusa", "draw a Tokyo evacuee")
    assert stage(state) != "evacuees from the bag" and field(state, "bag") == [0, 0, 0, 0]


def test_support_cards_are_revealed_in_rounds_4_and_6_only():
    state = new()
    seen = []
    for rnd in range(1, 7):
        advance(state, "status card")
        assert field(state, "round") == rnd
        advance(state, "omen", choose=lambda s: 0)
        seen.append(sum(1 for k in field(state, "support_cards") if k))
    assert seen == [0, 0, 0, 1, 1, 2]


def test_support_reveal_is_uniform_over_the_pool():
    state = new()
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    advance(state, "support card reveal")
    assert state.chance_outcomes() == [(k, 0.25) for k in range(4)]
    play(state, "support card air strike")
    assert field(state, "support_cards")[0] == 1
    advance(state, "support card reveal")
    assert [a for a, _ in state.chance_outcomes()] == [1, 2, 3]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in state.chance_outcomes())
