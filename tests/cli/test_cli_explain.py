"""`explain` in a hidden-information game: the human seat's own reading of the others' hidden
items (cli/explain.py), never an AI seat's belief or alternatives."""
from __future__ import annotations

import random

import pytest

from cli_helpers import answers, flat, run
from vsai.cli.explain import READING_TITLE, SeatReading
from vsai.core import load_game
from vsai.core.hidden import hidden_items
from vsai.core.match import HUMAN, Match

HUMAN_SEAT = 0


def _twin_matches(name: str, players: int, seed: int, plies: int) -> tuple[Match, Match]:
    """Two matches the human seat cannot tell apart: the same moves as its seat sees them
    (action keys and information state), but another hidden move or draw wherever one with
    the same key exists, up to `plies` moves or the first edit the seat would see."""
    game = load_game(name, players=players)
    seats = {s: HUMAN if s == HUMAN_SEAT else "random" for s in range(players)}
    real, twin = Match(game, seed, seats), Match(game, seed, seats)
    rng = random.Random(seed)
    while len(real.history) < plies and not real.is_over():
        state = real.state
        action = real.chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        key = state.action_key(HUMAN_SEAT, action)
        other = twin.state
        options = [a for a, _ in other.chance_outcomes()] if other.is_chance_node() else other.legal_actions()
        same = [a for a in options if other.action_key(HUMAN_SEAT, a) == key]
        if not same:
            break
        edited = ([a for a in same if a != action] or same)[-1]
        after, twin_after = state.clone(), other.clone()
        after.apply_action(action)
        twin_after.apply_action(edited)
        if after.information_state_string(HUMAN_SEAT) != twin_after.information_state_string(HUMAN_SEAT):
            break  # the edit would show: stop before it
        real.play(action)
        twin.play(edited)
    return real, twin


def _secrets(match: Match) -> list[dict]:
    """The true hidden items of every other seat (what the reading must not read)."""
    return [hidden_items(match.state, owner, HUMAN_SEAT)
            for owner in range(match.game.num_players()) if owner != HUMAN_SEAT]


@pytest.mark.parametrize("name,players", [("vec", 2), ("vulcanus", 2), ("eruption", 3)])
def test_the_reading_is_the_same_in_worlds_the_human_cannot_tell_apart(name, players):
    """Twin games differing only in what the human's seat cannot see give the same explain
    text; the twins' hidden items do differ, so a reading of the true state would fail."""
    differ = 0
    for seed in range(2):
        real, twin = _twin_matches(name, players, seed, plies=40 + 10 * seed)
        assert real.state.information_state_string(HUMAN_SEAT) == twin.state.information_state_string(HUMAN_SEAT)
        differ += _secrets(real) != _secrets(twin)
        text = SeatReading(real, 7).lines(real, HUMAN_SEAT)
        assert text and text == SeatReading(twin, 7).lines(twin, HUMAN_SEAT), (name, seed)
    assert differ, "no twin had different hidden items: the test could not fail"


def test_explain_after_ai_moves_shows_the_humans_reading_not_the_ais_alternatives():
    out = run(["play", "vec", "--ai", "ismcts", "--iterations", "20", "--seed", "2", "--explain"],
              answers(*(["1"] * 4), "quit")).output
    assert "After its moves you see what you may read from the others' play instead." in flat(out)
    assert out.count(READING_TITLE) >= 2  # after each AI move
    assert "P2's objective is" in out and "%" in out
    assert "of the search" not in out and "win chance" not in out  # no AI alternatives


def test_the_explain_command_reads_the_others_or_says_nothing_is_hidden():
    out = run(["play", "vec", "--ai", "random", "--seed", "3"], answers("explain", "quit")).output
    assert READING_TITLE in out and "P2's objective is" in out
    for game in ("kilauea", "godzilla"):  # nothing hidden; decks hidden from every seat alike
        out = flat(run(["play", game, "--ai", "random", "--seed", "3"], answers("explain", "quit")).output)
        assert "No seat holds anything hidden from the others" in out and READING_TITLE not in out
