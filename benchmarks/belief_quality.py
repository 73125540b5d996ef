"""Belief quality and cost: how much more probability a seat's belief gives the truth than a
uniform redraw does, and what the belief costs a move.

Games between plain `ismcts` agents (the opponents to read; `--opponent` another agent, e.g.
`heuristic`, whose moves the one-ply model describes exactly), seats rotated by seed. Every
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
        [--floor 0.2] [--model eval|search|fitted|features] [--model-iterations 32]
        [--fitted-temperature 1] [--features-temperature 1] [--opponent ismcts] [--one-step]
        [--items REGEX] [--first-play 0]

`--one-step` measures the opponent models alone, without the filter's history: at each
measured decision the observer's worlds are the truth and fresh redraws, and the printed gain
is ln(N x w_truth) after the one real move (`one_step_gains`); every setting sees the same
worlds, so settings compare with little noise, and the control's gain is near 0 (exactly 0
after a public move; after a hidden one, worlds where more moves share the seen key gain).
With the control among the settings, each row also gives its gain over the control, paired
move by move, with that difference's standard error.

Several temperatures, floors or models (comma-separated) are measured side by side on the
same games, e.g. `--temperature 0.01,0.05 --model eval,search`. A floor of 1 makes every move
equally likely: the same particle filter without an opponent model, the control that tells
the model's gain from the filter's own bias (its refills copy worlds, and the log score
punishes a belief held by fewer distinct worlds). Every setting's beliefs read the same games
and items, so with the control among them each setting's gain over it is also printed item
by item, averaged per game, with its standard error across games (items of one game are not
independent). `--items` measures only the hidden items
whose name matches a regular expression (e.g. `slots`, what `model=features` reads on
Vulcanus).
"""
from __future__ import annotations

import argparse
import math
import random
import re
import time
from collections import defaultdict

from vsai.ai.base import mix_seed
from vsai.ai.belief import (FEATURES_TEMPERATURE, FITTED_TEMPERATURE, BeliefSettings, BeliefTracker,
                             SeatBelief)
from vsai.core import sample_chance
from vsai.core.hidden import hidden_items
from vsai.ext import search

from selfplay import game_entries, measured_decisions, seat_agents, uniform_worlds  # this folder: scripts run as benchmarks/<name>.py

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


def play_and_measure(game, seed: int, args, settings: list[BeliefSettings]) -> tuple[list, list]:
    """One game, every setting's beliefs side by side (the same game and uniform redraws);
    returns, per setting, [(phase, log-ratio, better)] and the update costs."""
    agents = seat_agents(args.opponent, game, seed, args.iterations)
    trackers = [[BeliefTracker(mix_seed(seed, 100, s), each) for s in range(game.num_players())]
                for each in settings]
    samples: list[list] = [[] for _ in settings]
    counter = _Counter()
    listeners = [tracker for per_seat in trackers for tracker in per_seat] + [counter]
    for state, player, decisions in measured_decisions(game, seed, agents, args.every, listeners):
        uniform = uniform_worlds(state, player, seed, decisions, settings[0].particles)
        for k, per_seat in enumerate(trackers):
            worlds = per_seat[player].belief(state).worlds_at(state)
            for owner in range(game.num_players()):
                truth = hidden_items(state, owner, player) if owner != player else {}
                if args.items:  # only the items named (e.g. those a model reads)
                    truth = {item: value for item, value in truth.items() if re.search(args.items, item)}
                if not truth:
                    continue
                p_belief = truth_probability(worlds, owner, player, truth)
                p_uniform = truth_probability(uniform, owner, player, truth)
                for item in truth:
                    ratio = math.log(p_belief[item] / p_uniform[item])
                    samples[k].append((decisions, ratio, p_belief[item] > p_uniform[item] + 1e-9))
    decisions = counter.decisions
    phased = [[(PHASES[min(2, 3 * d // max(decisions, 1))], r, b) for d, r, b in rows] for rows in samples]
    costs = [[b.cost_per_move for t in per_seat for b in t._beliefs.values()] for per_seat in trackers]
    return phased, costs


class _Counter:
    """Counts the decisions of a game as it is told its moves (a listener of `measured_decisions`)."""

    def __init__(self) -> None:
        self.decisions = 0

    def inform(self, state, player: int, action: int) -> None:
        self.decisions += not state.is_chance_node()


def one_step_gains(game, seed: int, args, settings: list[BeliefSettings]) -> list[list[float]]:
    """The opponent models alone, one observed move at a time, on one game between the
    opponents: at every `--every`-th decision with a choice, the next seat (the observer)
    holds the true state and `particles` - 1 redraws of what it cannot see
    (`resample(observer)`), every setting the same worlds; the mover's real move is pushed
    through them, and the gain is ln(N x w_truth), N the worlds that can play what was seen.
    The control (floor 1) gains about 0 (0 after a public move); a model that predicts the
    opponent's moves from its hidden items gains above 0 on average (the expected gain of the
    true model is a Kullback-Leibler divergence), a miscalibrated one below. Returns, per setting, the gains."""
    agents = seat_agents(args.opponent, game, seed, args.iterations)
    rng = random.Random(seed)
    state = game.new_initial_state()
    gains: list[list[float]] = [[] for _ in settings]
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        action = agents[player].step(state.clone())
        if decisions % args.every == 0 and len(state.legal_actions()) > 1:
            observer = (player + 1) % game.num_players()
            worlds = [state] + [state.resample(observer, mix_seed(seed, 9, decisions, i))
                                for i in range(settings[0].particles - 1)]
            key = state.action_key(observer, action)
            for k, each in enumerate(settings):
                belief = SeatBelief(observer, state, mix_seed(seed, 11, decisions), each)
                belief.filter.replace([w.clone() for w in worlds])
                belief.observe(None, player, key)
                weights = [w for _, w in belief.filter.indexed_worlds()]
                alive = sum(1 for w in weights if w > 0.0)
                gains[k].append(math.log(weights[0] * alive))
        decisions += 1
        for agent in agents:
            agent.inform_action(state, player, action)
        state.apply_action(action)
    return gains


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


def _floats(text: str) -> list[float]:
    return [float(x) for x in text.split(",")]


def _games(text: str):
    """("vec 2p", the game) for each NAME:PLAYERS of `--games`."""
    for name, players, game in game_entries(text):
        yield f"{name} {players}p", game


def _label(each: BeliefSettings) -> str:
    model = f"search {each.model_iterations}" if each.model == "search" else each.model
    return f"{model} T={each.temperature:g} f={each.floor:g}"


def mean_and_error(rows: list[float]) -> tuple[float, float]:
    """The mean of `rows` and its standard error."""
    n = len(rows)
    mean = sum(rows) / n if n else 0.0
    spread = math.sqrt(sum((r - mean) ** 2 for r in rows) / (n - 1) / n) if n > 1 else 0.0
    return mean, spread


def print_one_step(args, settings: list[BeliefSettings]) -> None:
    """The `--one-step` table: per game and setting, the mean gain with its standard error."""
    print(f"one observed move: {args.particles} worlds (the truth and redraws); opponents "
          f"{args.opponent}; {args.plays} games a row, a decision in {args.every} measured")
    print(f"{'game':12} {'model':22} {'moves':>6} {'mean ln(N w_truth)':>19} {'+- s.e.':>8} "
          f"{'over the control':>17} {'+- s.e.':>8}")
    for label, game in _games(args.games):
        gains: list[list[float]] = [[] for _ in settings]
        started = time.process_time()
        for play in range(args.first_play, args.first_play + args.plays):
            for k, rows in enumerate(one_step_gains(game, mix_seed(2323, play), args, settings)):
                gains[k] += rows
        control = next((rows for each, rows in zip(settings, gains) if each.floor >= 1.0), None)
        for each, rows in zip(settings, gains):
            mean, spread = mean_and_error(rows)
            line = f"{label:12} {_label(each):22} {len(rows):6d} {mean:19.3f} {spread:8.3f}"
            if control is not None and each.floor < 1.0:
                over, over_spread = mean_and_error([a - b for a, b in zip(rows, control)])
                line += f" {over:17.4f} {over_spread:8.4f}"
            print(line)
        print(f"{label}: {time.process_time() - started:.0f} CPU s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vec:2,vulcanus:2,eruption:2,vec:4,vulcanus:4,eruption:4")
    parser.add_argument("--plays", type=int, default=2)
    parser.add_argument("--first-play", type=int, default=0,
                        help="the first game's number (games 0, 1... are seeded alike in every run)")
    parser.add_argument("--opponent", default="ismcts", help="the agent every seat plays (ismcts, heuristic, ...)")
    parser.add_argument("--iterations", type=int, default=200, help="its iterations (not for heuristic)")
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--particles", type=int, default=BeliefSettings.particles)
    parser.add_argument("--temperature", default=str(BeliefSettings.temperature),
                        help="one or more, comma-separated: each a setting measured side by side")
    parser.add_argument("--floor", default=str(BeliefSettings.floor), help="one or more, comma-separated")
    parser.add_argument("--model", default=BeliefSettings.model,
                        help="eval, search, fitted, features, or several: eval,features")
    parser.add_argument("--model-iterations", default=str(BeliefSettings.model_iterations),
                        help="one or more, comma-separated (the search model's)")
    parser.add_argument("--fitted-temperature", default=str(FITTED_TEMPERATURE),
                        help="one or more, comma-separated (the fitted model's, in units of its logits)")
    parser.add_argument("--features-temperature", default=str(FEATURES_TEMPERATURE),
                        help="one or more, comma-separated (the feature model's: 1 keeps its shipped shrink)")
    parser.add_argument("--one-step", action="store_true",
                        help="measure the opponent models alone, one observed move at a time (one_step_gains)")
    parser.add_argument("--items", default="", help="measure only the items whose name matches this regex")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per speed measure")
    args = parser.parse_args()
    temperatures, iterations = _floats(args.temperature), [int(x) for x in args.model_iterations.split(",")]
    warmths = {"fitted": _floats(args.fitted_temperature), "features": _floats(args.features_temperature)}
    settings = [BeliefSettings(args.particles, t, f, model=m, model_iterations=i)
                for m in args.model.split(",") for f in _floats(args.floor)
                for t in (warmths.get(m, temperatures) if f < 1.0 else temperatures[:1])
                for i in (iterations if m == "search" else iterations[:1])
                if m == "eval" or f < 1.0]  # a floor of 1 is the model-free control: once
    if args.one_step:
        return print_one_step(args, settings)
    print(f"belief: {args.particles} particles; opponents {args.opponent} {args.iterations} it; "
          f"{args.plays} games a row, a decision in {args.every} measured")
    print(f"{'game':12} {'model':22} {'phase':7} {'items':>6} {'mean ln(p_b/p_u)':>17} {'belief better':>14}")
    for label, game in _games(args.games):
        by_phase: list[dict[str, list]] = [defaultdict(list) for _ in settings]
        costs: list[list[float]] = [[] for _ in settings]
        control = next((k for k, each in enumerate(settings) if each.floor >= 1.0), None)
        over: list[list[float]] = [[] for _ in settings]  # per game: mean gain over the control
        started = time.perf_counter()
        for play in range(args.first_play, args.first_play + args.plays):
            phased, cost = play_and_measure(game, mix_seed(2323, play), args, settings)
            for k in range(len(settings)):
                costs[k] += cost[k]
                for phase, ratio, better in phased[k]:
                    by_phase[k][phase].append((ratio, better))
                    by_phase[k]["all"].append((ratio, better))
                if control is not None and phased[k]:  # the same items in the same order
                    over[k].append(sum(a[1] - b[1] for a, b in zip(phased[k], phased[control]))
                                   / len(phased[k]))
        for k, each in enumerate(settings):
            model = _label(each)
            for phase in PHASES + ("all",):
                rows = by_phase[k].get(phase, [])
                if rows:
                    mean = sum(r for r, _ in rows) / len(rows)
                    better = sum(b for _, b in rows) / len(rows)
                    print(f"{label:12} {model:22} {phase:7} {len(rows):6d} {mean:17.3f} {better:13.0%}")
            if control is not None and k != control and len(over[k]) > 1:
                mean, spread = mean_and_error(over[k])
                print(f"{label:12} {model:22} over the control {mean:+.3f} +- {spread:.3f} "
                      f"(per game, {len(over[k])} games)")
            cost = 1000 * sum(costs[k]) / len(costs[k]) if costs[k] else 0.0
            print(f"{label:12} {model:22} update {cost:.2f} ms a move")
        if args.seconds > 0:
            plain, worlds = search_rates(game, 5, settings[0], args.seconds)
            print(f"{label:12} ismcts {plain:,.0f} it/s plain, {worlds:,.0f} it/s from the belief's "
                  f"worlds ({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
