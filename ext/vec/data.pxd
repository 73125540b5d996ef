# cython: language_level=3
"""The card data of The Vampire, the Elf & the Cthulhu: the 54 Novel cards and 12 Objective cards.

The rulebook gives neither list; this is the placeholder data of GAPS C1 (Novel cards) and C2
(Objective cards). Replacing it with the real cards needs no engine change: the engine reads
card attributes only through the functions below.

Novel card id c in 0..53: type t = c // 18 (Vampire 0, Elf 1, Cthulhu 2), i = c % 18,
color = i // 3 (red 0, blue 1, green 2, purple 3, yellow 4, grey 5), genre = i % 3
(Adventure 0, Comedy 1, Love Story 2); so every (type, color, genre) occurs once (C1).
"""

cdef enum:
    NCARDS = 54
    NCOLORS = 6
    NTYPES = 3
    NGENRES = 3
    NOBJ = 12
    NPOS = 4            # positions in the NOVEL
    TOTAL_CUBES = 24    # ink drops (C10)
    TOKENS_PER_COLOR = 4
    START_CUBES = 3
    START_TOKENS = 2

# Card actions (C1).
cdef enum:
    ACT_INSERT = 0
    ACT_COMPARE = 1
    ACT_RESEARCH = 2
    ACT_REACTIVATE = 3
    ACT_RETRIEVE = 4


cdef inline int card_type(int c) noexcept nogil:
    return c // 18


cdef inline int card_color(int c) noexcept nogil:
    return (c % 18) // 3


cdef inline int card_genre(int c) noexcept nogil:
    return c % 3


cdef inline int color_card(int color, int k) noexcept nogil:
    """The k-th (0..8) card of a color: the inverse of card_color over (type, genre)."""
    return 18 * (k // 3) + 3 * color + k % 3


cdef inline int card_action(int c) noexcept nogil:
    # C1: action = P[(i + 6t) mod 18] with P = I C R A D I C R A D I C R A D I C R,
    # which is the 5-cycle I C R A D read at index k mod 5.
    return (((c % 18) + 6 * (c // 18)) % 18) % 5


cdef inline int obj_type(int o) noexcept nogil:
    # C2: objectives 1..12 cycle Vampire, Elf, Cthulhu.
    return o % 3


cdef inline int obj_color(int o, int pos) noexcept nogil:
    """The color printed at NOVEL position pos (0..3) of objective o (0..11), GAPS C2."""
    cdef const char* table = b"012312342345345045015012024113522403351440255130"
    return table[4 * o + pos] - 48


cdef inline bint obj_has_color(int o, int color) noexcept nogil:
    cdef int k
    for k in range(NPOS):
        if obj_color(o, k) == color:
            return True
    return False


cdef inline const char* type_name(int t) noexcept nogil:
    if t == 0:
        return b"Vampire"
    if t == 1:
        return b"Elf"
    return b"Cthulhu"


cdef inline const char* color_name(int c) noexcept nogil:
    if c == 0:
        return b"red"
    if c == 1:
        return b"blue"
    if c == 2:
        return b"green"
    if c == 3:
        return b"purple"
    if c == 4:
        return b"yellow"
    return b"grey"


cdef inline const char* genre_name(int g) noexcept nogil:
    if g == 0:
        return b"Adventure"
    if g == 1:
        return b"Comedy"
    return b"Love Story"


cdef inline const char* action_name(int a) noexcept nogil:
    if a == ACT_INSERT:
        return b"Insert"
    if a == ACT_COMPARE:
        return b"Compare"
    if a == ACT_RESEARCH:
        return b"Research"
    if a == ACT_REACTIVATE:
        return b"Re-activate"
    return b"Retrieve drops"


cdef inline int turn_cost(int faceup) noexcept nogil:
    """Compare's cost to turn one opponent card, by the opponent's face-up count (0: impossible)."""
    if faceup >= 7:
        return 1
    if faceup == 6:
        return 3
    if faceup == 5:
        return 6
    if faceup == 4:
        return 10
    if faceup == 3:
        return 15
    if faceup == 2:
        return 21
    if faceup == 1:
        return 28
    return 0
