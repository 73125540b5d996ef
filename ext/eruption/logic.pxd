# cython: language_level=3
"""Eruption's game logic (logic.pyx, compiled at -O3): the C class of the state's struct and
protocol, and the functions of rules.pxi, stages.pxi, hidden.pxi and the shared dispatch that
engine.pyx (the Python API, compiled at -O1) calls."""
include "vsai/ext/tables_begin.pxi"     # before data.pxd: logic.pyx reads this file first
from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.eruption.data cimport *
from vsai.ext.eruption.actions cimport *


cdef class EruptionLogic(State):
    cdef EruptionData d


# rules.pxi
cdef int NB[NHEX][NDIR]

# rules.pxi
cdef int EDGE_VILLAGE[NEDGE]

# rules.pxi
cdef int ROT_MASK[10][NDIR]

# rules.pxi
cdef bint at_chance(EruptionData* d) noexcept nogil

# rules.pxi
cdef int village_of(EruptionData* d, int p) noexcept nogil

# rules.pxi
cdef int seat_of_village(EruptionData* d, int v) noexcept nogil

# rules.pxi
cdef int level_of(EruptionData* d, int p) noexcept nogil

# rules.pxi
cdef int stack_total(EruptionData* d) noexcept nogil

# rules.pxi
cdef int deck_total(EruptionData* d) noexcept nogil

# rules.pxi
cdef int hand_size(EruptionData* d, int p) noexcept nogil

# rules.pxi
cdef int stock_total(EruptionData* d, int p) noexcept nogil

# rules.pxi
cdef void reshuffle(EruptionData* d) noexcept nogil

# rules.pxi
cdef void build_wall(EruptionData* d, int e, int m) noexcept nogil

# rules.pxi
cdef void derive_board(EruptionData* d) noexcept nogil

# rules.pxi
cdef bint fits(EruptionData* d, int h, int m, bint need_conn) noexcept nogil

# rules.pxi
cdef bint own_village_edge(EruptionData* d, int p, int e) noexcept nogil

# rules.pxi
cdef bint wall_spot(EruptionData* d, int p, int e) noexcept nogil

# rules.pxi
cdef int tested_edge(EruptionData* d) noexcept nogil

# rules.pxi
cdef void play_card(EruptionData* d, int k) noexcept nogil

# rules.pxi
cdef void init_data(EruptionData* d, int n, bint rain, int turn_cap) noexcept nogil

# stages.pxi
cdef void draw_card(EruptionData* d, int a) noexcept nogil

# stages.pxi
cdef int gen_legal(EruptionData* d, int* out) noexcept nogil

# stages.pxi
cdef int gen_chance(EruptionData* d, int* out, double* probs) noexcept nogil
