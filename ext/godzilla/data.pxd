# cython: language_level=3
"""Godzilla's data: the map, the cards, the tile and piece mixes, the stages and the state
struct (one place).

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

The invented values of G20 (the G7 readings, the Evacuees per round of G8, the status cards of
G9, the support cards' effects of G10) are game options: their defaults and ranges are the
GZ_* constants below, the engine keeps the chosen values in the state struct (opt_*), and the
constants PRESS_PIECE_COUNTS, VEHICLE_TILES, ... are the defaults, chosen for balance (G20), and
LEGACY_* the values before that choice.
The roads of G1 keep their ids (the action encoding is built on these 29 roads): the road_gaps
option closes the first few of GZ_EXTRA_GAP instead, and extra_gap one road of GZ_ONE_GAP,
roads that then do not exist (G1, G20).
"""

# parameter ranges: the spec's Params, __init__ and the JSON table read these (X5)
cdef enum:
    GZ_MIN_PLAYERS = 2
    GZ_MAX_PLAYERS = 5             # the Kaiju and 1..4 humans (G14)
    GZ_MAX_TURN_CAP = 1000

# G20: the tunable invented values, as game options (the spec's Params, __init__, the JSON
# table). Each default is the value G7-G10 assume; the ranges keep every count within the
# components the rulebook gives (3 High-voltage and 3 Tank tiles, 24 Press cards, 40 Evacuees).
cdef enum:
    GZ_MIN_EVAC_BONUS = -2          # G8: Evacuees added to every round's 2, 3, 3, 4, 4, 5
    GZ_MAX_EVAC_BONUS = 3           # (a round never places fewer than 0)
    GZ_MAX_EVAC_PER_ROUND = 8       # 5 + GZ_MAX_EVAC_BONUS
    GZ_NSTATUS_SETS = 3             # G9: 0 the table of G9, 1 squares next to a Home square,
                                    # 2 those of them at least 3 roads from Shibaura
    GZ_MAX_VEHICLE_TILES = 4        # G10: route tiles a Vehicle procurement turns up (default 2)
    GZ_MIN_BARRIER_TILES = 1        # G10: High-voltage / Tank tiles a card places (default 3;
    GZ_MAX_BARRIER_TILES = 3        # 3 of each exist, set-up step 9)
    GZ_MAX_AIR_STRIKE_DICE = 3      # G10: dice an Air strike takes away (default 1; the Kaiju keeps 1)
    GZ_MAX_PRESS_CONF_CARDS = 8     # G10: Press cards an Emergency press conference draws (default 2)
    GZ_MAX_ROAD_GAPS = 3            # G1: extra gaps between squares, the first of GZ_EXTRA_GAP
    GZ_NEXTRA_GAPS = 5              # G1: extra_gap 0 (none) or one road of GZ_ONE_GAP (1..4)

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
    VEHICLE_TILES = 4           # G10: Vehicle procurement turns up 4 more route tiles (G20)
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
    PRESS_CONF_CARDS = 8        # G10: Emergency press conference draws 8 Press cards (G20)
    PRESS_PIECE_COUNTS = 1      # G7: the Press piece counts itself (G20; 0 the literal reading)
    PRESS_EVERY_HOME = 1        # G7: Evacuees count from every Home square in the phase ("at the
                                # same time", G20; 0 from the Press piece's Home square only)
    AIR_STRIKE_DICE = 3         # G10: an Air strike takes 3 dice away, the Kaiju keeps 1 (G20)
    STATUS_SET = 2              # G9: the squares one road from a Home square and 3 from Shibaura
                                # (G20; 0 G9's table, 1 every square one road from a Home square)
    EVAC_BONUS = 0              # G8: GZ_EVAC_PER_ROUND as it is
    ROAD_GAPS = 2               # G1: Ginza-Shibaura and Shibaura-Kachidoki closed too (G20)
    EXTRA_GAP = 2               # G1: Radio Tower-Kasumigaseki closed too (G20)

# G20: the values of G7-G10 before issue 29 chose the defaults above for balance (rules.md,
# G20). A save, a record or a kept result without an option was played with these (the
# spec's Param.legacy_default), so old games keep their meaning.
cdef enum:
    LEGACY_VEHICLE_TILES = 2
    LEGACY_PRESS_CONF_CARDS = 2
    LEGACY_PRESS_PIECE_COUNTS = 0
    LEGACY_PRESS_EVERY_HOME = 0
    LEGACY_AIR_STRIKE_DICE = 1
    LEGACY_STATUS_SET = 0
    LEGACY_ROAD_GAPS = 0
    LEGACY_EXTRA_GAP = 0

# the bag, the route pile, the Press deck and the dice are not uniform draws
cdef enum:
    UNIFORM_CHANCE = 0

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


# stages
cdef enum:
    ST_STATUS = 0           # chance: this round's Evacuation status card
    ST_BAG = 1              # chance: colour of an Evacuee drawn from the bag
    ST_SUPPORT_REVEAL = 2   # chance: the support card beside "4" / "6"
    ST_SUPPORT = 3          # humans: play Air strike / High-voltage / Tank, or done
    ST_HV_PLACE = 4         # humans: High-voltage tiles
    ST_TANK_PLACE = 5       # humans: Tank tiles
    ST_TANK_MOVE = 6        # humans: move Tanks
    ST_OMEN = 7             # Kaiju: Footprint tiles
    ST_TILES = 8            # chance: a route tile turned up
    ST_PLAN = 9             # humans: place route tiles, Vehicle procurement
    ST_ROLL = 10            # chance: the faces of all the dice rolled, as a multiset
    ST_REROLL = 11          # Kaiju: dice to reroll
    ST_STRAIGHT = 12        # Kaiju: movement group
    ST_RAYGRP = 13          # Kaiju: heat-ray group
    ST_ORDER = 14           # Kaiju: which group first
    ST_STEP = 15            # Kaiju: movement steps
    ST_RAYDIR = 16          # Kaiju: heat-ray direction
    ST_AWAKEN = 17          # Kaiju: take a die or a Reroll tile
    ST_EVAC = 18            # humans: move pieces of colour evc (4 = Press pieces)
    ST_PRESSCONF = 19       # humans: Emergency press conference or not
    ST_REVEAL = 20          # chance: the Press cards won, turned over at scoring
    ST_END = 21
    NUM_STAGES = 22

# Every field is a short: the struct has no padding, so equal states are equal bytes.
ctypedef struct GodzillaData:
    short n                 # seats: 0 Kaiju, 1..n-1 humans
    short turn_cap          # X5 parameter: rounds before the return round, 6 and above = 6
    short last              # the last ordinary round: min(turn_cap, 6)
    short round             # 1..6, 7 = the Kaiju return round
    short stage
    short kaiju             # the Kaiju's square
    short landmark[20]      # a Landmark piece on the square
    short evac[80]          # Evacuees: square * 4 + colour
    short moved[80]         # of which moved this evacuation phase
    short press[20]         # Press pieces on the square
    short press_moved[20]
    short road[29]          # R_EMPTY, 1..4 route tile kind + 1, R_HV, R_TANK
    short foot[29]          # a Footprint tile on the road
    short crossed[29]       # footprint road crossed in this execution phase (G5)
    short tank_new[29]      # Tank placed in this situation phase: no move (G19)
    short tank_moved[29]    # Tank moved in this situation phase
    short bag[4]
    short pile[4]           # route tiles face down, per kind (the order is chance, X3)
    short stock[4]          # Placeable tile stock (G6)
    short status_used[12]   # status cards revealed
    short status[6]         # card of each round, -1 until revealed
    short support[4]        # 0 unrevealed (beside 4/6 or in the box), 1 revealed, 2 used
    short vehicle[4]        # each governor's Vehicle procurement card not yet played
    short planner           # the human seat planning now (G14, G17)
    short hv_stock
    short tank_stock
    short to_place          # High-voltage / Tank tiles still allowed by the card played
    short air               # Air strike played this round
    short dice_own          # Kaiju dice (G4)
    short rerolls_own       # Reroll tiles fitted
    short aw_dice           # dice and Reroll tiles left in the Awakening area
    short aw_rerolls
    short dice[6]           # dice showing each value (this execution phase)
    short to_roll           # dice still to roll at ST_ROLL
    short reroll_left       # rerolls still allowed; reroll_min: next value (ascending)
    short reroll_min
    short rerolled          # the single reroll is used (G4)
    short mv_k              # movement group size (steps), 0 none
    short mv_a              # its lowest value (0-based)
    short ray_k             # heat-ray group size (range), 0 none
    short mv_pending
    short ray_pending
    short moving
    short steps
    short awaken            # Landmarks destroyed, awakening items not yet taken
    short evc               # colour moving (0..3), 4 = Press pieces
    short bag_left          # Evacuees still to draw this round
    short place_sq          # this round's placement square
    short tiles_left        # route tiles still to turn up
    short k_landmark        # Kaiju screen
    short k_evac[4]
    short k_press
    short k_route[4]
    short k_hv
    short k_tank
    short h_evac[4]         # Human screen
    short h_press
    short press_won         # Press cards in Press (done); their kinds are chance at scoring
    short press_seen        # of which turned over at scoring
    short deck[8]           # Press deck left, per kind (used only at scoring, see ST_REVEAL)
    short kinds[8]          # Press cards of each kind turned over at scoring
    short opt_evac_bonus    # G20 options, fixed at set-up: Evacuees added to each round (G8)
    short opt_press_piece   # 1: the Press piece counts itself in the G7 reading
    short opt_press_homes   # 1: G7 counts the Evacuees leaving every Home square in the phase
    short opt_status        # the status cards' table (G9)
    short opt_vehicle       # route tiles a Vehicle procurement turns up (G10)
    short opt_barrier       # High-voltage / Tank tiles a support card places (G10)
    short opt_air           # dice an Air strike takes away (G10)
    short opt_conf          # Press cards an Emergency press conference draws (G10)
    short opt_gaps          # roads closed: the first opt_gaps of GZ_EXTRA_GAP (G1)
    short opt_one_gap       # one more road closed: GZ_ONE_GAP[opt_one_gap] (G1; -1 none)

ctypedef GodzillaData GameData

cdef extern from *:
    """
    /* G1 map: the two ends of each road (squares 5*y+x). East-west roads row by row (no
       Radio Tower-Marunouchi, the moat; no Tsukiji-Fukagawa, the river), then north-south. */
    static const int GZ_ROAD_A[29] = {0, 1, 2, 3, 5, 7, 8, 10, 11, 12, 15, 16, 17, 18,
                                      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    static const int GZ_ROAD_B[29] = {1, 2, 3, 4, 6, 8, 9, 11, 12, 13, 16, 17, 18, 19,
                                      5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    /* G1, G20: the roads the road_gaps option closes, in order (the first n of them): the
       three roads out of Shibaura towards the Landmarks and the north, so that the Kaiju,
       which starts there, reaches them later. Ginza-Shibaura, Shibaura-Kachidoki,
       Kasumigaseki-Shinagawa. The map stays connected with all three closed. */
    static const int GZ_EXTRA_GAP[3] = {26, 12, 25};
    /* G1, G20: the road the extra_gap option closes besides those of road_gaps, milder than
       the third of GZ_EXTRA_GAP (which leaves Shibaura only the way to Kanagawa Home): 0 none,
       1 Kasumigaseki-Ginza, 2 Radio Tower-Kasumigaseki, 3 Kanagawa Home-Shinagawa,
       4 Shibuya-Kasumigaseki; the roads a Kaiju leaving Shibaura by Shinagawa takes next.
       The map stays connected with any of them and all of GZ_EXTRA_GAP closed. */
    static const int GZ_ONE_GAP[5] = {-1, 8, 20, 10, 7};
    /* Landmark squares (set-up step 4): Ueno, Radio Tower, Kasumigaseki, Ginza, Kachidoki. */
    static const int GZ_LANDMARK_SQ[5] = {3, 6, 11, 12, 18};
    /* Home square of each colour (G1): Tokyo, Saitama, Chiba, Kanagawa. */
    static const int GZ_HOME_SQ[4] = {0, 2, 9, 15};
    /* G9: the 12 Evacuation status cards, main square and alternative square, per table of
       the status_squares option: 0 the table of G9; 1 every square one road from a Home
       square (Ikebukuro, Shinjuku, Ueno, Marunouchi, Asakusa, Nihonbashi, Fukagawa, Shibuya,
       Shinagawa), so that Evacuees start nearer the exits; 2 the same without the two of them
       nearest Shibaura, the Kaiju's start (Marunouchi 2 roads away, Shinagawa 1): every square
       at least 3 roads from it (Ikebukuro, Shinjuku, Ueno, Asakusa, Nihonbashi, Fukagawa,
       Shibuya), so that the Kaiju reaches the Evacuees later. */
    static const int GZ_STATUS_MAIN[3][12] = {{1, 3, 4, 5, 7, 8, 10, 12, 13, 14, 16, 11},
                                              {1, 5, 3, 7, 4, 8, 14, 10, 16, 1, 8, 10},
                                              {1, 5, 3, 4, 4, 8, 14, 10, 5, 1, 8, 10}};
    static const int GZ_STATUS_ALT[3][12] = {{5, 4, 3, 10, 8, 7, 5, 13, 12, 4, 10, 7},
                                             {5, 1, 7, 3, 8, 4, 8, 16, 10, 3, 14, 5},
                                             {5, 1, 4, 3, 8, 4, 8, 5, 10, 3, 14, 5}};
    /* G8: Evacuees drawn from the bag in rounds 1..6. */
    static const int GZ_EVAC_PER_ROUND[6] = {2, 3, 3, 4, 4, 5};
    static const char* const GZ_SQ_NAME[20] = {
        "Tokyo Home", "Ikebukuro", "Saitama Home", "Ueno", "Asakusa",
        "Shinjuku", "Radio Tower", "Marunouchi", "Nihonbashi", "Chiba Home",
        "Shibuya", "Kasumigaseki", "Ginza", "Tsukiji", "Fukagawa",
        "Kanagawa Home", "Shinagawa", "Shibaura", "Kachidoki", "Tokyo Bay"};
    static const char* const GZ_COLOUR_NAME[4] = {"Tokyo", "Saitama", "Chiba", "Kanagawa"};
    static const char* const GZ_KIND_NAME[4] = {"rail", "road", "river", "tram"};
    static const char* const GZ_SUPPORT_NAME[4] = {"air strike", "high-voltage current",
                                             "tank deployment", "emergency press conference"};
    """
    const int GZ_ROAD_A[29]
    const int GZ_ROAD_B[29]
    const int GZ_EXTRA_GAP[GZ_MAX_ROAD_GAPS]
    const int GZ_ONE_GAP[GZ_NEXTRA_GAPS]
    const int GZ_LANDMARK_SQ[5]
    const int GZ_HOME_SQ[4]
    const int GZ_STATUS_MAIN[GZ_NSTATUS_SETS][12]
    const int GZ_STATUS_ALT[GZ_NSTATUS_SETS][12]
    const int GZ_EVAC_PER_ROUND[6]
    const char* GZ_SQ_NAME[20]
    const char* GZ_COLOUR_NAME[4]
    const char* GZ_KIND_NAME[4]
    const char* GZ_SUPPORT_NAME[4]
