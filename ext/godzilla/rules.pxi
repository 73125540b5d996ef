# Godzilla's rule helpers that several stages share (included by ext/godzilla/logic.pyx): the
# derived map and roll tables, whose turn it is, scoring and evaluation, set-up, destruction,
# the turn flow from one step to the next, and the move generators the flow also asks ("is
# there a move?"). GAPS IDs (G1..G19, X1..X7) refer to ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- derived map tables
cdef int ROAD_AT[20][20]    # road joining two squares, -1 none
cdef int SQ_ROADS[20][4]    # roads at a square, -1 padded
cdef int ROAD_ADJ[29][6]    # roads sharing a square with a road, -1 padded
cdef int GAP_RANK[29]       # G1: the road's place in GZ_EXTRA_GAP, NROADS if it is not there
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
        GAP_RANK[r] = NROADS
    for i in range(GZ_MAX_ROAD_GAPS):
        GAP_RANK[GZ_EXTRA_GAP[i]] = i
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


cdef inline bint road_open(GameData* d, int r) noexcept nogil:
    """G1, G20: the road exists in this game (the road_gaps option closes the first
    opt_gaps roads of GZ_EXTRA_GAP, extra_gap one road of GZ_ONE_GAP): nothing is ever placed
    on a closed road, the Kaiju never crosses it, nor does its heat ray start along it."""
    return GAP_RANK[r] >= d.opt_gaps and r != GZ_ONE_GAP[d.opt_one_gap]


cdef inline bint road_free(GameData* d, int r) noexcept nogil:
    """An open road with no tile on it: where a route, High-voltage or Tank tile may go."""
    return d.road[r] == R_EMPTY and road_open(d, r)


cdef inline int other_end(int r, int s) noexcept nogil:
    return GZ_ROAD_B[r] if GZ_ROAD_A[r] == s else GZ_ROAD_A[r]


cdef inline int seat_of(GameData* d, int governor) noexcept nogil:
    """G14: governors dealt to the human seats as evenly as possible (Tokyo to seat 1)."""
    return 1 + governor % (d.n - 1)


cdef inline int sum4(short* a) noexcept nogil:
    return a[0] + a[1] + a[2] + a[3]


cdef inline bint is_chance_stage(int st) noexcept nogil:
    return (st == ST_STATUS or st == ST_BAG or st == ST_SUPPORT_REVEAL or st == ST_TILES
            or st == ST_ROLL or st == ST_REVEAL)


cdef inline bint game_over(GameData* d) noexcept nogil:
    return d.stage == ST_END


cdef inline bint at_chance(GameData* d) noexcept nogil:
    return is_chance_stage(d.stage)


cdef inline int to_move(GameData* d) noexcept nogil:
    """The seat to decide at a decision node."""
    cdef int st = d.stage
    if st == ST_OMEN or (st >= ST_REROLL and st <= ST_AWAKEN):
        return 0
    if st == ST_EVAC:
        return seat_of(d, d.evc if d.evc < 4 else 0)
    if st == ST_PLAN:
        return d.planner
    return seat_of(d, 0)        # team decisions: the Tokyo governor's seat (G14, X2)


# ---------------------------------------------------------------- scoring (G11, G13)
cdef inline int kaiju_points(GameData* d) noexcept nogil:
    return (LANDMARK_POINTS * d.k_landmark + ITEM_POINTS * (sum4(d.k_evac) + d.k_press
            + sum4(d.k_route) + d.k_hv + d.k_tank))


cdef inline int kinds_seen(GameData* d) noexcept nogil:
    cdef int k, m = 0
    for k in range(NPRESS_KINDS):
        if d.kinds[k] > 0:
            m += 1
    return m


cdef inline int press_points(GameData* d) noexcept nogil:
    cdef int m = kinds_seen(d)
    return OXYGEN_DESTROYER_POINTS if m == NPRESS_KINDS else m


cdef inline int human_points(GameData* d) noexcept nogil:
    return ITEM_POINTS * (sum4(d.h_evac) + d.h_press) + press_points(d)


cdef inline bint humans_win(GameData* d) noexcept nogil:
    """G13: more points wins; a tie goes to the humans only with the Oxygen Destroyer."""
    cdef int h = human_points(d), k = kaiju_points(d)
    return h > k or (h == k and kinds_seen(d) == NPRESS_KINDS)


cdef inline void win_press(GameData* d, int k) noexcept nogil:
    """Press cards go face down to Press (done); the deck has 24 (G11)."""
    d.press_won += k
    if d.press_won > PRESS_DECK:
        d.press_won = PRESS_DECK


# ---------------------------------------------------------------- set-up
cdef void init_data(GameData* d, int n, int turn_cap) noexcept nogil:
    cdef int i
    memset(d, 0, sizeof(GameData))
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
    d.opt_evac_bonus = EVAC_BONUS          # the G20 options at their defaults; the constructor
    d.opt_press_piece = PRESS_PIECE_COUNTS  # sets them (set_options)
    d.opt_press_homes = PRESS_EVERY_HOME
    d.opt_status = STATUS_SET
    d.opt_vehicle = VEHICLE_TILES
    d.opt_barrier = HV_PER_CARD
    d.opt_air = AIR_STRIKE_DICE
    d.opt_conf = PRESS_CONF_CARDS
    d.opt_gaps = ROAD_GAPS
    d.opt_one_gap = EXTRA_GAP


cdef void set_options(GameData* d, int evac_bonus, bint press_piece, bint press_homes,
                      int status_set, int vehicle_tiles, int barrier_tiles, int air_dice,
                      int conf_cards, int road_gaps, int extra_gap) noexcept nogil:
    """The G20 options of a new game, each already checked against its range."""
    d.opt_evac_bonus = evac_bonus
    d.opt_press_piece = press_piece
    d.opt_press_homes = press_homes
    d.opt_status = status_set
    d.opt_vehicle = vehicle_tiles
    d.opt_barrier = barrier_tiles
    d.opt_air = air_dice
    d.opt_conf = conf_cards
    d.opt_gaps = road_gaps
    d.opt_one_gap = extra_gap


cdef inline int status_main(GameData* d, int card) noexcept nogil:
    """The main square of status card `card` in this game's table (G9)."""
    return GZ_STATUS_MAIN[d.opt_status][card]


cdef inline int status_alt(GameData* d, int card) noexcept nogil:
    """The alternative square of status card `card` in this game's table (G9)."""
    return GZ_STATUS_ALT[d.opt_status][card]


cdef inline int evacuees_in_round(GameData* d, int rnd) noexcept nogil:
    """Evacuees drawn in round `rnd` (1..6): G8's count plus the evacuee_bonus option, >= 0."""
    cdef int k = GZ_EVAC_PER_ROUND[rnd - 1] + d.opt_evac_bonus
    return k if k > 0 else 0


# ---------------------------------------------------------------- destruction
cdef void destroy_square(GameData* d, int s) noexcept nogil:
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


cdef void destroy_road(GameData* d, int r) noexcept nogil:
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
cdef bint any_empty_road(GameData* d) noexcept nogil:
    cdef int r
    for r in range(NROADS):
        if road_free(d, r):
            return True
    return False


cdef bint support_usable(GameData* d, int k) noexcept nogil:
    if d.support[k] != 1:
        return False
    if k == SUP_AIR:
        return True
    if k == SUP_HV:
        return d.hv_stock > 0 and any_empty_road(d)
    if k == SUP_TANK:
        return d.tank_stock > 0 and any_empty_road(d)
    return False                    # the press conference is played after evacuation


cdef int tank_moves(GameData* d, int* out) noexcept nogil:
    """G10: each Tank (not placed this phase, G19) may move once to an empty road sharing a
    square with its road."""
    cdef int r, j, q, m = 0
    for r in range(NROADS):
        if d.road[r] == R_TANK and not d.tank_new[r] and not d.tank_moved[r]:
            for j in range(6):
                q = ROAD_ADJ[r][j]
                if q >= 0 and road_free(d, q):
                    if out != NULL:
                        out[m] = A_TANKMOVE + r * 6 + j
                    m += 1
    return m


cdef void enter_support(GameData* d) noexcept nogil:
    cdef int k
    for k in range(3):
        if support_usable(d, k):
            d.stage = ST_SUPPORT
            return
    enter_tank_move(d)


cdef void enter_tank_move(GameData* d) noexcept nogil:
    cdef int r
    if tank_moves(d, NULL) > 0:
        d.stage = ST_TANK_MOVE
        return
    for r in range(NROADS):
        d.tank_new[r] = 0
        d.tank_moved[r] = 0
    start_omen(d)


cdef void start_omen(GameData* d) noexcept nogil:
    """G5: the Footprints of the last round come off at the start of each Omen phase."""
    cdef int r
    for r in range(NROADS):
        d.foot[r] = 0
        d.crossed[r] = 0
    d.stage = ST_OMEN


cdef int footprint_roads(GameData* d, int* out) noexcept nogil:
    """G5, G15: up to 4, each touching the Kaiju's square or the end of a placed footprint
    road, never on a High-voltage or Tank road, nor on a closed one (G1)."""
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
        if d.foot[r] or d.road[r] == R_HV or d.road[r] == R_TANK or not road_open(d, r):
            continue
        if reach[GZ_ROAD_A[r]] or reach[GZ_ROAD_B[r]]:
            if out != NULL:
                out[m] = A_FOOT + r
            m += 1
    return m


cdef int own_vehicle(GameData* d) noexcept nogil:
    """The unused Vehicle procurement card of one of the planning seat's governors (each
    governor was dealt one, set-up step 11), -1 if none."""
    cdef int g
    for g in range(NCOL):
        if d.vehicle[g] and seat_of(d, g) == d.planner:
            return g
    return -1


cdef void end_omen(GameData* d) noexcept nogil:
    if d.round > d.last:
        start_exec(d)          # G16: the return round has no planning phase
    else:
        d.planner = 1
        start_tiles(d, TILES_PER_ROUND)


cdef void start_tiles(GameData* d, int k) noexcept nogil:
    cdef int left = sum4(d.pile)
    d.tiles_left = k if k < left else left
    d.stage = ST_TILES if d.tiles_left > 0 else ST_PLAN


cdef void start_exec(GameData* d) noexcept nogil:
    """Roll all available dice; an Air strike this round takes opt_air away (1 by default),
    minimum 1 (G10), never in the return round (G19)."""
    cdef int v, k = d.dice_own
    if d.air and d.round <= d.last:
        k -= d.opt_air
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


cdef bint has_straight(GameData* d, int i) noexcept nogil:
    cdef int v
    for v in range(STRAIGHT_A[i], STRAIGHT_A[i] + STRAIGHT_K[i]):
        if d.dice[v] == 0:
            return False
    return True


cdef inline int ray_free(GameData* d, int v) noexcept nogil:
    """Dice of value v not used by the chosen straight (G2: each die in one group)."""
    cdef int f = d.dice[v]
    if d.mv_k > 0 and v >= d.mv_a and v < d.mv_a + d.mv_k:
        f -= 1
    return f


cdef void after_roll(GameData* d) noexcept nogil:
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


cdef void enter_raygrp(GameData* d) noexcept nogil:
    cdef int v
    for v in range(6):
        if ray_free(d, v) >= 2:
            d.stage = ST_RAYGRP
            return
    d.ray_k = 0
    begin_resolve(d)


cdef void begin_resolve(GameData* d) noexcept nogil:
    cdef int r
    for r in range(NROADS):
        d.crossed[r] = 0
    d.mv_pending = d.mv_k > 0
    d.ray_pending = d.ray_k > 0
    d.moving = 0
    d.steps = 0
    exec_next(d)


cdef int step_roads(GameData* d, int* out) noexcept nogil:
    cdef int j, r, m = 0
    for j in range(4):
        r = SQ_ROADS[d.kaiju][j]
        if r >= 0 and d.foot[r] and not d.crossed[r]:
            if out != NULL:
                out[m] = A_STEP + r
            m += 1
    return m


cdef int ray_dirs(GameData* d, int* out) noexcept nogil:
    """G3: the first step of the ray needs a road (an open one, G1)."""
    cdef int k, x = d.kaiju % GRID_W, y = d.kaiju // GRID_W, nx, ny, r, m = 0
    for k in range(4):
        nx = x + DIR_DX[k]
        ny = y + DIR_DY[k]
        if not (0 <= nx < GRID_W and 0 <= ny < GRID_H):
            continue
        r = ROAD_AT[d.kaiju][ny * GRID_W + nx]
        if r >= 0 and road_open(d, r):
            if out != NULL:
                out[m] = A_RAYDIR + k
            m += 1
    return m


cdef void exec_next(GameData* d) noexcept nogil:
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


cdef void end_exec(GameData* d) noexcept nogil:
    if d.round > d.last:
        finish_return(d)
    else:
        start_evac(d)


cdef void fire_ray(GameData* d, int k) noexcept nogil:
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


cdef void kaiju_step(GameData* d, int r) noexcept nogil:
    """G5: crossing a footprint road destroys its route tile and the pieces on the square
    entered."""
    d.crossed[r] = 1
    destroy_road(d, r)
    d.kaiju = other_end(r, d.kaiju)
    destroy_square(d, d.kaiju)
    d.steps -= 1


# ---------------------------------------------------------------- evacuation (G6, G7)
cdef extern from *:
    """
    typedef struct {
        int valid;
        short road[29];
        short kaiju;
        int reach[20];
    } GzReachMemo;
    /* thread-local: searches on several threads never share one */
    static __thread GzReachMemo gz_reach_memo;
    """
    ctypedef struct GzReachMemo:
        bint valid                      # road, kaiju and reach hold a computed answer
        short road[29]
        short kaiju
        int reach[20]
    GzReachMemo gz_reach_memo

assert NROADS == 29 and NSQ == 20, "GzReachMemo's arrays are sized for G1's 29 roads and 20 squares"


cdef void route_reach(GameData* d, int* reach) noexcept nogil:
    """reach[s]: squares reachable from s along roads of one route kind, never entering the
    Kaiju's square (G6): the union over kinds of s's connected component, s excluded.
    It reads only the roads and the Kaiju's square, which change far less often than it is
    asked (each evacuation step asks it twice, and nothing in the phase moves a road), so this
    thread remembers its last answer; a pure function's memo, it changes no decision."""
    cdef GzReachMemo* memo = &gz_reach_memo
    if (memo.valid and memo.kaiju == d.kaiju
            and memcmp(memo.road, d.road, sizeof(memo.road)) == 0):
        memcpy(reach, memo.reach, sizeof(memo.reach))
        return
    route_reach_of(d, reach)
    memcpy(memo.road, d.road, sizeof(memo.road))
    memo.kaiju = d.kaiju
    memcpy(memo.reach, reach, sizeof(memo.reach))
    memo.valid = True


cdef void route_reach_of(GameData* d, int* reach) noexcept nogil:
    """route_reach computed: square sets are bit masks; one pass over the roads builds each
    kind's neighbours, then a flood fill per component."""
    cdef unsigned int adj[NKINDS][NSQ]
    cdef unsigned int touched[NKINDS]
    cdef unsigned int left, comp, frontier, grown, members
    cdef int k, r, a, b, s, t
    for k in range(NKINDS):
        touched[k] = 0
        for s in range(NSQ):
            adj[k][s] = 0
    for s in range(NSQ):
        reach[s] = 0
    for r in range(NROADS):
        k = d.road[r] - 1
        if k < 0 or k >= NKINDS:
            continue            # empty, a vehicle or a tank: no route tile
        a = GZ_ROAD_A[r]
        b = GZ_ROAD_B[r]
        if a == d.kaiju or b == d.kaiju:
            continue            # never through the Kaiju's square
        adj[k][a] |= 1u << b
        adj[k][b] |= 1u << a
        touched[k] |= (1u << a) | (1u << b)
    for k in range(NKINDS):
        left = touched[k]
        while left:
            comp = left & (~left + 1u)
            frontier = comp
            while frontier:
                t = lowest_bit(frontier)
                frontier &= frontier - 1u
                grown = adj[k][t] & ~comp
                comp |= grown
                frontier |= grown
            left &= ~comp
            members = comp
            while members:
                t = lowest_bit(members)
                members &= members - 1u
                reach[t] |= <int>comp
    for s in range(NSQ):
        reach[s] &= ~(1 << s)


cdef inline int free_pieces(GameData* d, int s) noexcept nogil:
    if d.evc < 4:
        return d.evac[s * 4 + d.evc] - d.moved[s * 4 + d.evc]
    return d.press[s] - d.press_moved[s]


cdef int evac_moves_from(GameData* d, int* reach, int* out) noexcept nogil:
    """The evacuation moves of the colour moving (d.evc) into out, given route_reach's reach;
    with out NULL, 1 if there is one, else 0."""
    cdef int s, t, mask, m = 0
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


cdef int evac_moves(GameData* d, int* out) noexcept nogil:
    cdef int reach[20]
    route_reach(d, reach)
    return evac_moves_from(d, reach, out)


cdef void start_evac(GameData* d) noexcept nogil:
    cdef int i
    for i in range(80):
        d.moved[i] = 0
    for i in range(NSQ):
        d.press_moved[i] = 0
    d.evc = 0
    evac_next(d)


cdef void evac_next(GameData* d) noexcept nogil:
    """G6 order: Tokyo, Saitama, Chiba, Kanagawa, then the Press pieces; a colour with no
    possible move is skipped (X6). The roads do not change here: one route_reach serves
    every colour."""
    cdef int reach[20]
    route_reach(d, reach)
    while d.evc <= 4:
        if evac_moves_from(d, reach, NULL) > 0:
            d.stage = ST_EVAC
            return
        d.evc += 1
    end_evac(d)


cdef void end_evac(GameData* d) noexcept nogil:
    """G6, G7: Evacuees on their own Home square and Press pieces on any Home square leave;
    a Home square where a Press piece left earns 1 Press card per Evacuee leaving there (with
    opt_press_homes, per Evacuee leaving any Home square in this phase, once)."""
    cdef int c, h, e, p, all_e = 0, all_p = 0
    for c in range(NCOL):
        h = GZ_HOME_SQ[c]
        e = d.evac[h * 4 + c]
        p = d.press[h]
        d.h_evac[c] += e
        d.evac[h * 4 + c] = 0
        d.h_press += p
        d.press[h] = 0
        all_e += e
        all_p += p
        if p > 0 and not d.opt_press_homes:
            win_press(d, e + d.opt_press_piece * p)
    if all_p > 0 and d.opt_press_homes:
        win_press(d, all_e + d.opt_press_piece * all_p)
    for c in range(80):
        d.moved[c] = 0
    for c in range(NSQ):
        d.press_moved[c] = 0
    if d.support[SUP_CONF] == 1:
        d.stage = ST_PRESSCONF
    else:
        end_round(d)


cdef void end_round(GameData* d) noexcept nogil:
    d.air = 0
    if d.round >= d.last:
        d.round = d.last + 1           # the Kaiju return round (G16)
        start_omen(d)
    else:
        d.round += 1
        d.stage = ST_STATUS


cdef int bay_distance(GameData* d) noexcept nogil:
    """G12: roads on the shortest route to Tokyo Bay, any open road (G1), tiles ignored."""
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
            if r < 0 or not road_open(d, r):
                continue
            t = other_end(r, q)
            if dist[t] < 0:
                dist[t] = dist[q] + 1
                queue[tail] = t
                tail += 1
    return dist[TOKYO_BAY]


cdef void finish_return(GameData* d) noexcept nogil:
    win_press(d, bay_distance(d))
    start_reveal(d)


cdef void after_bag(GameData* d) noexcept nogil:
    """After the round's Evacuees: a support card is turned up in rounds 4 and 6 (G10)."""
    if d.round == 4 or d.round == 6:
        d.stage = ST_SUPPORT_REVEAL
    else:
        enter_support(d)


cdef void start_reveal(GameData* d) noexcept nogil:
    d.stage = ST_REVEAL if d.press_seen < d.press_won else ST_END


# ---------------------------------------------------------------- end and evaluation
cdef void returns_of(GameData* d, double* out) noexcept nogil:
    """The Kaiju wins alone (1) or the human seats share the win (G13)."""
    cdef int p
    cdef bint h = humans_win(d)
    out[0] = 0.0 if h else 1.0
    for p in range(1, d.n):
        out[p] = 1.0 / (d.n - 1) if h else 0.0


cdef double expected_press_points(int w) noexcept nogil:
    """About what w Press cards drawn from the 24 (8 kinds x 3) score (G11): the expected
    number of kinds, plus 12 x the chance of all 8 (taking kinds as independent)."""
    cdef double absent = 1.0, all8 = 1.0
    cdef int i, k
    if w > PRESS_DECK:
        w = PRESS_DECK
    for i in range(w):
        if PRESS_DECK - PRESS_PER_KIND - i <= 0:
            absent = 0.0
            break
        absent *= (PRESS_DECK - PRESS_PER_KIND - i) / <double>(PRESS_DECK - i)
    for k in range(NPRESS_KINDS):
        all8 *= 1.0 - absent
    return NPRESS_KINDS * (1.0 - absent) + (OXYGEN_DESTROYER_POINTS - NPRESS_KINDS) * all8


cdef double piece_worth(int s, int home, int* reach) noexcept nogil:
    """What a piece on square s is worth to the humans: 1 on a Home square it leaves from,
    0.7 when a route of one kind joins it to one, else 0.25."""
    if s == home:
        return 1.0
    return 0.7 if (reach[s] >> home) & 1 else 0.25


# What a piece left on the map is worth to the Kaiju, per unit of what it is not worth to the
# humans (1 - piece_worth): a level-5 Kaiju destroys about 70% of the pieces the humans do not
# evacuate. Without it the evaluation counted those pieces for the humans only, and the
# stronger the search, the more it favoured the Kaiju (rules.md G20, issue 29).
cdef double KAIJU_THREAT = 0.6

# What each route tile on the roads is worth to the Kaiju before it destroys it, at 5 players;
# scaled by the human seats beyond one ((players - 2) / 3), so nothing at 2 players. The four
# seats of 5 players lay about 31 tiles a game, the lone seat of 2 about 16, and the two counts
# answer a flat value in opposite ways: fitted at level 5 for the balance of sides, not derived
# (rules.md G20, "The route tiles' threat by player count", issue 29).
cdef double ROUTE_THREAT = 0.175


cdef double map_worth(GameData* d, double total, double* risk) noexcept nogil:
    """total plus the Evacuees and Press pieces on the map by piece_worth (a Press piece leaves
    from any Home square), added square by square; risk gets their sum of 1 - piece_worth,
    what the Kaiju may still destroy."""
    cdef double best, w
    cdef int s, c
    cdef int reach[20]
    route_reach(d, reach)
    risk[0] = 0.0
    for s in range(NSQ):
        for c in range(NCOL):
            if d.evac[s * 4 + c]:
                w = piece_worth(s, GZ_HOME_SQ[c], reach)
                total += d.evac[s * 4 + c] * w
                risk[0] += d.evac[s * 4 + c] * (1.0 - w)
        if d.press[s]:
            best = 0.25
            for c in range(NCOL):
                w = piece_worth(s, GZ_HOME_SQ[c], reach)
                if w > best:
                    best = w
            total += d.press[s] * best
            risk[0] += d.press[s] * (1.0 - best)
    return total


cdef void evaluate(GameData* d, double* out) noexcept nogil:
    """Win chance from the expected point margin (logistic, scale 3): the screens, the pieces
    on the map (map_worth: to the humans by piece_worth, to the Kaiju by KAIJU_THREAT of the
    rest), the Press cards won (and, from the last round on, those the Kaiju's distance to
    Tokyo Bay will give) by their expected score; from 3 players, each route tile on the roads
    by ROUTE_THREAT for the Kaiju."""
    cdef double humans, ph, risk
    cdef int p, w, r, tiles
    if d.stage == ST_END:
        returns_of(d, out)
        return
    humans = map_worth(d, sum4(d.h_evac) + d.h_press, &risk)
    if d.press_seen == d.press_won and d.stage == ST_REVEAL:
        humans += press_points(d)
    else:
        w = d.press_won
        if d.round >= d.last:
            w += bay_distance(d)
        humans += expected_press_points(w)
    tiles = 0
    if d.n > 2:
        for r in range(NROADS):
            if d.road[r] >= 1 and d.road[r] <= NKINDS:     # a route tile, not High-voltage or Tank
                tiles += 1
    ph = 1.0 / (1.0 + exp(-(humans - kaiju_points(d) - KAIJU_THREAT * risk
                            - ROUTE_THREAT * (d.n - 2) / 3.0 * tiles) / 3.0))
    out[0] = 1.0 - ph
    for p in range(1, d.n):
        out[p] = ph / (d.n - 1)
