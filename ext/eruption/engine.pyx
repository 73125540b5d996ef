# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Eruption (Stratus Games, 2011; Korean rules "화산 폭발!") for 2-6 players: the rules engine.

Rulebook: ../shared/rules/original/003_7154b299446c23da.txt (English: ../shared/rules/volcano.en.md);
gaps filled as in ../shared/rules/GAPS.md section 4 (E1..E14) and section 0 (X1..X7), cited by ID in
the code. ext/eruption/rules.md maps every rule to its code and tests and gives the action encoding.

Files (docs/adding-a-game.md): data.pxd (the board, tiles, cards, tracks, the struct),
rules.pxi (the helpers the stages share: placement, walls, the turn flow, set-up, the end,
evaluation), stages.pxi (per stage its legal moves and its move, the chance outcomes, the
dispatch), codec.pxi (action ids and texts), hidden.pxi (resampling, action keys),
state_json.pxi (the JSON fields and the loader's checks), state_view.pxi (observations, the
view, action info), actions.pxd (the action ids), logic.pyx (the struct's class and the
protocol: what a search runs, compiled at -O3), this file (the class, the Python API, compiled
at -O1).

Set-up is explicit chance: 3 action cards dealt to each seat in seat order (hidden draws), then
the starting player. A turn is: temperature check (a chance node per walled stream), tile
placement (draw = chance, then hex, then rotation; blocking-wall tests are chance), level-3 extra
tile, held eruption tile, the card step (cards owed are drawn first), the wall step (edge, then
material), the hand limit.
"""
include "vsai/ext/tables_begin.pxi"

cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.eruption.data cimport *
from vsai.ext.eruption.actions cimport *
from vsai.ext.eruption.logic cimport *

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.fields import FieldTable
from vsai.ext.values import action_id, check_field, check_flag, check_param

include "codec.pxi"
include "state_json.pxi"
include "state_view.pxi"

# Parameters (X5, X7): the spec's Params, __init__'s checks and the JSON ranges read these.
MIN_PLAYERS = MIN_SEATS
MAX_PLAYERS = MAX_SEATS
DEFAULT_TURN_CAP = DEFAULT_CAP
MAX_TURN_CAP = MAX_CAP
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: a wall edge (at most the 7 village edges plus one per
# inner edge with a tile on one side and an empty hex on the other: under 200) with "done";
# the card step offers at most 8 + 8 + 36 + 1. 400 is a safe bound.
MAX_BRANCHING = 400
# Player decisions in one turn at most: each tile (the turn's, the extra, the eruption tile and
# one per card action) takes at most 2 decisions per hex tried (a held wall refuses the hex);
# each card action at most 2 + 2 * RELOC_CAP decisions; walls 2 each; discards to the limit.
DECISIONS_PER_TURN = (3 + CARD_CAP) * 2 * NHEX + CARD_CAP * (2 + 2 * RELOC_CAP) + 1 + \
    2 * (2 + CARD_CAP) + 1 + 48
OBSERVATION_SIZE = OBS_SIZE
NTILES_PUBLIC = NTILES


cdef class EruptionState(EruptionLogic):
    """A state of Eruption (2-6 players, every seat alone)."""

    GAME_NAME = "eruption"

    def __init__(self, players: int = 2, rain: bool = True, turn_cap: int = DEFAULT_CAP):
        init_data(&self.d, check_param("players", players, MIN_SEATS, MAX_SEATS),
                  check_flag("rain", rain), check_param("turn_cap", turn_cap, 1, MAX_CAP))

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "rain": bool, "turn_cap": cap}."""
        return {"players": self.d.n, "rain": bool(self.d.rain), "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """Each player's temperature (lowest wins, E12)."""
        return [int(self.d.temp[p]) for p in range(self.d.n)]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (rules.md, "JSON format")."""
        return state_to_dict(self)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed."""
        state_load_dict(self, data)

    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version-2 state object in version 3's form (renamed fields)."""
        return v2_to_v3(state, params)

    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        return action_text(self, checked_action(action))

    def observation_string(self, player: int) -> str:
        """What `player` knows: the public board and counts, and its own hand."""
        return observation_text(self, self._seat(player))

    def observation_tensor(self, player: int):
        """What `player` knows as a flat float32 vector of size OBSERVATION_SIZE."""
        return observation_vector(self, self._seat(player))

    # The view's hooks (State.view builds the common keys; rules.md, "View"). Nothing in it
    # shows the other hands, the deck's composition or the card history.
    def _view_phase(self) -> str:
        return view_phase(self)

    def _view_round(self) -> int:
        return view_round(self)

    def _view_seat(self, i: int) -> tuple:
        return (seat_name(i), None)

    def _view_score(self, i: int, seat) -> int:
        return view_score(self, i)

    def _view_board(self, seat) -> dict:
        return view_board(self, seat)

    def action_info(self, action) -> dict:
        """The action's id and text plus structured fields (rules.md, "Action info")."""
        info = State.action_info(self, action)
        info.update(action_fields(self, info["action"]))
        return info

    def __str__(self) -> str:
        """The whole board, every hand included."""
        return observation_text(self, -1)
