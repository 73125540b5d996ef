"""Playing strength: win rates of agent pairings with 95% Wilson intervals, seats rotated.

In an n-player game the first agent of a pairing plays one seat against n-1 copies of the
second; the printed rate is the first agent's mean share of wins (shared wins count as
fractions). Targets on 2- and 4-player Kilauea (>= 100 games per pairing): ismcts >= 95%
against random and >= 75% against heuristic; heuristic >= 80% against random.

    .venv/bin/python benchmarks/strength.py --games 100 --iterations 1000 --parallel 2
"""
from __future__ import annotations

import argparse
import time

from vsai.ai.lab.arena import Entrant, run_series
from vsai.core import load_game

TARGETS = {("ismcts", "random"): 0.95, ("ismcts", "heuristic"): 0.75, ("heuristic", "random"): 0.80}


def parse_options(items: list[str]) -> dict[str, dict]:
    """{"ismcts": {"cutoff": "40"}} from ["ismcts:cutoff=40"]; the agents convert the values."""
    result: dict[str, dict] = {}
    for item in items:
        name, _, rest = item.partition(":")
        for pair in filter(None, rest.split(",")):
            key, _, value = pair.partition("=")
            result.setdefault(name.strip(), {})[key.strip()] = value.strip()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kilauea")
    parser.add_argument("--players", default="2,4", help="comma-separated player counts")
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--iterations", type=int, default=None, help="search iterations a move")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds a move")
    parser.add_argument("--pairings", default="ismcts-random,ismcts-heuristic,heuristic-random")
    parser.add_argument("--parallel", type=int, default=1, help="games played at once (threads)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--options", action="append", default=[], metavar="AGENT:K=V,...",
                        help="options of an agent, e.g. ismcts:cutoff=40 (repeatable)")
    args = parser.parse_args()
    if args.iterations is None and args.time_limit is None:
        args.iterations = 1000
    budget = (f"{args.iterations} iterations" if args.iterations else "") + \
             (" / " if args.iterations and args.time_limit else "") + \
             (f"{args.time_limit} s" if args.time_limit else "")
    options = parse_options(args.options)
    print(f"{args.game}: {args.games} games per pairing, seats rotated, budget {budget} a move"
          + "".join(f"; {name} {opts}" for name, opts in options.items()))
    for players in (int(p) for p in args.players.split(",")):
        game = load_game(args.game, players=players)
        for pairing in args.pairings.split(","):
            first, second = pairing.split("-")
            start = time.perf_counter()
            lineup = [Entrant(name, options.get(name, {}))
                      for name in [first] + [second] * (players - 1)]
            result = run_series(game, lineup, args.games, args.seed,
                                iterations=args.iterations, time_limit=args.time_limit,
                                parallel=args.parallel)
            rate, low, high = result.win_rate(0)
            target = TARGETS.get((first, second))
            verdict = "" if target is None else f"target {100 * target:.0f}%: " + \
                ("met" if rate >= target else "NOT met")
            print(f"{players}p {first:>9} vs {second:<9} {100 * rate:5.1f}% "
                  f"[{100 * low:5.1f}, {100 * high:5.1f}]  {verdict}  "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
