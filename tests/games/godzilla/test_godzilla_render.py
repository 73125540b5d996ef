"""The terminal board: the observation text, at most 80 columns, the grid of G1."""
import random

from godzilla_helpers import new
from vsai.ext.godzilla import render


def test_board_fits_80_columns_along_a_game():
    state = new(3)
    rng = random.Random(4)
    while not state.is_terminal():
        for seat in range(3):
            text = render.board(state, seat, False)
            assert text.plain == state.observation_string(seat)
            assert max(len(line) for line in text.plain.splitlines()) <= 80
        state.apply_action(rng.choice(state.legal_actions()))


def test_grid_shows_the_kaiju_landmarks_and_missing_roads():
    lines = new().observation_string(0).splitlines()
    grid = [line for line in lines if line.startswith(("Tokyo Home", "Shinjuku", "Shibuya", "Kanagawa Home"))]
    assert len(grid) == 4
    # the moat: no road between Radio Tower and Marunouchi, drawn as a wall
    assert "Radio Tower   | Marunouchi" in grid[1]
    assert "@KAIJU" in lines[lines.index(grid[3]) + 1] and "[L]" in lines[lines.index(grid[0]) + 1]
