"""Pinned fingerprints of seeded play on every game: same seed, same game, same decisions,
build after build.

Speed work must not change a decision (issue 26). For every game at 2 and 3 players, one hash
covers a seeded random game (every state's JSON and legal actions, and along the way every
seat's resample and a random playout), and the moves the search agents choose at seeded
positions. A change to the rules or the search that changes any of them fails here. When the
change is meant (a rule fix, a new search default), write the new values with
`python tests/ai/test_ai_fingerprints.py --write` and say why in the commit.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from vsai.ai import make_agent
from vsai.core import list_games, load_game

PINNED = Path(__file__).with_name("fingerprints.json")
AGENTS = ("heuristic", "mcts", "pimc", "ismcts")
CONFIGS = [f"{name}-{players}" for name in list_games() for players in (2, 3)]
LARGE_SEARCH = "search-kilauea-2-6000"   # a tree large enough for the kernel's layout passes


def _game(config: str):
    name, players = config.rsplit("-", 1)
    return load_game(name, players=int(players))


def _step_at_random(state, rng: random.Random) -> None:
    """Apply a chance outcome by its probability, or a uniformly random legal move."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def fingerprint(config: str) -> str:
    """The hash of seeded play of one game configuration (see the module's docstring)."""
    game = _game(config)
    digest = hashlib.sha256()
    rng = random.Random(17)
    state = game.new_initial_state()
    decisions: list = []
    for ply in range(2000):
        if state.is_terminal():
            break
        digest.update(state.to_json().encode())
        digest.update(repr(state.legal_actions()).encode())
        if ply % 5 == 0:
            for seat in range(game.num_players()):
                digest.update(state.resample(seat, seed=ply + seat).to_json().encode())
            digest.update(repr(state.random_playout(seed=ply).returns()).encode())
        if state.is_chance_node():
            _step_at_random(state, rng)
            continue
        if len(decisions) < 3 and len(state.legal_actions()) > 2 and ply % 3 == 0:
            decisions.append(state.clone())
        _step_at_random(state, rng)
    digest.update(repr(state.returns()).encode())
    for position in decisions:
        for name in AGENTS:
            agent = make_agent(name, game, seed=5, iterations=60)
            digest.update(f"{name}:{agent.step(position.clone())}".encode())
    return digest.hexdigest()[:32]


def large_search_fingerprint() -> str:
    """The hash of the root statistics and tree sizes of 6,000-iteration searches in every
    mode (Kilauea, 2 players, the middle of a seeded game): trees past the size (4,096 nodes)
    at which the kernel first lays its nodes out again, and counts past its log table."""
    from vsai.ext import search
    state = _game("kilauea-2").new_initial_state()
    rng = random.Random(3)
    for _ in range(40):
        _step_at_random(state, rng)
    while state.is_chance_node():
        _step_at_random(state, rng)
    digest = hashlib.sha256()
    for mode in (search.SearchMode.MCTS, search.SearchMode.SO, search.SearchMode.MO):
        searcher = search.Searcher(state, mode, 11)
        searcher.run(6000)
        digest.update(repr((searcher.root_stats(), searcher.nodes)).encode())
    return digest.hexdigest()[:32]


def test_a_large_search_matches_its_pinned_fingerprint():
    pinned = json.loads(PINNED.read_text())
    assert large_search_fingerprint() == pinned[LARGE_SEARCH], (
        "a large search's tree changed; if that is meant, run "
        "`python tests/ai/test_ai_fingerprints.py --write`")


@pytest.mark.parametrize("config", CONFIGS)
def test_seeded_play_matches_its_pinned_fingerprint(config):
    pinned = json.loads(PINNED.read_text())
    assert config in pinned, f"no fingerprint pinned for {config}: run this file with --write"
    assert fingerprint(config) == pinned[config], (
        f"seeded play of {config} changed (states, resamples, playouts or decisions); if that is "
        "meant, run `python tests/ai/test_ai_fingerprints.py --write`")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(f"usage: python {sys.argv[0]} --write  (pins the fingerprints of today's build)")
    prints = {config: fingerprint(config) for config in CONFIGS}
    prints[LARGE_SEARCH] = large_search_fingerprint()
    PINNED.write_text(json.dumps(prints, indent=1) + "\n")
    print(f"wrote {PINNED}")
