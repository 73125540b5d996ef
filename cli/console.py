"""Consoles and progress displays shared by the commands.

Progress bars and spinners appear on a terminal only; piped output stays plain text.
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Iterator

from rich.console import Console
from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn


def stdout_console() -> Console:
    """A console on the current stdout (looked up now, so test runners can capture it)."""
    return Console(file=sys.stdout, highlight=False, soft_wrap=True)


def stderr_console() -> Console:
    """A console on the current stderr, for progress and warnings."""
    return Console(file=sys.stderr, highlight=False, soft_wrap=True)


def interactive() -> bool:
    """True when both stdin and stdout are terminals."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class ThinkingDisplay:
    """Reports an agent's progress on a bar: the share of the budget used, and what is left."""

    def __init__(self, progress: Progress | None, task: int | None, time_limit: float | None):
        self._progress = progress
        self._task = task
        self._time_limit = time_limit
        self._start = time.monotonic()

    def __call__(self, done: int, total: int | None = None) -> None:
        if self._progress is None or self._task is None:
            return
        elapsed = time.monotonic() - self._start
        shares, left = [], []
        if total:
            shares.append(done / total)
            left.append(f"{max(total - done, 0):,} iterations")
        if self._time_limit:
            shares.append(elapsed / self._time_limit)
            left.append(f"{max(self._time_limit - elapsed, 0):.1f} s")
        share = min(max(shares, default=0.0), 1.0)
        self._progress.update(self._task, completed=share, left=" or ".join(left) + " left" if left else "")


@contextmanager
def thinking(console: Console, label: str, iterations: int | None,
             time_limit: float | None) -> Iterator[ThinkingDisplay]:
    """A progress display for one search, shown only when `console` is a terminal."""
    if not console.is_terminal:
        yield ThinkingDisplay(None, None, None)
        return
    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.fields[left]}"), TimeElapsedColumn()]
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(label, total=1.0, left="")
        yield ThinkingDisplay(progress, task, time_limit)
