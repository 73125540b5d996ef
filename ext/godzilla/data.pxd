# cython: language_level=3
"""Godzilla's physical data: the map, the cards, the tile and piece mixes (one place).

The rules summary (../shared/rules/original/002_122c2c0a700e9ff9.txt, translated in
../shared/rules/godzilla.en.md) gives no map, no card texts and no counts beyond a few; the
values here are the assumptions of ../shared/rules/GAPS.md section 3, cited by ID. Real data can
replace them without engine changes: the engine reads the components only through these names.

Indices used throughout:
- squares 0..19: sq = 5 * y + x on the 5 x 4 grid of G1 (x west to east, y north to south);
- roads 0..28: the 14 east-west roads row by row, then the 15 north-south roads (G1);
- colours / governors 0..3: Tokyo, Saitama, Chiba, Kanagawa (the evacuation order, G6);
- route tile kinds 0..3: rail, road, river, tram (G6);
- support cards 0..3 of the random pool: Air strike, High-voltage current, Tank deployment,
  Emergency press conference (G10); Vehicle procurement cards are counted apart;
- press card kinds 0..7 (G11).
"""

cdef enum:
    NSQ = 20                    # squares (G1)
    GRID_W = 5
    GRID_H = 4
    NROADS = 29                 # G1: all orthogonal neighbours but the moat and the river
    NCOL = 4                    # evacuee colours = governors
    NKINDS = 4                  # route tile kinds (G6)
    TILES_PER_KIND = 9          # G6: 36 = 4 x 9
    NSTATUS = 12                # evacuation status cards (G9)
    NROUNDS = 6
    NLANDMARKS = 5
    NPRESS_PIECES = 6           # one per round
    EVAC_PER_COLOUR = 10        # G8: the bag holds 40
    NPRESS_KINDS = 8            # G11
    PRESS_PER_KIND = 3          # G11: 24 = 8 x 3
    PRESS_DECK = 24
    NSUPPORT = 4                # G10: the pool beside the 4 Vehicle procurement cards
    VEHICLE_CARDS = 4           # one per governor (G10)
    VEHICLE_TILES = 2           # G10: Vehicle procurement turns up 2 more route tiles
    HV_TILES = 3                # set-up step 9
    TANK_TILES = 3
    HV_PER_CARD = 3             # G10: up to 3 tiles per card
    TANK_PER_CARD = 3
    FOOTPRINTS = 4              # set-up step 10
    TILES_PER_ROUND = 5         # planning phase
    START_DICE = 3              # G4
    START_REROLLS = 1
    AWAKEN_DICE = 3             # the Kaiju Awakening area (set-up step 10, G4)
    AWAKEN_REROLLS = 2
    MAX_DICE = 6
    KAIJU_START = 17            # Shibaura
    TOKYO_BAY = 19
    LANDMARK_POINTS = 2         # G13
    ITEM_POINTS = 1
    OXYGEN_DESTROYER_POINTS = 20    # G11
    PRESS_CONF_CARDS = 2        # G10: Emergency press conference draws 2 Press cards
    PRESS_PIECE_COUNTS = 0      # G7: the literal reading; 1 = the Press piece counts itself

# support card kinds (G10)
cdef enum:
    SUP_AIR = 0
    SUP_HV = 1
    SUP_TANK = 2
    SUP_CONF = 3

# what a road holds (G1: at most one tile; Footprints are kept apart)
cdef enum:
    R_EMPTY = 0                 # 1..4 = route tile of kind 0..3
    R_HV = 5
    R_TANK = 6


cdef extern from *:
    """
    /* G1 map: the two ends of each road (squares 5*y+x). East-west roads row by row (no
       Radio Tower-Marunouchi, the moat; no Tsukiji-Fukagawa, the river), then north-south. */
    static const int GZ_ROAD_A[29] = {0, 1, 2, 3, 5, 7, 8, 10, 11, 12, 15, 16, 17, 18,
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    static const int GZ_ROAD_B[29] = {1, 2, 3, 4, 6, 8, 9, 11, 12, 13, 16, 17, 18, 19,
                                      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    /* Landmark squares (set-up step 4): Ueno, Radio Tower, Kasumigaseki, Ginza, Kachidoki. */
    static const int GZ_LANDMARK_SQ[5] = {3, 6, 11, 12, 18};
    /* Home square of each colour (G1): Tokyo, Saitama, Chiba, Kanagawa. */
    static const int GZ_HOME_SQ[4] = {0, 2, 9, 15};
    /* G9: the 12 Evacuation status cards, main square and alternative square. */
    static const int GZ_STATUS_MAIN[12] = {1, 3, 4, 5, 7, 8, 10, 12, 13, 14, 16, 11};
    static const int GZ_STATUS_ALT[12] = {5, 4, 3, 10, 8, 7, 5, 13, 12, 4, 10, 7};
    /* G8: Evacuees drawn from the bag in rounds 1..6. */
    static const int GZ_EVAC_PER_ROUND[6] = {2, 3, 3, 4, 4, 5};
    static const char* GZ_SQ_NAME[20] = {
        "Tokyo Home", "Ikebukuro", "Saitama Home", "Ueno", "Asakusa",
        "Shinjuku", "Radio Tower", "Marunouchi", "Nihonbashi", "Chiba Home",
        "Shibuya", "Kasumigaseki", "Ginza", "Tsukiji", "Fukagawa",
        "Kanagawa Home", "Shinagawa", "Shibaura", "Kachidoki", "Tokyo Bay"};
    static const char* GZ_COLOUR_NAME[4] = {"Tokyo", "Saitama", "Chiba", "Kanagawa"};
    static const char* GZ_KIND_NAME[4] = {"rail", "road", "river", "tram"};
    static const char* GZ_SUPPORT_NAME[4] = {"air strike", "high-voltage current",
                                             "tank deployment", "emergency press conference"};
    """
    const int GZ_ROAD_A[29]
    const int GZ_ROAD_B[29]
    const int GZ_LANDMARK_SQ[5]
    const int GZ_HOME_SQ[4]
    const int GZ_STATUS_MAIN[12]
    const int GZ_STATUS_ALT[12]
    const int GZ_EVAC_PER_ROUND[6]
    const char* GZ_SQ_NAME[20]
    const char* GZ_COLOUR_NAME[4]
    const char* GZ_KIND_NAME[4]
    const char* GZ_SUPPORT_NAME[4]
