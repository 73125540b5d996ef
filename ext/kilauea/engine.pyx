# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Kilauea (Combo Games, 2025) for 2-4 players: the rules engine.

Rulebook: ../shared/rules/original/001_72270f2153afd2c4.txt; gaps filled as in GAPS.md
section 2 (K1..K16) and section 0 (X1..X7), cited by ID in the code. ext/kilauea/rules.md maps
every rule to its code and tests, and documents the action encoding and the JSON format.

Files (the layout of docs/adding-a-game.md): data.pxd (board data, constants, the KData
struct), rules.pxi (helpers the stages share: scoring, turn flow, returns, evaluation, set-up),
stages.pxi (per step of the game its legal moves and its move; the set-up chance; the
dispatch), codec.pxi (the action table: ids, encode / decode, texts), hidden.pxi (nothing is
hidden), state_json.pxi (to_dict / load_dict and the loader's checks), state_view.pxi
(observation, board text, view, action info), actions.pxd (the action ids), logic.pyx (the
struct's class and the protocol: what a search runs, compiled at -O3), this file (the
KilaueaState class, the Python API, compiled at -O1).

Set-up is explicit chance, in this order (no chance after it):
1. one colour per forest space (F1 a1 .. F5 c3, "3+" spaces skipped with 2 players), drawn
   from the tikis left after the volcano: outcome = colour 0..3, probability = remaining/total;
2. the action tiles: 9 draws without replacement for R1..R5 then F1..F4 (the last tile goes
   to F5): outcome = tile number - 1 (0..9), uniform (K5);
3. the starting player: outcome 0..n-1, uniform.
Then the draft (snake order, 2 picks each, K14), then turns.

Turn flow: move ("canoe +k") -> main action (cut [cut|stop] / volcano c / island c) ->
secondary actions ("coral n", "volcano n", their parameters, "pass"). Decisions with no choice
(no legal main action, X6; no secondary action possible) are skipped.
"""
include "vsai/ext/tables_begin.pxi"

cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.kilauea.data cimport *
from vsai.ext.kilauea.actions cimport *
from vsai.ext.kilauea.logic cimport *

import bisect
import re

from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError
from vsai.ext.fields import FieldTable
from vsai.ext.values import action_id, check_param

include "codec.pxi"
include "state_json.pxi"
include "state_view.pxi"

# Parameters: the constructor checks these ranges and spec.py builds its Params from them.
MIN_PLAYERS = K_MIN_PLAYERS
MAX_PLAYERS = K_MAX_PLAYERS
MIN_TURN_CAP = K_MIN_TURN_CAP
DEFAULT_TURN_CAP = K_DEFAULT_TURN_CAP
MAX_TURN_CAP = K_MAX_TURN_CAP

NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node, from the action table (see _max_branching).
MAX_BRANCHING = _max_branching()
# Decisions in one turn at most: move, cut, cut/stop, pass, and up to 6 activations (the
# coral or hillside tile, and each of the 5 volcano tiles unlocked that turn) of at most 4
# decisions each (activate a 3, its target, the parameters, the second half of a 10).
DECISIONS_PER_TURN = 4 + 6 * 4
DRAFT_PICKS = K_DRAFT_PICKS     # tikis each player drafts before the first turn (K14)


cdef class KilaueaState(KilaueaLogic):
    """A Kilauea position: the whole game in one C struct (see the module docstring)."""

    GAME_NAME = "kilauea"

    def __init__(self, players=MIN_PLAYERS, turn_cap=DEFAULT_TURN_CAP):
        init_data(&self.d, check_param("players", players, MIN_PLAYERS, MAX_PLAYERS),
                  check_param("turn_cap", turn_cap, MIN_TURN_CAP, MAX_TURN_CAP))

    # ------------------------------------------------------------ Python API (per game)
    def params(self) -> dict:
        """{"players": n, "turn_cap": cap}."""
        return {"players": int(self.d.n), "turn_cap": int(self.d.turn_cap)}

    def scores(self) -> list:
        """Victory points scored so far (intermediate, tiles, and at the end the final scoring)."""
        return [int(self.d.vp[p]) for p in range(self.d.n)]

    def projected_scores(self) -> list:
        """The VP each player would have if the final scoring happened now."""
        return projected_scores(&self.d)

    def phase(self) -> str:
        """The name of the current step: forest/tiles/start (set-up chance), draft, move,
        main, cut2, secondary, target, effect, back, over."""
        return PHASE_NAMES[self.d.phase]

    def forests_emptied(self) -> int:
        """How many forests have no tiki left."""
        return forests_emptied(&self.d)

    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version 2 state object in version 3's form (state_json.pxi)."""
        return upgrade_v2(state, params)

    def to_dict(self) -> dict:
        """The whole state as plain data (rules.md, "JSON format")."""
        return _dump(&self.d)

    def load_dict(self, data) -> None:
        """Set the state from `to_dict` data; InvalidStateError (a ValueError) on anything
        malformed or inconsistent, the state unchanged."""
        cdef KData e
        init_data(&e, self.d.n, self.d.turn_cap)
        _load(&e, data)
        self.d = e

    def action_to_string(self, action) -> str:
        """The text of an action or chance outcome here (string_to_action reads it back)."""
        return text_of(&self.d, action_id(action))

    def string_to_action(self, text: str) -> int:
        """The legal action whose text matches `text` (case and spacing ignored), read with the
        action table; chance outcomes, numbers and errors as State.string_to_action."""
        cdef int action
        if isinstance(text, str) and self.d.phase >= PH_DRAFT and self.d.phase != PH_OVER:
            wanted = " ".join(text.lower().split())
            for action in parse_action_text(text, text_context(&self.d)):
                if self.c_is_legal(action) and " ".join(self.action_to_string(action).lower().split()) == wanted:
                    return action
        return State.string_to_action(self, text)

    def observation_string(self, player) -> str:
        """The whole board: nothing is hidden in Kilauea (perfect information after set-up)."""
        player = self._seat(player)
        return f"Observer P{player + 1}\n" + str(self)

    def observation_tensor(self, player):
        """A flat float32 vector of the public state (size OBSERVATION_SIZE, segments in
        OBSERVATION_SEGMENTS), the same for all observers except the observer's one-hot seat."""
        return _observation_tensor(self, self._seat(player))

    # The view's hooks (State.view builds the common keys; rules.md, "View"). Kilauea hides
    # nothing after the set-up chance: every seat's board is the same public one.
    def _view_phase(self) -> str:
        return PHASE_NAMES[self.d.phase]

    def _view_round(self) -> int:
        return view_round(&self.d)

    def _view_seat(self, i: int) -> tuple:
        return (f"P{i + 1}", None)

    def _view_score(self, i: int, seat) -> int:
        return int(self.d.vp[i])

    def _view_board(self, seat) -> dict:
        return view_board(&self.d)

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here as data a frontend can draw: `action`, `text`,
        `kind` and the fields of rules.md, "Action info" (from/to, colour, stone cost, ...)."""
        info = State.action_info(self, action)
        if self.d.phase < PH_DRAFT:
            info.update(_chance_info(&self.d, info["action"]))
        else:
            info.update(_action_info(&self.d, info["action"], context_fields(&self.d)))
        return info

    def __str__(self) -> str:
        return board_text(&self.d)
