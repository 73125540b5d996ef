"""The G20 options (GAPS.md G20): each tunable invented value changes the game it names, is
checked like any option, and is saved in the JSON state."""
import json

import pytest

from godzilla_helpers import (LEGACY, SQ, advance, edit, evacuees_placed_per_round, field, new, play,
                              rn, road, roll, stage, to_round_stage)
from vsai.core import InvalidArgumentError, InvalidStateError
from vsai.core.record import GameRecord
from vsai.core.registry import get_spec, load_game, state_from_json
from vsai.ext.godzilla import engine

SHINJUKU = "status card 4: Shinjuku / Shibuya"


def _round4(card, **options):
    """Round 4 at the support step (or the press conference), with `card` turned up."""
    state = new(**options)
    for _ in range(3):
        advance(state, "status card")
        advance(state, "omen")
    to_round_stage(state, "press conference" if card == "emergency press conference"
                   else "support cards", support=card)
    return state


def test_defaults_are_the_balanced_values_and_the_legacy_ones_those_of_g7_to_g10():
    assert {k: load_game("godzilla").get_parameters()[k] for k in LEGACY} == {
        "evacuee_bonus": 0, "press_piece_counts": True, "press_every_home": True,
        "status_squares": 2, "vehicle_tiles": 4, "barrier_tiles": 3, "air_strike_dice": 3,
        "press_conference_cards": 8, "road_gaps": 2, "extra_gap": 2}
    assert LEGACY == {
        "evacuee_bonus": 0, "press_piece_counts": False, "press_every_home": False,
        "status_squares": 0, "vehicle_tiles": 2, "barrier_tiles": 3, "air_strike_dice": 1,
        "press_conference_cards": 2, "road_gaps": 0, "extra_gap": 0}


def test_evacuee_bonus_adds_to_every_round_and_never_below_zero():
    assert evacuees_placed_per_round(new(evacuee_bonus=1)) == [3, 4, 4, 5, 5, 6]
    assert evacuees_placed_per_round(new(evacuee_bonus=-2)) == [0, 1, 1, 2, 2, 3]


def test_press_piece_counts_reads_g7_the_other_way():
    def press_cards(**options):
        state = new(**options)
        play(state, SHINJUKU, "draw a Tokyo evacuee", "draw a Tokyo evacuee")
        advance(state, "route tiles")
        data = json.loads(state.to_json())
        data["state"]["road_tiles"][road("Shinjuku", "Tokyo Home")] = 1
        data["state"]["route_pile"][0] -= 1
        state = load_game("godzilla", **data["params"]).state_from_json(json.dumps(data))
        advance(state, "dice roll")
        roll(state, 1, 3, 5)
        play(state, "Tokyo evacuee Shinjuku to Tokyo Home", "end Tokyo moves",
             "press Shinjuku to Tokyo Home")
        return field(state, "press_cards_won")
    assert press_cards() == 1                            # G7: the Evacuee leaving with it
    assert press_cards(press_piece_counts=True) == 2     # and the Press piece itself


def test_press_every_home_counts_the_evacuees_leaving_every_home_square():
    """A Press piece leaves Tokyo Home with a Tokyo Evacuee while a Kanagawa Evacuee leaves
    Kanagawa Home: the literal G7 counts only the first, press_every_home both, once."""
    def press_cards(**options):
        state = new(**options)
        play(state, SHINJUKU, "draw a Tokyo evacuee", "draw a Tokyo evacuee")
        advance(state, "route tiles")
        bag, stock = field(state, "bag"), field(state, "route_pile")
        state = edit(state, road_tiles={road("Shinjuku", "Tokyo Home"): 1,
                                        road("Shibuya", "Kanagawa Home"): 2},
                     route_pile={0: stock[0] - 1, 1: stock[1] - 1}, bag={3: bag[3] - 1},
                     evacuees={SQ["Shibuya"] * 4 + 3: 1})
        advance(state, "dice roll")
        roll(state, 1, 3, 5)
        play(state, "Tokyo evacuee Shinjuku to Tokyo Home", "end Tokyo moves",
             "Kanagawa evacuee Shibuya to Kanagawa Home",
             "press Shinjuku to Tokyo Home")
        return field(state, "press_cards_won")
    assert press_cards() == 1
    assert press_cards(press_every_home=True) == 2
    assert press_cards(press_every_home=True, press_piece_counts=True) == 3


def test_status_squares_switches_the_cards_table():
    state = new(status_squares=1)
    texts = state.legal_action_strings()
    assert "status card 4: Marunouchi / Ueno" in texts and SHINJUKU not in texts
    play(state, "status card 4: Marunouchi / Ueno")
    assert field(state, "press_pieces")[SQ["Marunouchi"]] == 1


def _roads_from(start: int) -> dict[int, int]:
    """Each square's distance in roads from `start` (breadth-first over the map's roads)."""
    neighbours: dict[int, list[int]] = {}
    for _, a, b in engine.map_roads():
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    distance, frontier = {start: 0}, [start]
    while frontier:
        reached = []
        for square in frontier:
            for q in neighbours[square]:
                if q not in distance:
                    distance[q] = distance[square] + 1
                    reached.append(q)
        frontier = reached
    return distance


def test_status_squares_2_keeps_every_card_three_roads_from_the_kaiju_start():
    far = _roads_from(SQ["Shibaura"])
    state = new(status_squares=2)
    cards = [t.split(": ", 1)[1].split(" / ") for t in state.legal_action_strings()]
    assert len(cards) == 12
    assert all(far[SQ[square]] >= 3 for card in cards for square in card)
    play(state, "status card 4: Asakusa / Ueno")
    assert field(state, "press_pieces")[SQ["Asakusa"]] == 1


def _omen(**options):
    """Round 1's omen, with the Shinjuku card turned up."""
    state = new(**options)
    to_round_stage(state, "omen", status=SHINJUKU)
    return state


def test_road_gaps_close_the_roads_out_of_shibaura_in_order():
    closed = [rn("Ginza", "Shibaura"), rn("Shibaura", "Kachidoki"), rn("Kasumigaseki", "Shinagawa")]
    for gaps in range(4):
        state = _omen(road_gaps=gaps)
        names = {f"{r['from']}-{r['to']}" for r in state.view(0)["board"]["roads"]}
        assert len(names) == 29 - gaps and not names & set(closed[:gaps]) and set(closed[gaps:]) <= names
    # the Kaiju's footprints (G5) and the first step of its heat ray (G3) need an open road
    state = _omen(road_gaps=2)
    assert [t for t in state.legal_action_strings() if t.startswith("footprint")] == [
        f"footprint {rn('Shinagawa', 'Shibaura')}"]
    play(state, "end omen")
    advance(state, "dice roll")
    roll(state, 5, 5, 5)
    play(state, "heat ray with 5-5-5")
    assert state.legal_action_strings() == ["heat ray west"]


def test_road_gaps_take_no_tile():
    state = new(road_gaps=1)
    to_round_stage(state, "planning", status=SHINJUKU)
    assert not [t for t in state.legal_action_strings() if t.endswith(rn("Ginza", "Shibaura"))]
    assert [t for t in state.legal_action_strings() if t.endswith(rn("Shibaura", "Kachidoki"))]
    with pytest.raises(InvalidStateError, match="road_gaps"):
        edit(state, road_tiles={road("Ginza", "Shibaura"): 1},
             route_stock={0: field(state, "route_stock")[0] - 1})


EXTRA_GAPS = {1: ("Kasumigaseki", "Ginza"), 2: ("Radio Tower", "Kasumigaseki"),
              3: ("Kanagawa Home", "Shinagawa"), 4: ("Shibuya", "Kasumigaseki")}


@pytest.mark.parametrize("gap", sorted(EXTRA_GAPS))
def test_extra_gap_closes_its_one_road(gap):
    """extra_gap closes one more road (G1, G20), alone or beside road_gaps: the view leaves it
    out, the planning phase puts no tile on it and the loader refuses one there."""
    closed = rn(*EXTRA_GAPS[gap])
    for gaps in (0, 2):
        names = {f"{r['from']}-{r['to']}" for r in _omen(road_gaps=gaps).view(0)["board"]["roads"]}
        assert closed in names
        names_now = {f"{r['from']}-{r['to']}" for r in
                     _omen(road_gaps=gaps, extra_gap=gap).view(0)["board"]["roads"]}
        assert names_now == names - {closed}
    state = new(extra_gap=gap)
    to_round_stage(state, "planning", status=SHINJUKU)
    assert not [t for t in state.legal_action_strings() if t.endswith(" " + closed)]
    assert [t for t in new_planning().legal_action_strings() if t.endswith(" " + closed)]
    with pytest.raises(InvalidStateError, match="closes"):
        edit(state, road_tiles={road(*EXTRA_GAPS[gap]): 1},
             route_stock={0: field(state, "route_stock")[0] - 1})


def new_planning():
    """Round 1's planning phase with every road open."""
    state = new()
    to_round_stage(state, "planning", status=SHINJUKU)
    return state


@pytest.mark.parametrize("gap", sorted(EXTRA_GAPS))
def test_extra_gap_keeps_the_kaiju_footprints_off_its_road(gap):
    """The Kaiju's Footprints (G5) need an open road: at one end of the closed road (its
    Landmark, if any, already destroyed), it may put one on every road of that square but this
    one."""
    end, other = EXTRA_GAPS[gap]
    def footprints(**options):
        state = _omen(**options)
        if field(state, "landmarks")[SQ[end]]:
            state = edit(state, landmarks={SQ[end]: 0}, kaiju_screen_landmarks=1,
                         awakening_dice=2, kaiju_dice=4)      # G4: a die awakened
        state = edit(state, kaiju_square=SQ[end])
        return {t for t in state.legal_action_strings() if t.startswith("footprint")}
    assert footprints(extra_gap=gap) == footprints() - {f"footprint {rn(end, other)}"}
    assert f"footprint {rn(end, other)}" in footprints()


def test_extra_gap_lengthens_the_return_to_tokyo_bay():
    """G12 by open roads: with Kasumigaseki-Ginza closed too, Shinagawa, Kasumigaseki, Radio
    Tower, Ikebukuro, Saitama Home, Marunouchi, Ginza, Tsukiji, Kachidoki (10 roads, not 6)."""
    state = new(turn_cap=1, road_gaps=2, extra_gap=1)
    advance(state, "press cards at scoring")
    assert field(state, "kaiju_square") == SQ["Shibaura"] and field(state, "press_cards_won") == 10


@pytest.mark.parametrize("gaps, cards", [(0, 2), (2, 6), (3, 8)])
def test_road_gaps_lengthen_the_return_to_tokyo_bay(gaps, cards):
    state = new(turn_cap=1, road_gaps=gaps)
    advance(state, "press cards at scoring")
    # G12 by open roads: Shibaura-Kachidoki-Tokyo Bay; without those two roads, by Shinagawa
    # and Kasumigaseki (6), or by Kanagawa Home and Shibuya as well (8)
    assert field(state, "kaiju_square") == SQ["Shibaura"] and field(state, "press_cards_won") == cards


def test_vehicle_tiles_is_the_tiles_a_vehicle_turns_up():
    state = new(vehicle_tiles=3)
    to_round_stage(state, "planning", status=SHINJUKU)
    before = sum(field(state, "route_stock"))
    play(state, "vehicle procurement")
    advance(state, "planning")
    assert sum(field(state, "route_stock")) == before + 3


def test_barrier_tiles_limits_the_high_voltage_card():
    state = _round4("high-voltage current", barrier_tiles=1)
    play(state, "high-voltage current")
    assert field(state, "tiles_to_place") == 1
    play(state, next(t for t in state.legal_action_strings() if t.startswith("high-voltage on")))
    assert stage(state) != "high-voltage tiles" and field(state, "high_voltage_stock") == 2


def test_air_strike_dice_is_the_dice_taken_away():
    for taken, rolled in ((2, 1), (0, 3)):
        state = _round4("air strike", air_strike_dice=taken)
        play(state, "air strike")
        advance(state, "dice roll")
        assert field(state, "dice_to_roll") == rolled


def test_air_strike_dice_reaches_three_against_an_awakened_kaiju():
    for taken, rolled in ((3, 2), (2, 3)):   # a Kaiju of 5 dice, from 2 Landmarks destroyed
        state = _round4("air strike", air_strike_dice=taken)
        state = edit(state, kaiju_dice=5, awakening_dice=1, kaiju_screen_landmarks=2,
                     landmarks={SQ["Ueno"]: 0, SQ["Radio Tower"]: 0})
        play(state, "air strike")
        advance(state, "dice roll")
        assert field(state, "dice_to_roll") == rolled


@pytest.mark.parametrize("cards", [4, 8])
def test_press_conference_cards_is_the_cards_drawn(cards):
    state = _round4("emergency press conference", press_conference_cards=cards)
    play(state, "emergency press conference")
    assert field(state, "press_cards_won") == cards


@pytest.mark.parametrize("options", [dict(evacuee_bonus=4), dict(status_squares=3),
                                     dict(barrier_tiles=0), dict(air_strike_dice=True),
                                     dict(air_strike_dice=4), dict(press_conference_cards=9), dict(road_gaps=4),
                                     dict(extra_gap=5), dict(extra_gap=-1),
                                     dict(press_every_home=1),
                                     dict(press_piece_counts=1), dict(vehicle_tiles="2")])
def test_a_wrong_option_is_one_clear_error(options):
    with pytest.raises(InvalidArgumentError, match=next(iter(options))):
        load_game("godzilla", **options)
    name, value = next(iter(options.items()))
    with pytest.raises(InvalidArgumentError, match=name):
        from vsai.ext.godzilla.engine import GodzillaState
        GodzillaState(**{name: value})


def test_options_are_saved_and_checked_in_json():
    state = new(evacuee_bonus=2, press_conference_cards=0)
    advance(state, "omen")
    data = json.loads(state.to_json())
    assert data["params"]["evacuee_bonus"] == 2 and data["state"]["evacuee_bonus"] == 2
    game = load_game("godzilla", **data["params"])
    again = game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.params() == state.params()
    data["state"]["press_conference_cards"] = 2          # the body disagrees with the params
    with pytest.raises(InvalidStateError, match="press_conference_cards"):
        game.state_from_json(json.dumps(data))


def test_a_state_saved_before_the_options_loads_with_their_legacy_values():
    """A save without the options (version 2, or version 3 before G20) was played with the
    values of G7-G10 before the balanced defaults, and keeps meaning that game."""
    state = new(**LEGACY)
    advance(state, "omen")
    data = json.loads(state.to_json())
    for name in LEGACY:
        del data["params"][name], data["state"][name]
    text = json.dumps(data)
    assert state_from_json(text).to_json() == state.to_json()
    game = load_game("godzilla", **get_spec("godzilla").saved_params(data["params"]))
    assert game.state_from_json(text).to_json() == state.to_json()
    with pytest.raises(InvalidStateError, match="parameters"):    # not the default game's
        load_game("godzilla", players=2).state_from_json(text)


@pytest.mark.parametrize("missing", [("road_gaps", "extra_gap"), ("extra_gap",)])
def test_a_state_saved_by_an_earlier_balanced_choice_loads_with_its_roads(missing):
    """A save of the first balanced defaults (2026-12-02, before `road_gaps` and `extra_gap`)
    or of the second (before `extra_gap`) has every other option: it loads with those roads
    open, the game it was played with."""
    state = new(**{**load_game("godzilla").get_parameters(), **{name: 0 for name in missing}})
    advance(state, "omen")
    data = json.loads(state.to_json())
    for name in missing:
        del data["params"][name], data["state"][name]
    text = json.dumps(data)
    assert state_from_json(text).to_json() == state.to_json()
    assert all(state_from_json(text).params()[name] == 0 for name in missing)


def test_a_record_without_the_options_replays_with_their_legacy_values():
    state, actions = new(**LEGACY), []
    while stage(state) != "omen":                        # G9's table decides the first card
        actions.append(state.legal_actions()[0])
        state.apply_action(actions[-1])
    record = GameRecord(game="godzilla", params={"players": 2, "turn_cap": 6}, seed=1,
                        actions=actions, seats={"0": "human", "1": "random"})
    again = GameRecord.from_json(record.to_json())
    assert again.load_game().get_parameters() == state.params()
    assert again.final_state().to_json() == state.to_json()


def test_suite_cells_leave_options_at_their_legacy_value_out():
    """Results kept before the options existed keep their cells and their meaning
    (Param.quiet_default, Param.legacy_default): the game they were played with is the legacy
    one, and the balanced defaults make new cells."""
    from vsai.ai.lab.suite import game_cells, parse_suite
    suite = parse_suite('[suite]\ngames_per_cell = 2\n[[games]]\nname = "godzilla"\n'
                        '[[agents]]\nname = "random"\n[[agents]]\nname = "heuristic"\n')
    legacy = game_cells(suite, load_game("godzilla", **LEGACY))[0]
    tuned = game_cells(suite, load_game("godzilla", **{**LEGACY, "evacuee_bonus": 1}))[0]
    balanced = game_cells(suite, load_game("godzilla"))[0]
    assert legacy.params == {"players": 2, "turn_cap": 6}
    assert tuned.params == {"players": 2, "turn_cap": 6, "evacuee_bonus": 1}
    changed = {k: v for k, v in load_game("godzilla").get_parameters().items() if LEGACY.get(k, v) != v}
    assert balanced.params == {"players": 2, "turn_cap": 6, **changed} and len(changed) == 8
    assert len({legacy.key, tuned.key, balanced.key}) == 3


def test_a_worker_plays_a_legacy_cell_with_the_legacy_values():
    """A worker loads a cell's game from its key (options at their legacy value left out):
    it must be the legacy game, not the default one."""
    from vsai.ai.lab.suite import game_cells, parse_suite, play_task
    suite = parse_suite('[suite]\ngames_per_cell = 1\n[[games]]\nname = "godzilla"\n'
                        '[[agents]]\nname = "random"\n[[agents]]\nname = "heuristic"\n')
    legacy_game = load_game("godzilla", **LEGACY)
    task = suite.tasks(game_cells(suite, legacy_game)[0], [0])[0]
    by_worker = play_task(task)
    assert by_worker["actions"] == play_task(task, legacy_game)["actions"]
    assert by_worker["actions"] != play_task(task, load_game("godzilla"))["actions"]

