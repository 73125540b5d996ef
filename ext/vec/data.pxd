# cython: language_level=3
"""The card data of The Vampire, the Elf & the Cthulhu: the 54 Novel cards and 12 Objective cards.

The rulebook gives neither list; this is the placeholder data of GAPS C1 (Novel cards) and C2
(Objective cards). Replacing it with the real cards needs no engine change: the engine reads
card attributes only through the functions below.

Novel card id c in 0..53: type t = c // 18 (Vampire 0, Elf 1, Cthulhu 2), i = c % 18,
color = i // 3 (red 0, blue 1, green 2, purple 3, yellow 4, grey 5), genre = i % 3
(Adventure 0, Comedy 1, Love Story 2); so every (type, color, genre) occurs once (C1).
"""
from vsai.ext.commit cimport Commitments
from vsai.ext.bits cimport lowest_bit, bit_count


# Parameters (X7, C13): the engine module exposes them; the spec and the checks read them there.
cdef enum:
    VEC_MIN_PLAYERS = 2
    VEC_MAX_PLAYERS = 4
    VEC_MIN_TURN_CAP = 1
    VEC_DEFAULT_TURN_CAP = 30
    VEC_MAX_TURN_CAP = 1000

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


cdef inline unsigned long long card_bit(int c) noexcept nogil:
    return (<unsigned long long>1) << c


cdef inline unsigned long long color_bits(int color) noexcept nogil:
    """The 9 cards of a color as a bit set: genres 0..2 of it in each of the 3 types."""
    return ((<unsigned long long>7) | ((<unsigned long long>7) << 18)
            | ((<unsigned long long>7) << 36)) << (3 * color)


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


# ---------------------------------------------------------------- the game state
# action keys for what an observer cannot see
cdef enum:
    KEY_HIDDEN_DRAW = 100000    # + color
    KEY_HIDDEN_OBJ = 100010
    KEY_SEALED_BID = 100020
    KEY_HIDDEN_KEEP = 100030
    KEY_HIDDEN_RENOUNCE = 100040
    KEY_OPEN_BID = 100100       # + cubes*5 + tokens: an open bid, its exchanges unseen
    KEY_TOKENS = 100300         # + k: special ink put on the NOVEL, its exchanges unseen
    KEY_UNSEEN_PLACE = 200000   # + keep time * 6 + color: a quill on an unseen face-down card

# card locations
cdef enum:
    L_DECK = 0
    L_IDEAS = 1
    L_DISCARD = 2
    L_NOVEL = 3
    L_TRAY = 4          # drawn, being chosen from (set-up pick, Research)
    L_UP = 8            # + player: face up in that display
    L_DOWN = 12         # + player: face down in that display

# objective locations (>= 0: held by that player)
cdef enum:
    O_DECK = -1         # in the Objective deck, unseen
    O_DISCARD = -2      # drawn for the Ideas Area, public
    O_DECK_SEEN = -3    # reshuffled back from the public discards (C11)

# stages
cdef enum:
    ST_FIRST = 0            # chance: first player (C12)
    ST_DEAL_OBJ = 1         # chance, hidden: an objective for player setup_idx
    ST_START_DECK = 2       # choose the deck for the starting card
    ST_START_DRAW = 3       # chance, hidden: draw for the starting card
    ST_START_PICK = 4       # keep one face up
    ST_IDEAS_OBJ = 5        # chance, public: an objective card for the Ideas Area
    ST_IDEAS_DRAW = 6       # chance, public: a Novel card for the Ideas Area
    ST_PLACE = 7            # Phase I: place a quill
    ST_ROBBED = 8           # Phase I: the robbed player moves their quill
    ST_ACT_CHOOSE = 9       # Phase II: activate or renounce a marked card
    ST_SPECIAL = 10         # strength step 1: special points
    ST_BID = 11             # strength step 5: ink (sealed when several participants)
    ST_COMPARE_TARGET = 12
    ST_COMPARE_TURN = 13
    ST_RESEARCH_DECK = 14
    ST_RESEARCH_DRAW = 15   # chance, hidden
    ST_RESEARCH_PICK = 16
    ST_REACTIVATE = 17
    ST_INSERT_NOMINATE = 18
    ST_INSERT_OPPOSE = 19
    ST_INSERT_TOKENS = 20
    ST_INSERT_PLACE = 21
    ST_INSERT_MOVE = 22
    ST_TURN_DOWN = 23       # the mandatory turn-down after an activation (C4)
    ST_LIMIT = 24           # the 7 face-up limit
    ST_END = 25
    NUM_STAGES = 26


ctypedef struct VecData:
    # The whole game state (one memcpy copies it). JSON names (to_dict, rules.md "JSON format")
    # are in state_json.pxi's JSON_FIELDS; they are given here after each field.
    short n                 # players
    short turn_cap          # turn_cap
    short turn              # turn (0-based)
    short stage             # stage: ST_* code
    short first             # first_player
    short cur               # to_act: the player to act at a decision (-1 before any)
    short loc[54]           # card_location: L_* code of every Novel card
    short known[54]         # card_known_by: bit p: player p knows exactly where the card is (X4)
    short kbak[54]          # card_known_before_draw: knowledge of deck cards when a secret draw
                            # began (restored on "keep face up")
    short clock             # keep_count: counts the cards kept face down from a secret draw
    short ft[54]            # card_keep_time: for such a face-down card, the clock when it was kept
    short lt[216]           # lost_track_time: lt[4*c + p], the clock when p lost track of card c,
                            # which p knew in its deck (c is there or in a face-down card kept
                            # since), 0: never
    short marks[54]         # card_quills: quills on the card (0..2)
    short owner[54]         # card_quill_owner: owner of those quills, -1 without
    short ink[54]           # card_ink: cubes on the card (Ideas bids, robbed ink on a display card)
    short obj_loc[12]       # objective_location: O_* code or holder
    short objective[4]      # player_objective (-1 none)
    short cubes[4]          # player_ink: ink cubes
    short specials[4]       # player_special_ink
    short box[4]            # special_ink_in_box
    short smin[4]           # special_ink_min: public bounds on each player's special ink
    short smax[4]           # special_ink_max: (exchanges are secret)
    short reserve           # ink_reserve: cubes in the reserve
    short novel[4]          # novel_card: card per NOVEL position, -1 empty
    short tok[16]           # novel_special_ink: tokens on NOVEL position j of player p: tok[4*j + p]
    short place_idx         # placement_index: the k-th Phase I placement (snake order)
    short robbed            # robbed_player (-1 none)
    short carried           # carried_ink: cubes moving with a robbed quill
    short act_idx           # activation_index: the k-th Phase II activation (snake order)
    short actor             # actor: the player whose card acts
    short act_card          # action_card
    short kind              # action_kind: ACT_* of that card
    Commitments bids        # the strength test's participants and their sealed ink bids (C5):
                            # participants, participant, bids_made, bid_ink, bid_special_ink,
                            # bids_revealed (content = bid_content(ink, special))
    short pcard[4]          # participant_card: the card each participant's strength is for
    short ppts[4]           # special_points: each participant's special points (step 1)
    short strength[4]       # strength: shown at the reveal
    short step              # step: the participant (special points) or seat (Insert opposers)
    short points            # effect_points: points of the winner's effect left to spend
    short color             # deck_color: the deck chosen for a draw
    short winner            # winner: participant slot that won the strength test
    short loser             # loser: participant slot that lost a Compare
    short ins_card          # insert_card
    short ins_tokens        # insert_special_ink
    short mv_card           # moving_card: a replaced NOVEL card to be moved (-1 none)
    short mv_tok[4]         # moving_special_ink: its special ink per player
    short setup_idx         # setup_player: whose objective / starting card is being set up
    short draws_left        # draws_left: of the starting draw
    short tray_owner        # drawing_player: who draws (set-up pick, Research)
    short fill_setup        # ideas_setup_pending: the set-up objective of the Ideas Area is due
    short queue[8]          # ideas_queue: colors still to draw for the Ideas Area
    short qlen              # ideas_queue_length
    # Derived, not in the JSON (rebuilt by derive_locations on load): the cards at each
    # location L (< 16), card c as bit c % 16 of at[4 * L + c // 16], kept with loc by set_loc
    # so that scans visit only those cards. Shorts like the rest: the struct has no padding,
    # whose bytes would differ between equal states (states compare as bytes).
    unsigned short at[64]


# For the shared dispatch (ext/dispatch.pxi): the game's struct, and every chance node is
# uniform (X3: a deck is a set drawn lazily, objectives and the first player likewise).
ctypedef VecData GameData

cdef enum:
    UNIFORM_CHANCE = 1
