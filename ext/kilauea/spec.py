"""Kilauea (Combo Games, 2025): the game's description for the registry.

The rules engine is `vsai.ext.kilauea.engine.KilaueaState`; `rules.md` beside this file gives
the rules coverage, the GAPS.md assumptions (K1..K16, X1..X7) and the action encoding.
"""
from __future__ import annotations

from vsai.ext.kilauea import engine
from vsai.ext.spec import GameSpec, Param


def _max_game_length(params: dict) -> int:
    # The draft (DRAFT_PICKS each), then at most DECISIONS_PER_TURN decisions in each of at
    # most turn_cap turns (X5, K15).
    return engine.DRAFT_PICKS * params["players"] + engine.DECISIONS_PER_TURN * params["turn_cap"]


SPEC = GameSpec(
    name="kilauea",
    title="Kilauea",
    summary=("Sail the shared canoe around the volcano, cut tikis from the forests, raise "
             "columns on the volcano and build your island; scored when the first and the "
             "third forest are emptied. Perfect information after a random set-up."),
    state_class=engine.KilaueaState,
    params=(
        Param("players", engine.MIN_PLAYERS, "number of players",
              minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS),
        Param("turn_cap", engine.DEFAULT_TURN_CAP, "turns (all players together) after which "
              "the game is scored as ended (GAPS K15, X5)", minimum=engine.MIN_TURN_CAP, maximum=engine.MAX_TURN_CAP),
    ),
    hidden_information=False,
    num_distinct_actions=engine.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=engine.MAX_CHANCE_OUTCOMES,
    max_game_length=_max_game_length,
    max_branching=engine.MAX_BRANCHING,
    observation_size=engine.OBSERVATION_SIZE,
    render_module="vsai.ext.kilauea.render",
    rules_package="vsai.ext.kilauea",
)
