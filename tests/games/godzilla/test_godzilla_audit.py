"""Rules pinned by the independent audit (mutations of the engine that no test caught), the
loader's step checks found by the state fuzzer, and the error contract of the engine's own
Python methods (ISSUE14 sections 1 and 4)."""
import json

import numpy as np
import pytest

from godzilla_helpers import SQ, advance, edit, field, new, play, road, roll, stage
from test_godzilla_kaiju import _at_roll
from vsai.core import state_from_json
from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError
from vsai.ext.godzilla import engine


def _return_round_omen(turn_cap=1):
    state = new(turn_cap=turn_cap)
    while field(state, "round") <= turn_cap:
        state.apply_action(state.legal_actions()[0])
    assert stage(state) == "omen"
    return state


# ---------------------------------------------------------------- rules (mutation audit)
def test_press_cards_won_never_exceed_the_deck_of_24():
    """G11: 23 cards won and a return distance of 2 (Shibaura-Kachidoki-Tokyo Bay) give 24, not
    25; all 24 are turned over at scoring."""
    state = edit(_return_round_omen(), press_cards_won=23)
    advance(state, "press cards at scoring")
    assert field(state, "press_cards_won") == 24
    advance(state, "game over")
    d = state.to_dict()
    assert d["press_cards_seen"] == 24 and d["press_cards_seen_by_kind"] == [3] * 8 and d["press_deck"] == [0] * 8
    assert state.scores()[1] == 20          # every kind: the Oxygen Destroyer


def test_heat_ray_puts_a_high_voltage_tile_behind_the_kaiju_screen():
    """G3, G13: a High-voltage tile on the ray's line is destroyed and worth 1 to the Kaiju."""
    state = _at_roll()
    state = edit(state, road_tiles={road("Shibaura", "Ginza"): 5}, high_voltage_stock=2)
    before = state.scores()[0]
    roll(state, 4, 4, 1)
    play(state, "heat ray with 4-4", "heat ray north")
    d = state.to_dict()
    assert d["kaiju_screen_high_voltage"] == 1 and d["kaiju_screen_tanks"] == 0 and d["road_tiles"][road("Shibaura", "Ginza")] == 0
    # range 2 north: the High-voltage tile (1), Ginza's Landmark (2), whatever stood on Ginza
    # and Marunouchi (1 each)
    assert state.scores()[0] == before + 1 + 2 + sum(d["kaiju_screen_evacuees"]) + d["kaiju_screen_press"]


# ---------------------------------------------------------------- loader (state fuzzer)
def test_fuzz_case_reveal_with_every_card_seen_is_refused():
    """state_fuzz seed 1 case 13: a finished game edited back to 'press cards at scoring' with
    every card turned over would turn over a 25th card."""
    state = new(turn_cap=1)
    advance(state, "game over")
    with pytest.raises(InvalidStateError, match="turned over after the return round"):
        edit(state, stage=engine.STAGE_NAMES.index("press cards at scoring"))


def test_fuzz_case_movement_step_with_no_steps_is_refused():
    """state_fuzz seed 1 case 675: the omen edited to 'movement' with no steps left would
    write steps = -1."""
    state = new()
    advance(state, "omen")
    with pytest.raises(InvalidStateError, match="no movement left"):
        edit(state, stage=engine.STAGE_NAMES.index("movement"))


@pytest.mark.parametrize("at, change, message", [
    ("omen", {"stage": "evacuation", "evacuating": 5}, "evacuation is over"),
    ("evacuees from the bag", {"bag": [0, 0, 0, 1], "kaiju_screen_evacuees": [10, 10, 10, 9]}, "bag does not hold"),
    ("route tiles", {"route_pile": [0, 0, 0, 1], "kaiju_screen_route_tiles": [9, 9, 9, 8]}, "pile holds"),
    ("reroll", {"reroll_used": 1}, "second reroll"),
    ("reroll", {"rerolls_left": 2}, "second reroll"),
    ("omen", {"stage": "awakening", "awakening_to_take": 0}, "nothing to choose"),
    ("omen", {"stage": "high-voltage tiles", "tiles_to_place": 3, "high_voltage_stock": 2, "kaiju_screen_high_voltage": 1}, "stock holds"),
])
def test_steps_the_engine_cannot_play_out_are_refused(at, change, message):
    """Each of these would make the engine write a state out of its documented ranges."""
    state = new(2)
    advance(state, at)
    change = dict(change)
    if "stage" in change:
        change["stage"] = engine.STAGE_NAMES.index(change["stage"])
    with pytest.raises(InvalidStateError, match=message):
        edit(state, **change)


def test_return_round_refuses_the_steps_of_an_ordinary_round():
    state = _return_round_omen()
    for name in ("planning", "evacuation", "support cards", "press conference"):
        with pytest.raises(InvalidStateError):
            edit(state, stage=engine.STAGE_NAMES.index(name))


def test_states_written_along_random_games_are_accepted_by_the_loader():
    import random
    for players, seed in ((2, 1), (5, 2)):
        state = new(players)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state_from_json(state.to_json()) == state
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


# ---------------------------------------------------------------- error contract (section 4)
@pytest.mark.parametrize("call", [
    lambda s: s.action_to_string("x"),
    lambda s: s.action_to_string(None),
    lambda s: s.action_to_string(1.5),
    lambda s: s.action_to_string(10**30),
    lambda s: s.action_to_string(-1),
    lambda s: s.action_to_string(float("inf")),
    lambda s: s.observation_string(7),
    lambda s: s.observation_string("H1"),
    lambda s: s.observation_tensor(-1),
    lambda s: s.observation_tensor(10**30),
    lambda s: s.view(5),
    lambda s: s.view("x"),
    lambda s: s.view(True),
    lambda s: s.action_info("x"),
    lambda s: s.action_info(None),
    lambda s: s.governors(9),
    lambda s: s.governors(None),
    lambda s: engine.sq_name(20),
    lambda s: engine.sq_name(-1),
    lambda s: engine.road_name(29),
    lambda s: engine.road_name("x"),
    lambda s: engine.colour_name(4),
    lambda s: engine.kind_name(10**30),
    lambda s: engine.support_name(None),
    lambda s: engine.seat_name(5),
    lambda s: engine.GodzillaState(players=6),
    lambda s: engine.GodzillaState(players="2"),
    lambda s: engine.GodzillaState(turn_cap=10**30),
])
def test_bad_arguments_raise_the_vsai_errors(call):
    state = new(2)
    advance(state, "omen")
    with pytest.raises(InvalidArgumentError):
        call(state)


@pytest.mark.parametrize("data", [None, [], "x", {}, {"players": 2}])
def test_load_dict_refuses_malformed_data_with_invalid_state_error(data):
    state = new()
    before = state.to_json()
    with pytest.raises(InvalidStateError):
        state.load_dict(data)
    assert state.to_json() == before


def test_load_dict_refuses_wrong_types_and_ranges():
    state = new()
    advance(state, "omen")
    good = state.to_dict()
    for name, value in (("kaiju_square", 10**30), ("kaiju_square", 1.5), ("road_tiles", [0] * 28), ("road_tiles", None),
                        ("stage", True), ("press_deck", [3] * 7 + [10**19]), ("players", -1)):
        with pytest.raises(InvalidStateError):
            state.load_dict(dict(good, **{name: value}))
        assert state.to_dict() == good


def test_numpy_integers_are_accepted_as_actions_and_seats():
    state = new()
    advance(state, "omen")
    a = state.legal_actions()[1]
    assert state.action_to_string(np.int64(a)) == state.action_to_string(a)
    assert state.action_info(np.int32(a))["action"] == a
    assert state.view(np.int64(1)) == state.view(1)


def test_an_illegal_action_has_no_action_info():
    state = new()
    advance(state, "omen")
    with pytest.raises(IllegalMoveError):
        state.action_info(engine.NUM_DISTINCT_ACTIONS - 1)
    with pytest.raises(IllegalMoveError):
        state.action_info(10**30)


def test_heat_ray_needs_a_road_on_its_first_step():
    """G3: from Marunouchi the ray cannot start west, across the moat to the Radio Tower (it
    may cross the moat later on its line, see test_heat_ray_passes_where_there_is_no_road)."""
    state = _at_roll(kaiju_square=SQ["Marunouchi"])
    roll(state, 3, 3, 6)
    play(state, "heat ray with 3-3")
    assert state.legal_action_strings() == ["heat ray north", "heat ray east", "heat ray south"]


def test_a_straight_of_k_dice_gives_exactly_k_steps():
    """G2: a movement group of 2 dice lets the Kaiju take 2 steps, not 3, even with a third
    footprint road ahead."""
    state = _at_roll(footprints=[("Shibaura", "Kachidoki"), ("Kachidoki", "Tokyo Bay"),
                                 ("Tokyo Bay", "Fukagawa")])
    roll(state, 2, 3, 6)
    play(state, "move with 2-3", "step to Kachidoki")
    if stage(state) == "awakening":
        play(state, "awaken a die")
    play(state, "step to Tokyo Bay")
    assert field(state, "kaiju_square") == SQ["Tokyo Bay"]
    assert stage(state) != "movement" and "step to Fukagawa" not in (
        state.legal_action_strings() if state.is_player_node() else [])


# ---------------------------------------------------------------- view and action_info (ISSUE10)
def test_view_keys_and_action_info_fields():
    state = new(3)
    advance(state, "planning")
    view = state.view()
    json.dumps(view)
    assert set(view) == {"game", "players", "seat", "phase", "round", "to_play", "chance", "terminal",
                         "returns", "seats", "last_move", "board"}
    assert view["phase"] == "planning" and view["round"] == 1 and view["returns"] is None
    assert [(s["name"], s["side"], s["score"]) for s in view["seats"]] == [
        ("Kaiju", "Kaiju", 0), ("H1", "humans", 0), ("H2", "humans", 0)]
    board = view["board"]
    assert set(board) == {"return_round", "last_round", "governors", "squares", "roads",
                          "home_squares", "kaiju", "bag", "route_pile", "stock", "status_cards",
                          "support", "vehicle_procurement", "press_cards", "kaiju_screen",
                          "human_screen", "step"}
    assert board["step"]["planner"] == 1 and board["return_round"] is False
    assert board["home_squares"]["Chiba"] == "Chiba Home"
    assert board["press_cards"] == {"won": 0, "turned_over": [0] * 8}
    for a in state.legal_actions():
        info = state.action_info(a)
        json.dumps(info)
        assert info["action"] == a and info["text"] == state.action_to_string(a)
    kinds = {state.action_info(a)["kind"] for a in state.legal_actions()}
    assert kinds >= {"done", "route tile"}
    tile = next(a for a in state.legal_actions() if state.action_info(a)["kind"] == "route tile")
    info = state.action_info(tile)
    assert {"tile", "road", "from", "to"} <= set(info)
    # chance outcomes too
    chance = new()
    info = chance.action_info(chance.string_to_action("status card 4: Shinjuku / Shibuya"))
    assert info["kind"] == "chance" and info["main"] == "Shinjuku" and info["alternative"] == "Shibuya"


def test_view_holds_no_field_that_a_seat_could_not_work_out():
    """Nothing is hidden from one seat only, and what is hidden from all is not in the state:
    the pile's split by kind follows from the public counts (9 a kind minus the stock, the
    roads and the Kaiju's screen), the Press deck is untouched until scoring, future status
    and support cards are not drawn. So every seat and a spectator get one view."""
    state = new(4)
    advance(state, "omen")
    while field(state, "round") < 3:
        state.apply_action(state.legal_actions()[0])
    d = state.to_dict()
    for k in range(4):
        on_roads = sum(1 for t in d["road_tiles"] if t == k + 1)
        assert d["route_pile"][k] == 9 - d["route_stock"][k] - on_roads - d["kaiju_screen_route_tiles"][k]
    assert d["press_deck"] == [3] * 8 and d["status_cards"][3:] == [-1, -1, -1]
    views = [state.view(p) for p in (None, 0, 1, 2, 3)]
    for v in views:
        v.pop("observation", None), v.pop("seat")
    assert all(v == views[0] for v in views)


def test_tank_deployment_places_up_to_three_tanks():
    """G10: up to 3 Tank tiles on empty roads, then the step ends by itself."""
    from test_godzilla_humans import _round4_support
    from godzilla_helpers import rn
    state = _round4_support("tank deployment")
    play(state, "tank deployment", f"tank on {rn('Shibaura', 'Ginza')}",
         f"tank on {rn('Ginza', 'Tsukiji')}")
    assert stage(state) == "tank tiles"
    play(state, f"tank on {rn('Ueno', 'Asakusa')}")
    d = state.to_dict()
    assert sum(1 for t in d["road_tiles"] if t == 6) == 3 and d["tank_stock"] == 0
    assert stage(state) != "tank tiles"


def test_stage_and_counter_edits_are_refused_or_played_out():
    """The state fuzzer's edits, aimed at the step and its counters (where it found the two
    gaps above): each edited state is refused, or plays out to the end with every state the
    engine writes loading back."""
    import random
    from state_fuzz import _play_out, real_states
    counters = ["stage", "evacuating", "awakening_to_take", "awakening_dice", "awakening_rerolls", "evacuees_to_draw", "tiles_to_turn_up",
                "tiles_to_place", "high_voltage_stock", "tank_stock", "press_cards_seen", "press_cards_won", "round",
                "placement_square", "dice_to_roll", "rerolls_left", "moving", "steps_left", "movement_pending",
                "heat_ray_pending", "planner", "air_strike", "reroll_used"]
    rng = random.Random(7)
    docs = [json.loads(s.to_json()) for s in real_states("godzilla", rng, 30)]
    accepted = 0
    for case in range(300):
        doc = json.loads(json.dumps(rng.choice(docs)))
        for _ in range(rng.choice((1, 2, 2, 3))):
            name = rng.choice(counters)
            doc["state"][name] = (rng.randrange(22) if name == "stage"
                                  else doc["state"][name] + rng.choice((-2, -1, 1, 2)))
        try:
            state = state_from_json(json.dumps(doc))
        except InvalidStateError:
            continue
        accepted += 1
        _play_out(state, case, rejson=True)
    assert accepted > 0


def test_view_counts_the_return_round_and_shows_the_last_move_to_everyone():
    state = new(2, turn_cap=1)
    advance(state, "omen")
    play(state, "end omen")
    advance(state, "omen")
    view = state.view(1)
    assert view["round"] == 2 and view["board"]["return_round"] and view["board"]["last_round"] == 1
    action = state.legal_actions()[-1]
    text = state.action_to_string(action)
    state.apply_action(action)
    for seat in (None, 0, 1):
        assert state.view(seat)["last_move"] == {"seat": 0, "action": action, "text": text, "hidden": False}
