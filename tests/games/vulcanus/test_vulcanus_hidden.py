"""H: hidden information (GAPS 1.2): hands, planned cards, deck orders, bonus tiles; resample,
action keys, observations and JSON validation."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from vulcanus_helpers import allowed_hidden_deals, data, draw_wanted, hidden_deal, history_probe, kaiju_hand_twin, plan, random_step, setup_default, with_data
from vsai.core.registry import load_game
from vsai.ext.errors import InvalidStateError

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]


def swap_types(state, c1: int, c2: int):
    """A copy with the identities of cards c1 and c2 exchanged (JSON edit)."""
    d = data(state)
    t1, t2 = d["card_types"][c1], d["card_types"][c2]
    return with_data(state, card_types={c1: t2, c2: t1})


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
    hand = [c for c in range(9) if d["card_zones"][c] == 2]
    deck = [c for c in range(9) if d["card_zones"][c] == 1 and d["card_types"][c] != d["card_types"][hand[0]]]
    other = swap_types(s, hand[0], deck[0])
    before, after = views(s), views(other)
    for observer in (0, 2, 3):
        assert before[observer] == after[observer]
    assert before[1] != after[1]


def test_the_kaiju_hand_and_plan_are_hidden_from_the_humans():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    other = kaiju_hand_twin(s)
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
    held = [t for t in range(8) if d["bonus_tile_places"][t] == 1]
    box = [t for t in range(8) if d["bonus_tile_places"][t] == 0]
    other = with_data(s, bonus_tile_places={held[0]: 0, box[0]: 1})
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
                    assert other.view(p) == s.view(p)
                    assert other == s.resample(p, seed=step)                 # same seed, same deal
                    if s.current_player() == p:
                        assert other.legal_actions() == s.legal_actions()
                    # the redrawn state is a legal state of the game (JSON validation): for
                    # one seat a position in turn (every seat until 2026-12-02, half the
                    # cost); test_vulcanus_robust_states.py loads every seat's at random states
                    if p == (step // 7) % players:
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
        assert o["card_types"][:27] == d["card_types"][:27]                    # H1 holds A and B
        for c in range(27, 39):
            if d["card_knowledge_blocks"][c] == -1:
                assert o["card_types"][c] == d["card_types"][c]                 # executed: public
        assert sorted(o["card_types"][27:]) == sorted(d["card_types"][27:])
        o0 = data(s.resample(0, seed))
        assert o0["card_types"][27:] == d["card_types"][27:] and o0["bonus_tile_places"] == d["bonus_tile_places"]


def test_json_round_trip_is_exact():
    s = setup_default(players=3)
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    game = load_game("vulcanus", players=3)
    again = game.state_from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()


@pytest.mark.parametrize("change, message", [
    ({"fire_brigades_in_stock": 3}, "fire brigades"),
    ({"funds_in_pool": 11}, "funds"),
    ({"card_types": {0: 6}}, "does not hold its cards"),
    ({"bonus_tile_places": {0: 3}}, "declared"),
    ({"slot_cards": {1: 5}}, "slot"),
    ({"roles": {1: 0}}, "role"),
    ({"stage": 36}, "nobody won"),
    ({"card_knowledge_blocks": {0: 30}}, "block"),
    ({"evolved": {2: 1}}, "evolution"),
    ({"full_formed": 1}, "full-formed"),
    ({"investigation_track": 12}, "last square"),
    ({"event_kinds": {3: 0}}, "out of turn"),
    ({"advanced_events_left": {0: 3}}, "Advanced events left"),
    ({"tiles": {0: 20}}, "round 3's tiles"),
    ({"slot": 9}, "face up"),
    ({"effect_index": 0}, "card step outside"),
    ({"to_act": 0}, "acts where"),
    ({"stage": 21}, "victim choice"),
])
def test_inconsistent_json_is_refused_with_a_clear_error(change, message):
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], ["Walk", "Roar", "Lava flow"])
    with pytest.raises(InvalidStateError, match=message):
        with_data(s, **change)
    game = load_game("vulcanus")
    bad = json.loads(s.to_json())
    bad["state"]["citizens"] = "many"
    with pytest.raises(InvalidStateError, match="citizens"):
        game.state_from_json(json.dumps(bad))


def _round_three_kaiju_planning():
    """2 players, round 3, the Kaiju planning: its round-1 cards (3 seen face up) went under
    its deck as layer 1, round 2 drew 5 of layer 0's 7, round 3 drew layer 0's last 2 and 3 of
    layer 1 (X4: the Humans no longer know which)."""
    s = setup_default()
    while not (data(s)["round"] == 3 and data(s)["stage"] == 12):
        if s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])
        else:
            legal = s.legal_action_strings()
            stop = [t for t in legal if t.startswith(("stop", "no more", "hold", "declare nothing"))]
            s.apply_action(stop[0] if stop else legal[0])
    return s


def test_cards_seen_face_up_stay_among_the_cards_of_their_layer():
    s = _round_three_kaiju_planning()
    d = data(s)
    seen = [d["record_revealed_type"][3 * 6 * 3 + k] for k in range(3)]           # deck K, round 1
    assert min(seen) >= 0
    assert [d["record_drawn"][(3 * 6 + 2) * 6 + layer] for layer in range(3)] == [2, 3, 0]
    assert "round 1: drew 5 of the starting deck; planned in draws 1,1,1; revealed" in s.observation_string(1)
    assert "round 3: drew 2 of the starting deck, 3 of round 1's cards\n" in s.observation_string(1)
    layer1 = [c for c in range(27, 39) if d["card_zones"][c] == 1 and d["card_positions"][c] == 1]
    hand = [c for c in range(27, 39) if d["card_zones"][c] == 2]
    layer2 = [c for c in range(27, 39) if d["card_zones"][c] == 1 and d["card_positions"][c] == 2]
    assert len(layer1) == 2 and len(hand) == 5 and len(layer2) == 5
    for seed in range(40):
        o = data(s.resample(1, seed))
        held = [o["card_types"][c] for c in layer1 + hand]
        for t in set(seen):
            assert held.count(t) >= seen.count(t)       # never in layer 2 (round 2's cards)


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
    assert [d["slot_cards"][k] >= 0 for k in (0, 3, 6)] == [True] * 3      # A: H1 H3 H5


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
        except InvalidStateError:
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
    hidden_slot = d["slot_cards"][4]          # H4: B's second card, face down until executed
    deck = [c for c in range(9, 18) if d["card_zones"][c] == 1 and d["card_types"][c] != d["card_types"][hidden_slot]]
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
    with pytest.raises(InvalidStateError, match="not an arrangement"):
        with_data(s, group_slots={0: 1})                       # [1, 1, 2]
    with pytest.raises(InvalidStateError, match="not an arrangement"):
        with_data(s, group_slots={2: 0})                       # C's entry in a game without C
    with pytest.raises(InvalidStateError, match="another group's slot"):
        with_data(s, group_slots={0: 1, 1: 0})                 # a valid swap the cards did not follow
    s4 = setup_default(players=4)
    draw_wanted(s4, ["Fire fighting"])
    s4.apply_action(s4.legal_actions()[0])
    with pytest.raises(InvalidStateError, match="before round 1's arrangement"):
        with_data(s4, group_slots={0: 1, 1: 0})
    with pytest.raises(InvalidStateError, match="first ones of the group"):
        with_data(s4, cards_planned=0)


def test_resample_covers_exactly_the_deals_the_record_allows():
    # Round 3, the Kaiju planning, from the Human's seat: every way to put the Kaiju's hidden
    # types back on its hidden places, kept if the loader accepts it (the record allows it) and
    # checked against the independent layer facts; resample must produce all of them, and
    # only them (full support over the consistent deals, none outside)
    s = _round_three_kaiju_planning()
    kaiju = list(range(27, 39))
    allowed, refused = allowed_hidden_deals(s, kaiju)
    assert allowed and refused
    made = {hidden_deal(data(s.resample(1, seed)), kaiju) for seed in range(3000)}
    assert made <= set(allowed)
    assert len(made) >= 0.95 * len(allowed), (len(made), len(allowed))


DECKS = ((0, 9), (9, 18), (18, 27), (27, 39))


def _deck_places(d) -> list[dict]:
    """Per deck, its cards by place: ("layer", l) under the deck, or "out" (drawn this round:
    hand, set aside, discard and board); one pass over the cards (the facts are tracked at
    every step of twelve games)."""
    zones, positions = d["card_zones"], d["card_positions"]
    decks = []
    for f, e in DECKS:
        places: dict = {}
        for c in range(f, e):
            if zones[c] == 1:
                places.setdefault(("layer", positions[c]), []).append(c)
            elif zones[c] in (2, 3, 4, 5):
                places.setdefault("out", []).append(c)
        decks.append(places)
    return decks


def _layer_facts(players: int, seed: int):
    """Random play yielding the state, its JSON body and, per deck, the facts every seat saw,
    tracked from the play alone (not from the engine's record): for each layer holding cards
    seen face up when it went under the deck, those types and the places its cards can be now
    (the layer, and the places of every later round that drew from it or from such a place)."""
    rng = random.Random(seed)
    s = load_game("vulcanus", players=players).new_initial_state()
    facts = {dk: {} for dk in range(4)}         # dk -> layer -> [seen types, places]
    before = _deck_places(data(s))
    while not s.is_terminal():
        random_step(s, rng)
        d = data(s)
        now = _deck_places(d)
        for dk in range(len(DECKS)):
            old = {l: len(before[dk].get(("layer", l), ())) for l in range(7)}
            new = {l: len(now[dk].get(("layer", l), ())) for l in range(7)}
            made = [l for l in range(1, 7) if new[l] and not old[l]]
            for l in made:                      # the round's cards went under the deck
                for fact in facts[dk].values():
                    if "out" in fact[1]:
                        fact[1] = (fact[1] - {"out"}) | {("layer", l)}
                types = sorted(d["card_types"][c] for c in now[dk].get(("layer", l), ()) if d["card_knowledge_blocks"][c] == -1)
                if types:
                    facts[dk][l] = [types, {("layer", l)}]
            for l in range(7):
                if new[l] < old[l] and not made:     # a draw from layer l this round
                    for fact in facts[dk].values():
                        if ("layer", l) in fact[1]:
                            fact[1] = fact[1] | {"out"}
        before = now
        yield s, d, facts


def _ruled_out(d, facts):
    """The facts a deal breaks: each tracked layer's seen cards must be among the cards of the
    places they can be now. (Layers one at a time: a card seen in one round may be drawn,
    planned and seen again the next, so two layers' seen cards can be the same card.)"""
    broken = []
    decks = _deck_places(d)
    for dk, layers in facts.items():
        for l, (types, places) in layers.items():
            have = Counter(d["card_types"][c] for place in places for c in decks[dk].get(place, ()))
            if any(have[t] < n for t, n in Counter(types).items()):
                broken.append((dk, l))
    return broken


def test_resample_never_deals_what_the_seat_can_rule_out():
    # Cards seen face up when their layer went under a deck can later be only in that layer
    # or where later rounds' draws from it (or from where those went) took them; every seat
    # that does not hold the deck saw this happen. Every resampled deal must agree, for every
    # seat, deck and player count (the former reservation groups broke this in about a
    # quarter of the Humans' resamples from round 4 on: rules.md Status). One resample per
    # seat and position (two until 2026-12-02, half the test's time): at that rate of failure
    # the 1,755 resamples left, 1,111 of them from round 4 on, would all pass by chance with a
    # probability far below 1e-20; the twelve games are kept, for the variety of histories
    bad, checked = [], 0
    for players in (2, 3, 4):
        for seed in range(4):
            for step, (s, d, facts) in enumerate(_layer_facts(players, seed)):
                if step % 5 or not any(facts.values()):
                    continue
                assert not _ruled_out(d, facts)           # the real deal keeps them
                for p in range(players):
                    checked += 1
                    broken = _ruled_out(data(s.resample(p, step * 7)), facts)
                    if broken:
                        bad.append((players, seed, d["round"], p, broken[0]))
    assert checked > 1500
    assert not bad, f"{len(bad)} of {checked} resamples break a fact, e.g. {bad[:3]}"


def test_the_check_by_batches_accepts_exactly_the_deals_a_history_leads_to():
    # The engine decides a proposed deal by batches of draws (hidden.pxi, hist_exact) and
    # must agree with the reference, the depth-first search over single cards without a node
    # budget, on every deal: the state's own (always consistent) and shuffles of each deck's
    # hidden types (resample's proposals, many inconsistent), along random games of 2-4
    # players, every deck, every round
    history_checks = history_probe().history_checks
    compared, consistent, inconsistent = 0, 0, 0
    for players in (2, 3, 4):
        for seed in range(2):
            rng = random.Random(seed)
            s = load_game("vulcanus", players=players).new_initial_state()
            step = 0
            while not s.is_terminal():
                random_step(s, rng)
                step += 1
                if step % 9:
                    continue
                for dk in list(range(players - 1)) + [3]:
                    assert history_checks(s._raw_bytes(), dk)[0]     # the state's own deal
                    for k in range(3):
                        exact, search, aborted, _ = history_checks(s._raw_bytes(), dk, step * 10 + k)
                        if aborted:
                            continue
                        assert exact == search, (players, seed, step, dk, k, search)
                        compared += 1
                        consistent += search
                        inconsistent += not search
    assert consistent > 1000 and inconsistent > 100, (consistent, inconsistent)


def test_the_check_by_batches_accepts_deals_the_budgeted_search_refused():
    # Before, a deal the depth-first search did not settle within 400 nodes was refused,
    # consistent or not. Late in 4-player games (where issue 26 measured ISMCTS at 0.35 of
    # `mcts`) such deals are common; the check by batches accepts them, and agrees with the
    # search without a budget on every deal
    history_checks = history_probe().history_checks
    refused_consistent, compared = 0, 0
    for seed in (2, 3):
        rng = random.Random(seed)
        s = load_game("vulcanus", players=4).new_initial_state()
        step = 0
        while not s.is_terminal():
            random_step(s, rng)
            step += 1
            if step % 7 or data(s)["round"] < 4:
                continue
            # four proposals a deck (eight until 2026-12-02, twice the cost): 720 deals
            # compared, 18 of them consistent deals the budgeted search refused (39 of 1,440)
            for dk in (0, 1, 2, 3):
                for k in range(4):
                    exact, search, aborted, limited = history_checks(s._raw_bytes(), dk, step * 10 + k)
                    if not aborted:
                        assert exact == search, (seed, step, dk, k, search)
                        compared += 1
                        refused_consistent += search and not limited
    assert compared > 300 and refused_consistent >= 3, (compared, refused_consistent)


def _late_kaiju_planning(players: int, seed: int, round_: int = 4):
    """Random play up to the Kaiju's planning in round `round_`."""
    rng = random.Random(seed)
    s = load_game("vulcanus", players=players).new_initial_state()
    while not (data(s)["round"] == round_ and data(s)["stage"] == 12):
        random_step(s, rng)
        assert not s.is_terminal()
    return s


def test_json_round_trip_keeps_the_record():
    s = _late_kaiju_planning(4, 3)
    d = data(s)
    assert any(d["record_redrawn"]) and any(v >= 0 for v in d["record_revealed_type"]) and sum(d["record_drawn"]) > 0
    game = load_game("vulcanus", players=4)
    again = game.state_from_json(s.to_json())
    assert again == s and again.to_json() == s.to_json()
    assert all(data(again)[k] == d[k] for k in ("record_drawn", "record_redrawn", "record_planned_epoch", "record_revealed_type"))
    assert again.view(0)["board"]["decks"] == s.view(0)["board"]["decks"]
    assert [x["record"] for x in s.view(1)["board"]["decks"]] == [x["record"] for x in s.view(None)["board"]["decks"]]
    rng = random.Random(2)
    while not s.is_terminal():                  # both play on alike
        random_step(s, rng)
        if rng.random() < 0.1:
            assert game.state_from_json(s.to_json()) == s


def _edit(state, **fields):
    body = json.loads(state.to_json())
    for key, changes in fields.items():
        for i, value in changes.items():
            body["state"][key][i] = value
    return load_game("vulcanus", **state.params()).state_from_json(json.dumps(body))


def test_a_hand_edited_record_is_refused():
    s = _late_kaiju_planning(2, 5)
    d = data(s)
    kaiju = 3 * 6                                   # deck K's first row (round 1)
    walk = d["record_revealed_type"][kaiju * 3]
    # three Walks revealed in round 1: the Kaiju's deck holds two of each card (V5)
    with pytest.raises(InvalidStateError, match="no history"):
        _edit(s, record_revealed_type={kaiju * 3 + k: walk for k in range(3)})
    # round 3 drew one card less from the starting deck and one more from round 1's cards
    row = (kaiju + 2) * 6
    assert d["record_drawn"][row] and d["record_drawn"][row + 1]
    with pytest.raises(InvalidStateError, match="older ones were used up"):
        _edit(s, record_drawn={row: d["record_drawn"][row] - 1, row + 1: d["record_drawn"][row + 1] + 1})
    # a redraw the Kaiju cannot make (V19)
    with pytest.raises(InvalidStateError, match="redraws"):
        _edit(s, record_redrawn={kaiju * 6: 1})
    # a round whose third card was never planned
    with pytest.raises(InvalidStateError, match="incomplete"):
        _edit(s, record_planned_epoch={(kaiju + 1) * 3 + 2: -1})
    # rounds not played yet
    with pytest.raises(InvalidStateError, match="recorded before"):
        _edit(s, record_drawn={(kaiju + 5) * 6: 1})


def test_a_deal_the_record_rules_out_is_refused():
    # round 3, the Kaiju planning: a card seen in round 1 cannot be among round 2's cards
    # (layer 2), which never mixed with round 1's
    s = _round_three_kaiju_planning()
    d = data(s)
    seen = [d["record_revealed_type"][3 * 6 * 3 + k] for k in range(3)]
    hidden = [c for c in range(27, 39) if d["card_knowledge_blocks"][c] != -1]
    layer2 = [c for c in hidden if d["card_zones"][c] == 1 and d["card_positions"][c] == 2]
    elsewhere = [c for c in hidden if not (d["card_zones"][c] == 1 and d["card_positions"][c] == 2) and d["card_types"][c] in seen]
    swaps = [(a, b) for a in elsewhere for b in layer2 if d["card_types"][b] not in seen]
    refused = 0
    for a, b in swaps:
        try:
            swap_types(s, a, b)
        except InvalidStateError as error:
            assert "no history" in str(error)
            refused += 1
    assert refused > 0


def test_resample_with_the_same_seed_is_the_same_deal_and_varies_with_the_seed():
    for players in (2, 3, 4):
        s = _late_kaiju_planning(players, 1, round_=5)
        for p in range(players):
            deals = {s.resample(p, seed).to_json() for seed in range(20)}
            assert s.resample(p, 4) == s.resample(p, 4)
            assert len(deals) > 1
            for seed in range(3):
                twin = s.resample(p, seed)
                assert twin.resample(p, 9) == s.resample(p, 9)      # only what p saw counts
