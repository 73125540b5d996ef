"""`vsai arena` is a one-cell suite: it resumes into --out, runs on the suite's backends, and
its results folder is a suite's (`vsai suite report` reads it)."""
import json
import signal

import pytest

from cli_helpers import run, usage_error
from vsai.ai.lab import backends
from vsai.ai.lab.suite import suite_records
from vsai.cli import arena as arena_module

MATCH = ["arena", "kilauea", "--agents", "heuristic,random", "--games", "4", "--seed", "3", "--json"]


def _played(output: str) -> dict:
    """The --json object without the think times (which the clock decides)."""
    data = json.loads(output.splitlines()[-1])
    for row in data["results"].values():
        del row["mean_think_seconds"]
    return data


def _stop_after(monkeypatch, games: int) -> list[int]:
    """Make the local backend raise Ctrl-C after `games` games; the list counts the games played."""
    real = backends.LocalBackend.run
    played: list[int] = []

    def run_then_ctrl_c(self, tasks):
        for record in real(self, tasks):
            if len(played) == games:
                raise KeyboardInterrupt
            played.append(record["index"])
            yield record

    monkeypatch.setattr(backends.LocalBackend, "run", run_then_ctrl_c)
    return played


def test_an_interrupted_arena_resumes_from_its_out_folder(tmp_path, monkeypatch):
    whole = _played(run(MATCH).output)
    out = tmp_path / "match"
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    played = _stop_after(monkeypatch, 3)
    first = run(MATCH + ["--out", str(out)])
    for number, handler in handlers.items():  # the interrupted command left them ignored
        signal.signal(number, handler)
    assert first.exit_code == 130 and "Interrupted: 3 of 4 games" in first.output
    assert "Run the same command again" in first.output
    played.clear()
    again = run(MATCH + ["--out", str(out)])
    assert again.exit_code == 0 and played == [3]             # only the missing game
    assert _played(again.output) == whole                     # the same match as in one run
    # The folder is a suite's: its copy of the match parses back to the same cell.
    suite, records = suite_records(out)
    assert suite.match and [r["index"] for r in records] == [0, 1, 2, 3]


def test_a_finished_match_plays_nothing_again(tmp_path, monkeypatch):
    out = tmp_path / "match"
    first = run(MATCH + ["--out", str(out)])
    played = _stop_after(monkeypatch, 99)
    again = run(MATCH + ["--out", str(out)])
    assert played == [] and "4 of 4 games were already in" in again.output
    assert again.output.splitlines()[-1] == first.output.splitlines()[-1]


def test_the_arena_runs_on_the_suites_backend(monkeypatch):
    used = []

    class FakeRay(backends.LocalBackend):
        """Stands in for Ray: a local backend that says it was chosen."""

        def __init__(self, address=None, workers=None):
            used.append(address)
            super().__init__(1)

    monkeypatch.setattr(arena_module, "RayBackend", FakeRay)
    data = _played(run(MATCH + ["--backend", "ray", "--address", "auto"]).output)
    assert used == ["auto"] and data == _played(run(MATCH).output)
    usage_error(MATCH + ["--address", "auto"], "--address is for --backend ray")


@pytest.mark.parametrize("agents", ["ismcts:iterations=5;exploration=0.5;mode=mo,random",
                                    "ismcts:playout=heuristic;cutoff=3,ismcts:playout=heuristic;cutoff=3"])
def test_the_match_file_parses_back_to_the_same_cell(tmp_path, agents):
    out = tmp_path / "match"
    run(["arena", "kilauea", "--agents", agents, "--games", "2", "--iterations", "5",
         "--option", "turn_cap=4", "--out", str(out)])
    suite, records = suite_records(out)
    assert len(records) == 2 and suite.cells[0].key == records[0]["cell"]
    assert suite.cells[0].params["turn_cap"] == 4 and suite.cells[0].budget.iterations == 5


def test_an_out_folder_that_cannot_be_written_is_one_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run(MATCH + ["--out", str(blocker / "match")])
    assert result.exit_code == 1 and "cannot write the games to" in result.output
    usage_error(MATCH + ["--out", str(blocker)], "is a file")
