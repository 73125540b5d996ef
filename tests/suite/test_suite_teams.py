"""A game with teams end to end: one seat against a team of two (as a Kaiju against humans).

The search-test toy game, registered for this test as the game package `teamtoy` whose seats 2
and 3 of three form a team: an agent plays a whole side, sides rotate, each side is reported
on its own and a team's result counts once per game."""
from __future__ import annotations

import json

import pytest

import vsai.ext
from suite_helpers import run, write_suite
from vsai.core import registry

SPEC_MODULE = """
import dataclasses
from ai_toygame import TOY_SPEC

SPEC = dataclasses.replace(
    TOY_SPEC, name="teamtoy",
    teams=lambda params: ((1, 2),) if params["players"] == 3 else (),
    seat_names=lambda params: ("Kaiju", "H1", "H2")[:params["players"]])
"""

SUITE = """
[suite]
seed = 3
games_per_cell = 4
[[games]]
name = "teamtoy"
players = [3]
[[agents]]
name = "random"
[[agents]]
name = "heuristic"
"""


@pytest.fixture
def team_game(tmp_path, monkeypatch):
    package = tmp_path / "games" / "teamtoy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "spec.py").write_text(SPEC_MODULE)
    monkeypatch.setattr(vsai.ext, "__path__", list(vsai.ext.__path__) + [str(tmp_path / "games")])
    registry._spec_modules.cache_clear()
    registry.get_spec.cache_clear()
    yield
    registry._spec_modules.cache_clear()
    registry.get_spec.cache_clear()


def test_a_team_game_is_played_and_reported_by_side(team_game, tmp_path):
    path = write_suite(tmp_path, SUITE, "teams.toml")
    out = tmp_path / "out"
    result = run(["suite", "run", path, "--out", out, "--workers", "1"])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(records) == 4
    for record in records:
        assert record["sides"] == [1, 0, 0]
        assert record["seats"][1] == record["seats"][2] != record["seats"][0]  # a side, one agent
    assert sorted(r["seats"][0] for r in records) == ["heuristic", "heuristic", "random", "random"]
    report = run(["suite", "report", out])
    assert report.exit_code == 0, report.output
    assert "By side" in report.output and "H1+H2" in report.output and "Kaiju" in report.output
    data = json.loads((out / "report.json").read_text())
    assert data["suite"] == "teams"  # named after its file, teams.toml
    pool = data["pools"][0]
    rows = {(r["side"], r["agent"]): r["games"] for r in pool["sides"]}
    assert rows == {("Kaiju", "random"): 2, ("Kaiju", "heuristic"): 2,
                    ("H1+H2", "random"): 2, ("H1+H2", "heuristic"): 2}
    standings = {s["agent"]: s for s in pool["standings"]}
    assert standings["random"]["games"] == 4  # once per game, not once per seat
    assert standings["random"]["wins"] + standings["heuristic"]["wins"] == pytest.approx(4)
