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


def test_the_arrangement_must_match_the_planned_cards():
    # state fuzz (issue 14): perm edits were accepted and the engine then wrote states its
    # loader refused ("a planned card and its slot disagree")
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    with pytest.raises(ValueError, match="not an arrangement"):
        with_data(s, perm={0: 1})                       # [1, 1, 2]
    with pytest.raises(ValueError, match="not an arrangement"):
        with_data(s, perm={2: 0})                       # C's entry in a game without C
    with pytest.raises(ValueError, match="another group's slot"):
        with_data(s, perm={0: 1, 1: 0})                 # a valid swap the cards did not follow
    s4 = setup_default(players=4)
    draw_wanted(s4, ["Fire fighting"])
    s4.apply_action(s4.legal_actions()[0])
    with pytest.raises(ValueError, match="before round 1's arrangement"):
        with_data(s4, perm={0: 1, 1: 0})
    with pytest.raises(ValueError, match="first ones of the group"):
        with_data(s4, placed=0)


def test_resample_is_uniform_over_the_deals_that_keep_the_reservations():
    # The Kaiju's deck in round 3 as the Humans see it: a group of 7 hidden cards holding at
    # least the 3 reserved types, and 2 more hidden cards outside. Under a uniform draw over
    # the labelled deals that keep the reservations, the group's expected count of type t is
    # sum_a w(a) a_t / sum_a w(a), w(a) = 7!/prod a! * 2!/prod (n - a)! for group counts a >= r
    from itertools import product
    from math import factorial, prod
    s = setup_default()
    while not (data(s)["round"] == 3 and data(s)["stage"] == 12):
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            legal = s.legal_action_strings()
            stop = [t for t in legal if t.startswith(("stop", "no more", "hold", "declare nothing"))]
            s.apply_action(stop[0] if stop else legal[0])
    d = data(s)
    hidden = [c for c in range(27, 39) if d["blk"][c] != -1]
    group = [c for c in hidden if d["grp"][c] >= 0]
    outside = [c for c in hidden if d["grp"][c] < 0]
    n = [sum(1 for c in hidden if d["ctype"][c] == t) for t in range(6)]
    r = [sum(1 for c in group if d["rtype"][c] == t) for t in range(6)]
    weights, expected = 0.0, [0.0] * 6
    for a in product(*(range(r[t], n[t] + 1) for t in range(6))):
        if sum(a) != len(group):
            continue
        w = factorial(len(group)) / prod(map(factorial, a)) * \
            factorial(len(outside)) / prod(factorial(n[t] - a[t]) for t in range(6))
        weights += w
        for t in range(6):
            expected[t] += w * a[t]
    expected = [x / weights for x in expected]
    runs = 3000
    seen = [0.0] * 6
    for seed in range(runs):
        o = data(s.resample(1, seed))
        for c in group:
            seen[o["ctype"][c]] += 1 / runs
    assert max(abs(seen[t] - expected[t]) for t in range(6)) < 0.06, (seen, expected, r)


def _first_draws_from_layers_with_seen_cards(seed: int):
    """Random play (2 players) yielding, right after each Kaiju draw that took the first cards
    of a deck layer holding cards seen face up, (state, layer's seen types, the hidden places
    the layer's cards must now be among: its remainder and the Kaiju's hand)."""
    rng = random.Random(seed)
    s = setup_default()
    kaiju = range(27, 39)
    seen, touched, sizes = {}, set(), {}
    while not s.is_terminal():
        d = data(s)
        for c in kaiju:
            if d["zone"][c] == 1 and d["pos"][c] not in seen:
                layer = d["pos"][c]
                seen[layer] = sorted(d["ctype"][e] for e in kaiju if d["zone"][e] == 1
                                     and d["pos"][e] == layer and d["blk"][e] == -1)
        random_step(s, rng)
        d2 = data(s)
        if d["stage"] != 9 and d2["stage"] == 9 and d2["draw_deck"] == 3:
            sizes = {layer: sum(1 for c in kaiju if d2["zone"][c] == 1 and d2["pos"][c] == layer)
                     for layer in seen}
        if not (d["stage"] == 9 and d["draw_deck"] == 3 and d2["stage"] != 9):
            continue
        hand = [c for c in kaiju if d2["zone"][c] in (2, 3)]
        clean = len(hand) == 5 and not any(d2["zone"][c] == 4 for c in kaiju)
        for layer, types in seen.items():
            now = sum(1 for c in kaiju if d2["zone"][c] == 1 and d2["pos"][c] == layer)
            if layer in touched or now >= sizes.get(layer, now):
                continue
            touched.add(layer)
            if clean and types:
                yield s, types, hand + [c for c in kaiju if d2["zone"][c] == 1
                                        and d2["pos"][c] == layer]


@pytest.mark.xfail(strict=True, reason="resample is not exact yet (rules.md Status): merged "
                   "reservation groups drop which layer their cards came from")
def test_resample_never_deals_what_the_seat_can_rule_out():
    # A layer's cards seen face up when it went under the Kaiju's deck are, right after the
    # Kaiju's draw that first took from it, among that layer's remainder and the Kaiju's hand
    # (the Humans saw it happen). Every resampled deal must agree.
    def holds(d, types, places):
        return all(sum(1 for c in places if d["ctype"][c] == t) >= types.count(t)
                   for t in set(types))
    bad = []
    for seed in range(3):
        for s, types, places in _first_draws_from_layers_with_seen_cards(seed):
            assert holds(data(s), types, places)
            for k in range(100):
                if not holds(data(s.resample(1, k)), types, places):
                    bad.append((seed, data(s)["round"], k))
    assert not bad, f"{len(bad)} ruled-out deals, e.g. {bad[:3]}"
