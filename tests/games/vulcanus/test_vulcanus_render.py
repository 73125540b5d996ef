"""S: the screens (issue 15): board, move_detail, move_group, score_breakdown."""
from __future__ import annotations

import random

from rich.console import Console

from vulcanus_helpers import data, draw_wanted, plan, random_step, setup_default, with_data
from vsai.ext.ui import render as core_render
from vsai.core.registry import load_game
from vsai.ext.vulcanus import render

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]


def text(renderable) -> str:
    console = Console(width=80, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_screens_fit_80_columns_and_every_move_has_a_detail_and_a_group():
    for players in (2, 3, 4):
        rng = random.Random(players)
        s = load_game("vulcanus", players=players).new_initial_state()
        last = None
        while not s.is_terminal():
            if s.is_player_node():
                seat = s.current_player()
                screen = text(core_render.board(s, seat, True, last_move=last, plain=True))
                assert max(len(line) for line in screen.splitlines()) <= 80
                for a in s.legal_actions():
                    assert isinstance(render.move_detail(s, a), str)
                    group = render.move_group(s, a)
                    assert group is None or isinstance(group, str)
                last = rng.choice(s.legal_actions())
                s.apply_action(last)
            else:
                random_step(s, rng)
        for seat in (None, 0, 1):
            assert "Winner: the" in text(render.score_breakdown(s, seat))


def test_the_board_shows_only_what_the_seat_may_see():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    d = data(s)
    hand = [c for c in range(27, 39) if d["zone"][c] == 2]
    deck = [c for c in range(27, 39) if d["zone"][c] == 1 and d["ctype"][c] != d["ctype"][hand[0]]]
    other = with_data(s, ctype={hand[0]: d["ctype"][deck[0]], deck[0]: d["ctype"][hand[0]]})
    assert text(render.board(s, 1, True, plain=True)) == text(render.board(other, 1, True, plain=True))
    assert text(render.board(s, 0, True, plain=True)) != text(render.board(other, 0, True, plain=True))
    board1 = text(render.board(s, 1, True, plain=True))
    assert "H1 A:Fire fighting*" in board1 and "K1 -" in board1 and "hand: 5 unseen" in board1


def test_move_texts_say_what_they_do_and_long_lists_are_grouped():
    s = setup_default()
    draw_wanted(s, A_CARDS)
    ff = s.string_to_action("plan Fire fighting")
    assert render.move_detail(s, ff).startswith("to H1: 2 funds")
    plan_state = setup_default()
    plan(plan_state, [["Movement of citizens", "Fire fighting", "Commands to SDF"], B_CARDS],
         ["Walk", "Roar", "Lava flow"])
    moves = [a for a in plan_state.legal_actions() if plan_state.action_to_string(a).startswith("move")]
    groups = {render.move_group(plan_state, a) for a in moves}
    assert len(moves) > 20 and len(groups) <= 19 and all(g.startswith("from ") for g in groups)
    a = plan_state.string_to_action("move citizen Shibuya to Ebisu")
    assert render.move_detail(plan_state, a).startswith("Ebisu: ")


def test_the_last_move_is_marked_and_set_up_has_no_score_breakdown():
    s = setup_default()
    assert render.score_breakdown(load_game("vulcanus").new_initial_state(), None) is None
    shown = text(render.board(s, 1, True, last_move=10, plain=True))      # a square id: Shibuya
    assert "< Shibuya" in shown and "< the square of the last move" in shown
