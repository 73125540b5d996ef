"""The overhead of the suite backends: games per second with 1 and 2 local processes and with
Ray (a local Ray with 2 CPUs), on the same games.

Two workloads: long games (ismcts against heuristic, about a second a game) where the
backends' overhead should vanish, and short games (random against heuristic, milliseconds)
where it shows. Besides games per second it prints the efficiency: the seconds spent playing
inside the workers divided by (wall time x processes), 100% meaning no overhead at all, and
the overhead per game, (wall time x processes - seconds playing) / games. Ray's
start-up (ray.init) is timed on its own and not counted in its games per second.

    .venv/bin/python benchmarks/suite_backends.py [--games 16] [--iterations 600]
"""
from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from vsai.ai.lab.backends import LocalBackend, RayBackend
from vsai.ai.lab.suite import parse_suite, run_suite

SUITE = """
[suite]
name = "{name}"
seed = 5
games_per_cell = {games}
matchups = [["{first}", "{second}"]]
[[games]]
name = "kilauea"
players = [2]
[[agents]]
name = "{first}"
[[agents]]
name = "{second}"
[[budgets]]
iterations = {iterations}
"""


def measure(text: str, backend, label: str, processes: int) -> dict:
    """Play the suite into a fresh folder; games/s and efficiency."""
    suite = parse_suite(text)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        summary = run_suite(suite, folder, backend)
        wall = time.perf_counter() - start
        inside = sum(json.loads(line)["seconds"]
                     for line in (Path(folder) / "results.jsonl").read_text().splitlines())
    return {"backend": label, "games": summary.played, "wall": wall, "rate": summary.played / wall,
            "game_seconds": inside / summary.played,
            "efficiency": inside / (wall * processes),
            "overhead_ms": 1000 * (wall * processes - inside) / summary.played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=16, help="games per workload")
    parser.add_argument("--short-games", type=int, default=400, help="games of the short workload")
    parser.add_argument("--iterations", type=int, default=600, help="ismcts iterations a move (long games)")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()

    workloads = [("long", SUITE.format(name="long", games=args.games, first="ismcts",
                                       second="heuristic", iterations=args.iterations)),
                 ("short", SUITE.format(name="short", games=args.short_games, first="random",
                                        second="heuristic", iterations=1))]
    ray_start = None
    if not args.no_ray:
        import ray

        start = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        ray_start = time.perf_counter() - start
    print(f"{'workload':<8} {'backend':<10} {'games':>5} {'wall s':>7} {'games/s':>8} "
          f"{'s/game':>7} {'efficiency':>10} {'overhead/game':>13}")
    for name, text in workloads:
        runs = [("local 1", LocalBackend(1), 1), ("local 2", LocalBackend(2), 2)]
        if not args.no_ray:
            # Ray is already up (timed above), so the backend joins it and leaves it running.
            runs.append(("ray 2", RayBackend(workers=2), 2))
        for label, backend, processes in runs:
            if label.startswith("ray"):  # warm the Ray workers (imports) outside the timing
                measure(SUITE.format(name="warm", games=4, first="random", second="heuristic",
                                     iterations=1), backend, label, processes)
            r = measure(text, backend, label, processes)
            print(f"{name:<8} {r['backend']:<10} {r['games']:>5} {r['wall']:>7.2f} {r['rate']:>8.2f} "
                  f"{r['game_seconds']:>7.3f} {100 * r['efficiency']:>9.1f}% {r['overhead_ms']:>10.1f} ms",
                  flush=True)
    if ray_start is not None:
        print(f"ray.init with 2 CPUs took {ray_start:.1f} s (not counted above)")
        ray.shutdown()  # noqa: F821 - imported above when Ray is measured


if __name__ == "__main__":
    main()
