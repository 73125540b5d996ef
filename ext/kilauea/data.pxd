# cython: language_level=3
"""Kilauea's physical data: board geometry, piece counts, tile costs (one place, GAPS K1-K5).

Everything the rulebook or GAPS.md fixes about the components lives here as C constants, so
real board data can replace the assumed layout without touching the engine (ext/kilauea/engine.pyx).

Indices used throughout:
- colours 0..3 = red, yellow, green, blue (K1);
- sectors 0..4 = S1..S5 clockwise; forest Fk belongs to sector Sk (K2);
- forest spaces 0..10 = a1..a4 (coast row), b1..b4 (bi behind ai), c1..c3 (inner row next to
  the volcano tile; cj behind bj and b(j+1)); F3..F5 have no c3 (K2);
- canoe track positions 0..9: sector = pos // 2, pos % 2 = 0 is space (k,1), 1 is (k,2);
  -1 is the start space, outside the loop (K3, K8);
- reef Rk (0..4) lies between Sk and S(k+1): space (k,2) touches Rk, (k,1) touches R(k-1) (K3);
- action tiles 0..9 = tile n+1: coral action n+1 on one side, volcano action n+1 on the other (K5).
"""

cdef enum:
    K_MIN_PLAYERS = 2           # X7
    K_MAX_PLAYERS = 4
    K_COLOURS = 4
    K_SECTORS = 5
    K_SPACES = 11               # spaces on the largest forest board
    K_TILES = 10
    K_KINDS = 20                # secondary actions: coral 1..10 (0..9), volcano 1..10 (10..19)
    K_TIKIS_PER_COLOUR = 18
    K_TIKIS = 72
    K_STONES = 16
    K_CRATER_START = 2          # "Place 2 Holy Stones in the center of the Volcano"
    K_STONES_START = 2          # GAPS K4: every player starts with 2 holy stones
    K_REMOVED_2P = 3            # 2 players: 3 tikis of each colour go back to the box (K16)
    K_CANOE_TIKIS = 4
    K_CANOE_STONES = 5          # GAPS K9
    K_COLUMN_MAX = 6            # volcano columns and island stacks
    K_TRACK = 10                # canoe spaces with 3-4 players
    K_TRACK_2P = 5              # with 2 players the (k,2) spaces are sea tiles (K3, K16)
    K_ISLAND_COST = 2           # stones offered to place a tiki on the island
    K_VOLCANO_TAKE = 3          # stones taken after placing on the volcano
    K_CORAL2_TAKE = 2
    K_CORAL8_TAKE = 1
    K_ALL_SECTORS_BONUS = 15
    K_TILE_VP = 2               # coral 1 and volcano 1: +2 VP
    K_DRAFT_PICKS = 2           # tikis each player drafts from the volcano
    K_MIN_TURN_CAP = 1
    K_DEFAULT_TURN_CAP = 300    # GAPS K15
    K_MAX_TURN_CAP = 100000
    K_ROW_C = 0x700             # forest spaces c1..c3 (the row next to the volcano tile)


cdef extern from *:
    """
    /* Spaces that must all be empty for a forest space to be accessible (GAPS K2):
       ai: none; bi: ai; cj: bj, b(j+1), aj, a(j+1). Bit i = space i. */
    static const unsigned short KIL_ACCESS[11] = {
        0x000, 0x000, 0x000, 0x000,
        0x001, 0x002, 0x004, 0x008,
        0x033, 0x066, 0x0CC};
    /* Spaces that exist on each forest board: F1, F2 have 11, F3..F5 have 10 (no c3). */
    static const unsigned short KIL_BOARD_SPACES[5] = {0x7FF, 0x7FF, 0x3FF, 0x3FF, 0x3FF};
    /* "3+" spaces, left empty with 2 players: a1, a4 everywhere, c3 on F1 and F2 (K2, K16). */
    static const unsigned short KIL_THREE_PLUS[5] = {0x409, 0x409, 0x009, 0x009, 0x009};
    /* The reef each canoe space touches (K3): (k,1) touches R(k-1), (k,2) touches Rk. */
    static const int KIL_REEF_OF_SPACE[10] = {4, 0, 0, 1, 1, 2, 2, 3, 3, 4};
    /* Sector distance around the volcano: 1 = adjacent, 2 = non-adjacent (coral/volcano 5, 6). */
    static const int KIL_SECTOR_DISTANCE[5][5] = {
        {0, 1, 2, 2, 1}, {1, 0, 1, 2, 2}, {2, 1, 0, 1, 2}, {2, 2, 1, 0, 1}, {1, 2, 2, 1, 0}};
    /* Holy stones each secondary action costs: coral 1..10, then volcano 1..10. */
    static const int KIL_COST[20] = {0, 0, 1, 0, 0, 0, 0, 0, 3, 0,
                                     1, 3, 1, 1, 1, 1, 0, 2, 4, 2};
    """
    const unsigned short KIL_ACCESS[11]
    const unsigned short KIL_BOARD_SPACES[5]
    const unsigned short KIL_THREE_PLUS[5]
    const int KIL_COST[20]
    const int KIL_REEF_OF_SPACE[10]
    const int KIL_SECTOR_DISTANCE[5][5]


cdef enum:
    NUM_CHANCE = 10     # chance outcomes: a colour (4), a tile (10) or a seat (4)

# phases
cdef enum:
    PH_FOREST = 0   # chance: forest tikis
    PH_TILES = 1    # chance: action tiles
    PH_START = 2    # chance: starting player
    PH_DRAFT = 3
    PH_MOVE = 4
    PH_MAIN = 5
    PH_CUT2 = 6     # second cut or stop
    PH_SECOND = 7   # choose a secondary action or pass
    PH_TARGET = 8   # choose the tile a coral/volcano 3 activates
    PH_EFFECT = 9   # choose the parameters of the tile being resolved
    PH_BACK = 10    # second half of coral 10 / volcano 10
    PH_OVER = 11

# secondary action kinds: 0..9 coral 1..10, 10..19 volcano 1..10
cdef enum:
    C1 = 0
    C2 = 1
    C3 = 2
    C4 = 3
    C5 = 4
    C6 = 5
    C7 = 6
    C8 = 7
    C9 = 8
    C10 = 9
    V1 = 10
    V2 = 11
    V3 = 12
    V4 = 13
    V5 = 14
    V6 = 15
    V7 = 16
    V8 = 17
    V9 = 18
    V10 = 19


# The whole game state: one C struct, copied by memcpy (clone) and compared by memcmp.
ctypedef struct KData:
    int turn_cap
    int turns               # completed turns (K15 cap)
    int vp[4]
    short tiles_left        # bitmask of tiles not yet placed (set-up)
    short opp_unlocked      # tiles unlocked this turn, not yet activated (K7)
    unsigned short occ[5]   # occupied forest spaces (derived from forest, kept for speed)
    signed char n           # players
    signed char phase
    signed char player      # player to act (decisions), or the turn's player
    signed char start       # starting player
    signed char step        # set-up step (forest space / tile slot) or draft pick
    signed char pawn        # -1 start space, 0..9 canoe track (K3)
    signed char crater      # holy stones in the volcano
    signed char box_stones  # stones out of play (K4)
    signed char box_tikis   # tikis removed (2 players, K16)
    signed char midscored   # intermediate scoring done (K12)
    signed char opp_coral   # this turn's coral opportunity still open (after a cut)
    signed char opp_hill    # this turn's hillside opportunity still open (after a placement)
    signed char kind        # tile being resolved (PH_EFFECT/PH_BACK) or the 3 (PH_TARGET)
    signed char ef, ei      # coral 10: vacated forest space
    signed char ex, ey, ec  # coral 10 / volcano 10: sectors X, Y and the first colour
    signed char pool[4]     # set-up: tikis of each colour still to place in forests
    signed char stones[4]
    signed char canoe[4][4]
    signed char island[4][5][4]
    signed char volcano[5][4]
    signed char forest[5][11]   # colour or -1
    signed char reef[5]         # coral tile at Rk (tile 0..9), -1 before set-up
    signed char fcentre[5]      # volcano tile locked in Fk, -1 if none
    signed char hill[5]         # volcano tile on the hillside of Sk, -1 if none


# For the shared dispatch (ext/dispatch.pxi): the game's struct, and whether every chance
# node is uniform (no: a forest tiki's colour is drawn by what is left of each colour).
ctypedef KData GameData

cdef enum:
    UNIFORM_CHANCE = 0
