"""Worker processes that never outlive their parent and leave signals to it.

`worker_init(parent_pid)` is the initializer of every local worker pool (the arena's and the
suite's local backend). In the worker it:

- ignores Ctrl-C (SIGINT goes to the whole process group; the parent decides what happens) and
  puts SIGTERM back to its default action, so that the parent's `terminate()` ends the worker
  at once and silently, whatever handler the parent had installed before forking;
- ends the worker when the parent dies, even by `kill -9`:
  - Linux: the kernel sends SIGKILL to the worker the moment its parent goes
    (prctl PR_SET_PDEATHSIG, through ctypes);
  - other POSIX systems (macOS, the BSDs): a daemon thread checks the parent's pid every
    PARENT_POLL_SECONDS and ends the worker within that time once the parent is gone;
  - Windows has neither: a worker there ends when it next asks its dead parent for work
    (multiprocessing's pipe breaks), after the game it is playing.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1          # from <linux/prctl.h>
PARENT_POLL_SECONDS = 0.5
EXIT_PARENT_GONE = 1


def worker_init(parent_pid: int) -> None:
    """Set up a worker process of the parent `parent_pid` (see the module docstring)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if not _kernel_kills_orphans() and sys.platform != "win32":
        watch_parent(parent_pid)
    if os.getppid() != parent_pid:  # the parent died before the watch began
        os._exit(EXIT_PARENT_GONE)


def _kernel_kills_orphans() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        # The process's own symbols (libc's among them): find_library would run ldconfig in a
        # child process, one more process in the group for a moment.
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent_pid: int) -> threading.Thread:
    """Start the fallback of systems without a parent-death signal: a daemon thread that ends
    this process within PARENT_POLL_SECONDS once `parent_pid` is no longer its parent."""
    thread = threading.Thread(target=_watch, args=(parent_pid,), name="vsai-parent-watch", daemon=True)
    thread.start()
    return thread


def _watch(parent_pid: int) -> None:
    # An orphan is adopted by init or a subreaper: its parent pid changes.
    while os.getppid() == parent_pid:
        time.sleep(PARENT_POLL_SECONDS)
    os._exit(EXIT_PARENT_GONE)
