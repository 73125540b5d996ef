"""Undo never lets a seat choose again knowing what it has since seen (a draw, a die, a
reveal), in `Match` and in the engine protocol; a practice match allows it and says so."""
import json

import pytest

from vsai.cli.engine_session import new_session
from vsai.core import load_game
from vsai.core.errors import UndoRefusedError
from vsai.core.match import Match


def _vec_after_red_deck(practice: bool = False) -> Match:
    """VEC seed 7, P2 (first to play) human against an AI seat: P2 chose the red deck and saw
    three red cards."""
    match = Match(load_game("vec", players=2), 7, {0: "random", 1: "human"}, practice=practice)
    match.resolve_chance()
    match.play("red deck")
    match.resolve_chance()
    return match


def test_undo_past_a_draw_the_seat_saw_is_refused_and_changes_nothing():
    match = _vec_after_red_deck()
    before = match.save()
    with pytest.raises(UndoRefusedError, match=r'P2 has since seen "draw red .*practice'):
        match.undo()
    with pytest.raises(UndoRefusedError):
        match.undo_last(seat=1)
    assert match.save() == before


def test_undo_over_moves_that_taught_nothing_is_allowed():
    match = Match(load_game("vec", players=2), 7, {0: "random", 1: "human"})
    match.resolve_chance()
    # The set-up taught P2 its objective, but before its first decision: nothing to take back.
    assert match.undo() == 0
    decided = len(match.history)
    match.play("red deck")
    assert 1 not in match.history[-1].taught             # P2's own choice teaches P2 nothing
    assert match.undo() == 1 and len(match.history) == decided


def test_a_hidden_draw_teaches_the_other_seat_nothing():
    match = _vec_after_red_deck()
    draws = [m for m in match.history if m.seat == -1 and m.text.startswith("draw ")][-3:]
    assert all(m.taught == {1} for m in draws)            # P1 reads "draw a card" three times


def test_practice_allows_it_and_the_record_says_so():
    match = _vec_after_red_deck(practice=True)
    assert match.undo() == 4
    record = json.loads(match.save())
    assert record["practice"] is True
    assert Match.load(match.save()).practice
    assert "practice" not in json.loads(_vec_after_red_deck().save())   # fair records unchanged


def test_undo_in_a_perfect_information_game_may_take_back_the_ai_reply():
    match = Match(load_game("kilauea", players=2), 1, {0: "human", 1: "random"})
    match.resolve_chance()
    while match.to_move() != 0 or len(match.state.legal_actions()) < 2:
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    ply = len(match.history)
    match.play(match.state.legal_actions()[-1])
    while not match.is_over() and match.to_move() == 1:
        match.play(match.state.legal_actions()[0])     # the AI's reply: public, no hidden cards
    if any(m.taught for m in match.history[ply:]):
        pytest.skip("a chance outcome came between")
    assert match.undo() > 0 and len(match.history) == ply


def _session():
    answers = []
    return new_session(answers.append), answers


def _ask(session, answers, **request):
    session.handle({"id": len(answers), **request})
    return answers[-1]


def test_engine_undo_for_a_seat_is_refused_past_what_it_saw_unless_forced():
    session, answers = _session()
    table = _ask(session, answers, cmd="new", game="vec", players=2, seed=7)["table"]
    _ask(session, answers, cmd="play", table=table, move="red deck")
    refused = _ask(session, answers, cmd="undo", table=table, seat="P2")
    assert refused["ok"] is False and refused["error"]["code"] == "undo_refused"
    assert "P2 has since seen" in refused["error"]["message"]
    # P1 saw P2's choice, which in a game of hidden cards tells something of P2's objective.
    assert _ask(session, answers, cmd="undo", table=table, seat=0)["error"]["code"] == "undo_refused"
    _ask(session, answers, cmd="play", table=table, move="red deck")
    assert _ask(session, answers, cmd="undo", table=table, seat=1, force=True)["undone"] == 4
    _ask(session, answers, cmd="play", table=table, move="red deck")
    assert _ask(session, answers, cmd="undo", table=table)["undone"] == 4     # analysis: no seat
    bad = _ask(session, answers, cmd="undo", table=table, seat=1, force="yes")
    assert bad["error"]["code"] == "bad_argument"


def test_engine_undo_for_a_seat_that_learned_nothing_is_allowed():
    session, answers = _session()
    table = _ask(session, answers, cmd="new", game="kilauea", players=2, seed=1)["table"]
    mover = _ask(session, answers, cmd="state", table=table)["to_play"]
    legal = _ask(session, answers, cmd="state", table=table, seat=mover)["legal"]
    _ask(session, answers, cmd="play", table=table, move=legal[-1]["action"])
    assert _ask(session, answers, cmd="undo", table=table, seat=mover)["undone"] == 1
