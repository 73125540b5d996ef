# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Vulcanus (Arclight, 2019) for 2-4 players: one Kaiju against a team of 1-3 Humans.

Rulebook: ../shared/rules/original/000_ad4c307752f08974.txt; gaps filled as in GAPS.md
section 1 (V1..V22) and section 0 (X1..X7), cited by ID in the code. Physical data:
ext/vulcanus/data.pxd. ext/vulcanus/rules.md maps every rule to its code and tests.

Files (the layout of every engine, docs/adding-a-game.md): data.pxd (constants, map, cards, the
struct), rules.pxi (helpers shared by the stages: set-up, round flow, effects, evaluation),
stages.pxi (legal moves and effects per stage, the dispatch), codec.pxi (action ids and texts),
hidden.pxi (resampling, action keys), state_json.pxi (the JSON field table and the loader's
checks), state_view.pxi (texts, views), actions.pxd (the action ids), logic.pyx (the struct's
class and the protocol: what a search runs, compiled at -O3), this file (the VulcanusState
class, the Python API, compiled at -O1).

Seat 0 is the Kaiju; seats 1..n-1 the Humans, who win or lose together. Every decision is one
atomic untimed action (X1). Hidden information (GAPS 1.2): each deck's hand, set-aside and
planned cards are seen by their holder only, until a planned card is executed; deck orders
are chance; the Kaiju's destruction bonus tiles are its own until declared. Card identities
are tracked per card with a public knowledge block, and resampling shuffles identities
within blocks (hidden.pxi).
"""
include "vsai/ext/tables_begin.pxi"

cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below, rng_seed
from vsai.ext.vulcanus.data cimport *
from vsai.ext.vulcanus.actions cimport *
from vsai.ext.vulcanus.logic cimport *

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.values import action_id, check_field, check_param

include "codec.pxi"
include "state_json.pxi"
include "state_view.pxi"

DEFAULT_TURN_CAP = 6        # the game's own 6 rounds (X5)
MIN_PLAYERS = VUL_MIN_PLAYERS
MAX_PLAYERS = VUL_MAX_PLAYERS
MAX_TURN_CAP = VUL_MAX_TURN_CAP
MAX_DISASTER = VUL_MAX_DISASTER
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: Movement of citizens (2 kinds x 18 squares x 4 lines
# + done = 145) and Fire fighting (2 units x 18 x 5 + done = 181) are the largest.
MAX_BRANCHING = 181
OBS_SIZE = 1100


cdef class VulcanusState(VulcanusLogic):
    """A state of Vulcanus (2-4 players: the Kaiju and 1-3 Human seats)."""

    GAME_NAME = "vulcanus"


    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP, disaster: int = 0):
        init_data(&self.d, check_param("players", players, MIN_PLAYERS, MAX_PLAYERS),
                  check_param("turn_cap", turn_cap, 1, MAX_TURN_CAP),
                  check_param("disaster", disaster, -MAX_DISASTER, MAX_DISASTER))

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": rounds cap, "disaster": level}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap, "disaster": self.d.disaster}

    def scores(self) -> list:
        """Filled cells of each side's own track: Damage for the Kaiju, Defense for Humans."""
        k = track_filled(self.d.damage, DMG_CELLS)
        h = track_filled(self.d.defense, DEF_CELLS)
        return [k] + [h] * (self.d.n - 1)

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (JSON_FIELDS: rules.md, "JSON format")."""
        return JSON_FIELDS.dump(self.d)

    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version-2 state object (the struct's own field names) as version 3."""
        return upgrade_v2_state(state)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed
        or unreachable."""
        JSON_FIELDS.check(data)
        if (data["players"], data["turn_cap"], data["disaster"]) != (self.d.n, self.d.turn_cap, self.d.disaster):
            raise InvalidStateError("vulcanus state: players/turn_cap/disaster differ from the game parameters")
        backup = self._raw_bytes()
        self.d = JSON_FIELDS.load(data, self.d)
        derive_layers(&self.d)          # the derived layer index is not in the JSON
        try:
            _check_consistency(self)
        except InvalidStateError:
            self._set_raw_bytes(backup)
            raise

    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        return action_text(self, action)

    # the view's hooks (ext/state.pyx builds the common keys; rules.md, "View")
    def _view_phase(self) -> str:
        return view_phase(self)

    def _view_round(self) -> int:
        return self.d.round

    def _view_seat(self, i: int) -> tuple:
        return view_seat(i)

    def _view_score(self, i: int, seat) -> int:
        return view_score(self, i)

    def _view_board(self, seat) -> dict:
        return view_board(self, seat)

    def action_info(self, action) -> dict:
        """A legal action (or chance outcome) as JSON-able data: `action`, `text`, `kind` and
        the fields of its kind (documented in rules.md, "View")."""
        return action_data(self, action)

    def observation_string(self, player: int) -> str:
        """What `player` knows (perfect recall, X4); independent of what they cannot see."""
        return observation_text(self, player)

    def __str__(self) -> str:
        """The whole state, hidden parts included."""
        return full_text(self)

    def observation_tensor(self, player: int):
        """What `player` knows as a flat float32 vector of size OBS_SIZE."""
        return observation_array(self, player)
