# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Godzilla (ゴジラ, Arclight 2022) for 2-5 players: the rules engine.

Rules summary: ../shared/rules/original/002_122c2c0a700e9ff9.txt (English:
../shared/rules/godzilla.en.md); gaps filled as in ../shared/rules/GAPS.md section 3 (G1..G19)
and section 0 (X1..X7), cited by ID in the code. ext/godzilla/rules.md maps every rule to its
code and tests and gives the action encoding and the JSON format.

Files: data.pxd (the map, cards and counts, the stages, the state struct), rules.pxi (rule
helpers the stages share: set-up, the turn flow, destruction, scoring, evaluation),
stages.pxi (per stage its legal moves and its move, per chance stage its outcomes, and the
dispatch), codec.pxi (action families, names, texts), hidden.pxi (nothing is hidden from one
seat), state_json.pxi (the JSON field table and the loader's checks), state_view.pxi (texts,
observation tensor, view, action_info), and this file (the GodzillaState class).

Seat 0 is the Kaiju; seats 1..n-1 are the humans, who hold the four governors as evenly as
possible (G14) and win or lose together. Team decisions (support cards, the press
conference) are taken by the Tokyo governor's seat; the planning phase passes from seat to
seat, each playing its own governors' Vehicle procurement cards; each seat moves its
governors' Evacuees and the Tokyo seat the Press pieces (G14).

Information (GAPS 3.2): what is hidden is hidden from everyone - the future status and support
cards, the route-tile pile order, the Press deck and the kinds of the Press cards won. The
engine never fixes any of it before it is seen: each is a chance node at the moment it is
turned up (X3), the Press cards won included (they are only counted during play and turned
over, one chance node each, at scoring). The state therefore holds nothing any seat cannot
see, every observation is the whole state, and resampling has nothing to redraw. Screens are
public by X4. Dice and bag draws are chance nodes with exact probabilities: a roll is one
chance node over the multiset of faces (at most C(11, 5) = 462 outcomes for 6 dice).
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.godzilla.data cimport *

import operator

from vsai.ext.errors import InvalidArgumentError, InvalidStateError

include "rules.pxi"
include "stages.pxi"
include "codec.pxi"
include "hidden.pxi"
include "state_json.pxi"
include "state_view.pxi"

# Parameters (X5, G14): the spec's Params, __init__'s guard and the JSON ranges use these.
MIN_PLAYERS = GZ_MIN_PLAYERS
MAX_PLAYERS = GZ_MAX_PLAYERS
MAX_TURN_CAP = GZ_MAX_TURN_CAP
# The game ends by itself after 6 rounds and the return round. The X5 cap is the number of
# ordinary rounds played before the return round (shorter games for tests and quick play);
# 6 or more plays the whole game.
DEFAULT_TURN_CAP = NROUNDS
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: an evacuation step (at most 19 source squares x 18
# destinations, the Kaiju's square excluded, + done = 343); planning offers 4 x 29 + 2.
MAX_BRANCHING = 343
# Decisions per round, generously: support (3 cards + done + 2 x 4 placements + 3 tank moves
# + done), omen (5), planning (placements are bounded by the 36 tiles; 4 vehicles; a done
# per human seat),
# execution (4 rerolls, 2 groups, order, 7 steps, ray, 5 awakenings), evacuation (one move per
# piece: 40 Evacuees + 6 Press pieces, 5 dones), press conference (1).
DECISIONS_PER_ROUND = 20 + 5 + 4 + 20 + 51 + 1
MAX_GAME_LENGTH = (NROUNDS + 1) * DECISIONS_PER_ROUND + 36 + VEHICLE_CARDS
# seat, stage, round, Kaiju square; squares; roads; bag, pile, stock; status cards (used, per
# round); support cards; vehicles, planner; counters; placement square; dice; screens; press
# cards; last round
OBSERVATION_SIZE = (6 + NUM_STAGES + NROUNDS + 1 + NSQ + NSQ * 11 + NROADS * 11 + 12
                    + NSTATUS + NROUNDS * NSTATUS + NSUPPORT * 3 + NCOL + 5 + 23 + NSQ + 6
                    + 17 + 18 + 1)


cdef class GodzillaState(State):
    """A state of Godzilla: one Kaiju (seat 0) against 1-4 human seats."""

    GAME_NAME = "godzilla"
    cdef GameData d

    def __cinit__(self):
        memset(&self.d, 0, sizeof(GameData))
        self._data = &self.d
        self._size = sizeof(GameData)

    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP):
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidArgumentError(f"godzilla is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or not 1 <= turn_cap <= MAX_TURN_CAP:
            raise InvalidArgumentError(f"turn_cap must be a whole number in 1..{MAX_TURN_CAP}, not {turn_cap!r}")
        init_data(&self.d, players, turn_cap)

    # ------------------------------------------------------------------ C protocol
    cdef State c_clone(self):
        cdef GodzillaState other = GodzillaState.__new__(GodzillaState)
        copy_state(other, self)
        return other

    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL_PLAYER if game_over(&self.d) else (CHANCE_PLAYER if at_chance(&self.d) else to_move(&self.d))

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return 0 if game_over(&self.d) else (gen_chance(&self.d, out, NULL) if at_chance(&self.d) else gen_legal(&self.d, out))

    cdef void c_apply_action(self, int action) noexcept nogil:
        if at_chance(&self.d):
            apply_chance(&self.d, action)
        else:
            apply_move(&self.d, action)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return gen_chance(&self.d, actions, probs) if at_chance(&self.d) else 0

    cdef void c_returns(self, double* out) noexcept nogil:
        returns_of(&self.d, out)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        random_playout_data(&self.d, rng)

    cdef void c_evaluate(self, double* out) noexcept nogil:
        evaluate(&self.d, out)

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        resample_data(&self.d, player, rng)

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action_key(&self.d, observer, action)

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": rounds before the return round}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """Points behind each side's screen: the Kaiju's for seat 0, the humans' (with the
        Press cards turned over so far) for every human seat (G13)."""
        k, h = kaiju_points(&self.d), human_points(&self.d)
        return [k] + [h] * (self.d.n - 1)

    def governors(self, seat: int) -> list:
        """The governors (colours 0..3) a human seat holds (G14); [] for the Kaiju."""
        p = self._seat(seat)
        return [] if p == 0 else [g for g in range(NCOL) if seat_of(&self.d, g) == p]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (state_json.pxi, rules.md "JSON format")."""
        cdef object data = self.d
        return {k: data[k] for k in _FIELDS}

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed or
        not a position the game can reach."""
        check_fields(data, self.d.n, self.d.turn_cap, self.d.last)
        backup = self._raw_bytes()
        self.d = {k: data[k] for k in _FIELDS}
        try:
            check_reachable(&self.d)
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    # ------------------------------------------------------------------ texts and views
    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        return action_text(&self.d, _index(action, "an action"))

    def view(self, player=None) -> dict:
        """Everything seat `player` (or a spectator, `None`) may know, as JSON-able data: the
        base fields and the whole board, which is public (hidden.pxi)."""
        result = State.view(self, player)
        result.update(view_of(&self.d))
        return result

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here as JSON-able data (rules.md, "View"): `action`,
        `text`, `kind` and the fields of that kind (roads and squares by name)."""
        info = State.action_info(self, action)
        info.update(action_fields(&self.d, info["action"]))
        return info

    def observation_string(self, player: int) -> str:
        """What `player` sees: the whole state (nothing in it is hidden, hidden.pxi) and who
        they are."""
        return observation_text(&self.d, self._seat(player))

    def observation_tensor(self, player: int):
        """What `player` sees as a float32 vector of OBSERVATION_SIZE (state_view.pxi)."""
        return observation_vector(&self.d, self._seat(player))

    def __str__(self) -> str:
        """The whole board."""
        return "\n".join(board_lines(&self.d))
