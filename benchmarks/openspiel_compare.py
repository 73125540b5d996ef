"""vsai's search against OpenSpiel's own Python bots on the same game, through the wrapper.

Speed: at the opening (the first player decision after the set-up chance nodes, several
set-ups), vsai's `ismcts` and `mcts` and OpenSpiel's Python ISMCTS and MCTS bots (the
`openspiel-ismcts` / `openspiel-mcts` agents: OpenSpiel's simulations and random-rollout
evaluator on `vsai.core.openspiel` states) run the same number of iterations per decision;
printed: the median iterations per CPU second of each and the speed ratio (target: vsai at
least 100x faster). With each game's default options the vsai agents may cut playouts short
(a game spec's `search_defaults`, e.g. VEC's cutoff of 10) while OpenSpiel's play to the end;
`--equal-work` gives the vsai agents cutoff=0, so both sides play full random playouts: the
fair comparison.

Strength (`--match N`): N games of `ismcts` against `openspiel-ismcts` with the same wall
time per move, seats rotated (vsai.ai.lab.arena.run_series), and vsai's win share with its 95%
Wilson interval (target: at least 70%).

    .venv/bin/python benchmarks/openspiel_compare.py [--game kilauea] [--players 2]
        [--iterations 500] [--positions 3] [--equal-work] [--match 20 --move-time 0.1 --turn-cap 300]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from vsai.ai import make_agent
from vsai.ai.lab.arena import Entrant, run_series
from vsai.core import load_game, sample_chance

PAIRS = [("ismcts", "openspiel-ismcts"), ("mcts", "openspiel-mcts")]


def opening(game, seed: int):
    """The first player decision after the set-up chance nodes (drawn with `seed`)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return state


def iterations_per_second(name: str, game, state, iterations: int, repeats: int,
                          seed: int, **options) -> list[float]:
    """Agent `name`'s iterations per CPU second over `repeats` decisions at `state`, made
    with `options`.

    CPU time of this process, not wall time: other processes on a shared machine then
    barely move the figures (the searches here are single-threaded).
    """
    rates = []
    for repeat in range(repeats):
        agent = make_agent(name, game, seed=seed * 1000 + repeat, iterations=iterations,
                           **options)
        start = time.process_time()
        agent.analyse(state)
        rates.append(agent.last_iterations / max(time.process_time() - start, 1e-9))
    return rates


def speed(game, iterations: int, positions: int, repeats: int, equal_work: bool = False) -> None:
    """Print the median iterations/s of each agent and the ratios. vsai runs `repeats`
    times per opening, OpenSpiel once (it is slow enough to time on its own); the two
    alternate opening by opening. With `equal_work`, vsai plays full playouts (cutoff 0)."""
    states = [opening(game, seed) for seed in range(positions)]
    options = {"cutoff": 0} if equal_work else {}
    work = "equal work: full random playouts on both sides" if equal_work else "default options"
    print(f"{game}: {iterations} iterations per decision, {positions} openings, {work} "
          "(iterations per CPU second)")
    print(f"{'vsai agent':<10} {'it/s':>10}   {'OpenSpiel bot':<17} {'it/s':>8}   ratio")
    for ours, theirs in PAIRS:
        fast, slow = [], []
        for index, state in enumerate(states):
            fast += iterations_per_second(ours, game, state, iterations, repeats, index,
                                          **options)
            slow += iterations_per_second(theirs, game, state, iterations, 1, index)
        fast_rate, slow_rate = statistics.median(fast), statistics.median(slow)
        print(f"{ours:<10} {fast_rate:>10,.0f}   {theirs:<17} {slow_rate:>8,.0f}   "
              f"{fast_rate / slow_rate:6.0f}x")


def match(game, games: int, move_time: float, seed: int) -> None:
    """Print ismcts vs openspiel-ismcts at equal time per move."""
    lineup = [Entrant("ismcts", label="vsai ismcts")]
    lineup += [Entrant("openspiel-ismcts", label="openspiel-ismcts")] * (game.num_players() - 1)
    print(f"\n{game}: ismcts vs openspiel-ismcts, {move_time:g} s per move, {games} games, "
          "seats rotated")
    start = time.perf_counter()

    def progress(done: int, total: int, record) -> None:
        print(f"  game {done}/{total}: returns by seat {record.returns}, "
              f"vsai at seat {record.seats.index(0)}", flush=True)

    result = run_series(game, lineup, games, seed=seed, time_limit=move_time, progress=progress)
    rate, low, high = result.win_rate(0)  # entrant 0 is vsai
    print(f"vsai ismcts win share {100 * rate:.1f}%  95% interval [{100 * low:.1f}, "
          f"{100 * high:.1f}]  ({time.perf_counter() - start:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kilauea")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--turn-cap", type=int, default=None,
                        help="the game's turn_cap option (shorter games for the match)")
    parser.add_argument("--iterations", type=int, default=500)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5, help="vsai runs per opening")
    parser.add_argument("--equal-work", action="store_true",
                        help="vsai plays full random playouts too (cutoff 0), as OpenSpiel does")
    parser.add_argument("--match", type=int, default=0, metavar="GAMES",
                        help="also play this many strength-match games")
    parser.add_argument("--move-time", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    params = {"players": args.players}
    if args.turn_cap is not None:
        params["turn_cap"] = args.turn_cap
    game = load_game(args.game, **params)
    speed(game, args.iterations, args.positions, args.repeats, args.equal_work)
    if args.match:
        match(game, args.match, args.move_time, args.seed)


if __name__ == "__main__":
    main()
