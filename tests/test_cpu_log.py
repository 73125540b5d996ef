"""The test run's CPU log (VSAI_TEST_CPU_LOG, tests/conftest.py) and its reader
(tests/support/weights.py): a worker's last tear-down, which stops its session fixtures and
reaps their processes, is logged as `<session end>`, not charged to its last test."""
from __future__ import annotations

from pathlib import Path

import weights  # tests/support, on the path by tests/conftest.py

CONFTEST = Path(__file__).with_name("conftest.py")
# A session fixture whose tear-down burns 0.3 s of CPU, as a browser's reaped processes do.
BUSY_SESSION = '''
import time

import pytest


@pytest.fixture(scope="session")
def busy():
    yield
    until = time.process_time() + 0.3
    while time.process_time() < until:
        pass


def test_first(busy):
    pass


def test_last(busy):
    pass
'''


def test_the_session_end_is_logged_apart_from_the_last_test(pytester, monkeypatch):
    log = pytester.path / "cpu.log"
    monkeypatch.setenv("VSAI_TEST_CPU_LOG", str(log))
    pytester.makeconftest(CONFTEST.read_text())
    pytester.makepyfile(test_busy=BUSY_SESSION)
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--import-mode=importlib").assert_outcomes(passed=2)
    entries = {e.nodeid.split("::")[-1]: e for e in weights.read_log(log)}
    assert set(entries) == {"<collection>", "test_first", "test_last", "<session end>"}
    assert entries["<session end>"].cpu >= 0.3 and entries["test_last"].cpu < 0.2


def test_weights_leave_out_collection_and_session_end(tmp_path):
    log = tmp_path / "cpu.log"
    log.write_text("2.000 0 gw0 <collection>\n1.500 3.000 gw0 tests/a.py::test_one\n"
                   "9.000 1.000 gw0 <session end>\n")
    entries = weights.read_log(log)
    assert "collection 2.0 s CPU, session end 9.0 s CPU; 1 tests 1.5 s CPU" in weights.summary(entries, 5)
    weights.write_weights(entries, tmp_path / "weights.txt")
    listed = [line for line in (tmp_path / "weights.txt").read_text().splitlines() if not line.startswith("#")]
    assert listed == ["1.5 tests/a.py::test_one"]
