"""H: hidden information (GAPS 1.2): hands, planned cards, deck orders, bonus tiles; resample,
action keys, observations and JSON validation."""
from __future__ import annotations

import json
import random

import pytest

from vulcanus_helpers import data, draw_wanted, plan, random_step, setup_default, with_data
from vsai.core.registry import load_game

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]


def swap_types(state, c1: int, c2: int):
    """A copy with the identities of cards c1 and c2 exchanged (JSON edit)."""
    d = data(state)
    t1, t2 = d["ctype"][c1], d["ctype"][c2]
    return with_data(state, ctype={c1: t2, c2: t1})


def views(state):
    return [(state.observation_string(p), state.observation_tensor(p).tobytes())
            for p in range(state.num_players())]


def test_draws_are_hidden_from_everyone_but_the_holder():
    s = setup_default(players=4)
    outcomes = [a for a, _ in s.chance_outcomes()]
    assert len(outcomes) > 1
    for observer in (0, 2, 3):
        assert len({s.action_key(observer, a) for a in outcomes}) == 1
    assert len({s.action_key(1, a) for a in outcomes}) == len(outcomes)


def test_planned_cards_are_hidden_from_the_other_seats():
    s = setup_default(players=4)
    draw_wanted(s, ["Fire fighting", "Movement of citizens"])
    places = [a for a in s.legal_actions() if s.action_to_string(a).startswith("plan")]
    for observer in (0, 2, 3):
        assert len({s.action_key(observer, a) for a in places}) == 1
    one, two = s.clone(), s.clone()
    one.apply_action("plan Fire fighting")
    two.apply_action("plan Movement of citizens")
    for observer in (0, 2, 3):
        assert one.observation_string(observer) == two.observation_string(observer)
        assert (one.observation_tensor(observer) == two.observation_tensor(observer)).all()
    assert one.observation_string(1) != two.observation_string(1)


def test_a_human_hand_is_hidden_from_the_kaiju_and_the_other_humans():
    s = setup_default(players=4)
    draw_wanted(s, ["Fire fighting", "Movement of citizens"])
    d = data(s)
    hand = [c for c in range(9) if d["zone"][c] == 2]
    deck = [c for c in range(9) if d["zone"][c] == 1 and d["ctype"][c] != d["ctype"][hand[0]]]
    other = swap_types(s, hand[0], deck[0])
    before, after = views(s), views(other)
    for observer in (0, 2, 3):
        assert before[observer] == after[observer]
    assert before[1] != after[1]


def test_the_kaiju_hand_and_plan_are_hidden_from_the_humans():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    d = data(s)
    hand = [c for c in range(27, 39) if d["zone"][c] == 2]
    deck = [c for c in range(27, 39) if d["zone"][c] == 1 and d["ctype"][c] != d["ctype"][hand[0]]]
    other = swap_types(s, hand[0], deck[0])
    assert views(s)[1] == views(other)[1] and views(s)[0] != views(other)[0]
    places = [a for a in s.legal_actions() if s.action_to_string(a).startswith("plan")]
    assert len({s.action_key(1, a) for a in places}) == 1


def test_executed_cards_become_public():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    view = s.observation_string(0)
    assert "H1 A:Fire fighting" in view and "H3 A:face down" in view and "K1 K:face down" in s.observation_string(1)


def test_bonus_tiles_are_the_kaijus_until_declared():
    game = load_game("vulcanus")
    s = game.new_initial_state()
    while s.action_to_string(s.chance_outcomes()[0][0]).startswith("tile"):
        s.apply_action(s.chance_outcomes()[0][0])
    outcomes = [a for a, _ in s.chance_outcomes()]
    assert len({s.action_key(1, a) for a in outcomes}) == 1      # the draw is hidden
    assert len({s.action_key(0, a) for a in outcomes}) == len(outcomes)
    for _ in range(4):
        s.apply_action(s.chance_outcomes()[0][0])
    drops = s.legal_actions()
    assert len({s.action_key(1, a) for a in drops}) == 1
    s.apply_action(drops[0])
    d = data(s)
    held = [t for t in range(8) if d["bonus_loc"][t] == 1]
    box = [t for t in range(8) if d["bonus_loc"][t] == 0]
    other = with_data(s, bonus_loc={held[0]: 0, box[0]: 1})
    assert s.observation_string(1) == other.observation_string(1)
    assert (s.observation_tensor(1) == other.observation_tensor(1)).all()
    assert s.observation_string(0) != other.observation_string(0)


def test_resample_keeps_the_view_and_legal_actions_and_varies_the_rest():
    rng = random.Random(5)
    for players in (2, 3, 4):
        game = load_game("vulcanus", players=players)
        s = game.new_initial_state()
        varied = 0
        for step in range(600):
            if s.is_terminal():
                break
            if step % 7 == 0:
                for p in range(players):
                    other = s.resample(p, seed=step)
                    assert other.observation_string(p) == s.observation_string(p)
                    assert (other.observation_tensor(p) == s.observation_tensor(p)).all()
                    if s.current_player() == p:
                        assert other.legal_actions() == s.legal_actions()
                    # the redrawn state is a legal state of the game (JSON validation)
                    assert game.state_from_json(other.to_json()) == other
                    varied += other != s
            random_step(s, rng)
        assert varied > 0


def test_resample_depends_only_on_what_the_seat_saw():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    twin = s.resample(1, seed=3)
    assert twin != s
    assert s.resample(1, seed=9) == twin.resample(1, seed=9)


def test_resample_never_changes_public_or_own_cards():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    d = data(s)
    for seed in range(20):
        o = data(s.resample(1, seed))
        assert o["ctype"][:27] == d["ctype"][:27]                    # H1 holds A and B
        for c in range(27, 39):
            if d["blk"][c] == -1:
                assert o["ctype"][c] == d["ctype"][c]                 # executed: public
        assert sorted(o["ctype"][27:]) == sorted(d["ctype"][27:])
        o0 = data(s.resample(0, seed))
        assert o0["ctype"][27:] == d["ctype"][27:] and o0["bonus_loc"] == d["bonus_loc"]


def test_json_round_trip_is_exact():
    s = setup_default(players=3)
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    game = load_game("vulcanus", players=3)
    again = game.state_from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()


@pytest.mark.parametrize("change, message", [
    ({"fb_stock": 3}, "fire brigades"),
    ({"fund_pool": 11}, "funds"),
    ({"ctype": {0: 6}}, "does not hold its cards"),
    ({"bonus_loc": {0: 3}}, "declared"),
    ({"slot_card": {1: 5}}, "slot"),
    ({"role": {1: 0}}, "role"),
    ({"stage": 36}, "nobody won"),
    ({"blk": {0: 30}}, "block"),
    ({"evolved": {2: 1}}, "evolution"),
    ({"full": 1}, "full-formed"),
    ({"inv": 12}, "last square"),
    ({"ev_kind": {3: 0}}, "out of turn"),
    ({"adv_left": {0: 3}}, "Advanced events left"),
    ({"tile_at": {0: 20}}, "round 3's tiles"),
    ({"slot": 9}, "face up"),
    ({"eff_i": 0}, "card step outside"),
    ({"cur": 0}, "acts where"),
    ({"stage": 21}, "victim choice"),
])
def test_inconsistent_json_is_refused_with_a_clear_error(change, message):
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    with pytest.raises(ValueError, match=message):
        with_data(s, **change)
    game = load_game("vulcanus")
    bad = json.loads(s.to_json())
    bad["state"]["cit"] = "many"
    with pytest.raises(ValueError, match="cit"):
        game.state_from_json(json.dumps(bad))


def test_cards_seen_face_up_stay_among_the_cards_of_their_layer():
    # The Kaiju's round-1 cards go under its deck (layer 1) with 2 discards; round 2 draws 5
    # from the 7 left on top; round 3 draws the 2 left and 3 from layer 1. The Humans no longer
    # know where the round-1 cards are, only that they are among layer 1's cards and the hand
    # they mixed with, not among round 2's discards in layer 2 (X4)
    s = setup_default()
    while not (data(s)["round"] == 3 and data(s)["stage"] == 12):
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            legal = s.legal_action_strings()
            stop = [t for t in legal if t.startswith(("stop", "no more", "hold", "declare nothing"))]
            s.apply_action(stop[0] if stop else legal[0])
    d = data(s)
    group = [c for c in range(27, 39) if d["grp"][c] >= 0]
    reserved = sorted(d["rtype"][c] for c in group if d["rtype"][c] >= 0)
    assert len(group) == 7 and len(reserved) == 3
    outside = [c for c in range(27, 39) if d["grp"][c] < 0 and d["blk"][c] != -1]
    assert len(outside) == 2                            # round 2's discards, still hidden
    assert "seen before, among 7 hidden cards" in s.observation_string(1)
    for seed in range(40):
        o = data(s.resample(1, seed))
        held = sorted(o["ctype"][c] for c in group)
        for t in set(reserved):
            assert held.count(t) >= reserved.count(t)


def test_the_observation_determines_the_legal_actions():
    # ISMCTS keys its nodes by the acting seat's information state: equal views must offer
    # equal moves (e.g. which fire brigades already acted for this card is shown)
    seen = {}
    for players in (2, 3, 4):
        game = load_game("vulcanus", players=players)
        for seed in range(6):
            rng = random.Random(seed)
            s = game.new_initial_state()
            while not s.is_terminal():
                p = s.current_player()
                if p >= 0:
                    for variant in (s, s.resample(p, seed)):
                        key = (players, variant.information_state_string(p))
                        assert seen.setdefault(key, variant.legal_actions()) == variant.legal_actions()
                random_step(s, rng)


def test_three_players_each_human_holds_one_letter_group():
    s = setup_default(players=3)
    assert s.current_player() == -1
    draw_wanted(s, A_CARDS)
    assert s.current_player() == 1
    for name in A_CARDS:
        s.apply_action(f"plan {name}")
    draw_wanted(s, B_CARDS)
    assert s.current_player() == 2
    view1 = s.observation_string(1)
    assert "deck B (Chief of Staff) [H2]" in view1 and "hand: 6 unseen" in view1
    assert "Large penetration shell" in s.observation_string(2).split("deck B")[1].split("\n")[0]
    d = data(s)
    assert [d["slot_card"][k] >= 0 for k in (0, 3, 6)] == [True] * 3      # A: H1 H3 H5


def test_hand_edited_json_is_refused_or_plays_to_the_end():
    # small random edits of real states: every accepted state is sound (no crash, no dead end)
    rng = random.Random(11)
    game = load_game("vulcanus", players=3)
    s = game.new_initial_state()
    states = []
    while not s.is_terminal():
        states.append(s.to_json())
        random_step(s, rng)
    accepted = 0
    for _ in range(400):
        base = json.loads(rng.choice(states))
        st = base["state"]
        key = rng.choice(sorted(st))
        if isinstance(st[key], list):
            st[key][rng.randrange(len(st[key]))] += rng.choice([-2, -1, 1, 2])
        else:
            st[key] += rng.choice([-2, -1, 1, 2])
        try:
            x = game.state_from_json(json.dumps(base))
        except ValueError:
            continue
        accepted += 1
        assert x.random_playout(1).is_terminal()
        for p in range(3):
            x.observation_string(p)
            x.resample(p, 1)
    assert accepted > 0


def test_face_down_planned_cards_can_change_unseen():
    s = setup_default(players=4)
    plan(s, [A_CARDS[:2], B_CARDS[:2], ["Fire fighting", "Mobilization"]], ["Walk", "Roar", "Lava flow"])
    d = data(s)
    hidden_slot = d["slot_card"][4]          # H4: B's second card, face down until executed
    deck = [c for c in range(9, 18) if d["zone"][c] == 1 and d["ctype"][c] != d["ctype"][hidden_slot]]
    other = swap_types(s, hidden_slot, deck[0])
    before, after = views(s), views(other)
    for observer in (0, 1, 3):
        assert before[observer] == after[observer]
    assert before[2] != after[2]             # B's holder sees its own plan
    if s.current_player() in (0, 1, 3):
        assert s.legal_actions() == other.legal_actions()
