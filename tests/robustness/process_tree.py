"""Linux process-tree helpers for the signal tests: a command's worker processes and whether
they are gone (read from /proc; a zombie counts as gone: it runs no code)."""
from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()   # state, ppid, pgrp, ...


def children(pid: int) -> list[int]:
    """The live child processes of `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields and int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry))
    return found


def running(pids: list[int]) -> list[int]:
    """The processes of `pids` still running (not gone, not zombies)."""
    return [pid for pid in pids if (fields := _stat(pid)) is not None and fields[0] != "Z"]


def wait_for_workers(process: subprocess.Popen, count: int, seconds: float = 60) -> list[int]:
    """The child processes of `process` once it has at least `count`; fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = children(process.pid)
        if len(found) >= count:
            time.sleep(0.3)   # let the workers start their games
            return children(process.pid)
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers within {seconds} s")


def wait_until_gone(pids: list[int], seconds: float) -> list[int]:
    """Wait up to `seconds` for `pids` to end; the ones still running then."""
    deadline = time.monotonic() + seconds
    while running(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return running(pids)


def check_sigterm_is_ctrl_c(process: subprocess.Popen, workers: list[int], interrupted: str) -> None:
    """SIGTERM to the main process only (as `kill PID` does): it stops within seconds with
    exit code 130 and `interrupted` on stderr, no traceback, and its workers are gone."""
    try:
        process.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        out, err = process.communicate(timeout=20)
        assert time.monotonic() - sent < 5
        assert process.returncode == 130, err[-2000:]
        assert interrupted in err and "Traceback" not in err + out and "BrokenPipe" not in err
        assert wait_until_gone(workers, 3) == []
    finally:
        _kill(running(workers) + ([process.pid] if process.poll() is None else []))


def check_workers_die_with(process: subprocess.Popen, workers: list[int]) -> None:
    """`kill -9` of the main process (no handler of its runs): its workers are gone within seconds."""
    try:
        process.kill()
        process.communicate(timeout=20)
        assert wait_until_gone(workers, 3) == []
    finally:
        _kill(running(workers))


def _kill(pids: list[int]) -> None:
    for pid in pids:   # what a failing check left behind
        os.kill(pid, signal.SIGKILL)
