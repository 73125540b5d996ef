"""Spectators (watching a game of AIs with `--humans 0`, `vsai replay` without `--seat`) get
the board `vsai play` draws, not the engine's text dump."""
from __future__ import annotations

from cli_helpers import run

# Kilauea's drawn board has this legend; the engine's text (str(state)) has the other line.
DRAWN = "RYGB: tikis"
ENGINE_TEXT = "Starting player P"


def test_watching_and_replaying_draw_the_play_board(tmp_path):
    record = tmp_path / "game.json"
    watched = run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "5",
                   "--option", "turn_cap=8", "--record", str(record)]).output
    assert watched.count(DRAWN) >= 4 and ENGINE_TEXT not in watched
    replayed = run(["replay", str(record)]).output
    assert DRAWN in replayed and ENGINE_TEXT not in replayed
    assert "forests emptied 0/3" in replayed


def test_watching_eruption_draws_its_board_with_every_hand(tmp_path):
    watched = run(["play", "eruption", "--humans", "0", "--ai", "random", "--seed", "2",
                   "--option", "turn_cap=3"]).output
    assert "hidden" not in watched.split("Result:")[0]  # a spectator sees every hand


def test_watching_and_replaying_vulcanus_draw_its_board_with_every_hand(tmp_path):
    record = tmp_path / "vulcanus.json"
    watched = run(["play", "vulcanus", "--humans", "0", "--ai", "random", "--seed", "2",
                   "--option", "turn_cap=1", "--record", str(record)]).output
    engine_text = "vulcanus 2p round"            # the first line of str(state)
    assert engine_text not in watched and "Kaiju cards (Kaiju): deck 7; hand: " in watched
    assert "* face down to the other seats" in watched and "unseen" not in watched.split("Result:")[0]
    replayed = run(["replay", str(record)]).output
    assert engine_text not in replayed and "Kaiju cards (Kaiju): " in replayed  # the final board
