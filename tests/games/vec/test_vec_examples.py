"""The rulebook's worked examples, replayed through the public API."""
from vec_helpers import build, act

# Cards (GAPS C1 ids): see vsai.ext.vec.card_info.
COMPARE_CARD = 1        # red Vampire Comedy, Compare
RESEARCH_CARD = 2       # red Vampire Love Story, Research


def test_scoring_example_george_luke_leia():
    """George 5, Luke 7, Leia 9 VP with the same item structure as the rulebook example (C3).

    The real objective cards are unknown (C2), so the NOVEL is red, blue, green, yellow:
    George (objective #11 Elf) 2 (red, wrong place, his ink) + 2 (green, right place) + 1
    (yellow, wrong place); Luke (#12 Cthulhu) 1 (red, wrong place) + 4 (blue, right place,
    his ink) + 2 Cthulhu cards; Leia (#7 Vampire) 2 (red, right place) + 1 (blue, wrong place)
    + 2 + 2 (green and yellow, wrong places, her ink) + 2 Vampire cards.
    """
    state = build(3, stage=25, objectives=[10, 11, 6],
                  novel=[(0, {0: 1}), (39, {1: 1}), (6, {2: 1}), (48, {2: 1})])
    assert state.is_terminal()
    assert state.scores() == [5, 7, 9]
    assert state.returns() == [0.0, 0.0, 1.0]


def test_scoring_tie_shares_the_win():
    state = build(2, stage=25, objectives=[0, 3], novel=[(0, {}), None, None, None])
    # red card in position 1: objective #1 has red first (2 VP) + Vampire type (1);
    # objective #4 has red fourth (1 VP) + Vampire type (1).
    assert state.scores() == [3, 2]
    tied = build(2, stage=25, objectives=[0, 6], novel=[(0, {}), None, None, None])
    assert tied.scores() == [3, 3]
    assert tied.returns() == [0.5, 0.5]


def compare_position():
    # P2 has 5 face-up cards; the compared card (red Elf Adventure) has A = B = 1.
    return build(2, up={0: [COMPARE_CARD], 1: [18, 4, 8, 40, 47]}, card_quills={COMPARE_CARD: 1},
                 card_quill_owner={COMPARE_CARD: 0}, stage=9, to_act=0, first_player=0,
                 activation_index=0, player_ink=[17, 0, 0, 0], player_special_ink=[0, 0, 0, 0])


def test_compare_example_17_points_turn_two_cards():
    state = compare_position()
    act(state, "activate red Vampire Comedy")
    act(state, "compare with red Elf Adventure")
    act(state, "no more special points")          # the defender's step 1
    act(state, "bid 17 ink 0 special")            # 1 x 1 + 17 = 18 against 1: 17 points
    d = state.to_dict()
    assert d["strength"][:2] == [18, 1]
    # the compared card went first for 6 (5 face-up), 11 points left, next costs 10
    assert d["card_location"][18] == 12 + 1
    assert d["effect_points"] == 11
    assert state.legal_action_strings()[0] == "stop turning"
    act(state, "turn opponent's blue Vampire Comedy face down")
    d = state.to_dict()
    # 1 point left, the third card would cost 15: the Compare is over
    assert d["card_location"][4] == 12 + 1
    assert sum(1 for c in range(54) if d["card_location"][c] == 8 + 1) == 3
    assert d["stage"] == 23                       # George's own mandatory turn-down (C4)


def test_compare_defender_wins_symmetrically():
    state = compare_position()
    act(state, "activate red Vampire Comedy")
    act(state, "compare with red Elf Adventure")
    act(state, "no more special points")
    # George bids nothing: 1 against 1 is a tie, nothing happens
    act(state, "bid 0 ink 0 special")
    assert state.to_dict()["stage"] == 23
    assert all(state.to_dict()["card_location"][c] == 9 for c in (18, 4, 8, 40, 47))


def research_position(cubes=7):
    return build(2, up={0: [RESEARCH_CARD], 1: [20]}, card_quills={RESEARCH_CARD: 1},
                 card_quill_owner={RESEARCH_CARD: 0}, stage=9, to_act=0, first_player=0,
                 activation_index=0, player_ink=[cubes, 0, 0, 0], player_special_ink=[0, 0, 0, 0])


def _draw_first(state):
    outs = state.chance_outcomes()
    state.apply_action(outs[0][0])


def test_research_example_strength_8_four_face_down():
    state = research_position()
    act(state, "activate red Vampire Love Story")
    act(state, "bid 7 ink 0 special")             # 1 x 1 + 7 = 8
    assert state.to_dict()["effect_points"] == 8
    act(state, "blue deck")
    for expected_left in (6, 4, 2):
        _draw_first(state)
        assert state.to_dict()["effect_points"] == expected_left
        act(state, "draw another card")
    _draw_first(state)
    texts = state.legal_action_strings()
    assert "draw another card" not in texts
    assert not any(t.endswith("face up") for t in texts)
    assert sum(t.endswith("face down") for t in texts) == 4
    act(state, texts[0])
    d = state.to_dict()
    assert sum(1 for c in range(54) if d["card_location"][c] == 12) == 1      # one face-down card kept
    assert sum(1 for c in range(54) if d["card_location"][c] == 4) == 0       # the rest went back


def test_research_example_strength_8_two_face_up():
    state = research_position()
    act(state, "activate red Vampire Love Story")
    act(state, "bid 7 ink 0 special")
    act(state, "blue deck")
    _draw_first(state)
    act(state, "draw another card")
    _draw_first(state)
    texts = state.legal_action_strings()
    assert sum(t.endswith("face up") for t in texts) == 2            # 8 - 2 x 2 = 4 left
    up = [t for t in texts if t.endswith("face up")][0]
    act(state, up)
    d = state.to_dict()
    assert sum(1 for c in range(54) if d["card_location"][c] == 8 and c != RESEARCH_CARD) == 1


def test_stealing_example_luke_moves_three_ink():
    # Luke (P1) bids 2 on an idea, Leia (P2) steals it with 4.
    state = build(2, ideas=[0, 18, 36, 6], up={0: [20], 1: [21]}, stage=7, to_act=0, first_player=0,
                  placement_index=0, player_ink=[3, 4, 0, 0])
    act(state, "quill on idea red Vampire Adventure with 2 ink")
    texts = state.legal_action_strings()
    assert "quill on idea red Vampire Adventure with 2 ink" not in texts    # strictly more
    assert "quill on idea red Vampire Adventure with 3 ink" in texts
    act(state, "quill on idea red Vampire Adventure with 4 ink")
    d = state.to_dict()
    assert d["stage"] == 8 and d["to_act"] == 0 and d["carried_ink"] == 3
    act(state, "move quill to idea red Elf Adventure")
    d = state.to_dict()
    assert (d["card_quill_owner"][18], d["card_ink"][18]) == (0, 3)     # Luke: his 2 plus 1 of Leia's
    assert (d["card_quill_owner"][0], d["card_ink"][0]) == (1, 3)       # Leia: 4 - 1
    assert d["player_ink"][:2] == [1, 0]
