"""Running C searchers within a budget: chunks, deadlines, progress, nogil worker threads."""
from __future__ import annotations

import threading
import time
from typing import Sequence

from vsai.ai.base import Progress, StopSearch
from vsai.ai.budget import Budget
from vsai.ext.search import Searcher

# Iterations when only a time limit bounds the search (never reached in practice).
_UNBOUNDED = 1 << 62
# A timed search returns to Python this often (seconds), to report progress.
_TIME_SLICE = 0.05
# An iteration-bounded search reports progress about this many times.
_REPORTS = 20


def split_evenly(total: int, parts: int) -> list[int]:
    """`total` split into `parts` whole shares differing by at most one (larger first)."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def run_searches(searchers: Sequence[Searcher], budget: Budget, workers: int = 1,
                 progress: Progress | None = None, started: float | None = None) -> int:
    """Run the searchers within the budget and return the iterations run in all.

    The iteration budget is shared evenly among the searchers. Searchers are dealt to
    `workers` threads (searcher i to thread i % workers); each thread runs its searchers one
    after another, each getting an equal slice of the time limit. `Searcher.run` releases
    the GIL, so threads search in parallel. `started` is when the caller's clock started
    (default: now), so set-up time counts against the time limit. When `progress` raises
    StopSearch, every searcher stops within one slice (`_TIME_SLICE`) and the iterations run so
    far count: the caller reads the trees as they stand.
    """
    count = len(searchers)
    start = time.monotonic() if started is None else started
    quotas = split_evenly(budget.iterations, count) if budget.iterations else [_UNBOUNDED] * count
    workers = max(1, min(workers, count))
    groups = [list(range(w, count, workers)) for w in range(workers)]
    done = [0] * count
    total = budget.iterations
    stop = threading.Event()

    def report() -> None:
        if progress is not None and not stop.is_set():
            try:
                progress(sum(done), total)
            except StopSearch:
                stop.set()

    def work(group: list[int], reporting: bool) -> None:
        for position, index in enumerate(group):
            deadline = None
            if budget.time_limit is not None:
                deadline = start + budget.time_limit * (position + 1) / len(group)
            _run_one(searchers[index], quotas[index], deadline, done, index,
                     report if reporting else None, stop)

    if workers == 1:
        work(groups[0], True)
        report()
        return sum(done)
    failures: list[BaseException] = []

    def guarded(group: list[int]) -> None:
        try:
            work(group, False)
        except BaseException as error:  # re-raised in the calling thread
            failures.append(error)

    threads = [threading.Thread(target=guarded, args=(g,), daemon=True) for g in groups]
    for thread in threads:
        thread.start()
    for thread in threads:
        while thread.is_alive():
            thread.join(_TIME_SLICE)
            report()
    if failures:
        raise failures[0]
    report()
    return sum(done)


def _run_one(searcher: Searcher, quota: int, deadline: float | None, done: list[int],
             index: int, report, stop: threading.Event) -> None:
    if quota <= 0:
        return
    chunk = max(16, quota // _REPORTS)
    while done[index] < quota and not (stop.is_set() and done[index] > 0):
        if deadline is None:
            # A time slice bounds each chunk too, so that a stop is seen quickly; the
            # search itself is the same however it is chunked.
            ran = searcher.run(min(chunk, quota - done[index]), _TIME_SLICE)
        else:
            remaining = deadline - time.monotonic()
            if remaining <= 0 and done[index] > 0:
                break
            ran = searcher.run(min(chunk, quota - done[index]),
                               max(min(remaining, _TIME_SLICE), 1e-6))
        done[index] += ran
        if report is not None:
            report()
