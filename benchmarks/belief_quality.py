"""Belief quality and cost: how much more probability a seat's belief gives the truth than a
uniform redraw does, and what the belief costs a move.

Games between plain `ismcts` agents (the opponents to read), seats rotated by seed. Every
seat keeps a belief (`vsai.ai.belief.BeliefTracker`, default settings unless given) from the
moves it is told. At every `--every`-th decision of a seat, for every hidden item of every
other seat (`vsai.core.hidden.hidden_items`: who holds which card, each face-down card, each
objective...), the probability the belief gives the item's true value is compared with the
probability a uniform redraw gives it (`state.resample(seat)`, as many worlds as particles):
printed is the mean log-ratio ln(p_belief / p_uniform) per game and phase (the first, middle
and last third of the game's decisions), with the share of items where the belief does
better. Probabilities are smoothed by half a world (p = (mass x N + 0.5) / (N + 1)) so that
a value no world holds does not give an infinite ratio. Then the cost: mean milliseconds of
belief update per observed move, and plain `ismcts` iterations per second of CPU (process
time, so that other work on the machine counts less) without and with belief worlds, side by
side, from the same positions.

    .venv/bin/python benchmarks/belief_quality.py [--games vec:2,vulcanus:2,eruption:2,eruption:4]
        [--plays 2] [--iterations 200] [--every 3] [--particles 128] [--temperature 0.05]
        [--floor 0.2]
"""
from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict

from vsai.ai import make_agent
from vsai.ai.base import mix_seed
from vsai.ai.belief import BeliefSettings, BeliefTracker
from vsai.core import load_game, sample_chance
from vsai.core.hidden import hidden_items
from vsai.ext import search

PHASES = ("early", "middle", "late")


def truth_probability(worlds: list, owner: int, seat: int, truth: dict[str, str]) -> dict[str, float]:
    """{item: smoothed probability of its true value} among weighted `worlds`."""
    total = sum(w for _, w in worlds) or 1.0
    mass = {item: 0.0 for item in truth}
    for world, weight in worlds:
        for item, value in hidden_items(world, owner, seat).items():
            if truth.get(item) == value:
                mass[item] += weight / total
    n = len(worlds)
    return {item: (m * n + 0.5) / (n + 1) for item, m in mass.items()}


def play_and_measure(game, seed: int, args, settings: BeliefSettings) -> tuple[list, list]:
    """One game; returns [(decision index, decisions, log-ratio, better)] and update costs."""
    agents = [make_agent("ismcts", game, seed=mix_seed(seed, s), iterations=args.iterations)
              for s in range(game.num_players())]
    trackers = [BeliefTracker(mix_seed(seed, 100, s), settings) for s in range(game.num_players())]
    rng = random.Random(seed)
    state = game.new_initial_state()
    samples = []
    decisions = 0
    seen = defaultdict(int)
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            if seen[player] % args.every == 0 and len(state.legal_actions()) > 1:
                belief = trackers[player].belief(state)
                worlds = belief.worlds_at(state)
                uniform = [(state.resample(player, mix_seed(seed, 7, decisions, i)), 1.0)
                           for i in range(len(worlds))]
                for owner in range(game.num_players()):
                    truth = hidden_items(state, owner, player) if owner != player else {}
                    if not truth:
                        continue
                    p_belief = truth_probability(worlds, owner, player, truth)
                    p_uniform = truth_probability(uniform, owner, player, truth)
                    for item in truth:
                        ratio = math.log(p_belief[item] / p_uniform[item])
                        samples.append((decisions, ratio, p_belief[item] > p_uniform[item] + 1e-9))
            seen[player] += 1
            decisions += 1
            action = agents[player].step(state.clone())
        for tracker in trackers:
            tracker.inform(state, player, action)
        state.apply_action(action)
    phased = [(PHASES[min(2, 3 * d // max(decisions, 1))], r, b) for d, r, b in samples]
    costs = [b.cost_per_move for t in trackers for b in t._beliefs.values()]
    return phased, costs


def search_rates(game, seed: int, settings: BeliefSettings, seconds: float) -> tuple[float, float]:
    """SO-ISMCTS iterations per CPU second at a mid-game position: plain, then from worlds."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    tracker = BeliefTracker(seed, settings)
    moves = 0
    while not state.is_terminal() and (moves < 30 or not state.is_player_node()):
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        tracker.inform(state, state.current_player(), action)
        state.apply_action(action)
        moves += 1
    worlds = tracker.belief(state).worlds_at(state)
    rates = []
    for use_worlds in (False, True, False, True):
        searcher = search.Searcher(state, search.SearchMode.SO, seed)
        if use_worlds:
            searcher.set_worlds([w for w, _ in worlds], [p for _, p in worlds])
        started = time.process_time()
        done = 0
        while time.process_time() - started < seconds:
            done += searcher.run(200)
        rates.append(done / (time.process_time() - started))
    return max(rates[0], rates[2]), max(rates[1], rates[3])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vec:2,vulcanus:2,eruption:2,vec:4,vulcanus:4,eruption:4")
    parser.add_argument("--plays", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--particles", type=int, default=BeliefSettings.particles)
    parser.add_argument("--temperature", type=float, default=BeliefSettings.temperature)
    parser.add_argument("--floor", type=float, default=BeliefSettings.floor)
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per speed measure")
    args = parser.parse_args()
    settings = BeliefSettings(args.particles, args.temperature, args.floor)
    print(f"belief: {settings.particles} particles, temperature {settings.temperature}, "
          f"floor {settings.floor}; opponents ismcts {args.iterations} it; "
          f"{args.plays} games a row, a decision in {args.every} measured")
    print(f"{'game':12} {'phase':7} {'items':>6} {'mean ln(p_b/p_u)':>17} {'belief better':>14}")
    for entry in args.games.split(","):
        name, players = entry.split(":")
        game = load_game(name, players=int(players))
        by_phase: dict[str, list] = defaultdict(list)
        costs: list[float] = []
        started = time.perf_counter()
        for play in range(args.plays):
            phased, cost = play_and_measure(game, mix_seed(2323, play), args, settings)
            costs += cost
            for phase, ratio, better in phased:
                by_phase[phase].append((ratio, better))
                by_phase["all"].append((ratio, better))
        label = f"{name} {players}p"
        for phase in PHASES + ("all",):
            rows = by_phase.get(phase, [])
            if rows:
                mean = sum(r for r, _ in rows) / len(rows)
                better = sum(b for _, b in rows) / len(rows)
                print(f"{label:12} {phase:7} {len(rows):6d} {mean:17.3f} {better:13.0%}")
        plain, worlds = search_rates(game, 5, settings, args.seconds)
        cost = 1000 * sum(costs) / len(costs) if costs else 0.0
        print(f"{label:12} update {cost:.2f} ms a move; ismcts {plain:,.0f} it/s plain, "
              f"{worlds:,.0f} it/s from the belief's worlds ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
