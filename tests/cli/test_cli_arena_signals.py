"""`vsai arena --workers 2` and signals: SIGTERM is handled like Ctrl-C (the workers stop at
once, the games played so far are reported, no traceback), and the workers end when the main
process is killed outright. Bounded: each run is stopped within seconds of starting."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from process_tree import check_sigterm_is_ctrl_c, check_workers_die_with, wait_for_workers
from vsai.core import list_games

VSAI = str(Path(sys.executable).with_name("vsai"))
# Games long enough that both workers are mid-game when the signal comes.
ARENA = [VSAI, "arena", list_games()[0], "--agents", "ismcts,ismcts", "--games", "40",
         "--iterations", "20000", "--workers", "2"]

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _start() -> tuple[subprocess.Popen, list[int]]:
    process = subprocess.Popen(ARENA, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    return process, wait_for_workers(process, 2)


def test_sigterm_stops_the_arena_and_its_workers_like_ctrl_c():
    check_sigterm_is_ctrl_c(*_start(), "Interrupted:")


def test_workers_end_when_the_arena_is_killed():
    check_workers_die_with(*_start())
