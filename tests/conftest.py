"""Test-wide set-up: the toy game's folder (its module is built on demand), the builder of
test-only modules and the state fuzzer on the import path, and a check that no test leaves
Ctrl-C ignored."""
import os
import signal
import sys
from pathlib import Path

import pytest

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
