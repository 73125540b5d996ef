"""Consoles and progress displays shared by the commands.

Progress bars and spinners appear on a terminal only; piped output stays plain text.
"""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress


def plain_mode(flag: bool = False) -> bool:
    """True for plain output (no colour, no box drawing): `--plain`, or the NO_COLOR
    environment variable set to anything but the empty string (https://no-color.org)."""
    return bool(flag or os.environ.get("NO_COLOR"))


def stdout_console(piped_width: int | None = None, plain: bool = False) -> Console:
    """A console on the current stdout (looked up now, so test runners can capture it).

    `piped_width` widens output that is not a terminal (rich's default is 80 columns);
    `plain` writes no colour or style codes at all, even on a terminal.
    """
    from rich.console import Console  # here, not at import: `vsai list` prints without rich

    console = Console(file=sys.stdout, highlight=False, color_system=None if plain else "auto")
    if piped_width and not console.is_terminal:
        console.width = piped_width
    return console


def stderr_console() -> Console:
    """A console on the current stderr, for progress and warnings."""
    from rich.console import Console

    return Console(file=sys.stderr, highlight=False)


def interactive() -> bool:
    """True when both stdin and stdout are terminals."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


# A search shorter than this shows no progress display at all (no flicker on quick moves).
_SHOW_AFTER = 0.25
# Redraw the display at most this often (seconds); there is no refresh thread to wait for.
_REDRAW_EVERY = 0.05


class ThinkingDisplay:
    """An agent's progress callback: a bar of the budget used and what is left, on a terminal.

    The bar appears once a search has run for `_SHOW_AFTER` seconds and is redrawn from the
    callback itself, so quick moves cost nothing and nothing waits for a refresh thread.
    """

    def __init__(self, console: Console | None, label: str, time_limit: float | None):
        self._console = console
        self._label = label
        self._time_limit = time_limit
        self._start = time.monotonic()
        self._drawn = 0.0
        self._progress: Progress | None = None
        self._task = None

    def __call__(self, done: int, total: int | None = None) -> None:
        if self._console is None:
            return
        now = time.monotonic()
        elapsed = now - self._start
        if self._progress is None:
            if elapsed < _SHOW_AFTER:
                return
            # imported only when a bar is shown: `vsai list` and quick moves never need it
            from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn

            columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                       TextColumn("{task.fields[left]}")]
            self._progress = Progress(*columns, console=self._console, transient=True, auto_refresh=False)
            self._progress.start()
            self._task = self._progress.add_task(self._label, total=1.0, left="")
        shares, left = [], []
        if total:
            shares.append(done / total)
            left.append(f"{max(total - done, 0):,} iterations")
        if self._time_limit:
            shares.append(elapsed / self._time_limit)
            left.append(f"{max(self._time_limit - elapsed, 0):.1f} s")
        share = min(max(shares, default=0.0), 1.0)
        self._progress.update(self._task, completed=share, left=" or ".join(left) + " left" if left else "")
        if now - self._drawn >= _REDRAW_EVERY:
            self._drawn = now
            self._progress.refresh()

    def close(self) -> None:
        """Remove the display, if it was shown."""
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


@contextmanager
def thinking(console: Console, label: str, time_limit: float | None,
             plain: bool = False) -> Iterator[ThinkingDisplay]:
    """A progress callback for one search; it draws only on a terminal, and never in plain
    mode (a redrawn bar is noise to a screen reader)."""
    display = ThinkingDisplay(console if console.is_terminal and not plain else None, label, time_limit)
    try:
        yield display
    finally:
        display.close()
