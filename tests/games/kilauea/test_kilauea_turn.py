"""Kilauea turns: the canoe step, the three main actions, their limits, forest access."""
import pytest

from kilauea_helpers import B, G, R, Y, census, position, seat_data, stone_census, texts, volcano_rows


def test_mandatory_free_and_paid_steps():
    """1 step is mandatory, 1 free per empty canoe place, then 1 holy stone per step (K8)."""
    state = position(4, pawn=0, canoes=[{R: 3}, {}, {}, {}], stones=[3, 2, 2, 1])
    assert texts(state) == [f"canoe +{k}" for k in range(1, 6)]   # 1 + 1 free + 3 paid
    crater = stone_census(state)["crater"]
    state.apply_action("canoe +4")
    data = state.to_dict()
    assert data["canoe_pawn"] == 4 and data["holy_stones"][0] == 1
    assert data["crater_stones"] == crater + 2


def test_free_steps_cost_nothing():
    state = position(4, pawn=0, canoes=[{}, {}, {}, {}], stones=[0, 2, 2, 4])
    assert texts(state) == [f"canoe +{k}" for k in range(1, 6)]
    state.apply_action("canoe +5")
    assert state.to_dict()["holy_stones"][0] == 0
    assert state.to_dict()["canoe_pawn"] == 5


@pytest.mark.parametrize("players,loop", [(2, 5), (4, 10)])
def test_moves_beyond_one_lap_are_not_offered(players, loop):
    """k and k + lap steps reach the same space; only the cheaper one is a move (K8)."""
    stones = [5] + [0] * (players - 1)
    state = position(players, pawn=0, canoes=[{}] * players, stones=stones)
    assert len(texts(state)) == loop
    state.apply_action(f"canoe +{loop}")
    assert state.to_dict()["canoe_pawn"] == 0               # a full lap
    assert state.to_dict()["holy_stones"][0] == 5 - max(0, loop - 5)


def test_first_step_leaves_the_start_space():
    """K3: the pawn starts before (1,1); the first move of the game lands on (1,1)."""
    state = position(3, pawn=-1, canoes=[{R: 2}, {}, {}])
    state.apply_action("canoe +1")
    assert state.to_dict()["canoe_pawn"] == 0


def test_main_actions_only_in_the_pawn_sector():
    state = position(4, pawn=3, canoes=[{R: 1, B: 1}, {}, {}, {}], stones=[2, 2, 2, 2])
    state.apply_action("canoe +1")              # (2,2) -> (3,1): sector S3
    assert state.to_dict()["canoe_pawn"] == 4
    moves = texts(state)
    assert all(m.startswith("cut F3.") for m in moves if m.startswith("cut"))
    assert {"volcano red", "volcano blue", "island red", "island blue"} <= set(moves)
    state.apply_action("island blue")
    assert seat_data(state, 0)["island"][2] == [0, 0, 0, 1]


def test_forest_access_paths():
    """K2: a row-b space needs its coast space empty; cj needs bj, b(j+1), aj, a(j+1) empty."""
    forests = {0: {"a1": R, "a2": R, "a3": R, "a4": R, "b1": Y, "b2": Y, "b3": Y, "b4": Y,
                   "c1": G, "c2": G, "c3": G}}
    state = position(4, pawn=-1, forests=forests, canoes=[{}] * 4)
    state.apply_action("canoe +1")
    assert [m for m in texts(state) if m.startswith("cut")] == [
        "cut F1.a1", "cut F1.a2", "cut F1.a3", "cut F1.a4"]
    forests[0].update({"a1": None, "a2": None, "b1": None})
    forests[0] = {k: v for k, v in forests[0].items() if v}
    volcano = [[2, 2, 2, 1]] + [[1, 1, 1, 1]] * 4     # 3 more tikis, out of the way
    state = position(4, pawn=-1, forests=forests, canoes=[{}] * 4, volcano=volcano)
    state.apply_action("canoe +1")
    cuts = [m for m in texts(state) if m.startswith("cut")]
    assert cuts == ["cut F1.a3", "cut F1.a4", "cut F1.b2"]      # c1 still behind b2
    state.apply_action("cut F1.b2")
    assert "cut F1.c1" in texts(state)                           # second cut, newly open
    assert "cut F1.c2" not in texts(state)                       # b3, a3 still there


def test_cut_one_or_two_then_stop():
    state = position(4, pawn=-1, canoes=[{R: 1}, {}, {}, {}])
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a1")
    assert "stop" in texts(state)
    state.apply_action("stop")
    data = state.to_dict()
    assert sum(data["canoe_tikis"][:4]) == 2
    assert data["forests"][0] == -1


def test_canoe_holds_four_tikis():
    state = position(4, pawn=-1, canoes=[{R: 3}, {}, {}, {}])
    state.apply_action("canoe +1")
    state.apply_action("cut F1.a1")
    assert state.phase() != "cut2"              # full after one cut: no second cut
    assert sum(seat_data(state, 0)["canoe"]) == 4
    full = position(4, pawn=-1, canoes=[{R: 2, Y: 2}, {}, {}, {}])
    full.apply_action("canoe +1")
    assert not any(m.startswith("cut") for m in texts(full))


def test_volcano_colour_rule_and_height_limit():
    volcano = [[6, 1, 1, 1]] + [[1, 1, 1, 1]] * 4
    state = position(4, pawn=-1, volcano=volcano, canoes=[{R: 1, Y: 1}, {}, {}, {}])
    state.apply_action("canoe +1")
    moves = texts(state)
    assert "volcano yellow" in moves
    assert "volcano red" not in moves            # red column of S1 is 6 high
    assert "volcano green" not in moves          # no green tiki aboard
    state.apply_action("volcano yellow")
    assert volcano_rows(state)[0] == [6, 2, 1, 1]


@pytest.mark.parametrize("stones,gain,crater_after", [
    ([0, 2, 2, 2], 3, 1), ([4, 2, 2, 0], 1, 1), ([1, 2, 2, 5], 0, 0)])
def test_volcano_placement_takes_up_to_three_stones(stones, gain, crater_after):
    """Up to 3 stones from the crater, as many as it has, within the canoe's 5 (K9)."""
    state = position(4, pawn=-1, canoes=[{R: 1}, {}, {}, {}], stones=stones)
    state.apply_action("canoe +1")
    state.apply_action("volcano red")
    data = state.to_dict()
    assert data["holy_stones"][0] == stones[0] + gain
    assert data["crater_stones"] == crater_after


def test_island_needs_two_stones_and_stacks_mixed_colours():
    islands = [{0: {R: 2, B: 3}}, {}, {}, {}]
    state = position(4, pawn=-1, canoes=[{Y: 1, G: 1}, {}, {}, {}], stones=[2, 2, 2, 2],
                     islands=islands)
    crater = stone_census(state)["crater"]
    state.apply_action("canoe +1")
    state.apply_action("island yellow")
    data = state.to_dict()
    assert seat_data(state, 0)["island"][0] == [2, 1, 0, 3]     # mixed colours, 6 high
    assert data["holy_stones"][0] == 0 and data["crater_stones"] == crater + 2
    poor = position(4, pawn=-1, canoes=[{Y: 1}, {}, {}, {}], stones=[1, 2, 2, 2])
    poor.apply_action("canoe +1")
    assert not any(m.startswith("island") for m in texts(poor))
    high = position(4, pawn=-1, canoes=[{Y: 1}, {}, {}, {}], stones=[2, 2, 2, 2],
                    islands=[{0: {R: 6}}, {}, {}, {}])
    high.apply_action("canoe +1")
    assert not any(m.startswith("island") for m in texts(high))


def test_no_main_action_ends_the_turn():
    """X6/K10: full canoe, its colours' columns at 6 here, fewer than 2 stones: turn over."""
    volcano = [[6, 6, 1, 1]] + [[1, 1, 1, 1]] * 4
    state = position(4, pawn=-1, volcano=volcano, canoes=[{R: 2, Y: 2}, {}, {}, {}],
                     stones=[0, 2, 2, 2])
    state.apply_action("canoe +1")
    assert state.current_player() == 1 and state.phase() == "move"
    assert state.to_dict()["turn"] == 11


def test_turn_passes_clockwise():
    state = position(3, player=2, pawn=-1, canoes=[{}, {}, {R: 1}], stones=[2, 2, 2])
    state.apply_action("canoe +1")
    state.apply_action("island red")
    assert state.current_player() == 0
    assert census(state) == 72


def test_row_c_needs_the_coast_row_open_too():
    """K2: c1 is reached through b1/b2 and a1/a2; an a-space alone still blocks it."""
    forests = {0: {"a2": R, "b4": B, "c1": G, "c2": Y}}
    state = position(4, pawn=-1, forests=forests, canoes=[{}] * 4)
    state.apply_action("canoe +1")
    assert [m for m in texts(state) if m.startswith("cut")] == ["cut F1.a2", "cut F1.b4"]
    state.apply_action("cut F1.a2")
    assert [m for m in texts(state) if m.startswith("cut")] == [
        "cut F1.b4", "cut F1.c1", "cut F1.c2"]


def test_moves_without_a_main_action_are_offered_only_when_no_move_has_one():
    """"Once the movement is complete, you must perform one of the three main actions" (issue
    14): 3 players, pawn at (1,1), P1 with 4 red tikis and 1 stone, S1's red column 6 high.
    `canoe +1` reaches (1,2): canoe full (no cut), red column full, 1 stone (no island), so it
    is not offered; `canoe +2` pays the stone and reaches S2, where red goes on the volcano."""
    volcano = [[6, 1, 1, 1]] + [[1, 1, 1, 1]] * 4
    state = position(3, pawn=0, volcano=volcano, canoes=[{R: 4}, {}, {}], stones=[1, 2, 2])
    assert texts(state) == ["canoe +2"]
    state.apply_action("canoe +2")
    assert state.phase() == "main" and texts(state) == ["volcano red"]


def test_move_cost_counts_when_a_main_action_needs_stones():
    """An island placement needs 2 stones after the move is paid: P1's canoe is full of red
    and the red columns of S1 and S2 are 6 high, so `canoe +1` (free, island in S1) is offered
    but `canoe +2` and `canoe +3` (1 and 2 stones, no stones left for the island) are not."""
    volcano = [[6, 1, 1, 1], [6, 1, 1, 1]] + [[0, 1, 1, 1]] * 3
    state = position(3, pawn=0, volcano=volcano, canoes=[{R: 4}, {}, {}], stones=[2, 2, 2])
    assert texts(state) == ["canoe +1"]
    state.apply_action("canoe +1")
    assert texts(state) == ["island red"]
