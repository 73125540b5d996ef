"""Suite files: parsing, checking (one clear message, exit code 2), cells, rotation and seeds."""
from __future__ import annotations

import pytest

from suite_helpers import SMALL, run, write_suite
from vsai.ai.lab.arena import Entrant, run_series
from vsai.ai.budget import Budget
from vsai.ai.lab.suite import Cell, SuiteError, parse_suite, play_task
from vsai.core import load_game


def test_every_combination_is_a_cell_with_rotated_sides():
    suite = parse_suite(SMALL)
    assert len(suite.cells) == 2 * 3  # two games, three pairs of agents, one budget
    assert {c.lineup for c in suite.cells} == {("random", "heuristic"), ("random", "search"),
                                               ("heuristic", "search")}
    cell = suite.cells[0]
    assert [cell.seating(i) for i in range(2)] == [("random", "heuristic"), ("heuristic", "random")]


def test_a_game_with_more_sides_gets_one_against_the_field_both_ways():
    game = "kilauea"          # the first game of SMALL
    text = SMALL.replace('players = [2]\n\n[[games]]', 'players = [3]\n\n[[games]]', 1)
    cells = [c for c in parse_suite(text).cells if c.players == 3]
    assert {c.lineup for c in cells if set(c.lineup) == {"random", "search"}} == {
        ("random", "search", "search"), ("search", "random", "random")}
    assert all(c.game == game for c in cells)


def test_a_team_is_one_side_and_rotates_as_one():
    """Seat 0 alone against the team of seats 1 and 2 (a Kaiju against humans)."""
    cell = Cell("k", "g", {"players": 3}, (0, 1, 1), Budget(label="b"), ("a", "b"), 2, 1)
    assert cell.seating(0) == ("a", "b", "b") and cell.seating(1) == ("b", "a", "a")


def test_a_cell_replays_the_series_of_the_arena_with_its_seed():
    suite = parse_suite(SMALL)
    cell = next(c for c in suite.cells if c.lineup == ("random", "search"))
    records = [play_task(task) for task in suite.tasks(cell, range(2))]
    series = run_series(load_game(cell.game, **cell.params), [Entrant("random"), Entrant("ismcts")],
                        games=2, seed=cell.seed, iterations=150)
    assert [tuple(r["actions"]) for r in records] == [s.actions for s in series.records]
    assert [tuple(r["returns"]) for r in records] == [s.returns for s in series.records]


def test_cell_seeds_do_not_depend_on_the_rest_of_the_suite():
    small = {c.title: (c.key, c.seed) for c in parse_suite(SMALL).cells}
    more = SMALL + '\n[[agents]]\nlabel = "other"\nname = "random"\n'
    bigger = {c.title: (c.key, c.seed) for c in parse_suite(more).cells}
    assert len(bigger) > len(small)
    assert all(bigger[title] == small[title] for title in small)
    reseeded = {c.title: c.seed for c in parse_suite(SMALL.replace("seed = 11", "seed = 12")).cells}
    assert all(reseeded[title] != small[title][1] for title in small)


def test_a_matchup_can_have_more_games_and_keeps_its_cell_and_first_games():
    """A step measured more precisely is the same cell grown: the games played stay valid."""
    plain = 'matchups = [["random", "search"], ["heuristic", "search"]]'
    more = 'matchups = [["random", "search"], { agents = ["heuristic", "search"], games = 10 }]'
    before = {c.lineup: c for c in parse_suite(SMALL.replace("out =", plain + "\nout =")).cells}
    after = {c.lineup: c for c in parse_suite(SMALL.replace("out =", more + "\nout =")).cells}
    grown, kept = ("heuristic", "search"), ("random", "search")
    assert (after[grown].games, before[grown].games) == (10, 4)
    assert after[kept].games == 4
    assert (after[grown].key, after[grown].seed) == (before[grown].key, before[grown].seed)


@pytest.mark.parametrize("change, message", [
    (("seed = 11", "seed = [1"), "is not valid TOML"),
    (("seed = 11", "sead = 11"), "unknown key 'sead'"),
    (('name = "kilauea"', 'name = "chess"'), "unknown game 'chess'; the games are"),
    (('name = "heuristic"', 'name = "genius"'), "unknown agent 'genius'; the agents are"),
    (("turn_cap = 2", "turn_cap = -3"), "game vec with 2 players"),
    (('name = "ismcts"', 'name = "ismcts"\noptions = { bogus = 1 }'), "agent 'search' on"),
    (("players = [2]", "players = [9]"), "seats 2 to 4 players, not 9"),
    (("iterations = 150", "iterations = 0"), "iterations must be a whole number >= 1"),
    (("games_per_cell = 4", "games_per_cell = 4\nmatchups = [[\"random\", \"nobody\"]]"),
     "names 'nobody', which is no agent's label"),
    (('label = "search"', 'label = "random"'), "the label 'random' is used twice"),
    (("[[budgets]]", '[[games]]\nname = "vec"\nplayers = [2]\noptions = { turn_cap = 2 }\n\n[[budgets]]'),
     "comes twice"),
    (("[[budgets]]", "[[budgets]]\ntime_limit = -1.0\n[[budgets]]"), "time_limit must be a positive"),
    (("games_per_cell = 4", 'games_per_cell = 4\nmatchups = "some"'), "matchups must be"),
    (("games_per_cell = 4", 'games_per_cell = 4\nmatchups = [{ agents = ["random", "search"] }]'),
     "games must be a whole number from 1 to 100,000, not None"),
    (("games_per_cell = 4", 'games_per_cell = 4\nmatchups = [{ agents = ["random", "search"], '
                            'games = 8, seed = 1 }]'), "unknown key 'seed'"),
])
def test_bad_suite_files_are_usage_errors(tmp_path, change, message):
    path = write_suite(tmp_path, SMALL.replace(*change, 1))
    with pytest.raises(SuiteError, match=None):
        parse_suite(path.read_text(), path)
    result = run(["suite", "run", path, "--out", tmp_path / "out"])
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert not (tmp_path / "out").exists()


def test_bad_command_lines_are_usage_errors(tmp_path):
    result = run(["suite", "run", tmp_path / "missing.toml"])
    assert result.exit_code == 2 and "cannot read the suite file" in result.output
    path = write_suite(tmp_path)
    for args, message in ((["--workers", "0"], "--workers"), (["--backend", "mpi"], "--backend"),
                          (["--address", "auto"], "--address is for --backend ray")):
        result = run(["suite", "run", path, *args])
        assert result.exit_code == 2 and message in result.output, result.output
    result = run(["suite", "report", tmp_path / "nothing-here"])
    assert result.exit_code == 2 and "not a folder of suite results" in result.output


def test_a_missing_report_package_is_named_with_its_extra(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "openskill", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    path = write_suite(tmp_path, SMALL.replace("games_per_cell = 4", "games_per_cell = 1"))
    result = run(["suite", "run", path, "--out", tmp_path / "out", "--workers", "1"])
    assert result.exit_code == 0 and "rating" in result.output  # the tables, without ratings
    result = run(["suite", "report", tmp_path / "out"])
    assert result.exit_code == 1 and "pip install 'vsai[report]'" in result.output


AGENT_SEARCH_SUITE = """
[suite]
seed = 5
games_per_cell = 2

[[games]]
name = "vec"
players = [2, 3]

[[agents]]
name = "random"

[[agents]]
name = "ismcts"

[[budgets]]
iterations = 10
"""
NAMED_OFF = AGENT_SEARCH_SUITE.replace('name = "ismcts"\n', 'name = "ismcts"\noptions = { belief = "off" }\n')


def test_a_games_agent_search_makes_new_cells_and_naming_the_old_value_keeps_the_old_ones(monkeypatch):
    """VEC's `ismcts` believes by default at 3 players (GameSpec.agent_search): a bare one there is
    a new cell, and `belief = "off"`, every game's value before the option, keeps the key the
    bare agent had then, so that kept results stay counted."""
    import dataclasses

    import vsai.core
    from vsai.core import get_spec
    from vsai.core.game import Game

    def keys(text: str) -> dict:
        return {c.params["players"]: c.key for c in parse_suite(text).cells}

    assert NAMED_OFF != AGENT_SEARCH_SUITE
    bare, named = keys(AGENT_SEARCH_SUITE), keys(NAMED_OFF)
    without = dataclasses.replace(get_spec("vec"), agent_search={})
    monkeypatch.setattr(vsai.core, "load_game",
                        lambda name, **params: Game(without, {**without.defaults(), **params}))
    old = keys(AGENT_SEARCH_SUITE)
    assert bare[3] != old[3]                    # believes now: a new cell
    assert named[3] == old[3] == keys(NAMED_OFF)[3]
    assert bare[2] == named[2] == old[2]        # no agent_search at 2 players
