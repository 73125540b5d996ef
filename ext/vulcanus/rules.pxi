# The rules of Vulcanus shared by several stages (ext/vulcanus/logic.pyx includes this
# file first): small helpers, set-up, the round flow, effects, evaluation. Rule and gap IDs
# (V1..V22, X1..X7) refer to ../shared/rules/GAPS.md. Constants and the struct: data.pxd.


# ---------------------------------------------------------------- small helpers
cdef inline bint is_chance_stage(int st) noexcept nogil:
    return st == ST_TILES or st == ST_BONUS_DRAW or st == ST_EVENT_DRAW or st == ST_DRAW



# The decks' card ranges by arithmetic, not a branch on the Kaiju's deck (issue 26): letter
# group dk's 9 cards start at 9 * dk, the Kaiju's 12 at 27 = 9 * KDECK_ID.
cdef inline int deck_first(int dk) noexcept nogil:
    return dk * 9



cdef inline int deck_size(int dk) noexcept nogil:
    return 9 + 3 * (dk == KDECK_ID)



cdef inline int deck_of(int c) noexcept nogil:
    return c // 9 - (c >= 36)



cdef inline int owner_of_deck(VulData* d, int dk) noexcept nogil:
    """The seat that holds deck dk: the Kaiju, or the Human seat of letter group dk (V4)."""
    if dk == KDECK_ID:
        return 0
    if d.n == 2:
        return 1
    return dk + 1



cdef inline int per_group(VulData* d) noexcept nogil:
    return 2 if d.ngroups == 3 else 3



cdef inline int hand_draw(VulData* d) noexcept nogil:
    """Cards a Human letter group draws: 4 with 3 Human seats, else 6 (source)."""
    return 4 if d.ngroups == 3 else 6



cdef inline int group_slot(VulData* d, int g, int k) noexcept nogil:
    """The board slot of the k-th card of letter group g (after the A/B/C arrangement)."""
    cdef int s = d.perm[g]
    if d.ngroups == 3:
        return VUL_GROUP_SLOTS3[s][k]
    return VUL_GROUP_SLOTS2[s][k]



cdef inline int kaiju_slot(int k) noexcept nogil:
    return 3 * k + 2



cdef inline int rec(int dk, int r) noexcept nogil:
    """Row of deck dk's record for round r (0-based) in hx/hm (x 6) and hk/hv (x 3)."""
    return dk * NROUNDS + r



cdef inline int cur_epoch(VulData* d, int dk) noexcept nogil:
    """Redraws made so far by deck dk this round (its hand's epoch)."""
    cdef int j = 0, row = rec(dk, d.round - 1) * 6
    while j < 6 and d.hm[row + j] > 0:
        j += 1
    return j



cdef int count_zone(VulData* d, int dk, int z) noexcept nogil:
    cdef int c, k = 0, f = deck_first(dk)
    for c in range(f, f + deck_size(dk)):
        k += d.zone[c] == z         # a sum, not a branch per card (issue 26)
    return k



cdef void derive_layers(VulData* d) noexcept nogil:
    """Rebuild layer_cards from zone and pos (after a load; a position outside 0..7 is left
    out, and the loader's check rejects it)."""
    cdef int c, dk, f
    for c in range(32):
        d.layer_cards[c] = 0
    for c in range(NCARDS):
        if d.zone[c] == Z_DECK and 0 <= d.pos[c] < 8:
            dk = deck_of(c)
            f = deck_first(dk)
            d.layer_cards[dk * 8 + d.pos[c]] |= 1 << (c - f)


cdef int top_layer(VulData* d, int dk) noexcept nogil:
    """The layer drawn from next (the oldest), or -1 when the deck is empty: the lowest
    non-empty layer of layer_cards, four layers a word (issue 26)."""
    cdef const unsigned short* lc = &d.layer_cards[dk * 8]
    cdef unsigned long long w = lc[0] | (<unsigned long long>lc[1] << 16) | \
        (<unsigned long long>lc[2] << 32) | (<unsigned long long>lc[3] << 48)
    if w:
        return lowest_bit(w) >> 4
    w = lc[4] | (<unsigned long long>lc[5] << 16) | (<unsigned long long>lc[6] << 32) | \
        (<unsigned long long>lc[7] << 48)
    if w:
        return 4 + (lowest_bit(w) >> 4)
    return -1


cdef inline int layer_mask(VulData* d, int dk, int layer) noexcept nogil:
    """Deck dk's cards in the deck at `layer`, as bits by index in the deck (bit 0 its first
    card)."""
    return d.layer_cards[dk * 8 + layer]



cdef int track_filled(int* cells, int n) noexcept nogil:
    cdef int i, k = 0
    for i in range(n):
        if cells[i] != TC_EMPTY:
            k += 1
    return k



cdef int add_marker(int* cells, int rows, int code) noexcept nogil:
    """Markers fill column by column from the left, top to bottom (V3). Returns the cells
    filled (0 on a full track)."""
    cdef int i
    for i in range(10 * rows):
        if cells[i] == TC_EMPTY:
            cells[i] = code
            return 1
    return 0



cdef int add_tile(int* cells, int rows, int code) noexcept nogil:
    """A tile fills the rightmost wholly empty column, else what is left of the rightmost
    column with an empty cell (V3)."""
    cdef int col, r, empty
    for col in range(9, -1, -1):
        empty = 0
        for r in range(rows):
            if cells[col * rows + r] == TC_EMPTY:
                empty += 1
        if empty == rows:
            for r in range(rows):
                cells[col * rows + r] = code
            return rows
    for col in range(9, -1, -1):
        empty = 0
        for r in range(rows):
            if cells[col * rows + r] == TC_EMPTY:
                cells[col * rows + r] = code
                empty += 1
        if empty:
            return empty
    return 0



cdef inline void defense_marker(VulData* d, int code) noexcept nogil:
    d.def_filled += add_marker(d.defense, DEF_ROWS, code)



cdef inline void damage_marker(VulData* d, int code) noexcept nogil:
    d.dmg_filled += add_marker(d.damage, DMG_ROWS, code)



cdef void attack_tile(VulData* d) noexcept nogil:
    """An attack tile from the stock onto the Defense track; none left: nothing (V22)."""
    if d.attack_left > 0 and d.def_filled < DEF_CELLS:
        d.attack_left -= 1
        d.def_filled += add_tile(d.defense, DEF_ROWS, TC_ATTACK)



cdef int take_pool_lava(VulData* d) noexcept nogil:
    """One lava from the leftmost non-empty pool (V13); an emptied pool gives an evolution
    tile (V12); the fifth makes Vulcanus full-formed."""
    d.lava_out += 1
    if d.lava_out <= POOL_LAVA and d.lava_out % POOL_SIZE == 0:
        d.pending_evo += 1
        if d.lava_out == POOL_LAVA:
            d.full = 1
    return 1



cdef void place_lava(VulData* d, int s, int k) noexcept nogil:
    cdef int i
    for i in range(k):
        take_pool_lava(d)
        d.lava[s] += 1



cdef void kill_cit(VulData* d, int s) noexcept nogil:
    if d.cit[s] > 0:
        d.cit[s] -= 1
        damage_marker(d, TC_CIT)



cdef void kill_vip(VulData* d, int s) noexcept nogil:
    if d.vip[s] > 0:
        d.vip[s] -= 1
        damage_marker(d, TC_VIP)



cdef void kill_all(VulData* d, int s) noexcept nogil:
    while d.cit[s] > 0:
        kill_cit(d, s)
    while d.vip[s] > 0:
        kill_vip(d, s)



cdef void evac_cit(VulData* d, int s) noexcept nogil:
    if d.cit[s] > 0:
        d.cit[s] -= 1
        defense_marker(d, TC_CIT)



cdef void evac_vip(VulData* d, int s) noexcept nogil:
    """A VIP evacuated also brings 1 fund from the stock to the pool (source)."""
    if d.vip[s] > 0:
        d.vip[s] -= 1
        defense_marker(d, TC_VIP)
        if d.fund_stock > 0:
            d.fund_stock -= 1
            d.fund_pool += 1



cdef void remove_lava(VulData* d, int s) noexcept nogil:
    """Lava put out goes to the Defense track (V13)."""
    if d.lava[s] > 0:
        d.lava[s] -= 1
        defense_marker(d, TC_LAVA)



cdef void pay(VulData* d, int k) noexcept nogil:
    d.fund_pool -= k
    d.fund_used += k



cdef void advance_budget(VulData* d) noexcept nogil:
    """The budget request track: 0 -> 1 -> 2 -> 0; back at 0 the used funds return (V8)."""
    d.budget = (d.budget + 1) % BUDGET_LEN
    if d.budget == 0:
        d.fund_pool += d.fund_used
        d.fund_used = 0



cdef void advance_inv(VulData* d, int v) noexcept nogil:
    """The investigation track; its last square gives one attack tile, once (V9)."""
    d.inv += v
    if d.inv >= INV_MAX:
        d.inv = INV_MAX
        if not d.inv_attack_done:
            d.inv_attack_done = 1
            attack_tile(d)



cdef inline bint has_inv_tile(VulData* d, int s) noexcept nogil:
    return d.tile_at[s] >= 0 and not tile_is_omen(d.tile_at[s])



cdef void take_tile(VulData* d, int s, int value) noexcept nogil:
    """Take the investigation tile on s; progress by its value, or by `value` if > 0."""
    cdef int t = d.tile_at[s]
    d.tile_at[s] = -1
    advance_inv(d, value if value > 0 else tile_value(t))



cdef int invest_options(VulData* d, int s, int* out) noexcept nogil:
    """Squares (s or adjacent) holding an investigation tile (V10)."""
    cdef int k, m, n = 0
    if has_inv_tile(d, s):
        out[n] = s
        n += 1
    for k in range(MAXNB):
        m = adj(s, k)
        if m >= 0 and has_inv_tile(d, m):
            out[n] = m
            n += 1
    return n



cdef bint near_base(VulData* d, int s) noexcept nogil:
    cdef int b
    for b in range(NSQ):
        if d.base[b] and VUL_DIST[b][s] <= 1:
            return True
    return False



cdef bint declarable_public(VulData* d) noexcept nogil:
    """Some undeclared bonus tile (held or not: the Humans cannot tell) names Vulcanus's
    square and that square holds enough lava (V11): the declaration step is offered."""
    cdef int t
    for t in range(NBONUS):
        if d.bonus_loc[t] != B_DECLARED and VUL_BONUS[t][0] == d.kpos and d.lava[d.kpos] >= VUL_BONUS[t][1]:
            return True
    return False



cdef int card_effect(VulData* d, int c) noexcept nogil:
    cdef int dk = deck_of(c)
    if dk == KDECK_ID:
        return E_KAIJU + d.ctype[c]
    if d.ctype[c] < HT_SPECIAL:
        return d.ctype[c]
    return E_HELI + d.role[dk]



cdef void hide_layer(VulData* d, int dk, int layer) noexcept nogil:
    """A hidden draw from `layer`: nobody but the owner knows which of its cards went to the
    hand, so its cards seen face up (executed last round) lose their place; their identities
    stay in the record `hv` of that round (X4), which resample keeps."""
    cdef int c, sel, f = deck_first(dk), m = layer_mask(d, dk, layer)
    for c in range(deck_size(dk)):     # a select by mask: a branch here is a coin toss
        sel = -((m >> c) & 1)
        d.blk[f + c] = (f & sel) | (d.blk[f + c] & ~sel)



cdef void reveal_card(VulData* d, int c) noexcept nogil:
    """Card c (planned this round) is shown: its identity is public and recorded (X4)."""
    cdef int dk = deck_of(c), k
    if d.blk[c] == KNOWN:
        return
    d.blk[c] = KNOWN
    for k in range(3):
        if (dk == KDECK_ID and kaiju_slot(k) == d.pos[c]) or \
                (dk != KDECK_ID and k < per_group(d) and group_slot(d, dk, k) == d.pos[c]):
            d.hv[rec(dk, d.round - 1) * 3 + k] = d.ctype[c]



# ---------------------------------------------------------------- set-up
cdef void init_data(VulData* d, int players, int turn_cap, int disaster) noexcept nogil:
    cdef int i, c, dk, j
    memset(d, 0, sizeof(VulData))
    d.n = players
    d.ngroups = 3 if players == 4 else 2
    d.turn_cap = turn_cap
    d.disaster = disaster
    d.stage = ST_TILES
    d.cur = -1
    d.winner = -1
    d.kpos = -1
    d.omen_sq = -1
    for i in range(NSQ):
        d.tile_at[i] = -1
    d.attack_left = NATTACK
    d.fund_pool = FUND_START
    d.fund_stock = FUND_TOTAL - FUND_START
    d.fb_stock = FB_TOTAL
    d.sdf_stock = SDF_TOTAL
    d.base_stock = BASE_TOTAL
    d.adv_left[0] = N_ADV_TWO
    d.adv_left[1] = N_ADV_SPREAD
    for i in range(NROUNDS):
        d.ev_kind[i] = -1
    for i in range(3):
        d.role[i] = -1
        d.perm[i] = i
        d.eff_q[i] = -1
    for i in range(NSLOTS):
        d.slot_card[i] = -1
    for i in range(72):
        d.hk[i] = -1
        d.hv[i] = -1
    for dk in range(4):
        d.next_layer[dk] = 1
        if dk < 3 and dk >= d.ngroups:
            for c in range(deck_first(dk), deck_first(dk) + 9):
                d.zone[c] = Z_NONE
                d.ctype[c] = 0
                d.blk[c] = KNOWN
            continue
        i = 0
        for c in range(deck_first(dk), deck_first(dk) + deck_size(dk)):
            d.zone[c] = Z_DECK
            d.pos[c] = 0
            d.blk[c] = deck_first(dk)
            if dk == KDECK_ID:
                d.ctype[c] = (c - 27) // 2          # each Kaiju card twice (V5)
            else:
                d.ctype[c] = i
        if dk != KDECK_ID:
            c = deck_first(dk)
            for i in range(NHTYPES):
                for j in range(VUL_HDECK[i]):
                    d.ctype[c] = i
                    c += 1
    d.first_sq = -1
    d.heli_src = -1
    d.kills_left = -1
    derive_layers(d)



cdef void place_setup_icons(VulData* d) noexcept nogil:
    """Turn the tiles and place their citizens, VIPs and lava (V2); negative disaster levels
    leave out the lava of tiles A-1a / B-2a. Set-up lava comes from the supply, not the pools."""
    cdef int s, t, lava
    for s in range(NSQ):
        t = d.tile_at[s]
        d.cit[s] = VUL_TILE[t][3]
        d.vip[s] = VUL_TILE[t][4]
        lava = VUL_TILE[t][5]
        if (t == VUL_TILE_DL1 and (d.disaster == -1 or d.disaster == -3)) or \
                (t == VUL_TILE_DL2 and (d.disaster == -2 or d.disaster == -3)):
            lava = 0
        d.lava[s] = lava



cdef bint round_is_advanced(VulData* d, int r) noexcept nogil:
    if d.disaster <= 0:
        return False
    return (VUL_ADVANCED_ROUNDS[d.disaster] >> (r - 1)) & 1



cdef int omen_square(VulData* d, int number) noexcept nogil:
    cdef int s, t
    for s in range(NSQ):
        t = d.tile_at[s]
        if t >= 0 and tile_is_omen(t) and tile_value(t) == number:
            return s
    return -1



cdef void omen_swap(VulData* d) noexcept nogil:
    """V15 / source: an omen 1 or 2 in Kasumigaseki, where the Humans start, is exchanged with
    the omen 6 tile of another square."""
    cdef int t = d.tile_at[SQ_KASUMIGASEKI], s6, tmp
    if not (d.fb[SQ_KASUMIGASEKI] or d.sdf[SQ_KASUMIGASEKI]):
        return
    if t >= 0 and tile_is_omen(t) and tile_value(t) <= 2:
        s6 = omen_square(d, 6)
        if s6 >= 0 and s6 != SQ_KASUMIGASEKI:
            tmp = d.tile_at[s6]
            d.tile_at[s6] = t
            d.tile_at[SQ_KASUMIGASEKI] = tmp



# ---------------------------------------------------------------- the flow
cdef void finish(VulData* d) noexcept nogil:
    """Game end (V3, V20, V22): a full Damage track wins for the Kaiju (also when both are
    full); a full Defense track for the Humans; else fewer empty cells wins, ties the Kaiju."""
    cdef int def_empty = DEF_CELLS - d.def_filled
    cdef int dmg_empty = DMG_CELLS - d.dmg_filled
    if dmg_empty == 0:
        d.winner = 0
    elif def_empty == 0:
        d.winner = 1
    elif def_empty < dmg_empty:
        d.winner = 1
    else:
        d.winner = 0
    d.stage = ST_END
    d.cur = -4



cdef void prepare_decks(VulData* d) noexcept nogil:
    """Planning step 1 (rounds 2+): board and discards go, shuffled, under each deck (V4)."""
    cdef int c, dk, layer, f
    for dk in range(4):
        if dk < 3 and dk >= d.ngroups:
            continue
        layer = d.next_layer[dk]
        d.next_layer[dk] += 1
        f = deck_first(dk)
        for c in range(f, f + deck_size(dk)):
            if d.zone[c] == Z_SLOT or d.zone[c] == Z_DISCARD or d.zone[c] == Z_HAND or d.zone[c] == Z_MARKED:
                d.zone[c] = Z_DECK
                d.pos[c] = layer
                d.layer_cards[dk * 8 + layer] |= 1 << (c - f)
    for c in range(NSLOTS):
        d.slot_card[c] = -1



cdef void start_draw(VulData* d, int dk, int k) noexcept nogil:
    d.draw_deck = dk
    d.draw_left = k
    d.stage = ST_DRAW
    d.cur = -1
    if top_layer(d, dk) < 0 or k <= 0:
        after_draw(d)



cdef void after_draw(VulData* d) noexcept nogil:
    d.draw_left = 0
    if d.draw_deck == KDECK_ID:
        d.stage = ST_KPLAN
        d.cur = 0
    else:
        d.stage = ST_PLAN
        d.cur = owner_of_deck(d, d.draw_deck)



cdef void discard_hand(VulData* d, int dk) noexcept nogil:
    """The hand (set-aside cards too) to the discard, by a select per card, not a branch."""
    cdef int c, z, sel
    for c in range(deck_first(dk), deck_first(dk) + deck_size(dk)):
        z = d.zone[c]
        sel = -((z == Z_HAND) | (z == Z_MARKED))
        d.zone[c] = (Z_DISCARD & sel) | (z & ~sel)



cdef void start_card(VulData* d) noexcept nogil:
    """Reveal the card in slot d.slot and queue its effect (unlocks and evolution as they
    stand now apply to it: V9 and V12 say "from the next card")."""
    cdef int c = d.slot_card[d.slot], e
    reveal_card(d, c)
    e = card_effect(d, c)
    d.eff_n = 1
    d.eff_i = 0
    d.eff_q[0] = e
    d.eff_q[1] = -1
    d.eff_q[2] = -1
    d.actor = owner_of_deck(d, deck_of(c))
    if e >= E_KAIJU:
        d.eff_addq[0] = d.evolved[e - E_KAIJU]
        d.k_full = d.full
    else:
        d.u_ff = d.inv >= INV_KEY_FF
        d.u_cmd2 = d.inv >= INV_APPROVED
        d.u_spec = d.inv >= INV_KEY_SPECIAL
        if e == E_FIRE:
            d.eff_addq[0] = d.u_ff
        elif e >= E_HELI:
            d.eff_addq[0] = d.u_spec
        else:
            d.eff_addq[0] = 0



cdef void proceed(VulData* d) noexcept nogil:
    """Run the round flow until a decision or chance node (or the end): one program-counter
    step at a time, each step's helper saying whether the flow stops there."""
    cdef bint stop
    while True:
        if d.def_filled == DEF_CELLS or d.dmg_filled == DMG_CELLS:
            finish(d)           # V3: a full track ends the game once the effect resolved
            return
        if d.pending_evo > 0:   # V12: place the evolution tile at once
            d.stage = ST_EVOLVE
            d.cur = 0
            return
        if d.pc == PC_ROUND:
            stop = flow_round(d)
        elif d.pc >= PC_AFTER_EVENT and d.pc <= PC_KPLAN:
            stop = flow_planning(d)
        elif d.pc >= PC_EXEC and d.pc <= PC_DECLARE:
            stop = flow_execution(d)
        elif d.pc == PC_LAVA:
            stop = flow_lava(d)
        elif d.pc == PC_BASE:
            stop = flow_base(d)
        else:
            return
        if stop:
            return



cdef bint flow_round(VulData* d) noexcept nogil:
    """PC_ROUND: end the game after the last round, or open the next one with its Event phase
    (True when the flow stops at a chance or decision node)."""
    cdef int s
    if d.round >= NROUNDS or d.round >= d.turn_cap:
        finish(d)
        return True
    d.round += 1
    # Event phase (V18): the value-3 tile replaces this round's omen tile
    s = omen_square(d, d.round)
    d.omen_sq = s
    if s >= 0:
        d.tile_at[s] = NMAPTILES + d.round - 1
    d.pc = PC_AFTER_EVENT
    if round_is_advanced(d, d.round):
        d.stage = ST_EVENT_DRAW
        d.cur = -1
        return True
    d.ev_kind[d.round - 1] = EV_NORMAL
    if s >= 0:                  # V7: 1 lava then 1 citizen on the omen square
        place_lava(d, s, 1)
        d.cit[s] += 1
    return False



cdef bint flow_planning(VulData* d) noexcept nogil:
    """PC_AFTER_EVENT to PC_KPLAN: the decks, each group's draw and plan, the arrangement, the
    Kaiju's draw (True when the flow stops)."""
    if d.pc == PC_AFTER_EVENT:
        if d.round > 1:
            prepare_decks(d)
        d.group_i = 0
        d.pc = PC_PLAN
        return False
    if d.pc == PC_PLAN:
        if d.group_i < d.ngroups:
            d.placed = 0
            start_draw(d, d.group_i, hand_draw(d))
            return True
        d.pc = PC_PERM
        return False
    if d.pc == PC_PERM:
        d.pc = PC_KPLAN
        d.stage = ST_PERM
        d.cur = 1
        return True
    d.placed = 0                # PC_KPLAN
    d.pc = PC_EXEC
    d.slot = 0
    start_draw(d, KDECK_ID, KAIJU_DRAW)
    return True



cdef bint flow_execution(VulData* d) noexcept nogil:
    """PC_EXEC to PC_DECLARE: the slots' cards in order, each card's effects, the Kaiju's full
    form lava and the declaration after it (True when the flow stops)."""
    cdef int k
    if d.pc == PC_EXEC:
        if d.slot >= NSLOTS:
            d.pc = PC_LAVA
            d.lava_sq = 0
            d.kills_left = -1
        elif d.slot_card[d.slot] < 0:
            d.slot += 1
        else:
            start_card(d)
            d.pc = PC_EFFECT
        return False
    if d.pc == PC_EFFECT:
        if d.eff_i < d.eff_n:
            k = d.eff_i
            d.eff_i += 1
            d.eff_add = d.eff_addq[k]
            return begin_effect(d, d.eff_q[k])
        if d.eff_q[0] >= E_KAIJU:
            d.pc = PC_KAFTER
        else:
            d.slot += 1
            d.pc = PC_EXEC
        return False
    if d.pc == PC_KAFTER:
        if d.k_full:            # full form (V12, V22): lava on its square after the card
            place_lava(d, d.kpos, 1)
        d.pc = PC_DECLARE
        return False
    if declarable_public(d):    # PC_DECLARE
        d.stage = ST_DECLARE
        d.cur = 0
        return True
    d.slot += 1
    d.pc = PC_EXEC
    return False



cdef bint flow_lava(VulData* d) noexcept nogil:
    """PC_LAVA: min(lava, citizens + VIPs) die in each square (V16), the Kaiju choosing when
    both are there; then each flaming square sends one pool lava to the Damage track (V13)."""
    cdef int s
    while d.lava_sq < NSQ:
        s = d.lava_sq
        if d.kills_left < 0:
            d.kills_left = d.lava[s]
            if d.cit[s] + d.vip[s] < d.kills_left:
                d.kills_left = d.cit[s] + d.vip[s]
        while d.kills_left > 0:
            if d.cit[s] > 0 and d.vip[s] > 0:
                d.stage = ST_VICTIM
                d.cur = 0
                return True
            if d.cit[s] > 0:
                kill_cit(d, s)
            else:
                kill_vip(d, s)
            d.kills_left -= 1
        d.lava_sq += 1
        d.kills_left = -1
    for s in range(NSQ):
        if d.lava[s] >= 3:
            take_pool_lava(d)
            damage_marker(d, TC_LAVA)
    d.pc = PC_BASE
    d.base_done = 0
    return False



cdef bint flow_base(VulData* d) noexcept nogil:
    """PC_BASE: each base's phase (V10), the human team choosing the order among two or more;
    then the budget advances (V8) and the next round begins (True when the flow stops)."""
    cdef int s, k = 0, t = -1
    for s in range(NSQ):
        if d.base[s] and not (d.base_done >> s) & 1:
            k += 1
            t = s
    if k == 0:
        advance_budget(d)       # V8: every Base phase
        d.pc = PC_ROUND
        return False
    if k >= 2:
        d.stage = ST_BASE
        d.cur = 1
        return True
    return process_base(d, t)



cdef bint process_base(VulData* d, int s) noexcept nogil:
    """Base phase for one base (V10): evacuate 1, then investigate 1 (stage set: True)."""
    d.base_done |= 1 << s
    d.ctx = CTX_BASE
    d.sub_sq = s
    return begin_evac(d)



cdef bint begin_evac(VulData* d) noexcept nogil:
    cdef int s = d.sub_sq
    if d.cit[s] > 0 and d.vip[s] > 0:
        d.stage = ST_EVAC
        d.cur = 1 if d.ctx == CTX_BASE else d.actor
        return True
    if d.cit[s] > 0:
        evac_cit(d, s)
    elif d.vip[s] > 0:
        evac_vip(d, s)
    return begin_invest(d)



cdef bint begin_invest(VulData* d) noexcept nogil:
    cdef int opts[5]
    cdef int k = invest_options(d, d.sub_sq, opts)
    if k >= 2:
        d.stage = ST_INVEST
        d.cur = 1 if d.ctx == CTX_BASE else d.actor
        return True
    if k == 1:
        take_tile(d, opts[0], 0)
    return sub_done(d)



cdef bint sub_done(VulData* d) noexcept nogil:
    """After an evacuation/investigation: back to the Base phase or to Commands to SDF."""
    if d.ctx == CTX_CMD and cmd_available(d):
        d.stage = ST_CMD
        d.cur = d.actor
        return True
    return False



cdef bint cmd_ok(VulData* d, int cmd, int s) noexcept nogil:
    if d.sdf[s] <= 0 or (d.cmd_used >> cmd) & 1:
        return False
    if cmd == 0:
        return d.fund_pool >= 1
    if cmd == 1:
        return d.fund_pool >= 2 and d.base_stock > 0 and d.base[s] == 0
    return d.fund_pool >= 3 and d.kpos >= 0 and VUL_DIST[s][d.kpos] <= 1 and d.attack_left > 0



cdef bint cmd_available(VulData* d) noexcept nogil:
    """V9: one command, two different ones once Operation Approved is reached."""
    cdef int cmd, s
    if d.cmd_count >= (2 if d.u_cmd2 else 1):
        return False
    for cmd in range(3):
        for s in range(NSQ):
            if cmd_ok(d, cmd, s):
                return True
    return False



cdef inline int move_kind_lo(int e) noexcept nogil:
    return PK_CIT if e == E_MOVE_CIT else (PK_FB if e == E_MOVE_FB else PK_SDF)



cdef inline int move_kind_hi(int e) noexcept nogil:
    return PK_VIP if e == E_MOVE_CIT else (PK_FB if e == E_MOVE_FB else PK_SDF)



cdef inline int* piece_array(VulData* d, int kind) noexcept nogil:
    if kind == PK_CIT:
        return d.cit
    if kind == PK_VIP:
        return d.vip
    if kind == PK_FB:
        return d.fb
    return d.sdf



cdef bint any_move(VulData* d, int e) noexcept nogil:
    cdef int kind, s
    cdef int* arr
    for kind in range(move_kind_lo(e), move_kind_hi(e) + 1):
        arr = piece_array(d, kind)
        for s in range(NSQ):
            if arr[s] > 0:
                return True
    return False



cdef bint any_ff(VulData* d) noexcept nogil:
    cdef int s, k, m
    if d.fund_pool < 2:
        return False
    for s in range(NSQ):
        if (d.fb[s] > d.ff_fb[s]) or (d.eff_add and d.base[s] and not (d.ff_base >> s) & 1):
            if d.lava[s] > 0:
                return True
            for k in range(MAXNB):
                m = adj(s, k)
                if m >= 0 and d.lava[m] > 0:
                    return True
    return False



cdef bint any_mob(VulData* d) noexcept nogil:
    cdef int s
    if d.fund_pool < 2 or (d.fb_stock == 0 and d.sdf_stock == 0):
        return False
    for s in range(NSQ):
        if d.base[s] and not (d.mob_used >> s) & 1:
            return True
    return False



cdef int research_options(VulData* d, int* out) noexcept nogil:
    cdef int s, n = 0
    for s in range(NSQ):
        if has_inv_tile(d, s) and (d.eff_add or near_base(d, s)):
            out[n] = s
            n += 1
    return n



cdef int human_neighbour_slot(VulData* d, int slot, int step) noexcept nogil:
    """The adjacent Human card in execution order, skipping Kaiju slots (V17), or -1."""
    cdef int s = slot + step
    while 0 <= s < NSLOTS:
        if not VUL_SLOT_KAIJU[s]:
            return s if d.slot_card[s] >= 0 else -1
        s += step
    return -1



cdef bint begin_effect(VulData* d, int e) noexcept nogil:
    """Start an effect; True when it waits for a decision (stage set), False when done."""
    cdef int opts[NSQ]
    cdef int k
    if e >= E_KAIJU:
        d.cur = 0
        k = e - E_KAIJU
        if k == KT_WALK:
            place_lava(d, d.kpos, 1)
            d.stage = ST_WALK1
            return True
        if k == KT_TRAMPLE:
            d.stage = ST_TRAMPLE
            return True
        if k == KT_FIREBOMB:
            d.stage = ST_BOMB
            return True
        if k == KT_ROAR:
            place_lava(d, d.kpos, 2 if d.eff_add else 1)
            d.stage = ST_ROAR
            return True
        if k == KT_UNDER:
            d.stage = ST_UNDER
            return True
        d.first_sq = -1
        d.stage = ST_FLOW1
        return True
    d.cur = d.actor
    if e <= E_MOVE_SDF:
        d.steps = 2
        if any_move(d, e):
            d.stage = ST_MOVE
            return True
        return False
    if e == E_FIRE:
        for k in range(NSQ):
            d.ff_fb[k] = 0
        d.ff_base = 0
        if any_ff(d):
            d.stage = ST_FF
            return True
        return False
    if e == E_CMD:
        d.cmd_used = 0
        d.cmd_count = 0
        if cmd_available(d):
            d.stage = ST_CMD
            return True
        return False
    if e == E_MOBIL:
        d.mob_used = 0
        if any_mob(d):
            d.stage = ST_MOB
            return True
        return False
    if e == E_HELI:
        for k in range(NSQ):
            if d.fb[k] > 0:
                d.stage = ST_HELI1
                return True
        return False
    if e == E_SHELL:
        if d.fund_pool >= 3:
            d.stage = ST_SHELL
            return True
        return False
    if e == E_RESEARCH:
        if research_options(d, opts) > 0:
            d.stage = ST_RESEARCH
            return True
        if d.eff_add:
            d.stage = ST_BUDGET
            return True
        return False
    # Continuation
    if human_neighbour_slot(d, d.slot, -1) >= 0 or human_neighbour_slot(d, d.slot, 1) >= 0:
        d.stage = ST_CONT
        return True
    return False



cdef void sort_ints(int* a, int n) noexcept nogil:
    cdef int i, j, t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and a[j] > t:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t



cdef void returns_data(VulData* d, double* out) noexcept nogil:
    """Win shares: 1 to the Kaiju, or 1/(n-1) to each Human, at the end; 0 before."""
    cdef int p
    if d.stage != ST_END:
        for p in range(d.n):
            out[p] = 0.0
        return
    out[0] = 1.0 if d.winner == 0 else 0.0
    for p in range(1, d.n):
        out[p] = 0.0 if d.winner == 0 else 1.0 / (d.n - 1)


cdef void evaluate_data(VulData* d, double* out) noexcept nogil:
    """The Kaiju's chance: a logistic of the difference of the tracks' empty cells (the
    round-6 comparison, V20) after the next Lava and Base phases as the map stands (deaths and
    fires from the lava on the map, one evacuation per base with people), sharper as the game
    nears its end; the Humans share the rest equally."""
    cdef int s, k, people, def_proj = d.def_filled, dmg_proj = d.dmg_filled
    cdef double x, pk
    cdef int p
    if d.stage == ST_END:
        pk = 1.0 if d.winner == 0 else 0.0
    else:
        for s in range(NSQ):
            people = d.cit[s] + d.vip[s]
            k = d.lava[s] if d.lava[s] < people else people
            dmg_proj += k
            if d.lava[s] >= 3:
                dmg_proj += 1
            if d.base[s] and people > k:
                def_proj += 1
        if dmg_proj > DMG_CELLS:
            dmg_proj = DMG_CELLS
        if def_proj > DEF_CELLS:
            def_proj = DEF_CELLS
        x = ((DEF_CELLS - def_proj) - (DMG_CELLS - dmg_proj) + 0.5) / (3.0 + 2.0 * (NROUNDS - d.round))
        pk = 1.0 / (1.0 + exp(-x))
    out[0] = pk
    for p in range(1, d.n):
        out[p] = (1.0 - pk) / (d.n - 1)
