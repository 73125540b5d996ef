"""The Vampire, the Elf & the Cthulhu: the game's description for the registry.

Rules: `../shared/rules/original/004_48b5c358debdf593.txt`, gaps per GAPS.md section 5; the
engine is `vsai.ext.vec.engine` (`rules.md` beside this file maps rules to code and tests).
"""
from __future__ import annotations

from vsai.ext.spec import GameSpec, Param
from vsai.ext.vec import engine

# Player decisions per activation are bounded by 1 choice + 2 special actions per card (54
# cards) + one bid per participant (exchanges are part of the bid) + the longest effect (55)
# + the turn-downs (55); 300 is a safe round bound. Phase I has at most 2 placements and 2 forced
# moves per player.
_PER_ACTIVATION = 300


def _max_game_length(params: dict) -> int:
    n, cap = params["players"], params["turn_cap"]
    return 2 * n + cap * (4 * n + 2 * n * _PER_ACTIVATION)


SPEC = GameSpec(
    name="vec",
    title="The Vampire, the Elf & the Cthulhu",
    summary=("Write the NOVEL: bid ink for ideas, activate cards to compare, research, "
             "re-activate, retrieve ink and insert cards; score by your secret objective."),
    state_class=engine.VecState,
    params=(
        Param("players", engine.MIN_PLAYERS, "number of players", minimum=engine.MIN_PLAYERS,
              maximum=engine.MAX_PLAYERS),
        Param("turn_cap", engine.DEFAULT_TURN_CAP, "game turns before the game is scored as it "
              "stands (C13)", minimum=engine.MIN_TURN_CAP, maximum=engine.MAX_TURN_CAP),
    ),
    hidden_information=True,
    num_distinct_actions=engine.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=engine.MAX_CHANCE_OUTCOMES,
    max_game_length=_max_game_length,
    max_branching=engine.MAX_BRANCHING,
    observation_size=engine.OBSERVATION_SIZE,
    # Random playouts say little in VEC (ismcts with full playouts won 30% of 2-player games
    # against `heuristic` at 2000 iterations a move, with cutoff=10 90% at 500), so playouts
    # stop after 10 moves and use the game's evaluation.
    search_defaults={"cutoff": 10},
    # Issue 23: at 3 and 4 players `ismcts` reads the opponents (belief=on, the `eval` model):
    # one belief `ismcts` seat against plain ones won 38.6% of 600 games at 3 players (two
    # seeds, level 5; equal: 33.3%) and 41.7% [36.3, 47.4] of 300 at level 7, the default. At
    # 4 players it is even and costs nothing: 26.6% [23.8, 29.5] of 900 at level 5 (a first
    # 28.8% of 600 did not repeat on a second seed) and 25.2% of 300 at level 7 (equal: 25%;
    # docs/belief-figures.md, "On by default"). `pimc` gained nothing beyond its interval there
    # (33.7% [28.6, 39.2] of 300 at 3 players, 26.5% [21.9, 31.8] of 300 at 4), nor did either
    # at 2 players, where the hidden items are all known by mid-game: off there.
    agent_search={"ismcts": {3: {"belief": "on"}, 4: {"belief": "on"}}},
    render_module="vsai.ext.vec.render",
    rules_package="vsai.ext.vec",
)
