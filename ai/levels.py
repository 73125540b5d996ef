"""The strength ladder of `vsai play --level`: a name and a search budget per level.

Each level is an iteration budget with a time cap, so that even a slow game or machine keeps
the AI's turn short; the caps grow with the levels and stay well above the usual thinking
time, because a cap that binds makes neighbouring levels alike and the result depend on the
machine. A game whose search is much slower or faster than most scales the iterations by its
spec's `level_scale` (default 1), and a game whose search gains more from other options than
from iterations gives its levels those options (`level_search`, e.g. heuristic playouts).
Options a game gives one agent at some player counts (`agent_search`, e.g. a belief for `ismcts`
at 3-4 players) apply at every budget there, levels included: the agent takes them from the spec.
Measured on one core (CPU time, 16 mid-game positions a game), the default level thinks a
median 0.13 s to 1.3 s a move on the shipped games (with their level_scale and level_search).
Calibrated by benchmarks/suites/ladder.toml (docs/suites.md).

Levels 6 and up also cap the AI's turn (`turn_time`: a run of its own decisions, shared by
them, see vsai.ai.turns), since some turns hold many decisions: at the default level a turn
takes a median under 2 s and a 90th percentile under 5 s on every game and player count
(benchmarks/level_time.py). Levels 1-5 have no turn cap: their iterations end a turn first,
so what they search, and the ladder's measured order of their strength, is unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from vsai.ai.budget import Budget

if TYPE_CHECKING:
    from vsai.ext.spec import GameSpec


@dataclass(frozen=True)
class Level:
    """One rung of the ladder."""

    number: int
    name: str
    iterations: int
    time_limit: float  # seconds, a cap on each move
    turn_time: float | None = None  # seconds, a cap on each turn (None: none)


LEVELS = (
    Level(1, "novice", 25, 0.5),
    Level(2, "beginner", 100, 0.5),
    Level(3, "casual", 400, 1.0),
    Level(4, "amateur", 1500, 1.0),
    Level(5, "club", 5000, 1.5),
    Level(6, "regular", 15000, 2.0, 1.2),
    Level(7, "strong", 40000, 3.0, 1.6),
    Level(8, "expert", 100000, 8.0, 12.0),
    Level(9, "master", 250000, 20.0, 30.0),
    Level(10, "grandmaster", 1000000, 60.0, 90.0),
)
# A median 0.13-1.3 s a move on one core, at most 3 s; a turn at most 1.6 s (more only for
# turns of many decisions, FLOOR of it each).
DEFAULT_LEVEL = 7


def level(number: int) -> Level:
    """The level `number` (1..10); ValueError otherwise."""
    if not 1 <= number <= len(LEVELS):
        raise ValueError(f"level {number} does not exist; levels are 1 to {len(LEVELS)}")
    return LEVELS[number - 1]


def iterations(number: int, spec: GameSpec | None = None) -> int:
    """The iterations of level `number` on the game of `spec` (its `level_scale` applied; the
    ladder's own without a spec)."""
    return max(1, round(level(number).iterations * float(getattr(spec, "level_scale", 1.0))))


def budget(number: int, spec: GameSpec | None = None) -> Budget:
    """The budget of level `number` on the game of `spec` (see `iterations`): the one place
    a level becomes iterations, seconds a decision and seconds a turn."""
    rung = level(number)
    return Budget(iterations(number, spec), rung.time_limit, f"level {rung.number} ({rung.name})",
                  rung.number, rung.turn_time)


def search_options(agent: str, spec: GameSpec) -> dict:
    """The search options of the levels with agent `agent` on the game of `spec`: the spec's
    `level_search` for vsai's tree-search agents, none for other agents (they refuse them).
    Options given to the agent explicitly win over these."""
    from vsai.ai.registry import takes_search_options

    options = dict(getattr(spec, "level_search", None) or {})
    return options if options and takes_search_options(agent) else {}


def with_search_options(agent: str, spec: GameSpec, options: dict) -> dict:
    """`options` of agent `agent` playing a level on the game of `spec`, with the level's
    search options (`search_options`) under them: the options given explicitly win."""
    return {**search_options(agent, spec), **options}


def describe() -> str:
    """The ladder in one line, for --help."""
    return ", ".join(f"{lv.number} {lv.name}" for lv in LEVELS)
