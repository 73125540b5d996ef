# Godzilla: the state struct, the turn flow, legal moves, chance and effects (all C, nogil).
# Included by engine.pyx. GAPS IDs (G1..G19, X1..X7) refer to ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- action encoding
cdef enum:
    A_DONE = 0              # end the current step (text depends on the stage)
    A_FOOT = 1              # + road: place a Footprint tile (omen)
    A_PLACE = 30            # + kind * 29 + road: place a route tile from the stock (planning)
    A_VEHICLE = 146         # play a Vehicle procurement card (planning)
    A_SUPPORT = 147         # + card 0..3: play a revealed support card
    A_HVROAD = 151          # + road: place a High-voltage tile
    A_TANKROAD = 180        # + road: place a Tank tile
    A_TANKMOVE = 209        # + road * 6 + j: move the Tank on road to its j-th neighbour road
    A_REROLL = 383          # + value 0..5: set a die of that value aside to reroll
    A_STRAIGHT = 389        # + straight index 0..14: the movement group
    A_RAYGRP = 404          # + value * 5 + (k - 2): the heat-ray group
    A_GO_MOVE = 434         # resolve the movement first
    A_GO_RAY = 435          # resolve the heat ray first
    A_STEP = 436            # + road: one step of movement across a footprint road
    A_RAYDIR = 465          # + direction 0..3 (north, east, south, west)
    A_TAKE_DIE = 469        # awakening: take a die
    A_TAKE_REROLL = 470     # awakening: take a Reroll tile
    A_EVAC = 471            # + from * 20 + to: move one Evacuee (or Press piece)
    NUM_ACTIONS = 871
    NUM_CHANCE = 462        # the most outcomes: a roll of 6 dice, C(11, 5) multisets

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
ctypedef struct GData:
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


# ---------------------------------------------------------------- derived map tables
cdef int ROAD_AT[20][20]    # road joining two squares, -1 none
cdef int SQ_ROADS[20][4]    # roads at a square, -1 padded
cdef int ROAD_ADJ[29][6]    # roads sharing a square with a road, -1 padded
cdef int STRAIGHT_A[15]     # straight index -> lowest value (0-based) and length
cdef int STRAIGHT_K[15]
cdef int DIR_DX[4]
cdef int DIR_DY[4]
# Rolls: ROLL_FACES[k][i][v] = dice showing face v in the i-th multiset of k dice (in
# lexicographic order of the sorted faces), ROLL_COUNT[k] multisets, ROLL_PROB[k][i] its
# exact probability k! / (c1! ... c6!) / 6^k.
cdef signed char ROLL_FACES[7][462][6]
cdef int ROLL_COUNT[7]
cdef double ROLL_PROB[7][462]


cdef void _build_rolls():
    cdef int k, i, v, code, rest, m
    cdef int c[6]
    cdef double fact[7]
    cdef double p
    fact[0] = 1.0
    for v in range(1, 7):
        fact[v] = fact[v - 1] * v
    for k in range(7):
        ROLL_COUNT[k] = 0
    # every count vector with a sum of 1..6, enumerated in base 7 from face 1 up: faces
    # sorted ascending compare in the same order as the vectors read from face 1
    for code in range(7 ** 6 - 1, -1, -1):
        rest = code
        m = 0
        for v in range(6):
            c[5 - v] = rest % 7
            rest //= 7
            m += c[5 - v]
        if m < 1 or m > 6:
            continue
        i = ROLL_COUNT[m]
        p = fact[m]
        for v in range(6):
            ROLL_FACES[m][i][v] = c[v]
            p /= fact[c[v]]
        for v in range(m):
            p /= 6.0
        ROLL_PROB[m][i] = p
        ROLL_COUNT[m] += 1


cdef void _build_tables():
    cdef int a, b, r, s, j, k, i, q
    for a in range(NSQ):
        for b in range(NSQ):
            ROAD_AT[a][b] = -1
        for j in range(4):
            SQ_ROADS[a][j] = -1
    for r in range(NROADS):
        a = GZ_ROAD_A[r]
        b = GZ_ROAD_B[r]
        ROAD_AT[a][b] = r
        ROAD_AT[b][a] = r
        for s in (a, b):
            j = 0
            while SQ_ROADS[s][j] >= 0:
                j += 1
            SQ_ROADS[s][j] = r
    for r in range(NROADS):
        k = 0
        for j in range(6):
            ROAD_ADJ[r][j] = -1
        for s in (GZ_ROAD_A[r], GZ_ROAD_B[r]):
            for j in range(4):
                q = SQ_ROADS[s][j]
                if q >= 0 and q != r:
                    ROAD_ADJ[r][k] = q
                    k += 1
    i = 0
    for k in range(2, 7):
        for a in range(0, 7 - k):
            STRAIGHT_A[i] = a
            STRAIGHT_K[i] = k
            i += 1
    DIR_DX[0] = 0
    DIR_DY[0] = -1
    DIR_DX[1] = 1
    DIR_DY[1] = 0
    DIR_DX[2] = 0
    DIR_DY[2] = 1
    DIR_DX[3] = -1
    DIR_DY[3] = 0

_build_tables()
_build_rolls()


cdef inline int other_end(int r, int s) noexcept nogil:
    return GZ_ROAD_B[r] if GZ_ROAD_A[r] == s else GZ_ROAD_A[r]


cdef inline int seat_of(GData* d, int governor) noexcept nogil:
    """G14: governors dealt to the human seats as evenly as possible (Tokyo to seat 1)."""
    return 1 + governor % (d.n - 1)


cdef inline int sum4(short* a) noexcept nogil:
    return a[0] + a[1] + a[2] + a[3]


cdef inline bint is_chance_stage(int st) noexcept nogil:
    return (st == ST_STATUS or st == ST_BAG or st == ST_SUPPORT_REVEAL or st == ST_TILES
            or st == ST_ROLL or st == ST_REVEAL)


cdef inline int current_player(GData* d) noexcept nogil:
    cdef int st = d.stage
    if st == ST_OMEN or (st >= ST_REROLL and st <= ST_AWAKEN):
        return 0
    if st == ST_EVAC:
        return seat_of(d, d.evc if d.evc < 4 else 0)
    if st == ST_PLAN:
        return d.planner
    return seat_of(d, 0)        # team decisions: the Tokyo governor's seat (G14, X2)


# ---------------------------------------------------------------- scoring (G11, G13)
cdef inline int kaiju_points(GData* d) noexcept nogil:
    return (LANDMARK_POINTS * d.k_landmark + ITEM_POINTS * (sum4(d.k_evac) + d.k_press
            + sum4(d.k_route) + d.k_hv + d.k_tank))


cdef inline int kinds_seen(GData* d) noexcept nogil:
    cdef int k, m = 0
    for k in range(NPRESS_KINDS):
        if d.kinds[k] > 0:
            m += 1
    return m


cdef inline int press_points(GData* d) noexcept nogil:
    cdef int m = kinds_seen(d)
    return OXYGEN_DESTROYER_POINTS if m == NPRESS_KINDS else m


cdef inline int human_points(GData* d) noexcept nogil:
    return ITEM_POINTS * (sum4(d.h_evac) + d.h_press) + press_points(d)


cdef inline bint humans_win(GData* d) noexcept nogil:
    """G13: more points wins; a tie goes to the humans only with the Oxygen Destroyer."""
    cdef int h = human_points(d), k = kaiju_points(d)
    return h > k or (h == k and kinds_seen(d) == NPRESS_KINDS)


cdef inline void win_press(GData* d, int k) noexcept nogil:
    """Press cards go face down to Press (done); the deck has 24 (G11)."""
    d.press_won += k
    if d.press_won > PRESS_DECK:
        d.press_won = PRESS_DECK


# ---------------------------------------------------------------- set-up
cdef void init_data(GData* d, int n, int turn_cap) noexcept nogil:
    cdef int i
    memset(d, 0, sizeof(GData))
    d.n = n
    d.turn_cap = turn_cap
    d.last = turn_cap if turn_cap < NROUNDS else NROUNDS
    d.round = 1
    d.kaiju = KAIJU_START
    for i in range(NLANDMARKS):
        d.landmark[GZ_LANDMARK_SQ[i]] = 1
    for i in range(NCOL):
        d.bag[i] = EVAC_PER_COLOUR
        d.pile[i] = TILES_PER_KIND
    for i in range(NROUNDS):
        d.status[i] = -1
    for i in range(NPRESS_KINDS):
        d.deck[i] = PRESS_PER_KIND
    for i in range(NCOL):
        d.vehicle[i] = 1
    d.planner = 1
    d.hv_stock = HV_TILES
    d.tank_stock = TANK_TILES
    d.dice_own = START_DICE
    d.rerolls_own = START_REROLLS
    d.aw_dice = AWAKEN_DICE
    d.aw_rerolls = AWAKEN_REROLLS
    d.stage = ST_STATUS


# ---------------------------------------------------------------- destruction
cdef void destroy_square(GData* d, int s) noexcept nogil:
    """Everything on a square the Kaiju enters or its ray passes goes behind its screen."""
    cdef int c
    if d.landmark[s]:
        d.landmark[s] = 0
        d.k_landmark += 1
        d.awaken += 1          # G4: one Awakening item per Landmark
    for c in range(NCOL):
        d.k_evac[c] += d.evac[s * 4 + c]
        d.evac[s * 4 + c] = 0
        d.moved[s * 4 + c] = 0
    d.k_press += d.press[s]
    d.press[s] = 0
    d.press_moved[s] = 0


cdef void destroy_road(GData* d, int r) noexcept nogil:
    cdef int t = d.road[r]
    if t == R_EMPTY:
        return
    if t == R_HV:
        d.k_hv += 1
    elif t == R_TANK:
        d.k_tank += 1
    else:
        d.k_route[t - 1] += 1
    d.road[r] = R_EMPTY


# ---------------------------------------------------------------- flow helpers
cdef bint any_empty_road(GData* d) noexcept nogil:
    cdef int r
    for r in range(NROADS):
        if d.road[r] == R_EMPTY:
            return True
    return False


cdef bint support_usable(GData* d, int k) noexcept nogil:
    if d.support[k] != 1:
        return False
    if k == SUP_AIR:
        return True
    if k == SUP_HV:
        return d.hv_stock > 0 and any_empty_road(d)
    if k == SUP_TANK:
        return d.tank_stock > 0 and any_empty_road(d)
    return False                    # the press conference is played after evacuation


cdef int tank_moves(GData* d, int* out) noexcept nogil:
    """G10: each Tank (not placed this phase, G19) may move once to an empty road sharing a
    square with its road."""
    cdef int r, j, q, m = 0
    for r in range(NROADS):
        if d.road[r] == R_TANK and not d.tank_new[r] and not d.tank_moved[r]:
            for j in range(6):
                q = ROAD_ADJ[r][j]
                if q >= 0 and d.road[q] == R_EMPTY:
                    if out != NULL:
                        out[m] = A_TANKMOVE + r * 6 + j
                    m += 1
    return m


cdef void enter_support(GData* d) noexcept nogil:
    cdef int k
    for k in range(3):
        if support_usable(d, k):
            d.stage = ST_SUPPORT
            return
    enter_tank_move(d)


cdef void enter_tank_move(GData* d) noexcept nogil:
    cdef int r
    if tank_moves(d, NULL) > 0:
        d.stage = ST_TANK_MOVE
        return
    for r in range(NROADS):
        d.tank_new[r] = 0
        d.tank_moved[r] = 0
    start_omen(d)


cdef void start_omen(GData* d) noexcept nogil:
    """G5: the Footprints of the last round come off at the start of each Omen phase."""
    cdef int r
    for r in range(NROADS):
        d.foot[r] = 0
        d.crossed[r] = 0
    d.stage = ST_OMEN


cdef int footprint_roads(GData* d, int* out) noexcept nogil:
    """G5, G15: up to 4, each touching the Kaiju's square or the end of a placed footprint
    road, never on a High-voltage or Tank road."""
    cdef int r, placed = 0, m = 0, a, b, q
    cdef int reach[20]
    for r in range(NSQ):
        reach[r] = 0
    reach[d.kaiju] = 1
    for r in range(NROADS):
        if d.foot[r]:
            placed += 1
            reach[GZ_ROAD_A[r]] = 1
            reach[GZ_ROAD_B[r]] = 1
    if placed >= FOOTPRINTS:
        return 0
    for r in range(NROADS):
        if d.foot[r] or d.road[r] == R_HV or d.road[r] == R_TANK:
            continue
        if reach[GZ_ROAD_A[r]] or reach[GZ_ROAD_B[r]]:
            if out != NULL:
                out[m] = A_FOOT + r
            m += 1
    return m


cdef int own_vehicle(GData* d) noexcept nogil:
    """The unused Vehicle procurement card of one of the planning seat's governors (each
    governor was dealt one, set-up step 11), -1 if none."""
    cdef int g
    for g in range(NCOL):
        if d.vehicle[g] and seat_of(d, g) == d.planner:
            return g
    return -1


cdef void end_omen(GData* d) noexcept nogil:
    if d.round > d.last:
        start_exec(d)          # G16: the return round has no planning phase
    else:
        d.planner = 1
        start_tiles(d, TILES_PER_ROUND)


cdef void start_tiles(GData* d, int k) noexcept nogil:
    cdef int left = sum4(d.pile)
    d.tiles_left = k if k < left else left
    d.stage = ST_TILES if d.tiles_left > 0 else ST_PLAN


cdef void start_exec(GData* d) noexcept nogil:
    """Roll all available dice; an Air strike this round takes one away, minimum 1 (G10),
    never in the return round (G19)."""
    cdef int v, k = d.dice_own
    if d.air and d.round <= d.last:
        k -= 1
    if k < 1:
        k = 1
    for v in range(6):
        d.dice[v] = 0
    d.to_roll = k
    d.rerolled = 0
    d.reroll_left = 0
    d.reroll_min = 0
    d.mv_k = 0
    d.mv_a = 0
    d.ray_k = 0
    d.stage = ST_ROLL


cdef bint has_straight(GData* d, int i) noexcept nogil:
    cdef int v
    for v in range(STRAIGHT_A[i], STRAIGHT_A[i] + STRAIGHT_K[i]):
        if d.dice[v] == 0:
            return False
    return True


cdef inline int ray_free(GData* d, int v) noexcept nogil:
    """Dice of value v not used by the chosen straight (G2: each die in one group)."""
    cdef int f = d.dice[v]
    if d.mv_k > 0 and v >= d.mv_a and v < d.mv_a + d.mv_k:
        f -= 1
    return f


cdef void after_roll(GData* d) noexcept nogil:
    cdef int i, v
    if not d.rerolled and d.rerolls_own > 0:
        d.stage = ST_REROLL
        d.reroll_left = d.rerolls_own
        d.reroll_min = 0
        return
    d.rerolled = 1
    for i in range(15):
        if has_straight(d, i):
            d.stage = ST_STRAIGHT
            return
    d.mv_k = 0
    enter_raygrp(d)


cdef void enter_raygrp(GData* d) noexcept nogil:
    cdef int v
    for v in range(6):
        if ray_free(d, v) >= 2:
            d.stage = ST_RAYGRP
            return
    d.ray_k = 0
    begin_resolve(d)


cdef void begin_resolve(GData* d) noexcept nogil:
    cdef int r
    for r in range(NROADS):
        d.crossed[r] = 0
    d.mv_pending = d.mv_k > 0
    d.ray_pending = d.ray_k > 0
    d.moving = 0
    d.steps = 0
    exec_next(d)


cdef int step_roads(GData* d, int* out) noexcept nogil:
    cdef int j, r, m = 0
    for j in range(4):
        r = SQ_ROADS[d.kaiju][j]
        if r >= 0 and d.foot[r] and not d.crossed[r]:
            if out != NULL:
                out[m] = A_STEP + r
            m += 1
    return m


cdef int ray_dirs(GData* d, int* out) noexcept nogil:
    """G3: the first step of the ray needs a road."""
    cdef int k, x = d.kaiju % GRID_W, y = d.kaiju // GRID_W, nx, ny, m = 0
    for k in range(4):
        nx = x + DIR_DX[k]
        ny = y + DIR_DY[k]
        if 0 <= nx < GRID_W and 0 <= ny < GRID_H and ROAD_AT[d.kaiju][ny * GRID_W + nx] >= 0:
            if out != NULL:
                out[m] = A_RAYDIR + k
            m += 1
    return m


cdef void exec_next(GData* d) noexcept nogil:
    """What the Kaiju does next in its execution phase, from the pending work."""
    while True:
        if d.awaken > 0:
            if d.aw_dice > 0 and d.aw_rerolls > 0:
                d.stage = ST_AWAKEN
                return
            if d.aw_dice > 0:           # one kind left: no choice to make
                d.aw_dice -= 1
                d.dice_own += 1
            elif d.aw_rerolls > 0:
                d.aw_rerolls -= 1
                d.rerolls_own += 1
            d.awaken -= 1
            continue
        if d.moving:
            if d.steps > 0 and step_roads(d, NULL) > 0:
                d.stage = ST_STEP
                return
            d.moving = 0
            d.steps = 0
            continue
        if d.mv_pending and d.ray_pending:
            d.stage = ST_ORDER
            return
        if d.mv_pending:
            d.mv_pending = 0
            d.moving = 1
            d.steps = d.mv_k
            continue
        if d.ray_pending:
            if ray_dirs(d, NULL) > 0:
                d.stage = ST_RAYDIR
                return
            d.ray_pending = 0            # X6 (cannot happen on the G1 map)
            continue
        break
    end_exec(d)


cdef void end_exec(GData* d) noexcept nogil:
    if d.round > d.last:
        finish_return(d)
    else:
        start_evac(d)


cdef void fire_ray(GData* d, int k) noexcept nogil:
    """G3: straight for ray_k squares, destroying the roads between consecutive squares on the
    line and the pieces on each square; stops at the board edge."""
    cdef int i, x = d.kaiju % GRID_W, y = d.kaiju // GRID_W, prev = d.kaiju, s, r
    for i in range(d.ray_k):
        x += DIR_DX[k]
        y += DIR_DY[k]
        if not (0 <= x < GRID_W and 0 <= y < GRID_H):
            break
        s = y * GRID_W + x
        r = ROAD_AT[prev][s]
        if r >= 0:
            destroy_road(d, r)
        destroy_square(d, s)
        prev = s


cdef void kaiju_step(GData* d, int r) noexcept nogil:
    """G5: crossing a footprint road destroys its route tile and the pieces on the square
    entered."""
    d.crossed[r] = 1
    destroy_road(d, r)
    d.kaiju = other_end(r, d.kaiju)
    destroy_square(d, d.kaiju)
    d.steps -= 1


# ---------------------------------------------------------------- evacuation (G6, G7)
cdef void route_reach(GData* d, int* reach) noexcept nogil:
    """reach[s]: squares reachable from s along roads of one route kind, never entering the
    Kaiju's square (G6): the union over kinds of s's connected component, s excluded."""
    cdef int k, s, head, tail, q, j, r, t, comp
    cdef int queue[20]
    cdef int label[20]
    for s in range(NSQ):
        reach[s] = 0
    for k in range(NKINDS):
        for s in range(NSQ):
            label[s] = 0
        for s in range(NSQ):
            if label[s] or s == d.kaiju:
                continue
            comp = 1 << s
            label[s] = 1
            queue[0] = s
            head = 0
            tail = 1
            while head < tail:
                q = queue[head]
                head += 1
                for j in range(4):
                    r = SQ_ROADS[q][j]
                    if r < 0 or d.road[r] != k + 1:
                        continue
                    t = other_end(r, q)
                    if t == d.kaiju or label[t]:
                        continue
                    label[t] = 1
                    comp |= 1 << t
                    queue[tail] = t
                    tail += 1
            if tail > 1:
                for j in range(tail):
                    reach[queue[j]] |= comp
    for s in range(NSQ):
        reach[s] &= ~(1 << s)


cdef inline int free_pieces(GData* d, int s) noexcept nogil:
    if d.evc < 4:
        return d.evac[s * 4 + d.evc] - d.moved[s * 4 + d.evc]
    return d.press[s] - d.press_moved[s]


cdef int evac_moves(GData* d, int* out) noexcept nogil:
    cdef int s, t, mask, m = 0
    cdef int reach[20]
    route_reach(d, reach)
    for s in range(NSQ):
        mask = reach[s]
        if mask == 0 or free_pieces(d, s) <= 0:
            continue
        if out == NULL:
            return 1            # only asked whether a move exists
        for t in range(NSQ):
            if (mask >> t) & 1:
                out[m] = A_EVAC + s * NSQ + t
                m += 1
    return m


cdef void start_evac(GData* d) noexcept nogil:
    cdef int i
    for i in range(80):
        d.moved[i] = 0
    for i in range(NSQ):
        d.press_moved[i] = 0
    d.evc = 0
    evac_next(d)


cdef void evac_next(GData* d) noexcept nogil:
    """G6 order: Tokyo, Saitama, Chiba, Kanagawa, then the Press pieces; a colour with no
    possible move is skipped (X6)."""
    while d.evc <= 4:
        if evac_moves(d, NULL) > 0:
            d.stage = ST_EVAC
            return
        d.evc += 1
    end_evac(d)


cdef void end_evac(GData* d) noexcept nogil:
    """G6, G7: Evacuees on their own Home square and Press pieces on any Home square leave;
    a Home square where a Press piece left earns 1 Press card per Evacuee leaving there."""
    cdef int c, h, e, p
    for c in range(NCOL):
        h = GZ_HOME_SQ[c]
        e = d.evac[h * 4 + c]
        p = d.press[h]
        d.h_evac[c] += e
        d.evac[h * 4 + c] = 0
        d.h_press += p
        d.press[h] = 0
        if p > 0:
            win_press(d, e + PRESS_PIECE_COUNTS * p)
    for c in range(80):
        d.moved[c] = 0
    for c in range(NSQ):
        d.press_moved[c] = 0
    if d.support[SUP_CONF] == 1:
        d.stage = ST_PRESSCONF
    else:
        end_round(d)


cdef void end_round(GData* d) noexcept nogil:
    d.air = 0
    if d.round >= d.last:
        d.round = d.last + 1           # the Kaiju return round (G16)
        start_omen(d)
    else:
        d.round += 1
        d.stage = ST_STATUS


cdef int bay_distance(GData* d) noexcept nogil:
    """G12: roads on the shortest route to Tokyo Bay, any road, tiles ignored."""
    cdef int dist[20]
    cdef int queue[20]
    cdef int i, head = 0, tail = 1, q, j, r, t
    for i in range(NSQ):
        dist[i] = -1
    dist[d.kaiju] = 0
    queue[0] = d.kaiju
    while head < tail:
        q = queue[head]
        head += 1
        for j in range(4):
            r = SQ_ROADS[q][j]
            if r < 0:
                continue
            t = other_end(r, q)
            if dist[t] < 0:
                dist[t] = dist[q] + 1
                queue[tail] = t
                tail += 1
    return dist[TOKYO_BAY]


cdef void finish_return(GData* d) noexcept nogil:
    win_press(d, bay_distance(d))
    start_reveal(d)


cdef void start_reveal(GData* d) noexcept nogil:
    d.stage = ST_REVEAL if d.press_seen < d.press_won else ST_END


# ---------------------------------------------------------------- legal moves
cdef int gen_legal(GData* d, int* out) noexcept nogil:
    cdef int m = 0, k, r, v, i, st = d.stage
    if st == ST_SUPPORT:
        out[0] = A_DONE
        m = 1
        for k in range(3):
            if support_usable(d, k):
                out[m] = A_SUPPORT + k
                m += 1
        return m
    if st == ST_HV_PLACE or st == ST_TANK_PLACE:
        out[m] = A_DONE
        m = 1
        for r in range(NROADS):
            if d.road[r] == R_EMPTY:
                out[m] = (A_HVROAD if st == ST_HV_PLACE else A_TANKROAD) + r
                m += 1
        return m
    if st == ST_TANK_MOVE:
        out[0] = A_DONE
        return 1 + tank_moves(d, out + 1)
    if st == ST_OMEN:
        out[0] = A_DONE
        return 1 + footprint_roads(d, out + 1)
    if st == ST_PLAN:
        out[0] = A_DONE
        m = 1
        for k in range(NKINDS):
            if d.stock[k] > 0:
                for r in range(NROADS):
                    if d.road[r] == R_EMPTY:
                        out[m] = A_PLACE + k * NROADS + r
                        m += 1
        if own_vehicle(d) >= 0 and sum4(d.pile) > 0:
            out[m] = A_VEHICLE
            m += 1
        return m
    if st == ST_REROLL:
        out[0] = A_DONE
        m = 1
        if d.reroll_left > 0:
            for v in range(d.reroll_min, 6):
                if d.dice[v] > 0:
                    out[m] = A_REROLL + v
                    m += 1
        return m
    if st == ST_STRAIGHT:
        out[0] = A_DONE
        m = 1
        for i in range(15):
            if has_straight(d, i):
                out[m] = A_STRAIGHT + i
                m += 1
        return m
    if st == ST_RAYGRP:
        out[0] = A_DONE
        m = 1
        for v in range(6):
            for k in range(2, ray_free(d, v) + 1):
                out[m] = A_RAYGRP + v * 5 + (k - 2)
                m += 1
        return m
    if st == ST_ORDER:
        out[0] = A_GO_MOVE
        out[1] = A_GO_RAY
        return 2
    if st == ST_STEP:
        out[0] = A_DONE
        return 1 + step_roads(d, out + 1)
    if st == ST_RAYDIR:
        return ray_dirs(d, out)
    if st == ST_AWAKEN:
        out[0] = A_TAKE_DIE
        out[1] = A_TAKE_REROLL
        return 2
    if st == ST_EVAC:
        out[0] = A_DONE
        return 1 + evac_moves(d, out + 1)
    if st == ST_PRESSCONF:
        out[0] = A_DONE
        out[1] = A_SUPPORT + SUP_CONF
        return 2
    return 0


# ---------------------------------------------------------------- chance
cdef int gen_chance(GData* d, int* out, double* probs) noexcept nogil:
    cdef int m = 0, k, total = 0, st = d.stage
    if st == ST_STATUS:
        for k in range(NSTATUS):
            if not d.status_used[k]:
                out[m] = k
                m += 1
        for k in range(m):
            if probs != NULL:
                probs[k] = 1.0 / m
        return m
    if st == ST_SUPPORT_REVEAL:
        for k in range(NSUPPORT):
            if d.support[k] == 0:
                out[m] = k
                m += 1
        for k in range(m):
            if probs != NULL:
                probs[k] = 1.0 / m
        return m
    if st == ST_ROLL:
        for k in range(ROLL_COUNT[d.to_roll]):
            out[k] = k
            if probs != NULL:
                probs[k] = ROLL_PROB[d.to_roll][k]
        return ROLL_COUNT[d.to_roll]
    if st == ST_BAG:
        total = sum4(d.bag)
        for k in range(NCOL):
            if d.bag[k] > 0:
                out[m] = k
                if probs != NULL:
                    probs[m] = d.bag[k] / <double>total
                m += 1
        return m
    if st == ST_TILES:
        total = sum4(d.pile)
        for k in range(NKINDS):
            if d.pile[k] > 0:
                out[m] = k
                if probs != NULL:
                    probs[m] = d.pile[k] / <double>total
                m += 1
        return m
    if st == ST_REVEAL:
        for k in range(NPRESS_KINDS):
            total += d.deck[k]
        for k in range(NPRESS_KINDS):
            if d.deck[k] > 0:
                out[m] = k
                if probs != NULL:
                    probs[m] = d.deck[k] / <double>total
                m += 1
        return m
    return 0


cdef void after_bag(GData* d) noexcept nogil:
    if d.round == 4 or d.round == 6:
        d.stage = ST_SUPPORT_REVEAL
    else:
        enter_support(d)


cdef void apply_chance(GData* d, int a) noexcept nogil:
    cdef int st = d.stage, s, k
    if st == ST_STATUS:
        # G9: the round's Press piece and Evacuees go to the main square, or all to the
        # alternative square when the Kaiju stands on the main one.
        d.status_used[a] = 1
        d.status[d.round - 1] = a
        s = GZ_STATUS_MAIN[a]
        if d.kaiju == s:
            s = GZ_STATUS_ALT[a]
        d.place_sq = s
        d.press[s] += 1
        k = GZ_EVAC_PER_ROUND[d.round - 1]
        if k > sum4(d.bag):
            k = sum4(d.bag)               # G8: an empty bag places what remains
        d.bag_left = k
        if k > 0:
            d.stage = ST_BAG
        else:
            after_bag(d)
    elif st == ST_BAG:
        d.bag[a] -= 1
        d.evac[d.place_sq * 4 + a] += 1
        d.bag_left -= 1
        if d.bag_left == 0:
            after_bag(d)
    elif st == ST_SUPPORT_REVEAL:
        d.support[a] = 1
        enter_support(d)
    elif st == ST_TILES:
        d.pile[a] -= 1
        d.stock[a] += 1
        d.tiles_left -= 1
        if d.tiles_left == 0:
            d.stage = ST_PLAN
    elif st == ST_ROLL:
        for k in range(6):
            d.dice[k] += ROLL_FACES[d.to_roll][a][k]
        d.to_roll = 0
        after_roll(d)
    elif st == ST_REVEAL:
        d.deck[a] -= 1
        d.kinds[a] += 1
        d.press_seen += 1
        start_reveal(d)


# ---------------------------------------------------------------- moves
cdef void apply_move(GData* d, int a) noexcept nogil:
    cdef int st = d.stage, r, k, v, s, t, j
    if st == ST_SUPPORT:
        if a == A_DONE:
            enter_tank_move(d)
            return
        k = a - A_SUPPORT
        d.support[k] = 2
        if k == SUP_AIR:
            d.air = 1
            enter_support(d)
        elif k == SUP_HV:
            d.to_place = HV_PER_CARD if HV_PER_CARD < d.hv_stock else d.hv_stock
            d.stage = ST_HV_PLACE
        else:
            d.to_place = TANK_PER_CARD if TANK_PER_CARD < d.tank_stock else d.tank_stock
            d.stage = ST_TANK_PLACE
    elif st == ST_HV_PLACE or st == ST_TANK_PLACE:
        if a != A_DONE:
            if st == ST_HV_PLACE:
                d.road[a - A_HVROAD] = R_HV
                d.hv_stock -= 1
            else:
                r = a - A_TANKROAD
                d.road[r] = R_TANK
                d.tank_new[r] = 1
                d.tank_stock -= 1
            d.to_place -= 1
            if d.to_place > 0 and any_empty_road(d):
                return
        d.to_place = 0
        enter_support(d)
    elif st == ST_TANK_MOVE:
        if a == A_DONE:
            for r in range(NROADS):
                d.tank_new[r] = 0
                d.tank_moved[r] = 0
            start_omen(d)
            return
        r = (a - A_TANKMOVE) // 6
        t = ROAD_ADJ[r][(a - A_TANKMOVE) % 6]
        d.road[r] = R_EMPTY
        d.road[t] = R_TANK
        d.tank_moved[t] = 1
        enter_tank_move(d)
    elif st == ST_OMEN:
        if a == A_DONE:
            end_omen(d)
            return
        d.foot[a - A_FOOT] = 1
    elif st == ST_PLAN:
        if a == A_DONE:
            # G14, G17: the planning passes from seat to seat (H1 first); the phase ends when
            # the last human seat is done
            if d.planner < d.n - 1:
                d.planner += 1
            else:
                d.planner = 1
                start_exec(d)
        elif a == A_VEHICLE:
            d.vehicle[own_vehicle(d)] = 0
            start_tiles(d, VEHICLE_TILES)
        else:
            k = (a - A_PLACE) // NROADS
            d.road[(a - A_PLACE) % NROADS] = k + 1
            d.stock[k] -= 1
    elif st == ST_REROLL:
        if a == A_DONE or d.reroll_left == 1:
            if a != A_DONE:
                v = a - A_REROLL
                d.dice[v] -= 1
                d.to_roll += 1
            d.rerolled = 1
            d.reroll_left = 0
            d.reroll_min = 0
            if d.to_roll > 0:
                d.stage = ST_ROLL
            else:
                after_roll(d)
            return
        v = a - A_REROLL
        d.dice[v] -= 1
        d.to_roll += 1
        d.reroll_left -= 1
        d.reroll_min = v
    elif st == ST_STRAIGHT:
        if a == A_DONE:
            d.mv_k = 0
            d.mv_a = 0
        else:
            d.mv_k = STRAIGHT_K[a - A_STRAIGHT]
            d.mv_a = STRAIGHT_A[a - A_STRAIGHT]
        enter_raygrp(d)
    elif st == ST_RAYGRP:
        if a == A_DONE:
            d.ray_k = 0
        else:
            d.ray_k = (a - A_RAYGRP) % 5 + 2
        begin_resolve(d)
    elif st == ST_ORDER:
        if a == A_GO_MOVE:
            d.mv_pending = 0
            d.moving = 1
            d.steps = d.mv_k
        # A_GO_RAY: the ray goes first; exec_next starts the movement after it
        else:
            d.stage = ST_RAYDIR
            return
        exec_next(d)
    elif st == ST_STEP:
        if a == A_DONE:
            d.moving = 0
            d.steps = 0
        else:
            kaiju_step(d, a - A_STEP)
        exec_next(d)
    elif st == ST_RAYDIR:
        fire_ray(d, a - A_RAYDIR)
        d.ray_pending = 0
        exec_next(d)
    elif st == ST_AWAKEN:
        if a == A_TAKE_DIE:
            d.aw_dice -= 1
            d.dice_own += 1
        else:
            d.aw_rerolls -= 1
            d.rerolls_own += 1
        d.awaken -= 1
        exec_next(d)
    elif st == ST_EVAC:
        if a == A_DONE:
            d.evc += 1
            evac_next(d)
            return
        s = (a - A_EVAC) // NSQ
        t = (a - A_EVAC) % NSQ
        if d.evc < 4:
            d.evac[s * 4 + d.evc] -= 1
            d.evac[t * 4 + d.evc] += 1
            d.moved[t * 4 + d.evc] += 1      # one move per piece and phase (G6)
        else:
            d.press[s] -= 1
            d.press[t] += 1
            d.press_moved[t] += 1
        evac_next(d)
    elif st == ST_PRESSCONF:
        if a != A_DONE:
            d.support[SUP_CONF] = 2
            win_press(d, PRESS_CONF_CARDS)
        end_round(d)
