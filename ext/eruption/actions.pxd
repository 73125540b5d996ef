# cython: language_level=3
"""Eruption's action ids (the first id of each action family and chance outcome family) and the
inline C encoders: logic.pyx (the stages, compiled at -O3) and engine.pyx (the texts of
codec.pxi, at -O1) both cimport them. The Python side of the codec, the texts, stays in
codec.pxi."""
from vsai.ext.eruption.data cimport *

# ---------------------------------------------------------------- action families (first ids)
cdef enum:
    A_HEX = 0           # 61: a hex (tile, eruption tile, Aftershock / Quake / Sinkhole target)
    A_ROT = 61          # 6: a rotation of the tile being placed or turned
    A_EDGE = 67         # 366: an edge hex*6+dir (wall, Volcanic Bomb, Relocate from/to)
    A_MAT = 433         # 3: the material of the wall being built
    A_PLAY = 436        # 8: play an action card for its effect
    A_DISC = 444        # 8: discard an action card for the wall printed on it
    A_EXCH = 452        # 36: discard two cards (pair index) for an extra lava tile
    A_DONE = 488        # end the step (cards, walls, Relocate) or decline the extra tile
    A_EXTRA = 489       # take the level-3 extra tile (E5)
    A_LIMIT = 490       # 8: discard a card down to the hand limit
    NUM_ACTIONS = 498

# ---------------------------------------------------------------- chance outcome families
cdef enum:
    C_TILE = 0          # 8: the lava tile kind drawn
    C_CARD = 8          # 8: the action card drawn
    C_START = 16        # 6: the starting player
    C_BREAK = 22        # the wall under test breaks (the lava wins)
    C_HOLD = 23         # the wall holds
    NUM_CHANCE = 24


# ---------------------------------------------------------------- encode / decode (C)
cdef inline int pair_index(int i, int j) noexcept nogil:
    """Index of the unordered card pair i <= j among the 36 pairs."""
    return i * NCARDTYPES - i * (i - 1) // 2 + (j - i)


cdef inline void pair_of(int idx, int* i, int* j) noexcept nogil:
    cdef int a, b
    i[0] = 0            # defined even for an index that names no pair (never a legal move)
    j[0] = 0
    for a in range(NCARDTYPES):
        for b in range(a, NCARDTYPES):
            if pair_index(a, b) == idx:
                i[0] = a
                j[0] = b
                return
