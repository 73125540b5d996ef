"""Vulcanus: the game's description for the registry.

Rules: `../shared/rules/original/000_ad4c307752f08974.txt`, gaps per GAPS.md section 1; the
engine is `vsai.ext.vulcanus.engine` (`rules.md` beside this file maps rules to code and tests).
Seat 0 is the Kaiju; seats 1..n-1 are the Humans, one team.
"""
from __future__ import annotations

from vsai.ext.spec import GameSpec, Handicap, Param
from vsai.ext.vulcanus import engine

# Player decisions per round, generously: planning (each group places 3 cards and may redraw
# once per fund, setting aside up to 9 cards each time), 9 card activations (Roar pulls lava
# one at a time: bounded by the lava on the map), the Lava phase's victims and the Base phase.
_PER_ROUND = 4000
_SETUP = 16


def _max_game_length(params: dict) -> int:
    return _SETUP + min(6, params["turn_cap"]) * _PER_ROUND


def disaster_words(level: int) -> str:
    """What a disaster level does (the rulebook's handicap; V2, V7): above 0 Advanced event
    cards in more rounds, harder for the Humans; below 0 less lava at set-up, easier."""
    if level > 0:
        rounds = {1: "rounds 3 and 6", 2: "rounds 2, 3, 4 and 6", 3: "every round"}[level]
        return f"disaster level +{level}: Advanced events in {rounds} (harder for the Humans)"
    if level < 0:
        tiles = {-1: "A-1a", -2: "B-2a", -3: "A-1a and B-2a"}[level]
        return f"disaster level {level}: no set-up lava on {tiles} (easier for the Humans)"
    return "disaster level +0: the rulebook's standard game (Normal events only)"


def _teams(params: dict) -> tuple:
    """The Human seats win or lose together (seat 0 is the Kaiju)."""
    return (tuple(range(1, params["players"])),)


def _seat_names(params: dict) -> tuple:
    return ("Kaiju",) + tuple(f"H{k}" for k in range(1, params["players"]))


SPEC = GameSpec(
    name="vulcanus",
    title="Vulcanus",
    summary=("A lava Kaiju against Tokyo's crisis team: plan face-down action cards, evacuate, "
             "fight fires and attack, or burn and destroy; fill your track first."),
    state_class=engine.VulcanusState,
    params=(
        Param("players", engine.MIN_PLAYERS, "number of players (1 Kaiju + 1-3 Humans)",
              minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS),
        Param("turn_cap", engine.DEFAULT_TURN_CAP, "rounds played before the game is scored "
              "(the game has 6; X5)", minimum=1, maximum=engine.MAX_TURN_CAP),
        Param("disaster", 0, "disaster level -3..+3 (source: Disaster Level)",
              minimum=-engine.MAX_DISASTER, maximum=engine.MAX_DISASTER),
    ),
    hidden_information=True,
    num_distinct_actions=engine.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=engine.MAX_CHANCE_OUTCOMES,
    max_game_length=_max_game_length,
    max_branching=engine.MAX_BRANCHING,
    observation_size=engine.OBS_SIZE,
    teams=_teams,
    seat_names=_seat_names,
    search_defaults={"cutoff": 20},
    # The levels play heuristic playouts: at 1,500 iterations they won 80 of 100 games against
    # random playouts (64% on the Human side, where random playouts won 4%), for 4x the time a
    # move; 5,000 random-playout iterations won only 54% against 1,500 (benchmarks/suites/
    # ladder.toml, docs/suites.md).
    level_search={"playout": "heuristic"},
    # The rulebook's handicap: a higher disaster level helps the Kaiju (seat 0).
    handicap=Handicap("disaster", higher_helps_seat=0, describe=disaster_words),
    render_module="vsai.ext.vulcanus.render",
    rules_package="vsai.ext.vulcanus",
    complete=True,
)
