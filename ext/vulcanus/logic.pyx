# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Vulcanus's game logic: everything a search runs, compiled at -O3 (setup.py, HOT_MODULES).

The rules (rules.pxi), the stages (stages.pxi), the hidden information (hidden.pxi), the
protocol's shared dispatch (ext/dispatch.pxi) and
VulcanusLogic: the state's C struct and the protocol's c_* methods, which the search kernel
calls through the class's vtable. engine.pyx subclasses it with the Python API (JSON, views,
texts), compiled at -O1 (docs/adding-a-game.md); logic.pxd declares what engine.pyx calls here.
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below, rng_seed
from vsai.ext.bits cimport lowest_bit, bit_count
from vsai.ext.vulcanus.data cimport *
from vsai.ext.vulcanus.actions cimport *

include "rules.pxi"
include "stages.pxi"
include "hidden.pxi"
include "vsai/ext/dispatch.pxi"


cdef class VulcanusLogic(State):
    """The C half of a Vulcanus state: its struct and the engine protocol (docs/protocol.md).
    engine.pyx's VulcanusState adds the Python API."""

    def __cinit__(self):
        self._data = &self.d
        self._size = sizeof(VulData)

    # ------------------------------------------------------------------ C protocol
    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        return current_player_of(&self.d)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return legal_actions_of(&self.d, out)

    cdef void c_apply_action(self, int action) noexcept nogil:
        apply_action_to(&self.d, action)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return chance_outcomes_of(&self.d, actions, probs)

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return sample_chance_of(&self.d, rng)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        random_playout_of(&self.d, rng)

    cdef bint c_is_legal(self, int action) noexcept nogil:
        return is_legal_in(&self.d, action)

    cdef void c_returns(self, double* out) noexcept nogil:
        returns_data(&self.d, out)

    cdef void c_evaluate(self, double* out) noexcept nogil:
        evaluate_data(&self.d, out)

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        resample_data(&self.d, player, rng)

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action_key(&self.d, observer, action)
