"""The figures on screen agree with the rules and with each other (issue 24, "Wrong or
inconsistent figures"): what `vsai list` says is hidden, VEC's ink worth in a bid, Kilauea's
turn and forests on every board, its score table's columns, Eruption's card counts."""
from __future__ import annotations

import random
import re

from rich.console import Console

from cli_helpers import run
from vsai.core import load_game
from vsai.ext.ui import render


def _played(name: str, players: int, seed: int, moves: int):
    """A state after set-up and `moves` random player moves."""
    state = load_game(name, players=players).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and (state.is_chance_node() or moves > 0):
        moves -= state.is_player_node()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _drawn(renderable, plain: bool = True) -> str:
    console = Console(width=80, no_color=plain, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


def test_list_says_godzilla_hides_from_everyone():
    rows = {line.split()[1]: line for line in run(["list"]).output.splitlines()
            if len(line.split()) > 1 and line.split()[1] in ("godzilla", "kilauea", "vec")}
    assert "hidden from everyone" in rows["godzilla"]
    assert "hidden" not in rows["kilauea"] and "yes" in rows["vec"]


def test_vec_opponent_ink_is_worth_special_ink_three_in_a_bid():
    state = _played("vec", 2, 1, 0)
    seat_view = state.view(0)["board"]["seats"][1]
    low, high = seat_view["special_ink_min"], seat_view["special_ink_max"]
    assert low == high  # at the start everyone's special ink is known
    worth = seat_view["ink_value"] - low  # ink + 3 x special = (ink + 4 x special) - special
    text = _drawn(render.board(state, 0, True))
    assert f"ink worth {worth} in a bid" in text
    assert f"ink worth {seat_view['ink_value']}," not in text


def test_kilauea_text_board_has_the_rich_board_turn_and_forests():
    state = _played("kilauea", 2, 2, 0)
    rich = _drawn(render.board(state, 0, False))
    assert "turn 1/300" in rich and "forests emptied 0/3" in rich
    text = str(state)
    assert "turn 1/300" in text and "forests emptied 0/3" in text
    later = _played("kilauea", 2, 2, 30)
    turn = re.search(r"turn (\d+)/300", _drawn(render.board(later, 0, False))).group(1)
    assert f"turn {turn}/300" in str(later)


def test_kilauea_score_table_separates_its_columns():
    state = _played("kilauea", 3, 1, 10)
    for plain, bar in ((True, "|"), (False, "│")):
        header = next(line for line in _drawn(render.board(state, 0, False, plain=plain), plain)
                      .splitlines() if "if ended" in line)
        assert re.search(rf"VP *{re.escape(bar)}if ended *{re.escape(bar)}stones *"
                         rf"{re.escape(bar)}canoe", header), header


def test_eruption_never_says_one_cards():
    for seed in range(4):
        state = load_game("eruption", players=3).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            text = str(state)
            assert not re.search(r"\b1 cards\b", text), text
            state.apply_action(rng.choice(state.legal_actions()))
