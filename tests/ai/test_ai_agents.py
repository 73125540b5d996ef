"""Every agent through make_agent on every game: legality, determinism, shortcuts, errors."""
from __future__ import annotations

import pytest

from ai_helpers import AGENTS, advance, all_games, decision_state
from ai_toygame import toy_game
from vsai.ai import Candidate, describe_agent, list_agents, make_agent
from vsai.ai.lab.arena import play_game

GAMES = all_games()
IDS = [repr(g) for g in GAMES]


def test_list_agents_has_the_five_and_descriptions():
    names = list_agents()
    for name in AGENTS:
        assert name in names
        assert describe_agent(name)
    assert "cheating" in describe_agent("mcts").lower()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("name", AGENTS)
def test_full_games_only_legal_moves(game, name):
    # play_game applies each move with the checked apply_action: an illegal one raises.
    agents = [make_agent(name, game, seed=seat, iterations=8) for seat in range(game.num_players())]
    record = play_game(game, agents, seed=5)
    assert len(record.returns) == game.num_players()
    assert sum(record.returns) == pytest.approx(1.0)
    assert record.decisions > 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("name", AGENTS)
def test_same_seed_same_decisions(game, name):
    state = decision_state(game, seed=3, moves=4)
    first = make_agent(name, game, seed=42, iterations=200)
    second = make_agent(name, game, seed=42, iterations=200)
    assert [first.step(state) for _ in range(3)] == [second.step(state) for _ in range(3)]
    first.reset()
    second.reset()
    assert first.analyse(state) == second.analyse(state)


@pytest.mark.parametrize("name", AGENTS)
def test_analyse_best_first_with_text(name):
    game = GAMES[0]
    state = decision_state(game, seed=7, moves=6, min_actions=3)
    agent = make_agent(name, game, seed=1, iterations=500)
    rows = agent.analyse(state)
    assert all(isinstance(r, Candidate) for r in rows)
    assert sorted(r.action for r in rows) == state.legal_actions()
    for row in rows:
        assert row.text == state.action_to_string(row.action) and row.text.strip()
        assert 0.0 <= row.value <= 1.0
    if name in ("mcts", "pimc", "ismcts"):
        visits = [r.visits for r in rows]
        assert visits == sorted(visits, reverse=True)
        assert sum(visits) == 500
        # with an iteration budget, step plays the first candidate of the analysis
        assert agent.step(state) == rows[0].action
    if name == "heuristic":
        values = [r.value for r in rows]
        assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("name", ["mcts", "pimc", "ismcts"])
def test_one_legal_action_answers_without_searching(name):
    game = toy_game(2)
    state = advance(game.new_initial_state(), seed=2, moves=4)  # last round: one card left
    assert len(state.legal_actions()) == 1
    agent = make_agent(name, game, seed=1, iterations=10**9)
    assert agent.step(state) == state.legal_actions()[0]
    assert agent.last_iterations == 0


@pytest.mark.parametrize("name", AGENTS)
def test_chance_and_terminal_nodes_are_refused(name):
    game = GAMES[0]
    agent = make_agent(name, game, seed=1, iterations=10)
    with pytest.raises(ValueError, match="chance"):
        agent.step(game.new_initial_state())
    state = game.new_initial_state()
    state = state.random_playout(3)
    with pytest.raises(ValueError, match="over"):
        agent.step(state)


@pytest.mark.parametrize("name", ["mcts", "pimc", "ismcts"])
def test_time_limit_returns_a_legal_move(name):
    game = GAMES[0]
    state = decision_state(game, seed=4, moves=2)
    agent = make_agent(name, game, seed=1, time_limit=0.05)
    assert state.legal_actions().count(agent.step(state)) == 1
    assert agent.last_iterations >= 1


def test_progress_is_reported():
    game = GAMES[0]
    state = decision_state(game, seed=4, moves=2)
    seen = []
    make_agent("ismcts", game, seed=1, iterations=400).step(state, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1] == (400, 400)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("options", [{"mode": "mo"}, {"workers": 2}, {"playout": "heuristic"},
                                     {"cutoff": 10}, {"exploration": 1.4}])
def test_ismcts_options(options):
    game = toy_game(3)
    state = decision_state(game, seed=9, min_actions=3)
    agent = make_agent("ismcts", game, seed=3, iterations=300, **options)
    rows = agent.analyse(state)
    assert sum(r.visits for r in rows) == 300
    again = make_agent("ismcts", game, seed=3, iterations=300, **options).analyse(state)
    assert rows == again


def test_workers_merge_visits_reproducibly():
    game = GAMES[0]
    state = decision_state(game, seed=5, moves=3)
    rows = make_agent("mcts", game, seed=8, iterations=1000, workers=2).analyse(state)
    assert sum(r.visits for r in rows) == 1000
    assert rows == make_agent("mcts", game, seed=8, iterations=1000, workers=2).analyse(state)


@pytest.mark.parametrize("name, options, message", [
    ("alphazero", {}, "unknown agent"),
    ("ismcts", {"mode": "xo"}, "mode"),
    ("ismcts", {"colour": 1}, "no option colour"),
    ("mcts", {"iterations": 0}, "iterations"),
    ("mcts", {"iterations": "many"}, "iterations"),
    ("pimc", {"time_limit": -1}, "time_limit"),
    ("pimc", {"determinizations": 0}, "determinizations"),
    ("random", {"depth": 3}, "no option depth"),
    ("heuristic", {"seed": "x"}, "seed"),
])
def test_bad_names_and_options_raise_value_error(name, options, message):
    with pytest.raises(ValueError, match=message):
        make_agent(name, GAMES[0], **options)


def test_game_given_by_name():
    name = GAMES[0].name
    agent = make_agent("random", name, seed=1)
    state = decision_state(GAMES[0], seed=1)
    assert agent.step(state) in state.legal_actions()


def test_per_game_defaults_yield_to_explicit_options():
    from vsai.core import get_spec, list_games, load_game
    with_defaults = [name for name in list_games() if get_spec(name).search_defaults.get("cutoff")]
    assert with_defaults, "some game sets a playout cutoff (vec)"
    for name in with_defaults:
        game = load_game(name)
        assert make_agent("ismcts", game, seed=1).cutoff == get_spec(name).search_defaults["cutoff"]
        assert make_agent("ismcts", game, seed=1, cutoff=0).cutoff == 0
    assert make_agent("ismcts", toy_game(2), seed=1).cutoff == 0


def test_step_with_analysis_plays_what_step_plays():
    from vsai.core import load_game
    from vsai.ai import make_agent
    game = load_game("kilauea")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    first = make_agent("ismcts", game, seed=11, iterations=200)
    second = make_agent("ismcts", game, seed=11, iterations=200)
    for _ in range(3):
        action, candidates = first.step_with_analysis(state)
        assert action == second.step(state) == candidates[0].action
        state.apply_action(action)
