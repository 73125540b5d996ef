"""benchmarks/belief_calibration.py scores the chances `vsai play`'s hint shows against what
was true, beside a uniform redraw's, on the same facts."""
from __future__ import annotations

import pytest

from benchmark_scripts import load_benchmark  # tests/support

belief_calibration = load_benchmark("belief_calibration")

A, B, C = ("P2 holds", "Quake"), ("P2 holds", "Rain"), ("P2 holds", "Sinkhole")


def test_both_readings_are_judged_on_the_facts_either_is_unsure_of_or_misses():
    belief, uniform = {A: 1.0, B: 0.4}, {A: 0.5, C: 0.5}
    rows = belief_calibration.judged([belief, uniform], truth={A, C})
    # A: sure in the belief, unsure in the uniform; B: unsure; C: true and missed by the belief
    assert rows == [[(1.0, True), (0.4, False), (0.0, True)], [(0.5, True), (0.0, False), (0.5, True)]]
    assert belief_calibration.judged([{A: 1.0}, {A: 1.0}], truth={A}) == [[], []]  # nothing uncertain


def test_scores_reward_honest_chances():
    honest = [(0.25, True)] + [(0.25, False)] * 3
    bold = [(0.9, True)] + [(0.9, False)] * 3
    brier, log, ece = belief_calibration.scores(honest)
    assert ece == pytest.approx(0.0) and brier == pytest.approx(0.1875)
    bold_brier, bold_log, bold_ece = belief_calibration.scores(bold)
    assert bold_brier > brier and bold_log < log and bold_ece == pytest.approx(0.65)
    assert belief_calibration.reliability(honest) == {2: (4, 0.25, 0.25)}


def test_the_noise_floor_is_what_sampling_alone_gives_a_calibrated_reading():
    sure = [(0.0, False), (1.0, True)] * 10
    assert belief_calibration.noise_floor(sure) == 0.0       # nothing left to chance
    few = belief_calibration.noise_floor([(0.5, True)] * 10)
    many = belief_calibration.noise_floor([(0.5, True)] * 1000)
    assert 0.05 < few < 0.25 and many < 0.03 < few           # about 0.4 / sqrt(n), with n facts
    assert belief_calibration.noise_floor([(0.5, False)] * 10) == few  # the outcomes seen are not read


def test_a_game_is_judged_and_printed(capsys):
    belief_calibration.main(["--games", "eruption:2", "--plays", "1", "--opponent", "random", "--particles", "32"])
    out = capsys.readouterr().out
    assert out.startswith("the hint's belief (32 particles")
    row = next(line for line in out.splitlines() if line.startswith("eruption 2p"))
    facts, *figures = row.split()[2:9]
    assert int(facts) > 0 and all(0 <= float(f) <= 1 for f in (figures[0], figures[1], figures[4], figures[5]))
    assert "reliability of the belief" in out
