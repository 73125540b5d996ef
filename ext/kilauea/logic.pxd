# cython: language_level=3
"""Kilauea's game logic (logic.pyx, compiled at -O3): the C class of the state's struct and
protocol, and the functions of rules.pxi, stages.pxi, hidden.pxi and the shared dispatch that
engine.pyx (the Python API, compiled at -O1) calls."""
include "vsai/ext/tables_begin.pxi"     # before data.pxd: logic.pyx reads this file first
from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.kilauea.data cimport *
from vsai.ext.kilauea.actions cimport *


cdef class KilaueaLogic(State):
    cdef KData d


# rules.pxi
cdef int n_fill(KData* d) noexcept nogil

# rules.pxi
cdef int fill_space(KData* d, int k) noexcept nogil

# rules.pxi
cdef int sector_of(KData* d) noexcept nogil

# rules.pxi
cdef int reef_of(int pawn) noexcept nogil

# rules.pxi
cdef int canoe_count(KData* d, int p) noexcept nogil

# rules.pxi
cdef int isle_count(KData* d, int p, int s) noexcept nogil

# rules.pxi
cdef bint accessible(KData* d, int f, int i) noexcept nogil

# rules.pxi
cdef int draft_player(KData* d) noexcept nogil

# rules.pxi
cdef int advance(KData* d, int k) noexcept nogil

# rules.pxi
cdef int sector_points(KData* d, int p) noexcept nogil

# rules.pxi
cdef int bonus_points(KData* d, int p) noexcept nogil

# rules.pxi
cdef int max_victory_points(KData* d) noexcept nogil

# rules.pxi
cdef int island_total(KData* d, int p) noexcept nogil

# rules.pxi
cdef int forests_emptied(KData* d) noexcept nogil

# rules.pxi
cdef int tiles_to_place(KData* d) noexcept nogil

# rules.pxi
cdef bint forest_to_volcano(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void forest_to_island(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void canoe_to_volcano(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void canoe_to_island(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void volcano_to_canoe(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void volcano_to_island(KData* d, Fields m) noexcept nogil

# rules.pxi
cdef void compute_returns(KData* d, double* out) noexcept nogil

# rules.pxi
cdef void init_data(KData* d, int n, int turn_cap) noexcept nogil

# stages.pxi
cdef int move_cost(KData* d, int p, int k) noexcept nogil

# stages.pxi
cdef bint main_possible(KData* d, int p, int pos, int stones) noexcept nogil

# stages.pxi
cdef int gen_legal(KData* d, int* out) noexcept nogil

# stages.pxi
cdef int gen_chance(KData* d, int* out, double* probs) noexcept nogil
