"""Kilauea secondary actions: when they open, unlocking volcano tiles, and all 20 effects."""
import pytest

from kilauea_helpers import B, COLOURS, G, R, Y, census, position, seat_data, texts, volcano_rows

FULL_F1 = {"a1": R, "a2": Y, "a3": G, "a4": B, "b1": R, "b2": Y, "b3": G, "b4": B,
           "c1": R, "c2": Y, "c3": G}
F1_NO_ROW_C = {"a1": R, "a2": Y, "a3": G, "a4": B, "b1": R, "b2": Y, "b3": G, "b4": B}


def tiles_with(reef1=None, forest1=None):
    """Tile numbers for (reefs, forest_tiles) with `reef1` at R1 and/or `forest1` at F1."""
    rest = [t for t in range(1, 11) if t not in (reef1, forest1)]
    reefs = ([reef1] if reef1 else []) + rest[:5 - (1 if reef1 else 0)]
    rest = [t for t in rest if t not in reefs]
    forest = ([forest1] if forest1 else []) + rest
    return reefs, forest


def coral_turn(n, *, canoe=None, stones=(2, 2, 2, 2), **kw):
    """P1 has cut F1.a1 with the pawn on (1,2), next to R1 holding coral n."""
    reefs, forest = tiles_with(reef1=n)
    kw.setdefault("forests", {0: dict(FULL_F1)})
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest,
                     canoes=[canoe or {R: 2}, {}, {}, {}], stones=list(stones), **kw)
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a1")
    if state.phase() == "cut2":
        state.apply_action("stop")
    return state


def volcano_turn(n, *, canoe=None, stones=(2, 2, 2, 2), **kw):
    """P1 has placed a red tiki on S1, whose hillside holds volcano n (F1's row c is empty)."""
    reefs, forest = tiles_with(forest1=n)
    kw.setdefault("forests", {0: dict(F1_NO_ROW_C)})
    kw.setdefault("volcano", [[1, 1, 1, 1]] * 5)
    kw["volcano"] = [list(r) for r in kw["volcano"]]
    kw["volcano"][0][0] -= 0
    state = position(4, pawn=-1, reefs=reefs, forest_tiles=forest,
                     canoes=[canoe or {R: 2}, {}, {}, {}], stones=list(stones), **kw)
    assert state.to_dict()["hillside_tiles"][0] == n
    state.apply_action("canoe +1")
    state.apply_action("volcano red")
    return state


def me(state):
    return seat_data(state, 0)


# ---------------------------------------------------------------- when they open (K7)
def test_coral_after_a_cut_next_to_the_pawn():
    state = coral_turn(1)
    assert texts(state) == ["pass", "coral 1"]
    state.apply_action("pass")
    assert state.current_player() == 1


def test_coral_reef_adjacency_of_canoe_spaces():
    """K3: space (k,2) touches Rk; space (k,1) touches R(k-1)."""
    reefs, forest = tiles_with(reef1=1)            # coral 1 at R1, coral 2.. elsewhere
    state = position(4, pawn=-1, reefs=reefs, forest_tiles=forest, canoes=[{}] * 4,
                     forests={0: dict(FULL_F1)})
    state.apply_action("canoe +1")                 # (1,1): touches R5
    state.apply_action("cut F1.a1")
    state.apply_action("stop")
    assert f"coral {reefs[4]}" in texts(state) and "coral 1" not in texts(state)


def test_no_coral_after_volcano_or_island_placement():
    state = volcano_turn(7)            # hillside volcano 7 is open, the reef tile is not
    assert "volcano 7" in texts(state)
    assert not any(t.startswith("coral") for t in texts(state))
    reefs, forest = tiles_with(reef1=1)
    isl = position(4, pawn=0, reefs=reefs, forest_tiles=forest, canoes=[{R: 1}, {}, {}, {}])
    isl.apply_action("canoe +1")
    isl.apply_action("island red")
    assert isl.current_player() == 1              # no secondary action after the island


def test_hillside_tile_only_in_its_sector():
    reefs, forest = tiles_with(forest1=1)
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest, canoes=[{R: 1}, {}, {}, {}],
                     forests={0: dict(F1_NO_ROW_C)})
    state.apply_action("canoe +2")                # S2: its hillside is empty
    state.apply_action("volcano red")
    assert state.current_player() == 1


def test_each_opportunity_once_per_turn():
    state = coral_turn(1)
    state.apply_action("coral 1")
    assert state.current_player() == 1            # nothing left: the turn ended
    assert state.scores()[0] == 2


def test_unlocking_a_volcano_tile_by_a_cut():
    """Clearing row c moves the tile to the hillside; it may be used before or after the
    coral action, once (rulebook, K7)."""
    forests = {0: {"c1": R}}
    reefs, forest = tiles_with(reef1=1, forest1=5)
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest, forests=forests,
                     canoes=[{}] * 4, volcano=[[1, 1, 1, 1]] * 5, stones=[2, 2, 2, 2])
    state.apply_action("canoe +1")
    state.apply_action("cut F1.c1")                 # F1 is now empty, row c cleared
    data = state.to_dict()
    assert data["forest_tiles"][0] == 0 and data["hillside_tiles"][0] == 5
    assert texts(state) == ["pass", "coral 1", "volcano 5"]
    state.apply_action("volcano 5")
    state.apply_action(texts(state)[0])
    assert texts(state) == ["pass", "coral 1"]
    state.apply_action("coral 1")
    assert state.current_player() == 1
    # the tile stays on the hillside for later placements in S1
    assert state.to_dict()["hillside_tiles"][0] == 5


def test_unlocking_by_a_secondary_action():
    """Coral 7 takes the last row-c tiki of F2: F2's tile unlocks and may be activated."""
    forests = {0: dict(FULL_F1), 1: {"c2": B}}
    reefs, forest = tiles_with(reef1=7)
    state = coral_turn(7, forests=forests)
    state.apply_action("coral 7")
    state.apply_action("coral 7: F2.c2 -> S1")
    f2_tile = forest[1]
    assert state.to_dict()["hillside_tiles"][1] == f2_tile
    assert f"volcano {f2_tile}" in texts(state)


def test_coral_10_refills_and_does_not_unlock():
    forests = {0: dict(FULL_F1), 1: {"c2": B}}
    state = coral_turn(10, forests=forests)
    state.apply_action("coral 10")
    state.apply_action("coral 10: F2.c2 -> S3")
    assert state.phase() == "back"
    assert texts(state) == ["coral 10: S3 red -> F2.c2", "coral 10: S3 yellow -> F2.c2",
                            "coral 10: S3 green -> F2.c2"]
    state.apply_action("coral 10: S3 yellow -> F2.c2")
    data = state.to_dict()
    assert data["forests"][11 + 9] == COLOURS.index(Y) and data["forest_tiles"][1] != 0
    assert volcano_rows(state)[2] == [1, 0, 1, 2]


# ---------------------------------------------------------------- coral effects
def test_coral_1_gains_2_vp():
    state = coral_turn(1)
    state.apply_action("coral 1")
    assert state.scores() == [2, 0, 0, 0]


def test_coral_2_takes_2_stones():
    state = coral_turn(2, stones=(1, 2, 2, 2))     # crater 3
    state.apply_action("coral 2")
    assert me(state)["holy_stones"] == 3 and state.to_dict()["crater_stones"] == 1
    empty = coral_turn(2, stones=(3, 2, 3, 2))     # crater 0: nothing to take
    assert "coral 2" not in texts(empty)


def test_coral_3_activates_another_coral_tile_and_pays():
    state = coral_turn(3, stones=(2, 2, 2, 2))
    state.apply_action("coral 3")
    targets = texts(state)
    assert "target coral 3" not in targets
    assert not any(t.startswith("target volcano") for t in targets)
    state.apply_action("target coral 1")
    assert me(state)["holy_stones"] == 1 and state.scores()[0] == 2
    broke = coral_turn(3, stones=(0, 2, 2, 2))
    assert "coral 3" not in texts(broke)


def test_coral_3_pays_the_target_cost():
    """Coral 3 -> coral 9 costs 1 + 3 stones."""
    reefs = [3, 9, 1, 2, 4]
    forest = [5, 6, 7, 8, 10]
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest, canoes=[{}] * 4,
                     forests={0: dict(FULL_F1)}, stones=[4, 2, 2, 2])
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a1")
    state.apply_action("stop")
    state.apply_action("coral 3")
    assert "target coral 9" in texts(state)
    state.apply_action("target coral 9")
    assert me(state)["holy_stones"] == 0
    state.apply_action("coral 9: F1.a2 -> island S4")
    assert me(state)["island"][3] == [0, 1, 0, 0]


def test_coral_4_moves_an_island_tiki():
    state = coral_turn(4, islands=[{0: {R: 1, B: 1}, 2: {G: 6}}, {}, {}, {}])
    state.apply_action("coral 4")
    moves = texts(state)
    assert "coral 4: island S1 blue -> S2" in moves
    assert "coral 4: island S1 blue -> S3" not in moves          # S3 is 6 high
    assert "coral 4: island S1 blue -> S1" not in moves          # "to any other sector"
    state.apply_action("coral 4: island S1 red -> S5")             # from under the blue
    assert me(state)["island"][0] == [0, 0, 0, 1] and me(state)["island"][4] == [1, 0, 0, 0]


def test_coral_5_moves_to_an_adjacent_sector():
    state = coral_turn(5)
    state.apply_action("coral 5")
    targets = {t.split("-> ")[1] for t in texts(state) if t.startswith("coral 5: S1 red")}
    assert targets == {"S2", "S5"}


def test_coral_6_moves_to_a_non_adjacent_sector():
    state = coral_turn(6)
    state.apply_action("coral 6")
    targets = {t.split("-> ")[1] for t in texts(state) if t.startswith("coral 6: S1 red")}
    assert targets == {"S3", "S4"}
    state.apply_action("coral 6: S1 red -> S3")
    assert [r[0] for r in volcano_rows(state)] == [0, 1, 2, 1, 1]


def test_coral_7_moves_an_accessible_forest_tiki_to_the_volcano():
    state = coral_turn(7)
    state.apply_action("coral 7")
    moves = texts(state)
    assert "coral 7: F1.b1 -> S4" in moves          # a1 was just cut
    assert "coral 7: F1.b2 -> S4" not in moves
    state.apply_action("coral 7: F1.b1 -> S4")
    assert volcano_rows(state)[3] == [2, 1, 1, 1]


def test_coral_8_canoe_tiki_to_volcano_and_a_stone():
    state = coral_turn(8, canoe={B: 1}, stones=(1, 2, 2, 2))
    state.apply_action("coral 8")
    state.apply_action("coral 8: canoe blue -> S5")
    assert volcano_rows(state)[4] == [1, 1, 1, 2]
    assert me(state)["holy_stones"] == 2 and me(state)["canoe"] == [1, 0, 0, 0]


def test_coral_9_costs_3_and_moves_forest_to_island():
    state = coral_turn(9, stones=(3, 2, 2, 2))
    state.apply_action("coral 9")
    state.apply_action("coral 9: F1.a2 -> island S2")
    assert me(state)["holy_stones"] == 0 and me(state)["island"][1] == [0, 1, 0, 0]
    assert "coral 9" not in texts(coral_turn(9, stones=(2, 2, 2, 2)))


def test_coral_10_needs_another_colour_in_the_sector():
    volcano = [[1, 1, 1, 1], [0, 0, 0, 2], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]
    state = coral_turn(10, volcano=volcano)
    state.apply_action("coral 10")
    moves = texts(state)
    assert "coral 10: F1.a4 -> S2" not in moves       # a4 is blue; S2 holds only blue
    assert "coral 10: F1.a2 -> S2" in moves


# ---------------------------------------------------------------- volcano effects
def test_volcano_1_costs_1_for_2_vp():
    state = volcano_turn(1)
    stones = me(state)["holy_stones"]
    state.apply_action("volcano 1")
    assert state.scores()[0] == 2 and me(state)["holy_stones"] == stones - 1


def test_volcano_2_costs_3_canoe_to_island():
    state = volcano_turn(2, canoe={R: 1, G: 1}, stones=(1, 2, 2, 2))   # 1 + 3 taken = 4
    state.apply_action("volcano 2")
    state.apply_action("volcano 2: canoe green -> island S3")
    assert me(state)["holy_stones"] == 1 and me(state)["island"][2] == [0, 0, 1, 0]


def test_volcano_3_activates_a_reef_or_hillside_tile():
    state = volcano_turn(3)
    state.apply_action("volcano 3")
    targets = texts(state)
    assert "target coral 1" in targets and "target volcano 3" not in targets
    assert "target coral 3" not in targets
    # volcano tiles still locked in the forests are not on the hillside: not targets
    assert not any(t.startswith("target volcano") for t in targets)
    state.apply_action("target coral 1")
    assert state.scores()[0] == 2


def test_volcano_4_island_move_costs_1():
    state = volcano_turn(4, islands=[{1: {Y: 1}}, {}, {}, {}])
    stones = me(state)["holy_stones"]
    state.apply_action("volcano 4")
    state.apply_action("volcano 4: island S2 yellow -> S1")
    assert me(state)["island"][0] == [0, 1, 0, 0] and me(state)["holy_stones"] == stones - 1


def test_volcano_5_and_6_volcano_moves():
    state = volcano_turn(5)
    state.apply_action("volcano 5")
    assert {t.split("-> ")[1] for t in texts(state) if t.startswith("volcano 5: S3 blue")} == {"S2", "S4"}
    state = volcano_turn(6)
    state.apply_action("volcano 6")
    assert {t.split("-> ")[1] for t in texts(state) if t.startswith("volcano 6: S3 blue")} == {"S1", "S5"}


def test_volcano_7_cuts_any_forest_into_the_canoe():
    state = volcano_turn(7)
    state.apply_action("volcano 7")
    moves = texts(state)
    assert "volcano 7: F3.a1 -> canoe" in moves and "volcano 7: F3.b1 -> canoe" not in moves
    state.apply_action("volcano 7: F1.a1 -> canoe")
    assert sum(me(state)["canoe"]) == 2


def test_volcano_8_costs_2_volcano_to_canoe():
    state = volcano_turn(8)
    stones = me(state)["holy_stones"]
    state.apply_action("volcano 8")
    state.apply_action("volcano 8: S4 green -> canoe")
    assert volcano_rows(state)[3] == [1, 1, 0, 1]
    assert me(state)["canoe"] == [1, 0, 1, 0] and me(state)["holy_stones"] == stones - 2


def test_volcano_9_costs_4_volcano_to_island():
    state = volcano_turn(9, stones=(1, 2, 2, 2))     # 1 + 3 taken = 4
    state.apply_action("volcano 9")
    state.apply_action("volcano 9: S2 yellow -> island S5")
    assert me(state)["holy_stones"] == 0 and me(state)["island"][4] == [0, 1, 0, 0]
    poor = volcano_turn(9, stones=(0, 2, 2, 2))        # 0 + 3 taken: too few
    assert poor.current_player() == 1


def test_volcano_10_swaps_two_colours_between_sectors():
    state = volcano_turn(10)
    stones = me(state)["holy_stones"]
    state.apply_action("volcano 10")
    state.apply_action("volcano 10: S2 red -> S4")
    assert state.phase() == "back"
    assert "volcano 10: S4 red -> S2" not in texts(state)
    state.apply_action("volcano 10: S4 blue -> S2")
    vol = volcano_rows(state)
    assert vol[1] == [0, 1, 1, 2] and vol[3] == [2, 1, 1, 0]
    assert me(state)["holy_stones"] == stones - 2
    assert census(state) == 72


@pytest.mark.parametrize("n", range(1, 11))
def test_tiles_cost_what_the_rulebook_says(n):
    """Volcano tile costs 1,3,1,1,1,1,0,2,4,2: not offered with one stone too few."""
    cost = [1, 3, 1, 1, 1, 1, 0, 2, 4, 2][n - 1]
    # stones after placement = start + 3 (crater has enough): start = cost - 4 is too few
    if cost - 4 >= 0:
        state = volcano_turn(n, stones=(cost - 4, 2, 2, 2))
        assert f"volcano {n}" not in texts(state)
    state = volcano_turn(n, stones=(max(cost - 3, 0), 2, 2, 2),
                         islands=[{1: {Y: 1}}, {}, {}, {}])
    assert f"volcano {n}" in texts(state)


def test_coral_3_into_coral_2_with_a_full_canoe_of_stones():
    """Paying coral 3's stone makes room: coral 2 then takes 2 (that stone among them)."""
    reefs = [3, 2, 1, 4, 5]
    state = position(4, pawn=0, reefs=reefs, forest_tiles=[6, 7, 8, 9, 10], canoes=[{}] * 4,
                     forests={0: dict(FULL_F1)}, stones=[5, 2, 1, 2])      # crater 0
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a1")
    state.apply_action("stop")
    state.apply_action("coral 3")
    assert "target coral 2" in texts(state)
    state.apply_action("target coral 2")
    assert me(state)["holy_stones"] == 5 and state.to_dict()["crater_stones"] == 0


def test_volcano_3_activates_another_hillside_tile():
    """Volcano 3 (S1's hillside) activates volcano 1 on S2's hillside: 1 + 1 stones, +2 VP."""
    forests = {0: dict(F1_NO_ROW_C), 1: {"a1": R, "b2": Y}}
    state = position(4, pawn=-1, reefs=(2, 4, 5, 6, 7), forest_tiles=(3, 1, 8, 9, 10),
                     forests=forests, canoes=[{R: 1}, {}, {}, {}], stones=[1, 2, 2, 2])
    assert state.to_dict()["hillside_tiles"][:2] == [3, 1]
    state.apply_action("canoe +1")
    state.apply_action("volcano red")          # 1 + 3 stones taken (crater had 3)
    stones = me(state)["holy_stones"]
    state.apply_action("volcano 3")
    assert "target volcano 1" in texts(state)
    state.apply_action("target volcano 1")
    assert state.scores()[0] == 2 and me(state)["holy_stones"] == stones - 2


# ---------------------------------------------------------------- review additions
def test_unlocked_tile_may_follow_the_coral_action():
    """K7: the tile unlocked by the cut may also be activated after the coral action."""
    reefs, forest = tiles_with(reef1=1, forest1=5)
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest, forests={0: {"c1": R}},
                     canoes=[{}] * 4, stones=[2, 2, 2, 2])
    state.apply_action("canoe +1")
    state.apply_action("cut F1.c1")
    state.apply_action("coral 1")
    assert texts(state) == ["pass", "volcano 5"]
    state.apply_action("volcano 5")
    state.apply_action(texts(state)[0])
    assert state.current_player() == 1 and state.scores()[0] == 2


def test_coral_3_never_targets_a_hillside_volcano_tile():
    """Coral 3 activates coral reef tiles only, even when a volcano tile is on the hillside."""
    forests = {0: dict(FULL_F1), 1: {"a1": R}}          # F2's row c is empty
    state = coral_turn(3, forests=forests)
    assert state.to_dict()["hillside_tiles"][1] == 7           # volcano 7: free, always usable
    state.apply_action("coral 3")
    targets = texts(state)
    assert "target coral 1" in targets
    assert not any(t.startswith("target volcano") for t in targets)


def test_volcano_7_is_not_a_cut_main_action():
    """Only the main Cut opens the coral tile; volcano 7's cut does not."""
    state = volcano_turn(7)
    state.apply_action("volcano 7")
    state.apply_action("volcano 7: F1.a1 -> canoe")
    assert state.current_player() == 1                   # coral 5 at R5 was not offered


@pytest.mark.parametrize("tile", [7, 8])
def test_volcano_7_and_8_need_room_in_the_canoe(tile):
    """A tile unlocked by the cut that fills the canoe cannot put a tiki in it (K6, K10)."""
    reefs, forest = tiles_with(forest1=tile)
    for aboard, offered in ((3, False), (2, True)):
        state = position(4, pawn=0, reefs=reefs, forest_tiles=forest, forests={0: {"c1": R}},
                         canoes=[{Y: aboard}, {}, {}, {}], stones=[2, 2, 2, 2])
        state.apply_action("canoe +1")
        state.apply_action("cut F1.c1")
        assert state.to_dict()["hillside_tiles"][0] == tile
        assert (f"volcano {tile}" in texts(state)) == offered
        assert "coral 1" in texts(state)


def test_secondary_volcano_moves_respect_the_height_limit():
    """Coral 7 and coral 5 cannot raise a volcano column above 6 (K6)."""
    volcano = [[1, 1, 1, 1], [1, 1, 6, 1], [1, 1, 1, 1], [1, 1, 6, 1], [1, 1, 1, 1]]
    state = coral_turn(7, volcano=volcano)
    state.apply_action("coral 7")
    moves = texts(state)
    assert "coral 7: F1.a3 -> S4" not in moves and "coral 7: F1.a3 -> S3" in moves
    state = coral_turn(5, volcano=volcano)
    state.apply_action("coral 5")
    moves = texts(state)
    assert "coral 5: S1 green -> S2" not in moves and "coral 5: S1 green -> S5" in moves


def test_volcano_10_second_move_respects_the_height_limit():
    """Volcano 10 is offered only if a tiki of another colour can go back without passing
    6, and the second half offers only such colours (K6)."""
    volcano = [[1, 1, 1, 1], [1, 1, 1, 6], [1, 1, 0, 1], [1, 0, 0, 1], [1, 1, 1, 1]]
    state = volcano_turn(10, volcano=volcano)
    state.apply_action("volcano 10")
    moves = texts(state)
    assert "volcano 10: S2 red -> S4" not in moves      # only blue could come back: S2 blue is 6
    assert "volcano 10: S2 red -> S3" in moves
    assert not any(m.split(" -> ")[1] == m.split(": ")[1].split()[0] for m in moves)  # X != Y
    state.apply_action("volcano 10: S2 red -> S3")
    assert texts(state) == ["volcano 10: S3 yellow -> S2"]


def test_coral_9_respects_the_island_height_limit():
    state = coral_turn(9, stones=(3, 2, 2, 2), islands=[{1: {R: 6}}, {}, {}, {}])
    state.apply_action("coral 9")
    moves = texts(state)
    assert "coral 9: F1.a2 -> island S2" not in moves
    assert "coral 9: F1.a2 -> island S3" in moves


def test_row_c_must_be_wholly_cleared_to_unlock():
    """F1 has three row-c spaces (3-4 players): c1 and c2 gone is not enough; c3 too."""
    reefs, forest = tiles_with(forest1=6)
    state = position(4, pawn=0, reefs=reefs, forest_tiles=forest,
                     forests={0: {"c1": R, "c3": Y}}, canoes=[{}] * 4)
    state.apply_action("canoe +1")
    state.apply_action("cut F1.c1")
    assert state.to_dict()["forest_tiles"][0] == 6 and state.to_dict()["hillside_tiles"][0] == 0
    state.apply_action("cut F1.c3")
    assert state.to_dict()["forest_tiles"][0] == 0 and state.to_dict()["hillside_tiles"][0] == 6
    # with 2 players c3 is a "3+" space, always empty: clearing c1 and c2 unlocks
    two = position(2, pawn=-1, reefs=reefs, forest_tiles=forest,
                   forests={0: {"c1": R, "c2": Y}}, canoes=[{}, {}])
    two.apply_action("canoe +1")
    two.apply_action("cut F1.c1")
    assert two.to_dict()["hillside_tiles"][0] == 0
    two.apply_action("cut F1.c2")
    assert two.to_dict()["hillside_tiles"][0] == 6


def test_coral_8_respects_the_volcano_height_limit():
    volcano = [[1, 1, 1, 1]] * 4 + [[1, 1, 1, 6]]
    state = coral_turn(8, canoe={B: 1}, volcano=volcano)
    state.apply_action("coral 8")
    moves = texts(state)
    assert "coral 8: canoe blue -> S5" not in moves and "coral 8: canoe blue -> S4" in moves


def test_volcano_2_and_9_respect_the_island_height_limit():
    state = volcano_turn(9, stones=(1, 2, 2, 2), islands=[{4: {R: 6}}, {}, {}, {}])
    state.apply_action("volcano 9")
    moves = texts(state)
    assert "volcano 9: S2 yellow -> island S5" not in moves
    assert "volcano 9: S2 yellow -> island S4" in moves
    state = volcano_turn(2, canoe={R: 1, G: 1}, stones=(1, 2, 2, 2),
                         islands=[{2: {Y: 6}}, {}, {}, {}])
    state.apply_action("volcano 2")
    moves = texts(state)
    assert "volcano 2: canoe green -> island S3" not in moves
    assert "volcano 2: canoe green -> island S2" in moves


def test_coral_2_not_offered_with_a_full_stone_store():
    """5 stones is the canoe's limit (K9): coral 2 would take nothing, so it is not offered."""
    state = coral_turn(2, stones=(5, 1, 1, 1))         # crater 2
    assert state.to_dict()["crater_stones"] == 2
    assert state.current_player() == 1                  # no secondary action: turn over
