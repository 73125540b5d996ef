"""Does a long search over a belief's few worlds choose worse moves than one that draws a new
world at every iteration?

Belief `ismcts` hands the C kernel its particles (128 weighted worlds) and each iteration
draws one of them; plain `ismcts` draws a new redraw (`resample`) every iteration. At level 5
(5,000 iterations) 128 worlds were measured to cost nothing (docs/agents.md); at 0.5 s a
move the search runs 25-30 times as many iterations over the same worlds. This isolates that
effect from any reading of the opponents: the fixed worlds are uniform redraws, equally
weighted, as a belief that learned nothing would hold.

Seeded games between `ismcts` agents (`--opponent-iterations` a move) are played; at every
`--every`-th decision of a seat with at least three moves, a plain SO-ISMCTS of
`--reference` iterations gives each root move a value, and each arm searches `--iterations`
from the same position, `--repeats` times with other seeds: `plain` (a new world each
iteration) and `worlds:N` (N fixed uniform redraws, for each N of `--worlds`). Printed per
game: the positions, and per arm the mean regret of its move (the reference's best value
minus the reference's value of the move the arm chose; 0 is the reference's choice) with its
standard error, and how often it chose the reference's move.

    .venv/bin/python benchmarks/world_variety.py [--games vulcanus:2,eruption:2]
        [--iterations 150000] [--reference 1200000] [--worlds 128,1024] [--every 8]
        [--plays 1] [--repeats 2]
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from vsai.ai import make_agent
from vsai.ai.base import mix_seed
from vsai.ext import search as kernel

from selfplay import game_entries, measured_decisions, seat_agents  # this folder: scripts run as benchmarks/<name>.py


def searcher(agent: Any, state: Any, seed: int) -> kernel.Searcher:
    """A plain SO-ISMCTS searcher of `state` with `agent`'s search settings (its game's)."""
    playout = kernel.Playout.HEURISTIC if agent.playout == "heuristic" else kernel.Playout.RANDOM
    return kernel.Searcher(state, kernel.SearchMode.SO, seed, exploration=agent.exploration,
                           playout=playout, cutoff=agent.cutoff, epsilon=agent.epsilon,
                           max_nodes=agent.max_nodes)


def root_values(search: kernel.Searcher) -> dict[int, tuple[int, float]]:
    """{action: (visits, mean value)} at the root of a searcher that has run."""
    return {action: (visits, mean) for action, visits, mean, _ in search.root_stats()}


def chosen(values: dict[int, tuple[int, float]]) -> int:
    """The move a search plays: most visits, then the higher value (as `ismcts` does)."""
    return max(values, key=lambda a: (values[a][0], values[a][1], -a))


def regret(reference: dict[int, tuple[int, float]], move: int) -> float:
    """The reference's value of its own choice minus its value of `move` (0: same value)."""
    best = chosen(reference)
    return reference[best][1] - reference.get(move, (0, 0.0))[1]


def arm_move(agent: Any, state: Any, worlds: int, iterations: int, seed: int) -> int:
    """The move of one search of `iterations`: a new redraw each iteration (`worlds` 0) or
    `worlds` fixed uniform redraws, equally weighted, drawn with `seed`."""
    search = searcher(agent, state, mix_seed(seed, 1))
    if worlds:
        seat = state.current_player()
        search.set_worlds([state.resample(seat, mix_seed(seed, 2, i)) for i in range(worlds)], [1.0] * worlds)
    search.run(iterations)
    return chosen(root_values(search))


def measure(game: Any, args: argparse.Namespace) -> tuple[int, dict[str, list[tuple[float, bool]]]]:
    """Positions measured and, per arm, (regret, chose the reference's move) of each search."""
    arms = {"plain": 0, **{f"worlds:{n}": n for n in args.worlds}}
    rows: dict[str, list[tuple[float, bool]]] = {arm: [] for arm in arms}
    agent = make_agent("ismcts", game, seed=1, iterations=args.iterations)
    positions = 0
    for play in range(args.plays):
        seed = mix_seed(4242, game.num_players(), play)
        movers = seat_agents("ismcts", game, seed, args.opponent_iterations)
        for state, _player, decision in measured_decisions(game, seed, movers, args.every, []):
            if len(state.legal_actions()) < 3:
                continue
            reference = searcher(agent, state, mix_seed(seed, 9, decision))
            reference.run(args.reference)
            values = root_values(reference)
            for arm, worlds in arms.items():
                for repeat in range(args.repeats):
                    move = arm_move(agent, state, worlds, args.iterations, mix_seed(seed, 10, decision, repeat))
                    rows[arm].append((regret(values, move), move == chosen(values)))
            positions += 1
    return positions, rows


def summary(rows: list[tuple[float, bool]]) -> str:
    """Mean regret ± its standard error, and the share of the reference's move."""
    regrets = [r for r, _ in rows]
    error = statistics.stdev(regrets) / len(regrets) ** 0.5 if len(regrets) > 1 else 0.0
    return f"regret {statistics.mean(regrets):.4f} ± {error:.4f}, same move {sum(s for _, s in rows) / len(rows):.0%}"


def main(argv: list[str] | None = None) -> None:
    """Print, per game of `argv`, each arm's regret against the long reference search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vulcanus:2,eruption:2")
    parser.add_argument("--iterations", type=int, default=150_000)
    parser.add_argument("--reference", type=int, default=1_200_000)
    parser.add_argument("--worlds", type=lambda text: [int(n) for n in text.split(",")], default=[128, 1024])
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--plays", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--opponent-iterations", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"ismcts at {args.iterations} iterations against a plain reference of {args.reference}; "
          f"a decision in {args.every}, {args.repeats} searches an arm a position")
    for name, players, game in game_entries(args.games):
        started = time.process_time()
        positions, rows = measure(game, args)
        if not positions:
            print(f"{name} {players}p: no position with three moves or more")
            continue
        print(f"{name} {players}p, {positions} positions ({time.process_time() - started:.0f} CPU s): "
              + "; ".join(f"{arm} {summary(arm_rows)}" for arm, arm_rows in rows.items()))


if __name__ == "__main__":
    main()
