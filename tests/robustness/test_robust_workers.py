"""The parent-watch fallback of vsai.ai.lab.workers (what systems without Linux's parent-death
signal use): a process whose parent dies ends within the poll interval."""
from __future__ import annotations

import subprocess
import sys
import time

import pytest

from process_tree import wait_until_gone

# The parent forks a child that watches it, prints the child's pid and exits; the child
# would sleep for a minute unless the watch ends it.
SCRIPT = """
import os, sys, time
from vsai.ai.lab.workers import watch_parent
parent = os.getpid()
child = os.fork()
if child == 0:
    for stream in (1, 2):   # so that the caller's read ends with the parent
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream)
    watch_parent(parent)
    time.sleep(60)
    os._exit(0)
print(child, flush=True)
time.sleep(0.3)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_parent_watch_ends_an_orphan_within_a_second():
    process = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=30)
    child = int(process.stdout.split()[0])
    started = time.monotonic()
    left = wait_until_gone([child], 3)
    if left:
        subprocess.run(["kill", "-9", str(child)])
    assert left == [] and time.monotonic() - started < 2
