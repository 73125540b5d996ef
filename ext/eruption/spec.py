"""Eruption (Stratus Games, 2011): the game's description for the registry.

Rules: `../shared/rules/original/003_7154b299446c23da.txt` (English: `../shared/rules/volcano.en.md`),
gaps per GAPS.md section 4 (E1..E14); the engine is `vsai.ext.eruption.engine`
(`rules.md` beside this file maps rules to code and tests).
"""
from __future__ import annotations

from vsai.ext.eruption import engine
from vsai.ext.spec import GameSpec, Param


def _max_game_length(params: dict) -> int:
    # Every turn before the end draws a tile from the stack of 40 (E12), so at most 40 turns
    # come before the final round of n turns; the turn cap bounds it too (X5).
    turns = min(params["turn_cap"], engine.NTILES_PUBLIC + params["players"])
    return 2 + turns * engine.DECISIONS_PER_TURN


SPEC = GameSpec(
    name="eruption",
    title="Eruption",
    summary=("Lead the lava from the volcano to the other villages with hex tiles, guard your "
             "own village with walls and action cards; the lowest temperature wins."),
    state_class=engine.EruptionState,
    params=(
        Param("players", 2, "number of players", minimum=engine.MIN_PLAYERS,
              maximum=engine.MAX_PLAYERS),
        Param("rain", True, "play with all 6 Rain cards; false removes 5 of them (the no-Rain "
              "variant, E10)"),
        Param("turn_cap", engine.DEFAULT_TURN_CAP, "turns before the game is scored as it "
              "stands (X5)", minimum=1, maximum=engine.MAX_TURN_CAP),
    ),
    hidden_information=True,
    num_distinct_actions=engine.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=engine.MAX_CHANCE_OUTCOMES,
    max_game_length=_max_game_length,
    max_branching=engine.MAX_BRANCHING,
    observation_size=engine.OBSERVATION_SIZE,
    # The levels play heuristic playouts: at 1,500 iterations they won 84% of 60 games against
    # random playouts, for 2.6x the time a move, where 5,000 random-playout iterations were no
    # stronger than 1,500 (docs/suites.md, "The difficulty ladder").
    level_search={"playout": "heuristic"},
    # With them one iteration costs about 14x Kilauea's: at the ladder's own 40,000 iterations
    # the default level 7 thought a median 5.0 s a move (on one core, 16 mid-game positions),
    # so its 3 s cap decided nearly every move. A quarter of the ladder's iterations keeps it
    # near 1.3 s and every level under its cap.
    level_scale=0.25,
    render_module="vsai.ext.eruption.render",
    rules_package="vsai.ext.eruption",
    complete=True,
)
