"""Running a suite end to end: both backends give the same games, a killed or interrupted run
loses no finished game and resumes with only the missing ones, the report holds its plots."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from suite_helpers import SMALL, SMALL_GAMES, games, run, write_suite

VSAI = [sys.executable, "-c", "from vsai.cli.main import cli; cli()"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The small suite played uninterrupted by two local processes."""
    folder = tmp_path_factory.mktemp("reference")
    path = write_suite(folder)
    result = run(["suite", "run", path, "--out", folder / "out", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert f"{SMALL_GAMES} games played" in result.output
    return folder / "out"


def test_the_run_records_every_game_and_prints_the_tables(reference):
    recorded = games(reference)
    assert len(recorded) == SMALL_GAMES
    line = json.loads((reference / "results.jsonl").read_text().splitlines()[0])
    for key in ("game", "params", "seats", "agents", "seed", "returns", "scores", "moves", "think",
                "actions", "budget", "lineup"):
        assert key in line
    assert all(abs(sum(g[2]) - 1) < 1e-9 for g in recorded.values())


def test_same_games_in_this_process_and_again_plays_nothing(reference, tmp_path):
    path = write_suite(tmp_path)
    result = run(["suite", "run", path, "--out", tmp_path / "out", "--workers", "1"])
    assert result.exit_code == 0 and "search" in result.output
    assert games(tmp_path / "out") == games(reference)
    again = run(["suite", "run", path, "--out", tmp_path / "out"])
    assert "0 games played" in again.output and f"{SMALL_GAMES} were already" in again.output


def require_ray() -> None:
    """Skip, saying why, where Ray is not installed (it is the `ray` extra, not in `[test]`);
    `.ci/run` installs it and sets VSAI_REQUIRE_RAY=1, so that in CI a missing Ray fails."""
    if os.environ.get("VSAI_REQUIRE_RAY"):
        import ray  # noqa: F401  (CI: an ImportError fails the test)
    else:
        pytest.importorskip("ray", reason="Ray is not installed: `pip install -e \".[test,ray]\"` "
                                          "runs the Ray backend's test (CI does)")


def test_same_games_on_ray_even_when_a_worker_is_lost(reference, tmp_path):
    require_ray()
    path = write_suite(tmp_path)
    out = tmp_path / "out"
    killed = []

    def kill_a_busy_worker() -> None:
        # Once games are being recorded, kill a Ray worker in the middle of a game: Ray retries it.
        # Only this run's Ray (its workers descend from this process): another test run on the
        # machine may have a Ray of its own.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not killed:
            if (out / "results.jsonl").exists() and \
                    (out / "results.jsonl").read_bytes().count(b"\n") >= 3:
                for entry in os.listdir("/proc"):
                    try:
                        title = Path(f"/proc/{entry}/cmdline").read_bytes()
                    except OSError:
                        continue
                    if title.startswith(b"ray::play_task") and _descends_from(int(entry), os.getpid()):
                        os.kill(int(entry), signal.SIGKILL)
                        killed.append(int(entry))
                        return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_a_busy_worker, daemon=True)
    killer.start()
    # One Ray worker (a CPU): its loss is the case to check, and each worker is a Python
    # process that imports Ray and vsai (about a second of CPU).
    result = run(["suite", "run", path, "--out", out, "--backend", "ray", "--workers", "1"])
    killer.join(5)
    assert result.exit_code == 0, result.output
    assert killed, "no Ray worker was seen playing a game"
    assert games(out) == games(reference)
    import ray
    assert not ray.is_initialized()  # the local Ray started for the run is shut down


def _parent(pid: int) -> int:
    """The parent of process `pid`; 0 once it is gone."""
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def _descends_from(pid: int, ancestor: int) -> bool:
    """Whether process `pid` is a descendant of `ancestor`."""
    while pid > 1:
        pid = _parent(pid)
        if pid == ancestor:
            return True
    return False


def _start(path: Path, out: Path, workers: int = 2) -> subprocess.Popen:
    """`vsai suite run` in a subprocess, in a process group of its own (with its workers)."""
    return subprocess.Popen(VSAI + ["suite", "run", str(path), "--out", str(out), "--workers", str(workers)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_lines(out: Path, count: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if (out / "results.jsonl").exists() and \
                (out / "results.jsonl").read_bytes().count(b"\n") >= count:
            return
        time.sleep(0.02)
    pytest.fail("the run did not record games in time")


def _group_left(group: int) -> list[int]:
    """Processes still in the process group `group`."""
    left = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == group:
                left.append(int(entry))
    return left


def test_a_killed_run_resumes_with_only_the_missing_games(reference, tmp_path):
    path = write_suite(tmp_path)
    out = tmp_path / "out"
    # One process (--workers 1 plays in it): a crash loses what it has not written, whatever
    # played the games; each worker process would cost about 0.7 s of CPU to start.
    process = _start(path, out, workers=1)
    _wait_for_lines(out, 6, process)
    os.killpg(process.pid, signal.SIGKILL)  # the whole run dies at once, as in a crash
    process.wait(10)
    saved = games(out) if out.joinpath("results.jsonl").read_text().strip() else {}
    assert len(saved) < SMALL_GAMES
    result = run(["suite", "run", path, "--out", out, "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert f"{SMALL_GAMES - len(saved)} games played" in result.output
    assert games(out) == games(reference)


def test_a_selection_of_cells_plays_the_same_games_and_the_rest_follows(reference, tmp_path):
    path = write_suite(tmp_path)
    out = tmp_path / "out"
    first = run(["suite", "run", path, "--out", out, "--workers", "1", "--game", "kilauea",
                 "--agents", "random,heuristic"])
    assert first.exit_code == 0, first.output
    # One cell: kilauea, heuristic against random (4 games), as the whole suite plays them.
    played = games(out)
    assert len(played) == 4 and all(games(reference)[key] == value for key, value in played.items())
    assert {seat for value in played.values() for seat in value[0]} == {"random", "heuristic"}
    rest = run(["suite", "run", path, "--out", out, "--workers", "1"])
    assert f"{SMALL_GAMES - 4} games played" in rest.output
    assert games(out) == games(reference)
    for args, message in ((["--game", "chess"], "has no game 'chess'"),
                          (["--agents", "random,nobody"], "no agent labelled 'nobody'"),
                          (["--agents", "random"], "no cell has only these games and agents")):
        bad = run(["suite", "run", path, "--out", tmp_path / "other", *args])
        assert bad.exit_code == 2 and message in bad.output


def test_a_lost_worker_stops_the_run_cleanly_and_the_rest_is_played_later(reference, tmp_path):
    path = write_suite(tmp_path)
    out = tmp_path / "out"
    process = _start(path, out)
    _wait_for_lines(out, 3, process)
    workers = [pid for pid in _group_left(process.pid) if pid != process.pid]
    assert 1 <= len(workers) <= 2  # never more processes than asked for
    os.kill(workers[0], signal.SIGKILL)
    _, err = process.communicate(timeout=20)
    assert process.returncode == 1 and b"a worker process died" in err and b"Traceback" not in err
    assert _group_left(process.pid) == []
    result = run(["suite", "run", path, "--out", out, "--workers", "1"])  # the rest, in this process
    assert result.exit_code == 0, result.output
    assert games(out) == games(reference)


def test_a_line_cut_short_is_dropped_and_played_again(reference, tmp_path):
    path = write_suite(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    lines = (reference / "results.jsonl").read_text().splitlines(keepends=True)
    (out / "results.jsonl").write_text("".join(lines[:-3]) + lines[-3][:40])
    result = run(["suite", "run", path, "--out", out, "--workers", "1"])
    assert result.exit_code == 0 and "3 games played" in result.output, result.output
    assert games(out) == games(reference)
    (out / "results.jsonl").write_text("".join(lines[:-1]) + lines[-1].rstrip("\n"))  # no newline
    result = run(["suite", "run", path, "--out", out, "--workers", "1"])
    assert result.exit_code == 0 and "0 games played" in result.output, result.output
    assert (out / "results.jsonl").read_text() == "".join(lines)
    (out / "results.jsonl").write_text("garbage\n" + "".join(lines))
    result = run(["suite", "report", out, "--no-html"])
    assert result.exit_code == 0 and "Skipped 1 line" in result.output and "line 1: not JSON" in result.output


# The small suite with Kilauea's quick cell first, then search at 300,000 iterations a move
# (about a minute of CPU): when Ctrl-C comes, games are recorded and a slow one is being played.
CTRL_C_SUITE = SMALL.replace(
    'out = "small-out"', 'out = "small-out"\nmatchups = [["random", "heuristic"], ["search", "heuristic"]]'
).replace('name = "ismcts"', 'name = "ismcts"\noptions = { iterations = 300000 }')
# Ctrl-C must not wait for the game being played (a minute of CPU): stopping the workers takes a
# fraction of a second on an idle machine, and this bound leaves room for a loaded one.
CTRL_C_BOUND = 5.0


def test_ctrl_c_stops_without_waiting_for_the_game_and_keeps_every_game(tmp_path):
    path = write_suite(tmp_path, CTRL_C_SUITE, "ctrl-c.toml")
    out = tmp_path / "out"
    process = _start(path, out)
    _wait_for_lines(out, 3, process)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal sends it: to the whole group
    try:
        _, err = process.communicate(timeout=CTRL_C_BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"Ctrl-C did not stop the run within {CTRL_C_BOUND} s: it waited for the game being played")
    assert process.returncode == 130 and b"Interrupted" in err and b"Traceback" not in err
    deadline = time.monotonic() + 2.0  # the workers are gone once their parent has reaped them
    while _group_left(process.pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _group_left(process.pid) == []
    text = (out / "results.jsonl").read_text()
    assert text.endswith("\n") and len(games(out)) >= 3


def test_the_report_prints_the_tables_and_writes_the_plots(reference):
    result = run(["suite", "report", reference])
    assert result.exit_code == 0, result.output
    for word in ("random", "heuristic", "search", "rating", "win rate of row against column"):
        assert word in result.output
    page = (reference / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 2 * 3  # two pools: matrix, ratings, think time
    data = json.loads((reference / "report.json").read_text())
    assert data["games"] == SMALL_GAMES and len(data["pools"]) == 2
    for pool in data["pools"]:
        ratings = pool["ratings"]
        assert ratings["search"]["mu"] > ratings["random"]["mu"]
        assert all(r["low"] < r["mu"] < r["high"] for r in ratings.values())


def test_the_numbers_do_not_depend_on_the_order_games_finished_in(reference, tmp_path):
    from vsai.ai.lab.report import summarise

    lines = (reference / "results.jsonl").read_text().splitlines(keepends=True)
    (tmp_path / "results.jsonl").write_text("".join(reversed(lines)))
    (tmp_path / "suite.toml").write_text((reference / "suite.toml").read_text())
    assert summarise(tmp_path) == summarise(reference)


def test_a_ladder_needs_agents_labelled_by_level(reference, tmp_path):
    result = run(["suite", "report", reference, "--no-html", "--ladder", tmp_path / "ladder.json"])
    assert result.exit_code == 2 and "no agent is labelled levelN" in result.output
