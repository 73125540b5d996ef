# cython: language_level=3
"""Godzilla's game logic (logic.pyx, compiled at -O3): the C class of the state's struct and
protocol, and the functions of rules.pxi, stages.pxi, hidden.pxi and the shared dispatch that
engine.pyx (the Python API, compiled at -O1) calls."""
include "vsai/ext/tables_begin.pxi"     # before data.pxd: logic.pyx reads this file first
from vsai.ext.state cimport State, copy_state, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.godzilla.data cimport *
from vsai.ext.godzilla.actions cimport *


cdef class GodzillaLogic(State):
    cdef GameData d


# rules.pxi
cdef int ROAD_AT[20][20]

# rules.pxi
cdef int ROAD_ADJ[29][6]

# rules.pxi
cdef int STRAIGHT_A[15]

# rules.pxi
cdef int STRAIGHT_K[15]

# rules.pxi
cdef signed char ROLL_FACES[7][462][6]

# rules.pxi
cdef int ROLL_COUNT[7]

# rules.pxi
cdef int other_end(int r, int s) noexcept nogil

# rules.pxi
cdef int seat_of(GameData* d, int governor) noexcept nogil

# rules.pxi
cdef int sum4(short* a) noexcept nogil

# rules.pxi
cdef bint is_chance_stage(int st) noexcept nogil

# rules.pxi
cdef bint game_over(GameData* d) noexcept nogil

# rules.pxi
cdef bint at_chance(GameData* d) noexcept nogil

# rules.pxi
cdef int to_move(GameData* d) noexcept nogil

# rules.pxi
cdef int kaiju_points(GameData* d) noexcept nogil

# rules.pxi
cdef int kinds_seen(GameData* d) noexcept nogil

# rules.pxi
cdef int human_points(GameData* d) noexcept nogil

# rules.pxi
cdef bint humans_win(GameData* d) noexcept nogil

# rules.pxi
cdef void init_data(GameData* d, int n, int turn_cap) noexcept nogil

# rules.pxi
cdef void set_options(GameData* d, int evac_bonus, bint press_piece, bint press_homes,
                      int status_set, int vehicle_tiles, int barrier_tiles, int air_dice,
                      int conf_cards, int road_gaps, int extra_gap) noexcept nogil

# rules.pxi
cdef bint road_open(GameData* d, int r) noexcept nogil

# rules.pxi
cdef int status_main(GameData* d, int card) noexcept nogil

# rules.pxi
cdef int status_alt(GameData* d, int card) noexcept nogil

# stages.pxi
cdef int gen_legal(GameData* d, int* out) noexcept nogil

# stages.pxi
cdef int gen_chance(GameData* d, int* out, double* probs) noexcept nogil
