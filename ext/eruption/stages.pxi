# Eruption's stages (included by ext/eruption/logic.pyx): for each decision stage its legal
# moves (`legal_<stage>`) and its move (`apply_<stage>`), for each chance stage its outcomes
# and their effect (`chance_<stage>`), then the dispatch from the stage to these functions.
# The turn flow between stages (rules.pxi) decides which stage comes next.

# ---------------------------------------------------------------- placing a tile (E6, E8)
cdef int legal_tile_hex(EruptionData* d, int p, int* out) noexcept nogil:
    """The hexes where the tile being placed (a lava or an eruption tile) fits."""
    cdef int i, n = tile_places(d, d.cur_tile, out, False)
    for i in range(n):
        out[i] += A_HEX
    return n


cdef void apply_tile_hex(EruptionData* d, int p, int a) noexcept nogil:
    d.sel_hex = a - A_HEX
    d.stage = ST_TILE_ROT


cdef void apply_erupt_hex(EruptionData* d, int p, int a) noexcept nogil:
    """An eruption tile has lava on every edge: no rotation to choose (E3)."""
    attempt_place(d, a - A_HEX, 0)


cdef int legal_tile_rot(EruptionData* d, int p, int* out) noexcept nogil:
    """The distinct rotations of the tile being placed that fit the chosen hex."""
    cdef int r, cons, req, n = 0
    constraints(d, d.sel_hex, &cons, &req)
    for r in range(NDIR):
        if rot_fits(d.cur_tile, r, cons, req):
            out[n] = A_ROT + r
            n += 1
    return n


cdef void apply_tile_rot(EruptionData* d, int p, int a) noexcept nogil:
    attempt_place(d, d.sel_hex, a - A_ROT)


cdef int legal_extra(EruptionData* d, int p, int* out) noexcept nogil:
    """Level 3: decline or take one extra tile (E5)."""
    out[0] = A_DONE
    out[1] = A_EXTRA
    return 2


cdef void apply_extra(EruptionData* d, int p, int a) noexcept nogil:
    if a == A_EXTRA:
        d.extra_used = 1
        d.ctx = CTX_EXTRA
        start_tile_draw(d)
    else:
        eruption_check(d)


# ---------------------------------------------------------------- the card step (E10)
cdef int legal_cards(EruptionData* d, int p, int* out) noexcept nogil:
    """Play a playable card, discard one for its wall, exchange two for a tile, or end."""
    cdef int n = 0, k, j, held = 0, rest, later
    cdef short* hand = &d.hand[p * NCARDTYPES]
    cdef bint draws
    if d.card_actions < CARD_CAP:
        for k in range(NCARDTYPES):
            if hand[k] > 0:
                held |= 1 << k          # the kinds held, so the loops below visit only them
        draws = tiles_drawable(d)
        rest = held
        while rest:
            k = lowest_bit(rest)
            rest &= rest - 1
            if playable(d, k, draws):
                out[n] = A_PLAY + k
                n += 1
        rest = held
        while rest:
            out[n] = A_DISC + lowest_bit(rest)
            rest &= rest - 1
            n += 1
        rest = held if draws else 0
        while rest:                     # pairs k <= j, ascending (pair_index grows with both)
            k = lowest_bit(rest)
            rest &= rest - 1
            if hand[k] >= 2:
                out[n] = A_EXCH + pair_index(k, k)
                n += 1
            later = rest
            while later:
                j = lowest_bit(later)
                later &= later - 1
                out[n] = A_EXCH + pair_index(k, j)
                n += 1
    out[n] = A_DONE
    return n + 1


cdef void apply_cards(EruptionData* d, int p, int a) noexcept nogil:
    cdef int k, i = 0, j = 0
    if a == A_DONE:
        wall_step(d)
    elif a < A_DISC:
        play_card(d, a - A_PLAY)
    elif a < A_EXCH:
        k = a - A_DISC
        spend_card(d, k)
        d.card_actions += 1
        gain_wall(d, p, ERU_CARD_MAT[k])
    else:
        pair_of(a - A_EXCH, &i, &j)
        spend_card(d, i)
        spend_card(d, j)
        d.card_actions += 1
        d.ctx = CTX_CARD
        start_tile_draw(d)


cdef int legal_after_hex(EruptionData* d, int p, int* out) noexcept nogil:
    """Aftershock: the lava tiles that have another legal rotation."""
    cdef int i, n = lava_tiles(d, out, True, False)
    for i in range(n):
        out[i] += A_HEX
    return n


cdef void apply_after_hex(EruptionData* d, int p, int a) noexcept nogil:
    d.sel_hex = a - A_HEX
    d.stage = ST_AFTER_ROT


cdef int legal_after_rot(EruptionData* d, int p, int* out) noexcept nogil:
    """Aftershock: the chosen tile's other rotations that fit."""
    cdef int r, n = 0, h = d.sel_hex, k = d.tile[d.sel_hex]
    for r in range(NDIR):
        if ROT_CANON[k][r] and ROT_MASK[k][r] != d.mask[h] and fits(d, h, ROT_MASK[k][r], True):
            out[n] = A_ROT + r
            n += 1
    return n


cdef void apply_after_rot(EruptionData* d, int p, int a) noexcept nogil:
    cdef int h = d.sel_hex, old = d.mask[d.sel_hex]
    remove_blocking_walls(d, h)
    d.ctx = CTX_CARD
    put_tile(d, h, d.tile[h], a - A_ROT, old)
    after_tile(d)


cdef int legal_lava_tile_hex(EruptionData* d, int p, int* out) noexcept nogil:
    """Quake and Sinkhole: any lava tile, never the volcano or an eruption tile (E14)."""
    cdef int i, n = lava_tiles(d, out, False, False)
    for i in range(n):
        out[i] += A_HEX
    return n


cdef void apply_quake_hex(EruptionData* d, int p, int a) noexcept nogil:
    d.sel_hex = a - A_HEX
    d.stage = ST_QUAKE_DRAW


cdef void apply_quake_rot(EruptionData* d, int p, int a) noexcept nogil:
    """The new tile replaces the old one, which leaves the game."""
    cdef int h = d.sel_hex, old = d.mask[d.sel_hex]
    remove_blocking_walls(d, h)
    d.tiles_out += 1
    d.ctx = CTX_CARD
    put_tile(d, h, d.cur_tile, a - A_ROT, old)
    after_tile(d)


cdef void apply_sink_hex(EruptionData* d, int p, int a) noexcept nogil:
    cdef int h = a - A_HEX
    remove_blocking_walls(d, h)
    d.tile[h] = -1
    d.rot[h] = 0
    d.mask[h] = 0
    board_changed(d, h)
    d.tiles_out += 1
    d.stage = ST_CARDS


cdef int legal_bomb_edge(EruptionData* d, int p, int* out) noexcept nogil:
    """Volcanic Bomb: any wall on the board."""
    cdef int e, n = 0
    for e in range(NEDGE):
        if d.wall[e] >= 0:
            out[n] = A_EDGE + e
            n += 1
    return n


cdef void apply_bomb_edge(EruptionData* d, int p, int a) noexcept nogil:
    remove_wall(d, a - A_EDGE)
    d.stage = ST_CARDS


cdef int legal_reloc_from(EruptionData* d, int p, int* out) noexcept nogil:
    """Relocate: a wall of the player's village to move, or stop (ids ascending)."""
    cdef int j, e, n = 0, v = village_of(d, p)
    if can_relocate(d, p):
        for j in range(VILLAGE_EDGES):
            e = ERU_VILLAGE_EDGE[v][j]
            if d.wall[e] >= 0:
                out[n] = A_EDGE + e
                n += 1
    out[n] = A_DONE
    sort_ints(out, n + 1)
    return n + 1


cdef void apply_reloc_from(EruptionData* d, int p, int a) noexcept nogil:
    if a == A_DONE:
        d.stage = ST_CARDS
    else:
        d.sel_edge = a - A_EDGE
        d.stage = ST_RELOC_TO


cdef int legal_reloc_to(EruptionData* d, int p, int* out) noexcept nogil:
    """Relocate: a free edge of the player's village (ids ascending)."""
    cdef int j, e, n = 0, v = village_of(d, p)
    for j in range(VILLAGE_EDGES):
        e = ERU_VILLAGE_EDGE[v][j]
        if d.wall[e] < 0:
            out[n] = A_EDGE + e
            n += 1
    sort_ints(out, n)
    return n


cdef void apply_reloc_to(EruptionData* d, int p, int a) noexcept nogil:
    d.wall[a - A_EDGE] = d.wall[d.sel_edge]
    d.wall[d.sel_edge] = -1
    d.reloc_moves += 1
    d.stage = ST_CARDS if d.reloc_moves >= RELOC_CAP else ST_RELOC_FROM


# ---------------------------------------------------------------- the wall step (E8, E9)
cdef int legal_wall_edge(EruptionData* d, int p, int* out) noexcept nogil:
    """Every free edge where the player may build, or no more walls."""
    cdef int i, n = wall_spots(d, p, out, False)
    for i in range(n):
        out[i] += A_EDGE
    out[n] = A_DONE
    return n + 1


cdef void apply_wall_edge(EruptionData* d, int p, int a) noexcept nogil:
    """An edge: built at once when the player has walls of one material only."""
    cdef int k, kinds = 0, m = -1
    if a == A_DONE:
        hand_limit(d)
        return
    d.sel_edge = a - A_EDGE
    for k in range(NMAT):
        if d.stock[p * NMAT + k] > 0:
            kinds += 1
            m = k
    if kinds > 1:
        d.stage = ST_WALL_MAT
    elif m >= 0:        # an edge is legal only with a wall in stock: never m < 0
        build_wall(d, d.sel_edge, m)


cdef int legal_wall_mat(EruptionData* d, int p, int* out) noexcept nogil:
    cdef int k, n = 0
    for k in range(NMAT):
        if d.stock[p * NMAT + k] > 0:
            out[n] = A_MAT + k
            n += 1
    return n


cdef void apply_wall_mat(EruptionData* d, int p, int a) noexcept nogil:
    build_wall(d, d.sel_edge, a - A_MAT)


cdef int legal_limit(EruptionData* d, int p, int* out) noexcept nogil:
    """Discard down to the hand limit: any card held."""
    cdef int k, n = 0
    for k in range(NCARDTYPES):
        if d.hand[p * NCARDTYPES + k] > 0:
            out[n] = A_LIMIT + k
            n += 1
    return n


cdef void apply_limit(EruptionData* d, int p, int a) noexcept nogil:
    spend_card(d, a - A_LIMIT)      # E14: no wall for a forced discard
    hand_limit(d)


# ---------------------------------------------------------------- chance outcomes
cdef int outcomes_card(EruptionData* d, int* out, double* probs) noexcept nogil:
    """A card drawn from the deck, by its count there (X3)."""
    cdef int k, n = 0, total = deck_total(d)
    for k in range(NCARDTYPES):
        if d.deck[k] > 0:
            out[n] = C_CARD + k
            if probs != NULL:
                probs[n] = d.deck[k] / <double>total
            n += 1
    return n


cdef int outcomes_tile(EruptionData* d, int* out, double* probs) noexcept nogil:
    """A lava tile drawn from the stack, by its count there."""
    cdef int k, n = 0, total = stack_total(d)
    for k in range(NKINDS):
        if d.stack[k] > 0:
            out[n] = C_TILE + k
            if probs != NULL:
                probs[n] = d.stack[k] / <double>total
            n += 1
    return n


cdef int outcomes_start(EruptionData* d, int* out, double* probs) noexcept nogil:
    """Any seat starts, with equal chances."""
    cdef int k
    for k in range(d.n):
        out[k] = C_START + k
        if probs != NULL:
            probs[k] = 1.0 / d.n
    return d.n


cdef int outcomes_wall_test(EruptionData* d, int e, int* out, double* probs) noexcept nogil:
    """The wall at edge e breaks or holds (E8: 1d6 >= 1d6 + the material's bonus)."""
    out[0] = C_BREAK
    out[1] = C_HOLD
    if probs != NULL:
        probs[0] = ERU_BREAK_36[d.wall[e]] / 36.0
        probs[1] = 1.0 - probs[0]
    return 2


cdef void draw_card(EruptionData* d, int a) noexcept nogil:
    """The card goes from the deck to the current player's hand, into the card history."""
    cdef int k = a - C_CARD
    d.deck[k] -= 1
    d.hand[d.cur * NCARDTYPES + k] += 1
    log_event(d, d.cur * NCARDTYPES + k)


cdef void chance_deal(EruptionData* d, int a) noexcept nogil:
    """Set-up: 3 cards to each seat in seat order, then the starting player (E11)."""
    draw_card(d, a)
    d.deal_left -= 1
    if d.deal_left % START_CARDS == 0:
        d.cur += 1
    if d.deal_left == 0:
        d.cur = 0
        d.stage = ST_START


cdef void chance_start(EruptionData* d, int a) noexcept nogil:
    d.start = a - C_START
    d.cur = d.start
    begin_turn(d)


cdef void chance_temp_test(EruptionData* d, int a) noexcept nogil:
    """A broken village wall goes and the village heats up; the check goes on (E8)."""
    if a == C_BREAK:
        remove_wall(d, d.sel_edge)
        raise_temp(d, d.cur, TEMP_BROKEN)
    d.check_idx += 1
    temp_continue(d)


cdef void chance_tile_draw(EruptionData* d, int a) noexcept nogil:
    tile_drawn(d, a - C_TILE)


cdef void chance_block_test(EruptionData* d, int a) noexcept nogil:
    block_result(d, a == C_BREAK)


cdef void chance_draw(EruptionData* d, int a) noexcept nogil:
    """A card owed; the turn goes on when none is owed or the deck cannot give one (E14)."""
    draw_card(d, a)
    d.pending -= 1
    if d.pending > 0 and can_reach_deck(d):
        return
    d.pending = 0
    resume(d)


cdef void chance_quake_draw(EruptionData* d, int a) noexcept nogil:
    """Quake's new tile; discarded when no rotation fits the hex (E10)."""
    cdef int r, k = a - C_TILE
    d.stack[k] -= 1
    if stack_total(d) == 0:
        d.ending = 1
    d.cur_tile = k
    for r in range(NDIR):
        if rot_ok(d, d.sel_hex, d.cur_tile, r):
            d.stage = ST_QUAKE_ROT
            return
    d.tiles_out += 1
    d.stage = ST_CARDS


# ---------------------------------------------------------------- dispatch
cdef int gen_legal(EruptionData* d, int* out) noexcept nogil:
    """The legal moves of the player to act, ascending; their count."""
    cdef int st = d.stage, p = d.cur
    if st == ST_CARDS:
        return legal_cards(d, p, out)
    if st == ST_TILE_HEX or st == ST_ERUPT_HEX:
        return legal_tile_hex(d, p, out)
    if st == ST_TILE_ROT or st == ST_QUAKE_ROT:
        return legal_tile_rot(d, p, out)
    if st == ST_WALL_EDGE:
        return legal_wall_edge(d, p, out)
    if st == ST_WALL_MAT:
        return legal_wall_mat(d, p, out)
    if st == ST_LIMIT:
        return legal_limit(d, p, out)
    if st == ST_EXTRA:
        return legal_extra(d, p, out)
    if st == ST_AFTER_HEX:
        return legal_after_hex(d, p, out)
    if st == ST_AFTER_ROT:
        return legal_after_rot(d, p, out)
    if st == ST_QUAKE_HEX or st == ST_SINK_HEX:
        return legal_lava_tile_hex(d, p, out)
    if st == ST_BOMB_EDGE:
        return legal_bomb_edge(d, p, out)
    if st == ST_RELOC_FROM:
        return legal_reloc_from(d, p, out)
    if st == ST_RELOC_TO:
        return legal_reloc_to(d, p, out)
    return 0


cdef void apply_move(EruptionData* d, int a) noexcept nogil:
    """Apply legal move `a` of the player to act."""
    cdef int st = d.stage, p = d.cur
    if st == ST_CARDS:
        apply_cards(d, p, a)
    elif st == ST_TILE_HEX:
        apply_tile_hex(d, p, a)
    elif st == ST_ERUPT_HEX:
        apply_erupt_hex(d, p, a)
    elif st == ST_TILE_ROT:
        apply_tile_rot(d, p, a)
    elif st == ST_QUAKE_ROT:
        apply_quake_rot(d, p, a)
    elif st == ST_WALL_EDGE:
        apply_wall_edge(d, p, a)
    elif st == ST_WALL_MAT:
        apply_wall_mat(d, p, a)
    elif st == ST_LIMIT:
        apply_limit(d, p, a)
    elif st == ST_EXTRA:
        apply_extra(d, p, a)
    elif st == ST_AFTER_HEX:
        apply_after_hex(d, p, a)
    elif st == ST_AFTER_ROT:
        apply_after_rot(d, p, a)
    elif st == ST_QUAKE_HEX:
        apply_quake_hex(d, p, a)
    elif st == ST_SINK_HEX:
        apply_sink_hex(d, p, a)
    elif st == ST_BOMB_EDGE:
        apply_bomb_edge(d, p, a)
    elif st == ST_RELOC_FROM:
        apply_reloc_from(d, p, a)
    elif st == ST_RELOC_TO:
        apply_reloc_to(d, p, a)


cdef int gen_chance(EruptionData* d, int* out, double* probs) noexcept nogil:
    """The outcomes of the chance node, ascending, and their probabilities (probs may be NULL)."""
    cdef int st = d.stage
    if st == ST_DEAL or st == ST_DRAW:
        return outcomes_card(d, out, probs)
    if st == ST_TILE_DRAW or st == ST_QUAKE_DRAW:
        return outcomes_tile(d, out, probs)
    if st == ST_START:
        return outcomes_start(d, out, probs)
    if st == ST_TEMP_TEST:
        return outcomes_wall_test(d, d.sel_edge, out, probs)
    if st == ST_BLOCK_TEST:
        return outcomes_wall_test(d, tested_edge(d), out, probs)
    return 0


cdef void apply_chance(EruptionData* d, int a) noexcept nogil:
    """Apply chance outcome `a`."""
    cdef int st = d.stage
    if st == ST_DRAW:
        chance_draw(d, a)
    elif st == ST_TILE_DRAW:
        chance_tile_draw(d, a)
    elif st == ST_BLOCK_TEST:
        chance_block_test(d, a)
    elif st == ST_TEMP_TEST:
        chance_temp_test(d, a)
    elif st == ST_QUAKE_DRAW:
        chance_quake_draw(d, a)
    elif st == ST_DEAL:
        chance_deal(d, a)
    elif st == ST_START:
        chance_start(d, a)
