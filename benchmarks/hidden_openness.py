"""How much of a game a belief can read: at each decision, how many worlds the seat to act
cannot tell apart.

Seeded games between `--opponent` agents (`ismcts` at `--iterations` by default): at every
decision with a choice, `--redraws` redraws of what the seat to act cannot see
(`state.resample(seat)`) are compared whole (`to_json`). A decision is **open** when they
differ: only there can any belief, however good, choose differently from the truth-blind
uniform redraw, and only there can the cheating `mcts` gain from seeing everything. Printed
per game and player count, over all seats and games: the share of open decisions, per third
of the game and in all, the median number of distinct redraws at an open decision, and how far
into a game (its share of decisions) the last open decision comes, on average.

    .venv/bin/python benchmarks/hidden_openness.py [--games vec:2,vec:4,vulcanus:2,eruption:2]
        [--plays 3] [--redraws 32] [--opponent ismcts] [--iterations 1000]

Fewer redraws can only undercount the worlds (a decision with two equally likely worlds is
called closed with probability 2^(1 - redraws)); the game's moves do not depend on them.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

from vsai.ai.base import mix_seed
from vsai.core import sample_chance

from selfplay import game_entries, seat_agents  # this folder: scripts run as benchmarks/<name>.py

PHASES = ("early", "middle", "late")


@dataclass
class Openness:
    """Decisions of one game and player count, by whether the seat to act saw all of it."""

    open_by_phase: list[list[bool]] = field(default_factory=lambda: [[] for _ in PHASES])
    distinct_when_open: list[int] = field(default_factory=list)
    last_open_share: list[float] = field(default_factory=list)   # one per game played

    def add_game(self, counts: list[int]) -> None:
        """One game's decisions, in order: the distinct redraws at each."""
        n = len(counts)
        for i, count in enumerate(counts):
            self.open_by_phase[min(len(PHASES) - 1, 3 * i // n)].append(count > 1)
            if count > 1:
                self.distinct_when_open.append(count)
        last = max((i + 1 for i, count in enumerate(counts) if count > 1), default=0)
        self.last_open_share.append(last / n if n else 0.0)

    def row(self) -> list[str]:
        """The printed figures: open share per phase and in all, median distinct, last open."""
        shares = [_share(flags) for flags in self.open_by_phase]
        every = [flag for flags in self.open_by_phase for flag in flags]
        median = statistics.median(self.distinct_when_open) if self.distinct_when_open else 0
        return shares + [_share(every), f"{median:g}", f"{statistics.mean(self.last_open_share):.0%}",
                         str(len(every))]


def _share(flags: list[bool]) -> str:
    return f"{sum(flags) / len(flags):.0%}" if flags else "-"


def distinct_redraws(state: Any, seat: int, redraws: int, seed: int) -> int:
    """How many different worlds `redraws` redraws of what `seat` cannot see give."""
    return len({state.resample(seat, mix_seed(seed, k)).to_json() for k in range(redraws)})


def play(game: Any, seed: int, args: argparse.Namespace) -> list[int]:
    """One seeded game; the distinct redraws at each decision with a choice, in order."""
    rng = random.Random(seed)
    agents = seat_agents(args.opponent, game, seed, args.iterations)
    state = game.new_initial_state()
    counts = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            counts.append(distinct_redraws(state, seat, args.redraws, mix_seed(seed, 7, len(counts))))
        state.apply_action(agents[seat].step(state))
    return counts


def main(argv: list[str] | None = None) -> int:
    """Print the table; 0 on success."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="vec:2,vec:4,vulcanus:2,eruption:2",
                        help="comma-separated game:players")
    parser.add_argument("--plays", type=int, default=3, help="games per game and player count")
    parser.add_argument("--redraws", type=int, default=32, help="redraws compared at a decision")
    parser.add_argument("--opponent", default="ismcts", help="the agent every seat plays")
    parser.add_argument("--iterations", type=int, default=1000, help="its iterations a move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    header = ["game", *[f"open {p}" for p in PHASES], "open", "distinct", "last open", "decisions"]
    print(" ".join(f"{h:>11}" for h in header))
    try:
        games = list(game_entries(args.games))
    except ValueError as error:
        parser.error(f"--games {args.games}: {error} (give NAME:PLAYERS, comma-separated)")
    for name, players, game in games:
        openness = Openness()
        for play_index in range(args.plays):
            openness.add_game(play(game, mix_seed(args.seed, play_index), args))
        label = f"{name} {players}p"
        print(" ".join(f"{cell:>11}" for cell in [label, *openness.row()]))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
