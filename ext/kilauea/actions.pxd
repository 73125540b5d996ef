# cython: language_level=3
"""Kilauea's action ids (the first id of each action family and chance outcome family) and the
inline C encoders: logic.pyx (the stages, compiled at -O3) and engine.pyx (the texts of
codec.pxi, at -O1) both cimport them. The Python side of the codec, the texts, stays in
codec.pxi."""
from vsai.ext.kilauea.data cimport *

cdef extern from *:
    """
    /* Kilauea's action families in id order: X(name, size of field 1, field 2, field 3).
       An id is first + (f1 * size2 + f2) * size3 + f3 (unused fields have size 1); each
       family's first id follows the previous family's last one (computed by the enum). */
    #define KIL_ACTION_FAMILIES(X)                                                        \
        X(MOVE,              10,  1, 1)  /* canoe steps - 1                            */ \
        X(DRAFT,              5,  4, 1)  /* volcano sector, colour                     */ \
        X(CUT,                5, 11, 1)  /* forest, space                              */ \
        X(STOP,               1,  1, 1)                                                   \
        X(PASS,               1,  1, 1)                                                   \
        X(VOLCANO,            4,  1, 1)  /* canoe colour                               */ \
        X(ISLAND,             4,  1, 1)  /* canoe colour                               */ \
        X(ACTIVATE,          20,  1, 1)  /* tile kind: coral 1..10, volcano 1..10      */ \
        X(ISLAND_MOVE,        5,  4, 5)  /* island sector, colour, island sector       */ \
        X(VOLCANO_MOVE,       5,  4, 5)  /* volcano sector X, colour, volcano sector Y */ \
        X(FOREST_TO_VOLCANO,  5, 11, 5)  /* forest, space, volcano sector              */ \
        X(CANOE_TO_VOLCANO,   4,  5, 1)  /* canoe colour, volcano sector               */ \
        X(FOREST_TO_ISLAND,   5, 11, 5)  /* forest, space, island sector               */ \
        X(CANOE_TO_ISLAND,    4,  5, 1)  /* canoe colour, island sector                */ \
        X(VOLCANO_TO_CANOE,   5,  4, 1)  /* volcano sector, colour                     */ \
        X(VOLCANO_TO_ISLAND,  5,  4, 5)  /* volcano sector, colour, island sector      */ \
        X(SECOND_COLOUR,      4,  1, 1)  /* colour (second half of coral/volcano 10)   */

    #define KIL_FAMILY_INDEX(name, a, b, c) FAM_##name,
    enum { KIL_ACTION_FAMILIES(KIL_FAMILY_INDEX) NUM_FAMILIES };
    /* A_<name> = first id of the family; its last id is A_<name> + size - 1. */
    #define KIL_FAMILY_IDS(name, a, b, c) A_##name, A_LAST_##name = A_##name + (a) * (b) * (c) - 1,
    enum { KIL_ACTION_FAMILIES(KIL_FAMILY_IDS) NUM_ACTIONS };
    #define KIL_FAMILY_FIRST(name, a, b, c) A_##name,
    static const int KIL_FIRST[NUM_FAMILIES] = { KIL_ACTION_FAMILIES(KIL_FAMILY_FIRST) };
    #define KIL_FAMILY_FIELDS(name, a, b, c) {a, b, c},
    static const int KIL_FIELDS[NUM_FAMILIES][3] = { KIL_ACTION_FAMILIES(KIL_FAMILY_FIELDS) };
    #define KIL_FAMILY_NAME(name, a, b, c) #name,
    static const char* const KIL_FAMILY_NAMES[NUM_FAMILIES] = { KIL_ACTION_FAMILIES(KIL_FAMILY_NAME) };

    /* The family of the parameters each tile asks for once activated (-1: none). Coral 1..10,
       then volcano 1..10. */
    static const int KIL_TILE_FAMILY[20] = {
        -1, -1, -1, FAM_ISLAND_MOVE, FAM_VOLCANO_MOVE, FAM_VOLCANO_MOVE,
        FAM_FOREST_TO_VOLCANO, FAM_CANOE_TO_VOLCANO, FAM_FOREST_TO_ISLAND, FAM_FOREST_TO_VOLCANO,
        -1, FAM_CANOE_TO_ISLAND, -1, FAM_ISLAND_MOVE, FAM_VOLCANO_MOVE, FAM_VOLCANO_MOVE,
        FAM_CUT, FAM_VOLCANO_TO_CANOE, FAM_VOLCANO_TO_ISLAND, FAM_VOLCANO_MOVE};
    """
    enum:
        FAM_MOVE, FAM_DRAFT, FAM_CUT, FAM_STOP, FAM_PASS, FAM_VOLCANO, FAM_ISLAND, FAM_ACTIVATE
        FAM_ISLAND_MOVE, FAM_VOLCANO_MOVE, FAM_FOREST_TO_VOLCANO, FAM_CANOE_TO_VOLCANO
        FAM_FOREST_TO_ISLAND, FAM_CANOE_TO_ISLAND, FAM_VOLCANO_TO_CANOE, FAM_VOLCANO_TO_ISLAND
        FAM_SECOND_COLOUR, NUM_FAMILIES
        A_MOVE, A_DRAFT, A_CUT, A_STOP, A_PASS, A_VOLCANO, A_ISLAND, A_ACTIVATE, A_ISLAND_MOVE
        A_VOLCANO_MOVE, A_FOREST_TO_VOLCANO, A_CANOE_TO_VOLCANO, A_FOREST_TO_ISLAND
        A_CANOE_TO_ISLAND, A_VOLCANO_TO_CANOE, A_VOLCANO_TO_ISLAND, A_SECOND_COLOUR, NUM_ACTIONS
    const int KIL_FIRST[]
    const int KIL_FIELDS[][3]
    const char* KIL_FAMILY_NAMES[]
    const int KIL_TILE_FAMILY[20]


ctypedef struct Fields:
    int f1, f2, f3


cdef inline int encode(int family, int f1, int f2, int f3) noexcept nogil:
    """The id of the action of `family` with these fields (mixed radix after its first id)."""
    return KIL_FIRST[family] + (f1 * KIL_FIELDS[family][1] + f2) * KIL_FIELDS[family][2] + f3


cdef inline Fields decode(int family, int action) noexcept nogil:
    """The fields of `action`, an id of `family`."""
    cdef Fields m
    cdef int r = action - KIL_FIRST[family]
    m.f3 = r % KIL_FIELDS[family][2]
    r = r // KIL_FIELDS[family][2]
    m.f2 = r % KIL_FIELDS[family][1]
    m.f1 = r // KIL_FIELDS[family][1]
    return m
