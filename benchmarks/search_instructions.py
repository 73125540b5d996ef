"""Instructions per search iteration and per random playout, counted by callgrind.

Timed rates on a shared machine move with the load; instruction counts do not. For each game,
player count and phase (the positions of `search_speed.py`), this runs valgrind's callgrind
once per measure, collecting only inside the measured call, and prints instructions per
random playout, per `mcts` iteration and per `ismcts` (SO) iteration, with the ratios that
issue 26 sets targets on (ISMCTS costs at most 1/0.8 = 1.25 of `mcts` and of a playout):

    .venv/bin/python benchmarks/search_instructions.py [--games vec] [--players 2,4]
        [--at 0,0.5,0.8] [--iterations 2000] [--playouts 300] [--before OLD.so] [--no-playout]

`--before OLD.so` counts an earlier build of the one game named (as `engine_ab.py` loads it)
on the same positions; `--no-playout` skips the playouts (the late-game target is on `mcts`
only). Needs valgrind on the PATH; each measure takes a few seconds on an idle machine (most
of it Python's start under valgrind), minutes under load.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

MEASURES = {   # measure -> the function callgrind collects in
    "playout": "*playout_rate*",
    "mcts": "*Searcher_*run*",
    "ismcts": "*Searcher_*run*",
}


def measure_in_child(game_name: str, players: int, at: float, measure: str, count: int,
                     before: str) -> None:
    """Run one measure (the process is under callgrind): `count` playouts or iterations."""
    from vsai.core import load_game
    from vsai.ext import search
    from search_speed import position
    state = position(load_game(game_name, players=players), at, 1)
    if before:
        from engine_ab import load_build, state_class, twin
        state = twin(state, state_class(load_build(game_name, before), state))
    if measure == "playout":
        search.playout_rate(state, count, 1)
        return
    mode = search.SearchMode.MCTS if measure == "mcts" else search.SearchMode.SO
    search.Searcher(state, mode, 1).run(count)


def instructions(game_name: str, players: int, at: float, measure: str, count: int,
                 before: str) -> float:
    """Instructions per playout or iteration of one measure, from a callgrind run."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        command = ["valgrind", "--tool=callgrind", "--collect-atstart=no",
                   f"--toggle-collect={MEASURES[measure]}", f"--callgrind-out-file={out}",
                   sys.executable, __file__, "--child", game_name, str(players), str(at),
                   measure, str(count), before]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=os.path.dirname(os.path.abspath(__file__)))
        with open(out) as handle:
            totals = re.search(r"^(?:totals|summary): (\d+)", handle.read(), re.MULTILINE)
    if totals is None:
        raise SystemExit(f"no totals in callgrind's output for {game_name} {measure}")
    return int(totals.group(1)) / count


def main(argv: list[str] | None = None) -> int:
    if argv is None and len(sys.argv) > 1 and sys.argv[1] == "--child":
        game_name, players, at, measure, count, before = sys.argv[2:8]
        measure_in_child(game_name, int(players), float(at), measure, int(count), before)
        return 0
    from vsai.core import get_spec, list_games
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(list_games()), help="comma-separated games")
    parser.add_argument("--players", default="", help="comma-separated counts (default: 2 and the most)")
    parser.add_argument("--at", default="0,0.5,0.8", help="comma-separated fractions of a game")
    parser.add_argument("--iterations", type=int, default=2000, help="search iterations counted")
    parser.add_argument("--playouts", type=int, default=300, help="random playouts counted")
    parser.add_argument("--before", default="", help="an earlier build's engine .so (one game)")
    parser.add_argument("--no-playout", action="store_true", help="skip the playout measure")
    args = parser.parse_args(argv)
    print(f"{'game':<10}{'players':>8}{'at':>6}{'playout':>11}{'mcts it':>11}{'ismcts it':>11}"
          f"{'ismcts/mcts':>13}{'ismcts/playout':>16}   (instructions, thousands)")
    for name in filter(None, args.games.split(",")):
        spec = get_spec(name)
        counts = ([int(x) for x in args.players.split(",") if x]
                  or [spec.min_players, spec.max_players])
        for players in counts:
            for at in [float(x) for x in args.at.split(",") if x]:
                playout = (float("nan") if args.no_playout else
                           instructions(name, players, at, "playout", args.playouts, args.before))
                mcts = instructions(name, players, at, "mcts", args.iterations, args.before)
                ismcts = instructions(name, players, at, "ismcts", args.iterations, args.before)
                # A rate ratio is the inverse of the instruction ratio.
                print(f"{name:<10}{players:>8}{at:>6.2f}{playout / 1e3:>11.1f}{mcts / 1e3:>11.1f}"
                      f"{ismcts / 1e3:>11.1f}{mcts / ismcts:>13.2f}{playout / ismcts:>16.2f}",
                      flush=True)
    print("ratios are rate ratios (instructions of the other over ismcts's); targets >= 0.8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
