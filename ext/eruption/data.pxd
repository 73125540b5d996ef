# cython: language_level=3
"""Eruption's physical data: board, villages, icons, lava tiles, action cards, tracks.

The Korean rules (../shared/rules/original/003_7154b299446c23da.txt) give none of this; the
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
