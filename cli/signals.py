"""SIGTERM handled like Ctrl-C by the commands that run worker processes (`vsai arena`,
`vsai suite run`): a service manager's or a shell's `kill` stops the workers promptly and
keeps what was finished, as Ctrl-C does, instead of leaving them to play on."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt in the main thread (as Ctrl-C
    does); the previous handler is put back afterwards. Worker processes reset SIGTERM to its
    default (vsai.ai.lab.workers.worker_init), so terminating them stays immediate."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers
        return
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
