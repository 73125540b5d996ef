# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Vampire, the Elf & the Cthulhu (Giochix.it, 2016) for 2-4 players: the rules engine.

Rulebook: ../shared/rules/original/004_48b5c358debdf593.txt; gaps filled as in GAPS.md
section 5 (C1..C15) and section 0 (X1..X7), cited by ID in the code. Card data: ext/vec/data.pxd.
ext/vec/rules.md maps every rule to its code and tests and documents the action encoding.

Files (the layout of docs/adding-a-game.md): data.pxd (card data, constants, stages, the
VecData struct), rules.pxi (helpers the stages share: turn flow, effects, scoring, returns,
evaluation), stages.pxi (per stage its legal moves and its move; the chance outcomes; the
dispatch), codec.pxi (the action codec: ids, encode/decode, texts), hidden.pxi (resampling and
action keys), state_json.pxi (the JSON field table and the loader's checks), state_view.pxi
(card texts, observation, view, action info), actions.pxd (the action ids), logic.pyx (the
struct's class and the protocol: what a search runs, compiled at -O3), this file (the VecState
class, the Python API, compiled at -O1). Sealed bids use the shared sequential hidden
commitment helpers of ext/commit.pxd.

Every decision is one atomic action with a text; there are no clocks and no table talk
(X1, X2). Hidden information: objectives, the identity of cards drawn (set-up pick, Research) and of
face-down cards that were never face up, the content of sealed ink bids until the reveal, and
the exchanges of 4 ink for 1 special ink. Each player's ink value (cubes + 4 x special ink) is
public because every change of it is (X4); public bounds on each player's special ink follow
from what they were seen to spend (special_ink_min/max in JSON; smin, smax in the struct).
"""
include "vsai/ext/tables_begin.pxi"

cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.commit cimport (Commitments, MAX_COMMITS, commit_clear, commit_enrol,
                              commit_all_made, commit_next_seat, commit_record, commit_reveal,
                              commit_pending, commit_hidden_from, commit_seat_pending,
                              commit_key, commit_redraw)
from vsai.ext.vec.data cimport *
from vsai.ext.vec.actions cimport *
from vsai.ext.vec.logic cimport *

from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError
from vsai.ext.fields import FieldTable
from vsai.ext.values import action_id, check_param, whole_number

include "codec.pxi"
include "state_json.pxi"
include "state_view.pxi"

NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node, from the codec: a bid offers at most its whole family
# (exchanges x ink x special ink) and nothing else; a quill placement at most MAX_IDEAS ideas
# x INK_VALUES amounts, an own card each and "no quill"; every other stage at most two card
# families and one more.
# Parameters (X7, C13; data.pxd): the spec's Params, __init__'s checks and the JSON ranges.
MIN_PLAYERS = VEC_MIN_PLAYERS
MAX_PLAYERS = VEC_MAX_PLAYERS
MIN_TURN_CAP = VEC_MIN_TURN_CAP
DEFAULT_TURN_CAP = VEC_DEFAULT_TURN_CAP
MAX_TURN_CAP = VEC_MAX_TURN_CAP
MAX_BRANCHING = max(FAMILY_SIZE["bid"], MAX_IDEAS * INK_VALUES + NCARDS + 1, 2 * NCARDS + 1)


cdef class VecState(VecLogic):
    """A state of The Vampire, the Elf & the Cthulhu (2-4 players)."""

    GAME_NAME = "vec"

    def __init__(self, players: int = VEC_MIN_PLAYERS, turn_cap: int = VEC_DEFAULT_TURN_CAP):
        init_data(&self.d, check_param("players", players, VEC_MIN_PLAYERS, VEC_MAX_PLAYERS),
                  check_param("turn_cap", turn_cap, VEC_MIN_TURN_CAP, VEC_MAX_TURN_CAP))

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": cap}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """VP of every player from the NOVEL as it stands (C3)."""
        return [score_of(&self.d, p) for p in range(self.d.n)]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data: every struct field under its readable name
        (state_json.pxi, rules.md "JSON format")."""
        cdef object raw = self.d
        return _to_json_dict(raw)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed
        or inconsistent."""
        _check_fields(&self.d, data)
        backup = self._raw_bytes()
        self.d = _from_json_dict(data)
        derive_locations(&self.d)       # the derived index is not in the JSON
        try:
            _check_consistency(&self.d)
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    # ------------------------------------------------------------------ frontends
    # The view's hooks (State.view builds the common keys; rules.md, "View"). A view holds
    # only what its seat may know; a spectator's, what every seat knows.
    def _view_phase(self) -> str:
        return _STAGE_NAMES[self.d.stage]

    def _view_round(self) -> int:
        return view_round(&self.d)

    def _view_seat(self, i: int) -> tuple:
        return (_seat_name(i), None)

    def _view_score(self, i: int, seat) -> object:
        return view_score(&self.d, i, -1 if seat is None else seat)

    def _view_board(self, seat) -> dict:
        return view_board(&self.d, -1 if seat is None else seat)

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here: its id and text, plus structured fields
        (kind, player, card, from/to, ink, special ink, exchanges, deck, position, costs and
        gains; rules.md "View")."""
        info = State.action_info(self, action)
        info.update(_action_fields(&self.d, info["action"]))
        return info

    # ------------------------------------------------------------------ texts
    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state (codec.pxi's table)."""
        return text_of(&self.d, action)

    def observation_string(self, player: int) -> str:
        """What `player` knows (perfect recall, X4); independent of what they cannot see."""
        return _observation_text(&self.d, self._seat(player))

    def observation_tensor(self, player: int):
        """What `player` knows as a flat float32 vector of OBSERVATION_SIZE (_OBS_SEGMENTS)."""
        return _observation_tensor(&self.d, self._seat(player))

    def __str__(self) -> str:
        """The whole board, hidden parts included."""
        return _board_text(&self.d)
