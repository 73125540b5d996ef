"""benchmarks/hidden_openness.py counts, at each decision, the worlds the seat to act cannot
tell apart."""
from __future__ import annotations

import pytest

from vsai.core import load_game

from benchmark_scripts import load_benchmark  # tests/support

hidden_openness = load_benchmark("hidden_openness")


def test_a_game_s_decisions_are_split_in_thirds_and_its_last_open_one_found():
    openness = hidden_openness.Openness()
    openness.add_game([3, 2, 1, 1, 4, 1])
    assert openness.open_by_phase == [[True, True], [False, False], [True, False]]
    assert openness.distinct_when_open == [3, 2, 4]
    assert openness.last_open_share == [5 / 6]
    assert openness.row() == ["100%", "0%", "50%", "50%", "3", "83%", "6"]


def test_redraws_of_a_game_without_hidden_information_are_one_world():
    state = load_game("kilauea", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert hidden_openness.distinct_redraws(state, state.current_player(), 8, 1) == 1


def test_every_decision_of_kilauea_is_closed_and_vulcanus_s_are_open(capsys):
    assert hidden_openness.main(["--games", "kilauea:2,vulcanus:2", "--plays", "1",
                                 "--opponent", "random", "--redraws", "4"]) == 0
    rows = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[1:]}
    assert rows["kilauea"][2:6] == ["0%", "0%", "0%", "0%"]
    assert rows["vulcanus"][5] != "0%"


def test_a_games_entry_without_players_is_one_clear_error(capsys):
    with pytest.raises(SystemExit):
        hidden_openness.main(["--games", "kilauea"])
    assert "give NAME:PLAYERS" in capsys.readouterr().err


def test_the_self_play_benchmarks_play_plain_search_where_a_game_believes_by_default():
    """Their figures were measured against plain movers: VEC's `ismcts` believes by default at
    4 players (agent_search), so the benchmarks turn that off, and only that."""
    from selfplay import seat_agents

    believing = [a.beliefs is not None for a in seat_agents("ismcts", load_game("vec", players=4), 1, 10)]
    assert believing == [False] * 4
    assert all(a.cutoff == 10 for a in seat_agents("ismcts", load_game("vec", players=4), 1, 10))
