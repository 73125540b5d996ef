"""Kilauea on the terminal (issue 15): the island as a map, moves that say what they do and
cost, two-step groups for long lists, the scoring breakdown, the rules summary."""
import collections
import io
import os
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from kilauea_helpers import R, Y, position
from vsai.core.registry import load_game
from vsai.ext.kilauea import render

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "snapshots"
SUMMARY = HERE.parents[2] / "ext" / "kilauea" / "summary.md"


def _print(renderable, width=200, plain=True) -> str:
    out = io.StringIO()
    Console(file=out, width=width, no_color=plain, color_system=None if plain else "standard",
            force_terminal=not plain).print(renderable)
    return out.getvalue()


def _strip(text):
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def _game(players, seed):
    """Every state of a random game and the last player decision before it."""
    state = load_game("kilauea", players=players).new_initial_state()
    rng = random.Random(seed)
    last = None
    while True:
        yield state, last
        if state.is_terminal():
            return
        action = rng.choice(state.legal_actions())
        if state.is_player_node():
            last = action
        state.apply_action(action)


# the fewest and the most players (3 too until 2026-12-02): the widest line does not depend
# on the seats (76 columns reached at 2, 3 and 4 players alike), the rows per seat do
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_fits_76_columns_in_both_modes(players):
    """76 columns leave room for the frame around the board in an 80-column terminal."""
    for k, (state, last) in enumerate(_game(players, players)):
        if k % 9 and not state.is_terminal():
            continue
        for plain in (True, False):
            text = _print(render.board(state, 0, False, last_move=last, plain=plain), plain=plain)
            lines = _strip(text).splitlines()
            assert max(len(line.rstrip()) for line in lines) <= 76, text
            assert plain is False or "\x1b" not in text


def test_the_map_shows_sectors_forests_reefs_and_the_canoe():
    state = position(3, pawn=2, forests={1: {"a2": Y}}, canoes=[{R: 1}, {}, {}])
    text = _print(render.board(state, 0, False))
    for name in ("S1 forest F1", "S2 forest F2", "S3 forest F3", "S4 forest F4", "S5 forest F5",
                 "R1 coral 1", "R2 coral 2", "R3 coral 3", "R4 coral 4", "R5 coral 5",
                 "(1,1)", "(1,2)", "(5,2)", "(3,1)", "volcano 6", "crater"):
        assert name in text, name
    sea = text.splitlines()[1]
    assert ">2,1<" in sea and "(2,1)" not in sea         # the canoe pawn's space
    assert "space (2,1), the first of sector S2, by reef R1" in text
    assert "a:." not in text                                 # no forest strings of old
    # F2's row a: a1 empty, a2 yellow (the fixed forest), as letters in a row
    f2_row_a = [line for line in text.splitlines() if " a " in line][0]
    assert " a . Y . ." in f2_row_a


def test_two_players_see_sea_and_blank_three_plus_spaces():
    state = load_game("kilauea", players=2).new_initial_state()
    text = _print(render.board(state, 0, False))
    assert "~sea~" in text and "(1,2)" not in text


def test_the_last_move_is_marked():
    state = position(3, pawn=2, forests={1: {"a2": Y}}, canoes=[{}, {}, {}])
    state.apply_action("canoe +1")
    cut = state.string_to_action("cut F2.a2")
    state.apply_action(cut)
    text = _print(render.board(state, 0, False, last_move=cut))
    assert " a . x*. ." in text and "*: last move" in text
    assert "*: last move" not in _print(render.board(state, 0, False))


def test_moves_say_where_they_go_and_what_they_cost():
    """Issue 15: `canoe +3` hid the destination and the stone cost, `cut F2.a2` the colour,
    `coral 2` / `coral 10` the effect."""
    state = position(3, pawn=-1, canoes=[{R: 4}, {}, {}], stones=[2, 2, 2])
    detail = render.move_detail(state, state.string_to_action("canoe +3"))
    assert detail == "to (2,1) in S2 (R1: coral 1), 2 stones"
    assert render.move_detail(state, state.string_to_action("canoe +1")).endswith("free")
    state = position(3, pawn=2, forests={1: {"a2": Y}}, canoes=[{}, {}, {}])
    state.apply_action("canoe +1")
    assert render.move_detail(state, state.string_to_action("cut F2.a2")) == "yellow tiki into your canoe"
    state.apply_action("cut F2.a2")
    if state.phase() == "cut2":
        state.apply_action("stop")
    assert render.move_detail(state, state.string_to_action("coral 2")) == "take 2 holy stones"
    assert render.move_detail(state, state.string_to_action("pass")) == "end your turn"


def test_every_move_has_a_detail_and_long_lists_come_in_two_short_steps():
    """Coral 10 offered 85 moves in one list: every list over 20 moves is grouped into at
    most 20 groups of at most 20 moves."""
    for seed in range(12):
        for state, _ in _game(2 + seed % 3, 100 + seed):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            details = [render.move_detail(state, a) for a in legal]
            assert all(details) and all(len(d) <= 64 for d in details), details
            if state.is_player_node() and len(legal) > 20:
                groups = collections.Counter(render.move_group(state, a) for a in legal)
                assert len(groups) <= 20 and max(groups.values()) <= 20, groups


def test_score_breakdown_adds_up_to_the_scores():
    for seed in range(4):
        states = list(_game(2 + seed % 3, 200 + seed))
        for state, _ in states[::40] + states[-1:]:
            if state.phase() in ("forest", "tiles", "start"):
                continue
            text = _print(render.score_breakdown(state, None), width=80)
            lines = text.splitlines()
            assert max(len(line.rstrip()) for line in lines) <= 80
            view = state.view(None)
            for seat in view["board"]["seats"]:
                if state.is_terminal():
                    assert f"= {seat['victory_points']} VP" in text
                else:
                    assert f"= {seat['projected_score']} VP" in text
            if state.is_terminal():
                assert "Final scoring" in text and ("Winner: " in text or "Shared win: " in text)
                assert "fewest island tikis" in text


def test_score_breakdown_per_colour_and_column():
    """S1: red column 2 (tallest) and yellow 1: an island red scores 2, a yellow 3 x 1."""
    volcano = [[2, 1, 1, 1]] + [[1, 1, 1, 1]] * 4
    state = position(2, volcano=volcano, islands=[{0: {R: 1, Y: 2}}, {}], canoes=[{}, {}],
                     stones=[3, 2])
    text = _print(render.score_breakdown(state, 0), width=80)
    assert re.search(r"S1\s+red\s+1\s+2, tallest\s+2 a tiki\s+2", text), text
    assert re.search(r"S1\s+yellow\s+2\s+1 \(tallest 2\)\s+3x1 = 3 a tiki\s+6", text), text
    assert "3 stones (1 per 2) +1" in text


def test_the_observation_counts_holy_stones_in_words():
    state = position(3, stones=[1, 2, 2])
    assert "1 holy stone," in str(state) and "1 holy stones" not in str(state)


def test_the_rules_summary_is_for_players():
    text = SUMMARY.read_text()
    assert len(text.splitlines()) <= 80
    for word in ("Goal", "A turn", "Cut", "Volcano", "Island", "coral", "Scoring", "Ties"):
        assert word in text
    assert "ext/" not in text and "test_" not in text and "action id" not in text.lower()


def test_board_snapshot():
    """A fixed position, plain, pinned (VSAI_UPDATE_SNAPSHOTS=1 rewrites it; read it by eye)."""
    state, last = None, None
    for state, last in _game(3, 7):
        if state.is_player_node() and state.to_dict()["turn"] >= 12:
            break
    text = _print(render.board(state, 0, False, last_move=last), width=80)
    text = "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
    path = SNAPSHOTS / "board-3p-seed7.txt"
    if os.environ.get("VSAI_UPDATE_SNAPSHOTS"):
        path.write_text(text)
    assert text == path.read_text()


# ---------------------------------------------------------------- the compact board
def _compact(state, seat=0, last=None, plain=True) -> list[str]:
    return _strip(_print(render.board(state, seat, False, last_move=last, plain=plain, compact=True),
                         width=80, plain=plain)).splitlines()


def test_the_compact_board_is_one_status_line_six_map_rows_a_legend_and_a_line_a_player():
    state = position(4, pawn=2, forests={1: {"a2": Y}}, canoes=[{R: 1}, {}, {}, {}], stones=[3, 1, 2, 2])
    lines = _compact(state, seat=1)
    assert len(lines) == 1 + 6 + 1 + 4, "\n".join(lines)
    assert lines[0].startswith("Turn 11/300 · P1: move the canoe · crater ")
    assert lines[0].endswith("forests emptied 0/3")
    heads, sea, row_a, row_b, row_c, vol = lines[1:7]
    assert [heads[4 + 14 * k:].split()[0] for k in range(5)] == ["S1", "S2", "S3", "S4", "S5"]
    assert "S1 v6 locked" in heads                        # the volcano tile locked in F1
    assert sea.split()[:4] == ["sea", "(1,1)(1,2)", "c1", ">2,1<(2,2)"]   # the canoe on (2,1)
    assert row_a.startswith("a   ") and row_a[4 + 14:4 + 14 + 7] == ". Y . ."[:7]  # F2.a2 yellow
    assert vol.split()[:5] == ["vol", "R1", "Y1", "G1", "B1"]
    assert lines[7].startswith("RYGB tikis · >k,n< canoe · cN coral tile N, vN volcano tile N")
    assert lines[8].startswith("> P1  0 VP (") and "3 stones · canoe R... · island empty" in lines[8]
    assert lines[9].startswith("  P2* ") and "1 stone · canoe .... · island" in lines[9]
    full = _strip(_print(render.board(state, 1, False, plain=True), width=80)).splitlines()
    assert len(lines) < len(full) - 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_compact_board_fits_76_columns_and_marks_the_last_move(players):
    for k, (state, last) in enumerate(_game(players, players + 10)):
        if k % 23 and not state.is_terminal():
            continue
        for plain in (True, False):
            lines = _compact(state, 0, last, plain)
            assert max(len(line.rstrip()) for line in lines) <= 76, "\n".join(lines)
            assert len(lines) <= 1 + 6 + 1 + players + 3, "\n".join(lines)
    state = position(3, pawn=2, forests={1: {"a2": Y}}, canoes=[{}, {}, {}])
    state.apply_action("canoe +1")
    cut = state.string_to_action("cut F2.a2")
    state.apply_action(cut)
    lines = _compact(state, 0, cut)
    assert lines[3][4 + 14:4 + 14 + 8] == ". x*. . " and lines[7].endswith("*: last move")
