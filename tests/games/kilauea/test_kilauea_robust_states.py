"""Kilauea's own state fuzz, beside the generic one of tests/robustness: mutations that keep
the tikis and stones, so that about half pass the loader (in a subprocess, so that a segfault
fails the test). VSAI_FUZZ_CASES=5000 runs the longer mode."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CASES = int(os.environ.get("VSAI_FUZZ_CASES", "150"))


BOARD_FUZZER = Path(__file__).with_name("kilauea_board_fuzz.py")


def test_conservation_keeping_mutations_are_refused_or_survive_everything():
    """Kilauea's own fuzz (tikis and stones moved, phases and flags changed): about half of
    its documents pass the loader, and each must survive resample, play and search."""
    cases = max(100, CASES)
    result = subprocess.run([sys.executable, str(BOARD_FUZZER), str(cases), "2026"],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    assert f"SUMMARY kilauea board fuzz: {cases} cases" in result.stdout
