"""Kilauea scoring, computed by hand: intermediate, final with bonuses, tie-break, triggers."""
import pytest

from kilauea_helpers import B, G, R, Y, position, texts

# Volcano used below. Values (K11): tallest columns 1 VP per tiki, others 3 VP per tiki.
#   S1 red 3 yellow 1 green 0 blue 2 -> red 3, yellow 3, blue 6
#   S2 1 1 1 1 -> 1 each            S3 2 2 1 0 -> red 2, yellow 2, green 3
#   S4 1 1 1 1 -> 1 each            S5 0 0 0 4 -> blue 4
MID_VOLCANO = [[3, 1, 0, 2], [1, 1, 1, 1], [2, 2, 1, 0], [1, 1, 1, 1], [0, 0, 0, 4]]


def test_intermediate_scoring_when_the_first_forest_empties():
    """P1 cuts F1's last tiki; after the turn both players score their island sectors:
    P1: S1 red 1 x3 + blue 2 x6 = 15, S3 green 2 x3 = 6, S5 blue 1 x4 = 4 -> 25
    P2: S1 yellow 1 x3 = 3, S2 red 1 + yellow 1 = 2, S3 red 1 x2 = 2 -> 7."""
    islands = [{0: {R: 1, B: 2}, 2: {G: 2}, 4: {B: 1}}, {0: {Y: 1}, 1: {R: 1, Y: 1}, 2: {R: 1}}]
    state = position(2, pawn=-1, volcano=MID_VOLCANO, islands=islands, vp=[10, 4],
                     canoes=[{Y: 1}, {G: 2}], stones=[2, 2],
                     forests={0: {"a2": R}, 4: {"a2": Y, "b2": G}},
                     reefs=(2, 3, 4, 5, 1), forest_tiles=(6, 7, 8, 9, 10), spill=False)
    assert state.forests_emptied() == 0
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a2")
    assert state.forests_emptied() == 1
    assert state.scores() == [10, 4]              # the turn is not over yet
    assert texts(state) == ["pass", "coral 1"]
    state.apply_action("pass")
    assert state.scores() == [35, 11]
    assert state.to_dict()["intermediate_scored"] == 1
    assert not state.is_terminal() and state.current_player() == 1


def test_intermediate_scoring_happens_once():
    state = position(4, pawn=-1, forests={0: {}, 1: {"a1": R}}, canoes=[{}] * 4,
                     islands=[{0: {R: 1}}, {}, {}, {}], vp=[5, 0, 0, 0])
    assert state.to_dict()["intermediate_scored"] == 1
    state.apply_action("canoe +3")                 # S2 (2,1)
    state.apply_action("cut F2.a1")
    if state.phase() == "secondary":
        state.apply_action("pass")
    assert state.forests_emptied() == 2
    assert state.scores()[0] == 5


# Final position (2 players, F1 and F2 already empty, F3 holds one red tiki at a2):
#   S1 3 1 0 2 -> red 3, yellow 3, blue 6     S2 3 3 3 3 -> 3 each
#   S3 2 2 1 0 -> red 2, yellow 2, green 3    S4 3 3 3 3 -> 3 each     S5 0 0 0 3 -> blue 3
# P1 island: one tiki in every sector (S1 red 3, S2 blue 3, S3 green 3, S4 yellow 3,
#   S5 blue 3) = 15, +15 all five sectors, 3 stones -> +1, canoe yellow + the cut red -> +2.
# P2 island: S1 blue 2 x6 = 12, S3 green 2 x3 = 6 -> 18, 2 stones -> +1, canoe 2 green -> +2;
#   with `extra`, S4 red 1 x3 more -> 21.
FINAL_VOLCANO = [[3, 1, 0, 2], [3, 3, 3, 3], [2, 2, 1, 0], [3, 3, 3, 3], [0, 0, 0, 3]]


def final_position(vp, extra=False, drop=False):
    p2 = {0: {B: 2}, 2: {G: 2}}
    if extra:
        p2[3] = {R: 1}
    p1 = {0: {R: 1}, 1: {B: 1}, 2: {G: 1}, 3: {Y: 1}, 4: {B: 1}}
    if drop:
        del p1[4]                # P1: sectors 12, no 15 bonus, 4 island tikis
    islands = [p1, p2]
    return position(2, pawn=-1, volcano=FINAL_VOLCANO, islands=islands, vp=vp,
                    canoes=[{Y: 1}, {G: 2}], stones=[3, 2],
                    forests={0: {}, 1: {}, 2: {"a2": R}, 4: {"a2": R, "a3": Y, "b2": G}},
                    spill=False)


@pytest.mark.parametrize("vp,extra,drop,final,returns", [
    ([20, 30], False, False, [53, 51], [1.0, 0.0]),    # most VP wins
    ([18, 30], False, False, [51, 51], [0.0, 1.0]),    # tie: P2 has fewer island tikis (4 < 5)
    ([29, 20], True, True, [44, 44], [1.0, 0.0]),      # tie: P1 has fewer (4 < 5)
    ([20, 29], True, False, [53, 53], [0.5, 0.5]),     # tie on both: shared win
])
def test_final_scoring_bonuses_and_tie_break(vp, extra, drop, final, returns):
    state = final_position(vp, extra, drop)
    assert state.forests_emptied() == 2
    state.apply_action("canoe +3")                # 1 + 2 free steps: S3 (3,1)
    state.apply_action("cut F3.a2")
    while state.phase() == "secondary":
        state.apply_action("pass")
    assert state.is_terminal()
    assert state.scores() == final
    assert state.returns() == returns
    assert state.evaluate() == returns


def test_projected_scores_match_the_final_scoring():
    state = final_position([20, 30])
    assert state.projected_scores() == [20 + 15 + 15 + 1 + 1, 30 + 18 + 1 + 2]


def test_intermediate_and_final_in_the_same_turn():
    """K12: a turn that empties the 1st and the 3rd forest scores both, in order.
    P1 cuts F1's last tiki, coral 7 moves F2's last tiki (unlocking F2's volcano 3), volcano 3
    activates coral 7 again on F3's last tiki: 3 forests emptied in one turn.
    P1's only island tiki, S1 red, is worth 1 (S1 stays 1 1 1 1) at both scorings; at the
    end P1 has 1 stone (-> 0) and the cut red tiki in the canoe (-> 1): 1 + 1 + 1 = 3."""
    state = position(2, pawn=-1, forests={0: {"a2": R}, 1: {"c1": Y}, 2: {"b2": G}},
                     reefs=(1, 2, 4, 5, 7), forest_tiles=(6, 3, 8, 9, 10),
                     islands=[{0: {R: 1}}, {}], canoes=[{}, {}], vp=[0, 0], stones=[2, 2])
    assert state.to_dict()["intermediate_scored"] == 0
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a2")
    state.apply_action("coral 7")
    state.apply_action("coral 7: F2.c1 -> S2")
    assert state.to_dict()["hillside_tiles"][1] == 3
    state.apply_action("volcano 3")
    state.apply_action("target coral 7")
    state.apply_action("coral 7: F3.b2 -> S3")
    assert state.forests_emptied() == 3
    assert state.is_terminal()                   # nothing left to do: the turn ended, scored
    assert state.scores()[0] == 3


def test_turn_cap_ends_with_final_scoring():
    """K15/X5: at the cap the game ends and is scored as a normal end."""
    state = position(3, pawn=-1, turns=9, turn_cap=10, canoes=[{R: 1}, {}, {}],
                     stones=[2, 2, 2], islands=[{0: {B: 1}}, {}, {}], spill=True)
    before = state.projected_scores()
    state.apply_action("canoe +1")
    state.apply_action("island red")             # S1 red: [1,1,1,1] -> 1 VP per tiki
    assert state.is_terminal()
    assert state.scores()[0] == before[0] + 1 - 1 - 1   # +1 island red, -1 canoe tiki, -1 stone pair


def test_column_values_tallest_ties_and_empty_columns():
    """K11: tallest columns (ties included) 1 VP per tiki, others 3, height 0 scores 0;
    times the island tikis of that colour in that sector.
    S1 = red 2, yellow 2, green 1, blue 0: red 2, yellow 2, green 3, blue 0.
    P1's S1 stack red 1, yellow 2, green 1, blue 2 -> 2 + 4 + 3 + 0 = 9 (no other bonus:
    0 stones, empty canoe, one sector)."""
    volcano = [[2, 2, 1, 0]] + [[1, 1, 1, 1]] * 4
    state = position(4, volcano=volcano, islands=[{0: {R: 1, Y: 2, G: 1, B: 2}}, {}, {}, {}],
                     stones=[0, 2, 2, 2], canoes=[{}] * 4)
    assert state.projected_scores()[0] == 9
