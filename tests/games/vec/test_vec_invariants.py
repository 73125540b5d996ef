"""Random games for 2, 3 and 4 players: invariants, termination, copies, JSON, bad input."""
import json
import pickle
import random

import pytest

from vsai.core.registry import load_game
from vec_helpers import play_random, setup_state

UP, DOWN = 8, 12


def check_invariants(state):
    d = state.to_dict()
    n = d["players"]
    # ink is conserved: reserve + hands + ink on cards (+ cubes moving with a robbed quill)
    assert d["ink_reserve"] + sum(d["player_ink"][:n]) + sum(d["card_ink"]) + d["carried_ink"] == 24
    # special ink: held + box + on the NOVEL = 4 per player color
    for p in range(n):
        on_novel = sum(d["novel_special_ink"][4 * j + p] for j in range(4)) + d["moving_special_ink"][p]
        assert d["player_special_ink"][p] + d["special_ink_in_box"][p] + on_novel == 4
    # special ink stays within its public bounds (exchanges are secret; a pending sealed bid
    # may hide some)
    for p in range(n):
        pending = (d["stage"] == 11 and not d["bids_revealed"]
                   and p in d["participant"][:d["bids_made"]])
        assert d["special_ink_min"][p] <= d["player_special_ink"][p]
        assert pending or d["player_special_ink"][p] <= d["special_ink_max"][p]
        assert d["player_ink"][p] + 4 * d["player_special_ink"][p] >= 4 * d["special_ink_min"][p]
    # cards: NOVEL positions match card locations; each card in one place
    novel = [c for c in d["novel_card"] if c >= 0]
    assert len(set(novel)) == len(novel) <= 4
    assert sum(1 for c in range(54) if d["card_location"][c] == 3) == len(novel) + (d["moving_card"] >= 0)
    # quills: at most 2 per player on the table
    for p in range(n):
        assert sum(d["card_quills"][c] for c in range(54) if d["card_quill_owner"][c] == p) <= 2
    if d["stage"] == 7:
        # at the start of Phase I nobody exceeds the 7 face-up limit and all quills are free
        for p in range(n):
            assert sum(1 for c in range(54) if d["card_location"][c] == UP + p) <= 7
        assert d["placement_index"] > 0 or all(m == 0 for c, m in enumerate(d["card_quills"])
                                               if d["card_location"][c] != 1)
    # 2p: 4 ideas of distinct colors at the start of a turn; 3p 6; 4p 8 (while decks last)
    if d["stage"] == 7 and d["placement_index"] == 0 and d["turn"] == 0:
        ideas = [c for c in range(54) if d["card_location"][c] == 1]
        assert len(ideas) == {2: 4, 3: 6, 4: 8}[n]
        colors = {(c % 18) // 3 for c in ideas}
        assert len(colors) == {2: 4, 3: 6, 4: 6}[n]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_invariants_and_end(n):
    game = load_game("vec", players=n)
    for seed in range(6):
        state = game.new_initial_state()
        steps = play_random(state, seed, max_steps=200000, check=check_invariants)
        assert state.is_terminal(), "the game must end (turn cap X5)"
        check_invariants(state)
        returns = state.returns()
        assert abs(sum(returns) - 1.0) < 1e-9
        best = max(state.scores())
        winners = [p for p in range(n) if state.scores()[p] == best]
        assert all(abs(returns[p] - 1.0 / len(winners)) < 1e-9 for p in winners)
        assert steps < game.max_game_length() * 4


def test_decisions_stay_within_max_game_length():
    game = load_game("vec", players=4, turn_cap=5)
    state = game.new_initial_state()
    import random
    rng = random.Random(3)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outs = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    assert decisions <= game.max_game_length()


def test_actions_and_chance_outcomes_are_in_range_and_sorted():
    game = load_game("vec", players=3)
    state = game.new_initial_state()
    import random
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(legal) == len(set(legal)) and legal
        if state.is_chance_node():
            outs = state.chance_outcomes()
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outs)
            assert abs(sum(p for _, p in outs) - 1.0) < 1e-9
            state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            texts = state.legal_action_strings()
            assert len(set(texts)) == len(texts)
            state.apply_action(rng.choice(legal))


def test_clone_is_independent():
    state = setup_state(3, seed=2)
    copy = state.clone()
    before = state.to_json()
    play_random(copy, 7)
    assert copy.is_terminal()
    assert state.to_json() == before
    assert state == pickle.loads(pickle.dumps(state))


def test_json_and_notation_round_trip():
    game = load_game("vec", players=4)
    state = game.new_initial_state()
    import random
    rng = random.Random(11)
    replay = game.new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        a = rng.choice(legal)
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a
        loaded = game.state_from_json(state.to_json())
        assert loaded == state and loaded.to_json() == state.to_json()
        state.apply_action(a)
        replay.apply_action(text)
    assert replay == state


def test_same_seed_same_game():
    a = setup_state(2, seed=4)
    b = setup_state(2, seed=4)
    play_random(a, 9)
    play_random(b, 9)
    assert a == b
    assert a.random_playout(3) == b.random_playout(3)


def test_illegal_input_raises_and_leaves_state_unchanged():
    state = setup_state(2, seed=1)
    before = state.to_json()
    for bad in (-1, 5000, 1404 + 10**6, "fly to the moon", 3.5, None, True):
        with pytest.raises(ValueError):
            state.apply_action(bad)
        assert state.to_json() == before
    illegal = next(a for a in range(1983) if a not in state.legal_actions())
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    assert state.to_json() == before


def test_malformed_json_is_rejected_cleanly():
    game = load_game("vec", players=2)
    state = setup_state(2, seed=1)
    good = json.loads(state.to_json())
    cases = []
    for key, value in (("card_location", "x"), ("player_ink", [99, 0, 0, 0]), ("stage", 77),
                       ("novel_card", [60, -1, -1, -1])):
        bad = json.loads(json.dumps(good))
        bad["state"][key] = value
        cases.append(bad)
    bad = json.loads(json.dumps(good))
    bad["state"]["ink_reserve"] += 1                  # ink not conserved
    cases.append(bad)
    bad = json.loads(json.dumps(good))
    del bad["state"]["card_location"]
    cases.append(bad)
    bad = json.loads(json.dumps(good))
    bad["state"]["player_objective"][1] = (bad["state"]["player_objective"][0] + 1) % 12   # not marked held
    cases.append(bad)
    for case in cases:
        with pytest.raises(ValueError):
            game.state_from_json(json.dumps(case))
    target = game.new_initial_state()
    backup = target.to_json()
    with pytest.raises(ValueError):
        target.load_dict(cases[4]["state"])
    assert target.to_json() == backup


def test_bad_parameters():
    with pytest.raises(ValueError):
        load_game("vec", players=5)
    with pytest.raises(ValueError):
        load_game("vec", players=1)
    from vsai.ext.vec.engine import VecState
    with pytest.raises(ValueError):
        VecState(players=6)
    with pytest.raises(ValueError):
        VecState(players=2, turn_cap=0)


def test_mutated_json_is_rejected_or_playable():
    """Random edits of a saved state: either a ValueError or a state that plays to the end."""
    from vsai.ext.vec.engine import JSON_FIELDS
    rng = random.Random(0)
    game = load_game("vec", players=3)
    accepted = 0
    for k in range(120):
        state = game.new_initial_state()
        play_random(state, k, max_steps=rng.randrange(1, 1500))
        data = json.loads(state.to_json())
        field = rng.choice(JSON_FIELDS.fields)
        name, length, lo, hi = field.name, field.length, field.lo, field.hi
        value = rng.randint(lo, min(hi, lo + 30))
        if length:
            data["state"][name][rng.randrange(length)] = value
        else:
            data["state"][name] = value
        try:
            loaded = game.state_from_json(json.dumps(data))
        except ValueError:
            continue
        accepted += 1
        end = loaded.random_playout(k)
        assert end.is_terminal()
        for p in range(3):
            loaded.observation_string(p)
            loaded.resample(p, k)
    assert accepted > 20
