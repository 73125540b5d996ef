"""Eruption's terminal board: 80 columns, only what the seat may see."""
from __future__ import annotations

from rich.console import Console

from eruption_helpers import game, position
from vsai.ext.eruption.render import board, hidden_move_text


def test_board_fits_80_columns_and_hides_other_hands():
    state = game(6).new_initial_state().random_playout(3)
    for seat in range(6):
        assert max(len(line) for line in state.observation_string(seat).splitlines()) <= 76
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    console = Console(width=80, record=True)
    console.print(board(state, 0, True))
    text = console.export_text()
    assert "Quake x1" in text and "Sinkhole" not in text and "hidden" in text
    assert "e " in text and "^^" in text


def test_hidden_draws_are_worded_without_the_card():
    assert hidden_move_text(-1, "P2 draws Rain") == "P2 draws a card"
    assert hidden_move_text(1, "play Rain") == "a move you cannot see"
