# Eruption's shared rules in C (included by ext/eruption/logic.pyx): the board tables derived
# from data.pxd, the helpers the stages share (counts, the card history, temperature, walls,
# tile placement, the turn flow from the temperature check to the hand limit), the set-up, the
# end and the evaluation. Everything here is `noexcept nogil` on one EruptionData struct.
# GAPS.md IDs (E1..E14, X1..X7) are cited where a rule needed an assumption.


from libc.string cimport memcpy

# ---------------------------------------------------------------- board tables (from data.pxd)
cdef int NB[NHEX][NDIR]         # neighbour hex, -1 off the board
cdef int VMASK[NHEX]            # directions whose edge is a village edge
cdef int EDGE_VILLAGE[NEDGE]    # village of an edge, -1
cdef int ROT_MASK[10][NDIR]     # lava mask of a tile kind at a rotation
cdef int ROT_CANON[10][NDIR]    # 1 if no smaller rotation gives the same mask
cdef unsigned char ROTS_OF_MASK[10][64]     # bit r: rotation r of a kind gives lava mask m
cdef int LAND_DIRS[NHEX]        # directions of a hex with a neighbour on the board
cdef int OWN_MASK[NVILLAGES][NHEX]  # directions of a hex that are edges of a village
# Hex sets as 64-bit words (bit h = hex h), so the hot scans visit only the hexes that matter
# instead of all 61 (rules.md, "Speed and strength").
ctypedef unsigned long long HexSet
cdef HexSet LAVA_FACES[NHEX][64]    # the hexes that lava edges m of hex h face
cdef HexSet VILLAGE_HEXES[NVILLAGES]    # the hexes with an edge of a village
cdef HexSet NB_SET[NHEX]            # the neighbours of a hex
cdef HexSet ALL_HEXES = (1ULL << NHEX) - 1
cdef unsigned char FIT_ROTS[10][64][64]     # bit r: rotation r of a kind fits constraints (cons, req)

cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* Bit i set when p[i] < 0, for the 16 shorts from p (one vector compare with SSE2). */
    static inline unsigned int eru_negative16(const short* p) {
    #if defined(__SSE2__)
        __m128i a = _mm_loadu_si128((const __m128i*)p);
        __m128i b = _mm_loadu_si128((const __m128i*)(p + 8));
        return (unsigned int)_mm_movemask_epi8(_mm_packs_epi16(a, b));
    #else
        unsigned int m = 0;
        int i;
        for (i = 0; i < 16; i++) m |= (unsigned int)(p[i] < 0) << i;
        return m;
    #endif
    }
    """
    unsigned int eru_negative16(const short* p) nogil


cdef void _build_tables():
    cdef int h, e, g, q, r, v, k, rr, j, m
    for h in range(NHEX):
        VMASK[h] = 0
        LAND_DIRS[h] = 0
        for e in range(NDIR):
            NB[h][e] = -1
            q = ERU_HEX_Q[h] + ERU_DIR_Q[e]
            r = ERU_HEX_R[h] + ERU_DIR_R[e]
            for g in range(NHEX):
                if ERU_HEX_Q[g] == q and ERU_HEX_R[g] == r:
                    NB[h][e] = g
                    LAND_DIRS[h] |= 1 << e
            EDGE_VILLAGE[h * NDIR + e] = -1
    for v in range(NVILLAGES):
        for h in range(NHEX):
            OWN_MASK[v][h] = 0
        for j in range(VILLAGE_EDGES):
            e = ERU_VILLAGE_EDGE[v][j]
            OWN_MASK[v][e // NDIR] |= 1 << (e % NDIR)
            EDGE_VILLAGE[e] = v
            VMASK[e // NDIR] |= 1 << (e % NDIR)
    for h in range(NHEX):
        for m in range(64):
            LAVA_FACES[h][m] = 0
            for e in range(NDIR):
                if (m >> e) & 1 and NB[h][e] >= 0:
                    LAVA_FACES[h][m] |= 1ULL << NB[h][e]
        NB_SET[h] = LAVA_FACES[h][63]      # lava on every edge faces every neighbour
    for v in range(NVILLAGES):
        VILLAGE_HEXES[v] = 0
        for j in range(VILLAGE_EDGES):
            VILLAGE_HEXES[v] |= 1ULL << (ERU_VILLAGE_EDGE[v][j] // NDIR)
    for k in range(10):
        for m in range(64):
            ROTS_OF_MASK[k][m] = 0
        m = ERU_KIND_MASK[k]
        for rr in range(NDIR):
            ROT_MASK[k][rr] = ((m << rr) | (m >> (NDIR - rr))) & 63
            ROTS_OF_MASK[k][ROT_MASK[k][rr]] |= 1 << rr
            ROT_CANON[k][rr] = 1
            for j in range(rr):
                if ROT_MASK[k][j] == ROT_MASK[k][rr]:
                    ROT_CANON[k][rr] = 0
    for k in range(10):
        for q in range(64):
            for r in range(64):
                FIT_ROTS[k][q][r] = 0
                for rr in range(NDIR):
                    if rot_fits(k, rr, q, r):
                        FIT_ROTS[k][q][r] |= 1 << rr

_build_tables()


# ---------------------------------------------------------------- the protocol's view of the struct (ext/dispatch.pxi)
cdef inline bint game_over(EruptionData* d) noexcept nogil:
    return d.stage == ST_END


cdef inline bint at_chance(EruptionData* d) noexcept nogil:
    cdef int st = d.stage
    return (st == ST_DEAL or st == ST_START or st == ST_TEMP_TEST or st == ST_TILE_DRAW
            or st == ST_BLOCK_TEST or st == ST_DRAW or st == ST_QUAKE_DRAW)


cdef inline int to_move(EruptionData* d) noexcept nogil:
    return d.cur


# ---------------------------------------------------------------- small helpers
cdef inline int popcount6(int m) noexcept nogil:
    cdef int c = 0
    while m:
        c += m & 1
        m >>= 1
    return c


cdef inline int village_of(EruptionData* d, int p) noexcept nogil:
    return ERU_VILLAGE_OF[d.n][p]


cdef inline int seat_of_village(EruptionData* d, int v) noexcept nogil:
    cdef int p
    for p in range(d.n):
        if ERU_VILLAGE_OF[d.n][p] == v:
            return p
    return -1


cdef inline int level_of(EruptionData* d, int p) noexcept nogil:
    cdef int z, k = 0
    for z in range(NLEVELS):
        if d.temp[p] >= ERU_LEVEL_TEMP[z]:
            k += 1
    return k


cdef inline int stack_total(EruptionData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NKINDS):
        s += d.stack[k]
    return s


cdef inline int deck_total(EruptionData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.deck[k]
    return s


cdef inline int discard_total(EruptionData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.discard[k]
    return s


cdef inline int hand_size(EruptionData* d, int p) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.hand[p * NCARDTYPES + k]
    return s


cdef inline int stock_total(EruptionData* d, int p) noexcept nogil:
    return d.stock[p * NMAT] + d.stock[p * NMAT + 1] + d.stock[p * NMAT + 2]


cdef void sort_ints(int* a, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = a[i]
        j = i
        while j > 0 and a[j - 1] > t:
            a[j] = a[j - 1]
            j -= 1
        a[j] = t


cdef inline bint can_reach_deck(EruptionData* d) noexcept nogil:
    """A card can be drawn: the deck has one, or the discards are reshuffled into it (E14)."""
    if deck_total(d) == 0 and discard_total(d) > 0:
        reshuffle(d)
    return deck_total(d) > 0


cdef inline void log_event(EruptionData* d, int code) noexcept nogil:
    if d.hlog_len < LOG_MAX:
        d.hlog[d.hlog_len] = code
        d.hlog_len += 1
    else:
        d.hlog_full = 1


cdef void reshuffle(EruptionData* d) noexcept nogil:
    """The public discards become the deck (E10, E14). At the first reshuffle the card history
    is compacted: every seat's draws before it are worth only the hand it holds now (one pool,
    so any split of the cards a seat cannot see among the other hands is possible), and the
    discards are drawn and spent by LOG_PSEUDO."""
    cdef int k, s, i
    if d.reshuffles == 0:
        d.hlog_len = 0
        d.hlog_full = 0
        for s in range(d.n):
            for k in range(NCARDTYPES):
                for i in range(d.hand[s * NCARDTYPES + k]):
                    log_event(d, s * NCARDTYPES + k)
        for k in range(NCARDTYPES):
            for i in range(d.discard[k]):
                log_event(d, LOG_PSEUDO * NCARDTYPES + k)
        for k in range(NCARDTYPES):
            for i in range(d.discard[k]):
                log_event(d, LOG_SPEND + LOG_PSEUDO * NCARDTYPES + k)
    log_event(d, LOG_RESHUFFLE)
    if d.reshuffles < 30000:
        d.reshuffles += 1
    for k in range(NCARDTYPES):
        d.deck[k] = d.discard[k]
        d.discard[k] = 0


# ---------------------------------------------------------------- temperature, walls
cdef void raise_temp(EruptionData* d, int p, int amount) noexcept nogil:
    """+amount (clamped to 300, E4); the first to reach a zone gets an eruption tile (E3);
    300 triggers the end (E12)."""
    cdef int old = d.temp[p], new = old + amount, z
    if new > TEMP_MAX:
        new = TEMP_MAX
    d.temp[p] = new
    for z in range(NLEVELS):
        if old < ERU_LEVEL_TEMP[z] <= new and d.claimed[z] < 0:
            d.claimed[z] = p
            d.held[p] += 1
    if new >= TEMP_MAX:
        d.ending = 1


cdef void gain_wall(EruptionData* d, int p, int mat) noexcept nogil:
    """A wall of `mat`, or the next lower material when it is out; nothing when none is left (E9)."""
    cdef int m
    for m in range(mat, -1, -1):
        if d.supply[m] > 0:
            d.supply[m] -= 1
            d.stock[p * NMAT + m] += 1
            return


cdef inline void remove_wall(EruptionData* d, int e) noexcept nogil:
    """A removed wall goes back to the supply (E14)."""
    if d.wall[e] >= 0:
        d.supply[d.wall[e]] += 1
        d.wall[e] = -1


cdef void remove_blocking_walls(EruptionData* d, int h) noexcept nogil:
    """Walls on the inner edges of hex h go when its tile is turned, replaced or removed (E8);
    village walls (outward edges) belong to the village and stay."""
    cdef int e
    for e in range(NDIR):
        if NB[h][e] >= 0:
            remove_wall(d, h * NDIR + e)


cdef void build_wall(EruptionData* d, int e, int m) noexcept nogil:
    d.stock[d.cur * NMAT + m] -= 1
    d.wall[e] = m
    d.walls_left -= 1
    wall_continue(d)


# ---------------------------------------------------------------- hex sets
cdef inline HexSet occupied(EruptionData* d) noexcept nogil:
    """The hexes with a tile, the volcano included."""
    return ~(<HexSet>eru_negative16(&d.tile[0]) | <HexSet>eru_negative16(&d.tile[16]) << 16
             | <HexSet>eru_negative16(&d.tile[32]) << 32
             | <HexSet>eru_negative16(&d.tile[NHEX - 16]) << (NHEX - 16)) & ALL_HEXES


cdef inline HexSet lava_front(EruptionData* d) noexcept nogil:
    """The empty hexes that a placed tile's lava edge faces: a lava tile must meet lava (E6),
    so it can go nowhere else (kept in the struct by `board_changed`)."""
    cdef HexSet front
    memcpy(&front, &d.front_set[0], sizeof(HexSet))
    return front


cdef inline HexSet front_tiles(EruptionData* d) noexcept nogil:
    """The occupied hexes next to the lava front (kept in the struct by `board_changed`)."""
    cdef HexSet near
    memcpy(&near, &d.front_tiles[0], sizeof(HexSet))
    return near


cdef void derive_board(EruptionData* d) noexcept nogil:
    """Compute the struct's derived fields (`nb_cons`, the front's hex sets) from tile and
    mask: at set-up and on load."""
    cdef int h
    for h in range(NHEX):
        d.nb_cons[h] = 0
    for h in range(NHEX):
        neighbours_see(d, h)
    derive_front(d)


cdef void board_changed(EruptionData* d, int h) noexcept nogil:
    """Keep the derived fields up to date after the tile or the lava of hex h changed: the
    board changes once per placed tile while they are read at every legal-move list."""
    neighbours_see(d, h)
    derive_front(d)


cdef inline void neighbours_see(EruptionData* d, int h) noexcept nogil:
    """Write hex h's tile into its neighbours' constraints (`nb_cons`): the neighbour g in
    direction e sees h in the opposite direction f, occupied or not, lava on h's edge e or not."""
    cdef int e, f, g, there = d.tile[h] >= 0, lava
    for e in range(NDIR):
        g = NB[h][e]
        if g >= 0:
            f = (e + 3) % NDIR
            lava = (d.mask[h] >> e) & there
            d.nb_cons[g] = ((d.nb_cons[g] & ~((1 << f) | (1 << (f + NDIR))))
                            | (there << f) | (lava << (f + NDIR)))


cdef void derive_front(EruptionData* d) noexcept nogil:
    """The lava front and the tiles next to it, from tile and mask, into the struct."""
    cdef HexSet occ = occupied(d), front = 0, rest = occ
    cdef int h
    while rest:
        h = lowest_bit(rest)
        rest &= rest - 1
        front |= LAVA_FACES[h][d.mask[h]]
    store_front(d, front & ~occ, occ)


cdef void tile_added(EruptionData* d, int h) noexcept nogil:
    """`board_changed` for a tile put on an empty hex (most changes): the front gains the
    empty hexes its lava faces and loses h, so the occupied hexes need not be visited."""
    cdef HexSet occ = occupied(d)
    neighbours_see(d, h)
    store_front(d, (lava_front(d) | LAVA_FACES[h][d.mask[h]]) & ~occ, occ)


cdef inline void store_front(EruptionData* d, HexSet front, HexSet occ) noexcept nogil:
    """Keep the lava front `front` and the tiles next to it (`occ`: the occupied hexes)."""
    cdef HexSet near = 0, rest = front
    while rest:
        near |= NB_SET[lowest_bit(rest)]
        rest &= rest - 1
    near &= occ
    memcpy(&d.front_set[0], &front, sizeof(HexSet))
    memcpy(&d.front_tiles[0], &near, sizeof(HexSet))


# ---------------------------------------------------------------- placement legality (E6)
cdef inline void constraints(EruptionData* d, int h, int* cons, int* req) noexcept nogil:
    """The directions of h with an occupied neighbour (cons) and those of them whose facing
    edge has lava (req), as `board_changed` keeps them."""
    cons[0] = d.nb_cons[h] & 63
    req[0] = d.nb_cons[h] >> NDIR


cdef inline bint rot_fits(int kind, int r, int cons, int req) noexcept nogil:
    """Rotation r of `kind` is a distinct one and its lava matches the constraints (cons, req)
    of a hex: lava to lava, none to none, and it meets some lava unless it is an eruption tile."""
    return (ROT_CANON[kind][r] and (ROT_MASK[kind][r] & cons) == req
            and (req != 0 or kind == K_ERUPTION))


cdef inline bint fits(EruptionData* d, int h, int m, bint need_conn) noexcept nogil:
    """Mask m on hex h matches every occupied neighbour (lava to lava, none to none; edges to
    villages, the sea and empty hexes are free) and meets at least one neighbour's lava."""
    cdef int cons, req
    constraints(d, h, &cons, &req)
    return (m & cons) == req and (req != 0 or not need_conn)


cdef inline bint rot_ok(EruptionData* d, int h, int kind, int r) noexcept nogil:
    cdef int cons, req
    constraints(d, h, &cons, &req)
    return rot_fits(kind, r, cons, req)


cdef inline bint hex_ok(EruptionData* d, int h, int kind, HexSet occ) noexcept nogil:
    """Hex h is empty land, not refused for this tile, and some rotation of `kind` fits;
    `occ`: the occupied hexes."""
    cdef int cons, req
    if (occ >> h) & 1 or d.refused[h]:
        return False
    constraints(d, h, &cons, &req)
    return FIT_ROTS[kind][cons][req] != 0


cdef int tile_places(EruptionData* d, int kind, int* out, bint first_only) noexcept nogil:
    """The hexes where `kind` can go (hex_ok), ascending, written to `out` unless it is NULL;
    their count (at most 1 with `first_only`). Only the lava front is tried for a lava tile,
    every empty hex for an eruption tile."""
    cdef HexSet occ = occupied(d)
    cdef HexSet todo = (ALL_HEXES & ~occ) if kind == K_ERUPTION else lava_front(d)
    cdef int h, n = 0
    while todo:
        h = lowest_bit(todo)
        todo &= todo - 1
        if hex_ok(d, h, kind, occ):
            if out != NULL:
                out[n] = h
            n += 1
            if first_only:
                break
    return n


cdef inline bint any_hex(EruptionData* d, int kind) noexcept nogil:
    return tile_places(d, kind, NULL, True) > 0


cdef inline bint turnable(EruptionData* d, int h) noexcept nogil:
    """Aftershock target: a lava tile with another legal rotation (E10): one that fits the
    hex's constraints and gives other lava edges (no fitting rotation of a lava tile without
    lava to meet: FIT_ROTS is empty then)."""
    cdef int k = d.tile[h], cons, req
    if k < 0 or k >= NKINDS:
        return False
    constraints(d, h, &cons, &req)
    return (FIT_ROTS[k][cons][req] & ~ROTS_OF_MASK[k][d.mask[h]]) != 0


cdef int lava_tiles(EruptionData* d, int* out, bint turnable_only, bint first_only) noexcept nogil:
    """The hexes with a lava tile (not the volcano or an eruption tile), only those `turnable`
    with `turnable_only`, ascending, written to `out` unless it is NULL; their count (at most
    1 with `first_only`)."""
    cdef HexSet todo = occupied(d)
    cdef int h, n = 0
    while todo:
        h = lowest_bit(todo)
        todo &= todo - 1
        if d.tile[h] < NKINDS and (not turnable_only or turnable(d, h)):
            if out != NULL:
                out[n] = h
            n += 1
            if first_only:
                break
    return n


cdef inline bint any_lava_tile(EruptionData* d) noexcept nogil:
    return lava_tiles(d, NULL, False, True) > 0


# ---------------------------------------------------------------- walls (E8)
cdef inline bint own_village_edge(EruptionData* d, int p, int e) noexcept nogil:
    return EDGE_VILLAGE[e] >= 0 and EDGE_VILLAGE[e] == village_of(d, p)


cdef inline int spot_dirs(EruptionData* d, int v, int h) noexcept nogil:
    """The directions of hex h where the owner of village v may build a wall: free edges of
    the village, or free lava edges of a placed tile (not the volcano) facing an empty land
    hex (E8, E14): a land direction without an occupied neighbour in the constraints."""
    cdef int e, rest, m = OWN_MASK[v][h]
    if 0 <= d.tile[h] <= K_ERUPTION:
        m |= d.mask[h] & LAND_DIRS[h] & ~d.nb_cons[h]
    rest = m
    while rest:
        e = lowest_bit(rest)
        rest &= rest - 1
        if d.wall[h * NDIR + e] >= 0:
            m &= ~(1 << e)
    return m


cdef int wall_spots(EruptionData* d, int p, int* out, bint first_only) noexcept nogil:
    """The edges where p may build a wall, ascending, written to `out` unless it is NULL;
    their count (with `first_only`, 0 or more when there is none or some). Only the hexes of
    p's village and the tiles next to the lava front can have one."""
    cdef int v = village_of(d, p), h, m, e, n = 0
    # a tile's lava edge faces an empty hex: one of the front
    cdef HexSet todo = VILLAGE_HEXES[v] | front_tiles(d)
    while todo:
        h = lowest_bit(todo)
        todo &= todo - 1
        m = spot_dirs(d, v, h)
        if m and first_only:
            return 1
        while m:
            e = lowest_bit(m)
            m &= m - 1
            if out != NULL:
                out[n] = h * NDIR + e
            n += 1
    return n


cdef inline bint wall_spot(EruptionData* d, int p, int e) noexcept nogil:
    return (spot_dirs(d, village_of(d, p), e // NDIR) >> (e % NDIR)) & 1


cdef inline bint any_wall_spot(EruptionData* d, int p) noexcept nogil:
    return wall_spots(d, p, NULL, True) > 0


cdef inline bint any_wall(EruptionData* d) noexcept nogil:
    cdef int e
    for e in range(0, NEDGE - 16, 16):
        if eru_negative16(&d.wall[e]) != 0xFFFF:
            return True
    return eru_negative16(&d.wall[NEDGE - 16]) != 0xFFFF


cdef inline bint can_relocate(EruptionData* d, int p) noexcept nogil:
    cdef int j, e, walled = 0, free = 0
    cdef int v = village_of(d, p)
    for j in range(VILLAGE_EDGES):
        e = ERU_VILLAGE_EDGE[v][j]
        if d.wall[e] >= 0:
            walled += 1
        else:
            free += 1
    return walled > 0 and free > 0


# ---------------------------------------------------------------- turn flow
cdef void begin_turn(EruptionData* d) noexcept nogil:
    if d.turns >= d.turn_cap:           # X5: scored as a normal end
        d.stage = ST_END
        return
    d.turns += 1
    d.ctx = CTX_NORMAL
    d.walls_left = 0
    d.reinforce = 0
    d.extra_used = 0
    d.card_actions = 0
    d.pending = 0
    d.check_idx = 0
    temp_continue(d)


cdef void temp_continue(EruptionData* d) noexcept nogil:
    """Step 1: each village edge of the player that lava touches: +20 unwalled, else a wall
    test (E8)."""
    cdef int v = village_of(d, d.cur), e, h
    while d.check_idx < VILLAGE_EDGES:
        e = ERU_VILLAGE_EDGE[v][d.check_idx]
        h = e // NDIR
        if d.tile[h] >= 0 and (d.mask[h] >> (e % NDIR)) & 1:
            if d.wall[e] < 0:
                raise_temp(d, d.cur, TEMP_UNWALLED)
            else:
                d.sel_edge = e
                d.stage = ST_TEMP_TEST
                return
        d.check_idx += 1
    tile_step(d)


cdef void tile_step(EruptionData* d) noexcept nogil:
    """Step 2; none in the final round, and no draws once the end is triggered (E12)."""
    if d.final_left > 0:
        card_step(d)
    elif d.ending:
        eruption_check(d)
    else:
        d.ctx = CTX_NORMAL
        start_tile_draw(d)


cdef void start_tile_draw(EruptionData* d) noexcept nogil:
    if d.ending or stack_total(d) == 0:
        resume(d)
    else:
        d.stage = ST_TILE_DRAW


cdef void clear_refused(EruptionData* d) noexcept nogil:
    cdef int h
    for h in range(NHEX):
        d.refused[h] = 0


cdef void tile_drawn(EruptionData* d, int k) noexcept nogil:
    d.stack[k] -= 1
    if stack_total(d) == 0:             # E12: the last tile triggers the end
        d.ending = 1
    d.cur_tile = k
    clear_refused(d)
    if any_hex(d, k):
        d.stage = ST_TILE_HEX
    else:                               # E6: no legal place, the tile is discarded
        d.tiles_out += 1
        after_tile(d)


cdef void after_tile(EruptionData* d) noexcept nogil:
    """Draw the cards owed (E7), then go on where the tile came from."""
    if d.pending > 0 and can_reach_deck(d):
        d.stage = ST_DRAW
        return
    d.pending = 0
    resume(d)


cdef void resume(EruptionData* d) noexcept nogil:
    if d.ctx == CTX_NORMAL:
        if (level_of(d, d.cur) >= 3 and not d.extra_used and not d.ending
                and stack_total(d) > 0):
            d.stage = ST_EXTRA          # E5: level 3 may place 1 extra tile
            return
        eruption_check(d)
    elif d.ctx == CTX_EXTRA:
        eruption_check(d)
    elif d.ctx == CTX_ERUPT:
        card_step(d)
    else:
        d.stage = ST_CARDS


cdef void eruption_check(EruptionData* d) noexcept nogil:
    """E3: a held eruption tile is placed after the normal tile, one per turn, when it can be."""
    if d.held[d.cur] > 0 and d.final_left == 0:
        clear_refused(d)
        if any_hex(d, K_ERUPTION):
            d.ctx = CTX_ERUPT
            d.cur_tile = K_ERUPTION
            d.stage = ST_ERUPT_HEX
            return
    card_step(d)


cdef void card_step(EruptionData* d) noexcept nogil:
    """Step 3; level 2 draws 1 extra card first (E5)."""
    d.ctx = CTX_CARD
    if level_of(d, d.cur) >= 2:
        d.pending += 1
    after_tile(d)


cdef void wall_step(EruptionData* d) noexcept nogil:
    """Step 4: 1 wall, 2 from level 1 (E5), +1 per Reinforce (E9)."""
    d.walls_left = 1 + (1 if level_of(d, d.cur) >= 1 else 0) + d.reinforce
    wall_continue(d)


cdef void wall_continue(EruptionData* d) noexcept nogil:
    if d.walls_left > 0 and stock_total(d, d.cur) > 0 and any_wall_spot(d, d.cur):
        d.stage = ST_WALL_EDGE
    else:
        hand_limit(d)


cdef void hand_limit(EruptionData* d) noexcept nogil:
    if hand_size(d, d.cur) > HAND_LIMIT:
        d.stage = ST_LIMIT
    else:
        end_turn(d)


cdef void end_turn(EruptionData* d) noexcept nogil:
    """E12: after the triggering turn every player takes one final turn, from the next one."""
    if d.final_left > 0:
        d.final_left -= 1
        if d.final_left == 0:
            d.stage = ST_END
            return
    elif d.ending:
        d.final_left = d.n
    d.cur = (d.cur + 1) % d.n
    begin_turn(d)


# ---------------------------------------------------------------- placing a tile
cdef void put_tile(EruptionData* d, int h, int kind, int r, int old_mask) noexcept nogil:
    """Set the tile; cards for lava newly touching villages (E7), the icon's wall (E1, E14),
    +30 to everyone else for an eruption tile (E3, E14 order)."""
    cdef int m = ROT_MASK[kind][r], i
    cdef bint was_empty = d.tile[h] < 0
    d.tile[h] = kind
    d.rot[h] = r
    d.mask[h] = m
    if was_empty:
        tile_added(d, h)
    else:                               # Aftershock or Quake: lava may have gone
        board_changed(d, h)
    d.pending += popcount6(m & ~old_mask & VMASK[h])
    if ERU_ICON[h] >= 0:
        gain_wall(d, d.cur, ERU_ICON[h])
    if kind == K_ERUPTION:
        d.held[d.cur] -= 1
        for i in range(1, d.n):
            raise_temp(d, (d.cur + i) % d.n, TEMP_ERUPTION)


cdef int facing_walls(EruptionData* d, int h, int m, bint* unwalled) noexcept nogil:
    """Directions of lava on mask m at h that face a wall on a neighbour's edge."""
    cdef int e, nb, fw = 0
    unwalled[0] = False
    for e in range(NDIR):
        nb = NB[h][e]
        if nb < 0 or d.tile[nb] < 0 or not (m >> e) & 1:
            continue
        if d.wall[nb * NDIR + (e + 3) % NDIR] >= 0:
            fw |= 1 << e
        else:
            unwalled[0] = True
    return fw


cdef void attempt_place(EruptionData* d, int h, int r) noexcept nogil:
    """E8: lava meeting a blocking wall tests it, unless the tile is also fed by unwalled lava
    (then the walls go without a test). Every facing wall must break."""
    cdef bint unwalled
    cdef int m = ROT_MASK[d.cur_tile][r], e
    cdef int fw = facing_walls(d, h, m, &unwalled)
    if fw and not unwalled:
        d.sel_hex = h
        d.sel_rot = r
        d.tested = fw
        d.stage = ST_BLOCK_TEST
        return
    for e in range(NDIR):
        if (fw >> e) & 1:
            remove_wall(d, NB[h][e] * NDIR + (e + 3) % NDIR)
    put_tile(d, h, d.cur_tile, r, 0)
    after_tile(d)


cdef inline int lowest_edge(int m) noexcept nogil:
    """The lowest edge (0..5) set in the edge mask m, -1 if none."""
    cdef int e
    for e in range(NDIR):
        if (m >> e) & 1:
            return e
    return -1


cdef inline int tested_edge(EruptionData* d) noexcept nogil:
    """The wall under a blocking test: on the neighbour, facing the new tile."""
    cdef int e = lowest_edge(d.tested)
    return NB[d.sel_hex][e] * NDIR + (e + 3) % NDIR


cdef void block_result(EruptionData* d, bint broke) noexcept nogil:
    cdef int e = lowest_edge(d.tested)
    if broke:
        remove_wall(d, tested_edge(d))
        d.tested &= ~(1 << e)
        if d.tested == 0:
            put_tile(d, d.sel_hex, d.cur_tile, d.sel_rot, 0)
            after_tile(d)
        return
    # the wall holds: the tile goes elsewhere, or is discarded (an eruption tile is kept)
    d.tested = 0
    d.refused[d.sel_hex] = 1
    if any_hex(d, d.cur_tile):
        d.stage = ST_ERUPT_HEX if d.cur_tile == K_ERUPTION else ST_TILE_HEX
        return
    if d.cur_tile != K_ERUPTION:
        d.tiles_out += 1
    after_tile(d)


# ---------------------------------------------------------------- action cards (E10)
cdef inline bint tiles_drawable(EruptionData* d) noexcept nogil:
    """A card may draw a lava tile: the end is not triggered and the stack has one (E12)."""
    return not d.ending and d.final_left == 0 and stack_total(d) > 0


cdef bint playable(EruptionData* d, int k, bint draws) noexcept nogil:
    """Card k has an effect now; `draws`: tiles_drawable(d)."""
    if k == CARD_AFTERSHOCK:
        return lava_tiles(d, NULL, True, True) > 0
    if k == CARD_QUAKE:
        return draws and any_lava_tile(d)
    if k == CARD_SINKHOLE:
        return any_lava_tile(d)
    if k == CARD_BOMB:
        return any_wall(d)
    if k == CARD_RELOCATE:
        return can_relocate(d, d.cur)
    if k == CARD_LAVA_FLOW:
        return draws
    return True                         # Rain, Reinforce


cdef inline void spend_card(EruptionData* d, int k) noexcept nogil:
    """The current player's card k goes to the public discard pile."""
    d.hand[d.cur * NCARDTYPES + k] -= 1
    d.discard[k] += 1
    log_event(d, LOG_SPEND + d.cur * NCARDTYPES + k)


cdef void play_card(EruptionData* d, int k) noexcept nogil:
    spend_card(d, k)
    d.card_actions += 1
    if k == CARD_AFTERSHOCK:
        d.stage = ST_AFTER_HEX
    elif k == CARD_QUAKE:
        d.stage = ST_QUAKE_HEX
    elif k == CARD_SINKHOLE:
        d.stage = ST_SINK_HEX
    elif k == CARD_BOMB:
        d.stage = ST_BOMB_EDGE
    elif k == CARD_RAIN:
        d.temp[d.cur] = d.temp[d.cur] - RAIN_DROP if d.temp[d.cur] > RAIN_DROP else 0
        d.stage = ST_CARDS
    elif k == CARD_RELOCATE:
        d.reloc_moves = 0
        d.stage = ST_RELOC_FROM
    elif k == CARD_REINFORCE:
        d.reinforce += 1
        d.stage = ST_CARDS
    else:                               # Lava Flow
        d.ctx = CTX_CARD
        start_tile_draw(d)


# ---------------------------------------------------------------- set-up
cdef void init_data(EruptionData* d, int n, bint rain, int turn_cap) noexcept nogil:
    cdef int h, e, k, p
    memset(d, 0, sizeof(EruptionData))
    d.n = n
    d.rain = 1 if rain else 0
    d.turn_cap = turn_cap
    d.start = -1
    d.cur = 0
    for h in range(NHEX):
        d.tile[h] = -1
    d.tile[VOLCANO] = K_VOLCANO
    d.mask[VOLCANO] = 63
    derive_board(d)
    for e in range(NEDGE):
        d.wall[e] = -1
    for k in range(NKINDS):
        d.stack[k] = ERU_KIND_COUNT[k]
    for k in range(NCARDTYPES):
        d.deck[k] = ERU_CARD_COUNT[k]
    if not rain:
        d.deck[CARD_RAIN] -= RAIN_REMOVED
    for k in range(NMAT):
        d.supply[k] = ERU_WALLS_TOTAL[k] - n      # E11: 1 wall of each material each
        for p in range(n):
            d.stock[p * NMAT + k] = 1
    for k in range(NLEVELS):
        d.claimed[k] = -1
    d.sel_hex = -1
    d.sel_edge = -1
    d.deal_left = START_CARDS * n
    d.ctx = CTX_DEAL
    d.stage = ST_DEAL


# ---------------------------------------------------------------- the end and the evaluation
cdef void returns_data(EruptionData* d, double* out) noexcept nogil:
    """The lowest temperature wins; ties share the win (E12)."""
    cdef int p, best = 100000, nb = 0
    for p in range(d.n):
        if d.temp[p] < best:
            best = d.temp[p]
    for p in range(d.n):
        if d.temp[p] == best:
            nb += 1
    for p in range(d.n):
        out[p] = 1.0 / nb if d.temp[p] == best else 0.0


cdef void evaluate_data(EruptionData* d, double* out) noexcept nogil:
    """Win-chance estimate from public facts only: a softmax of minus the temperature and the
    threat at the village (lava on its edges: +20 a turn unwalled, about +5 walled), helped a
    little by cards in hand, walls in stock and eruption tiles held."""
    cdef double v[MAX_SEATS]
    cdef double total = 0.0, threat
    cdef int p, j, e, h
    if d.stage == ST_END:
        returns_data(d, out)
        return
    for p in range(d.n):
        threat = 0.0
        for j in range(VILLAGE_EDGES):
            e = ERU_VILLAGE_EDGE[village_of(d, p)][j]
            h = e // NDIR
            if d.tile[h] >= 0 and (d.mask[h] >> (e % NDIR)) & 1:
                threat += 5.0 if d.wall[e] >= 0 else 20.0
        v[p] = (-(d.temp[p] + threat) / 25.0 + 0.15 * hand_size(d, p) + 0.1 * stock_total(d, p)
                + 0.3 * d.held[p])
    for p in range(d.n):
        v[p] = exp(v[p])
        total += v[p]
    for p in range(d.n):
        out[p] = v[p] / total

