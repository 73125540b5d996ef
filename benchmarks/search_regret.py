"""What the regret benchmarks share: a searcher with an agent's settings, its root values, the
move it plays, and a move's regret under a reference search."""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

from vsai.ai.base import mix_seed
from vsai.ext import search as kernel

from selfplay import game_entries  # this folder: scripts run as benchmarks/<name>.py

Rows = dict[str, list[tuple[float, bool]]]   # per arm, (regret, chose the reference's move) a search


def searcher(agent: Any, state: Any, seed: int, mode: Any = kernel.SearchMode.SO) -> kernel.Searcher:
    """A searcher of `state` in `mode` (SO-ISMCTS; MCTS searches the true state) with
    `agent`'s search settings (its game's)."""
    playout = kernel.Playout.HEURISTIC if agent.playout == "heuristic" else kernel.Playout.RANDOM
    return kernel.Searcher(state, mode, seed, exploration=agent.exploration, playout=playout,
                           cutoff=agent.cutoff, epsilon=agent.epsilon, max_nodes=agent.max_nodes)


def root_values(search: kernel.Searcher) -> dict[int, tuple[int, float]]:
    """{action: (visits, mean value)} at the root of a searcher that has run."""
    return {action: (visits, mean) for action, visits, mean, _ in search.root_stats()}


def chosen(values: dict[int, tuple[int, float]]) -> int:
    """The move a search plays: most visits, then the higher value (as the agents do)."""
    return max(values, key=lambda a: (values[a][0], values[a][1], -a))


def regret(reference: dict[int, tuple[int, float]], move: int) -> float:
    """The reference's value of its own choice minus its value of `move` (0: same value)."""
    best = chosen(reference)
    return reference[best][1] - reference.get(move, (0, 0.0))[1]


def score_decision(rows: Rows, agent: Any, state: Any, reference_iterations: int, repeats: int,
                   seed: int, decision: int, play: Callable[[str, int], int],
                   reference_mode: Any = kernel.SearchMode.SO) -> None:
    """Score every arm of `rows` at one decision: a reference search of `state` (in
    `reference_mode`, `reference_iterations`, seeded by `seed` and the `decision`'s number)
    values every move, then each arm plays `repeats` times (`play(arm, its seed)`, other seeds
    each time) and (regret, chose the reference's move) is added to its rows."""
    reference = searcher(agent, state, mix_seed(seed, 9, decision), reference_mode)
    reference.run(reference_iterations)
    values = root_values(reference)
    for arm in rows:
        for repeat in range(repeats):
            move = play(arm, mix_seed(seed, 10, decision, repeat))
            rows[arm].append((regret(values, move), move == chosen(values)))


def summary(rows: list[tuple[float, bool]]) -> str:
    """Mean regret ± its standard error, and the share of the reference's move, of rows of
    (regret, chose the reference's move)."""
    regrets = [r for r, _ in rows]
    error = statistics.stdev(regrets) / len(regrets) ** 0.5 if len(regrets) > 1 else 0.0
    return f"regret {statistics.mean(regrets):.4f} ± {error:.4f}, same move {sum(s for _, s in rows) / len(rows):.0%}"


def add_arguments(parser: argparse.ArgumentParser, games: str, every: int) -> None:
    """The options every regret benchmark takes, with its default `--games` and `--every`."""
    parser.add_argument("--games", default=games)
    parser.add_argument("--iterations", type=int, default=150_000, help="of each arm's search")
    parser.add_argument("--reference", type=int, default=1_200_000, help="of the reference search")
    parser.add_argument("--every", type=int, default=every, help="a decision of each seat in this many")
    parser.add_argument("--plays", type=int, default=1, help="games a row")
    parser.add_argument("--repeats", type=int, default=2, help="searches an arm a decision")
    parser.add_argument("--opponent-iterations", type=int, default=200, help="of the games' movers")


def report(args: argparse.Namespace, measure: Callable[[Any, argparse.Namespace], tuple[int, Rows]],
           verdict: Callable[[Rows], str] = lambda rows: "") -> None:
    """Measure each game of `args.games` and print a line: its decisions, CPU time, each arm's
    `summary` and the `verdict` on all arms."""
    for name, players, game in game_entries(args.games):
        started = time.process_time()
        positions, rows = measure(game, args)
        if not positions:
            print(f"{name} {players}p: no decision measured")
            continue
        print(f"{name} {players}p, {positions} positions ({time.process_time() - started:.0f} CPU s): "
              + "; ".join(f"{arm} {summary(arm_rows)}" for arm, arm_rows in rows.items())
              + verdict(rows), flush=True)
