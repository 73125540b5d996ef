"""Where a suite's games are played: this process, a local process pool, or a Ray cluster.

A backend's `run(tasks)` yields one record per task (`vsai.ai.lab.suite.play_task`), in the
order the games finish; records carry their own (cell, index) key, so the order does not
matter. On Ctrl-C (KeyboardInterrupt) or any error a backend stops its workers before the
exception leaves `run`: no process is left behind and no finished game is dropped.

    >>> backend = LocalBackend(workers=2)             # never more processes than games or cores
    >>> backend = RayBackend(address="auto")          # games as Ray tasks on a running cluster
"""
from __future__ import annotations

import os
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Iterator, Sequence

from vsai.ai.lab.suite import GameTask, SuiteError, play_task
from vsai.ai.lab.workers import worker_init

# How long the main process waits for results before it looks again, so a Ctrl-C is handled
# promptly whatever the games' length.
_POLL_SECONDS = 0.1
# Games queued per worker: enough to keep workers busy, few enough that stopping drops little.
_QUEUE_PER_WORKER = 2


def cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class LocalBackend:
    """Games in a pool of local processes (`workers` = 1: in this process).

    The pool has min(workers, games, cores) processes. Workers ignore Ctrl-C: the main process
    handles it and terminates them, so a long game does not hold up the stop; they end with
    the main process however it dies (vsai.ai.lab.workers)."""

    def __init__(self, workers: int = 1):
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a positive whole number, not {workers!r}")
        self.workers = workers

    def processes(self, games: int) -> int:
        """The processes used for `games` games."""
        return max(1, min(self.workers, games, cores()))

    def describe(self, games: int) -> str:
        """In words, for the progress line."""
        n = self.processes(games)
        return "this process" if n == 1 else f"{n} local processes"

    def run(self, tasks: Sequence[GameTask]) -> Iterator[dict]:
        """The records of `tasks`, as they finish."""
        workers = self.processes(len(tasks))
        if not tasks:
            return
        if workers == 1:
            for task in tasks:
                yield play_task(task)
            return
        pool = ProcessPoolExecutor(max_workers=workers, initializer=worker_init, initargs=(os.getpid(),))
        queue = list(reversed(tasks))
        pending: set[Future] = set()
        try:
            while queue or pending:
                while queue and len(pending) < workers * _QUEUE_PER_WORKER:
                    pending.add(pool.submit(play_task, queue.pop()))
                done, pending = wait(pending, timeout=_POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        except BrokenProcessPool:
            raise SuiteError("a worker process died (killed, or out of memory); the games "
                             "finished so far are saved: run the suite again to resume") from None
        finally:
            _stop_pool(pool)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    # Running games cannot be cancelled through the executor and may last long: terminate
    # the workers (the executor keeps them in `_processes`; there is no public handle).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    # The games not started are cancelled by the executor's own thread (`cancel_futures`), not
    # from here: a future cancelled from here stays in the executor's pending items, and when
    # the terminated workers break the pool, that thread sets an exception on it, which
    # CPython 3.11 answers with InvalidStateError and a traceback on the user's terminal.
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + 2.0
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(0.5)


class RayBackend:
    """Games as Ray tasks: on the cluster at `address` ("auto", "HOST:PORT", "ray://..."), or
    on a local Ray started for the run with `workers` CPUs when no address is given.

    Ray schedules the games and retries a game whose worker was lost (`max_retries`); records
    come back to this process, which appends them to the results. The cluster's machines need
    vsai installed (or a Ray runtime environment that installs it)."""

    def __init__(self, address: str | None = None, workers: int | None = None,
                 max_retries: int = 3):
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise ImportError("the ray backend needs the ray package: pip install 'vsai[ray]'")
        self.address = address
        self.workers = workers
        self.max_retries = max_retries
        self._started = False

    def describe(self, games: int) -> str:
        """In words, for the progress line."""
        return f"Ray at {self.address}" if self.address else "a local Ray"

    def _connect(self, games: int) -> None:
        import ray

        if ray.is_initialized():
            return
        quiet = {"log_to_driver": False, "logging_level": "ERROR"}
        try:
            if self.address:
                ray.init(address=self.address, **quiet)
            else:
                cpus = max(1, min(self.workers or cores(), games, cores()))
                ray.init(num_cpus=cpus, include_dashboard=False, **quiet)
                self._started = True
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise SuiteError(f"cannot start or reach Ray{' at ' + self.address if self.address else ''}: "
                             f"{error}") from None

    def run(self, tasks: Sequence[GameTask]) -> Iterator[dict]:
        """The records of `tasks`, as they finish."""
        if not tasks:
            return
        import ray

        self._connect(len(tasks))
        remote = ray.remote(num_cpus=1, max_retries=self.max_retries)(play_task)
        slots = max(1, int(ray.cluster_resources().get("CPU", 1)))
        queue = list(reversed(tasks))
        pending: list[Any] = []
        try:
            while queue or pending:
                while queue and len(pending) < slots * _QUEUE_PER_WORKER:
                    pending.append(remote.remote(queue.pop()))
                ready, pending = ray.wait(pending, num_returns=1, timeout=_POLL_SECONDS)
                if ready:  # take every game that is ready, not just one
                    more, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
                    for record in ray.get(ready + more):
                        yield record
        except ray.exceptions.RayError as error:
            raise SuiteError(f"Ray could not play a game: {error}; the games finished so far "
                             f"are saved: run the suite again to resume") from None
        finally:
            for ref in pending:
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # already finished or gone: nothing to stop
                    pass
            self.close()

    def close(self) -> None:
        """Shut down the local Ray this backend started (a cluster it joined is left running)."""
        if self._started:
            import ray

            ray.shutdown()
            self._started = False
