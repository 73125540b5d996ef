"""Kilauea set-up: volcano, forests, tiles, starting player, 2-player changes, stones, draft."""
import pytest

from kilauea_helpers import COLOURS, SPACES, board_spaces, play_draft, play_setup, seat_data, stone_census, tiki_census, volcano_rows
from vsai.core.registry import load_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_volcano_and_crater_before_setup(players):
    """Every volcano space holds its tiki (K1); the crater has 2 stones; each player 2 (K4)."""
    state = load_game("kilauea", players=players).new_initial_state()
    data = state.to_dict()
    assert data["volcano"] == [1] * 20
    assert data["crater_stones"] == 2
    assert data["holy_stones"] == [2] * players + [0] * (4 - players)
    assert stone_census(state) == {"crater": 2, "canoes": 2 * players, "box": 14 - 2 * players}
    assert state.is_chance_node() and state.phase() == "forest"


@pytest.mark.parametrize("players,spaces,per_colour", [(2, 40, 10), (3, 52, 13), (4, 52, 13)])
def test_forest_tikis_are_chance_with_pool_probabilities(players, spaces, per_colour):
    """The remaining tikis are placed at random: one chance node per space, probability =
    tikis of that colour left / tikis left; with 2 players 3 of each colour are removed."""
    state = load_game("kilauea", players=players).new_initial_state()
    first = state.chance_outcomes()
    assert first == [(c, 0.25) for c in range(4)]
    assert state.action_to_string(0) == ("F1.a2 red" if players == 2 else "F1.a1 red")
    state.apply_action(0)
    assert state.chance_outcomes()[0] == (0, (per_colour - 1) / (4 * per_colour - 1))
    nodes = 1
    while state.phase() == "forest":
        state.apply_action(state.legal_actions()[-1])
        nodes += 1
    assert nodes == spaces
    census = tiki_census(state)
    assert census["forests"] == spaces and census["volcano"] == 20
    forests = state.to_dict()["forests"]
    for f in range(5):
        for name in board_spaces(f):
            three_plus = name in ("a1", "a4") or (f < 2 and name == "c3")
            assert (forests[11 * f + SPACES.index(name)] == -1) == (players == 2 and three_plus)


def test_action_tiles_are_shuffled_by_chance():
    """5 tiles coral side up on R1..R5, 5 volcano side up on F1..F5 (K5), uniformly."""
    state = load_game("kilauea", players=3).new_initial_state()
    while state.phase() == "forest":
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(t, 0.1) for t in range(10)]
    assert state.action_to_string(6) == "tile 7 -> R1"
    for k, tile in enumerate([6, 2, 9, 0, 4, 1, 3, 8, 5]):
        assert len(state.chance_outcomes()) == 10 - k
        state.apply_action(tile)
    data = state.to_dict()
    assert data["reef_tiles"] == [7, 3, 10, 1, 5]
    assert data["forest_tiles"] == [2, 4, 9, 6, 8]      # the 10th tile goes to F5 by itself
    assert data["hillside_tiles"] == [0] * 5
    assert state.phase() == "start"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_player_is_uniform_chance(players):
    state = load_game("kilauea", players=players).new_initial_state()
    while state.phase() != "start":
        state.apply_action(state.legal_actions()[0])
    assert state.chance_outcomes() == [(p, 1 / players) for p in range(players)]
    state.apply_action("start P2")
    assert state.phase() == "draft" and state.current_player() == 1


@pytest.mark.parametrize("players,start,order", [
    (2, 1, [1, 0, 0, 1]), (3, 2, [2, 0, 1, 1, 0, 2]), (4, 0, [0, 1, 2, 3, 3, 2, 1, 0])])
def test_draft_snake_order_two_tikis_each(players, start, order):
    """Clockwise from the starting player, then in reverse; 2 tikis each from the volcano."""
    state = play_setup(players, start)
    seen = []
    while state.phase() == "draft":
        seen.append(state.current_player())
        state.apply_action(state.legal_actions()[-1])
    assert seen == order
    data = state.to_dict()
    assert all(sum(seat_data(state, p)["canoe"]) == 2 for p in range(players))
    assert sum(data["volcano"]) == 20 - 2 * players
    assert state.phase() == "move" and state.current_player() == start
    assert data["canoe_pawn"] == -1


def test_draft_takes_the_top_of_any_column():
    """K14: any column of any sector with a tiki; an emptied column is no longer offered."""
    state = play_setup(2, 0)
    assert len(state.legal_actions()) == 20
    state.apply_action("draft S3 green")
    assert "draft S3 green" not in state.legal_action_strings()
    assert len(state.legal_actions()) == 19
    state.apply_action("draft S3 blue")
    assert seat_data(state, 1)["canoe"] == [0, 0, 0, 1]
    assert volcano_rows(state)[2] == [1, 1, 0, 0]


def test_two_player_canoe_track_has_five_spaces():
    """K16/K3: with 2 players the (k,2) spaces are sea, so each step skips one position."""
    state = play_draft(play_setup(2, 0))
    # 1 mandatory + 2 free (2 tikis aboard) + 2 paid steps
    assert state.legal_action_strings() == [f"canoe +{k}" for k in range(1, 6)]
    state.apply_action("canoe +3")
    assert state.to_dict()["canoe_pawn"] == 4          # S3 space (3,1)
    state3 = play_draft(play_setup(3, 0))
    state3.apply_action("canoe +3")
    assert state3.to_dict()["canoe_pawn"] == 2         # S2 space (2,1)


def test_setup_uses_all_tikis():
    for players in (2, 3, 4):
        state = play_draft(play_setup(players, 0))
        assert sum(tiki_census(state).values()) == 72
        assert sum(stone_census(state).values()) == 16
        assert set(COLOURS) == {"red", "yellow", "green", "blue"}
