"""One game's engine against an earlier build of it, side by side in one process.

Speed work on an engine is measured here: keep a copy of the engine's extension module from
before the change, with its logic module beside it when the game has one (e.g. `cp
ext/eruption/engine.cpython-*.so ext/eruption/logic.cpython-*.so /tmp/before/`), rebuild, then

    .venv/bin/python benchmarks/engine_ab.py eruption /tmp/before/engine.cpython-311-x86_64-linux-gnu.so
        [--players 2,3] [--at 0,0.5] [--iterations 3000] [--playouts 300] [--repeats 5]

Both builds get the same positions (the current build's JSON loaded into the old build's
state class) and the same seeds. For each position it prints, in CPU seconds of this process
(one core, robust to other load), the median over `--repeats` interleaved runs of:
- playouts/s: full random playouts from the position (`search.playout_rate`);
- ismcts it/s: SO-ISMCTS iterations, full random playouts (Eruption's default search);
- mcts it/s: UCT iterations on the true state (no resampling);
and the ratio after/before. "same" says whether both builds' searches from the same seed
ended with identical root statistics (the same decisions): speed work must keep it "yes".
Figures only, no assertion (the machine is noisy).

`--check-games N` first plays N random games per player count in both builds side by side
and compares, at every step: the state (its JSON: fields a build derives for speed may
differ between builds), the legal actions (or chance outcomes and their
probabilities), the evaluation, every seat's resample and a random playout from there. It
prints the first difference, or how many states were identical.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import importlib.util
import os
import random
import statistics
import sys
import time
from types import ModuleType

from vsai.core import InvalidStateError, load_game, sample_chance
from vsai.ext import search

from search_speed import position   # this folder: the same positions as the search benchmark

def load_build(game_name: str, path: str) -> ModuleType:
    """The engine module of `game_name` loaded from another build's file `path`, beside the
    current one (its classes are distinct objects; both share the kernel and base state).
    The current build is imported first: imported after the other, it would be the other."""
    name = f"vsai.ext.{game_name}.engine"
    current = importlib.import_module(name)
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    logic = load_logic(game_name, path)
    saved = sys.modules.get(f"vsai.ext.{game_name}.logic")
    if logic is not None:       # the engine's C half, cimported by name at its import
        sys.modules[logic.__name__] = logic
    try:
        loader.exec_module(module)
    finally:
        if logic is not None and saved is not None:
            sys.modules[logic.__name__] = saved
    own = [key for key, value in vars(current).items()
           if isinstance(value, type) and value.__module__ == name]
    if module.__file__ == current.__file__ or any(getattr(module, key) is getattr(current, key)
                                                  for key in own):
        raise SystemExit(f"{path} is the current build, not an earlier one")
    return module


def load_logic(game_name: str, path: str) -> ModuleType | None:
    """The earlier build's logic module (the engine's C half, logic.pyx) beside `path`, when
    the game has one there: without it the earlier engine would subclass the current build's
    logic and run the current rules, so both sides would time the same code."""
    name = f"vsai.ext.{game_name}.logic"
    folder, file = os.path.split(path)
    suffix = file[len("engine"):]
    logic_path = os.path.join(folder, "logic" + suffix)
    if not file.startswith("engine") or not os.path.exists(logic_path):
        return None
    current = importlib.import_module(name)
    if os.path.samefile(logic_path, current.__file__):
        raise SystemExit(f"{logic_path} is the current build's logic, not an earlier one")
    return load_extension(name, logic_path)


def load_extension(name: str, path: str) -> ModuleType:
    """The extension module `name` loaded from the file `path`, beside any already imported
    under that name (not put in sys.modules)."""
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def state_class(module: ModuleType, current_state) -> type:
    """The class in `module` with the name of `current_state`'s class."""
    return getattr(module, type(current_state).__name__)


def twin(state, cls: type):
    """`state` as an instance of the other build's class `cls` (through JSON; in the struct's
    own field names for a build from before the engine's JSON version 3, when it has them)."""
    other = cls(**state.params())
    data = state.to_dict()
    try:
        other.load_dict(data)
    except InvalidStateError:
        old = old_form(state, data)
        if old is None:
            raise
        other.load_dict(old)
    return other


def old_form(state, data: dict) -> dict | None:
    """`data` with the struct's field names (JSON version 2: the card history as `hlog` and
    `hlog_len`), for an engine whose field table says how; None for one without a table."""
    table = getattr(sys.modules[type(state).__module__], "JSON_FIELDS", None)
    history = getattr(sys.modules[type(state).__module__], "HISTORY_KEY", None)
    if table is None or history is None:
        return None
    old = {f.struct: data[f.name] for f in table.fields}
    old["hlog"] = list(data[history])
    old["hlog_len"] = len(data[history])
    return old


def comparable(state) -> dict:
    """A state's JSON in the current build's field names, whichever build it is from."""
    data = state.to_dict()
    upgrade = getattr(sys.modules[type(state).__module__], "v2_to_v3", None)
    return upgrade(data, state.params()) if upgrade is not None and "hlog" in data else data


def time_playouts(state, playouts: int, seed: int) -> float:
    start = time.process_time()
    search.playout_rate(state, playouts, seed)
    return playouts / max(time.process_time() - start, 1e-9)


def time_search(state, mode: int, iterations: int, seed: int, kernel: ModuleType = search,
                fixed: bool = False) -> tuple[float, list]:
    """(iterations per CPU second, root statistics) of one search of `iterations` by
    `kernel`'s Searcher; with `fixed`, from the true state at every iteration (no resample)."""
    searcher = kernel.Searcher(state, mode, seed)
    if fixed:
        searcher.set_worlds([state], [1.0])
    start = time.process_time()
    searcher.run(iterations)
    rate = iterations / max(time.process_time() - start, 1e-9)
    return rate, searcher.root_stats()


def differences(before, after, seed: int) -> str:
    """'' when the two builds agree on everything at these equal states, else what differs.
    States are compared by their JSON (every field but those a build derives for speed, which
    may differ between builds)."""
    if comparable(before) != comparable(after):
        return "state"
    if before.is_chance_node():
        if before.chance_outcomes() != after.chance_outcomes():
            return "chance outcomes"
    elif before.legal_actions() != after.legal_actions():
        return "legal actions"
    if before.evaluate() != after.evaluate():
        return "evaluation"
    if before.is_terminal():
        return "" if before.returns() == after.returns() else "returns"
    for seat in range(before.num_players()):
        if comparable(before.resample(seat, seed)) != comparable(after.resample(seat, seed)):
            return f"resample of seat {seat}"
    if comparable(before.random_playout(seed)) != comparable(after.random_playout(seed)):
        return "random playout"
    return ""


def check_games(game, cls: type, games: int) -> bool:
    """Random games of `game` in both builds, compared at every step (`differences`)."""
    states = 0
    for seed in range(games):
        rng = random.Random(seed)
        after = game.new_initial_state()
        before = twin(after, cls)
        while True:
            states += 1
            problem = differences(before, after, seed * 100_003 + states)
            if problem:
                print(f"  DIFFERENT {problem}: game {seed}, step {states}: {after.to_json()}")
                return False
            if after.is_terminal():
                break
            if after.is_chance_node():
                action = sample_chance(after, rng)
            else:
                action = rng.choice(after.legal_actions())
            after.apply_action(action)
            before.apply_action(action)
    print(f"  {game}: {games} random games, {states:,} states identical in both builds")
    return True


def compare(before, after, args) -> None:
    """Print one row: each measure's median before, after, and the ratio."""
    rates: dict[str, list[list[float]]] = {k: [[], []] for k in ("playouts", "ismcts", "mcts")}
    same = True
    for repeat in range(args.repeats):
        order = (0, 1) if repeat % 2 == 0 else (1, 0)   # alternate who goes first
        stats: list[list] = [[], []]
        for side in order:
            state = (before, after)[side]
            rates["playouts"][side].append(time_playouts(state, args.playouts, repeat))
            for mode, key in ((search.SearchMode.SO, "ismcts"), (search.SearchMode.MCTS, "mcts")):
                rate, root = time_search(state, mode, args.iterations, repeat)
                rates[key][side].append(rate)
                stats[side].append(root)
        same = same and stats[0] == stats[1]
    cells = []
    for key in ("playouts", "ismcts", "mcts"):
        old, new = statistics.median(rates[key][0]), statistics.median(rates[key][1])
        cells.append(f"{old:>9,.0f} {new:>9,.0f} {new / old:>5.2f}x")
    print("  ".join(cells) + f"  {'yes' if same else 'NO'}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("before", help="the earlier build's engine .so of the same game "
                        "(its logic .so, if beside it, is loaded with it)")
    parser.add_argument("--players", default="2,3", help="comma-separated player counts")
    parser.add_argument("--at", default="0,0.5", help="comma-separated fractions of a game")
    parser.add_argument("--seed", type=int, default=1, help="the positions' random game")
    parser.add_argument("--iterations", type=int, default=3000, help="per search run")
    parser.add_argument("--playouts", type=int, default=300, help="per playout run")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs per build")
    parser.add_argument("--check-games", type=int, default=0, metavar="N",
                        help="first compare both builds over N random games per player count")
    args = parser.parse_args(argv)
    old_module = load_build(args.game, args.before)
    counts = [int(x) for x in args.players.split(",") if x]
    if args.check_games:
        for players in counts:
            game = load_game(args.game, players=players)
            if not check_games(game, state_class(old_module, game.new_initial_state()),
                               args.check_games):
                return 1
    if args.repeats < 1:
        return 0
    print(f"{args.game}: before {args.before}; medians of {args.repeats} interleaved runs, "
          "per CPU second")
    print(f"{'players':>7} {'at':>4}  {'playouts/s before/after':>25}  "
          f"{'ismcts it/s before/after':>25}  {'mcts it/s before/after':>25}  same")
    for players in counts:
        game = load_game(args.game, players=players)
        for at in [float(x) for x in args.at.split(",") if x]:
            after = position(game, at, args.seed)
            before = twin(after, state_class(old_module, after))
            print(f"{players:>7} {at:>4.2f}  ", end="")
            compare(before, after, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
