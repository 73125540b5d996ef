"""A human sees only what their seat may see: boards, other seats' moves, chance outcomes."""
import random
import re

import pytest

from cli_helpers import answers, run
from vsai.core.match import Match as Table
from vsai.core import list_games, load_game

HIDDEN_GAMES = [name for name in list_games() if load_game(name).has_hidden_information()]
needs_hidden_game = pytest.mark.skipif(not HIDDEN_GAMES, reason="no hidden-information game registered")


def _random_table(name, seed, players=2):
    """A game played at random to the end; seat 0 and (with more players) every seat human."""
    rng = random.Random(seed)
    seats = {0: "human", 1: "random"} if players == 2 else {s: "human" for s in range(players)}
    table = Table(load_game(name, players=players), seed, seats)
    while True:
        table.resolve_chance()
        if table.is_over():
            return table
        table.play(rng.choice(table.state.legal_actions()))


def test_nothing_is_hidden_in_a_perfect_information_game():
    table = _random_table("kilauea", 1)
    assert all(not move.hidden_from for move in table.history)


@needs_hidden_game
@pytest.mark.parametrize("name", HIDDEN_GAMES)
def test_a_hidden_move_is_one_the_observer_does_not_see_whole(name):
    """Hidden = the observer's action key is not the action itself, however many outcomes are
    left (the last card of a deck is hidden like the others); tests/core/test_core_log_fairness.py
    checks that the words follow from what the seat saw."""
    table = _random_table(name, 3)
    state = load_game(name).new_initial_state()
    hidden = 0
    for move in table.history:
        seen_whole = move.seat == 0 or state.action_key(0, move.action) == move.action
        assert (0 in move.hidden_from) == (not seen_whole), move
        if 0 in move.hidden_from:
            hidden += 1
            assert move.keys[0] == state.action_key(0, move.action)
            assert move.text_for(name, None) == move.text  # a spectator sees everything
        state.apply_action(move.action)
    assert hidden > 0


@pytest.mark.skipif("vec" not in HIDDEN_GAMES, reason="vec is not registered")
def test_vec_secret_objectives_and_sealed_bids_stay_secret():
    sealed = dealt = 0
    for seed in range(3):
        for move in _random_table("vec", seed, players=3).history:
            for observer in {0, 1, 2} - {move.seat}:
                shown = move.text_for("vec", observer)
                if move.text.startswith("bid "):
                    # Either the bids were revealed at once (the board shows it) or it stays sealed.
                    assert shown in (move.text, "a sealed bid")
                    sealed += shown == "a sealed bid"
                if move.text.startswith("deal objective"):
                    dealt += 1
                    mine = move.text.endswith(f" to P{observer + 1}")
                    assert shown == (move.text if mine else "deal a secret objective")
                if move.seat == -1 and move.text.startswith("draw ") and observer in move.hidden_from:
                    assert shown == "draw a card"
    assert sealed > 0 and dealt > 0


@pytest.mark.skipif("vec" not in HIDDEN_GAMES, reason="vec is not registered")
def test_vec_transcript_never_shows_the_opponents_objective_before_the_end():
    out = run(["play", "vec", "--ai", "random", "--seed", "2", "--option", "turn_cap=8"], answers(ones=3000)).output
    body, _, final = out.partition(" - final - ")
    objective = re.findall(r"P2: objective (#\d+ [^;]*);", final)
    assert objective, final
    assert objective[0] not in body
    assert "P2 (random): " in body and "deal a secret objective" in body
    assert out.strip().splitlines()[-1].startswith("Result: P1 (you)")


@pytest.mark.skipif("vec" not in HIDDEN_GAMES, reason="vec is not registered")
def test_explain_never_lists_the_ais_hidden_options_to_a_human():
    result = run(["play", "vec", "--ai", "ismcts", "--iterations", "10", "--seed", "2", "--explain",
                  "--option", "turn_cap=2"], answers(ones=500))
    assert "alternatives stay hidden in this game" in result.output
    assert "win chance" not in result.output
    assert "P2 (ismcts): " in result.output  # its moves are still reported, as P1 may see them
    spectator = run(["play", "vec", "--humans", "0", "--ai", "ismcts", "--iterations", "10", "--seed", "2",
                     "--explain", "--option", "turn_cap=2"])
    assert "win chance" in spectator.output


@pytest.mark.skipif("vec" not in HIDDEN_GAMES, reason="vec is not registered")
def test_a_cheating_opponent_is_announced():
    fast = ["--iterations", "5", "--seed", "1"]
    assert "a cheating opponent" in run(["play", "vec", "--ai", "mcts"] + fast, answers("quit")).output
    assert "cheating" not in run(["play", "vec", "--ai", "ismcts"] + fast, answers("quit")).output
