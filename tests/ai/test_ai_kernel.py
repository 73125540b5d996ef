"""The C search kernel directly: statistics, modes, a full tree, bad arguments."""
from __future__ import annotations

import pytest

from ai_helpers import decision_state
from ai_toygame import toy_game
from vsai.ext import search


@pytest.mark.parametrize("mode", [search.SearchMode.MCTS, search.SearchMode.SO, search.SearchMode.MO])
def test_root_visits_add_up_to_the_iterations(mode):
    state = decision_state(toy_game(3), seed=2, min_actions=3)
    searcher = search.Searcher(state, mode, 5)
    assert searcher.run(1000) == 1000
    stats = searcher.root_stats()
    assert sum(visits for _, visits, _, _ in stats) == 1000
    assert sorted(a for a, _, _, _ in stats) == state.legal_actions()
    assert all(0.0 <= mean <= 1.0 for _, _, mean, _ in stats)
    if mode == search.SearchMode.MO:  # one tree per player
        assert searcher.nodes > len(stats) * 3


@pytest.mark.parametrize("mode", [search.SearchMode.MCTS, search.SearchMode.SO, search.SearchMode.MO])
@pytest.mark.parametrize("players", [2, 4])
def test_full_tree_keeps_searching(mode, players):
    state = decision_state(toy_game(players), seed=2)
    searcher = search.Searcher(state, mode, 5, max_nodes=6)
    assert searcher.run(500) == 500
    trees = players if mode == search.SearchMode.MO else 1
    assert searcher.nodes <= 6 * trees
    stats = searcher.root_stats()
    assert sum(v for _, v, _, _ in stats) == 500
    assert all(0.0 <= mean <= 1.0 for _, _, mean, _ in stats)


@pytest.mark.parametrize("players", [2, 4])
def test_a_node_stores_one_value_per_player_only(players):
    """Nodes are laid out with the game's players' values only (40 bytes at 2 players, not the
    72 of six seats); the pool holds the nodes and at most doubles past them."""
    state = decision_state(toy_game(players), seed=2, min_actions=3)
    searcher = search.Searcher(state, search.SearchMode.SO, 5)
    assert searcher.node_bytes == 24 + 8 * players
    searcher.run(20000)
    assert searcher.nodes > 500
    assert searcher.tree_bytes >= searcher.nodes * searcher.node_bytes
    assert searcher.tree_bytes < searcher.nodes * searcher.node_bytes * 2.5
    assert sum(visits for _, visits, _, _ in searcher.root_stats()) == 20000


def test_searcher_refuses_chance_nodes_and_bad_modes():
    game = toy_game(2)
    with pytest.raises(ValueError, match="player node"):
        search.Searcher(game.new_initial_state(), search.SearchMode.MCTS, 1)
    state = decision_state(game, seed=1)
    with pytest.raises(ValueError, match="mode"):
        search.Searcher(state, 7, 1)


def test_one_ply_values_fair_and_complete():
    state = decision_state(toy_game(2), seed=3)
    values = search.one_ply_values(state, 4, 1)
    assert [a for a, _ in values] == state.legal_actions()
    other = state.resample(state.current_player(), 99)
    assert search.one_ply_values(other, 4, 1) == values


def test_search_modes_and_playouts_are_int_enums_the_kernel_takes():
    """The kernel's modes and playouts are IntEnums: named, and still the ints the C code reads."""
    assert issubclass(search.SearchMode, int) and issubclass(search.Playout, int)
    assert {m.name: int(m) for m in search.SearchMode} == {"MCTS": 0, "SO": 1, "MO": 2}
    assert {p.name: int(p) for p in search.Playout} == {"RANDOM": 0, "HEURISTIC": 1}
    state = decision_state(toy_game(2), seed=1)
    by_enum = search.Searcher(state, search.SearchMode.SO, 3, playout=search.Playout.HEURISTIC)
    by_int = search.Searcher(state, 1, 3, playout=1)
    assert by_enum.run(200) == by_int.run(200) and by_enum.root_stats() == by_int.root_stats()
    with pytest.raises(ValueError, match="playout"):
        search.Searcher(state, search.SearchMode.SO, 3, playout=len(search.Playout))
