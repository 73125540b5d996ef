"""R: one test per rule of the rulebook and per GAPS.md V-gap (positions built through the
public API and JSON; chance outcomes chosen explicitly)."""
from __future__ import annotations

import pytest

from vulcanus_helpers import SQ, data, draw_wanted, plan, setup_default, with_data
from vsai.core.registry import load_game
from vsai.ext.errors import InvalidStateError

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]


def strings(state):
    return state.legal_action_strings()


# ------------------------------------------------------------------ set-up
def test_setup_places_the_tiles_icons_and_supplies():
    s = setup_default()
    d = data(s)
    # V2: 38 citizens, 3 VIPs, 2 lava, then round 1's Normal event adds 1 lava + 1 citizen
    assert sum(d["citizens"]) == 39 and sum(d["vips"]) == 3 and sum(d["lava"]) == 3
    assert d["round"] == 1 and d["event_kinds"][0] == 0
    # V14, V8, source: units, funds, tracks
    assert (d["fire_brigades_in_stock"], d["sdf_units_in_stock"], d["bases_in_stock"]) == (2, 2, 2)
    assert (d["funds_in_pool"], d["funds_used"], d["funds_in_stock"], d["budget_track"], d["investigation_track"]) == (10, 0, 4, 0, 0)
    assert d["attack_tiles_left"] == 8 and d["lava_taken"] == 1
    # V1: every square's tile has its slot letter
    for square, t in enumerate(d["tiles"]):
        assert t >= 0
    # V11: the Kaiju drew 4 bonus tiles, kept 3 and put 1 back
    assert sorted(d["bonus_tile_places"]) == [0, 0, 0, 0, 1, 1, 1, 2]


def test_setup_tiles_are_dealt_per_letter_uniformly():
    s = load_game("vulcanus").new_initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 7 and all(abs(p - 1 / 7) < 1e-12 for _, p in outcomes)   # Ikebukuro: A
    texts = [s.action_to_string(a) for a, _ in outcomes]
    assert "tile omen 1 on Ikebukuro" in texts and "tile A-1a on Ikebukuro" in texts
    s.apply_action(outcomes[0][0])
    assert len(s.chance_outcomes()) == 6                                             # Waseda: B


def test_kaiju_start_squares_and_human_starts_avoid_vulcanus():
    s = load_game("vulcanus").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action(s.legal_actions()[0])            # put back a bonus tile
    assert strings(s) == ["Vulcanus starts in Harajuku", "Vulcanus starts in Shibuya",
                          "Vulcanus starts in Ebisu"]
    s.apply_action("Vulcanus starts in Ebisu")
    s.apply_action("role Research Director")
    assert "role Research Director" not in strings(s)      # one role per letter group
    s.apply_action("role Chief Cabinet Secretary")
    assert "fire brigade and base start in Ebisu" not in strings(s)   # V15
    s.apply_action("fire brigade and base start in Tokyo")
    assert "SDF and base start in Tokyo" not in strings(s)


def test_omen_one_in_kasumigaseki_is_swapped_with_omen_six():
    s = setup_default(tiles={"Kasumigaseki": "omen 1"})
    d = data(s)
    # the omen 6 tile now lies in Kasumigaseki; omen 1 went to omen 6's square (round 1's omen)
    assert "omen 6" in s.observation_string(0).split("Kasumigaseki")[1].split("\n")[0]
    assert d["omen_square"] != SQ["Kasumigaseki"]


@pytest.mark.parametrize("level, lava", [(0, 2), (-1, 1), (-2, 1), (-3, 0)])
def test_negative_disaster_levels_remove_set_up_lava(level, lava):
    s = setup_default(disaster=level)
    d = data(s)
    assert sum(d["lava"]) - 1 == lava          # minus round 1's event lava


@pytest.mark.parametrize("level, rounds", [(0, ""), (1, "36"), (2, "2346"), (3, "123456")])
def test_positive_disaster_levels_make_advanced_rounds(level, rounds):
    s = setup_default(disaster=level)
    view = s.observation_string(1)
    for r in range(2, 7):
        assert (f"r{r} advanced" in view) == (str(r) in rounds)


def test_advanced_event_is_drawn_by_chance_and_applied():
    game = load_game("vulcanus", disaster=3)
    s = game.new_initial_state()
    while s.is_chance_node() and s.action_to_string(s.chance_outcomes()[0][0]).startswith(("tile", "draw bonus")):
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_actions(["put back bonus tile Ueno 2", "Vulcanus starts in Shibuya", "role Fire Chief",
                     "role Chief of Staff", "fire brigade and base start in Kasumigaseki",
                     "SDF and base start in Waseda"])
    outcomes = s.chance_outcomes()
    assert [(s.action_to_string(a), p) for a, p in outcomes] == [
        ("event Advanced: 2 lava", 0.5), ("event Advanced: 1 lava + 1 adjacent", 0.5)]
    omen = data(s)["omen_square"]
    before = data(s)["lava"][omen]
    two = s.clone()
    two.apply_action(outcomes[0][0])
    assert data(two)["lava"][omen] == before + 2
    s.apply_action(outcomes[1][0])
    assert s.current_player() == 0 and strings(s)[0].startswith("event lava on")
    s.apply_action(s.legal_actions()[0])
    assert data(s)["lava"][omen] == before + 1 and data(s)["advanced_events_left"] == [4, 3]


# ------------------------------------------------------------------ planning
def test_two_player_planning_draws_six_per_role_and_fills_alternate_slots():
    s = setup_default()
    assert s.is_chance_node()
    draw_wanted(s, A_CARDS)
    d = data(s)
    assert sum(1 for c in range(9) if d["card_zones"][c] == 2) == 6       # hand of letter group A
    for name in A_CARDS:
        s.apply_action(f"plan {name}")
    d = data(s)
    assert [d["slot_cards"][k] >= 0 for k in range(9)] == [True, False, False, True, False, False,
                                                          True, False, False]   # H1 H3 H5
    assert sum(1 for c in range(9) if d["card_zones"][c] == 4) == 3       # the rest discarded


def test_four_player_planning_draws_four_and_fills_pairs():
    s = setup_default(players=4)
    draw_wanted(s, A_CARDS)
    d = data(s)
    assert sum(1 for c in range(9) if d["card_zones"][c] == 2) == 4
    assert s.current_player() == 1
    s.apply_actions(["plan Fire fighting", "plan Movement of citizens"])
    assert s.current_player() == -1         # B's draw
    draw_wanted(s, [])
    assert s.current_player() == 2
    d = data(s)
    assert [d["slot_cards"][k] >= 0 for k in range(9)][:2] == [True, True]


def test_kaiju_draws_five_plans_three_discards_two():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    d = data(s)
    kz = d["card_zones"][27:]
    assert kz.count(5) == 3 and kz.count(4) == 2 and kz.count(1) == 7
    assert [d["slot_cards"][k] >= 27 for k in (2, 5, 8)] == [True] * 3


def test_redraw_costs_one_fund_and_keeps_the_hand_size():
    s = setup_default()
    draw_wanted(s, [])
    s.apply_action("set aside Movement of citizens")
    s.apply_action("set aside Movement of fire brigades")
    assert "plan Fire fighting" not in strings(s)          # finish the redraw first
    s.apply_action("redraw for 1 fund")
    assert s.is_chance_node()
    draw_wanted(s, [])
    d = data(s)
    assert d["funds_in_pool"] == 9 and d["funds_used"] == 1
    assert sum(1 for c in range(9) if d["card_zones"][c] == 2) == 6
    assert sum(1 for c in range(9) if d["card_zones"][c] == 4) == 2


def test_a_redraw_is_offered_after_cards_are_placed():
    # Taking a placed card back (source) is covered by equivalence (rules.md, Status): a redraw
    # stays available until the last slot of the group is filled, the placed cards keep
    # their slots, and the final arrangement is any order of the chosen cards
    s = setup_default()
    draw_wanted(s, ["Fire fighting", "Commands to SDF"])
    s.apply_action("plan Commands to SDF")
    s.apply_action("plan Fire fighting")
    assert any(t.startswith("set aside") for t in strings(s))
    hand = [t for t in strings(s) if t.startswith("set aside")]
    s.apply_action(hand[0])
    s.apply_action("redraw for 1 fund")
    draw_wanted(s, [])
    d = data(s)
    assert d["cards_planned"] == 2 and d["funds_in_pool"] == 9
    assert sum(1 for c in range(9) if d["card_zones"][c] == 2) == 4           # 6 drawn - 2 placed
    assert "H1 A:Commands to SDF" in s.observation_string(1)


def test_redraw_needs_enough_cards_in_the_deck():
    s = setup_default()
    draw_wanted(s, [])
    for _ in range(3):                      # the deck holds 3 cards: at most 3 set aside
        s.apply_action([a for a in s.legal_actions() if s.action_to_string(a).startswith("set aside")][0])
    assert not any(t.startswith("set aside") for t in strings(s))
    poor = with_data(setup_default(), funds_in_pool=0, funds_used=10)
    draw_wanted(poor, [])
    assert not any(t.startswith("set aside") for t in strings(poor))


def test_swapping_letter_groups_moves_their_cards():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"], order="BA")
    d = data(s)
    assert all(9 <= d["slot_cards"][k] < 18 for k in (0, 3, 6))       # B's cards in H1 H3 H5
    assert all(0 <= d["slot_cards"][k] < 9 for k in (1, 4, 7))


def test_second_round_returns_board_and_discards_under_the_deck():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    while data(s)["round"] == 1 and not s.is_terminal():
        s.apply_action(s.legal_actions()[0] if not s.is_chance_node() else s.chance_outcomes()[0][0])
    d = data(s)
    assert d["round"] == 2
    # A's deck: the 3 undrawn cards in layer 0 on top, the 6 returned ones in layer 1 below
    layers = sorted(d["card_positions"][c] for c in range(9) if d["card_zones"][c] == 1)
    assert layers == [0, 0, 0, 1, 1, 1, 1, 1, 1]
    assert s.is_chance_node() and len(s.chance_outcomes()) <= 3     # drawn from layer 0 first


# ------------------------------------------------------------------ execution order
def test_execution_order_alternates_human_and_kaiju_slots():
    s = setup_default()
    order = []
    plan(s, [["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"],
             ["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"]],
         ["Walk", "Walk", "Roar"])
    while data(s)["round"] == 1:
        d = data(s)
        if d["round_step"] == 6 and (not order or order[-1] != d["slot"]):
            order.append(d["slot"])
        if s.is_chance_node() or s.is_terminal():
            break
        legal = strings(s)
        choice = [t for t in legal if t.startswith(("stop", "walk to", "done"))] or legal
        s.apply_action(choice[0])
    assert order == [0, 1, 2, 3, 4, 5, 6, 7, 8]


# ------------------------------------------------------------------ Kaiju cards
PASSIVE = ["Movement of fire brigades", "Movement of SDFs", "Movement of citizens"]
STOPS = ("stop", "hold fire", "no more", "declare nothing")


def passive_step(s) -> None:
    """A move that changes as little as possible (stops, holds, declines)."""
    if s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
        return
    legal = strings(s)
    choice = [t for t in legal if t.startswith(STOPS)] or legal
    s.apply_action(choice[0])


def to_slot(s, slot: int) -> None:
    """Play passively until the card in `slot` waits for its first decision."""
    for _ in range(200):
        d = data(s)
        if d["slot"] == slot and d["round_step"] == 6 and not s.is_chance_node():
            return
        passive_step(s)
    raise AssertionError("slot not reached")


def kaiju_round(kaiju: list, players: int = 2, **fields):
    """Round 1 with passive Human cards and `kaiju` planned; at K1's first decision."""
    s = with_data(setup_default(players=players), **fields)
    groups = [PASSIVE] * (3 if players == 4 else 2)
    if players == 4:
        groups = [PASSIVE[:2]] * 3
    plan(s, groups, kaiju)
    to_slot(s, 2)
    return s


def test_walk_places_lava_then_moves_one_square():
    s = kaiju_round(["Walk", "Roar", "Lava flow"])
    assert data(s)["lava"][SQ["Shibuya"]] == 1
    assert strings(s) == ["walk to Harajuku", "walk to Roppongi", "walk to Ebisu"]
    s.apply_action("walk to Ebisu")
    assert data(s)["vulcanus_square"] == SQ["Ebisu"] and data(s)["slot"] == 3


def test_evolved_walk_may_move_one_more_square():
    s = kaiju_round(["Walk", "Roar", "Lava flow"], evolved={0: 1}, lava_taken=6)
    s.apply_action("walk to Ebisu")
    assert "stop walking" in strings(s) and "walk on to Shinagawa" in strings(s)
    s.apply_action("walk on to Shinagawa")
    assert data(s)["vulcanus_square"] == SQ["Shinagawa"]


def test_trampling_kills_all_citizens_and_places_lava_per_marker():
    s = kaiju_round(["Trampling", "Roar", "Lava flow"])
    assert strings(s) == ["kill all citizens here"]     # no unit here, not evolved
    s.apply_action("kill all citizens here")
    d = data(s)
    assert d["citizens"][SQ["Shibuya"]] == 0 and d["vips"][SQ["Shibuya"]] == 0
    assert d["lava"][SQ["Shibuya"]] == 3 and d["damage_track"][:3] == [1, 1, 2]


def test_trampling_returns_a_unit_or_evolved_places_two_lava():
    fields = dict(fire_brigades={SQ["Kasumigaseki"]: 0, SQ["Shibuya"]: 1})
    s = kaiju_round(["Trampling", "Roar", "Lava flow"], **fields)
    s.apply_action("return a fire brigade")
    d = data(s)
    assert d["fire_brigades"][SQ["Shibuya"]] == 0 and d["fire_brigades_in_stock"] == 3 and d["lava"][SQ["Shibuya"]] == 1
    s = kaiju_round(["Trampling", "Roar", "Lava flow"], evolved={1: 1}, lava_taken=6)
    s.apply_action("2 lava instead")
    d = data(s)
    assert d["lava"][SQ["Shibuya"]] == 2 and d["citizens"][SQ["Shibuya"]] == 2


def test_fire_bomb_kills_one_and_burns_only_without_units():
    s = kaiju_round(["Fire bomb", "Roar", "Lava flow"])
    assert "fire bomb Roppongi: kill a citizen" in strings(s)
    assert "fire bomb Shibuya: kill a VIP" in strings(s)
    assert not any(t.startswith("fire bomb Tokyo") for t in strings(s))    # not adjacent
    s.apply_action("fire bomb Roppongi: kill a citizen")
    d = data(s)
    assert d["citizens"][SQ["Roppongi"]] == 1 and d["lava"][SQ["Roppongi"]] == 1 and d["damage_track"][0] == 1
    s = kaiju_round(["Fire bomb", "Roar", "Lava flow"], sdf_units={SQ["Waseda"]: 0, SQ["Roppongi"]: 1})
    assert "fire bomb Roppongi: return an SDF" not in strings(s)          # not evolved
    s.apply_action("fire bomb Roppongi: kill a citizen")
    assert data(s)["lava"][SQ["Roppongi"]] == 0


def test_evolved_fire_bomb_may_return_a_unit_instead():
    s = kaiju_round(["Fire bomb", "Roar", "Lava flow"], evolved={2: 1}, lava_taken=6,
                    sdf_units={SQ["Waseda"]: 0, SQ["Roppongi"]: 1})
    s.apply_action("fire bomb Roppongi: return an SDF")
    d = data(s)
    assert d["sdf_units_in_stock"] == 3 and d["lava"][SQ["Roppongi"]] == 1 and d["citizens"][SQ["Roppongi"]] == 2


def test_roar_places_lava_and_pulls_adjacent_lava():
    s = kaiju_round(["Roar", "Walk", "Lava flow"], lava={SQ["Ebisu"]: 2, SQ["Harajuku"]: 1})
    assert data(s)["lava"][SQ["Shibuya"]] == 1
    assert strings(s) == ["pull lava from Harajuku", "pull lava from Ebisu", "stop roaring"]
    s.apply_actions(["pull lava from Ebisu", "pull lava from Ebisu", "pull lava from Harajuku"])
    d = data(s)
    assert d["lava"][SQ["Shibuya"]] == 4 and d["lava"][SQ["Ebisu"]] == 0
    s = kaiju_round(["Roar", "Walk", "Lava flow"], evolved={3: 1}, lava_taken=6)
    assert data(s)["lava"][SQ["Shibuya"]] == 2


def test_moving_underground_range_three_evolved_five_with_lava():
    s = kaiju_round(["Moving underground", "Walk", "Lava flow"])
    names = [t.split("tunnel to ")[1] for t in strings(s)]
    assert "Shibuya" in names and "Akasaka" in names and "Tokyo" not in names   # distance 4
    s.apply_action("tunnel to Akasaka")
    assert data(s)["vulcanus_square"] == SQ["Akasaka"] and data(s)["lava"][SQ["Akasaka"]] == 0
    s = kaiju_round(["Moving underground", "Walk", "Lava flow"], evolved={4: 1}, lava_taken=6)
    s.apply_action("tunnel to Tokyo")
    assert data(s)["lava"][SQ["Tokyo"]] == 1


def test_lava_flow_adjacent_and_evolved_second_square():
    s = kaiju_round(["Lava flow", "Walk", "Roar"])
    assert strings(s) == ["lava flow on Harajuku", "lava flow on Roppongi", "lava flow on Ebisu"]
    s.apply_action("lava flow on Ebisu")
    assert data(s)["lava"][SQ["Ebisu"]] == 1 and data(s)["slot"] == 3
    s = kaiju_round(["Lava flow", "Walk", "Roar"], evolved={5: 1}, lava_taken=6)
    s.apply_action("lava flow on Ebisu")
    assert strings(s) == ["lava flow also on Harajuku", "lava flow also on Roppongi"]


def test_an_emptied_pool_gives_an_evolution_tile_at_once():
    s = kaiju_round(["Walk", "Roar", "Lava flow"], lava_taken=5)
    # Walk's lava empties pool 1: the Kaiju places its evolution tile after the card
    s.apply_action("walk to Ebisu")
    assert s.current_player() == 0 and strings(s)[0].startswith("evolve")
    assert len(strings(s)) == 6
    s.apply_action("evolve Roar")
    assert data(s)["evolved"][3] == 1 and data(s)["evolutions_pending"] == 0


def test_full_form_places_lava_after_each_card_from_the_next_card():
    s = kaiju_round(["Moving underground", "Walk", "Lava flow"], lava_taken=30, full_formed=1,
                    evolved={0: 1, 1: 1, 2: 1, 3: 1, 5: 1})
    s.apply_action("tunnel to Shibuya")
    assert data(s)["lava"][SQ["Shibuya"]] == 1          # the full-form lava after the card


def test_the_card_that_empties_the_fifth_pool_gets_no_full_form_lava():
    s = kaiju_round(["Walk", "Roar", "Lava flow"], lava_taken=29,
                    evolved={1: 1, 2: 1, 3: 1, 4: 1})
    assert data(s)["full_formed"] == 1 and data(s)["lava"][SQ["Shibuya"]] == 1   # Walk's lava: pool 5 empty
    s.apply_action("walk to Ebisu")
    s.apply_action("evolve Walk")
    assert data(s)["lava"][SQ["Ebisu"]] == 0 and data(s)["slot"] == 3      # V22


def test_destruction_bonus_is_declared_into_a_damage_column():
    s = kaiju_round(["Walk", "Roar", "Lava flow"], lava={SQ["Harajuku"]: 3})
    s.apply_action("walk to Harajuku")                  # no bonus tile names Harajuku
    assert data(s)["slot"] == 3
    s = kaiju_round(["Roar", "Walk", "Lava flow"], lava={SQ["Shibuya"]: 2})
    s.apply_action("stop roaring")                      # Shibuya has 3 lava now
    assert strings(s) == ["declare nothing", "declare bonus tile Shibuya 3"]
    s.apply_action("declare bonus tile Shibuya 3")
    d = data(s)
    assert d["damage_track"][36:40] == [11, 11, 11, 11] and d["bonus_tile_places"][1] == 3
    assert d["lava"][SQ["Shibuya"]] == 3                # the lava stays (source)


def test_bonus_step_is_offered_on_public_grounds_only():
    # Ginza 3 was never drawn: the step is still offered (the Humans cannot tell), with nothing
    s = kaiju_round(["Moving underground", "Walk", "Lava flow"], lava={SQ["Roppongi"]: 2})
    s.apply_action("tunnel to Roppongi")
    assert strings(s) == ["declare nothing"]


# ------------------------------------------------------------------ lava and base phases
def quiet_round(target: str = "Ebisu", **fields):
    """Round 1 where nothing happens but the Kaiju tunnelling twice to `target` and roaring
    there; returns at the first decision of the Lava or Base phase."""
    s = kaiju_round(["Moving underground", "Moving underground", "Roar"], **fields)
    s.apply_action(f"tunnel to {target}")
    to_slot(s, 5)
    s.apply_action(f"tunnel to {target}")
    for _ in range(300):
        if data(s)["round_step"] >= 9 or s.is_terminal():
            return s
        passive_step(s)
    raise AssertionError("no lava phase")


def test_lava_phase_kills_and_sets_squares_on_fire():
    s = quiet_round(lava={SQ["Tokyo"]: 1, SQ["Ginza"]: 4, SQ["Ueno"]: 3})
    d = data(s)
    assert d["round_step"] == 10
    assert d["citizens"][SQ["Tokyo"]] == 1            # 1 lava kills 1 of 2
    assert d["citizens"][SQ["Ginza"]] == 0            # 4 lava, 3 citizens
    assert d["citizens"][SQ["Ebisu"]] == 2            # Roar's lava there
    # two flaming squares (3 lava or more): Ginza and Ueno, one pool lava each
    assert d["damage_track"].count(3) == 2


def test_lava_phase_victim_choice_between_citizen_and_vip():
    s = quiet_round(lava={SQ["Tsukiji"]: 1})
    assert strings(s) == ["a citizen dies", "a VIP dies"] and s.current_player() == 0
    s.apply_action("a VIP dies")
    assert data(s)["vips"][SQ["Tsukiji"]] == 0


def test_base_phase_evacuates_one_and_investigates_then_budget_advances():
    s = quiet_round()
    # two bases (Kasumigaseki, Waseda): the Humans choose the order
    assert strings(s) == ["base phase at Waseda", "base phase at Kasumigaseki"]
    s.apply_action("base phase at Kasumigaseki")
    d = data(s)
    assert d["citizens"][SQ["Kasumigaseki"]] == 1 and d["defense_track"][0] == 1
    # investigation: Kasumigaseki (A-1b), Akasaka (omen: never), Tokyo (C-1a), Shimbashi (B-2a)
    assert strings(s) == ["take the tile on Kasumigaseki", "take the tile on Tokyo",
                          "take the tile on Shimbashi"]
    s.apply_action("take the tile on Shimbashi")
    assert data(s)["investigation_track"] == 2 and data(s)["tiles"][SQ["Shimbashi"]] == -1


def test_evacuated_vip_brings_a_fund_and_budget_track_refunds():
    s = quiet_round(vips={SQ["Kasumigaseki"]: 1, SQ["Shibuya"]: 0}, citizens={SQ["Kasumigaseki"]: 0},
                    budget_track=2, funds_in_pool=7, funds_used=3)
    s.apply_action("base phase at Kasumigaseki")
    d = data(s)
    assert d["defense_track"][0] == 2 and d["funds_in_stock"] == 3 and d["funds_in_pool"] == 8
    while data(s)["round"] == 1:
        passive_step(s)
    d = data(s)
    assert d["budget_track"] == 0 and d["funds_used"] == 0 and d["funds_in_pool"] == 11


# ------------------------------------------------------------------ Human cards
def human_round(a_cards: list, b_cards: list = None, **fields):
    """Round 1 with A's cards in H1 H3 H5 (Fire Chief) and B's in H2 H4 H6 (Chief of Staff)
    (2 players), the Kaiju planning Roar x2 + Walk; at H1's first decision."""
    s = with_data(setup_default(**fields.pop("setup", {})), **fields)
    plan(s, [a_cards, b_cards or PASSIVE], ["Roar", "Roar", "Walk"])
    return s


def test_movement_of_citizens_moves_a_total_of_two_squares():
    s = human_round(["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"])
    assert "move citizen Shibuya to Ebisu" in strings(s)   # citizens may enter Vulcanus's square
    assert "move VIP Shibuya to Ebisu" in strings(s)
    assert not any(t.startswith("move fire brigade") for t in strings(s))
    s.apply_actions(["move VIP Shibuya to Ebisu", "move VIP Ebisu to Shinagawa"])
    d = data(s)
    assert d["vips"][SQ["Shinagawa"]] == 1 and d["slot"] == 1       # two steps: card over


def test_movement_of_units_moves_only_that_kind():
    s = human_round(["Movement of fire brigades", "Movement of citizens", "Movement of SDFs"])
    assert all(t.startswith("move fire brigade Kasumigaseki") or t == "stop moving" for t in strings(s))
    s.apply_actions(["move fire brigade Kasumigaseki to Tokyo", "move fire brigade Tokyo to Ginza"])
    assert data(s)["fire_brigades"][SQ["Ginza"]] == 1


def test_fire_fighting_costs_two_per_brigade_once_each():
    s = human_round(["Fire fighting", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Kasumigaseki"]: 2, SQ["Tokyo"]: 1})
    assert "fire brigade at Kasumigaseki puts out lava in Tokyo" in strings(s)
    assert not any(t.startswith("base at") for t in strings(s))       # key icon not reached
    s.apply_action("fire brigade at Kasumigaseki puts out lava in Kasumigaseki")
    d = data(s)
    assert d["lava"][SQ["Kasumigaseki"]] == 1 and d["funds_in_pool"] == 8 and d["defense_track"][0] == 3
    assert d["slot"] == 1                       # the only fire brigade has acted


def test_fire_fighting_additional_lets_bases_act_after_the_key_icon():
    s = human_round(["Fire fighting", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Ichigaya"]: 2}, investigation_track=4)
    assert "base at Waseda puts out lava in Ichigaya" in strings(s)
    s.apply_action("base at Waseda puts out lava in Ichigaya")
    assert "base at Waseda puts out lava in Ichigaya" not in strings(s)


def test_commands_to_sdf_one_command_then_two_after_operation_approved():
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"])
    assert strings(s) == ["no more commands", "SDF at Waseda: evacuation/investigation"]
    s.apply_action("SDF at Waseda: evacuation/investigation")
    d = data(s)
    assert d["citizens"][SQ["Waseda"]] == 1 and d["funds_in_pool"] == 9 and d["defense_track"][0] == 1
    # investigation around Waseda: Ikebukuro (value-3 tile), Waseda (omen: never), Ueno (omen),
    # Shinjuku (omen), Ichigaya (A-1a)
    assert strings(s) == ["take the tile on Ikebukuro", "take the tile on Ichigaya"]
    s.apply_action("take the tile on Ikebukuro")
    assert data(s)["investigation_track"] == 3 and data(s)["slot"] == 1
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"], investigation_track=8,
                    bases={SQ["Waseda"]: 0}, bases_in_stock=3)
    s.apply_action("SDF at Waseda: base construction")
    d = data(s)
    assert d["bases"][SQ["Waseda"]] == 1 and d["funds_in_pool"] == 8
    assert strings(s) == ["no more commands", "SDF at Waseda: evacuation/investigation"]


def test_base_construction_needs_a_square_without_a_base():
    # one base per square (rules.md, Status): not offered where a base stands; refused in JSON
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"])
    assert data(s)["bases"][SQ["Waseda"]] == 1 and data(s)["bases_in_stock"] == 2
    assert "SDF at Waseda: base construction" not in strings(s)
    with pytest.raises(InvalidStateError, match="bases"):
        with_data(s, bases={SQ["Waseda"]: 2}, bases_in_stock=1)


def test_special_frozen_shell_needs_vulcanus_adjacent():
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                    sdf_units={SQ["Waseda"]: 0, SQ["Harajuku"]: 1})
    assert "SDF at Harajuku: special frozen shell" in strings(s)
    s.apply_action("SDF at Harajuku: special frozen shell")
    d = data(s)
    assert d["defense_track"][27:30] == [4, 4, 4] and d["attack_tiles_left"] == 7 and d["funds_in_pool"] == 7


def test_mobilization_places_a_unit_per_base():
    s = human_round(["Mobilization", "Movement of citizens", "Movement of SDFs"])
    assert strings(s)[0] == "stop mobilizing" and len(strings(s)) == 5
    s.apply_action("mobilize an SDF at Kasumigaseki")
    assert not any("at Kasumigaseki" in t for t in strings(s))
    s.apply_action("mobilize a fire brigade at Waseda")
    d = data(s)
    assert d["sdf_units"][SQ["Kasumigaseki"]] == 1 and d["fire_brigades"][SQ["Waseda"]] == 1 and d["funds_in_pool"] == 6


def test_fire_helicopter_flies_anywhere_and_puts_out_lava():
    s = human_round(["Fire helicopter", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Shinagawa"]: 3})
    s.apply_action("fire helicopter from Kasumigaseki")
    assert len(strings(s)) == 18
    s.apply_action("fly to Shinagawa")
    d = data(s)
    assert d["fire_brigades"][SQ["Shinagawa"]] == 1 and d["lava"][SQ["Shinagawa"]] == 2 and d["funds_in_pool"] == 10
    s = human_round(["Fire helicopter", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Shinagawa"]: 3}, investigation_track=10)
    s.apply_actions(["fire helicopter from Kasumigaseki", "fly to Shinagawa"])
    assert data(s)["lava"][SQ["Shinagawa"]] == 1      # Additional: one more


def test_large_penetration_shell_attacks_and_kills_at_vulcanus():
    s = human_round(["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"],
                    ["Large penetration shell", "Movement of citizens", "Fire fighting"])
    s.apply_action("stop moving")
    assert strings(s) == ["hold fire", "fire the shell"]
    s.apply_action("fire the shell")
    d = data(s)
    assert d["attack_tiles_left"] == 7 and d["funds_in_pool"] == 7
    assert d["citizens"][SQ["Shibuya"]] == 0 and d["vips"][SQ["Shibuya"]] == 0 and d["damage_track"][:3] == [1, 1, 2]
    s = human_round(["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"],
                    ["Large penetration shell", "Movement of citizens", "Fire fighting"], investigation_track=10)
    s.apply_actions(["stop moving", "fire two shells"])
    d = data(s)
    assert d["attack_tiles_left"] == 6 and d["funds_in_pool"] == 4 and d["defense_track"][24:30] == [4] * 6


def test_research_progresses_three_from_a_tile_near_a_base():
    s = human_round(["Research", "Movement of citizens", "Movement of SDFs"],
                    setup={"roles": ("Research Director", "Chief of Staff")})
    opts = strings(s)
    assert "research the tile on Ichigaya" in opts and "research the tile on Ginza" not in opts
    s.apply_action("research the tile on Ichigaya")          # a value-1 tile
    d = data(s)
    assert d["investigation_track"] == 3 and d["budget_track"] == 0
    s = human_round(["Research", "Movement of citizens", "Movement of SDFs"], investigation_track=10,
                    setup={"roles": ("Research Director", "Chief of Staff")})
    s.apply_action("research the tile on Ginza")             # Additional: anywhere
    assert strings(s) == ["leave the budget track", "advance the budget track"]   # "may"
    s.apply_action("advance the budget track")
    d = data(s)
    assert d["investigation_track"] == 12 and d["budget_track"] == 1 and d["attack_tiles_left"] == 7   # last square


def test_investigation_track_end_gives_one_attack_tile_once():
    s = human_round(["Research", "Movement of citizens", "Movement of SDFs"], investigation_track=11,
                    investigation_attack_taken=0, setup={"roles": ("Research Director", "Chief of Staff")})
    s.apply_action("research the tile on Ichigaya")
    assert data(s)["attack_tiles_left"] == 7 and data(s)["investigation_track"] == 12
    s = human_round(["Research", "Movement of citizens", "Movement of SDFs"], investigation_track=12,
                    investigation_attack_taken=1, setup={"roles": ("Research Director", "Chief of Staff")})
    s.apply_action("research the tile on Ichigaya")
    assert data(s)["attack_tiles_left"] == 8


def test_continuation_applies_the_card_before_or_after():
    roles = {"roles": ("Chief Cabinet Secretary", "Chief of Staff")}
    s = human_round(["Movement of citizens", "Continuation", "Movement of SDFs"],
                    ["Movement of fire brigades", "Fire fighting", "Mobilization"], setup=roles)
    s.apply_action("stop moving")             # H1
    s.apply_action("stop moving")             # H2 (B's Movement of fire brigades)
    for _ in range(5):                        # K1: Roar
        if data(s)["slot"] == 3:
            break
        s.apply_action(strings(s)[-1] if "stop roaring" in strings(s) else strings(s)[0])
    assert data(s)["slot"] == 3 and strings(s) == ["continue the card before", "continue the card after"]
    s.apply_action("continue the card after")  # H4: B's Fire fighting, revealed now
    view = s.observation_string(0)
    assert "H4 B:Fire fighting" in view and "H4 B:Fire fighting (face down)" not in view
    s = human_round(["Movement of citizens", "Continuation", "Movement of SDFs"],
                    ["Movement of fire brigades", "Fire fighting", "Mobilization"], setup=roles)
    s.apply_actions(["stop moving", "stop moving"])
    for _ in range(5):
        if data(s)["slot"] == 3:
            break
        s.apply_action(strings(s)[-1] if "stop roaring" in strings(s) else strings(s)[0])
    s.apply_action("continue the card before")   # H2: B's Movement of fire brigades again
    assert strings(s)[1].startswith("move fire brigade") and s.current_player() == 1


def test_continuation_additional_applies_both():
    roles = {"roles": ("Chief Cabinet Secretary", "Chief of Staff")}
    s = human_round(["Movement of citizens", "Continuation", "Movement of SDFs"],
                    ["Movement of fire brigades", "Mobilization", "Fire fighting"], setup=roles, investigation_track=10)
    s.apply_actions(["stop moving", "stop moving"])
    for _ in range(5):
        if data(s)["slot"] == 3:
            break
        s.apply_action(strings(s)[-1] if "stop roaring" in strings(s) else strings(s)[0])
    s.apply_action("continue both cards")
    assert strings(s)[1].startswith("move fire brigade")
    s.apply_action("stop moving")
    assert strings(s)[0] == "stop mobilizing"


def test_key_icons_apply_from_the_next_card():
    # inv reaches 4 during H1's command: H1's own card is unaffected, H4's Fire fighting has it
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                    ["Movement of fire brigades", "Fire fighting", "Mobilization"],
                    investigation_track=1, lava={SQ["Ichigaya"]: 2})
    s.apply_action("SDF at Waseda: evacuation/investigation")
    s.apply_action("take the tile on Ikebukuro")     # value 3: inv 4
    assert data(s)["investigation_track"] == 4
    to_slot(s, 4)
    assert "base at Waseda puts out lava in Ichigaya" in strings(s)


# ------------------------------------------------------------------ tracks and victory
def test_markers_fill_from_the_top_left_and_tiles_from_the_right():
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                    sdf_units={SQ["Waseda"]: 0, SQ["Harajuku"]: 1},
                    defense_track=[1, 1, 1, 1] + [0] * 26)
    s.apply_action("SDF at Harajuku: special frozen shell")
    d = data(s)
    assert d["defense_track"][:5] == [1, 1, 1, 1, 0] and d["defense_track"][27:] == [4, 4, 4]
    s2 = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                     sdf_units={SQ["Waseda"]: 0, SQ["Harajuku"]: 1},
                     defense_track=[1] * 26 + [0, 0, 0, 0])
    s2.apply_action("SDF at Harajuku: special frozen shell")
    d = data(s2)
    # no whole column left: the tile fills the rest of the rightmost column with room (V3)
    assert d["defense_track"][26:] == [0, 4, 4, 4]


def test_full_defense_track_wins_for_the_humans_after_the_effect():
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                    sdf_units={SQ["Waseda"]: 0, SQ["Harajuku"]: 1},
                    defense_track=[1] * 27 + [0, 0, 0])
    s.apply_action("SDF at Harajuku: special frozen shell")
    assert s.is_terminal() and s.returns() == [0.0, 1.0]


def test_full_damage_track_wins_for_the_kaiju():
    s = kaiju_round(["Trampling", "Roar", "Lava flow"], damage_track=[1] * 37 + [0, 0, 0])
    s.apply_action("kill all citizens here")
    assert s.is_terminal() and s.returns() == [1.0, 0.0]


def test_both_tracks_full_from_one_effect_is_a_kaiju_win():
    s = human_round(["Movement of citizens", "Movement of fire brigades", "Movement of SDFs"],
                    ["Large penetration shell", "Movement of citizens", "Fire fighting"],
                    defense_track=[1] * 27 + [0, 0, 0], damage_track=[1] * 37 + [0, 0, 0])
    s.apply_actions(["stop moving", "fire the shell"])
    assert s.is_terminal() and s.returns() == [1.0, 0.0]      # V22


@pytest.mark.parametrize("damage, winner", [(29, 1), (30, 0), (31, 0)])
def test_round_six_comparison_and_tie_rule(damage, winner):
    # the last round's Base phase evacuates 2 (defense 18 -> 20: 10 empty) against 11/10/9
    # empty damage cells: fewer empty cells wins, a tie goes to the Kaiju (V20)
    s = setup_default(turn_cap=1)
    plan(s, [PASSIVE, PASSIVE], ["Moving underground", "Moving underground", "Roar"])
    to_slot(s, 2)
    s.apply_action("tunnel to Ebisu")
    for _ in range(300):
        if data(s)["round_step"] >= 10:
            break
        passive_step(s)
    s = with_data(s, defense_track=[1] * 18 + [0] * 12, damage_track=[1] * damage + [0] * (40 - damage))
    while not s.is_terminal():
        passive_step(s)
    d = data(s)
    assert d["defense_track"].count(0) == 10 and d["damage_track"].count(0) == 40 - damage
    assert s.returns() == ([0.0, 1.0] if winner else [1.0, 0.0])


def test_turn_cap_six_is_the_whole_game_and_ends_it():
    s = setup_default(turn_cap=2)
    rng_moves = 0
    while not s.is_terminal():
        passive_step(s)
        rng_moves += 1
    assert data(s)["round"] == 2


def test_fire_fighting_remembers_which_brigades_acted():
    s = human_round(["Fire fighting", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Tokyo"]: 3}, fire_brigades={SQ["Tokyo"]: 1}, fire_brigades_in_stock=1)
    one, two = s.clone(), s.clone()
    one.apply_action("fire brigade at Kasumigaseki puts out lava in Tokyo")
    two.apply_action("fire brigade at Tokyo puts out lava in Tokyo")
    assert data(one)["lava"] == data(two)["lava"] and one.legal_actions() != two.legal_actions()
    assert one.observation_string(0) != two.observation_string(0)   # the view tells them apart


def test_planning_order_is_humans_a_b_c_then_the_kaiju():
    s = setup_default(players=4)
    actors = []
    while not (data(s)["round_step"] == 6):
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
            continue
        p = s.current_player()
        if not actors or actors[-1] != p:
            actors.append(p)
        s.apply_action([a for a in s.legal_actions() if s.action_to_string(a).startswith(("plan", "board"))][0])
    assert actors[:5] == [1, 2, 3, 1, 0]       # A, B, C, the arrangement (H1), the Kaiju


def test_a_card_that_cannot_be_paid_does_nothing():
    s = human_round(["Fire fighting", "Movement of citizens", "Movement of SDFs"],
                    lava={SQ["Kasumigaseki"]: 2}, funds_in_pool=1, funds_used=9)
    d = data(s)
    assert d["slot"] == 1 and d["lava"][SQ["Kasumigaseki"]] == 2      # skipped (V17, X6)


def test_frozen_shell_is_not_offered_without_attack_tiles():
    s = human_round(["Commands to SDF", "Movement of citizens", "Movement of SDFs"],
                    sdf_units={SQ["Waseda"]: 0, SQ["Harajuku"]: 1}, attack_tiles_left=0,
                    defense_track=[4] * 24 + [0] * 6)
    assert "SDF at Harajuku: special frozen shell" not in strings(s)     # V22: nothing to place


def test_evaluation_favours_the_kaiju_with_lava_among_citizens():
    s = setup_default()
    hot = with_data(s, lava={SQ["Ginza"]: 3, SQ["Shibuya"]: 3})
    base, burning = s.evaluate(), hot.evaluate()
    assert abs(sum(base) - 1) < 1e-9 and base[1] == base[-1]
    assert burning[0] > base[0]
