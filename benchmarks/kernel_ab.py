"""The search kernel against an earlier build of it, side by side in one process.

Speed work on the kernel (ext/search.pyx) is measured here: keep a copy of its extension
module from before the change (`cp ext/search.cpython-*.so /tmp/before/`), rebuild
(`VSAI_ONLY=search python setup.py build_ext --inplace`), then

    .venv/bin/python benchmarks/kernel_ab.py /tmp/before/search.cpython-311-x86_64-linux-gnu.so
        [--games vulcanus,kilauea] [--players 2,4] [--at 0,0.5,0.8] [--iterations 20000]
        [--repeats 5]

Both kernels search the same positions (those of search_speed.py) with the same seeds, in
every mode: `mcts` (UCT on the true state), `ismcts` (SO-ISMCTS, a resample an iteration),
`fixed` (SO-ISMCTS from the true state: its tree's bookkeeping without a resample) and `mo`
(MO-ISMCTS). For each it prints the median over `--repeats` interleaved runs of iterations per
CPU second of this process (one core, robust to other load), before and after, and the ratio.
"same" says whether both kernels' searches ended with identical root statistics (the same
decisions): speed work must keep it "yes". Figures only, no assertion (the machine is noisy).
"""
from __future__ import annotations

import argparse
import statistics
import sys
from types import ModuleType

from vsai.core import list_games, load_game
from vsai.ext import search

from engine_ab import load_extension, time_search   # this folder
from search_speed import position      # the same positions as the search benchmark

# Each mode's SearchMode (`fixed` is SO from the true state: time_search's `fixed`).
MODES = {"mcts": search.SearchMode.MCTS, "ismcts": search.SearchMode.SO,
         "fixed": search.SearchMode.SO, "mo": search.SearchMode.MO}


def load_kernel(path: str) -> ModuleType:
    """The kernel module loaded from another build's file `path`, beside the current one."""
    module = load_extension(search.__name__, path)
    if module.Searcher is search.Searcher:
        raise SystemExit(f"{path} is the current build, not an earlier one")
    return module


def compare(before: ModuleType, state, modes: list[str], args) -> str:
    """One row: each mode's median rate before and after, the ratio, and whether the root
    statistics were the same."""
    rates = {mode: ([], []) for mode in modes}
    same = True
    for repeat in range(args.repeats):
        order = (0, 1) if repeat % 2 == 0 else (1, 0)   # alternate who goes first
        for mode in modes:
            roots = [None, None]
            for side in order:
                rate, roots[side] = time_search(state, MODES[mode], args.iterations, repeat,
                                                (before, search)[side], mode == "fixed")
                rates[mode][side].append(rate)
            same = same and roots[0] == roots[1]
    cells = []
    for mode in modes:
        old, new = statistics.median(rates[mode][0]), statistics.median(rates[mode][1])
        cells.append(f"{old:>9,.0f} {new:>9,.0f} {new / old:>5.2f}x")
    return "  ".join(cells) + f"  {'yes' if same else 'NO'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="the earlier build's search .so")
    parser.add_argument("--games", default="", help="comma-separated (default: every game)")
    parser.add_argument("--players", default="2", help="comma-separated player counts")
    parser.add_argument("--at", default="0,0.5,0.8", help="comma-separated fractions of a game")
    parser.add_argument("--seed", type=int, default=1, help="the positions' random game")
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated, of "
                        + ", ".join(MODES))
    parser.add_argument("--iterations", type=int, default=20000, help="per search run")
    parser.add_argument("--repeats", type=int, default=5, help="interleaved runs per build")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode(s) {', '.join(unknown)}: choose from {', '.join(MODES)}")
    before = load_kernel(args.before)
    games = [g for g in args.games.split(",") if g] or list_games()
    print(f"kernel before: {args.before}; medians of {args.repeats} interleaved runs of "
          f"{args.iterations:,} iterations, per CPU second")
    print(f"{'game':<10} {'players':>7} {'at':>4}  "
          + "  ".join(f"{m + ' it/s before/after':>25}" for m in modes) + "  same")
    for name in games:
        for players in [int(x) for x in args.players.split(",") if x]:
            game = load_game(name, players=players)
            for at in [float(x) for x in args.at.split(",") if x]:
                state = position(game, at, args.seed)
                print(f"{name:<10} {players:>7} {at:>4.2f}  "
                      + compare(before, state, modes, args), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
