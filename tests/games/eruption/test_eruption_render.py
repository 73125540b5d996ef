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


def _plain(renderable) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_board_marks_the_last_move():
    from eruption_helpers import act
    state = position(2, stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    move = next(a for a in state.legal_actions() if state.action_to_string(a) == "straight tile to d5")
    state.apply_action(move)
    text = _plain(board(state, 0, True, last_move=move))
    d_row = next(line for line in text.splitlines() if line.strip().startswith("d "))
    assert d_row.split().index("@@") == 5                  # d5 is marked
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "@@" not in _plain(board(state, 0, True, last_move=None))


def test_move_detail_and_group_for_every_move_of_random_games():
    from eruption_helpers import random_game
    from vsai.ext.eruption.render import move_detail, move_group
    groups = set()

    def check(state):
        if state.is_player_node():
            legal = state.legal_actions()
            for a in legal:
                detail, group = move_detail(state, a), move_group(state, a)
                assert isinstance(detail, str) and len(detail) <= 70, detail
                assert isinstance(group, str) and 0 < len(group) <= 24
                groups.add(group)
            if len(legal) > 20:     # a long list splits into short groups
                assert len({move_group(state, a) for a in legal}) > 1
    random_game(3, 2, check)
    assert "play a card" in groups or "discard for a wall" in groups


def test_move_detail_says_effect_and_cost():
    from vsai.ext.eruption.render import move_detail
    state = position(2, hands=[["Rain", "Quake", "Quake"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]],
                     temps=[60, 0])
    details = {state.action_to_string(a): move_detail(state, a) for a in state.legal_actions()}
    assert details["play Rain"].startswith("-30 C; costs Rain")
    assert "gain a stone wall" in details["discard Quake for a stone wall"]
    assert "costs Quake and Quake" in details["discard Quake and Quake for a tile"]


def test_score_breakdown_fits_and_hides_hands():
    from vsai.ext.eruption.render import score_breakdown
    state = position(3, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"],
                               ["Rain", "Rain", "Quake"]], temps=[60, 0, 130])
    text = _plain(score_breakdown(state, 0))
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "Sinkhole" not in text and "P2 *" in text and "130" in text
    end = game(4).new_initial_state().random_playout(5)
    assert "lowest wins" in _plain(score_breakdown(end, None))


def test_rules_summary_is_for_players():
    from pathlib import Path
    import vsai.ext.eruption as package
    text = (Path(package.__file__).parent / "summary.md").read_text()
    assert "coolest village wins" in text and "Aftershock" in text
    assert "ext/" not in text and ".pxi" not in text and "action id" not in text.lower()
    assert len(text.splitlines()) < 100 and max(len(line) for line in text.splitlines()) <= 80


def test_hidden_facts_name_each_card_of_a_hand_the_other_seat_cannot_see():
    """A belief is shown card by card (`vsai play`'s hint): one fact a card of another seat's
    hand, a second copy as "x2"; nothing of one's own hand."""
    from vsai.ext.eruption.render import hidden_facts
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Quake", "Sinkhole", "Quake"]])
    assert hidden_facts(state, 1, 0) == [("P2 holds", "Quake"), ("P2 holds", "Quake x2"), ("P2 holds", "Sinkhole")]
    assert hidden_facts(state, 0, 1) == [("P1 holds", "Quake"), ("P1 holds", "Rain"), ("P1 holds", "Relocate")]
    assert hidden_facts(state, 0, 0) == []
