# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Eruption (Stratus Games, 2011; Korean rules "화산 폭발!") for 2-6 players: the rules engine.

Rulebook: ../shared/rules/original/003_7154b299446c23da.txt (English: ../shared/rules/volcano.en.md);
gaps filled as in ../shared/rules/GAPS.md section 4 (E1..E14) and section 0 (X1..X7), cited by ID in
the code. Physical data: ext/eruption/data.pxd. The rules in C: ext/eruption/rules.pxi; hidden
information, evaluation and texts: ext/eruption/state_class.pxi. ext/eruption/rules.md maps every
rule to its code and tests and gives the action encoding.

Set-up is explicit chance: 3 action cards dealt to each seat in seat order (hidden draws), then
the starting player. A turn is: temperature check (a chance node per walled stream), tile
placement (draw = chance, then hex, then rotation; blocking-wall tests are chance), level-3 extra
tile, held eruption tile, the card step (cards owed are drawn first), the wall step (edge, then
material), the hand limit.
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS, MAX_PLAYERS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.eruption.data cimport *

import operator

from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError

include "rules.pxi"
include "state_class.pxi"

DEFAULT_TURN_CAP = 200      # X5: the game ends by itself within 40 + n turns (E12)
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


cdef class EruptionState(State):
    """A state of Eruption (2-6 players, every seat alone)."""

    GAME_NAME = "eruption"
    cdef EData d

    def __cinit__(self):
        self._data = &self.d
        self._size = sizeof(EData)

    def __init__(self, players: int = 2, rain: bool = True, turn_cap: int = DEFAULT_TURN_CAP):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise InvalidArgumentError(f"eruption is for 2 to 6 players, not {players!r}")
        if not isinstance(rain, bool):
            raise InvalidArgumentError(f"rain must be true or false, not {rain!r}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or not 1 <= turn_cap <= 1000:
            raise InvalidArgumentError(f"turn_cap must be a whole number in 1..1000, not {turn_cap!r}")
        init_data(&self.d, players, rain, turn_cap)

    # ------------------------------------------------------------------ C protocol
    cdef State c_clone(self):
        cdef EruptionState other = EruptionState.__new__(EruptionState)
        copy_state(other, self)
        return other

    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        if self.d.stage == ST_END:
            return TERMINAL_PLAYER
        if is_chance_stage(self.d.stage):
            return CHANCE_PLAYER
        return self.d.cur

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.d.stage == ST_END:
            return 0
        if is_chance_stage(self.d.stage):
            return gen_chance(&self.d, out, NULL)
        return gen_legal(&self.d, out)

    cdef void c_apply_action(self, int action) noexcept nogil:
        if is_chance_stage(self.d.stage):
            apply_chance(&self.d, action)
        else:
            apply_move(&self.d, action)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        if not is_chance_stage(self.d.stage):
            return 0
        return gen_chance(&self.d, actions, probs)

    cdef void c_returns(self, double* out) noexcept nogil:
        returns_data(&self.d, out)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int n, i
        cdef double u, acc
        while self.d.stage != ST_END:
            if is_chance_stage(self.d.stage):
                n = gen_chance(&self.d, buf, probs)
                if n <= 0:
                    return
                u = (rng_below(rng, 1 << 30)) / <double>(1 << 30)
                acc = 0.0
                i = 0
                while i < n - 1:
                    acc += probs[i]
                    if u < acc:
                        break
                    i += 1
                apply_chance(&self.d, buf[i])
            else:
                n = gen_legal(&self.d, buf)
                if n <= 0:      # cannot happen in a consistent state; never read garbage
                    return
                apply_move(&self.d, buf[rng_below(rng, n)])

    cdef void c_evaluate(self, double* out) noexcept nogil:
        evaluate_data(&self.d, out)

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        resample_data(&self.d, player, rng)

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action_key(&self.d, observer, action)

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "rain": bool, "turn_cap": cap}."""
        return {"players": self.d.n, "rain": bool(self.d.rain), "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """Each player's temperature (lowest wins, E12)."""
        return [int(self.d.temp[p]) for p in range(self.d.n)]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (the C struct's fields)."""
        cdef object data = self.d
        out = {k: data[k] for k in _FIELDS}
        out["hlog"] = out["hlog"][:self.d.hlog_len]       # the history so far only
        return out

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed."""
        if not isinstance(data, dict):
            raise InvalidStateError("eruption state: a JSON object is expected")
        missing = sorted(set(_FIELDS) - set(data))
        extra = sorted(set(data) - set(_FIELDS))
        if missing or extra:
            raise InvalidStateError(f"eruption state: missing fields {missing}, unknown fields {extra}")
        for name, (length, lo, hi) in _FIELDS.items():
            value = data[name]
            if length < 0:          # the card history: hlog_len entries
                if not isinstance(value, list) or len(value) > LOG_MAX:
                    raise InvalidStateError(f"eruption state: {name} must be a list of at most {LOG_MAX} integers")
                if data["hlog_len"] != len(value):
                    raise InvalidStateError("eruption state: hlog_len is not the length of hlog")
                for x in value:
                    _check_int(name, x, lo, hi)
            elif length:
                if not isinstance(value, list) or len(value) != length:
                    raise InvalidStateError(f"eruption state: {name} must be a list of {length} integers")
                for x in value:
                    _check_int(name, x, lo, hi)
            else:
                _check_int(name, value, lo, hi)
        if data["n"] != self.d.n or data["turn_cap"] != self.d.turn_cap or data["rain"] != self.d.rain:
            raise InvalidStateError("eruption state: n/rain/turn_cap differ from the game parameters")
        backup = self._raw_bytes()
        fields = {k: data[k] for k in _FIELDS}
        fields["hlog"] = list(data["hlog"]) + [0] * (LOG_MAX - len(data["hlog"]))
        self.d = fields
        try:
            check_consistency(self)
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        return action_text(self, _as_action(action))

    def observation_string(self, player: int) -> str:
        """What `player` knows: the public board and counts, and its own hand."""
        return observation_text(self, self._seat(player))

    def observation_tensor(self, player: int):
        """What `player` knows as a flat float32 vector of size OBSERVATION_SIZE."""
        return observation_vector(self, self._seat(player))

    def view(self, player=None) -> dict:
        """Everything seat `player` may know as JSON-able data (None: a spectator); keys in
        rules.md ("View"). Never the other hands, the deck's composition or the card history."""
        result = State.view(self, player)
        result.pop("observation", None)
        seat = result["seat"]
        result.update(public_view(self))
        for q, info in enumerate(result["seats"]):
            info["hand"] = (_card_counts([self.d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES)])
                            if seat == q else None)
        return result

    def action_info(self, action) -> dict:
        """The action's id and text plus structured fields (rules.md, "Action info")."""
        info = State.action_info(self, action)
        info.update(action_fields(self, info["action"]))
        return info

    def __str__(self) -> str:
        """The whole board, every hand included."""
        return observation_text(self, -1)


def _as_action(action) -> int:
    """An action id as an int (numpy integers included); InvalidArgumentError otherwise."""
    try:
        if isinstance(action, bool):
            raise TypeError
        value = operator.index(action)
    except TypeError:
        raise InvalidArgumentError(f"an action is a whole number, not {action!r}") from None
    if not 0 <= value < NUM_ACTIONS:
        raise InvalidArgumentError(f"{value} is not an action of eruption (0..{NUM_ACTIONS - 1})")
    return value
