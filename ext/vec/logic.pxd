# cython: language_level=3
"""VEC's game logic (logic.pyx, compiled at -O3): the C class of the state's struct and
protocol, and the functions of rules.pxi, stages.pxi, hidden.pxi and the shared dispatch that
engine.pyx (the Python API, compiled at -O1) calls."""
include "vsai/ext/tables_begin.pxi"     # before data.pxd: logic.pyx reads this file first
from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.commit cimport (Commitments, MAX_COMMITS, commit_clear, commit_enrol,
                              commit_all_made, commit_next_seat, commit_record, commit_reveal,
                              commit_pending, commit_hidden_from, commit_seat_pending,
                              commit_key, commit_redraw)
from vsai.ext.vec.data cimport *
from vsai.ext.vec.actions cimport *


cdef class VecLogic(State):
    cdef VecData d


# rules.pxi
cdef int all_mask(VecData* d) noexcept nogil

# rules.pxi
cdef int snake(VecData* d, int k) noexcept nogil

# rules.pxi
cdef void derive_locations(VecData* d) noexcept nogil

# rules.pxi
cdef int count_loc(VecData* d, int where) noexcept nogil

# rules.pxi
cdef int faceup(VecData* d, int p) noexcept nogil

# rules.pxi
cdef int deck_count(VecData* d, int color) noexcept nogil

# rules.pxi
cdef int display_colors(VecData* d, int p) noexcept nogil

# rules.pxi
cdef int score_of(VecData* d, int p) noexcept nogil

# rules.pxi
cdef int novel_count(VecData* d) noexcept nogil

# rules.pxi
cdef int base_strength(VecData* d, int i) noexcept nogil

# rules.pxi
cdef void reveal(VecData* d) noexcept nogil

# rules.pxi
cdef bint is_chance_stage(int st) noexcept nogil

# rules.pxi
cdef int ink_value(VecData* d, int p) noexcept nogil

# rules.pxi
cdef int on_novel(VecData* d, int p) noexcept nogil

# rules.pxi
cdef void init_data(VecData* d, int n, int cap) noexcept nogil

# stages.pxi
cdef void quill_on_idea(VecData* d, int p, int c, int b) noexcept nogil

# stages.pxi
cdef int gen_legal(VecData* d, int* out) noexcept nogil

# stages.pxi
cdef int gen_chance(VecData* d, int* out, double* probs) noexcept nogil

# dispatch.pxi
cdef int current_player_of(GameData* d) noexcept nogil
