"""The shipped suite files, and the measured ladder of `vsai play --level` in `vsai list`."""
from __future__ import annotations

import dataclasses
import json
import re
import types
from pathlib import Path

import pytest

from suite_helpers import run
from vsai.ai.lab.suite import load_suite
from vsai.ai import levels
from vsai.ai.budget import Budget
from vsai.cli import ladder_table
from vsai.cli import suite as suite_cli

SUITES = Path(__file__).resolve().parents[2] / "benchmarks" / "suites"


@pytest.mark.parametrize("path", sorted(SUITES.glob("*.toml")), ids=lambda p: p.name)
def test_the_shipped_suites_are_valid(path):
    suite = load_suite(path)
    # Scratch results go to suite-results/ (ignored by git); kept ones to benchmarks/results/.
    assert suite.cells and (suite.out.parts[0] == "suite-results"
                            or suite.out.parts[:2] == ("benchmarks", "results"))


def test_the_ladder_suite_plays_the_levels_of_the_ladder():
    suite = load_suite(SUITES / "ladder.toml")
    for rung in levels.LEVELS:
        agent = suite.agent(f"level{rung.number}")
        assert agent.name == "ismcts" and agent.level == rung.number and not agent.options
    lineups = {cell.lineup for cell in suite.cells}
    for rung in levels.LEVELS:
        label = f"level{rung.number}"
        assert {(label, "random"), (label, "heuristic")} <= lineups
        if rung.number > 1:
            assert (label, f"level{rung.number - 1}") in lineups


# Kilauea with two levels and a plain search, each against `random`.
LEVELS_SUITE = """
[suite]
matchups = [["level3", "random"], ["level2", "random"], ["ismcts", "random"]]
[[games]]
name = "kilauea"
[[agents]]
name = "random"
[[agents]]
name = "ismcts"
[[agents]]
label = "level2"
name = "ismcts"
level = 2
[[agents]]
label = "level3"
name = "ismcts"
level = 3
"""


def test_a_level_plays_with_the_budget_of_vsai_play_on_each_game():
    from vsai.ai.lab import suite as suite_module
    from vsai.core import get_spec, load_game

    text = LEVELS_SUITE
    suite = suite_module.parse_suite(text)
    game = load_game("kilauea")
    rung = levels.level(3)
    own = suite.agent("level3").budget(game)
    assert (own.iterations, own.time_limit) == (rung.iterations, rung.time_limit)
    agent = suite_module._make(suite.agent("level3"), game, 0, Budget(99, 9.0))
    assert agent.budget.iterations == rung.iterations and agent.budget.time_limit == rung.time_limit
    # A game's level_scale scales a level's iterations (the cap stays).
    scaled = types.SimpleNamespace(spec=dataclasses.replace(get_spec("kilauea"), level_scale=0.5))
    half = suite.agent("level3").budget(scaled)
    assert (half.iterations, half.time_limit) == (rung.iterations // 2, rung.time_limit)
    for bad, message in (("level = 11", "the levels are 1 to 10"), ("level = 0", "whole number >= 1"),
                         ('level = 3\noptions = { iterations = 5 }', "give level or options")):
        with pytest.raises(suite_module.SuiteError, match=message):
            suite_module.parse_suite(text.replace("level = 3", bad))


def _game_with_level_search(options: dict):
    """A Kilauea game whose spec gives its levels these search options."""
    from vsai.core import get_spec
    from vsai.core.game import Game

    return Game(dataclasses.replace(get_spec("kilauea"), level_search=options), {"players": 2})


def test_a_level_searches_with_its_games_level_options(monkeypatch):
    from vsai.ai.lab import suite as suite_module

    tuned = _game_with_level_search({"playout": "heuristic", "exploration": 0.4})
    plain = _game_with_level_search({})
    # Only vsai's tree-search agents take them: `random` would refuse the options.
    assert levels.search_options("ismcts", tuned.spec) == {"playout": "heuristic", "exploration": 0.4}
    assert levels.search_options("pimc", tuned.spec)["playout"] == "heuristic"
    assert levels.search_options("random", tuned.spec) == {}
    assert levels.search_options("ismcts", plain.spec) == {}
    suite = suite_module.parse_suite(LEVELS_SUITE)
    level_agent = suite_module._make(suite.agent("level2"), tuned, 0, Budget())
    assert (level_agent.playout, level_agent.exploration) == ("heuristic", 0.4)
    # A plain agent keeps the game's search defaults: kept benchmark results stay valid.
    plain_agent = suite_module._make(suite.agent("ismcts"), tuned, 0, Budget())
    assert (plain_agent.playout, plain_agent.exploration) == ("random", 0.7)
    assert suite_module._make(suite.agent("level2"), plain, 0, Budget()).playout == "random"

    # The options decide the games, so they are part of the level's cells (and of nothing else).
    def keys(game):
        monkeypatch.setattr("vsai.core.load_game", lambda *args, **kwargs: game)
        return {cell.lineup: cell.key for cell in suite_module.parse_suite(LEVELS_SUITE).cells}

    with_options, without = keys(tuned), keys(plain)
    assert with_options[("level2", "random")] != without[("level2", "random")]
    assert with_options[("ismcts", "random")] == without[("ismcts", "random")]


def test_a_spec_level_scale_must_be_a_positive_number():
    from vsai.core import get_spec

    for bad in (0, -1.0, float("inf"), "2", True):
        with pytest.raises(ValueError, match="level_scale must be a positive number"):
            dataclasses.replace(get_spec("kilauea"), level_scale=bad)
    with pytest.raises(ValueError, match="level_search must be a dict"):
        dataclasses.replace(get_spec("kilauea"), level_search="heuristic")


def _data(second_rating, second_rate, step_z=None):
    ratings = {"random": {"mu": 10, "low": 5, "high": 15},
               "level1": {"mu": 20, "low": 15, "high": 25},
               "level2": {"mu": second_rating, "low": second_rating - 5, "high": second_rating + 5}}
    matrix = {"level2": {"level1": {"games": 40, "win_rate": second_rate,
                                    "ci95": [second_rate - 0.15, second_rate + 0.15]}}}
    if step_z is not None:  # as ratings.matrix gives for two agents alone
        matrix["level2"]["level1"]["balanced"] = dict(matrix["level2"]["level1"], by_side={})
        matrix["level2"]["level1"]["compared"] = {"z": step_z, "p": 0.01, "strata": 5, "games": 500}
    return {"suite": "ladder", "seed": 1, "pools": [
        {"game": "g", "players": 2, "games": 120, "ratings": ratings, "matrix": matrix}]}


def test_the_ladder_summary_flags_levels_out_of_order():
    good = suite_cli.ladder_summary(_data(30, 0.8))
    assert [v["levels"].keys() for v in good["variants"]] == [{"1": 0, "2": 0}.keys()]
    assert good["variants"][0]["levels"]["2"]["vs_below"]["win_rate"] == 0.8
    assert suite_cli.ladder_problems(good) == []
    bad = suite_cli.ladder_problems(suite_cli.ladder_summary(_data(19, 0.55)))
    assert len(bad) == 2 and "not above level 1" in bad[0] and "not significantly" in bad[1]


def test_a_level_that_has_not_met_the_one_below_is_not_yet_measured(tmp_path, monkeypatch):
    data = _data(30, 0.8)
    data["pools"][0]["matrix"] = {}  # level2 played the anchors only, so far
    ladder = suite_cli.ladder_summary(data)
    assert "2" not in ladder["variants"][0]["levels"] and ladder["variants"][0]["pending"] == [2]
    assert suite_cli.ladder_problems(ladder) == ["g 2p: level 2 has not played level 1 yet"]
    monkeypatch.setattr(ladder_table, "LADDER_FILE", tmp_path / "ladder.json")
    (tmp_path / "ladder.json").write_text(json.dumps(ladder))
    output = run(["list"]).output
    assert "30.0" not in output and re.search(r"│ 2 +│ +- │", output)


def test_a_step_is_judged_on_the_same_sides_against_the_same_opponents():
    """Where the results have the test of ratings.compared, it decides, not the interval of
    the win rate against the level below (which a side's advantage can drown)."""
    rescued = suite_cli.ladder_summary(_data(30, 0.55, step_z=2.5))
    assert rescued["variants"][0]["levels"]["2"]["step"]["z"] == 2.5
    assert "by_side" not in rescued["variants"][0]["levels"]["2"]["vs_below"]
    assert suite_cli.ladder_problems(rescued) == []
    flagged = suite_cli.ladder_problems(suite_cli.ladder_summary(_data(30, 0.8, step_z=1.5)))
    assert len(flagged) == 1 and "z = 1.50" in flagged[0] and "not significantly" in flagged[0]


def test_a_step_of_one_against_two_is_judged_against_an_equal_share(tmp_path, monkeypatch):
    """At three players a level alone against two of the level below wins a third when it is
    no stronger: 40% [34%, 46%] is a step there, though below a half. The table and the
    problems say what the share is."""
    data = _data(30, 0.40)
    data["pools"][0]["players"] = 3
    data["pools"][0]["matrix"]["level2"]["level1"].update(equal=1 / 3, ci95=[0.34, 0.46])
    ladder = suite_cli.ladder_summary(data)
    assert ladder["variants"][0]["levels"]["2"]["vs_below"]["equal"] == pytest.approx(1 / 3)
    assert suite_cli.ladder_problems(ladder) == []
    data["pools"][0]["matrix"]["level2"]["level1"]["ci95"] = [0.30, 0.50]
    flagged = suite_cli.ladder_problems(suite_cli.ladder_summary(data))
    assert len(flagged) == 1 and "an equal level's share: 33%" in flagged[0]
    monkeypatch.setattr(ladder_table, "LADDER_FILE", tmp_path / "ladder.json")
    (tmp_path / "ladder.json").write_text(json.dumps(ladder))
    assert "30.0 (40%/33%)" in run(["list"]).output


def test_a_three_player_ladder_is_reported_per_side(tmp_path):
    """Level2 alone against two level1 wins 45% of 90 games, each alone against two random
    nearly all: ordered and rated per side, written beside the game's other ladders."""
    records = []

    def games(cell, agent, field, won):
        for index in range(90):
            seats = [field] * 3
            seats[index % 3] = agent
            wins = (index + 1) * won // 90 > index * won // 90
            returns = [0.0] * 3
            returns[index % 3 if wins else (index + 1) % 3] = 1.0
            records.append({"v": 1, "cell": cell, "index": index, "game": "vec",
                            "params": {"players": 3}, "budget": "default", "lineup": [agent, field],
                            "sides": [0, 1, 2], "seats": seats, "returns": returns,
                            "scores": [1.0] * 3, "moves": [1] * 3, "think": [0.0] * 3})

    games("c1", "level1", "random", 80)
    games("c2", "level2", "random", 85)
    games("c3", "level2", "level1", 40)
    folder = tmp_path / "ladder"
    folder.mkdir()
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (tmp_path / "ext" / "vec").mkdir(parents=True)
    two = {"suite": "ladder", "seed": 1, "variants": [{"game": "vec", "players": 2, "games": 9,
                                                      "levels": {}, "pending": []}]}
    (tmp_path / "ext" / "vec" / "ladder.json").write_text(json.dumps(two))
    result = run(["suite", "report", str(folder), "--no-html", "--ladder", str(tmp_path / "ext")])
    assert result.exit_code == 0, result.output
    assert "per side held (an equal side wins 33%)" in result.output
    written = json.loads((tmp_path / "ext" / "vec" / "ladder.json").read_text())
    assert [(v["players"], v["suite"]) for v in written["variants"]] == [(2, "ladder"), (3, "ladder")]
    level2 = written["variants"][1]["levels"]["2"]
    assert level2["vs_below"]["win_rate"] == pytest.approx(40 / 90, abs=0.01)
    assert level2["vs_below"]["equal"] == pytest.approx(1 / 3)
    assert level2["rating"] > written["variants"][1]["levels"]["1"]["rating"]
    assert level2["step"]["z"] > 1.96 and "strictly increasing" in result.output
    assert run(["suite", "report", str(folder)]).exit_code == 0  # the page says so too
    assert "Win rates per side held: an equal side wins 33%" in (folder / "report.html").read_text()
    assert json.loads((folder / "report.json").read_text())["pools"][0]["side_count"] == 3


def test_vsai_list_shows_the_measured_ladder_when_one_is_shipped(tmp_path, monkeypatch):
    monkeypatch.setattr(ladder_table, "LADDER_FILE", tmp_path / "ladder.json")
    assert "Levels measured" not in run(["list"]).output
    (tmp_path / "ladder.json").write_text(json.dumps(suite_cli.ladder_summary(_data(30, 0.8))))
    output = run(["list"]).output
    assert "Levels measured" in output and "30.0 (80%)" in output and "20.0" in output
    assert re.search(r"│ 10 +│ +- │", output)  # a level not measured yet shows as such
    (tmp_path / "ladder.json").write_text(json.dumps(suite_cli.ladder_summary(_data(30, 0.55))))
    assert "30.0 (55%?)" in run(["list"]).output  # a step not yet significant is marked
    (tmp_path / "ladder.json").write_text(json.dumps(suite_cli.ladder_summary(_data(30, 0.55, step_z=3.0))))
    assert "30.0 (55%)" in run(["list"]).output  # significant by the test on the same sides
    (tmp_path / "ladder.json").write_text("{not json")
    assert run(["list"]).exit_code == 0


def _ladder_records():
    """Two levels and an anchor on a 2-player game where seat 0 wins nearly every game whoever
    plays it: level2 wins as seat 1 a little more often, against level1 and the anchor."""
    records = []

    def games(cell, pair, won_as_second):
        for index in range(60):
            first, second = pair if index % 2 == 0 else pair[::-1]
            second_wins = index // 2 < won_as_second[second]
            records.append({"v": 1, "cell": cell, "index": index, "game": "kilauea",
                            "params": {"players": 2}, "budget": "default", "lineup": list(pair),
                            "sides": [0, 1], "seats": [first, second],
                            "returns": [0.0, 1.0] if second_wins else [1.0, 0.0],
                            "scores": [1.0, 1.0], "moves": [1, 1], "think": [0.0, 0.0]})

    games("c1", ("level1", "random"), {"level1": 6, "random": 0})
    games("c2", ("level2", "random"), {"level2": 12, "random": 0})
    games("c3", ("level2", "level1"), {"level2": 9, "level1": 1})
    return records


def test_suite_report_writes_and_prints_the_measured_ladder(tmp_path):
    folder = tmp_path / "ladder"
    folder.mkdir()
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in _ladder_records()))
    result = run(["suite", "report", str(folder), "--no-html", "--ladder", str(tmp_path / "ladder.json")])
    assert result.exit_code == 0, result.output
    level2 = json.loads((tmp_path / "ladder.json").read_text())["variants"][0]["levels"]["2"]
    # Head to head, level2 wins 29 of 30 as seat 0 and 9 of 30 as seat 1; the step's test
    # also counts the games of both against random on each seat.
    assert level2["vs_below"]["win_rate"] == pytest.approx((29 / 30 + 9 / 30) / 2)
    assert level2["step"]["strata"] == 3 and level2["step"]["z"] > 1.96
    assert "Levels measured" in result.output and "strictly increasing" in result.output


# Kept results of plain `ismcts` on VEC at 3-4 players, played before the belief became VEC's
# default there: their suites now name `belief = "off"`, which keeps their cells.
BELIEF_OFF_RESULTS = ("belief-iterations-random", "belief-random", "belief-random-2",
                      "belief-signal-4p", "belief-vec3p-level5", "belief-vec4p-level5")


@pytest.mark.parametrize("name", BELIEF_OFF_RESULTS)
def test_kept_results_stay_in_their_cells_when_a_default_changes(name):
    from vsai.ai.lab.suite import read_results, suite_records

    folder = SUITES.parent / "results" / name
    suite, records = suite_records(folder)
    assert 'belief = "off"' in (folder / "suite.toml").read_text()
    assert records and len(records) == len(read_results(folder))
