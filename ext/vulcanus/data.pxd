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
    /* The number of lines from each square (derived from VUL_ADJ: its entries before the
       -1 pads). */
    static const int VUL_DEGREE[18] = {2, 4, 2, 4, 4, 3, 3, 4, 3, 3, 3, 4, 3, 3, 3, 2, 4, 2};
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
    const int VUL_DEGREE[18]
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


# ---------------------------------------------------------------- state
# card zones
cdef enum:
    Z_NONE = 0          # a role deck not in this game
    Z_DECK = 1          # pos = layer (lower layers are drawn first)
    Z_HAND = 2
    Z_MARKED = 3        # in hand, set aside for a redraw
    Z_DISCARD = 4
    Z_SLOT = 5          # pos = planning-board slot

cdef enum:
    NCARDS = 39         # 3 letter groups x 9 + the Kaiju's 12
    KDECK_ID = 3
    KNOWN = -1          # blk: the card's identity is public

# track cell contents
cdef enum:
    TC_EMPTY = 0
    TC_CIT = 1
    TC_VIP = 2
    TC_LAVA = 3
    TC_ATTACK = 4
    TC_BONUS = 10       # + bonus tile

# bonus tile locations
cdef enum:
    B_BOX = 0           # never drawn
    B_HAND = 1          # held by the Kaiju, face down
    B_ASIDE = 2         # seen by the Kaiju and put back in the box
    B_DECLARED = 3
    B_DRAWN = 4         # drawn at set-up, not yet chosen

# effects (human 0..9, Kaiju 100 + type)
cdef enum:
    E_MOVE_CIT = 0
    E_MOVE_FB = 1
    E_MOVE_SDF = 2
    E_FIRE = 3
    E_CMD = 4
    E_MOBIL = 5
    E_HELI = 6
    E_SHELL = 7
    E_RESEARCH = 8
    E_CONT = 9
    E_KAIJU = 100

# stages
cdef enum:
    ST_TILES = 0        # chance: set-up tile for square setup_idx
    ST_BONUS_DRAW = 1   # chance, hidden from the Humans
    ST_BONUS_DROP = 2
    ST_KSTART = 3
    ST_ROLE = 4
    ST_HSTART_FB = 5
    ST_HSTART_SDF = 6
    ST_EVENT_DRAW = 7   # chance: which Advanced event
    ST_EVENT_ADJ = 8
    ST_DRAW = 9         # chance, hidden from all but the deck's owner
    ST_PLAN = 10
    ST_PERM = 11
    ST_KPLAN = 12
    ST_WALK1 = 13
    ST_WALK2 = 14
    ST_TRAMPLE = 15
    ST_BOMB = 16
    ST_ROAR = 17
    ST_UNDER = 18
    ST_FLOW1 = 19
    ST_FLOW2 = 20
    ST_VICTIM = 21
    ST_EVOLVE = 22
    ST_DECLARE = 23
    ST_MOVE = 24
    ST_FF = 25
    ST_CMD = 26
    ST_EVAC = 27
    ST_INVEST = 28
    ST_MOB = 29
    ST_HELI1 = 30
    ST_HELI2 = 31
    ST_SHELL = 32
    ST_RESEARCH = 33
    ST_CONT = 34
    ST_BASE = 35
    ST_END = 36
    ST_BUDGET = 37      # Research's Additional: may advance the budget track
    NUM_STAGES = 38

# program counter of the round flow (what `proceed` does next)
cdef enum:
    PC_ROUND = 0
    PC_AFTER_EVENT = 1
    PC_PLAN = 2
    PC_PERM = 3
    PC_KPLAN = 4
    PC_EXEC = 5
    PC_EFFECT = 6
    PC_KAFTER = 7
    PC_DECLARE = 8
    PC_LAVA = 9
    PC_BASE = 10

cdef enum:
    CTX_BASE = 0
    CTX_CMD = 1


ctypedef struct VulData:
    int n                   # seats: 0 Kaiju, 1..n-1 Humans
    int ngroups             # letter groups / roles in play: 2 (1-2 Humans) or 3
    int turn_cap            # rounds played at most (X5); the game has 6
    int disaster            # -3..+3
    int stage
    int pc
    int cur
    int round               # 1..6 once play starts
    int setup_idx
    int winner              # -1, 0 Kaiju, 1 Humans
    # map
    int cit[18]
    int vip[18]
    int lava[18]
    int fb[18]
    int sdf[18]
    int base[18]
    int tile_at[18]         # tile id or -1
    int kpos
    int omen_sq
    # tracks and supplies
    int defense[30]
    int damage[40]
    int def_filled          # filled cells of each track (kept with the cells)
    int dmg_filled
    int attack_left
    int fund_pool
    int fund_used
    int fund_stock
    int budget
    int inv
    int inv_attack_done
    int fb_stock
    int sdf_stock
    int base_stock
    int lava_out            # lava taken from the pools, the infinite one included
    int pending_evo
    int evolved[6]
    int full
    # events
    int adv_left[2]
    int ev_kind[6]          # per round: -1 not revealed, else EV_*
    # destruction bonus tiles
    int bonus_loc[8]
    int bonus_drawn
    # roles and cards
    int role[3]
    int perm[3]             # slot set of letter group g
    int ctype[39]
    int zone[39]
    int pos[39]
    int blk[39]             # public knowledge block (KNOWN or a block id)
    # the public record of each deck's rounds (perfect recall, X4): what every seat saw of
    # the draws, redraws and plans, indexed by deck dk and round r (0-based), see `rec`.
    # Shorts, not ints: the values are small (state_json.pxi checks that the loader's ranges
    # fit) and a clone copies 864 bytes less (a signed char array would be bytes in JSON)
    short hx[144]           # [rec(dk, r) * 6 + l] cards drawn this round from layer l
    short hm[144]           # [rec(dk, r) * 6 + j] cards set aside and redrawn after epoch j
    short hk[72]            # [rec(dk, r) * 3 + k] epoch in which the k-th card was planned, -1
    short hv[72]            # [rec(dk, r) * 3 + k] its card type once revealed, -1
    int next_layer[4]
    int slot_card[9]
    # planning
    int group_i
    int draw_deck
    int draw_left
    int placed
    # execution
    int slot
    int actor
    int eff_q[3]
    int eff_addq[3]
    int eff_n
    int eff_i
    int eff_add
    int u_ff
    int u_cmd2
    int u_spec
    int k_full
    int steps
    int ff_fb[18]
    int ff_base
    int mob_used
    int cmd_used
    int cmd_count
    int sub_sq
    int ctx
    int first_sq
    int heli_src
    int lava_sq
    int kills_left
    int base_done
    # Derived, not in the JSON (issue 26): the cards in each deck layer, bit i for card
    # deck_first(dk) + i at [dk * 8 + layer], so a draw reads its layer instead of scanning
    # the deck's cards. Kept with zone/pos where cards enter or leave a deck (init_data,
    # prepare_decks, chance_draw); derive_layers rebuilds it after a load.
    unsigned short layer_cards[32]

ctypedef VulData GameData

cdef enum:
    UNIFORM_CHANCE = 0      # card draws are weighted by the cards left in the top layer
