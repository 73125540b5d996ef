"""Is the belief a player is shown honest? Calibration of `vsai play`'s hint and explain.

A human seat is shown the chance of facts about the others' hidden cards ("P2 holds Quake:
62%": `vsai.ai.belief.describe_belief`, from the seat's own belief at its default settings).
Of all the facts shown at 62%, about 62% should be true. This plays seeded games between
`ismcts` agents (`--opponent` another), every seat keeping the belief the hint reads
(`BeliefTracker`, default settings). At every `--every`-th decision of a seat with a choice,
for every other seat, it takes the chance of every fact the described worlds hold
(`fact_chances` over `described_worlds`, exactly what the hint shows, all facts rather than
its three) and of every true fact they miss (chance 0), and checks each against the true
state (`hidden_facts` of the real game). The same is done for a uniform redraw of as many
worlds as the belief has particles (`state.resample(seat)`): what a reading that ignores the
others' moves would say.

Printed per game: the facts judged (those either reading was unsure of, a chance between 0.1%
and 99.9%, or a true fact either gave 0; both readings are scored on the same facts), the Brier score (mean squared error; lower is better) and the log score
(mean log-probability given to what happened, chances clipped to [0.01, 0.99]; higher is
better) of the belief and of the uniform redraw on those same facts, the expected calibration
error (the facts' mean |chance - frequency| over ten bins of chance, weighted by count), and
then the same Brier score and calibration error of the facts the hint shows (`shown_facts`:
three a seat, the likeliest of each kind first; an uncertain one of them is judged). Those are
picked for their high chances among noisy ones, so they read higher than they hold (the
winner's curse), and they are few: their error is larger. Each calibration error has its
**noise floor** beside it ("floor"): the mean error a perfectly calibrated reading of the same
chances would show from sampling alone (each fact drawn true at its chance, `FLOOR_DRAWS`
times). An error near its floor says nothing; the floor is a lower bound, since it counts
every judged fact as independent. Last, the reliability table of all
facts: per bin of chance, how many facts and how often they were true. Facts are judged at
every `--every`-th decision of a few games, so the same fact is judged many times: the counts
overstate the evidence.

    .venv/bin/python benchmarks/belief_calibration.py [--games vec:2,vec:4,vulcanus:2,vulcanus:4,eruption:2,eruption:4]
        [--plays 2] [--iterations 200] [--every 3] [--opponent ismcts] [--particles 128]
"""
from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from typing import Any

from vsai.ai.base import mix_seed
from vsai.ai.belief import BeliefSettings, BeliefTracker, described_worlds, fact_chances, shown_facts
from vsai.core.hidden import hidden_facts

from selfplay import game_entries, measured_decisions, seat_agents, uniform_worlds  # this folder: scripts run as benchmarks/<name>.py

UNCERTAIN = (0.001, 0.999)
BINS = 10
FLOOR_DRAWS = 200


def judged(readings: list[dict[tuple[str, str], float]], truth: set[tuple[str, str]]) -> list[list[tuple[float, bool]]]:
    """For each reading ({fact: chance}), (chance, came true) of the same facts: every fact
    some reading is unsure of (a chance strictly between the bounds) and every true fact some
    reading misses (chance 0), so that the readings are scored on one set of facts."""
    facts = {fact for chances in readings for fact, p in chances.items() if UNCERTAIN[0] < p < UNCERTAIN[1]}
    facts |= {fact for fact in truth if any(fact not in chances for chances in readings)}
    return [[(chances.get(fact, 0.0), fact in truth) for fact in sorted(facts)] for chances in readings]


def play_and_judge(game: Any, seed: int, args: argparse.Namespace) -> tuple[list, list, list]:
    """One game: the belief's and the uniform redraw's (chance, came true) rows, and the
    belief's rows of the facts the hint shows (`shown_facts`: three a seat; certain ones left
    out, as they are not a guess)."""
    agents = seat_agents(args.opponent, game, seed, args.iterations)
    settings = BeliefSettings(particles=args.particles)
    trackers = [BeliefTracker(mix_seed(seed, 100, s), settings) for s in range(game.num_players())]
    belief_rows: list[tuple[float, bool]] = []
    uniform_rows: list[tuple[float, bool]] = []
    shown_rows: list[tuple[float, bool]] = []
    for state, player, decision in measured_decisions(game, seed, agents, args.every, trackers):
        belief = trackers[player].belief(state)
        belief.worlds_at(state)
        worlds = described_worlds(belief)
        uniform = uniform_worlds(state, player, seed, decision, args.particles)
        for owner in range(game.num_players()):
            if owner == player:
                continue
            truth = set(hidden_facts(state, owner, player))
            chances = fact_chances(worlds, owner, player)
            b, u = judged([chances, fact_chances(uniform, owner, player)], truth)
            belief_rows += b
            uniform_rows += u
            shown_rows += [(p, fact in truth) for fact, p in shown_facts(chances, 3) if p <= UNCERTAIN[1]]
    return belief_rows, uniform_rows, shown_rows


def scores(rows: list[tuple[float, bool]]) -> tuple[float, float, float]:
    """Brier score, log score (chances clipped to [0.01, 0.99]) and expected calibration error."""
    brier = sum((p - hit) ** 2 for p, hit in rows) / len(rows)
    log = sum(math.log(min(max(p, 0.01), 0.99) if hit else 1 - min(max(p, 0.01), 0.99))
              for p, hit in rows) / len(rows)
    bins = reliability(rows)
    ece = sum(n * abs(mean - freq) for n, mean, freq in bins.values()) / len(rows)
    return brier, log, ece


def noise_floor(rows: list[tuple[float, bool]], draws: int = FLOOR_DRAWS, seed: int = 2381) -> float:
    """The mean expected calibration error of a perfectly calibrated reading with the chances
    of `rows`: each fact drawn true at its chance, `draws` times (seeded). What the error of
    `rows` would be from sampling alone."""
    rng = random.Random(seed)
    return sum(scores([(p, rng.random() < p) for p, _ in rows])[2] for _ in range(draws)) / draws


def reliability(rows: list[tuple[float, bool]]) -> dict[int, tuple[int, float, float]]:
    """{bin: (facts, mean chance, share true)} over BINS equal bins of chance."""
    grouped: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    for p, hit in rows:
        grouped[min(BINS - 1, int(p * BINS))].append((p, hit))
    return {b: (len(g), sum(p for p, _ in g) / len(g), sum(h for _, h in g) / len(g))
            for b, g in sorted(grouped.items())}


def main(argv: list[str] | None = None) -> None:
    """Print the scores and the reliability tables of the games of `argv` (see the module)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vec:2,vec:4,vulcanus:2,vulcanus:4,eruption:2,eruption:4")
    parser.add_argument("--plays", type=int, default=2)
    parser.add_argument("--opponent", default="ismcts", help="the agent every seat plays (ismcts, heuristic, ...)")
    parser.add_argument("--iterations", type=int, default=200, help="its iterations (not for heuristic)")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--particles", type=int, default=BeliefSettings.particles,
                        help="the belief's particles, and the uniform redraw's worlds")
    args = parser.parse_args(argv)
    print(f"the hint's belief ({args.particles} particles, the other settings at their defaults) "
          f"against a uniform redraw of as many worlds; opponents {args.opponent} {args.iterations} it; "
          f"{args.plays} games a row, a decision in {args.every} judged")
    print(f"{'game':12} {'facts':>7} {'Brier: belief':>14} {'uniform':>8} {'log: belief':>12} {'uniform':>8} "
          f"{'ECE: belief':>12} {'uniform':>8} {'floor':>6} {'shown':>7} {'Brier':>7} {'ECE':>7} {'floor':>6}")
    tables = []
    for name, players, game in game_entries(args.games):
        label = f"{name} {players}p"
        started = time.process_time()
        belief_rows: list[tuple[float, bool]] = []
        uniform_rows: list[tuple[float, bool]] = []
        shown_rows: list[tuple[float, bool]] = []
        for play in range(args.plays):
            b, u, shown = play_and_judge(game, mix_seed(2381, play), args)
            belief_rows += b
            uniform_rows += u
            shown_rows += shown
        if not belief_rows or not uniform_rows:
            print(f"{label:12} no uncertain fact")
            continue
        (bb, bl, be), (ub, ul, ue) = scores(belief_rows), scores(uniform_rows)
        sb, _, se = scores(shown_rows) if shown_rows else (0.0, 0.0, 0.0)
        floor, shown_floor = noise_floor(belief_rows), noise_floor(shown_rows) if shown_rows else 0.0
        print(f"{label:12} {len(belief_rows):7d} {bb:14.3f} {ub:8.3f} {bl:12.3f} {ul:8.3f} {be:12.3f} {ue:8.3f}"
              f" {floor:6.3f} {len(shown_rows):7d} {sb:7.3f} {se:7.3f} {shown_floor:6.3f}"
              f"   ({time.process_time() - started:.0f} CPU s)")
        tables.append((label, reliability(belief_rows)))
    print("\nreliability of the belief: chance bin, facts, mean chance, share true")
    for label, bins in tables:
        print(f"{label}: " + "; ".join(f"{10 * b}-{10 * b + 10}%: {n} at {mean:.0%} -> {freq:.0%}"
                                       for b, (n, mean, freq) in bins.items()))


if __name__ == "__main__":
    main()
