"""Search speed: iterations per second of mcts and ismcts from the opening, one core.

For every registered game and player count, the opening is the first real turn (set-up
chance and any draft played with a fixed seed). Printed next to the game's random-playout
rate from the same state. Targets (full random playouts): ISMCTS at least half the
random-playout rate, and at least 20,000 iterations/s on 2-player Kilauea.

    .venv/bin/python benchmarks/search_speed.py [--seconds 2] [--games kilauea,vec]
"""
from __future__ import annotations

import argparse
import random
import time

from vsai.ai import make_agent
from vsai.core import get_spec, list_games, load_game, sample_chance
from vsai.ext import search

# Phase names (as a game's `phase()` reports them) that belong to the set-up, not the play.
SETUP_PHASES = {"draft", "setup", "set-up", "deal", "forest", "tiles", "start"}


def opening(game, seed: int = 1):
    """The first real turn: chance outcomes and set-up decisions (draft) played at random."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif hasattr(state, "phase") and str(state.phase()).lower() in SETUP_PHASES:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            break
    return state


def playouts_per_second(state, seconds: float) -> float:
    """Random playouts (each from a fresh copy of `state`) per second."""
    done, batch, start = 0, 64, time.perf_counter()
    while time.perf_counter() - start < seconds:
        search.playout_rate(state, batch, done)
        done += batch
    return done / (time.perf_counter() - start)


def iterations_per_second(state, mode: int, seconds: float) -> float:
    """Search iterations per second of one Searcher in `mode` for `seconds`."""
    searcher = search.Searcher(state, mode, 1)
    start = time.perf_counter()
    done = searcher.run(1 << 60, seconds)
    return done / (time.perf_counter() - start)


def time_limit_check(name: str, limit: float) -> None:
    """How long `step` takes with a time limit (to be kept within 10%), per search agent."""
    game = load_game(name, players=2)
    state = opening(game)
    for agent_name, options in (("mcts", {}), ("pimc", {}), ("ismcts", {}),
                                ("ismcts", {"mode": "mo"}), ("ismcts", {"workers": 2})):
        agent = make_agent(agent_name, game, seed=1, time_limit=limit, **options)
        start = time.perf_counter()
        agent.step(state)
        spent = time.perf_counter() - start
        label = agent_name + "".join(f" {k}={v}" for k, v in options.items())
        print(f"{name:<10}{label:<22} time limit {limit:.2f} s: took {spent:.3f} s "
              f"({100 * (spent / limit - 1):+.1f}%), {agent.last_iterations:,} iterations")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    parser.add_argument("--games", default=",".join(list_games()), help="comma-separated games")
    args = parser.parse_args()
    print(f"{'game':<10}{'players':>8}{'playouts/s':>12}{'mcts it/s':>12}{'ismcts it/s':>13}"
          f"{'mo it/s':>11}{'ismcts/playout':>16}")
    for name in filter(None, args.games.split(",")):
        spec = get_spec(name)
        for players in range(spec.min_players, spec.max_players + 1):
            state = opening(load_game(name, players=players))
            rates = (playouts_per_second(state, args.seconds),
                     iterations_per_second(state, search.MODE_MCTS, args.seconds),
                     iterations_per_second(state, search.MODE_SO, args.seconds),
                     iterations_per_second(state, search.MODE_MO, args.seconds))
            print(f"{name:<10}{players:>8}{rates[0]:>12,.0f}{rates[1]:>12,.0f}{rates[2]:>13,.0f}"
                  f"{rates[3]:>11,.0f}{rates[2] / rates[0]:>16.2f}", flush=True)
    print("targets: ismcts/playout >= 0.5; ismcts >= 20,000 it/s on 2-player kilauea")
    print()
    for name in filter(None, args.games.split(",")):
        time_limit_check(name, args.seconds / 2)


if __name__ == "__main__":
    main()
