"""Does a long search over a belief's few worlds choose worse moves than one that draws a new
world at every iteration?

Belief `ismcts` hands the C kernel its particles (128 weighted worlds) and each iteration
draws one of them; plain `ismcts` draws a new redraw (`resample`) every iteration. At level 5
(5,000 iterations) 128 worlds were measured to cost nothing (docs/belief-figures.md); at 0.5 s a
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
from typing import Any

from vsai.ai import make_agent
from vsai.ai.base import mix_seed

# this folder: scripts run as benchmarks/<name>.py
from search_regret import Rows, add_arguments, chosen, report, root_values, score_decision, searcher
from selfplay import measured_decisions, seat_agents


def arm_move(agent: Any, state: Any, worlds: int, iterations: int, seed: int) -> int:
    """The move of one search of `iterations`: a new redraw each iteration (`worlds` 0) or
    `worlds` fixed uniform redraws, equally weighted, drawn with `seed`."""
    search = searcher(agent, state, mix_seed(seed, 1))
    if worlds:
        seat = state.current_player()
        search.set_worlds([state.resample(seat, mix_seed(seed, 2, i)) for i in range(worlds)], [1.0] * worlds)
    search.run(iterations)
    return chosen(root_values(search))


def measure(game: Any, args: argparse.Namespace) -> tuple[int, Rows]:
    """Positions measured and, per arm, (regret, chose the reference's move) of each search."""
    arms = {"plain": 0, **{f"worlds:{n}": n for n in args.worlds}}
    rows: Rows = {arm: [] for arm in arms}
    agent = make_agent("ismcts", game, seed=1, iterations=args.iterations)
    positions = 0
    for play in range(args.plays):
        seed = mix_seed(4242, game.num_players(), play)
        movers = seat_agents("ismcts", game, seed, args.opponent_iterations)
        for state, _player, decision in measured_decisions(game, seed, movers, args.every, []):
            if len(state.legal_actions()) < 3:
                continue
            score_decision(rows, agent, state, args.reference, args.repeats, seed, decision,
                           lambda arm, arm_seed: arm_move(agent, state, arms[arm], args.iterations, arm_seed))
            positions += 1
    return positions, rows


def main(argv: list[str] | None = None) -> None:
    """Print, per game of `argv`, each arm's regret against the long reference search."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, games="vulcanus:2,eruption:2", every=8)
    parser.add_argument("--worlds", type=lambda text: [int(n) for n in text.split(",")], default=[128, 1024])
    args = parser.parse_args(argv)
    print(f"ismcts at {args.iterations} iterations against a plain reference of {args.reference}; "
          f"a decision in {args.every}, {args.repeats} searches an arm a position")
    report(args, measure)


if __name__ == "__main__":
    main()
