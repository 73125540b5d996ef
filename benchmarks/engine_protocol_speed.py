"""`vsai engine` speed: request round trips over stdio, and an `ai` request's search rate
against the same search called from Python.

Prints, per game: the median and 90th percentile round trip of `state` and `play` requests
(target: median under 1 ms), and the iterations per second of `ai` requests divided by those
of `make_agent(...).step` on the same positions in this process (target: at least 0.95).

    .venv/bin/python benchmarks/engine_protocol_speed.py [--iterations 20000] [--rounds 200]
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from vsai.ai import make_agent
from vsai.core import list_games, load_game
from vsai.core.match import Match

VSAI = str(Path(sys.executable).with_name("vsai"))


class Engine:
    """A `vsai engine` subprocess answering one request at a time."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([VSAI, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.next_id = 0

    def ask(self, cmd: str, **args) -> tuple[dict, float]:
        self.next_id += 1
        start = time.perf_counter()
        self.process.stdin.write(json.dumps({"id": self.next_id, "cmd": cmd, **args}) + "\n")
        while True:
            message = json.loads(self.process.stdout.readline())
            if message.get("id") == self.next_id and "event" not in message:
                return message, time.perf_counter() - start

    def close(self) -> None:
        self.ask("quit")
        self.process.wait()


def round_trips(engine: Engine, game: str, rounds: int) -> tuple[list[float], list[float]]:
    """Seconds per `state` and per `play` request along games played by the first legal move."""
    states, plays = [], []
    table = engine.ask("new", game=game, seed=1)[0]["table"]
    seen = 0   # like a frontend, ask only for the events not seen yet
    while len(plays) < rounds:
        to_play = engine.ask("state", table=table, since=seen)[0]["to_play"]
        if to_play is None:
            engine.ask("close", table=table)
            table = engine.ask("new", game=game, seed=len(plays))[0]["table"]
            seen = 0
            continue
        answer, seconds = engine.ask("state", table=table, seat=to_play, since=seen)
        seen = answer["ply"]
        states.append(seconds)
        _, seconds = engine.ask("play", table=table, move=answer["legal"][0]["action"])
        plays.append(seconds)
    engine.ask("close", table=table)
    return states, plays


def search_rates(engine: Engine, game_name: str, iterations: int, positions: int) -> tuple[float, float]:
    """Iterations per second of `ai` requests and of the same search from Python."""
    game = load_game(game_name)
    table = engine.ask("new", game=game_name, seed=3)[0]["table"]
    match = Match(game, seed=3)
    match.resolve_chance()
    engine_seconds = python_seconds = 0.0
    for position in range(positions):
        answer, seconds = engine.ask("ai", table=table, agent="ismcts", iterations=iterations,
                                     seed=position, apply=False)
        engine_seconds += seconds   # the whole round trip, as the client sees it
        agent = make_agent("ismcts", game, seed=position, iterations=iterations)
        start = time.perf_counter()
        action = agent.step(match.state.clone())
        python_seconds += time.perf_counter() - start
        assert action == answer["action"], "the engine and Python searched differently"
        legal = engine.ask("state", table=table, seat=match.to_move())[0]["legal"]
        engine.ask("play", table=table, move=legal[0]["action"])
        match.play(legal[0]["action"])
        match.resolve_chance()
        if match.is_over():
            break
    count = iterations * (position + 1)
    return count / engine_seconds, count / python_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--positions", type=int, default=8)
    args = parser.parse_args()
    engine = Engine()
    print(f"{'game':<10} {'state ms p50/p90':>18} {'play ms p50/p90':>17} {'ai it/s':>10} "
          f"{'python it/s':>12} {'ratio':>6}")
    for name in list_games():
        states, plays = round_trips(engine, name, args.rounds)
        ai_rate, python_rate = search_rates(engine, name, args.iterations, args.positions)

        def p(values: list[float], q: float) -> float:
            return 1000 * statistics.quantiles(values, n=10)[int(q * 10) - 1] if q < 1 else 0.0

        print(f"{name:<10} {1000 * statistics.median(states):8.3f}/{p(states, 0.9):7.3f}  "
              f"{1000 * statistics.median(plays):8.3f}/{p(plays, 0.9):7.3f} {ai_rate:10,.0f} "
              f"{python_rate:12,.0f} {ai_rate / python_rate:6.2f}")
    engine.close()
    print("targets: state and play round trips under 1 ms median; ai/python at least 0.95")


if __name__ == "__main__":
    main()
