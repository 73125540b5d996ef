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
A model that reads the mover's hidden items gains above 0. Every setting is measured on the
same moves, so each row also prints its gain over the control, paired move by move, with
that difference's standard error.

`--items` restricts the features to the items whose name (numbers removed) matches a regular
expression, e.g. `hand` for the mover's hand only; several, separated by ";", are counted
and measured on the same games ("" or "all": every item).

    .venv/bin/python benchmarks/belief_features.py [--games vulcanus:2,eruption:2]
        [--train 40] [--test 4] [--iterations 200] [--shrink 0,0.25,0.5,1] [--coarse]
        [--items "all;hand"] [--write SHRINK]

`--write SHRINK` stores the counts of the first `--items` filter, with that shrink, as the
game's model for the belief (`model=features`, `vsai.ai.feature_model`) in
ext/<game>/feature_model.json; the one shipped (Vulcanus, 2 players) was made with:

    nice -n 10 .venv/bin/python benchmarks/belief_features.py --games vulcanus:2 --train 240 \
        --test 10 --test-seed 6000 --coarse --items slots --shrink 0,0.25,0.5 --write 0.25 \
        --parts slots

(docs/belief-figures.md, "Move-feature likelihoods over named items", gives the figures, and why
Eruption ships none.)
"""
from __future__ import annotations

import argparse
import math
import random
import re
import time
from pathlib import Path
from typing import Any

from vsai.ai.base import mix_seed
from vsai.ai.feature_model import FILE, Counts, describe, features, move_key
from vsai.ai.model_files import write_model_entry
from vsai.core import sample_chance

from belief_quality import mean_and_error  # this folder: scripts run as benchmarks/<name>.py
from selfplay import game_entries, seat_agents

ROOT = Path(__file__).resolve().parents[1]


def games_between_ismcts(game: Any, seed: int, iterations: int):
    """Yield (state, mover, action) at every decision with a choice of a seeded game between
    `ismcts` agents, the state before the move (do not keep it: it is played on)."""
    agents = seat_agents("ismcts", game, seed, iterations)
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


def write_model(name: str, players: int, entry: dict) -> Path:
    """Store `entry` under `players` in ext/<name>/feature_model.json (other counts kept)."""
    return write_model_entry(ROOT / "ext" / name / FILE, players,
                             "The belief's feature opponent model (vsai.ai.feature_model), per player "
                             "count; written by benchmarks/belief_features.py --write.", entry)


def restrict(seen: set[str], pattern: re.Pattern | None) -> set[str]:
    """The features of the items whose name matches `pattern` (None: all of them)."""
    if pattern is None:
        return seen
    return {f for f in seen if pattern.search(f.split("|", 1)[0])}


def item_filters(text: str) -> dict[str, re.Pattern | None]:
    """`--items`: ";"-separated regular expressions over item names; "" or "all" is every item."""
    return {entry or "all": (None if entry in ("", "all") else re.compile(entry))
            for entry in (part.strip() for part in text.split(";"))}


def count(game: Any, seeds: range, iterations: int, coarse: bool,
          filters: dict[str, re.Pattern | None]) -> dict[str, Counts]:
    """The counts of self-play games, every other seat an observer, one `Counts` per filter
    (the games are played once)."""
    counts = {label: Counts() for label in filters}
    for seed in seeds:
        for state, mover, action in games_between_ismcts(game, seed, iterations):
            for observer in range(game.num_players()):
                if observer != mover:
                    key = move_key(state, observer, state.action_key(observer, action), coarse)
                    seen = features(state, mover, observer)
                    for label, pattern in filters.items():
                        counts[label].add(key, restrict(seen, pattern))
    return counts


def one_step_gains(game: Any, counts: dict[str, Counts], filters: dict[str, re.Pattern | None],
                   seeds: range, args: argparse.Namespace,
                   shrinks: list[float]) -> dict[tuple[str, float], list[float]]:
    """Per filter and shrink factor, the gain ln(N x w_truth) at every `--every`-th decision
    (the same decisions for every setting, so gains pair move by move)."""
    gains: dict[tuple[str, float], list[float]] = {(f, s): [] for f in filters for s in shrinks}
    for seed in seeds:
        for k, (state, mover, action) in enumerate(games_between_ismcts(game, seed, args.iterations)):
            if k % args.every:
                continue
            observer = (mover + 1) % game.num_players()
            worlds = [state] + [state.resample(observer, mix_seed(seed, 9, k, i))
                                for i in range(args.particles - 1)]
            key = state.action_key(observer, action)
            counted = move_key(state, observer, key, args.coarse)
            rows = []  # (moves with the key, legal moves, log ratio per filter) per world
            for world in worlds:
                legal = world.legal_actions() if world.current_player() == mover else []
                m = sum(1 for a in legal if world.action_key(observer, a) == key)
                seen = features(world, mover, observer) if m else set()
                ratios = {label: counts[label].log_ratio(counted, restrict(seen, pattern), args.prior)
                          for label, pattern in filters.items()} if m else {}
                rows.append((m, len(legal), ratios))
            alive = [r for r in rows if r[0]]
            if not rows[0][0] or len(alive) < 2:
                continue
            for label in filters:
                top = max(r[2][label] for r in alive)
                for shrink in shrinks:
                    likes = [((1 - args.floor) * math.exp(shrink * (r[label] - top)) + args.floor * m / n)
                             if m else 0.0 for m, n, r in rows]
                    gains[(label, shrink)].append(math.log(len(alive) * likes[0] / sum(likes)))
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
    parser.add_argument("--test-seed", type=int, default=5000,
                        help="the measured games' first seed (the counted ones start at 1000)")
    parser.add_argument("--items", default="all",
                        help='";"-separated regular expressions over item names, e.g. "all;hand"')
    parser.add_argument("--write", type=float, default=None, metavar="SHRINK",
                        help="store the first --items filter's counts with this shrink in "
                             "ext/<game>/feature_model.json (the belief's model=features)")
    parser.add_argument("--parts", default="",
                        help="with --write: the views' keys that hold the items, comma-separated "
                             "(read alone, for speed; e.g. slots)")
    args = parser.parse_args()
    shrinks = [float(x) for x in args.shrink.split(",")]
    filters = item_filters(args.items)
    for name, players, game in game_entries(args.games):
        started = time.process_time()
        counts = count(game, range(1000, 1000 + args.train), args.iterations, args.coarse, filters)
        for label, table in counts.items():
            print(f"{name} {players}p, items {label}: {args.train} games counted, {table.decisions} "
                  f"observed decisions, {len(table.keys)} keys, {len(table.features)} features "
                  f"({time.process_time() - started:.0f} CPU s)", flush=True)
        if args.write is not None:
            label = next(iter(filters))
            made = {"train": args.train, "iterations": args.iterations, "first_seed": 1000}
            parts = args.parts.split(",") if args.parts else None
            entry = describe("" if label == "all" else label, parts, args.write, args.prior, args.coarse,
                             counts[label], made)
            print(f"    wrote {write_model(name, players, entry)} (items {label}, shrink {args.write:g})")
        gains = one_step_gains(game, counts, filters, range(args.test_seed, args.test_seed + args.test), args, shrinks)
        control = gains[(next(iter(filters)), 0.0)] if 0.0 in shrinks else None
        for (label, shrink), rows in gains.items():
            if shrink == 0 and label != next(iter(filters)):
                continue  # the control is the same for every filter
            mean, spread = mean_and_error(rows)
            title = "control" if shrink == 0 else f"{label}, shrink {shrink:g}"
            line = f"    {title:28} {len(rows):5d} moves  gain {mean:+.4f} +- {spread:.4f}"
            if control is not None and shrink != 0:
                over, over_error = mean_and_error([a - b for a, b in zip(rows, control)])
                line += f"  over the control {over:+.4f} +- {over_error:.4f}"
            print(line)
        print(f"    ({time.process_time() - started:.0f} CPU s in all)", flush=True)


if __name__ == "__main__":
    main()
