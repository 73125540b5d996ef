"""Search speed: iterations per CPU second of mcts and ismcts from the opening, one core.

For every registered game and player count, the opening is the first real turn (set-up
chance and any draft played with a fixed seed). Printed next to the game's random-playout
rate from the same state, with ISMCTS over the random-playout rate and over the cheating
`mcts` rate (the same tree without resampling). Targets (issue 26, full random playouts):
ISMCTS at least 0.8 of `mcts` in every phase and 0.8 of the random-playout rate at the
opening and the middle, and at least 20,000 iterations/s on 2-player Kilauea.

The `fixed` column splits hidden information's cost in two: SO-ISMCTS from the true state at
every iteration, so the same information-set tree's bookkeeping (merged keys, availability
counts) without a resample. Its rate over `mcts`'s is that bookkeeping's cost; `ismcts` over
`fixed` is the resample's own cost plus the redrawn worlds' (their trees and playouts cost
differently from the true world's: on Vulcanus late, random playouts from redrawn worlds run
at 0.86-0.92 of those from the true state; docs/figures.md).

`--at F` measures later in the game instead: from the opening of seed s, a random game is
played to its end, and the measure is taken at the first player decision after a fraction F
of its decisions (0 = the opening, 0.7 = late). `--positions K` takes seeds 1..K and prints the
mean rates over the K positions (the ratio is of the means). `--players 2,3` limits the player counts,
`--no-time-limit` skips the time-limit check.

Rates are per CPU second of this process (the search runs on this one thread), so that other
load on a shared machine slows the wall clock but not the figures; each search lasts
`--seconds` of wall-clock time, as an agent's would.

    .venv/bin/python benchmarks/search_speed.py [--seconds 2] [--games kilauea,vec]
        [--at 0.7] [--positions 3] [--players 2,3,4] [--no-time-limit]
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


def position(game, at: float = 0.0, seed: int = 1):
    """The player decision a fraction `at` of the way through a random game from the opening
    of `seed` (moves and chance outcomes from the same seeded generator), or the opening when
    `at` is 0. Never a terminal state or a chance node."""
    state = opening(game, seed)
    if at <= 0:
        return state
    rng = random.Random(seed)
    decisions = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            decisions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return decisions[min(int(at * len(decisions)), len(decisions) - 1)]


def playouts_per_second(state, seconds: float) -> float:
    """Random playouts (each from a fresh copy of `state`) per CPU second, for `seconds`."""
    done, batch, start, cpu = 0, 64, time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        search.playout_rate(state, batch, done)
        done += batch
    return done / (time.process_time() - cpu)


def iterations_per_second(state, mode: int, seconds: float, fixed: bool = False) -> float:
    """Search iterations per CPU second of one Searcher in `mode`, searching `seconds` (wall).
    With `fixed`, every iteration starts from the true state instead of a resample (the
    search's own tree and playouts without the resample's cost)."""
    searcher = search.Searcher(state, mode, 1)
    if fixed:
        searcher.set_worlds([state], [1.0])
    cpu = time.process_time()
    done = searcher.run(1 << 60, seconds)
    return done / (time.process_time() - cpu)


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
    parser.add_argument("--at", type=float, default=0.0,
                        help="fraction of a random game played before measuring (0: the opening)")
    parser.add_argument("--positions", type=int, default=1, help="seeds 1..K, mean rates")
    parser.add_argument("--players", default="", help="comma-separated player counts (default all)")
    parser.add_argument("--no-time-limit", action="store_true", help="skip the time-limit check")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",") if x]
    if args.at > 0:
        print(f"at {args.at:.2f} of a random game, {args.positions} position(s)")
    print(f"{'game':<10}{'players':>8}{'playouts/s':>12}{'mcts it/s':>12}{'ismcts it/s':>13}"
          f"{'mo it/s':>11}{'fixed it/s':>12}{'ismcts/playout':>16}{'ismcts/mcts':>13}"
          f"{'ismcts/fixed':>14}")
    for name in filter(None, args.games.split(",")):
        spec = get_spec(name)
        for players in range(spec.min_players, spec.max_players + 1):
            if counts and players not in counts:
                continue
            rates = [0.0, 0.0, 0.0, 0.0, 0.0]
            for seed in range(1, args.positions + 1):
                state = position(load_game(name, players=players), args.at, seed)
                rates[0] += playouts_per_second(state, args.seconds)
                rates[1] += iterations_per_second(state, search.SearchMode.MCTS, args.seconds)
                rates[2] += iterations_per_second(state, search.SearchMode.SO, args.seconds)
                rates[3] += iterations_per_second(state, search.SearchMode.MO, args.seconds)
                rates[4] += iterations_per_second(state, search.SearchMode.SO, args.seconds, True)
            rates = [rate / args.positions for rate in rates]
            print(f"{name:<10}{players:>8}{rates[0]:>12,.0f}{rates[1]:>12,.0f}{rates[2]:>13,.0f}"
                  f"{rates[3]:>11,.0f}{rates[4]:>12,.0f}{rates[2] / rates[0]:>16.2f}"
                  f"{rates[2] / rates[1]:>13.2f}{rates[2] / rates[4]:>14.2f}", flush=True)
    print("targets: ismcts/playout >= 0.8 (opening, middle), ismcts/mcts >= 0.8 (every phase);"
          " ismcts >= 20,000 it/s on 2-player kilauea")
    if args.no_time_limit:
        return
    print()
    for name in filter(None, args.games.split(",")):
        time_limit_check(name, args.seconds / 2)


if __name__ == "__main__":
    main()
