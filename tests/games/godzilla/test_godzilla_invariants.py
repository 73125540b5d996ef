"""Random games of every player count: conservation, ranges, termination; JSON and copies;
what is hidden from everyone is never fixed in the state (GAPS 3.2, X3)."""

import pytest

from godzilla_helpers import SQ, advance, edit, new, play_random
from vsai.core.registry import load_game


def check_invariants(state):
    d = state.to_dict()
    for c in range(4):
        on_map = sum(d["evacuees"][s * 4 + c] for s in range(20))
        assert d["bag"][c] + on_map + d["kaiju_screen_evacuees"][c] + d["human_screen_evacuees"][c] == 10
    for k in range(4):
        on_roads = sum(1 for r in d["road_tiles"] if r == k + 1)
        assert d["route_pile"][k] + d["route_stock"][k] + on_roads + d["kaiju_screen_route_tiles"][k] == 9
    assert d["high_voltage_stock"] + d["kaiju_screen_high_voltage"] + d["road_tiles"].count(5) == 3
    assert d["tank_stock"] + d["kaiju_screen_tanks"] + d["road_tiles"].count(6) == 3
    assert sum(d["landmarks"]) + d["kaiju_screen_landmarks"] == 5
    placed = sum(1 for c in d["status_cards"] if c >= 0)
    assert sum(d["press_pieces"]) + d["kaiju_screen_press"] + d["human_screen_press"] == placed
    assert sum(d["footprints"]) <= 4
    assert d["kaiju_dice"] + d["awakening_dice"] == 6 and d["kaiju_rerolls"] + d["awakening_rerolls"] == 3
    assert 0 <= d["press_cards_seen"] <= d["press_cards_won"] <= 24
    assert not d["landmarks"][d["kaiju_square"]] and not d["press_pieces"][d["kaiju_square"]]
    assert all(d["evacuees_moved"][i] <= d["evacuees"][i] for i in range(80))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_invariants_and_end(players):
    for seed in range(3):       # the default game, then the legacy values of the G20 options
        state = new(players) if seed == 2 else load_game("godzilla", players=players).new_initial_state()
        play_random(state, seed, check=check_invariants)
        assert state.is_terminal()
        check_invariants(state)
        r = state.returns()
        assert abs(sum(r) - 1) < 1e-9
        assert r[0] in (0.0, 1.0) and len(set(r[1:])) == 1


@pytest.mark.parametrize("players, cap", [(2, 6), (3, 3), (4, 4), (5, 1)])
def test_json_round_trip_along_games(players, cap):
    """Every reachable position loads back exactly (load_dict refuses only unreachable ones)."""
    import random
    game = load_game("godzilla", players=players, turn_cap=cap)
    # two games a count (three until 2026-12-02): eight whole games, every state of each;
    # test_godzilla_audit.py walks every state of two more, chance drawn by its odds
    for seed in range(2):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while True:
            again = game.state_from_json(state.to_json())
            assert again == state and again.to_json() == state.to_json()
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("change, message", [
    (dict(bag=[9, 10, 10, 10]), "Tokyo Evacuees counted"),
    (dict(kaiju_square=SQ["Ueno"]), "pieces stand on the Kaiju"),
    (dict(landmarks={SQ["Shinjuku"]: 1}), "not a landmark square"),
    (dict(route_pile=[8, 9, 9, 9]), "rail route tiles"),
    (dict(kaiju_dice=4), "Awakening area"),
    (dict(support_cards=[1, 0, 0, 0]), "support cards revealed"),
    (dict(press_cards_seen=1), "turned over"),
    (dict(high_voltage_stock=2), "High-voltage"),
    (dict(stage=99), "outside"),
    (dict(dice_to_roll=2), "dice to roll"),
    (dict(evacuees_to_draw=1), "Evacuees to draw"),
    (dict(air_strike=1), "Air strike"),
    (dict(evacuees_moved={4: 1}), "moved"),            # the 2 Tokyo evacuees at Ikebukuro
    (dict(planner=2), "planning seat"),
    (dict(stage=2), "rounds 4 and 6"),
    (dict(evacuees="x"), "list"),
])
def test_inconsistent_json_is_refused(change, message):
    state = new()
    advance(state, "omen")
    with pytest.raises(ValueError, match=message):
        edit(state, **change)


def test_nothing_hidden_is_fixed_in_the_state():
    """The future status and support cards, the pile order and the press cards won are drawn
    when they are turned up: two games that differ only in what nobody saw are one state."""
    a, b = new(), new()
    a.apply_action("status card 4: Shinjuku / Shibuya")
    b.apply_action("status card 4: Shinjuku / Shibuya")
    assert a == b and all(a.observation_string(p) == b.observation_string(p) for p in range(2))
    fields = a.to_dict()
    assert fields["status_cards"][1:] == [-1] * 5 and fields["support_cards"] == [0] * 4
    assert fields["press_deck"] == [3] * 8 and fields["route_pile"] == [9] * 4
    # resampling finds nothing to redraw
    assert a.resample(0, seed=3) == a and a.resample(1, seed=4) == a


def test_press_cards_won_are_counted_not_known_until_scoring():
    state = new(turn_cap=1)
    advance(state, "press cards at scoring")
    d = state.to_dict()
    assert d["press_cards_won"] == 2 and d["press_cards_seen_by_kind"] == [0] * 8 and d["press_deck"] == [3] * 8


def test_same_seed_same_game():
    a, b = new(4), new(4)
    assert a.random_playout(seed=11) == b.random_playout(seed=11)


def test_observation_is_the_whole_public_state():
    state = new(3)
    advance(state, "planning")
    for p in range(3):
        text = state.observation_string(p)
        assert "Kaiju at Shibaura" in text and "route pile" in text
        assert text.splitlines()[1].startswith("you are " + ("Kaiju" if p == 0 else f"H{p}"))
        assert len(state.observation_tensor(p)) == len(state.observation_tensor(0))


def test_observation_tells_positions_apart():
    """Every seat sees the whole state: two positions with the same observation are the same
    position (so an information state fixes the legal actions, as ISMCTS needs)."""
    import random
    seen = {}
    for players in (2, 4):
        for seed in range(4):
            state = new(players)
            rng = random.Random(seed)
            while not state.is_terminal():
                key = (players, state.observation_string(1))
                assert seen.setdefault(key, state.to_json()) == state.to_json()
                state.apply_action(rng.choice(state.legal_actions()))


def test_evaluation_is_a_win_chance_split():
    import random
    state = new(3)
    rng = random.Random(2)
    while not state.is_terminal():
        values = state.evaluate()
        assert all(0.0 <= v <= 1.0 for v in values) and abs(sum(values) - 1.0) < 1e-9
        assert values[1] == values[2]
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.evaluate() == state.returns()


def test_every_move_and_chance_outcome_is_public():
    import random
    state = new(3)
    rng = random.Random(8)
    for _ in range(300):
        if state.is_terminal():
            break
        for observer in range(3):
            assert all(state.action_key(observer, a) == a for a in state.legal_actions())
        state.apply_action(rng.choice(state.legal_actions()))


# Every G20 option at the end of its range that raises a count (more evacuees, tiles, dice, cards).
MOST = dict(evacuee_bonus=3, press_piece_counts=True, status_squares=1, vehicle_tiles=4,
            barrier_tiles=3, air_strike_dice=2, press_conference_cards=4)


@pytest.mark.parametrize("options", [{}, MOST], ids=["defaults", "options-at-most"])
def test_observation_tensor_is_in_range_and_tells_positions_apart(options):
    import random
    state = new(4, **options)
    rng = random.Random(1)
    seen = {}
    while not state.is_terminal():
        tensor = state.observation_tensor(2)
        assert tensor.min() >= 0.0 and tensor.max() <= 1.0
        assert seen.setdefault(tensor.tobytes(), state.to_json()) == state.to_json()
        state.apply_action(rng.choice(state.legal_actions()))


def test_json_fields_are_the_table_and_documented_in_rules_md():
    """to_dict writes the field table's names in order; rules.md "JSON format" holds the table."""
    import importlib.resources
    from vsai.ext.godzilla import engine
    rules = importlib.resources.files("vsai.ext.godzilla").joinpath("rules.md").read_text()
    assert list(new().to_dict()) == list(engine.JSON_FIELDS.names)
    assert engine.JSON_FIELDS.markdown() in rules.split("## JSON format", 1)[1]


def test_view_is_the_whole_public_board_for_everyone():
    import json
    state = new(3)
    advance(state, "planning")
    spectator = state.view()
    json.dumps(spectator)
    assert spectator["seat"] is None and "observation" not in spectator
    assert spectator["board"]["kaiju"]["square"] == "Shibaura" and len(spectator["board"]["roads"]) == 29
    assert sum(1 for sq in spectator["board"]["squares"] if sq["landmark"]) == 5
    for seat in range(3):
        seen = state.view(seat)
        assert seen["seat"] == seat and seen["observation"] == state.observation_string(seat)
        assert {k: v for k, v in seen.items() if k not in ("seat", "observation")} == \
            {k: v for k, v in spectator.items() if k != "seat"}
