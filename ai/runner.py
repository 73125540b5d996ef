"""Running C searchers within a budget: chunks, deadlines, progress, nogil worker threads."""
from __future__ import annotations

import threading
import time
from typing import Sequence

from vsai.ai.base import Budget, Progress
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
    (default: now), so set-up time counts against the time limit.
    """
    count = len(searchers)
    start = time.monotonic() if started is None else started
    quotas = split_evenly(budget.iterations, count) if budget.iterations else [_UNBOUNDED] * count
    workers = max(1, min(workers, count))
    groups = [list(range(w, count, workers)) for w in range(workers)]
    done = [0] * count
    total = budget.iterations

    def report() -> None:
        if progress is not None:
            progress(sum(done), total)

    def work(group: list[int], reporting: bool) -> None:
        for position, index in enumerate(group):
            deadline = None
            if budget.time_limit is not None:
                deadline = start + budget.time_limit * (position + 1) / len(group)
            _run_one(searchers[index], quotas[index], deadline, done, index,
                     report if reporting else None)

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
             index: int, report) -> None:
    if quota <= 0:
        return
    chunk = max(16, quota // _REPORTS)
    while done[index] < quota:
        if deadline is None:
            ran = searcher.run(min(chunk, quota - done[index]))
        else:
            remaining = deadline - time.monotonic()
            if remaining <= 0 and done[index] > 0:
                break
            ran = searcher.run(min(chunk, quota - done[index]),
                               max(min(remaining, _TIME_SLICE), 1e-6))
        done[index] += ran
        if report is not None:
            report()
