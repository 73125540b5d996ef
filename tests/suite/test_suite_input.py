"""Suite input the command line must refuse or survive with one clear message: a file that
is not UTF-8 or too large (/dev/zero), game counts past the documented bounds, and results
lines with missing or garbled fields (the report names and skips them)."""
from __future__ import annotations

import json

import pytest

from suite_helpers import SMALL, run, write_suite
from vsai.ai.lab.suite import MAX_GAMES_PER_CELL, MAX_SUITE_BYTES, MAX_SUITE_GAMES

TINY = """
[suite]
games_per_cell = 2
[[games]]
name = "kilauea"
players = [2]
options = { turn_cap = 3 }
[[agents]]
name = "random"
[[agents]]
name = "heuristic"
"""


def _refused(args: list, *words: str, code: int = 2) -> None:
    result = run(args)
    assert result.exit_code == code and result.output.count("Error:") == 1, result.output
    for word in words:
        assert word in result.output, result.output


def test_a_suite_file_that_is_not_utf8_is_one_message(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes(SMALL.replace('name = "small"', 'name = "caf\xe9"').encode("latin-1"))
    _refused(["suite", "run", path], "is not UTF-8 text")


def test_endless_or_huge_suite_files_are_refused_unread(tmp_path):
    _refused(["suite", "run", "/dev/zero"], f"larger than {MAX_SUITE_BYTES >> 20} MiB")
    huge = tmp_path / "huge.toml"
    huge.write_text(SMALL + "#" * MAX_SUITE_BYTES)
    _refused(["suite", "run", huge], "larger than")


@pytest.mark.parametrize("change, words", [
    (("games_per_cell = 4", "games_per_cell = 1000000000000000000"), ("games_per_cell", f"{MAX_GAMES_PER_CELL:,}")),
    (("games_per_cell = 4", f"games_per_cell = {MAX_GAMES_PER_CELL + 1}"), ("games_per_cell",)),
    (('out = "small-out"', 'out = "small-out"\nmatchups = [{ agents = ["random", "search"], games = 10000000 }]'),
     ("games", f"{MAX_GAMES_PER_CELL:,}")),
    (("games_per_cell = 4", f"games_per_cell = {MAX_GAMES_PER_CELL}"), (f"at most {MAX_SUITE_GAMES:,}",)),
])
def test_game_counts_are_bounded(tmp_path, change, words):
    text = SMALL.replace(*change) + "\n[[budgets]]\niterations = 151\n"   # 12 cells
    path = write_suite(tmp_path, text)
    _refused(["suite", "run", path, "--out", tmp_path / "out"], *words)
    assert not (tmp_path / "out").exists()


def test_the_report_names_and_skips_garbled_results_lines(tmp_path):
    out = tmp_path / "out"
    assert run(["suite", "run", write_suite(tmp_path, TINY), "--out", out, "--workers", "1"]).exit_code == 0
    results = out / "results.jsonl"
    good = results.read_text().splitlines()
    assert len(good) == 2
    missing = json.loads(good[0])
    del missing["returns"]
    garbled = dict(json.loads(good[0]), seats="random")
    nan_scores = json.dumps(json.loads(good[0])).replace('"scores": [', '"scores": [NaN, ')
    results.write_text("\n".join([json.dumps(missing), "not json", json.dumps(garbled), good[1],
                                  nan_scores, "[]"]) + "\n")
    result = run(["suite", "report", out, "--no-html"])
    assert result.exit_code == 0, result.output
    assert "Skipped 5 lines" in result.output, result.output
    for line in (1, 2, 3, 5, 6):
        assert f"line {line}:" in result.output
    assert "line 4:" not in result.output and "'returns' is missing" in result.output
    report = json.loads((out / "report.json").read_text()) if (out / "report.json").exists() else None
    assert report is None or report["games"] == 1


def test_a_run_still_refuses_a_garbled_line_before_the_last(tmp_path):
    """Resuming must not count a garbled game as played: the run refuses the file."""
    out = tmp_path / "out"
    suite = write_suite(tmp_path, TINY)
    assert run(["suite", "run", suite, "--out", out, "--workers", "1"]).exit_code == 0
    lines = (out / "results.jsonl").read_text().splitlines()
    broken = json.loads(lines[0])
    del broken["seats"]
    (out / "results.jsonl").write_text("\n".join([json.dumps(broken), lines[1]]) + "\n")
    _refused(["suite", "run", suite, "--out", out, "--workers", "1"], "line 1 is not a game record", code=1)
