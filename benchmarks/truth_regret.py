"""How much better would a move be if its seat knew the truth, and how much of that does the
belief win back? Decision quality at one budget, scored by a long search of the true state.

A suite measures strength in whole games, hundreds of them for a few points of win rate. This
measures the same question per decision, where the information is: seeded games between
`ismcts` agents (`--opponent-iterations` a move; every seat keeps the belief the agents keep,
`BeliefTracker` at default settings, told every move) are played, and at every `--every`-th
decision of a seat with at least three moves where the seat cannot see everything (redraws
of what it cannot see differ from the true state), a `--reference`-iteration `mcts` search of
the true state values every move. Three searches of `--iterations` then choose a move,
`--repeats` times with other seeds:
- `plain`: SO-ISMCTS, a new redraw each iteration (plain `ismcts`);
- `belief`: SO-ISMCTS over the seat's belief worlds by weight (`ismcts` with belief=on; its
  options with `--belief`, e.g. `model=search`);
- `truth`: `mcts` on the true state (the cheating `mcts`).
Each move's regret is the reference's value of its own choice minus that of the move (in
units of a win). `truth`'s regret is search noise alone; `plain` minus `truth` is what not
knowing the hidden cards costs a move at this budget (what a belief could win back at most,
per decision), and the share of it `belief` wins back is printed. The reference searches as
if every seat saw everything (strategy fusion), so it favours the truth's moves: the gap is
an upper bound.

    .venv/bin/python benchmarks/truth_regret.py [--games vec:2,vec:4,vulcanus:2,eruption:2]
        [--iterations 150000] [--reference 1200000] [--every 6] [--plays 1] [--repeats 2]
        [--belief model=search,...] [--seed 4243]
"""
from __future__ import annotations

import argparse
import statistics
from typing import Any

import click

from vsai.ai import make_agent
from vsai.ai.base import check_options, mix_seed
from vsai.ai.belief import BELIEF_OPTIONS, BeliefSettings, BeliefTracker
from vsai.cli.options import parse_pairs
from vsai.ext import search as kernel

# this folder: scripts run as benchmarks/<name>.py
from search_regret import Rows, add_arguments, chosen, report, root_values, score_decision, searcher
from selfplay import measured_decisions, seat_agents

ARMS = ("plain", "belief", "truth")


def hidden_from(state: Any, seat: int, seed: int, redraws: int = 4) -> bool:
    """Whether `seat` cannot see everything at `state`: some redraw differs from the truth."""
    truth = state.to_json()
    return any(state.resample(seat, mix_seed(seed, k)).to_json() != truth for k in range(redraws))


def arm_move(agent: Any, state: Any, arm: str, worlds: list, iterations: int, seed: int) -> int:
    """The move `arm` plays at `state` after `iterations` (see the module)."""
    if arm == "truth":
        search = searcher(agent, state, seed, kernel.SearchMode.MCTS)
    else:
        search = searcher(agent, state, seed)
        if arm == "belief":
            search.set_worlds([w for w, _ in worlds], [p for _, p in worlds])
    search.run(iterations)
    return chosen(root_values(search))


def measure(game: Any, args: argparse.Namespace) -> tuple[int, Rows]:
    """Positions measured and, per arm, (regret, chose the reference's move) of each search."""
    rows: Rows = {arm: [] for arm in ARMS}
    agent = make_agent("ismcts", game, seed=1, iterations=args.iterations, belief="off")
    positions = 0
    for play in range(args.plays):
        seed = mix_seed(args.seed, game.num_players(), play)
        movers = seat_agents("ismcts", game, seed, args.opponent_iterations)
        trackers = [BeliefTracker(mix_seed(seed, 100, s), args.belief) for s in range(game.num_players())]
        for state, player, decision in measured_decisions(game, seed, movers, args.every, trackers):
            if len(state.legal_actions()) < 3 or not hidden_from(state, player, mix_seed(seed, 8, decision)):
                continue
            worlds = trackers[player].belief(state).worlds_at(state)
            score_decision(rows, agent, state, args.reference, args.repeats, seed, decision,
                           lambda arm, arm_seed: arm_move(agent, state, arm, worlds, args.iterations, arm_seed),
                           reference_mode=kernel.SearchMode.MCTS)
            positions += 1
    return positions, rows


def paired(rows: Rows, high: str, low: str) -> tuple[float, float]:
    """Mean and standard error of `high`'s regret minus `low`'s, search by search (the arms'
    rows are aligned: the same positions and repeats in the same order)."""
    diffs = [a - b for (a, _), (b, _) in zip(rows[high], rows[low])]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    return statistics.mean(diffs), error


def won_back(rows: Rows) -> str:
    """What not knowing costs (plain minus truth), what the belief wins back (plain minus
    belief), each ± its standard error, and the share won back when the cost is beyond twice
    its error."""
    (gap, gap_error), (won, won_error) = paired(rows, "plain", "truth"), paired(rows, "plain", "belief")
    text = f"not knowing costs {gap:.4f} ± {gap_error:.4f}, the belief wins back {won:.4f} ± {won_error:.4f}"
    return text + (f" ({won / gap:.0%})" if gap > 2 * gap_error else "")


def belief_settings(text: str) -> BeliefSettings:
    """The belief's settings from KEY=VALUE,... (`ismcts`'s belief options, read as `vsai play
    --ai ismcts:...` reads them, and checked)."""
    try:
        given = parse_pairs([text], "--belief")
    except click.BadParameter as error:
        raise argparse.ArgumentTypeError(error.message) from None
    return BeliefSettings.from_options(check_options("ismcts", given, BELIEF_OPTIONS))


def main(argv: list[str] | None = None) -> None:
    """Print, per game of `argv`, each arm's regret under the reference, and the share won."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser, games="vec:2,vec:4,vulcanus:2,eruption:2", every=6)
    parser.add_argument("--seed", type=int, default=4243, help="of the games played (another seed, other games)")
    parser.add_argument("--belief", type=belief_settings, default=BeliefSettings(),
                        help="the belief's options, as `ismcts` takes them: model=search,particles=256")
    args = parser.parse_args(argv)
    print(f"plain ismcts, belief ismcts and mcts on the truth at {args.iterations} iterations, scored by "
          f"mcts on the truth at {args.reference}; a decision in {args.every} where the seat cannot see all")
    report(args, measure, lambda rows: f"; {won_back(rows)}")


if __name__ == "__main__":
    main()
