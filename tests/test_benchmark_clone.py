"""`vsai bench` and benchmarks/engine_speed.py time `clone()` the same way: one function, on
the same mid-game position."""
from __future__ import annotations

import time

from vsai.cli import bench

from benchmark_scripts import load_benchmark  # tests/support

engine_speed = load_benchmark("engine_speed")


def test_the_benchmark_and_vsai_bench_share_the_clone_timer_and_position():
    assert engine_speed.clone_ns is bench.clone_ns
    assert engine_speed.midgame is bench.midgame


class _CountingState:
    """Stands in for a state: clone() burns a known amount of CPU and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def clone(self) -> "_CountingState":
        self.calls += 1
        end = time.process_time() + 2e-5
        while time.process_time() < end:
            pass
        return self


def test_clone_ns_times_the_bound_method_alone_in_cpu_time():
    state = _CountingState()
    ns = bench.clone_ns(state, seconds=0.05)
    assert state.calls >= 1000                  # calibration, then five timed runs
    assert 2e4 <= ns < 2e4 * 1.5                # the 20 µs of CPU each clone burns, little more
