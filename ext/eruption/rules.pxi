# Eruption's rules in C (included by ext/eruption/engine.pyx): the state struct, the board
# tables derived from data.pxd, the turn flow (temperature check, tile placement, action cards,
# walls, hand limit), legal moves, chance outcomes and their effects. Everything here is
# `noexcept nogil` on one EData struct. GAPS.md IDs (E1..E14, X1..X7) are cited where a rule
# needed an assumption.

# ---------------------------------------------------------------- action encoding
cdef enum:
    A_HEX = 0           # 61: a hex (tile, eruption tile, Aftershock / Quake / Sinkhole target)
    A_ROT = 61          # 6: a rotation of the tile being placed or turned
    A_EDGE = 67         # 366: an edge hex*6+dir (wall, Volcanic Bomb, Relocate from/to)
    A_MAT = 433         # 3: the material of the wall being built
    A_PLAY = 436        # 8: play an action card for its effect
    A_DISC = 444        # 8: discard an action card for the wall printed on it
    A_EXCH = 452        # 36: discard two cards (pair index) for an extra lava tile
    A_DONE = 488        # end the step (cards, walls, Relocate) or decline the extra tile
    A_EXTRA = 489       # take the level-3 extra tile (E5)
    A_LIMIT = 490       # 8: discard a card down to the hand limit
    NUM_ACTIONS = 498

# chance outcomes
cdef enum:
    C_TILE = 0          # 8: the lava tile kind drawn
    C_CARD = 8          # 8: the action card drawn
    C_START = 16        # 6: the starting player
    C_BREAK = 22        # the wall under test breaks (the lava wins)
    C_HOLD = 23         # the wall holds
    NUM_CHANCE = 24
    KEY_HIDDEN_DRAW = 100000    # a card drawn by another seat (action_key)

# stages
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


ctypedef struct EData:
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
    short hand[MAX_PLAYERS * NCARDTYPES]
    short supply[NMAT]
    short stock[MAX_PLAYERS * NMAT]
    short temp[MAX_PLAYERS]
    short claimed[NLEVELS]  # the seat that first reached each zone, -1 (E3)
    short held[MAX_PLAYERS] # eruption tiles held, not yet placed
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
    # The card history (what resampling needs, see `resample_data`): one code per event,
    # s*8+k a draw of card k by seat s, LOG_SPEND+s*8+k a spend (play or discard),
    # LOG_RESHUFFLE a reshuffle. At the first reshuffle the history before it is compacted to
    # the hands and discards of that moment (seat LOG_PSEUDO draws and spends the discards).
    short reshuffles        # reshuffles so far
    short hlog_full         # 1: the history overflowed LOG_MAX (never seen; see rules.md)
    short hlog_len
    short hlog[LOG_MAX]


# ---------------------------------------------------------------- board tables (from data.pxd)
cdef int NB[NHEX][NDIR]         # neighbour hex, -1 off the board
cdef int VMASK[NHEX]            # directions whose edge is a village edge
cdef int EDGE_VILLAGE[NEDGE]    # village of an edge, -1
cdef int ROT_MASK[10][NDIR]     # lava mask of a tile kind at a rotation
cdef int ROT_CANON[10][NDIR]    # 1 if no smaller rotation gives the same mask
cdef int OWN_MASK[NVILLAGES][NHEX]  # directions of a hex that are edges of a village


cdef void _build_tables():
    cdef int h, e, g, q, r, v, k, rr, j, m
    for h in range(NHEX):
        VMASK[h] = 0
        for e in range(NDIR):
            NB[h][e] = -1
            q = ERU_HEX_Q[h] + ERU_DIR_Q[e]
            r = ERU_HEX_R[h] + ERU_DIR_R[e]
            for g in range(NHEX):
                if ERU_HEX_Q[g] == q and ERU_HEX_R[g] == r:
                    NB[h][e] = g
            EDGE_VILLAGE[h * NDIR + e] = -1
    for v in range(NVILLAGES):
        for h in range(NHEX):
            OWN_MASK[v][h] = 0
        for j in range(VILLAGE_EDGES):
            e = ERU_VILLAGE_EDGE[v][j]
            OWN_MASK[v][e // NDIR] |= 1 << (e % NDIR)
            EDGE_VILLAGE[e] = v
            VMASK[e // NDIR] |= 1 << (e % NDIR)
    for k in range(10):
        m = ERU_KIND_MASK[k]
        for rr in range(NDIR):
            ROT_MASK[k][rr] = ((m << rr) | (m >> (NDIR - rr))) & 63
            ROT_CANON[k][rr] = 1
            for j in range(rr):
                if ROT_MASK[k][j] == ROT_MASK[k][rr]:
                    ROT_CANON[k][rr] = 0

_build_tables()


# ---------------------------------------------------------------- small helpers
cdef inline int popcount6(int m) noexcept nogil:
    cdef int c = 0
    while m:
        c += m & 1
        m >>= 1
    return c


cdef inline int village_of(EData* d, int p) noexcept nogil:
    return ERU_VILLAGE_OF[d.n][p]


cdef inline int seat_of_village(EData* d, int v) noexcept nogil:
    cdef int p
    for p in range(d.n):
        if ERU_VILLAGE_OF[d.n][p] == v:
            return p
    return -1


cdef inline int level_of(EData* d, int p) noexcept nogil:
    cdef int z, k = 0
    for z in range(NLEVELS):
        if d.temp[p] >= ERU_LEVEL_TEMP[z]:
            k += 1
    return k


cdef inline int stack_total(EData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NKINDS):
        s += d.stack[k]
    return s


cdef inline int deck_total(EData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.deck[k]
    return s


cdef inline int discard_total(EData* d) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.discard[k]
    return s


cdef inline int hand_size(EData* d, int p) noexcept nogil:
    cdef int k, s = 0
    for k in range(NCARDTYPES):
        s += d.hand[p * NCARDTYPES + k]
    return s


cdef inline int stock_total(EData* d, int p) noexcept nogil:
    return d.stock[p * NMAT] + d.stock[p * NMAT + 1] + d.stock[p * NMAT + 2]


cdef inline bint is_chance_stage(int st) noexcept nogil:
    return (st == ST_DEAL or st == ST_START or st == ST_TEMP_TEST or st == ST_TILE_DRAW
            or st == ST_BLOCK_TEST or st == ST_DRAW or st == ST_QUAKE_DRAW)


cdef inline int pair_index(int i, int j) noexcept nogil:
    """Index of the unordered card pair i <= j among the 36 pairs."""
    return i * NCARDTYPES - i * (i - 1) // 2 + (j - i)


cdef inline void pair_of(int idx, int* i, int* j) noexcept nogil:
    cdef int a, b
    i[0] = 0            # defined even for an index that names no pair (never a legal move)
    j[0] = 0
    for a in range(NCARDTYPES):
        for b in range(a, NCARDTYPES):
            if pair_index(a, b) == idx:
                i[0] = a
                j[0] = b
                return


cdef inline bint can_reach_deck(EData* d) noexcept nogil:
    """A card can be drawn: the deck has one, or the discards are reshuffled into it (E14)."""
    if deck_total(d) == 0 and discard_total(d) > 0:
        reshuffle(d)
    return deck_total(d) > 0


cdef inline void log_event(EData* d, int code) noexcept nogil:
    if d.hlog_len < LOG_MAX:
        d.hlog[d.hlog_len] = code
        d.hlog_len += 1
    else:
        d.hlog_full = 1


cdef void reshuffle(EData* d) noexcept nogil:
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
cdef void raise_temp(EData* d, int p, int amount) noexcept nogil:
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


cdef void gain_wall(EData* d, int p, int mat) noexcept nogil:
    """A wall of `mat`, or the next lower material when it is out; nothing when none is left (E9)."""
    cdef int m
    for m in range(mat, -1, -1):
        if d.supply[m] > 0:
            d.supply[m] -= 1
            d.stock[p * NMAT + m] += 1
            return


cdef inline void remove_wall(EData* d, int e) noexcept nogil:
    """A removed wall goes back to the supply (E14)."""
    if d.wall[e] >= 0:
        d.supply[d.wall[e]] += 1
        d.wall[e] = -1


cdef void remove_blocking_walls(EData* d, int h) noexcept nogil:
    """Walls on the inner edges of hex h go when its tile is turned, replaced or removed (E8);
    village walls (outward edges) belong to the village and stay."""
    cdef int e
    for e in range(NDIR):
        if NB[h][e] >= 0:
            remove_wall(d, h * NDIR + e)


# ---------------------------------------------------------------- placement legality (E6)
cdef inline void constraints(EData* d, int h, int* cons, int* req) noexcept nogil:
    """The directions of h with an occupied neighbour (cons) and those of them whose facing
    edge has lava (req)."""
    cdef int e, nb
    cons[0] = 0
    req[0] = 0
    for e in range(NDIR):
        nb = NB[h][e]
        if nb >= 0 and d.tile[nb] >= 0:
            cons[0] |= 1 << e
            if (d.mask[nb] >> ((e + 3) % NDIR)) & 1:
                req[0] |= 1 << e


cdef inline bint fits(EData* d, int h, int m, bint need_conn) noexcept nogil:
    """Mask m on hex h matches every occupied neighbour (lava to lava, none to none; edges to
    villages, the sea and empty hexes are free) and meets at least one neighbour's lava."""
    cdef int cons, req
    constraints(d, h, &cons, &req)
    return (m & cons) == req and (req != 0 or not need_conn)


cdef inline bint rot_ok(EData* d, int h, int kind, int r) noexcept nogil:
    return ROT_CANON[kind][r] and fits(d, h, ROT_MASK[kind][r], kind != K_ERUPTION)


cdef bint hex_ok(EData* d, int h, int kind) noexcept nogil:
    """Hex h is empty land, not refused for this tile, and some rotation of `kind` fits."""
    cdef int r, cons, req
    if d.tile[h] >= 0 or d.refused[h]:
        return False
    constraints(d, h, &cons, &req)
    if req == 0 and kind != K_ERUPTION:
        return False
    for r in range(NDIR):
        if ROT_CANON[kind][r] and (ROT_MASK[kind][r] & cons) == req:
            return True
    return False


cdef bint any_hex(EData* d, int kind) noexcept nogil:
    cdef int h
    for h in range(NHEX):
        if hex_ok(d, h, kind):
            return True
    return False


cdef inline bint turnable(EData* d, int h) noexcept nogil:
    """Aftershock target: a lava tile with another legal rotation (E10)."""
    cdef int r, k = d.tile[h], cons, req
    if k < 0 or k >= NKINDS:
        return False
    constraints(d, h, &cons, &req)
    if req == 0:
        return False
    for r in range(NDIR):
        if ROT_CANON[k][r] and ROT_MASK[k][r] != d.mask[h] and (ROT_MASK[k][r] & cons) == req:
            return True
    return False


cdef bint any_lava_tile(EData* d) noexcept nogil:
    cdef int h
    for h in range(NHEX):
        if 0 <= d.tile[h] < NKINDS:
            return True
    return False


# ---------------------------------------------------------------- walls (E8)
cdef inline bint own_village_edge(EData* d, int p, int e) noexcept nogil:
    return EDGE_VILLAGE[e] >= 0 and EDGE_VILLAGE[e] == village_of(d, p)


cdef inline int spot_dirs(EData* d, int p, int h) noexcept nogil:
    """The directions of hex h where p may build a wall: free edges of p's own village, or
    free lava edges of a placed tile (not the volcano) facing an empty land hex (E8, E14)."""
    cdef int e, nb, m = OWN_MASK[village_of(d, p)][h]
    if 0 <= d.tile[h] <= K_ERUPTION:
        for e in range(NDIR):
            nb = NB[h][e]
            if nb >= 0 and d.tile[nb] < 0 and (d.mask[h] >> e) & 1:
                m |= 1 << e
    for e in range(NDIR):
        if d.wall[h * NDIR + e] >= 0:
            m &= ~(1 << e)
    return m


cdef inline bint wall_spot(EData* d, int p, int e) noexcept nogil:
    return (spot_dirs(d, p, e // NDIR) >> (e % NDIR)) & 1


cdef bint any_wall_spot(EData* d, int p) noexcept nogil:
    cdef int h
    for h in range(NHEX):
        if spot_dirs(d, p, h):
            return True
    return False


cdef inline bint any_wall(EData* d) noexcept nogil:
    cdef int e
    for e in range(NEDGE):
        if d.wall[e] >= 0:
            return True
    return False


cdef inline bint can_relocate(EData* d, int p) noexcept nogil:
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
cdef void begin_turn(EData* d) noexcept nogil:
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


cdef void temp_continue(EData* d) noexcept nogil:
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


cdef void tile_step(EData* d) noexcept nogil:
    """Step 2; none in the final round, and no draws once the end is triggered (E12)."""
    if d.final_left > 0:
        card_step(d)
    elif d.ending:
        eruption_check(d)
    else:
        d.ctx = CTX_NORMAL
        start_tile_draw(d)


cdef void start_tile_draw(EData* d) noexcept nogil:
    if d.ending or stack_total(d) == 0:
        resume(d)
    else:
        d.stage = ST_TILE_DRAW


cdef void clear_refused(EData* d) noexcept nogil:
    cdef int h
    for h in range(NHEX):
        d.refused[h] = 0


cdef void tile_drawn(EData* d, int k) noexcept nogil:
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


cdef void after_tile(EData* d) noexcept nogil:
    """Draw the cards owed (E7), then go on where the tile came from."""
    if d.pending > 0 and can_reach_deck(d):
        d.stage = ST_DRAW
        return
    d.pending = 0
    resume(d)


cdef void resume(EData* d) noexcept nogil:
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


cdef void eruption_check(EData* d) noexcept nogil:
    """E3: a held eruption tile is placed after the normal tile, one per turn, when it can be."""
    if d.held[d.cur] > 0 and d.final_left == 0:
        clear_refused(d)
        if any_hex(d, K_ERUPTION):
            d.ctx = CTX_ERUPT
            d.cur_tile = K_ERUPTION
            d.stage = ST_ERUPT_HEX
            return
    card_step(d)


cdef void card_step(EData* d) noexcept nogil:
    """Step 3; level 2 draws 1 extra card first (E5)."""
    d.ctx = CTX_CARD
    if level_of(d, d.cur) >= 2:
        d.pending += 1
    after_tile(d)


cdef void wall_step(EData* d) noexcept nogil:
    """Step 4: 1 wall, 2 from level 1 (E5), +1 per Reinforce (E9)."""
    d.walls_left = 1 + (1 if level_of(d, d.cur) >= 1 else 0) + d.reinforce
    wall_continue(d)


cdef void wall_continue(EData* d) noexcept nogil:
    if d.walls_left > 0 and stock_total(d, d.cur) > 0 and any_wall_spot(d, d.cur):
        d.stage = ST_WALL_EDGE
    else:
        hand_limit(d)


cdef void hand_limit(EData* d) noexcept nogil:
    if hand_size(d, d.cur) > HAND_LIMIT:
        d.stage = ST_LIMIT
    else:
        end_turn(d)


cdef void end_turn(EData* d) noexcept nogil:
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
cdef void put_tile(EData* d, int h, int kind, int r, int old_mask) noexcept nogil:
    """Set the tile; cards for lava newly touching villages (E7), the icon's wall (E1, E14),
    +30 to everyone else for an eruption tile (E3, E14 order)."""
    cdef int m = ROT_MASK[kind][r], i
    d.tile[h] = kind
    d.rot[h] = r
    d.mask[h] = m
    d.pending += popcount6(m & ~old_mask & VMASK[h])
    if ERU_ICON[h] >= 0:
        gain_wall(d, d.cur, ERU_ICON[h])
    if kind == K_ERUPTION:
        d.held[d.cur] -= 1
        for i in range(1, d.n):
            raise_temp(d, (d.cur + i) % d.n, TEMP_ERUPTION)


cdef int facing_walls(EData* d, int h, int m, bint* unwalled) noexcept nogil:
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


cdef void attempt_place(EData* d, int h, int r) noexcept nogil:
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


cdef inline int lowest_bit(int m) noexcept nogil:
    cdef int e
    for e in range(NDIR):
        if (m >> e) & 1:
            return e
    return -1


cdef inline int tested_edge(EData* d) noexcept nogil:
    """The wall under a blocking test: on the neighbour, facing the new tile."""
    cdef int e = lowest_bit(d.tested)
    return NB[d.sel_hex][e] * NDIR + (e + 3) % NDIR


cdef void block_result(EData* d, bint broke) noexcept nogil:
    cdef int e = lowest_bit(d.tested)
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
cdef bint playable(EData* d, int k) noexcept nogil:
    cdef int h
    cdef bint draws = not d.ending and d.final_left == 0 and stack_total(d) > 0
    if k == CARD_AFTERSHOCK:
        for h in range(NHEX):
            if turnable(d, h):
                return True
        return False
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


cdef inline void spend_card(EData* d, int k) noexcept nogil:
    """The current player's card k goes to the public discard pile."""
    d.hand[d.cur * NCARDTYPES + k] -= 1
    d.discard[k] += 1
    log_event(d, LOG_SPEND + d.cur * NCARDTYPES + k)


cdef void play_card(EData* d, int k) noexcept nogil:
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


# ---------------------------------------------------------------- legal moves
cdef int gen_legal(EData* d, int* out) noexcept nogil:
    cdef int n = 0, h, r, e, k, j, st = d.stage, p = d.cur, v
    cdef bint draws
    if st == ST_TILE_HEX or st == ST_ERUPT_HEX:
        for h in range(NHEX):
            if hex_ok(d, h, d.cur_tile):
                out[n] = A_HEX + h
                n += 1
    elif st == ST_TILE_ROT or st == ST_QUAKE_ROT:
        for r in range(NDIR):
            if rot_ok(d, d.sel_hex, d.cur_tile, r):
                out[n] = A_ROT + r
                n += 1
    elif st == ST_AFTER_HEX:
        for h in range(NHEX):
            if turnable(d, h):
                out[n] = A_HEX + h
                n += 1
    elif st == ST_AFTER_ROT:
        k = d.tile[d.sel_hex]
        for r in range(NDIR):
            if (ROT_CANON[k][r] and ROT_MASK[k][r] != d.mask[d.sel_hex]
                    and fits(d, d.sel_hex, ROT_MASK[k][r], True)):
                out[n] = A_ROT + r
                n += 1
    elif st == ST_QUAKE_HEX or st == ST_SINK_HEX:
        for h in range(NHEX):
            if 0 <= d.tile[h] < NKINDS:     # E14: never the volcano or an eruption tile
                out[n] = A_HEX + h
                n += 1
    elif st == ST_EXTRA:
        out[0] = A_DONE
        out[1] = A_EXTRA
        n = 2
    elif st == ST_CARDS:
        if d.card_actions < CARD_CAP:
            for k in range(NCARDTYPES):
                if d.hand[p * NCARDTYPES + k] > 0 and playable(d, k):
                    out[n] = A_PLAY + k
                    n += 1
            for k in range(NCARDTYPES):
                if d.hand[p * NCARDTYPES + k] > 0:
                    out[n] = A_DISC + k
                    n += 1
            draws = not d.ending and d.final_left == 0 and stack_total(d) > 0
            if draws:
                for k in range(NCARDTYPES):
                    for j in range(k, NCARDTYPES):
                        if d.hand[p * NCARDTYPES + k] >= (2 if j == k else 1) and d.hand[p * NCARDTYPES + j] > 0:
                            out[n] = A_EXCH + pair_index(k, j)
                            n += 1
        out[n] = A_DONE
        n += 1
    elif st == ST_BOMB_EDGE:
        for e in range(NEDGE):
            if d.wall[e] >= 0:
                out[n] = A_EDGE + e
                n += 1
    elif st == ST_RELOC_FROM or st == ST_RELOC_TO:
        v = village_of(d, p)
        if st == ST_RELOC_FROM and can_relocate(d, p):
            for j in range(VILLAGE_EDGES):
                e = ERU_VILLAGE_EDGE[v][j]
                if d.wall[e] >= 0:
                    out[n] = A_EDGE + e
                    n += 1
        elif st == ST_RELOC_TO:
            for j in range(VILLAGE_EDGES):
                e = ERU_VILLAGE_EDGE[v][j]
                if d.wall[e] < 0:
                    out[n] = A_EDGE + e
                    n += 1
        if st == ST_RELOC_FROM:
            out[n] = A_DONE
            n += 1
        sort_ints(out, n)
    elif st == ST_WALL_EDGE:
        for h in range(NHEX):
            v = spot_dirs(d, p, h)
            for r in range(NDIR):
                if (v >> r) & 1:
                    out[n] = A_EDGE + h * NDIR + r
                    n += 1
        out[n] = A_DONE
        n += 1
    elif st == ST_WALL_MAT:
        for k in range(NMAT):
            if d.stock[p * NMAT + k] > 0:
                out[n] = A_MAT + k
                n += 1
    elif st == ST_LIMIT:
        for k in range(NCARDTYPES):
            if d.hand[p * NCARDTYPES + k] > 0:
                out[n] = A_LIMIT + k
                n += 1
    return n


cdef void sort_ints(int* a, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = a[i]
        j = i
        while j > 0 and a[j - 1] > t:
            a[j] = a[j - 1]
            j -= 1
        a[j] = t


# ---------------------------------------------------------------- chance
cdef int gen_chance(EData* d, int* out, double* probs) noexcept nogil:
    cdef int n = 0, k, total, st = d.stage, m
    if st == ST_START:
        for k in range(d.n):
            out[k] = C_START + k
            if probs != NULL:
                probs[k] = 1.0 / d.n
        return d.n
    if st == ST_DEAL or st == ST_DRAW:
        total = deck_total(d)
        for k in range(NCARDTYPES):
            if d.deck[k] > 0:
                out[n] = C_CARD + k
                if probs != NULL:
                    probs[n] = d.deck[k] / <double>total
                n += 1
        return n
    if st == ST_TILE_DRAW or st == ST_QUAKE_DRAW:
        total = stack_total(d)
        for k in range(NKINDS):
            if d.stack[k] > 0:
                out[n] = C_TILE + k
                if probs != NULL:
                    probs[n] = d.stack[k] / <double>total
                n += 1
        return n
    if st == ST_TEMP_TEST or st == ST_BLOCK_TEST:
        m = d.wall[d.sel_edge] if st == ST_TEMP_TEST else d.wall[tested_edge(d)]
        out[0] = C_BREAK
        out[1] = C_HOLD
        if probs != NULL:
            probs[0] = ERU_BREAK_36[m] / 36.0
            probs[1] = 1.0 - probs[0]
        return 2
    return 0


cdef void apply_chance(EData* d, int a) noexcept nogil:
    cdef int st = d.stage, k
    if st == ST_START:
        d.start = a - C_START
        d.cur = d.start
        begin_turn(d)
    elif st == ST_DEAL:
        k = a - C_CARD
        d.deck[k] -= 1
        d.hand[d.cur * NCARDTYPES + k] += 1
        log_event(d, d.cur * NCARDTYPES + k)
        d.deal_left -= 1
        if d.deal_left % START_CARDS == 0:
            d.cur += 1
        if d.deal_left == 0:
            d.cur = 0
            d.stage = ST_START
    elif st == ST_DRAW:
        k = a - C_CARD
        d.deck[k] -= 1
        d.hand[d.cur * NCARDTYPES + k] += 1
        log_event(d, d.cur * NCARDTYPES + k)
        d.pending -= 1
        if d.pending > 0 and can_reach_deck(d):
            return
        d.pending = 0
        resume(d)
    elif st == ST_TILE_DRAW:
        tile_drawn(d, a - C_TILE)
    elif st == ST_QUAKE_DRAW:
        k = a - C_TILE
        d.stack[k] -= 1
        if stack_total(d) == 0:
            d.ending = 1
        d.cur_tile = k
        for k in range(NDIR):
            if rot_ok(d, d.sel_hex, d.cur_tile, k):
                d.stage = ST_QUAKE_ROT
                return
        d.tiles_out += 1                # E10: no legal rotation, the new tile is discarded
        d.stage = ST_CARDS
    elif st == ST_TEMP_TEST:
        if a == C_BREAK:
            remove_wall(d, d.sel_edge)
            raise_temp(d, d.cur, TEMP_BROKEN)
        d.check_idx += 1
        temp_continue(d)
    elif st == ST_BLOCK_TEST:
        block_result(d, a == C_BREAK)


# ---------------------------------------------------------------- player moves
cdef void apply_move(EData* d, int a) noexcept nogil:
    cdef int st = d.stage, h, k, i, j, e, m, old
    if st == ST_TILE_HEX or st == ST_ERUPT_HEX:
        h = a - A_HEX
        if st == ST_ERUPT_HEX:
            attempt_place(d, h, 0)
        else:
            d.sel_hex = h
            d.stage = ST_TILE_ROT
    elif st == ST_TILE_ROT:
        attempt_place(d, d.sel_hex, a - A_ROT)
    elif st == ST_EXTRA:
        if a == A_EXTRA:
            d.extra_used = 1
            d.ctx = CTX_EXTRA
            start_tile_draw(d)
        else:
            eruption_check(d)
    elif st == ST_CARDS:
        if a == A_DONE:
            wall_step(d)
        elif a < A_DISC:
            play_card(d, a - A_PLAY)
        elif a < A_EXCH:
            k = a - A_DISC
            spend_card(d, k)
            d.card_actions += 1
            gain_wall(d, d.cur, ERU_CARD_MAT[k])
        else:
            pair_of(a - A_EXCH, &i, &j)
            spend_card(d, i)
            spend_card(d, j)
            d.card_actions += 1
            d.ctx = CTX_CARD
            start_tile_draw(d)
    elif st == ST_AFTER_HEX:
        d.sel_hex = a - A_HEX
        d.stage = ST_AFTER_ROT
    elif st == ST_AFTER_ROT:
        h = d.sel_hex
        old = d.mask[h]
        remove_blocking_walls(d, h)
        d.ctx = CTX_CARD
        put_tile(d, h, d.tile[h], a - A_ROT, old)
        after_tile(d)
    elif st == ST_QUAKE_HEX:
        d.sel_hex = a - A_HEX
        d.stage = ST_QUAKE_DRAW
    elif st == ST_QUAKE_ROT:
        h = d.sel_hex
        old = d.mask[h]
        remove_blocking_walls(d, h)
        d.tiles_out += 1                # the old tile leaves the game
        d.ctx = CTX_CARD
        put_tile(d, h, d.cur_tile, a - A_ROT, old)
        after_tile(d)
    elif st == ST_SINK_HEX:
        h = a - A_HEX
        remove_blocking_walls(d, h)
        d.tile[h] = -1
        d.rot[h] = 0
        d.mask[h] = 0
        d.tiles_out += 1
        d.stage = ST_CARDS
    elif st == ST_BOMB_EDGE:
        remove_wall(d, a - A_EDGE)
        d.stage = ST_CARDS
    elif st == ST_RELOC_FROM:
        if a == A_DONE:
            d.stage = ST_CARDS
        else:
            d.sel_edge = a - A_EDGE
            d.stage = ST_RELOC_TO
    elif st == ST_RELOC_TO:
        e = a - A_EDGE
        d.wall[e] = d.wall[d.sel_edge]
        d.wall[d.sel_edge] = -1
        d.reloc_moves += 1
        d.stage = ST_CARDS if d.reloc_moves >= RELOC_CAP else ST_RELOC_FROM
    elif st == ST_WALL_EDGE:
        if a == A_DONE:
            hand_limit(d)
            return
        e = a - A_EDGE
        d.sel_edge = e
        j = 0
        m = -1
        for k in range(NMAT):
            if d.stock[d.cur * NMAT + k] > 0:
                j += 1
                m = k
        if j > 1:
            d.stage = ST_WALL_MAT
        elif m >= 0:        # an edge is legal only with a wall in stock: never m < 0
            build_wall(d, e, m)
    elif st == ST_WALL_MAT:
        build_wall(d, d.sel_edge, a - A_MAT)
    elif st == ST_LIMIT:
        spend_card(d, a - A_LIMIT)      # E14: no wall for a forced discard
        hand_limit(d)


cdef void build_wall(EData* d, int e, int m) noexcept nogil:
    d.stock[d.cur * NMAT + m] -= 1
    d.wall[e] = m
    d.walls_left -= 1
    wall_continue(d)


# ---------------------------------------------------------------- set-up
cdef void init_data(EData* d, int n, bint rain, int turn_cap) noexcept nogil:
    cdef int h, e, k, p
    memset(d, 0, sizeof(EData))
    d.n = n
    d.rain = 1 if rain else 0
    d.turn_cap = turn_cap
    d.start = -1
    d.cur = 0
    for h in range(NHEX):
        d.tile[h] = -1
    d.tile[VOLCANO] = K_VOLCANO
    d.mask[VOLCANO] = 63
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
