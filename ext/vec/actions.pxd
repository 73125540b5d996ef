# cython: language_level=3
"""VEC's action ids (the first id of each action family and chance outcome family) and the inline C
encoders: logic.pyx (the stages, compiled at -O3) and engine.pyx (the texts of codec.pxi, at
-O1) both cimport them. The Python side of the codec, the texts, stays in codec.pxi."""
from vsai.ext.vec.data cimport *

# ---------------------------------------------------------------- field sizes
cdef enum:
    INK_VALUES = TOTAL_CUBES + 1            # 0..24 ink cubes (all there are)
    SPECIAL_VALUES = TOKENS_PER_COLOR + 1   # 0..4 special ink
    EXCHANGE_VALUES = TOKENS_PER_COLOR + 1  # 0..4 exchanges of 4 ink for 1 special ink (C10)
    # what a bid shows at the reveal: ink * SPECIAL_VALUES + special (its sealed content)
    BID_CONTENTS = INK_VALUES * SPECIAL_VALUES
    MAX_IDEAS = 8                           # Ideas Area cards at most (4 players, C11)

# ---------------------------------------------------------------- action families (first ids)
cdef enum:
    A_IDEA = 0                              # card, ink: quill on an Ideas card with that ink
    A_DISP = A_IDEA + NCARDS * INK_VALUES   # card: quill on an own display card
    A_DONE = A_DISP + NCARDS                # pass / done / stop / decline / skip (text by stage)
    A_ACTIVATE = A_DONE + 1                 # card
    A_RENOUNCE = A_ACTIVATE + NCARDS        # card
    A_TURN = A_RENOUNCE + NCARDS            # card: turn an own face-up card face down
    A_DISCARD = A_TURN + NCARDS             # card: discard an own face-down card (+2 points)
    A_BID = A_DISCARD + NCARDS              # exchanges, ink, special: secret exchanges (4 ink ->
                                            # 1 special ink each, C10), then the ink bid
    A_CHOOSE = A_BID + EXCHANGE_VALUES * BID_CONTENTS   # card: Compare target / opponent card
                                            # turned / Insert nominee / opposer
    A_KEEP_DOWN = A_CHOOSE + NCARDS         # card: keep a Research card face down
    A_KEEP_UP = A_KEEP_DOWN + NCARDS        # card: keep a drawn card face up (Research, set-up)
    A_FLIP = A_KEEP_UP + NCARDS             # card: Re-activate turns a face-down card face up
    A_DECK = A_FLIP + NCARDS                # color: choose a Novel deck
    A_DRAW = A_DECK + NCOLORS               # Research: draw one more card
    A_TOKENS = A_DRAW + 1                   # exchanges, special: then k special ink on the card
    A_POS = A_TOKENS + EXCHANGE_VALUES * SPECIAL_VALUES   # position: an empty NOVEL position
    A_REPLACE = A_POS + NPOS                # position: replace the card there
    NUM_ACTIONS = A_REPLACE + NPOS

# ---------------------------------------------------------------- chance outcome families
cdef enum:
    C_CARD = 0                              # card: a Novel card drawn
    C_OBJ = C_CARD + NCARDS                 # objective
    C_FIRST = C_OBJ + NOBJ                  # seat: the first player
    NUM_CHANCE = C_FIRST + 4


# ---------------------------------------------------------------- encode / decode (C)
cdef inline int idea_action(int card, int ink) noexcept nogil:
    return A_IDEA + card * INK_VALUES + ink


cdef inline int idea_card(int a) noexcept nogil:
    return (a - A_IDEA) // INK_VALUES


cdef inline int idea_ink(int a) noexcept nogil:
    return (a - A_IDEA) % INK_VALUES


cdef inline int bid_content(int ink, int special) noexcept nogil:
    """A bid's visible part: what the reveal shows (and what is sealed until then)."""
    return ink * SPECIAL_VALUES + special


cdef inline int content_ink(int content) noexcept nogil:
    return content // SPECIAL_VALUES


cdef inline int content_special(int content) noexcept nogil:
    return content % SPECIAL_VALUES


cdef inline int bid_action(int exchanges, int ink, int special) noexcept nogil:
    return A_BID + exchanges * BID_CONTENTS + bid_content(ink, special)


cdef inline int bid_exchanges(int a) noexcept nogil:
    return (a - A_BID) // BID_CONTENTS


cdef inline int bid_action_content(int a) noexcept nogil:
    return (a - A_BID) % BID_CONTENTS


cdef inline int tokens_action(int exchanges, int special) noexcept nogil:
    return A_TOKENS + exchanges * SPECIAL_VALUES + special


cdef inline int tokens_exchanges(int a) noexcept nogil:
    return (a - A_TOKENS) // SPECIAL_VALUES


cdef inline int tokens_special(int a) noexcept nogil:
    return (a - A_TOKENS) % SPECIAL_VALUES


# Single-field families (a card, a color, a position, a seat): the id is first + value.
cdef inline int family_action(int first, int value) noexcept nogil:
    return first + value


cdef inline int family_value(int a, int first) noexcept nogil:
    return a - first
