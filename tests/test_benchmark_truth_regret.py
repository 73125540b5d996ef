"""benchmarks/truth_regret.py: plain search, belief search and the truth's search at one budget,
each move scored by a long search of the true state, at decisions where the seat cannot see
everything."""
from __future__ import annotations

import pytest

from vsai.core import load_game
from vsai.ext.errors import InvalidArgumentError

from benchmark_scripts import load_benchmark  # tests/support

truth_regret = load_benchmark("truth_regret")


def test_the_cost_of_not_knowing_and_what_the_belief_wins_back_are_paired_by_search():
    rows = {"plain": [(0.04, False), (0.02, False)], "belief": [(0.01, True), (0.01, True)],
            "truth": [(0.0, True), (0.0, True)]}
    text = truth_regret.won_back(rows)
    assert "not knowing costs 0.0300 ± 0.0100" in text and "wins back 0.0200 ± 0.0100" in text
    assert text.endswith("(67%)")                          # 0.02 of 0.03, the cost beyond 2 errors
    noisy = {"plain": [(0.04, False), (0.0, True)], "belief": [(0.0, True)] * 2, "truth": [(0.0, True)] * 2}
    assert not truth_regret.won_back(noisy).endswith("%)")  # 0.02 ± 0.02: no share claimed


def test_only_decisions_with_something_hidden_are_measured():
    kilauea = load_game("kilauea", players=2).new_initial_state()
    while kilauea.is_chance_node():
        kilauea.apply_action(kilauea.chance_outcomes()[0][0])
    assert not truth_regret.hidden_from(kilauea, kilauea.current_player(), 1)
    vulcanus = load_game("vulcanus", players=2).new_initial_state()
    while vulcanus.is_chance_node():
        vulcanus.apply_action(vulcanus.chance_outcomes()[0][0])
    assert truth_regret.hidden_from(vulcanus, vulcanus.current_player(), 1)


def test_a_game_is_measured_and_printed(capsys):
    truth_regret.main(["--games", "eruption:2", "--iterations", "200", "--reference", "800",
                       "--every", "4", "--repeats", "1", "--opponent-iterations", "20"])
    line = capsys.readouterr().out.splitlines()[1]
    assert int(line.split(",")[1].split()[0]) > 0
    assert all(f"{arm} regret" in line for arm in ("plain", "belief", "truth")) and "not knowing costs" in line


def test_the_belief_takes_ismcts_s_belief_options():
    settings = truth_regret.belief_settings("model=search,particles=64")
    assert (settings.model, settings.particles, settings.temperature) == ("search", 64, 0.5)
    with pytest.raises(InvalidArgumentError):
        truth_regret.belief_settings("particles=0")
