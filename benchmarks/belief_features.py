"""A candidate opponent model, measured before it is built: move-feature likelihoods learned
from self-play, P(the observer's key of a move | the mover's hidden items).

Counting: `--train` games between `ismcts` agents (`--iterations`); at every decision with a
choice, for every other seat (the observer), the observer's action key of the move played
and the features of the mover's items hidden from the observer (`vsai.core.hidden.hidden_items`,
each value split at ", " into tokens, each token paired with its item's name without
numbers: "decks deck Kaiju hand cards|Fire bomb"). Printed: how many decisions, keys and
features were counted.

The model: a world's log-likelihood of the seen key is the naive-Bayes sum over the mover's
features f in that world of ln(P(f | key) / P(f)), with P(f | key) smoothed towards P(f) by
`--prior` pseudo-counts, times a shrink factor (the features are far from independent);
mixed with the uniform floor like the belief's models: like = (1 - floor) e^(shrink x
(sum - max over worlds)) + floor x m / n, m of the n legal moves carrying the seen key.

Measured as `belief_quality.py --one-step` measures the belief's models, on `--test` other
games (other seeds): at every `--every`-th decision, the observer (the next seat) holds the
true state and `--particles` - 1 redraws; the gain is ln(N x w_truth) over the N worlds that
can play the seen key. Shrink 0 is the control (every move equally likely): it gains about 0.
A model that reads the mover's hidden items gains above 0.

    .venv/bin/python benchmarks/belief_features.py [--games vulcanus:2,eruption:2]
        [--train 40] [--test 4] [--iterations 200] [--shrink 0,0.25,0.5,1] [--coarse]
"""
from __future__ import annotations

import argparse
import math
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from vsai.ai import make_agent
from vsai.ai.base import mix_seed
from vsai.core import load_game, sample_chance
from vsai.core.hidden import hidden_items


def move_key(state: Any, observer: int, action: int, coarse: bool) -> Any:
    """What is counted of a move: the observer's action key, or with `coarse`, for a move the
    observer sees whole (its key is the action), its kind and card or tile from `action_info`
    (the same move in other places counts as one)."""
    key = state.action_key(observer, action)
    if not coarse or key != action:
        return key
    info = state.action_info(action)
    thing = info.get("card", info.get("tile"))
    return (info.get("kind"), thing.get("name") if isinstance(thing, dict) else thing)


def features(state: Any, mover: int, observer: int) -> set[str]:
    """The mover's items hidden from the observer, as "item name|token" features."""
    out = set()
    for item, value in hidden_items(state, mover, observer).items():
        name = re.sub(r"\(\d+\)|\d+", "", item).strip()
        out.update(f"{name}|{token}" for token in value.split(", "))
    return out


@dataclass
class Counts:
    """Counts of keys, features and both, over observed decisions."""

    keys: Counter = field(default_factory=Counter)  # by `move_key`
    pairs: Counter = field(default_factory=Counter)
    features: Counter = field(default_factory=Counter)
    decisions: int = 0

    def add(self, key: Any, seen: set[str]) -> None:
        """One observed decision: its key and the mover's features."""
        self.keys[key] += 1
        self.decisions += 1
        for f in seen:
            self.pairs[(key, f)] += 1
            self.features[f] += 1

    def log_ratio(self, key: Any, seen: set[str], prior: float) -> float:
        """Sum over the features of ln(P(f | key) / P(f)), P(f | key) smoothed towards P(f)."""
        total = 0.0
        for f in seen:
            p_f = (self.features[f] + 1) / (self.decisions + 2)
            p_f_key = (self.pairs[(key, f)] + prior * p_f) / (self.keys[key] + prior)
            total += math.log(p_f_key / p_f)
        return total


def games_between_ismcts(game: Any, seed: int, iterations: int):
    """Yield (state, mover, action) at every decision with a choice of a seeded game between
    `ismcts` agents, the state before the move (do not keep it: it is played on)."""
    agents = [make_agent("ismcts", game, seed=mix_seed(seed, s), iterations=iterations)
              for s in range(game.num_players())]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        mover = state.current_player()
        action = agents[mover].step(state.clone())
        if len(state.legal_actions()) > 1:
            yield state, mover, action
        for agent in agents:
            agent.inform_action(state, mover, action)
        state.apply_action(action)


def count(game: Any, seeds: range, iterations: int, coarse: bool) -> Counts:
    """The counts of self-play games, every other seat an observer."""
    counts = Counts()
    for seed in seeds:
        for state, mover, action in games_between_ismcts(game, seed, iterations):
            for observer in range(game.num_players()):
                if observer != mover:
                    counts.add(move_key(state, observer, action, coarse), features(state, mover, observer))
    return counts


def one_step_gains(game: Any, counts: Counts, seeds: range, args: argparse.Namespace,
                   shrinks: list[float]) -> dict[float, list[float]]:
    """Per shrink factor, the gain ln(N x w_truth) at every `--every`-th decision."""
    gains: dict[float, list[float]] = {s: [] for s in shrinks}
    for seed in seeds:
        for k, (state, mover, action) in enumerate(games_between_ismcts(game, seed, args.iterations)):
            if k % args.every:
                continue
            observer = (mover + 1) % game.num_players()
            worlds = [state] + [state.resample(observer, mix_seed(seed, 9, k, i))
                                for i in range(args.particles - 1)]
            key = state.action_key(observer, action)
            counted = move_key(state, observer, action, args.coarse)
            rows = []  # (moves with the key, legal moves, log ratio) per world
            for world in worlds:
                legal = world.legal_actions() if world.current_player() == mover else []
                m = sum(1 for a in legal if world.action_key(observer, a) == key)
                ratio = counts.log_ratio(counted, features(world, mover, observer), args.prior) if m else 0.0
                rows.append((m, len(legal), ratio))
            alive = [r for r in rows if r[0]]
            if not rows[0][0] or len(alive) < 2:
                continue
            top = max(r[2] for r in alive)
            for shrink in shrinks:
                likes = [((1 - args.floor) * math.exp(shrink * (r - top)) + args.floor * m / n)
                         if m else 0.0 for m, n, r in rows]
                gains[shrink].append(math.log(len(alive) * likes[0] / sum(likes)))
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vulcanus:2,eruption:2")
    parser.add_argument("--train", type=int, default=40, help="self-play games counted")
    parser.add_argument("--test", type=int, default=4, help="other games measured")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--particles", type=int, default=32)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--floor", type=float, default=0.2)
    parser.add_argument("--prior", type=float, default=20.0)
    parser.add_argument("--coarse", action="store_true",
                        help="count a public move by its kind and card or tile, not its id (move_key)")
    parser.add_argument("--shrink", default="0,0.25,0.5,1", help="comma-separated; 0 is the control")
    args = parser.parse_args()
    shrinks = [float(x) for x in args.shrink.split(",")]
    for entry in args.games.split(","):
        name, players = entry.split(":")
        game = load_game(name, players=int(players))
        started = time.process_time()
        counts = count(game, range(1000, 1000 + args.train), args.iterations, args.coarse)
        print(f"{name} {players}p: {args.train} games counted, {counts.decisions} observed decisions, "
              f"{len(counts.keys)} keys, {len(counts.features)} features "
              f"({time.process_time() - started:.0f} CPU s)", flush=True)
        gains = one_step_gains(game, counts, range(5000, 5000 + args.test), args, shrinks)
        for shrink, rows in gains.items():
            n = len(rows)
            mean = sum(rows) / n if n else 0.0
            spread = math.sqrt(sum((r - mean) ** 2 for r in rows) / (n - 1) / n) if n > 1 else 0.0
            label = "control" if shrink == 0 else f"shrink {shrink:g}"
            print(f"    {label:12} {n:5d} moves  gain {mean:+.3f} +- {spread:.3f}")
        print(f"    ({time.process_time() - started:.0f} CPU s in all)", flush=True)


if __name__ == "__main__":
    main()
