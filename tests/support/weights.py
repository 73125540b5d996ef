"""Read a test run's CPU log (`VSAI_TEST_CPU_LOG=FILE pytest -n auto`, see tests/conftest.py):
print each worker's CPU and wall seconds and the costliest tests, and with --write rewrite
tests/weights.txt from it (the order in which tests/conftest.py starts the test files).

    .venv/bin/python tests/support/weights.py FILE [--top 15] [--write]
"""
from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import NamedTuple

WEIGHTS = Path(__file__).resolve().parents[1] / "weights.txt"
HEADER = """\
# The slowest tests' cost in seconds, heaviest first: tests/conftest.py starts their files
# first, so that pytest-xdist's workers finish together. Written by
# `tests/support/weights.py LOG --write` from `VSAI_TEST_CPU_LOG=LOG pytest -n auto`: each
# test's CPU (its waited-for subprocesses included, at most twice its wall time), or a quarter
# of its wall-clock time where that is more (the tests that wait: browser, Ray, terminals,
# subprocesses). Only the order comes from here: a stale line costs nothing.
"""
# Tests cheaper than this are left out of weights.txt: they hardly change a file's rank.
LISTED_FROM = 0.5


class Entry(NamedTuple):
    """One line of the CPU log."""
    cpu: float
    wall: float
    worker: str
    nodeid: str


def read_log(path: Path) -> list[Entry]:
    """The log's lines; a line of the older format (CPU and id only) gets wall 0, worker '?'."""
    entries = []
    for line in path.read_text().splitlines():
        fields = line.split(maxsplit=3)
        if len(fields) == 4:
            entries.append(Entry(float(fields[0]), float(fields[1]), fields[2], fields[3]))
        elif len(fields) == 2:
            entries.append(Entry(float(fields[0]), 0.0, "?", fields[1]))
    return entries


def weight(entry: Entry) -> float:
    """What a test costs a worker: its CPU, or a quarter of its wall time if it mostly waits.
    CPU beyond twice the wall time (two cores) is not the test's: a long-lived process of an
    earlier test (Ray's daemons) that happened to be reaped during it."""
    return max(min(entry.cpu, 2 * entry.wall), entry.wall / 4)


def is_test(entry: Entry) -> bool:
    """Whether the entry is a test, not a worker's `<collection>` or `<session end>`."""
    return not entry.nodeid.startswith("<")


def summary(entries: list[Entry], top: int) -> str:
    """Per worker: collection and session-end CPU, tests' CPU and wall; then the `top`
    costliest tests."""
    lines = []
    per_worker: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0, 0])
    for e in entries:
        sums = per_worker[e.worker]
        if e.nodeid == "<collection>":
            sums[0] += e.cpu
        elif e.nodeid == "<session end>":
            sums[1] += e.cpu
        else:
            sums[2] += e.cpu
            sums[3] += e.wall
            sums[4] += 1
    for worker, (collect, end, cpu, wall, count) in sorted(per_worker.items()):
        lines.append(f"{worker}: collection {collect:.1f} s CPU, session end {end:.1f} s CPU; "
                     f"{int(count)} tests {cpu:.1f} s CPU, {wall:.1f} s wall")
    tests = [e for e in entries if is_test(e)]
    lines.append(f"all: {sum(e.cpu for e in entries):.1f} s CPU (collection included)")
    lines.append(f"top {top} by CPU (CPU s, wall s):")
    for e in sorted(tests, key=lambda e: -e.cpu)[:top]:
        lines.append(f"  {e.cpu:6.2f} {e.wall:6.2f} {e.nodeid}")
    return "\n".join(lines)


def write_weights(entries: list[Entry], path: Path = WEIGHTS) -> None:
    """Rewrite weights.txt: every test of the log that costs at least LISTED_FROM, heaviest first."""
    tests = [e for e in entries if is_test(e) and weight(e) >= LISTED_FROM]
    body = "".join(f"{weight(e):.1f} {e.nodeid}\n" for e in sorted(tests, key=lambda e: -weight(e)))
    path.write_text(HEADER + body)


def main() -> None:
    """Command line: see the module's docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--write", action="store_true", help="rewrite tests/weights.txt")
    args = parser.parse_args()
    entries = read_log(args.log)
    print(summary(entries, args.top))
    if args.write:
        write_weights(entries)
        print(f"wrote {WEIGHTS}")


if __name__ == "__main__":
    main()
