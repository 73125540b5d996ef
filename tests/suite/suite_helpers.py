"""Shared helpers of the suite tests: a small suite, running `vsai` in-process and reading results."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from vsai.cli.main import cli

# Two games, three agents, tiny budgets: 24 games, about a second on one core. Kilauea stops
# after 30 turns (a random game lasts about 57): the suite then takes 1.0 s of CPU, not 2.4.
SMALL = """
[suite]
name = "small"
seed = 11
games_per_cell = 4
out = "small-out"

[[games]]
name = "kilauea"
options = { turn_cap = 30 }
players = [2]

[[games]]
name = "vec"
players = [2]
options = { turn_cap = 2 }

[[agents]]
name = "random"

[[agents]]
name = "heuristic"

[[agents]]
label = "search"
name = "ismcts"

[[budgets]]
iterations = 150
"""
SMALL_GAMES = 24


def write_suite(folder: Path, text: str = SMALL, name: str = "small.toml") -> Path:
    """The suite `text` written to `folder`/`name`."""
    path = folder / name
    path.write_text(text)
    return path


def run(args: list[str]):
    """The result of `vsai ARGS` in this process; fails the test on a traceback."""
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def games(folder: Path) -> dict[tuple[str, int], tuple]:
    """What decides a game, by (cell, index): seats, seed, returns, scores and the moves."""
    found = {}
    for line in (folder / "results.jsonl").read_text().splitlines():
        r = json.loads(line)
        key = (r["cell"], r["index"])
        assert key not in found, f"game {key} recorded twice"
        found[key] = (tuple(r["seats"]), r["seed"], tuple(r["returns"]), tuple(r["scores"]),
                      tuple(r["actions"]))
    return found
