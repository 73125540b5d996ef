# cython: language_level=3
"""Vulcanus's game logic (logic.pyx, compiled at -O3): the C class of the state's struct and
protocol, and the functions of rules.pxi, stages.pxi, hidden.pxi and the shared dispatch that
engine.pyx (the Python API, compiled at -O1) calls."""
include "vsai/ext/tables_begin.pxi"     # before data.pxd: logic.pyx reads this file first
from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below, rng_seed
from vsai.ext.vulcanus.data cimport *
from vsai.ext.vulcanus.actions cimport *


cdef class VulcanusLogic(State):
    cdef VulData d


# rules.pxi
cdef bint is_chance_stage(int st) noexcept nogil

# rules.pxi
cdef int deck_first(int dk) noexcept nogil

# rules.pxi
cdef int deck_size(int dk) noexcept nogil

# rules.pxi
cdef int deck_of(int c) noexcept nogil

# rules.pxi
cdef int owner_of_deck(VulData* d, int dk) noexcept nogil

# rules.pxi
cdef int per_group(VulData* d) noexcept nogil

# rules.pxi
cdef int hand_draw(VulData* d) noexcept nogil

# rules.pxi
cdef int group_slot(VulData* d, int g, int k) noexcept nogil

# rules.pxi
cdef int kaiju_slot(int k) noexcept nogil

# rules.pxi
cdef int rec(int dk, int r) noexcept nogil

# rules.pxi
cdef int count_zone(VulData* d, int dk, int z) noexcept nogil

# rules.pxi
cdef int top_layer(VulData* d, int dk) noexcept nogil

# rules.pxi
cdef void derive_layers(VulData* d) noexcept nogil

# rules.pxi
cdef int track_filled(int* cells, int n) noexcept nogil

# rules.pxi
cdef void pay(VulData* d, int k) noexcept nogil

# rules.pxi
cdef int card_effect(VulData* d, int c) noexcept nogil

# rules.pxi
cdef void init_data(VulData* d, int players, int turn_cap, int disaster) noexcept nogil

# rules.pxi
cdef void place_setup_icons(VulData* d) noexcept nogil

# rules.pxi
cdef bint round_is_advanced(VulData* d, int r) noexcept nogil

# rules.pxi
cdef int omen_square(VulData* d, int number) noexcept nogil

# stages.pxi
cdef int gen_chance(VulData* d, int* out, double* probs) noexcept nogil

# stages.pxi
cdef int gen_legal(VulData* d, int* out) noexcept nogil

# hidden.pxi
cdef int round_slot_card(VulData* d, int dk, int k) noexcept nogil

# hidden.pxi
cdef bint record_consistent(VulData* d, int dk) noexcept nogil
