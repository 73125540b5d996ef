"""Think time of a level of `vsai play --level`: CPU seconds a move on one core, per game.

For every registered game (2 players), random games are played from `--positions` seeds and
the level's ISMCTS (its iterations times the game's level_scale, with the game's
level_search options) decides every 7th player decision with more than one move, without
its time cap, until `--moves` moves are timed. Prints the median and the largest, and the
level's cap: a median near the cap means the cap, and so the machine's speed, decides the
moves. Target: the default level (7) under 1.5 s a move, every level under its cap.

    .venv/bin/python benchmarks/level_time.py [--level 7] [--games eruption,vec] [--moves 16]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from vsai.ai import levels, make_agent
from vsai.core import list_games, load_game, sample_chance

EVERY = 7  # time every 7th decision: positions spread over the game


def move_times(game, level: int, moves: int, positions: int) -> list[float]:
    """CPU seconds of `moves` decisions of `level` on `game`."""
    options = levels.search_options("ismcts", game.spec)
    iterations = levels.iterations(level, game.spec)
    times: list[float] = []
    for seed in range(positions):
        rng = random.Random(seed)
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal() and len(times) < moves * (seed + 1) // positions:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            decisions += 1
            if decisions % EVERY == 0 and len(state.legal_actions()) > 1:
                agent = make_agent("ismcts", game, seed=seed, iterations=iterations, **options)
                started = time.process_time()
                agent.step(state)
                times.append(time.process_time() - started)
            state.apply_action(rng.choice(state.legal_actions()))
    return times


def main() -> None:
    """Print the think time of a level on each game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=levels.DEFAULT_LEVEL)
    parser.add_argument("--games", default=",".join(list_games()))
    parser.add_argument("--moves", type=int, default=16)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    rung = levels.level(args.level)
    print(f"level {rung.number} ({rung.name}), cap {rung.time_limit:g} s a move; CPU seconds a move, one core")
    for name in args.games.split(","):
        game = load_game(name)
        times = move_times(game, args.level, args.moves, args.positions)
        print(f"{name:10} {levels.iterations(args.level, game.spec):>9,} it  "
              f"{levels.search_options('ismcts', game.spec) or '{}'!s:24} "
              f"median {statistics.median(times):6.2f} s  max {max(times):6.2f} s  ({len(times)} moves)")


if __name__ == "__main__":
    main()
