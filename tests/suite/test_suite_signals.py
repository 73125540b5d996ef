"""`vsai suite run --workers 2` (the local process backend) and signals: SIGTERM is handled
like Ctrl-C (workers stopped at once, every finished game kept, exit 130, no traceback), and
the workers end when the main process is killed outright. Bounded: stopped within seconds."""
from __future__ import annotations

import subprocess
import sys

import pytest

from process_tree import check_sigterm_is_ctrl_c, check_workers_die_with, wait_for_workers
from suite_helpers import write_suite

VSAI = [sys.executable, "-c", "from vsai.cli.main import cli; cli()"]
# Long games, so that both workers are mid-game when the signal comes.
LONG = """
[suite]
games_per_cell = 40
[[games]]
name = "kilauea"
players = [2]
[[agents]]
name = "ismcts"
[[agents]]
label = "other"
name = "ismcts"
[[budgets]]
iterations = 20000
"""

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _start(tmp_path) -> tuple[subprocess.Popen, list[int]]:
    path = write_suite(tmp_path, LONG)
    process = subprocess.Popen(VSAI + ["suite", "run", str(path), "--out", str(tmp_path / "out"),
                                       "--workers", "2"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    return process, wait_for_workers(process, 2)


def test_sigterm_stops_the_suite_and_its_workers_like_ctrl_c(tmp_path):
    check_sigterm_is_ctrl_c(*_start(tmp_path), "Interrupted")


def test_workers_end_when_the_suite_run_is_killed(tmp_path):
    check_workers_die_with(*_start(tmp_path))


# Stopping a pool of busy workers, again and again: the executor must not be left setting an
# exception on a game this process cancelled (CPython 3.11 prints InvalidStateError from its
# manager thread when it does: with cancels from the caller's thread, 9 runs of this test in
# 10 failed).
STOP_POOLS = """
import time
from concurrent.futures import ProcessPoolExecutor
from vsai.ai.lab.backends import _stop_pool

for _ in range(8):
    pool = ProcessPoolExecutor(max_workers=2)
    futures = [pool.submit(time.sleep, 30) for _ in range(8)]
    time.sleep(0.15)  # both workers mid-task, six tasks waiting
    _stop_pool(pool)
print("stopped")
"""


def test_stopping_busy_workers_prints_no_traceback():
    done = subprocess.run([sys.executable, "-c", STOP_POOLS], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "stopped"
    assert "Traceback" not in done.stderr and "InvalidStateError" not in done.stderr, done.stderr
