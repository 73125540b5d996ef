"""No accepted state crashes anything: a fuzz of every game's JSON loader (in a subprocess,
so that a segfault fails the test), half its documents from the set-up and the first plies of
play, half its edits aimed at the fields the set-up changes. VSAI_FUZZ_CASES=5000 runs the
longer mode."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from setup_phases import SETUP_PREDICATES
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
    # the set-up phases are fuzzed too, with edits aimed at their fields
    setup_cases, setup_positions = map(int, re.search(r"(\d+) cases from (\d+) set-up positions",
                                                      result.stdout).groups())
    assert setup_cases >= CASES // 8 and setup_positions >= 2
    assert re.search(r"set-up fields \['\w", result.stdout)


def test_every_game_says_which_of_its_states_are_set_up_positions():
    assert set(list_games()) <= set(SETUP_PREDICATES)
