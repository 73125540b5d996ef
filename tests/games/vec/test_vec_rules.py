"""One test per rule of the rulebook (and GAPS C-items): each fails if the rule is broken."""
import random

import pytest

from vsai.core.registry import load_game
from vec_helpers import build, act, setup_state, play_random

UP, DOWN, IDEAS, DECK, DISCARD, NOVEL = 8, 12, 1, 0, 2, 3
ST_PLACE, ST_ACT, ST_TURN_DOWN, ST_LIMIT, ST_END = 7, 9, 23, 24, 25


def where(state, c):
    return state.to_dict()["card_location"][c]


def count(state, loc):
    return sum(1 for x in state.to_dict()["card_location"] if x == loc)


# ------------------------------------------------------------------ set-up
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup(n):
    for seed in range(4):
        state = setup_state(n, seed)
        d = state.to_dict()
        assert d["placement_index"] == 0 and d["to_act"] == d["first_player"]
        held = d["player_objective"][:n]
        assert len(set(held)) == n and all(d["objective_location"][o] == p for p, o in enumerate(held))
        assert d["player_ink"][:n] == [3] * n and d["player_special_ink"][:n] == [2] * n
        assert d["ink_reserve"] == 24 - 3 * n
        for p in range(n):
            assert count(state, UP + p) == 1 and count(state, DOWN + p) == 0
        ideas = [c for c in range(54) if d["card_location"][c] == IDEAS]
        colors = [(c % 18) // 3 for c in ideas]
        revealed = [o for o in range(12) if d["objective_location"][o] == -2]
        from vsai.ext.vec.engine import objective_info
        if n == 3:
            assert sorted(colors) == list(range(6)) and not revealed
        else:
            assert len(revealed) == 1
            first_two = [["red", "blue", "green", "purple", "yellow", "grey"].index(x)
                         for x in objective_info(revealed[0])["colors"][:2]]
            if n == 2:          # those two colors are removed
                assert sorted(colors) == sorted(set(range(6)) - set(first_two))
            else:               # those two colors are added
                assert sorted(colors) == sorted(list(range(6)) + first_two)


def test_first_player_is_random_and_starting_pick():
    state = load_game("vec", players=3).new_initial_state()
    outs = state.chance_outcomes()
    assert [round(p, 6) for _, p in outs] == [round(1 / 3, 6)] * 3
    state.apply_action("first player P3")      # seat 2: texts name seats P1..Pn
    for _ in range(3):                          # deal objectives
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 2          # the first player picks first (C12)
    act(state, "green deck")
    drawn = []
    for _ in range(3):
        a = state.chance_outcomes()[-1][0]
        drawn.append(a)
        state.apply_action(a)
    texts = state.legal_action_strings()
    assert len(texts) == 3 and all(t.startswith("keep") and t.endswith("face up") for t in texts)
    act(state, texts[1])
    d = state.to_dict()
    kept = [c for c in drawn if d["card_location"][c] == UP + 2]
    assert len(kept) == 1
    for c in drawn:
        if c not in kept:                       # back in the deck; only P3 knows it
            assert d["card_location"][c] == DECK and d["card_known_by"][c] == 4
    assert state.current_player() == 0


# ------------------------------------------------------------------ Phase I
def test_phase1_quills_in_snake_order():
    state = setup_state(3, seed=1)
    first = state.to_dict()["first_player"]
    order = []
    while state.to_dict()["stage"] == ST_PLACE:
        order.append(state.current_player())
        texts = state.legal_action_strings()
        own = [t for t in texts if t.startswith("quill on own")]
        act(state, own[0] if own else next(t for t in texts if t.endswith("with 0 ink")))
    assert order == [first, (first + 1) % 3, (first + 2) % 3, (first + 2) % 3, (first + 1) % 3, first]


def test_no_two_quills_on_one_face_up_card_but_two_on_a_face_down_card():
    state = build(2, ideas=[0], up={0: [20], 1: [21]}, down={0: [53]}, card_quills={20: 1, 53: 1},
                  card_quill_owner={20: 0, 53: 0}, stage=ST_PLACE, to_act=0, first_player=0,
                  placement_index=3, player_ink=[0, 0, 0, 0])
    texts = state.legal_action_strings()
    assert "quill on own red Elf Love Story" not in texts
    assert "quill on own grey Cthulhu Love Story" in texts


def test_robbed_player_without_destination_takes_cubes_back():
    state = build(2, ideas=[0], up={1: [20]}, card_quills={0: 1}, card_quill_owner={0: 0},
                  card_ink={0: 1}, stage=ST_PLACE, to_act=1, first_player=0, placement_index=1,
                  player_ink=[2, 3, 0, 0])
    act(state, "quill on idea red Vampire Adventure with 2 ink")
    assert state.legal_action_strings() == ["quill back to stock"]
    act(state, "quill back to stock")
    d = state.to_dict()
    assert d["player_ink"][:2] == [4, 1] and d["card_ink"][0] == 1 and d["card_quill_owner"][0] == 1


def test_robbed_player_may_move_to_own_face_up_card_with_the_ink():
    state = build(2, ideas=[0], up={0: [20], 1: [21]}, card_quills={0: 1}, card_quill_owner={0: 0},
                  card_ink={0: 1}, stage=ST_PLACE, to_act=1, first_player=0, placement_index=1,
                  player_ink=[2, 3, 0, 0])
    act(state, "quill on idea red Vampire Adventure with 3 ink")
    assert state.legal_action_strings() == ["move quill to own red Elf Love Story"]
    act(state, "move quill to own red Elf Love Story")
    d = state.to_dict()
    assert d["card_quills"][20] == 1 and d["card_ink"][20] == 2    # counts in its next strength (C5)


def test_gathering_moves_quilled_ideas_and_returns_their_ink():
    state = build(2, ideas=[0, 18, 36], up={0: [20], 1: [21]}, card_quills={0: 1, 18: 1, 21: 1},
                  card_quill_owner={0: 0, 18: 1, 21: 1}, card_ink={0: 2, 18: 1}, stage=ST_PLACE,
                  to_act=0, first_player=0, placement_index=3, player_ink=[1, 2, 0, 0])
    act(state, "quill on own red Elf Love Story")
    d = state.to_dict()
    assert [d["card_location"][c] for c in (0, 18, 36)] == [UP + 0, UP + 1, IDEAS]
    assert d["card_quills"][0] == 1 and d["card_ink"][0] == 0 and d["card_ink"][18] == 0
    assert d["ink_reserve"] == 24 - 3
    assert d["stage"] == ST_ACT and d["to_act"] == 0       # activations start with the first player


# ------------------------------------------------------------------ Phase II
def test_face_down_card_needs_two_quills():
    one = build(2, up={0: [20]}, down={0: [2]}, card_quills={20: 1, 2: 1},
                card_quill_owner={20: 0, 2: 0}, stage=ST_ACT, to_act=0, first_player=0,
                activation_index=0)
    assert not any("red Vampire Love Story" in t for t in one.legal_action_strings())
    two = build(2, up={0: [20]}, down={0: [2]}, card_quills={20: 1, 2: 2},
                card_quill_owner={20: 0, 2: 0}, stage=ST_ACT, to_act=0, first_player=0,
                activation_index=0)
    assert "activate red Vampire Love Story" in two.legal_action_strings()


def test_activations_follow_snake_order_and_two_quills_on_face_down_act_once():
    state = build(2, up={0: [20], 1: [21, 26]}, down={0: [3]}, card_quills={3: 2, 21: 1, 26: 1},
                  card_quill_owner={3: 0, 21: 1, 26: 1}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0)
    seen = []
    while state.to_dict()["stage"] not in (ST_PLACE,) and not state.is_chance_node():
        if state.to_dict()["stage"] == ST_ACT:
            seen.append(state.current_player())
            act(state, next(t for t in state.legal_action_strings() if t.startswith("renounce")))
        else:
            state.apply_action(state.legal_actions()[0])
    assert seen == [0, 1, 1]        # P1 once (face-down card), then P2, P2 (snake)


def test_strength_is_a_times_b_plus_special_points_card_ink_and_bids():
    # Retrieve card blue Vampire Comedy: Vampires 4, 1, 9 (A = 3), Comedies 4, 1, 40 (B = 3)
    state = build(2, up={0: [4, 1, 9, 40], 1: [20]}, down={0: [53]}, card_quills={4: 1},
                  card_quill_owner={4: 0}, card_ink={4: 2}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[3, 0, 0, 0], player_special_ink=[1, 0, 0, 0])
    act(state, "activate blue Vampire Comedy")
    act(state, "discard grey Cthulhu Love Story for 2 points")
    act(state, "no more special points")
    act(state, "bid 3 ink 1 special")
    d = state.to_dict()
    assert d["strength"][0] == 3 * 3 + 2 + 2 + 3 + 3        # 19
    assert d["card_location"][53] == DISCARD
    assert "discards: grey Cthulhu Love Story" in state.observation_string(1)   # C14: public
    assert (d["player_ink"][0], d["player_special_ink"][0], d["special_ink_in_box"][0]) == (19 // 2, 0, 4)
    assert d["ink_reserve"] == 24 - 9


def test_special_point_turning_counts_before_a_and_b():
    state = build(2, up={0: [4, 1, 9, 40], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[0, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate blue Vampire Comedy")
    act(state, "turn blue Cthulhu Comedy down for 1 point")      # B becomes 2
    act(state, "no more special points")
    assert state.to_dict()["strength"][0] == 3 * 2 + 1


def test_no_turning_for_special_points_above_seven_face_up():
    cards = [4, 1, 9, 40, 41, 42, 43, 44]
    state = build(2, up={0: cards, 1: [20]}, down={0: [53]}, card_quills={4: 1},
                  card_quill_owner={4: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[0, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate blue Vampire Comedy")
    texts = state.legal_action_strings()
    assert not any("for 1 point" in t for t in texts) and any("for 2 points" in t for t in texts)
    # exactly 7 face-up cards still allow it ("7 or less"), also with no face-down card to discard
    seven = build(2, up={0: cards[:7], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[0, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(seven, "activate blue Vampire Comedy")
    assert sum("for 1 point" in t for t in seven.legal_action_strings()) == 6


def test_retrieve_is_capped_by_the_reserve():
    state = build(2, up={0: [4], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[20, 2, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate blue Vampire Comedy")
    act(state, "bid 20 ink 0 special")         # strength 21: 10 cubes, the reserve has 22
    d = state.to_dict()
    assert d["player_ink"][0] == 10 and d["ink_reserve"] == 12
    capped = build(2, up={0: [4], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                   stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                   player_ink=[10, 12, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(capped, "activate blue Vampire Comedy")
    act(capped, "bid 10 ink 0 special")        # strength 11: 5 cubes, but only 2 + 10 in reserve
    assert capped.to_dict()["player_ink"][0] == 5
    tight = build(2, up={0: [4], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[1, 23, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(tight, "activate blue Vampire Comedy")
    act(tight, "bid 1 ink 0 special")          # strength 2 -> 1 cube; reserve had 0 then 1
    assert tight.to_dict()["player_ink"][0] == 1 and tight.to_dict()["ink_reserve"] == 0


def test_reactivate_costs_two_points_per_card():
    state = build(2, up={0: [3], 1: [20]}, down={0: [53, 52, 51]}, card_quills={3: 1},
                  card_quill_owner={3: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[3, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate blue Vampire Adventure")
    act(state, "no more special points")
    act(state, "bid 3 ink 0 special")          # 1 + 3 = 4 points: two cards
    act(state, "turn grey Cthulhu Love Story face up")
    act(state, "turn grey Cthulhu Comedy face up")
    d = state.to_dict()
    assert d["card_location"][53] == UP and d["card_location"][52] == UP and d["card_location"][51] == DOWN
    assert d["stage"] == ST_TURN_DOWN


def test_exchange_four_ink_for_one_special_ink():
    state = build(2, up={0: [4], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[5, 0, 0, 0], player_special_ink=[2, 0, 0, 0])
    act(state, "activate blue Vampire Comedy")
    texts = state.legal_action_strings()
    assert "exchange 4 ink for 1 special, bid 1 ink 3 special" in texts
    assert not any(t.startswith("exchange 8 ink") for t in texts)     # only 5 cubes
    act(state, "exchange 4 ink for 1 special, bid 1 ink 3 special")   # 1 + 1 + 9 = 11
    d = state.to_dict()
    assert d["strength"][0] == 11
    # 0 left + 5 retrieved
    assert (d["player_ink"][0], d["player_special_ink"][0], d["special_ink_in_box"][0]) == (5, 0, 4)


def test_exchanges_are_secret_but_bounded():
    def position():
        return build(2, up={0: [4], 1: [20]}, card_quills={4: 1}, card_quill_owner={4: 0},
                     stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                     player_ink=[6, 0, 0, 0], player_special_ink=[1, 0, 0, 0])
    plain, traded = position(), position()
    act(plain, "activate blue Vampire Comedy")
    act(traded, "activate blue Vampire Comedy")
    a = plain.string_to_action("bid 2 ink 1 special")
    b = traded.string_to_action("exchange 4 ink for 1 special, bid 2 ink 1 special")
    assert plain.action_key(1, a) == traded.action_key(1, b) and plain.action_key(0, a) != traded.action_key(0, b)
    plain.apply_action(a)
    traded.apply_action(b)
    assert plain.to_dict()["player_special_ink"][0] == 0 and traded.to_dict()["player_special_ink"][0] == 1
    assert plain.observation_string(1) == traded.observation_string(1)
    assert (plain.observation_tensor(1) == traded.observation_tensor(1)).all()
    assert plain.observation_string(0) != traded.observation_string(0)
    assert "0..1 special ink" in plain.observation_string(1)
    seen = {plain.resample(1, seed).to_dict()["player_special_ink"][0] for seed in range(30)}
    assert seen == {0, 1}


def test_mandatory_turn_down_then_seven_face_up_limit():
    cards = [20, 21, 22, 23, 24, 25, 26, 27, 4]
    state = build(2, up={0: cards, 1: [30]}, card_quills={4: 1}, card_quill_owner={4: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0)
    act(state, "renounce blue Vampire Comedy")
    assert state.to_dict()["stage"] == ST_TURN_DOWN          # C4: even after renouncing
    state.apply_action(state.legal_actions()[0])
    assert state.to_dict()["stage"] == ST_LIMIT and count(state, UP) == 8
    state.apply_action(state.legal_actions()[0])
    assert count(state, UP) == 7 and state.to_dict()["stage"] != ST_LIMIT


def test_compare_cost_is_one_point_against_seven_face_up():
    state = build(2, up={0: [1], 1: [18, 4, 8, 40, 47, 50, 51]}, card_quills={1: 1},
                  card_quill_owner={1: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[6, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate red Vampire Comedy")
    act(state, "compare with red Elf Adventure")
    act(state, "no more special points")
    act(state, "bid 6 ink 0 special")           # 7 against 1 Elf x 2 Adventures = 2
    d = state.to_dict()
    assert d["strength"][:2] == [7, 2]
    assert d["card_location"][18] == DOWN + 1             # 7 face-up: the compared card costs 1
    assert d["effect_points"] == 4 and d["stage"] == 13  # then 6 face-up: 3 per card


COST = {1: 28, 2: 21, 3: 15, 4: 10, 5: 6, 6: 3, 7: 1, 8: 1}


@pytest.mark.parametrize("k", sorted(COST))
def test_compare_cost_table_for_every_face_up_count(k):
    """The compared card turns for exactly its cost by the defender's face-up count."""
    # the defender's other cards share neither type nor genre with red Elf Adventure: A = B = 1
    others = [c for c in range(54) if c // 18 != 1 and c % 3 != 0 and c != 1][:k - 1]
    for margin, turned in ((COST[k], True), (COST[k] - 1, False)):
        # both strengths are fixed: the actor's 1 x 1 + `margin` special points against 1
        state = build(2, up={0: [1], 1: [18] + others}, card_quills={1: 1}, card_quill_owner={1: 0},
                      stage=11, to_act=0, first_player=0, activation_index=0, actor=0,
                      action_card=1, action_kind=1, participants=2, participant={0: 0, 1: 1},
                      participant_card={0: 1, 1: 18}, special_points={0: margin}, step=0,
                      player_ink=[0, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
        act(state, "bid 0 ink 0 special")
        d = state.to_dict()
        assert d["strength"][:2] == [1 + margin, 1]
        assert (d["card_location"][18] == DOWN + 1) == turned, (k, margin)


# ------------------------------------------------------------------ Insert
def insert_position(**kw):
    fields = dict(up={0: [0, 21, 26], 1: [14]}, down={0: [45]}, card_quills={0: 1},
                  card_quill_owner={0: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[0, 1, 0, 0], player_special_ink=[2, 1, 0, 0],
                  novel=[(38, {}), None, None, None], objectives=[0, 1])
    fields.update(kw)
    return build(2, **fields)


def test_insert_needs_four_colors():
    assert "activate red Vampire Adventure" in insert_position().legal_action_strings()
    three = insert_position(down={})
    assert "activate red Vampire Adventure" not in three.legal_action_strings()
    assert "renounce red Vampire Adventure" in three.legal_action_strings()


def test_insert_without_opposition_special_ink_and_replacement():
    state = insert_position()
    act(state, "activate red Vampire Adventure")
    act(state, "insert red Vampire Adventure")
    assert state.current_player() == 1
    act(state, "no opposition")
    act(state, "add 1 special ink")
    texts = state.legal_action_strings()
    assert "replace NOVEL position 1" in texts            # 1 token beats 0 tokens
    act(state, "replace NOVEL position 1")
    assert state.legal_action_strings() == ["NOVEL position 2", "NOVEL position 3", "NOVEL position 4"]
    act(state, "NOVEL position 3")
    d = state.to_dict()
    assert d["novel_card"] == [0, -1, 38, -1]
    assert d["novel_special_ink"][0] == 1 and d["player_special_ink"][0] == 1
    # objective #1 (red blue green purple, Vampire): red in place 1 with P1's ink 2 x 2,
    # the Vampire type 1, the red Cthulhu card in place 3 (red, wrong place) 1
    assert state.scores()[0] == 2 * 2 + 1 + 1


def test_insert_cannot_replace_a_card_with_as_much_special_ink():
    state = insert_position(novel=[(38, {1: 1}), None, None, None], player_special_ink=[2, 0, 0, 0])
    act(state, "activate red Vampire Adventure")
    act(state, "insert red Vampire Adventure")
    act(state, "no opposition")
    act(state, "add 1 special ink")
    assert "replace NOVEL position 1" not in state.legal_action_strings()


def test_insert_opposition_tie_means_nothing():
    state = insert_position()
    act(state, "activate red Vampire Adventure")
    act(state, "insert red Vampire Adventure")
    act(state, "oppose with yellow Vampire Love Story")
    act(state, "no more special points")                   # P1; P2 has no other card
    act(state, "bid 0 ink 0 special")                      # P1: A 1 x B 2 = 2
    act(state, "bid 1 ink 0 special")                      # P2: 1 x 1 + 1 = 2
    d = state.to_dict()
    assert d["strength"][:2] == [2, 2] and d["novel_card"] == [38, -1, -1, -1]
    # nothing happens: no special ink step for anyone, straight to P1's turn-down (C4)
    assert d["stage"] == ST_TURN_DOWN and d["to_act"] == 0 and d["card_location"][0] == UP


def test_insert_opposer_with_higher_strength_inserts():
    state = insert_position()
    act(state, "activate red Vampire Adventure")
    act(state, "insert red Vampire Adventure")
    act(state, "oppose with yellow Vampire Love Story")
    act(state, "no more special points")
    act(state, "bid 0 ink 0 special")
    act(state, "bid 0 ink 1 special")                      # 1 + 3 = 4 > 2
    assert state.current_player() == 1
    act(state, "add 0 special ink")
    act(state, "NOVEL position 2")
    assert state.to_dict()["novel_card"] == [38, 14, -1, -1]


def test_game_ends_at_the_fourth_novel_card():
    state = insert_position(novel=[(38, {}), (37, {}), (36, {}), None])
    act(state, "activate red Vampire Adventure")
    act(state, "insert red Vampire Adventure")
    act(state, "no opposition")
    act(state, "add 0 special ink")
    act(state, "NOVEL position 4")
    assert state.is_terminal()
    assert sum(state.returns()) == pytest.approx(1.0)


# ------------------------------------------------------------------ end of turn
@pytest.mark.parametrize("n", [2, 3, 4])
def test_refill_and_first_player_passes_left(n):
    for seed in range(3):
        state = setup_state(n, seed)
        first = state.to_dict()["first_player"]
        rng = random.Random(seed)
        while state.to_dict()["turn"] == 0:
            if state.is_chance_node():
                outs = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        while state.is_chance_node():
            outs = state.chance_outcomes()
            state.apply_action(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        d = state.to_dict()
        assert d["first_player"] == (first + 1) % n and d["stage"] == ST_PLACE and d["placement_index"] == 0
        ideas = [c for c in range(54) if d["card_location"][c] == IDEAS]
        colors = [(c % 18) // 3 for c in ideas]
        assert len(ideas) == {2: 4, 3: 6, 4: 8}[n]
        assert len(set(colors)) == {2: 4, 3: 6, 4: 6}[n]
        assert max(colors.count(c) for c in set(colors)) <= (2 if n == 4 else 1)


def test_turn_cap_ends_the_game():
    state = load_game("vec", players=2, turn_cap=1).new_initial_state()
    play_random(state, 3)
    assert state.is_terminal() and state.to_dict()["turn"] == 1


def test_compare_quilled_card_cannot_be_turned():
    # P2's compared card carries P2's quill (its own activation is still to come)
    state = build(2, up={0: [1], 1: [18, 4, 8, 40, 47]}, card_quills={1: 1, 18: 1},
                  card_quill_owner={1: 0, 18: 1}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=0, player_ink=[17, 0, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate red Vampire Comedy")
    act(state, "compare with red Elf Adventure")
    act(state, "no more special points")
    act(state, "bid 17 ink 0 special")
    d = state.to_dict()
    assert d["strength"][0] > d["strength"][1]
    assert count(state, UP + 1) == 5 and d["stage"] == ST_TURN_DOWN   # nothing is turned


def test_compare_defender_winning_turns_the_actors_cards():
    # the actor has 7 face-up cards (cost 1 each); the defender out-bids by 3
    actor_cards = [1, 20, 21, 22, 23, 24, 25]
    state = build(2, up={0: actor_cards, 1: [18, 4]}, card_quills={1: 1}, card_quill_owner={1: 0},
                  stage=ST_ACT, to_act=0, first_player=0, activation_index=0,
                  player_ink=[0, 5, 0, 0], player_special_ink=[0, 0, 0, 0])
    act(state, "activate red Vampire Comedy")
    act(state, "no more special points")
    act(state, "compare with blue Vampire Comedy")
    act(state, "no more special points")
    act(state, "bid 5 ink 0 special")          # P2: A x B of blue Vampire Comedy = 1 + 5 = 6
    d = state.to_dict()
    assert d["strength"][1] > d["strength"][0]
    assert state.current_player() == 1 and d["stage"] == 13
    texts = state.legal_action_strings()
    assert "turn opponent's red Vampire Comedy face down" not in texts     # quilled
    act(state, "turn opponent's red Elf Love Story face down")
    assert where(state, 20) == DOWN + 0


def _end_turn(state):
    """Renounce the last activation and turn a card down: the turn ends (refill follows)."""
    act(state, next(t for t in state.legal_action_strings() if t.startswith("renounce")))
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])


def _ideas_colors(state):
    d = state.to_dict()
    return sorted((c % 18) // 3 for c in range(54) if d["card_location"][c] == IDEAS)


def test_two_player_refill_follows_the_objective_colors():
    # Ideas left: red (0) and green (6); the last activation of the turn is P1's
    state = build(2, ideas=[0, 6], up={0: [20, 4], 1: [21]}, card_quills={4: 1},
                  card_quill_owner={4: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=3, objectives=[10, 11])
    _end_turn(state)
    assert state.to_dict()["first_player"] == 1                   # the token passes left
    outs = [a for a, _ in state.chance_outcomes()]
    assert all(54 <= a < 66 for a in outs) and 54 + 10 not in outs and 54 + 11 not in outs
    state.apply_action("reveal objective #1 Vampire: red blue green purple")
    # red is there, so its second color, blue, is added
    assert state.to_dict()["ideas_queue"][:state.to_dict()["ideas_queue_length"]] == [1]
    state.apply_action(state.chance_outcomes()[0][0])
    assert _ideas_colors(state) == [0, 1, 2]
    state.apply_action("reveal objective #2 Elf: blue green purple yellow")   # both present
    assert state.is_chance_node() and state.to_dict()["ideas_queue_length"] == 0
    state.apply_action("reveal objective #4 Vampire: purple yellow grey red")
    state.apply_action(state.chance_outcomes()[0][0])
    assert _ideas_colors(state) == [0, 1, 2, 3]
    assert state.to_dict()["stage"] == ST_PLACE


def test_four_player_refill_missing_colors_then_two_extra():
    ideas = [0, 3, 6, 9, 12]                   # red, blue, green, purple, yellow: grey missing
    state = build(4, ideas=ideas, up={0: [20, 4], 1: [21], 2: [22], 3: [23]}, card_quills={4: 1},
                  card_quill_owner={4: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=7, objectives=[0, 1, 2, 3])
    _end_turn(state)
    assert state.to_dict()["ideas_queue"][:1] == [5]             # the missing color first
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action("reveal objective #5 Elf: yellow grey red blue")
    d = state.to_dict()
    assert d["ideas_queue"][:d["ideas_queue_length"]] == [4, 5]
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.chance_outcomes()[0][0])
    assert _ideas_colors(state) == [0, 1, 2, 3, 4, 4, 5, 5]
    assert state.to_dict()["stage"] == ST_PLACE


def test_empty_deck_is_rebuilt_from_its_discards():
    blue = [3, 4, 5, 21, 22, 23, 39, 40, 41]
    # every blue card is discarded except one in P1's display; the 3p refill needs a blue idea
    state = build(3, ideas=[0, 6, 9, 12, 15], up={0: [20, 3], 1: [24], 2: [25]},
                  card_location={c: DISCARD for c in blue[1:]},
                  card_known_by={c: 7 for c in blue[1:]}, card_quills={20: 1},
                  card_quill_owner={20: 0}, stage=ST_ACT, to_act=0, first_player=0,
                  activation_index=5, objectives=[0, 1, 2])
    _end_turn(state)
    outs = sorted(a for a, _ in state.chance_outcomes())
    assert outs == blue[1:]
    assert all(state.to_dict()["card_location"][c] == DECK for c in blue[1:])


def _four_player_refill(objectives):
    """4 players at the refill's last Ideas draw (grey): afterwards red is the only color that
    may still be added (one red idea, the others' decks and discards empty or two ideas), and
    only objectives #1, #6, #7, #11 show red among their first two colors."""
    color = lambda c: c % 18 // 3
    by_color = {k: [c for c in range(54) if color(c) == k] for k in range(6)}
    ideas = [by_color[0][0], by_color[1][0], by_color[1][1], by_color[2][0], by_color[3][0],
             by_color[4][0]]
    displayed = by_color[2][1:] + by_color[3][1:] + by_color[4][1:] + by_color[5][1:]
    down = {p: displayed[8 * p:8 * p + 8] for p in range(4)}       # grey: one left in its deck
    return build(4, down=down, ideas=ideas, objectives=objectives, stage=6, turn=1,
                 ideas_queue={0: 5}, ideas_queue_length=1, first_player=0)


def test_four_player_refill_draws_objectives_from_public_information_only():
    """Section 3 of issue 14: whether the refill draws an objective card may not depend on the
    players' secret objectives. P1 holds #1 in both worlds; in the first the other players hold
    the three other cards that could add red, in the second none: P1 cannot tell them apart,
    so both draw (the deck still has unseen cards) and P1 sees the same thing."""
    held = _four_player_refill([0, 5, 6, 10])
    free = _four_player_refill([0, 1, 2, 3])
    assert held.observation_string(0) == free.observation_string(0)
    grey = next(a for a in held.legal_actions())
    for state in (held, free):
        state.apply_action(grey)
        assert state.to_dict()["stage"] == 5              # an objective card is drawn
    assert held.observation_string(0) == free.observation_string(0)
    # with the red objectives held, the 8 unseen deck cards add nothing: all are drawn, then
    # only public cards remain and none can add red, so Phase I starts
    rng = random.Random(0)
    draws = 0
    while held.to_dict()["stage"] == 5:
        held.apply_action(rng.choice(held.legal_actions()))
        draws += 1
    assert draws == 8 and held.to_dict()["stage"] == 7
    assert held.to_dict()["card_location"].count(1) == 7


def test_four_player_refill_stops_when_no_objective_card_can_add_a_color():
    """Once the deck holds no unseen card, only the public cards decide: none shows red among
    its first two colors here, so no objective card is drawn."""
    state = _four_player_refill([0, 5, 6, 10])
    d = state.to_dict()
    for o in range(12):
        if d["objective_location"][o] == -1:
            d["objective_location"][o] = -2              # all seen in the discards
    state.load_dict(d)
    state.apply_action(state.legal_actions()[0])
    assert state.to_dict()["stage"] == 7
