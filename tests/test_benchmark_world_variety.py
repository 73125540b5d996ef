"""benchmarks/world_variety.py: a search over fixed worlds against one drawing a new world each
iteration, each scored by the regret of its move under a long reference search."""
from __future__ import annotations

from benchmark_scripts import load_benchmark  # tests/support

world_variety = load_benchmark("world_variety")
search_regret = load_benchmark("search_regret")


def test_a_move_s_regret_is_the_reference_s_loss_against_its_own_choice():
    reference = {3: (90, 0.60), 5: (10, 0.70), 7: (0, 0.0)}   # most visits wins, not the top value
    assert search_regret.chosen(reference) == 3
    assert search_regret.regret(reference, 3) == 0.0
    assert abs(search_regret.regret(reference, 5) - (-0.10)) < 1e-12
    assert search_regret.regret(reference, 7) == 0.60
    assert search_regret.regret(reference, 9) == 0.60         # a move the reference never tried


def test_every_arm_is_measured_on_the_same_positions(capsys):
    world_variety.main(["--games", "eruption:2", "--iterations", "300", "--reference", "1200",
                        "--worlds", "4", "--every", "12", "--repeats", "1", "--opponent-iterations", "20"])
    line = capsys.readouterr().out.splitlines()[1]
    positions = int(line.split(",")[1].split()[0])
    assert positions > 0 and "plain regret" in line and "worlds:4 regret" in line
