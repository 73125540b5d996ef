"""Engine speed of every registered game: clone, random playouts, decisions per second.

Usage: python benchmarks/engine_speed.py [game ...] [--playouts N] [--length-games N] [--clone-only]

For each game and player count it prints:
- clone ns: `state.clone()` timed from Python on a mid-game state, by the function and on the
  position `vsai bench` uses (`vsai.cli.bench.clone_ns` on `midgame(game, 1)`: best of five
  timeit runs of the bound method, CPU time), so both print the same figure for a player count;
- playouts/s: full random games (set-up chance included) played in C by
  `state.random_playout(seed)` (the game's `c_random_playout`), per second of CPU time on
  one core; "wall/s" is the same per second of wall-clock time (lower on a loaded machine);
- decisions/s: playouts/s times the mean number of player decisions in a random game;
- mean length: player decisions in a random game, measured by playing uniformly random
  legal moves (chance by its probabilities) through the Python API.
Figures only; no assertion (the machine is noisy).
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from vsai.cli.bench import clone_ns, midgame
from vsai.core import sample_chance
from vsai.core.registry import get_spec, list_games, load_game


def playouts_per_second(game, playouts: int) -> tuple[float, float]:
    """Random full games per second through `random_playout` (C loop): per second of this
    process's CPU time (one core, robust to other load) and per second of wall time."""
    state = game.new_initial_state()
    state.random_playout(0)                        # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(playouts):
        state.random_playout(seed)
    return playouts / (time.process_time() - cpu), playouts / (time.perf_counter() - wall)


def mean_length(game, games: int) -> float:
    """Mean player decisions in a uniformly random game (Python-driven)."""
    total = 0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                total += 1
    return total / games


def player_counts(name: str) -> list[int]:
    spec = get_spec(name)
    param = next((p for p in spec.params if p.name == "players"), None)
    if param is not None and param.choices:
        return list(param.choices)
    return list(range(spec.min_players, spec.max_players + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="registered game names (default: all)")
    parser.add_argument("--playouts", type=int, default=2000, help="playouts timed per row")
    parser.add_argument("--length-games", type=int, default=20,
                        help="Python-driven random games for the mean length")
    parser.add_argument("--clone-only", action="store_true",
                        help="print only the clone figure (seconds instead of minutes)")
    args = parser.parse_args(argv)
    names = args.games or list_games()
    print(f"{'game':<10} {'players':>7} {'clone ns':>9} {'playouts/s':>11} {'wall/s':>9} "
          f"{'decisions/s':>12} {'mean length':>12}")
    for name in names:
        for players in player_counts(name):
            try:
                game = load_game(name, players=players)
            except ValueError as error:
                print(f"{name:<10} {players:>7} skipped: {error}")
                continue
            ns = clone_ns(midgame(game, 1))
            if args.clone_only:
                print(f"{name:<10} {players:>7} {ns:>9.0f}", flush=True)
                continue
            rate, wall = playouts_per_second(game, args.playouts)
            length = mean_length(game, args.length_games)
            print(f"{name:<10} {players:>7} {ns:>9.0f} {rate:>11.0f} {wall:>9.0f} {rate * length:>12.0f} "
                  f"{length:>12.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
