# cython: language_level=3
"""The physical data of Vulcanus: map, tiles, cards, decks, tracks and supplies.

The rulebook (../shared/rules/original/000_ad4c307752f08974.txt) gives card texts and the
set-up but no map, tile mix, deck mix or track sizes; everything here follows the playable
assumptions of ../shared/rules/GAPS.md section 1 (IDs cited per table). Real component data can
replace these tables without engine changes: the engine reads them only through this module.
"""

cdef enum:
    # Parameter ranges (the spec and the constructor read these through the engine module)
    VUL_MIN_PLAYERS = 2     # the Kaiju and 1-3 Humans
    VUL_MAX_PLAYERS = 4
    VUL_MAX_TURN_CAP = 1000
    VUL_MAX_DISASTER = 3    # disaster level -3..+3

cdef enum:
    NSQ = 18                # map squares (V1)
    MAXNB = 4               # most lines from one square (V1)
    NTILES = 24             # 18 map tiles + 6 value-3 investigation tiles (V2)
    NMAPTILES = 18
    NROUNDS = 6
    DEF_COLS = 10           # Defense track 10 x 3 (V3)
    DEF_ROWS = 3
    DMG_COLS = 10           # Damage track 10 x 4 (V3)
    DMG_ROWS = 4
    DEF_CELLS = 30
    DMG_CELLS = 40
    NPOOLS = 5              # lava pools of 6 (V13); the infinite pool beyond
    POOL_SIZE = 6
    POOL_LAVA = 30
    NEVO = 5                # evolution tiles (V12)
    NBONUS = 8              # destruction bonus tiles (V11)
    BONUS_DRAW = 4
    BONUS_KEEP = 3
    NATTACK = 8             # attack tiles
    FUND_TOTAL = 14         # 10 in the pool + 4 in the stock (V8)
    FUND_START = 10
    BUDGET_LEN = 3          # budget request track 0, 1, 2, cyclic (V8)
    INV_MAX = 12            # investigation track 0..12 (V9)
    INV_KEY_FF = 4          # key icon: Fire fighting's Additional effect (V9)
    INV_APPROVED = 8        # Operation Approved: two commands (V9)
    INV_KEY_SPECIAL = 10    # key icon: the Special cards' Additional effects (V9)
    FB_TOTAL = 3            # fire brigades, SDF units, bases (V14)
    SDF_TOTAL = 3
    BASE_TOTAL = 4
    NROLES = 4
    NHTYPES = 7             # human card types in a role deck (V5)
    NKTYPES = 6             # Kaiju card types (V5)
    HDECK = 9
    KDECK = 12
    KAIJU_DRAW = 5          # V4
    KAIJU_PLACE = 3
    NSLOTS = 9              # planning board H1 H2 K1 H3 H4 K2 H5 H6 K3 (V4)
    N_ADV_TWO = 4           # Advanced events "2 lava" (V7)
    N_ADV_SPREAD = 4        # Advanced events "1 lava + 1 adjacent" (V7)
    UNDER_RANGE = 3         # Moving underground (V16, V22)
    UNDER_EXTRA = 2

# Squares (V1)
cdef enum:
    SQ_IKEBUKURO = 0
    SQ_WASEDA = 1
    SQ_SHINJUKU = 3
    SQ_HARAJUKU = 6
    SQ_KASUMIGASEKI = 8
    SQ_SHIBUYA = 10
    SQ_EBISU = 14

# Human card types (V5); HT_SPECIAL is the role's special card.
cdef enum:
    HT_MOVE_CIT = 0
    HT_MOVE_FB = 1
    HT_MOVE_SDF = 2
    HT_FIRE = 3
    HT_CMD = 4
    HT_MOBIL = 5
    HT_SPECIAL = 6

# Roles (V5), in the engine's listed order.
cdef enum:
    R_FIRE_CHIEF = 0
    R_STAFF = 1
    R_RESEARCH = 2
    R_SECRETARY = 3

# Kaiju card types (V5)
cdef enum:
    KT_WALK = 0
    KT_TRAMPLE = 1
    KT_FIREBOMB = 2
    KT_ROAR = 3
    KT_UNDER = 4
    KT_FLOW = 5

# Event kinds (V7)
cdef enum:
    EV_NORMAL = 0
    EV_TWO = 1
    EV_SPREAD = 2

cdef extern from *:
    """
    /* V1: the map's lines, -1 pads. */
    static const int VUL_ADJ[18][4] = {
        {1, 3, -1, -1}, {0, 3, 4, 2}, {1, 5, -1, -1}, {0, 1, 4, 6}, {1, 3, 7, 5}, {2, 4, 9, -1},
        {3, 7, 10, -1}, {4, 6, 8, 11}, {7, 9, 12, -1}, {5, 8, 13, -1}, {6, 11, 14, -1},
        {7, 10, 14, 16}, {8, 13, 16, -1}, {9, 12, 17, -1}, {10, 11, 15, -1}, {14, 16, -1, -1},
        {11, 12, 15, 17}, {13, 16, -1, -1}};
    /* V1: the tile-slot letter of each square, A 0, B 1, C 2. */
    static const int VUL_SLOT[18] = {0, 1, 0, 2, 0, 1, 1, 2, 0, 2, 0, 1, 1, 0, 2, 0, 2, 1};
    /* Shortest distances along the lines (derived from VUL_ADJ). */
    static const int VUL_DIST[18][18] = {
        {0, 1, 2, 1, 2, 3, 2, 3, 4, 4, 3, 4, 5, 5, 4, 5, 5, 6},
        {1, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 4, 5},
        {2, 1, 0, 2, 2, 1, 3, 3, 3, 2, 4, 4, 4, 3, 5, 6, 5, 4},
        {1, 1, 2, 0, 1, 2, 1, 2, 3, 3, 2, 3, 4, 4, 3, 4, 4, 5},
        {2, 1, 2, 1, 0, 1, 2, 1, 2, 2, 3, 2, 3, 3, 3, 4, 3, 4},
        {3, 2, 1, 2, 1, 0, 3, 2, 2, 1, 4, 3, 3, 2, 4, 5, 4, 3},
        {2, 2, 3, 1, 2, 3, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 3, 4},
        {3, 2, 3, 2, 1, 2, 1, 0, 1, 2, 2, 1, 2, 3, 2, 3, 2, 3},
        {4, 3, 3, 3, 2, 2, 2, 1, 0, 1, 3, 2, 1, 2, 3, 3, 2, 3},
        {4, 3, 2, 3, 2, 1, 3, 2, 1, 0, 4, 3, 2, 1, 4, 4, 3, 2},
        {3, 3, 4, 2, 3, 4, 1, 2, 3, 4, 0, 1, 3, 4, 1, 2, 2, 3},
        {4, 3, 4, 3, 2, 3, 2, 1, 2, 3, 1, 0, 2, 3, 1, 2, 1, 2},
        {5, 4, 4, 4, 3, 3, 3, 2, 1, 2, 3, 2, 0, 1, 3, 2, 1, 2},
        {5, 4, 3, 4, 3, 2, 4, 3, 2, 1, 4, 3, 1, 0, 4, 3, 2, 1},
        {4, 4, 5, 3, 3, 4, 2, 2, 3, 4, 1, 1, 3, 4, 0, 1, 2, 3},
        {5, 5, 6, 4, 4, 5, 3, 3, 3, 4, 2, 2, 2, 3, 1, 0, 1, 2},
        {5, 4, 5, 4, 3, 4, 3, 2, 2, 3, 2, 1, 1, 2, 2, 1, 0, 1},
        {6, 5, 4, 5, 4, 3, 4, 3, 3, 2, 3, 2, 2, 1, 3, 2, 1, 0}};
    /* V2: tiles 0..17 go on the map, 18..23 are the value-3 tiles on the event cards.
       Columns: slot letter (A 0, B 1, C 2, none 3), omen (1) or investigation (0),
       value (omen number 1..6 or investigation value), citizens, VIP, lava. */
    static const int VUL_TILE[24][6] = {
        {0, 1, 1, 2, 0, 0}, {0, 1, 4, 2, 0, 0},
        {0, 0, 1, 1, 0, 1}, {0, 0, 1, 2, 0, 0}, {0, 0, 1, 2, 1, 0}, {0, 0, 2, 3, 0, 0},
        {0, 0, 2, 2, 0, 0},
        {1, 1, 2, 2, 0, 0}, {1, 1, 5, 2, 0, 0},
        {1, 0, 1, 2, 0, 0}, {1, 0, 1, 2, 0, 0}, {1, 0, 2, 3, 0, 1}, {1, 0, 2, 2, 1, 0},
        {2, 1, 3, 2, 1, 0}, {2, 1, 6, 2, 0, 0},
        {2, 0, 1, 2, 0, 0}, {2, 0, 2, 3, 0, 0}, {2, 0, 2, 2, 0, 0},
        {3, 0, 3, 0, 0, 0}, {3, 0, 3, 0, 0, 0}, {3, 0, 3, 0, 0, 0}, {3, 0, 3, 0, 0, 0},
        {3, 0, 3, 0, 0, 0}, {3, 0, 3, 0, 0, 0}};
    /* V11: destruction bonus tiles (square, number). */
    static const int VUL_BONUS[8][2] = {
        {3, 3}, {10, 3}, {0, 2}, {2, 2}, {9, 3}, {13, 3}, {11, 2}, {8, 3}};
    /* V5: a role deck's card counts by human card type. */
    static const int VUL_HDECK[7] = {2, 1, 1, 2, 1, 1, 1};
    /* V4: the planning board's execution order: 0 = human slot, 1 = Kaiju slot. */
    static const int VUL_SLOT_KAIJU[9] = {0, 0, 1, 0, 0, 1, 0, 0, 1};
    /* V4: human slots (board indices) of letter group g: 3 human seats 2 cards horizontally,
       fewer seats 3 cards vertically. Both tables are 3 wide (-1 pads a group's third card
       with 3 seats) so that no card index 0..2 reads outside them. */
    static const int VUL_GROUP_SLOTS3[3][3] = {{0, 1, -1}, {3, 4, -1}, {6, 7, -1}};
    static const int VUL_GROUP_SLOTS2[2][3] = {{0, 3, 6}, {1, 4, 7}};
    /* Disaster level +1..+3: which rounds use an Advanced event (bit r-1). */
    static const int VUL_ADVANCED_ROUNDS[4] = {0x00, 0x24, 0x2E, 0x3F};
    /* Tiles whose lava disaster levels -1 / -2 remove (V2): A-1a, B-2a. */
    static const int VUL_TILE_DL1 = 2;
    static const int VUL_TILE_DL2 = 11;
    """
    const int VUL_ADJ[18][4]
    const int VUL_SLOT[18]
    const int VUL_DIST[18][18]
    const int VUL_TILE[24][6]
    const int VUL_BONUS[8][2]
    const int VUL_HDECK[7]
    const int VUL_SLOT_KAIJU[9]
    const int VUL_GROUP_SLOTS3[3][3]
    const int VUL_GROUP_SLOTS2[2][3]
    const int VUL_ADVANCED_ROUNDS[4]
    const int VUL_TILE_DL1
    const int VUL_TILE_DL2


cdef inline int tile_letter(int t) noexcept nogil:
    return VUL_TILE[t][0]


cdef inline bint tile_is_omen(int t) noexcept nogil:
    return VUL_TILE[t][1] == 1


cdef inline int tile_value(int t) noexcept nogil:
    return VUL_TILE[t][2]


cdef inline int adj(int s, int k) noexcept nogil:
    return VUL_ADJ[s][k]


cdef inline bint adjacent(int a, int b) noexcept nogil:
    return VUL_DIST[a][b] == 1
