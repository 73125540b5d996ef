"""Test-wide set-up: the toy game's folder (its module is built on demand), the builder of
test-only modules and the state fuzzer on the import path, and a check that no test leaves
Ctrl-C ignored."""
import os
import resource
import signal
import sys
import time
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]  # tests/test_cpu_log.py runs pytest with this conftest

sys.path.insert(0, str(Path(__file__).parent / "toy_game"))
# Building test-only Cython modules (tests/support/compiled.py).
sys.path.insert(0, str(Path(__file__).parent / "support"))
# The generic state fuzzer (tests/robustness/state_fuzz.py) is shared by some games' tests.
sys.path.insert(0, str(Path(__file__).parent / "robustness"))

# Cache bytecode as a user's Python does, in this process and in the `vsai` and `python -m`
# subprocesses the tests start: where the environment sets PYTHONDONTWRITEBYTECODE, each of
# the hundreds of subprocesses would compile the package from source again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# Hypothesis loads every installed package's `hypothesis` entry point when first imported
# (while each worker collects): trio's imports trio, 0.6 s of CPU a worker; no test needs one.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")


def pytest_configure(config):
    """pytest-xdist's workers start with SIGINT ignored, and subprocesses would inherit that:
    give them Python's own handler, as in a plain run (the Ctrl-C tests need it)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        signal.signal(signal.SIGINT, signal.default_int_handler)


# SIGTERM as the test run found it (a subprocess inherits an ignored SIGTERM: `terminate()`
# would not end it).
_SIGTERM_AT_START = signal.getsignal(signal.SIGTERM)


@pytest.fixture(autouse=True)
def _ctrl_c_still_works(request):
    """No command run in-process may leave Ctrl-C ignored (a subprocess would inherit that),
    nor SIGTERM changed."""
    yield
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler, \
        f"{request.node.nodeid} left SIGINT handled by {signal.getsignal(signal.SIGINT)}"
    assert signal.getsignal(signal.SIGTERM) is _SIGTERM_AT_START, \
        f"{request.node.nodeid} left SIGTERM handled by {signal.getsignal(signal.SIGTERM)}"


def _cpu_seconds() -> float:
    """CPU time (user+sys) of this process and of its waited-for subprocesses."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


# The CPU and wall seconds of a worker's last tear-down, which also ends its session fixtures.
_SESSION_END = pytest.StashKey[tuple[float, float]]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """With the CPU log, measure the worker's last tear-down (nextitem None): it stops the
    session's fixtures (a browser, a server) and reaps their processes, whose CPU is theirs,
    not the last test's."""
    measured = bool(os.environ.get("VSAI_TEST_CPU_LOG")) and nextitem is None
    started, wall_started = (_cpu_seconds(), time.monotonic()) if measured else (0.0, 0.0)
    yield
    if measured:
        item.stash[_SESSION_END] = (_cpu_seconds() - started, time.monotonic() - wall_started)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With VSAI_TEST_CPU_LOG=FILE, append a line per test to FILE: its CPU seconds (set-up,
    call, tear-down and the subprocesses it waited for), its wall-clock seconds, the xdist
    worker that ran it and its id; the worker's last tear-down is the pseudo-test `<session
    end>`. On this shared machine wall-clock durations measure the load as much as the test;
    their ratio to CPU shows the waits (tests/support/weights.py sums the log per worker and
    writes tests/weights.txt)."""
    log = os.environ.get("VSAI_TEST_CPU_LOG")
    started, wall_started = (_cpu_seconds(), time.monotonic()) if log else (0.0, 0.0)
    yield
    if log:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        end_cpu, end_wall = item.stash.get(_SESSION_END, (0.0, 0.0))
        with open(log, "a") as out:
            out.write(f"{_cpu_seconds() - started - end_cpu:.3f} "
                      f"{time.monotonic() - wall_started - end_wall:.3f} {worker} {item.nodeid}\n")
            if nextitem is None:
                out.write(f"{end_cpu:.3f} {end_wall:.3f} {worker} <session end>\n")


def pytest_collection_finish(session):
    """With VSAI_TEST_CPU_LOG=FILE, log the CPU this process spent up to the end of collection
    (start-up, plugins, importing the test modules) as the pseudo-test `<collection>`."""
    log = os.environ.get("VSAI_TEST_CPU_LOG")
    if log:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        with open(log, "a") as out:
            out.write(f"{_cpu_seconds():.3f} 0 {worker} <collection>\n")


# The measured cost of the slowest tests (tests/weights.txt): their files run first, so that
# pytest-xdist's two workers do not end with one of them alone on a long file.
WEIGHTS = Path(__file__).with_name("weights.txt")


def _file_weights() -> dict[str, float]:
    """Seconds per test file, summed over the tests listed in tests/weights.txt."""
    weights: dict[str, float] = {}
    for line in WEIGHTS.read_text().splitlines() if WEIGHTS.is_file() else []:
        if line.strip() and not line.startswith("#"):
            seconds, nodeid = line.split(maxsplit=1)
            path = nodeid.split("::")[0]
            weights[path] = weights.get(path, 0.0) + float(seconds)
    return weights


def pytest_collection_modifyitems(session, config, items):
    """Heaviest files first (by tests/weights.txt), each file's tests together and in their
    own order (module-scoped fixtures such as the browser start once per worker); unlisted
    files keep their order after the listed ones. Every worker sorts the same way."""
    weights = _file_weights()
    position = {}
    for item in items:
        position.setdefault(item.nodeid.split("::")[0], len(position))
    items.sort(key=lambda item: (-weights.get(item.nodeid.split("::")[0], 0.0),
                                 position[item.nodeid.split("::")[0]]))
