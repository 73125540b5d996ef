# cython: language_level=3
"""Eruption's data: board, villages, icons, lava tiles, action cards, tracks; the state struct,
its stages and the engine's bounds.

The Korean rules (../shared/rules/original/003_7154b299446c23da.txt) give none of the data; the
values are the assumptions of ../shared/rules/GAPS.md section 4 (E1, E2, E4, E9, E10, E11),
kept here only, so that real component data can replace them without touching the engine.

Indices:
- hexes 0..60: a hex grid of radius 4 in axial coordinates (q, r), listed row by row (r = -4..4,
  q ascending); rows are named a..i and hexes within a row 1..k, so the volcano (0, 0), hex 30,
  is "e5" (E1).
- directions 0..5 clockwise: NE (1,-1), E (1,0), SE (0,1), SW (-1,1), W (-1,0), NW (0,-1);
  the opposite of d is (d + 3) % 6. An edge is hex * 6 + direction.
- villages V0..V5 clockwise on the six sides of the island, V0 on the top side (E1); each has 7
  edges: the 2 outward edges of the 3 middle hexes of its side and the side-facing outward edge
  of the corner hex at the side's clockwise end.
- materials 0 straw, 1 wood, 2 stone (wall bonus +0, +1, +2: E8).
- lava tile kinds 0..7 (E2), 8 the eruption tile (E3), 9 the volcano; a tile's lava edges are a
  6-bit mask, rotated clockwise by its rotation.
- action cards 0..7: Aftershock, Quake, Sinkhole, Volcanic Bomb, Rain, Relocate, Reinforce,
  Lava Flow (E10).
"""

cdef enum:
    NHEX = 61
    NDIR = 6
    NEDGE = 366             # NHEX * NDIR
    VOLCANO = 30            # the centre hex (E1)
    NVILLAGES = 6
    VILLAGE_EDGES = 7       # E1
    NMAT = 3                # straw, wood, stone
    NKINDS = 8              # lava tile kinds (E2)
    K_ERUPTION = 8          # an eruption tile: lava on all 6 edges (E3)
    K_VOLCANO = 9           # the volcano: lava on all 6 edges, never removed (E1)
    NTILES = 40             # lava tiles in the stack (E2, public: 40)
    NERUPTIONS = 3          # eruption tiles (E3, public: 3)
    NCARDTYPES = 8
    HAND_LIMIT = 3          # after the turn (E10)
    START_CARDS = 3         # dealt to each player (E11, publisher set-up)
    TEMP_MAX = 300          # the end of the Burn Meter (E4, E13)
    TEMP_UNWALLED = 20      # an unwalled stream at the temperature check
    TEMP_BROKEN = 10        # a walled stream whose wall breaks
    TEMP_ERUPTION = 30      # everyone else when an eruption tile is placed (E3)
    RAIN_DROP = 30          # Rain lowers the temperature by 30 (E10)
    RAIN_REMOVED = 5        # the no-Rain variant removes 5 Rain cards (E10)
    NLEVELS = 3             # danger zones (E4)

# card ids
cdef enum:
    CARD_AFTERSHOCK = 0
    CARD_QUAKE = 1
    CARD_SINKHOLE = 2
    CARD_BOMB = 3
    CARD_RAIN = 4
    CARD_RELOCATE = 5
    CARD_REINFORCE = 6
    CARD_LAVA_FLOW = 7


cdef extern from *:
    """
    /* Axial coordinates of the 61 hexes, row by row (E1). */
    static const int ERU_HEX_Q[61] = {
        0, 1, 2, 3, 4, -1, 0, 1, 2, 3, 4, -2, -1, 0, 1, 2, 3, 4, -3, -2, -1, 0, 1, 2, 3, 4,
        -4, -3, -2, -1, 0, 1, 2, 3, 4, -4, -3, -2, -1, 0, 1, 2, 3, -4, -3, -2, -1, 0, 1, 2,
        -4, -3, -2, -1, 0, 1, -4, -3, -2, -1, 0};
    static const int ERU_HEX_R[61] = {
        -4, -4, -4, -4, -4, -3, -3, -3, -3, -3, -3, -2, -2, -2, -2, -2, -2, -2,
        -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1,
        2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4};
    /* Direction offsets (dq, dr), clockwise from NE. */
    static const int ERU_DIR_Q[6] = {1, 1, 0, -1, -1, 0};
    static const int ERU_DIR_R[6] = {-1, 0, 1, 1, 0, -1};
    /* Material icon of each hex: -1 none, 0 straw, 1 wood, 2 stone (E1: ring 2 alternates
       straw and wood from direction 0 clockwise, the 6 corners of ring 3 are stone). */
    static const int ERU_ICON[61] = {
        -1, -1, -1, -1, -1, -1, 2, -1, -1, 2, -1, -1, -1, 0, 1, 0, -1, -1, -1, -1, 1, -1,
        -1, 1, -1, -1, -1, 2, 0, -1, -1, -1, 0, 2, -1, -1, -1, 1, -1, -1, 1, -1, -1, -1,
        -1, 0, 1, 0, -1, -1, -1, 2, -1, -1, 2, -1, -1, -1, -1, -1, -1};
    /* The 7 edges (hex * 6 + direction) of each village V0..V5 (E1). */
    static const int ERU_VILLAGE_EDGE[6][7] = {
        {11, 6, 17, 12, 23, 18, 29}, {60, 61, 102, 103, 150, 151, 204},
        {253, 254, 295, 296, 331, 332, 361}, {356, 357, 350, 351, 344, 345, 338},
        {303, 304, 261, 262, 213, 214, 159}, {112, 113, 70, 71, 34, 35, 4}};
    /* Villages by player count, seat order (E11); unlisted villages have no owner. */
    static const int ERU_VILLAGE_OF[7][6] = {
        {0, 0, 0, 0, 0, 0}, {0, 0, 0, 0, 0, 0}, {0, 3, 0, 0, 0, 0}, {0, 2, 4, 0, 0, 0},
        {0, 1, 3, 4, 0, 0}, {0, 1, 2, 3, 4, 0}, {0, 1, 2, 3, 4, 5}};
    /* Lava tile kinds (E2): lava edge mask at rotation 0 (bit d = direction d) and count. */
    static const int ERU_KIND_MASK[10] = {9, 5, 3, 21, 11, 7, 27, 1, 63, 63};
    static const int ERU_KIND_COUNT[8] = {8, 8, 4, 6, 6, 2, 3, 3};
    /* Action cards (E10): count in the deck and the wall material printed on the card. */
    static const int ERU_CARD_COUNT[8] = {5, 5, 4, 4, 6, 5, 6, 3};
    static const int ERU_CARD_MAT[8] = {2, 2, 1, 1, 1, 0, 0, 0};
    /* Walls (E9): the supply of each material, players' starting walls included. */
    static const int ERU_WALLS_TOTAL[3] = {18, 15, 15};
    /* Danger zones start at these temperatures (E4). */
    static const int ERU_LEVEL_TEMP[3] = {50, 120, 200};
    /* Wall test (E8): the lava wins on 1d6 >= 1d6 + bonus; P(lava wins) x 36 per material. */
    static const int ERU_BREAK_36[3] = {21, 15, 10};
    """
    const int ERU_HEX_Q[61]
    const int ERU_HEX_R[61]
    const int ERU_DIR_Q[6]
    const int ERU_DIR_R[6]
    const int ERU_ICON[61]
    const int ERU_VILLAGE_EDGE[6][7]
    const int ERU_VILLAGE_OF[7][6]
    const int ERU_KIND_MASK[10]
    const int ERU_KIND_COUNT[8]
    const int ERU_CARD_COUNT[8]
    const int ERU_CARD_MAT[8]
    const int ERU_WALLS_TOTAL[3]
    const int ERU_LEVEL_TEMP[3]
    const int ERU_BREAK_36[3]


# ---------------------------------------------------------------- parameters (X5, X7)
# One source for the ranges: the spec's Params, __init__'s checks and the JSON ranges read them.
cdef enum:
    MIN_SEATS = 2
    MAX_SEATS = 6           # the protocol's MAX_PLAYERS is 6 too: the struct's seat arrays
    DEFAULT_CAP = 200       # X5: the game ends by itself within 40 + n turns (E12)
    MAX_CAP = 1000

# ---------------------------------------------------------------- stages, contexts, engine bounds
cdef enum:
    ST_DEAL = 0         # chance: starting hands, 3 cards per seat in seat order
    ST_START = 1        # chance: the starting player
    ST_TEMP_TEST = 2    # chance: test of a village wall at the temperature check
    ST_TILE_DRAW = 3    # chance: draw a lava tile
    ST_TILE_HEX = 4     # choose the hex of the drawn tile
    ST_TILE_ROT = 5     # choose its rotation
    ST_BLOCK_TEST = 6   # chance: test of a blocking wall the new tile's lava faces
    ST_EXTRA = 7        # level 3: take an extra tile or not
    ST_ERUPT_HEX = 8    # place a held eruption tile
    ST_DRAW = 9         # chance: draw action cards owed
    ST_CARDS = 10       # the card step: play, discard for a wall, exchange two, or done
    ST_AFTER_HEX = 11   # Aftershock: the tile to turn
    ST_AFTER_ROT = 12   # Aftershock: its new rotation
    ST_QUAKE_HEX = 13   # Quake: the tile to replace
    ST_QUAKE_DRAW = 14  # chance: Quake's new tile
    ST_QUAKE_ROT = 15   # Quake: the new tile's rotation
    ST_SINK_HEX = 16    # Sinkhole: the tile to remove
    ST_BOMB_EDGE = 17   # Volcanic Bomb: the wall to remove
    ST_RELOC_FROM = 18  # Relocate: a village wall to move, or done
    ST_RELOC_TO = 19    # Relocate: where it goes
    ST_WALL_EDGE = 20   # the wall step: an edge, or done
    ST_WALL_MAT = 21    # the wall's material
    ST_LIMIT = 22       # discard down to the hand limit
    ST_END = 23
    NUM_STAGES = 24

# where a tile or a card draw came from, i.e. where the turn resumes after it
cdef enum:
    CTX_NORMAL = 0      # the turn's tile
    CTX_EXTRA = 1       # the level-3 extra tile
    CTX_ERUPT = 2       # a held eruption tile
    CTX_CARD = 3        # the card step (bonus draw, Lava Flow, exchange, Quake, Aftershock)
    CTX_DEAL = 4        # set-up

cdef enum:
    CARD_CAP = 10       # card actions per turn at most (engine bound, see rules.md, X5)
    RELOC_CAP = 9       # wall moves per Relocate at most: enough for any arrangement (X5)
    LOG_MAX = 512       # card history events kept (draws, spends, reshuffles)
    LOG_SPEND = 64      # history code of a spend: LOG_SPEND + seat * 8 + card
    LOG_RESHUFFLE = 128
    LOG_PSEUDO = 7      # the seat that stands for the discards in a compacted history


ctypedef struct EruptionData:
    # every field is a short: the struct has no padding, so memcmp equality is exact
    short n
    short rain              # 1: all 6 Rain cards; 0: the no-Rain variant (5 removed)
    short turn_cap
    short turns             # turns begun
    short stage
    short cur               # the player whose turn it is (the drawer at ST_DEAL)
    short start             # the starting player, -1 before it is drawn
    short ctx
    short deal_left         # set-up cards still to deal
    short tile[NHEX]        # -1 empty, 0..7 lava tile kind, 8 eruption tile, 9 volcano
    short rot[NHEX]
    short mask[NHEX]        # lava edges of the tile as placed (derived, kept for speed)
    short wall[NEDGE]       # -1 none, else the material of the wall on that edge
    short stack[NKINDS]     # lava tiles left in the stack, by kind
    short tiles_out         # lava tiles out of the game (discarded, replaced, sunk)
    short deck[NCARDTYPES]
    short discard[NCARDTYPES]
    short hand[MAX_SEATS * NCARDTYPES]
    short supply[NMAT]
    short stock[MAX_SEATS * NMAT]
    short temp[MAX_SEATS]
    short claimed[NLEVELS]  # the seat that first reached each zone, -1 (E3)
    short held[MAX_SEATS]   # eruption tiles held, not yet placed
    short ending            # the end is triggered (E12)
    short final_left        # turns left in the final round (0 before it)
    short walls_left        # walls still allowed this turn
    short reinforce         # Reinforce cards played this turn
    short extra_used        # the level-3 extra tile was taken this turn
    short card_actions      # card actions this turn (CARD_CAP)
    short reloc_moves       # wall moves in the current Relocate
    short pending           # action cards owed to the current player
    short check_idx         # temperature check: next village edge
    short cur_tile          # the kind of the tile being placed
    short sel_hex
    short sel_rot
    short sel_edge
    short tested            # blocking test: directions of the new tile still facing walls
    short refused[NHEX]     # hexes where a wall held against the tile being placed (E8)
    # Derived from tile and mask, kept for speed (not in the JSON: kept up to date by
    # `board_changed` on every change of the board, computed by `derive_board` on load):
    # per hex, bits 0-5 the directions with an occupied neighbour and bits 6-11 those whose
    # facing edge has lava (its placement constraints); 64-bit hex sets as 4 shorts (bit h =
    # hex h): the lava front (the empty hexes a tile's lava faces) and the tiles next to it.
    short nb_cons[NHEX]
    short front_set[4]
    short front_tiles[4]
    # The card history (what resampling needs, see `resample_data`): one code per event,
    # s*8+k a draw of card k by seat s, LOG_SPEND+s*8+k a spend (play or discard),
    # LOG_RESHUFFLE a reshuffle. At the first reshuffle the history before it is compacted to
    # the hands and discards of that moment (seat LOG_PSEUDO draws and spends the discards).
    short reshuffles        # reshuffles so far
    short hlog_full         # 1: the history overflowed LOG_MAX (never seen; see rules.md)
    short hlog_len
    short hlog[LOG_MAX]


# What ext/dispatch.pxi works on; card and tile draws are weighted, so chance is not uniform.
ctypedef EruptionData GameData
cdef enum:
    UNIFORM_CHANCE = 0
