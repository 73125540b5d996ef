"""What a belief costs, part by part: milliseconds per observed move and per decision.

Seeded games whose moves are drawn at random (or by `--opponent`, e.g. `ismcts` at
`--iterations`): every seat keeps a belief (`vsai.ai.belief.BeliefTracker`, `--particles`,
default settings otherwise), told every move, and asks it for its worlds at each of its
decisions with a choice, as `belief=on` search does. Printed per game: the mean time of an
observed move (`SeatBelief.observe`: pushing the move through every world under the opponent
model, refills included) and of a decision's check (`SeatBelief.worlds_at`: legal actions,
the observation check, refills), and inside them the time of each `ParticleFilter` call and
of the Python parts (refills, the distinct worlds' effective size), per call, and how many
observation strings the check read a decision. CPU time of the process
(`time.process_time`), so that other work on the machine counts less; on a shared machine,
still compare two builds run by turns.

    .venv/bin/python benchmarks/belief_cost.py [--games vec:2,vec:3,vulcanus:2,eruption:2]
        [--plays 1] [--particles 128] [--opponent random] [--iterations 100] [--model eval]

The games do not depend on the beliefs (the movers do not read them), so two builds measured
with the same arguments time the same positions.
"""
from __future__ import annotations

import argparse
import time
from collections import defaultdict
from typing import Any, Callable

from vsai.ai import belief as belief_module
from vsai.ai.base import mix_seed
from vsai.ai.belief import BeliefSettings, BeliefTracker

from selfplay import game_entries, measured_decisions, seat_agents  # this folder: scripts run as benchmarks/<name>.py


class Clock:
    """Seconds and calls per label."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)

    def timed(self, label: str, function: Callable) -> Callable:
        """`function`, timed under `label`."""
        def run(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                self.seconds[label] += time.process_time() - started
                self.calls[label] += 1
        return run


class TimedFilter:
    """A `ParticleFilter` whose every method call is timed (attributes pass through)."""

    def __init__(self, inner: Any, clock: Clock):
        self._inner = inner
        self._clock = clock

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        return self._clock.timed(f"filter.{name}", value) if callable(value) else value


def instrument(clock: Clock) -> None:
    """Time SeatBelief's parts (this process only): its public steps, refills, and every call
    on its filter."""
    cls = belief_module.SeatBelief
    for name in ("observe", "worlds_at", "refill", "effective_size", "_redraw_explaining"):
        if hasattr(cls, name):
            setattr(cls, name, clock.timed(name, getattr(cls, name)))
    make = cls.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        make(self, *args, **kwargs)
        self.filter = TimedFilter(self.filter, clock)
    cls.__init__ = init


def play(game: Any, seed: int, args: argparse.Namespace, settings: BeliefSettings) -> tuple[int, int, int]:
    """One game; returns (observed moves, decisions checked, observation strings read),
    summed over the seats (strings read: 0 on a build that does not count them)."""
    agents = None if args.opponent == "random" else seat_agents(args.opponent, game, seed, args.iterations)
    tracker = BeliefTracker(mix_seed(seed, 100), settings)
    decisions = 0
    for state, player, _ in measured_decisions(game, seed, agents, 1, [tracker]):
        tracker.belief(state).worlds_at(state)
        tracker.decided(player)
        decisions += 1
    beliefs = tracker._beliefs.values()
    read = sum(getattr(b.filter, "observations_read", 0) for b in beliefs)
    return sum(b.observed for b in beliefs), decisions, read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vec:2,vec:3,vulcanus:2,eruption:2")
    parser.add_argument("--plays", type=int, default=1)
    parser.add_argument("--particles", type=int, default=BeliefSettings.particles)
    parser.add_argument("--opponent", default="random", help="random, or an agent every seat plays")
    parser.add_argument("--iterations", type=int, default=100, help="its iterations (not for heuristic)")
    parser.add_argument("--model", default=BeliefSettings.model, help="the belief's opponent model")
    args = parser.parse_args()
    settings = BeliefSettings.from_options({"particles": args.particles, "model": args.model})
    clock = Clock()
    instrument(clock)
    print(f"belief cost: {args.particles} particles, model {args.model}, movers {args.opponent}, "
          f"{args.plays} games a row")
    for name, players, game in game_entries(args.games):
        clock.seconds.clear()
        clock.calls.clear()
        moves = decisions = read = 0
        for play_index in range(args.plays):
            observed, checked, strings = play(game, mix_seed(4141, play_index), args, settings)
            moves += observed
            decisions += checked
            read += strings
        label = f"{name} {players}p"
        observe = 1000 * clock.seconds["observe"] / max(moves, 1)
        check = 1000 * clock.seconds["worlds_at"] / max(decisions, 1)
        print(f"{label}: {observe:.3f} ms per observed move ({moves}), "
              f"{check:.3f} ms per decision's check ({decisions}), "
              f"{read / max(decisions, 1):.1f} observations read a decision")
        for part in sorted(clock.seconds, key=lambda k: -clock.seconds[k]):
            if part in ("observe", "worlds_at"):
                continue
            calls = clock.calls[part]
            print(f"    {part:26} {calls:6d} calls {1000 * clock.seconds[part] / calls:8.3f} ms a call "
                  f"{1000 * clock.seconds[part]:9.1f} ms in all")


if __name__ == "__main__":
    main()
