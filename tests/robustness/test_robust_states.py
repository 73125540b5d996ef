"""No accepted state crashes anything: a fuzz of every game's JSON loader (in a subprocess,
so that a segfault fails the test). VSAI_FUZZ_CASES=5000 runs the longer mode."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vsai.core import list_games

CASES = int(os.environ.get("VSAI_FUZZ_CASES", "150"))
FUZZER = Path(__file__).with_name("state_fuzz.py")


@pytest.mark.parametrize("name", list_games())
def test_mutated_states_are_refused_or_survive_everything(name):
    result = subprocess.run([sys.executable, str(FUZZER), name, str(CASES), "2026"],
                            capture_output=True, text=True, timeout=1800)
    last_case = (result.stderr.strip().splitlines() or ["(none)"])[-1]
    assert result.returncode == 0, (f"exit {result.returncode}; last line on stderr: {last_case[:500]}\n"
                                    f"{result.stdout[-3000:]}")
    assert f"SUMMARY {name}: {CASES} cases" in result.stdout
