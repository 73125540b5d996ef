# The stages of Vulcanus (ext/vulcanus/logic.pyx includes this file after rules.pxi): per
# decision stage its legal actions (legal_<stage>, built ascending: gen_legal does not sort)
# and their effect (apply_<stage>); per chance stage its outcomes (outcomes_<stage>) and
# their effect (chance_<stage>); at the end the dispatch, a stage -> function mapping, that
# the shared protocol (../dispatch.pxi) calls. Stages that share their legal actions share legal_<stage>.


# ---------------------------------------------------------------- helpers of several stages
cdef inline int hand_cards_of_type(VulData* d, int dk, int t) noexcept nogil:
    """Deck dk's cards in hand of type t, bit i for card deck_first(dk) + i, built without a
    branch per card (issue 26)."""
    cdef int i, m = 0, f = deck_first(dk)
    for i in range(deck_size(dk)):
        m |= ((d.zone[f + i] == Z_HAND) & (d.ctype[f + i] == t)) << i
    return m


cdef void place_card(VulData* d, int dk, int t, int slot) noexcept nogil:
    """The first card in hand of type t (by index) onto the planning board's `slot`."""
    cdef int c, m = hand_cards_of_type(d, dk, t)
    if m == 0:
        return
    c = deck_first(dk) + lowest_bit(m)
    d.zone[c] = Z_SLOT
    d.pos[c] = slot
    d.slot_card[slot] = c


cdef void arrange_groups(VulData* d, int k) noexcept nogil:
    """The A/B(/C) swap (V4): letter group g's cards move to slot set PERMS[k][g]."""
    cdef int g, j, c, s
    cdef int cards[3][3]
    cdef int p3[6][3]
    p3[0][0] = 0; p3[0][1] = 1; p3[0][2] = 2
    p3[1][0] = 0; p3[1][1] = 2; p3[1][2] = 1
    p3[2][0] = 1; p3[2][1] = 0; p3[2][2] = 2
    p3[3][0] = 1; p3[3][1] = 2; p3[3][2] = 0
    p3[4][0] = 2; p3[4][1] = 0; p3[4][2] = 1
    p3[5][0] = 2; p3[5][1] = 1; p3[5][2] = 0
    for g in range(d.ngroups):
        for j in range(per_group(d)):
            cards[g][j] = d.slot_card[group_slot(d, g, j)]
    for g in range(d.ngroups):
        d.perm[g] = p3[k][g] if d.ngroups == 3 else (g if k == 0 else 1 - g)
    for g in range(d.ngroups):
        for j in range(per_group(d)):
            s = group_slot(d, g, j)
            c = cards[g][j]
            d.slot_card[s] = c
            if c >= 0:
                d.pos[c] = s


# ---------------------------------------------------------------- decision stages
cdef int legal_bonus_drop(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_BONUS_DROP (ascending)."""
    cdef int n = 0, t
    for t in range(NBONUS):
        if d.bonus_loc[t] == B_DRAWN:
            out[n] = A_DROP + t
            n += 1
    return n


cdef void apply_bonus_drop(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_BONUS_DROP."""
    cdef int t
    for t in range(NBONUS):
        if d.bonus_loc[t] == B_DRAWN:
            d.bonus_loc[t] = B_ASIDE if t == a - A_DROP else B_HAND
    d.stage = ST_KSTART
    d.cur = 0


cdef int legal_kaiju_start(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_KSTART (ascending)."""
    out[0] = A_SQ + SQ_HARAJUKU
    out[1] = A_SQ + SQ_SHIBUYA
    out[2] = A_SQ + SQ_EBISU
    return 3


cdef void apply_kaiju_start(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_KSTART."""
    d.kpos = a - A_SQ
    d.setup_idx = 0
    d.stage = ST_ROLE
    d.cur = owner_of_deck(d, 0)


cdef int legal_role(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_ROLE (ascending)."""
    cdef int n = 0, k, t
    cdef bint used
    for t in range(NROLES):
        used = False
        for k in range(d.setup_idx):
            if d.role[k] == t:
                used = True
        if not used:
            out[n] = A_ROLE + t
            n += 1
    return n


cdef void apply_role(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_ROLE."""
    d.role[d.setup_idx] = a - A_ROLE
    d.setup_idx += 1
    if d.setup_idx < d.ngroups:
        d.cur = owner_of_deck(d, d.setup_idx)
    else:
        d.stage = ST_HSTART_FB
        d.cur = 1


cdef int legal_human_start(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_HSTART_FB, ST_HSTART_SDF (ascending)."""
    cdef int st = d.stage
    cdef int n = 0, s
    for s in range(NSQ):
        if s != d.kpos and not (st == ST_HSTART_SDF and d.fb[s] > 0):
            out[n] = A_SQ + s
            n += 1
    return n


cdef int legal_adjacent_square(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_EVENT_ADJ, ST_WALK1, ST_WALK2, ST_FLOW1, ST_FLOW2 (ascending)."""
    cdef int st = d.stage
    cdef int n = 0, k, m, c
    cdef int opts[NSQ]
    c = d.omen_sq if st == ST_EVENT_ADJ else d.kpos
    for k in range(MAXNB):
        m = adj(c, k)
        if m >= 0 and not (st == ST_FLOW2 and m == d.first_sq):
            opts[n] = A_SQ + m
            n += 1
    sort_ints(opts, n)
    for k in range(n):
        out[k] = opts[k]
    if st == ST_WALK2:
        out[n] = A_DONE
        n += 1
    return n


cdef int legal_plan(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_PLAN, ST_KPLAN (ascending)."""
    cdef int st = d.stage
    cdef int n = 0, k, m, t, c, dk, f
    cdef int opts[NSQ]
    dk = d.draw_deck
    f = deck_first(dk)
    for t in range(8):
        opts[t] = 0
    m = 0
    k = 0
    for c in range(f, f + deck_size(dk)):     # sums, not a branch per card (issue 26)
        opts[d.ctype[c]] += d.zone[c] == Z_HAND
        m += d.zone[c] == Z_MARKED
        k += d.zone[c] == Z_DECK
    if m == 0:
        for t in range(8):                     # the types in hand, branch-free
            out[n] = A_PLACE + t
            n += opts[t] > 0
    if st == ST_PLAN:
        # V19: a redraw costs 1 fund and needs enough cards in the deck
        if d.fund_pool >= 1 and m < k:
            for t in range(NHTYPES):
                out[n] = A_MARK + t
                n += opts[t] > 0
        if m > 0:
            out[n] = A_REDRAW
            n += 1
    return n


cdef void apply_plan(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_PLAN."""
    cdef int m, dk, c, f
    dk = d.draw_deck
    if A_PLACE <= a < A_MARK:
        d.hk[rec(dk, d.round - 1) * 3 + d.placed] = cur_epoch(d, dk)
        place_card(d, dk, a - A_PLACE, group_slot(d, dk, d.placed))
        d.placed += 1
        if d.placed >= per_group(d):
            discard_hand(d, dk)
            d.group_i += 1
            proceed(d)
        return
    if A_MARK <= a < A_REDRAW:
        m = hand_cards_of_type(d, dk, a - A_MARK)
        if m:
            d.zone[deck_first(dk) + lowest_bit(m)] = Z_MARKED
        return
    # A_REDRAW (V19)
    pay(d, 1)
    m = count_zone(d, dk, Z_MARKED)
    d.hm[rec(dk, d.round - 1) * 6 + cur_epoch(d, dk)] = m
    f = deck_first(dk)
    for c in range(f, f + 9):
        if d.zone[c] == Z_MARKED:
            d.zone[c] = Z_DISCARD
    start_draw(d, dk, m)


cdef int legal_arrangement(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_PERM (ascending)."""
    cdef int n = 0, k, t
    k = 2 if d.ngroups == 2 else 6
    for t in range(k):
        out[n] = A_PERM + t
        n += 1
    return n


cdef void apply_arrangement(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_PERM."""
    arrange_groups(d, a - A_PERM)
    proceed(d)


cdef int legal_trample(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_TRAMPLE (ascending)."""
    cdef int n = 0
    out[n] = A_OPT + 0
    n += 1
    if d.fb[d.kpos] > 0:
        out[n] = A_OPT + 1
        n += 1
    if d.sdf[d.kpos] > 0:
        out[n] = A_OPT + 2
        n += 1
    if d.eff_add:
        out[n] = A_OPT + 3
        n += 1
    return n


cdef void apply_trample(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_TRAMPLE."""
    cdef int s, k, m
    s = d.kpos
    k = a - A_OPT
    if k == 0:
        m = d.cit[s] + d.vip[s]
        kill_all(d, s)
        place_lava(d, s, m)
    elif k == 1:
        d.fb[s] -= 1
        d.fb_stock += 1
        place_lava(d, s, 1)
    elif k == 2:
        d.sdf[s] -= 1
        d.sdf_stock += 1
        place_lava(d, s, 1)
    else:
        place_lava(d, s, 2)
    proceed(d)


cdef int legal_bomb(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_BOMB (ascending)."""
    cdef int n = 0, s, k, m
    cdef int opts[NSQ]
    m = 0
    opts[m] = d.kpos
    m += 1
    for k in range(MAXNB):
        if adj(d.kpos, k) >= 0:
            opts[m] = adj(d.kpos, k)
            m += 1
    sort_ints(opts, m)
    for k in range(m):
        s = opts[k]
        if d.cit[s] > 0:
            out[n] = A_BOMB + s * 5 + 0
            n += 1
        if d.vip[s] > 0:
            out[n] = A_BOMB + s * 5 + 1
            n += 1
        if d.eff_add and d.fb[s] > 0:
            out[n] = A_BOMB + s * 5 + 2
            n += 1
        if d.eff_add and d.sdf[s] > 0:
            out[n] = A_BOMB + s * 5 + 3
            n += 1
        if d.cit[s] + d.vip[s] == 0:
            out[n] = A_BOMB + s * 5 + 4
            n += 1
    return n


cdef void apply_bomb(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_BOMB."""
    cdef int s, k
    s = (a - A_BOMB) // 5
    k = (a - A_BOMB) % 5
    if k == 0:
        kill_cit(d, s)
    elif k == 1:
        kill_vip(d, s)
    elif k == 2:
        d.fb[s] -= 1
        d.fb_stock += 1
    elif k == 3:
        d.sdf[s] -= 1
        d.sdf_stock += 1
    if d.fb[s] == 0 and d.sdf[s] == 0:
        place_lava(d, s, 1)
    proceed(d)


cdef int legal_roar(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_ROAR (ascending)."""
    cdef int n = 0, k, m
    cdef int opts[NSQ]
    for k in range(MAXNB):
        m = adj(d.kpos, k)
        if m >= 0 and d.lava[m] > 0:
            opts[n] = A_SQ + m
            n += 1
    sort_ints(opts, n)
    for k in range(n):
        out[k] = opts[k]
    out[n] = A_DONE
    return n + 1


cdef void apply_roar(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_ROAR."""
    cdef int s
    if a == A_DONE:
        proceed(d)
        return
    s = a - A_SQ
    d.lava[s] -= 1
    d.lava[d.kpos] += 1


cdef int legal_underground(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_UNDER (ascending)."""
    cdef int n = 0, s, rng_
    rng_ = UNDER_RANGE + (UNDER_EXTRA if d.eff_add else 0)
    for s in range(NSQ):
        if VUL_DIST[d.kpos][s] <= rng_:
            out[n] = A_SQ + s
            n += 1
    return n


cdef void apply_underground(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_UNDER."""
    d.kpos = a - A_SQ
    if d.eff_add:
        place_lava(d, d.kpos, 1)
    proceed(d)


cdef int legal_person(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_VICTIM, ST_EVAC (ascending)."""
    out[0] = A_CIT
    out[1] = A_VIP
    return 2


cdef int legal_evolve(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_EVOLVE (ascending)."""
    cdef int n = 0, t
    for t in range(NKTYPES):
        if not d.evolved[t]:
            out[n] = A_EVO + t
            n += 1
    return n


cdef void apply_evolve(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_EVOLVE."""
    d.evolved[a - A_EVO] = 1
    d.pending_evo -= 1
    proceed(d)


cdef int legal_declare(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_DECLARE (ascending: A_DONE first)."""
    cdef int n = 1, t
    out[0] = A_DONE
    for t in range(NBONUS):
        if d.bonus_loc[t] == B_HAND and VUL_BONUS[t][0] == d.kpos and d.lava[d.kpos] >= VUL_BONUS[t][1]:
            out[n] = A_DECLARE + t
            n += 1
    return n


cdef void apply_declare(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_DECLARE."""
    cdef int t
    if a == A_DONE:
        d.slot += 1
        d.pc = PC_EXEC
    else:
        t = a - A_DECLARE
        d.bonus_loc[t] = B_DECLARED
        d.dmg_filled += add_tile(d.damage, DMG_ROWS, TC_BONUS + t)
    proceed(d)


cdef int legal_movement(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_MOVE (ascending: A_DONE first). Per square, its lines are
    written and kept only if a piece is there, without a branch on the pieces (issue 26)."""
    cdef int n = 1, s, k, kind, e, a
    cdef int* arr
    out[0] = A_DONE
    e = d.eff_q[d.eff_i - 1]
    for kind in range(move_kind_lo(e), move_kind_hi(e) + 1):
        arr = piece_array(d, kind)
        for s in range(NSQ):
            a = A_MOVE + kind * 72 + s * 4
            for k in range(MAXNB):
                out[n + k] = a + k
            n += VUL_DEGREE[s] & -(arr[s] > 0)
    return n


cdef void apply_movement(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_MOVE."""
    cdef int s, m, kind, e
    cdef int* arr
    if a == A_DONE:
        proceed(d)
        return
    kind = (a - A_MOVE) // 72
    s = ((a - A_MOVE) % 72) // 4
    m = adj(s, (a - A_MOVE) % 4)
    arr = piece_array(d, kind)
    arr[s] -= 1
    arr[m] += 1
    d.steps -= 1
    e = d.eff_q[d.eff_i - 1]
    if d.steps <= 0 or not any_move(d, e):
        proceed(d)


cdef int legal_fire_fighting(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_FF (ascending: A_DONE first)."""
    cdef int n = 1, s, k, m, kind
    out[0] = A_DONE
    if d.fund_pool >= 2:
        for kind in range(2):
            for s in range(NSQ):
                if kind == 0 and d.fb[s] <= d.ff_fb[s]:
                    continue
                if kind == 1 and not (d.eff_add and d.base[s] and not (d.ff_base >> s) & 1):
                    continue
                for k in range(MAXNB + 1):
                    m = s if k == 0 else adj(s, k - 1)
                    if m >= 0 and d.lava[m] > 0:
                        out[n] = A_FF + kind * 90 + s * 5 + k
                        n += 1
    return n


cdef void apply_fire_fighting(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_FF."""
    cdef int s, k, m, kind
    if a == A_DONE:
        proceed(d)
        return
    kind = (a - A_FF) // 90
    s = ((a - A_FF) % 90) // 5
    k = (a - A_FF) % 5
    m = s if k == 0 else adj(s, k - 1)
    pay(d, 2)
    remove_lava(d, m)
    if kind == 0:
        d.ff_fb[s] += 1
    else:
        d.ff_base |= 1 << s
    if not any_ff(d):
        proceed(d)


cdef int legal_commands(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_CMD (ascending: A_DONE first)."""
    cdef int n = 1, s, c
    out[0] = A_DONE
    for c in range(3):
        for s in range(NSQ):
            if cmd_ok(d, c, s):
                out[n] = A_CMD + c * 18 + s
                n += 1
    return n


cdef void apply_commands(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_CMD."""
    cdef int s, c
    if a == A_DONE:
        proceed(d)
        return
    c = (a - A_CMD) // 18
    s = (a - A_CMD) % 18
    d.cmd_used |= 1 << c
    d.cmd_count += 1
    d.ctx = CTX_CMD
    if c == 0:
        pay(d, 1)
        d.sub_sq = s
        if begin_evac(d):
            return
        proceed(d)
        return
    if c == 1:
        pay(d, 2)
        d.base[s] = 1
        d.base_stock -= 1
    else:
        pay(d, 3)
        attack_tile(d)
    if not sub_done(d):
        proceed(d)


cdef int legal_investigation(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_INVEST (ascending)."""
    cdef int k, m
    cdef int opts[NSQ]
    m = invest_options(d, d.sub_sq, opts)
    sort_ints(opts, m)
    for k in range(m):
        out[k] = A_SQ + opts[k]
    return m


cdef void apply_investigation(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_INVEST."""
    take_tile(d, a - A_SQ, 0)
    if not sub_done(d):
        proceed(d)


cdef int legal_mobilization(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_MOB (ascending: A_DONE first)."""
    cdef int n = 1, s
    out[0] = A_DONE
    if d.fund_pool >= 2:
        for s in range(NSQ):
            if d.base[s] and not (d.mob_used >> s) & 1:
                if d.fb_stock > 0:
                    out[n] = A_MOB + s * 2
                    n += 1
                if d.sdf_stock > 0:
                    out[n] = A_MOB + s * 2 + 1
                    n += 1
    return n


cdef void apply_mobilization(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_MOB."""
    cdef int s
    if a == A_DONE:
        proceed(d)
        return
    s = (a - A_MOB) // 2
    pay(d, 2)
    d.mob_used |= 1 << s
    if (a - A_MOB) % 2 == 0:
        d.fb[s] += 1
        d.fb_stock -= 1
    else:
        d.sdf[s] += 1
        d.sdf_stock -= 1
    if not any_mob(d):
        proceed(d)


cdef int legal_helicopter_unit(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_HELI1 (ascending)."""
    cdef int n = 0, s
    for s in range(NSQ):
        if d.fb[s] > 0:
            out[n] = A_SQ + s
            n += 1
    return n


cdef void apply_helicopter_unit(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_HELI1."""
    d.heli_src = a - A_SQ
    d.stage = ST_HELI2


cdef int legal_helicopter_target(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_HELI2 (ascending)."""
    cdef int n = 0, s
    for s in range(NSQ):
        out[n] = A_SQ + s
        n += 1
    return n


cdef void apply_helicopter_target(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_HELI2."""
    cdef int s
    s = a - A_SQ
    d.fb[d.heli_src] -= 1
    d.fb[s] += 1
    d.heli_src = -1
    remove_lava(d, s)
    if d.eff_add:
        remove_lava(d, s)
    proceed(d)


cdef int legal_shell(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_SHELL (ascending)."""
    cdef int n = 0
    out[n] = A_DONE
    n += 1
    out[n] = A_OPT + 0
    n += 1
    if d.eff_add and d.fund_pool >= 6:
        out[n] = A_OPT + 1
        n += 1
    return n


cdef void apply_shell(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_SHELL."""
    cdef int k, m
    if a != A_DONE:
        k = 2 if a == A_OPT + 1 else 1
        pay(d, 3 * k)
        for m in range(k):
            attack_tile(d)
        kill_all(d, d.kpos)
    proceed(d)


cdef int legal_research(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_RESEARCH (ascending)."""
    cdef int k, m
    cdef int opts[NSQ]
    m = research_options(d, opts)
    for k in range(m):
        out[k] = A_SQ + opts[k]
    return m


cdef void apply_research(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_RESEARCH."""
    cdef int s
    take_tile(d, a - A_SQ, 3)       # progress 3 whatever the tile's value
    if d.eff_add:
        d.stage = ST_BUDGET         # "then you MAY progress the budget request track"
        return
    proceed(d)


cdef int legal_continuation(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_CONT (ascending)."""
    cdef int n = 0, lo, hi
    lo = human_neighbour_slot(d, d.slot, -1)
    hi = human_neighbour_slot(d, d.slot, 1)
    if lo >= 0:
        out[n] = A_OPT + 0
        n += 1
    if hi >= 0:
        out[n] = A_OPT + 1
        n += 1
    if d.eff_add and lo >= 0 and hi >= 0:
        out[n] = A_OPT + 2
        n += 1
    return n


cdef void apply_continuation(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_CONT."""
    cdef int k, c
    k = a - A_OPT
    if k == 0 or k == 2:
        c = d.slot_card[human_neighbour_slot(d, d.slot, -1)]
        d.eff_q[d.eff_n] = card_effect(d, c)
        d.eff_addq[d.eff_n] = 0
        d.eff_n += 1
    if k == 1 or k == 2:
        c = d.slot_card[human_neighbour_slot(d, d.slot, 1)]
        reveal_card(d, c)           # shown now, executed again in its own slot (V17)
        d.eff_q[d.eff_n] = card_effect(d, c)
        d.eff_addq[d.eff_n] = 0
        d.eff_n += 1
    proceed(d)


cdef int legal_budget(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_BUDGET (ascending)."""
    out[0] = A_DONE
    out[1] = A_OPT
    return 2


cdef void apply_budget(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_BUDGET."""
    if a != A_DONE:
        advance_budget(d)
    proceed(d)


cdef int legal_base(VulData* d, int* out) noexcept nogil:
    """The legal actions at ST_BASE (ascending)."""
    cdef int n = 0, s
    for s in range(NSQ):
        if d.base[s] and not (d.base_done >> s) & 1:
            out[n] = A_SQ + s
            n += 1
    return n


cdef void apply_base(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_BASE."""
    if not process_base(d, a - A_SQ):
        proceed(d)


cdef void apply_fire_brigade_start(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_HSTART_FB."""
    cdef int s
    s = a - A_SQ
    d.fb[s] = 1
    d.base[s] = 1
    d.fb_stock -= 1
    d.base_stock -= 1
    d.stage = ST_HSTART_SDF


cdef void apply_sdf_start(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_HSTART_SDF."""
    cdef int s
    s = a - A_SQ
    d.sdf[s] = 1
    d.base[s] = 1
    d.sdf_stock -= 1
    d.base_stock -= 1
    omen_swap(d)
    d.pc = PC_ROUND
    proceed(d)


cdef void apply_event_adjacent(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_EVENT_ADJ."""
    place_lava(d, a - A_SQ, 1)
    proceed(d)


cdef void apply_kaiju_plan(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_KPLAN."""
    d.hk[rec(KDECK_ID, d.round - 1) * 3 + d.placed] = 0
    place_card(d, KDECK_ID, a - A_PLACE, kaiju_slot(d.placed))
    d.placed += 1
    if d.placed >= KAIJU_PLACE:
        discard_hand(d, KDECK_ID)
        proceed(d)


cdef void apply_walk(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_WALK1."""
    d.kpos = a - A_SQ
    if d.eff_add:
        d.stage = ST_WALK2
    else:
        proceed(d)


cdef void apply_walk_more(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_WALK2."""
    if a != A_DONE:
        d.kpos = a - A_SQ
    proceed(d)


cdef void apply_flow(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_FLOW1."""
    d.first_sq = a - A_SQ
    place_lava(d, d.first_sq, 1)
    if d.eff_add:
        d.stage = ST_FLOW2
    else:
        proceed(d)


cdef void apply_flow_more(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_FLOW2."""
    place_lava(d, a - A_SQ, 1)
    proceed(d)


cdef void apply_victim(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_VICTIM."""
    cdef int s
    s = d.lava_sq
    if a == A_CIT:
        kill_cit(d, s)
    else:
        kill_vip(d, s)
    d.kills_left -= 1
    proceed(d)


cdef void apply_evacuation(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` at ST_EVAC."""
    if a == A_CIT:
        evac_cit(d, d.sub_sq)
    else:
        evac_vip(d, d.sub_sq)
    if not begin_invest(d):
        proceed(d)


# ---------------------------------------------------------------- chance stages
cdef int outcomes_setup_tile(VulData* d, int* out, double* probs) noexcept nogil:
    """The outcomes at ST_TILES and their probabilities (probs may be NULL)."""
    cdef int n = 0, t, s, c, k
    cdef bint placed
    s = d.setup_idx
    k = 0
    for t in range(NMAPTILES):
        if tile_letter(t) == VUL_SLOT[s]:
            placed = False
            for c in range(s):
                if d.tile_at[c] == t:
                    placed = True
            if not placed:
                out[n] = t
                n += 1
    if probs != NULL:
        for k in range(n):
            probs[k] = 1.0 / n
    return n


cdef void chance_setup_tile(VulData* d, int a) noexcept nogil:
    """Apply chance outcome `a` at ST_TILES."""
    d.tile_at[d.setup_idx] = a
    d.setup_idx += 1
    if d.setup_idx == NSQ:
        place_setup_icons(d)
        d.setup_idx = 0
        d.stage = ST_BONUS_DRAW


cdef int outcomes_bonus_draw(VulData* d, int* out, double* probs) noexcept nogil:
    """The outcomes at ST_BONUS_DRAW and their probabilities (probs may be NULL)."""
    cdef int n = 0, t, k
    for t in range(NBONUS):
        if d.bonus_loc[t] == B_BOX:
            out[n] = t
            n += 1
    if probs != NULL:
        for k in range(n):
            probs[k] = 1.0 / n
    return n


cdef void chance_bonus_draw(VulData* d, int a) noexcept nogil:
    """Apply chance outcome `a` at ST_BONUS_DRAW."""
    d.bonus_loc[a] = B_DRAWN
    d.bonus_drawn += 1
    if d.bonus_drawn == BONUS_DRAW:
        d.stage = ST_BONUS_DROP
        d.cur = 0


cdef int outcomes_event(VulData* d, int* out, double* probs) noexcept nogil:
    """The outcomes at ST_EVENT_DRAW and their probabilities (probs may be NULL)."""
    cdef int n = 0, total, k
    total = d.adv_left[0] + d.adv_left[1]
    for k in range(2):
        if d.adv_left[k] > 0:
            out[n] = k
            if probs != NULL:
                probs[n] = d.adv_left[k] / <double>total
            n += 1
    return n


cdef void chance_event(VulData* d, int a) noexcept nogil:
    """Apply chance outcome `a` at ST_EVENT_DRAW."""
    cdef int s
    d.adv_left[a] -= 1
    d.ev_kind[d.round - 1] = EV_TWO + a
    s = d.omen_sq
    if a == 0:
        place_lava(d, s, 2)         # V7: 2 lava on the omen square
        proceed(d)
    else:
        place_lava(d, s, 1)         # V7: 1 lava there, 1 on an adjacent square (Kaiju)
        d.stage = ST_EVENT_ADJ
        d.cur = 0


cdef int outcomes_draw(VulData* d, int* out, double* probs) noexcept nogil:
    """The outcomes at ST_DRAW and their probabilities (probs may be NULL)."""
    cdef int n = 0, t, dk, m, c, total, f
    cdef int cnt[8]
    dk = d.draw_deck
    m = layer_mask(d, dk, top_layer(d, dk))
    for t in range(8):
        cnt[t] = 0
    f = deck_first(dk)
    for c in range(deck_size(dk)):             # counts, without a branch per card
        cnt[d.ctype[f + c]] += (m >> c) & 1
    for t in range(8):                         # the types present, ascending, branch-free
        out[n] = t
        n += cnt[t] > 0
    if probs != NULL:
        total = 0
        for t in range(8):
            total += cnt[t]
        for t in range(n):
            probs[t] = cnt[out[t]] / <double>total
    return n


cdef void chance_draw(VulData* d, int a) noexcept nogil:
    """Apply chance outcome `a` at ST_DRAW."""
    cdef int dk, layer, c, f, mask, kind
    dk = d.draw_deck
    layer = top_layer(d, dk)
    hide_layer(d, dk, layer)
    d.hx[rec(dk, d.round - 1) * 6 + layer] += 1
    f = deck_first(dk)
    mask = layer_mask(d, dk, layer)
    kind = 0
    for c in range(deck_size(dk)):             # the layer's cards of type a
        kind |= (d.ctype[f + c] == a) << c
    c = lowest_bit(mask & kind)                # the first of them, as the scan took it
    d.layer_cards[dk * 8 + layer] = mask & ~(1 << c)
    d.zone[f + c] = Z_HAND
    d.pos[f + c] = 0
    d.draw_left -= 1
    # the deck is empty only if the layer was its last and this card the layer's last
    if d.draw_left <= 0 or ((mask & (mask - 1)) == 0 and top_layer(d, dk) < 0):
        after_draw(d)


# ---------------------------------------------------------------- dispatch
cdef inline bint game_over(VulData* d) noexcept nogil:
    """True once the game has ended."""
    return d.stage == ST_END


cdef inline bint at_chance(VulData* d) noexcept nogil:
    """True at a chance node (set-up tiles, bonus tiles, events, card draws)."""
    return is_chance_stage(d.stage)


cdef inline int to_move(VulData* d) noexcept nogil:
    """The seat to act at a decision."""
    return d.cur


cdef int gen_chance(VulData* d, int* out, double* probs) noexcept nogil:
    """The outcomes of the chance stage and their probabilities (probs may be NULL)."""
    if d.stage == ST_TILES:
        return outcomes_setup_tile(d, out, probs)
    if d.stage == ST_BONUS_DRAW:
        return outcomes_bonus_draw(d, out, probs)
    if d.stage == ST_EVENT_DRAW:
        return outcomes_event(d, out, probs)
    if d.stage == ST_DRAW:
        return outcomes_draw(d, out, probs)
    return 0


cdef int gen_legal(VulData* d, int* out) noexcept nogil:
    """The legal actions of the decision stage, ascending: each stage's list is built in
    order (no sort: issue 26; tests/test_protocol.py checks the order)."""
    cdef int st = d.stage
    if st == ST_BONUS_DROP:
        return legal_bonus_drop(d, out)
    if st == ST_KSTART:
        return legal_kaiju_start(d, out)
    if st == ST_ROLE:
        return legal_role(d, out)
    if st == ST_HSTART_FB or st == ST_HSTART_SDF:
        return legal_human_start(d, out)
    if st == ST_EVENT_ADJ or st == ST_WALK1 or st == ST_WALK2 or st == ST_FLOW1 or st == ST_FLOW2:
        return legal_adjacent_square(d, out)
    if st == ST_PLAN or st == ST_KPLAN:
        return legal_plan(d, out)
    if st == ST_PERM:
        return legal_arrangement(d, out)
    if st == ST_TRAMPLE:
        return legal_trample(d, out)
    if st == ST_BOMB:
        return legal_bomb(d, out)
    if st == ST_ROAR:
        return legal_roar(d, out)
    if st == ST_UNDER:
        return legal_underground(d, out)
    if st == ST_VICTIM or st == ST_EVAC:
        return legal_person(d, out)
    if st == ST_EVOLVE:
        return legal_evolve(d, out)
    if st == ST_DECLARE:
        return legal_declare(d, out)
    if st == ST_MOVE:
        return legal_movement(d, out)
    if st == ST_FF:
        return legal_fire_fighting(d, out)
    if st == ST_CMD:
        return legal_commands(d, out)
    if st == ST_INVEST:
        return legal_investigation(d, out)
    if st == ST_MOB:
        return legal_mobilization(d, out)
    if st == ST_HELI1:
        return legal_helicopter_unit(d, out)
    if st == ST_HELI2:
        return legal_helicopter_target(d, out)
    if st == ST_SHELL:
        return legal_shell(d, out)
    if st == ST_RESEARCH:
        return legal_research(d, out)
    if st == ST_CONT:
        return legal_continuation(d, out)
    if st == ST_BUDGET:
        return legal_budget(d, out)
    if st == ST_BASE:
        return legal_base(d, out)
    return 0


cdef void apply_chance(VulData* d, int a) noexcept nogil:
    """Apply chance outcome `a` of the chance stage."""
    if d.stage == ST_TILES:
        chance_setup_tile(d, a)
    elif d.stage == ST_BONUS_DRAW:
        chance_bonus_draw(d, a)
    elif d.stage == ST_EVENT_DRAW:
        chance_event(d, a)
    elif d.stage == ST_DRAW:
        chance_draw(d, a)


cdef void apply_move(VulData* d, int a) noexcept nogil:
    """Apply legal action `a` of the seat to act."""
    cdef int st = d.stage
    if st == ST_BONUS_DROP:
        apply_bonus_drop(d, a)
    elif st == ST_KSTART:
        apply_kaiju_start(d, a)
    elif st == ST_ROLE:
        apply_role(d, a)
    elif st == ST_HSTART_FB:
        apply_fire_brigade_start(d, a)
    elif st == ST_HSTART_SDF:
        apply_sdf_start(d, a)
    elif st == ST_EVENT_ADJ:
        apply_event_adjacent(d, a)
    elif st == ST_PLAN:
        apply_plan(d, a)
    elif st == ST_PERM:
        apply_arrangement(d, a)
    elif st == ST_KPLAN:
        apply_kaiju_plan(d, a)
    elif st == ST_WALK1:
        apply_walk(d, a)
    elif st == ST_WALK2:
        apply_walk_more(d, a)
    elif st == ST_TRAMPLE:
        apply_trample(d, a)
    elif st == ST_BOMB:
        apply_bomb(d, a)
    elif st == ST_ROAR:
        apply_roar(d, a)
    elif st == ST_UNDER:
        apply_underground(d, a)
    elif st == ST_FLOW1:
        apply_flow(d, a)
    elif st == ST_FLOW2:
        apply_flow_more(d, a)
    elif st == ST_VICTIM:
        apply_victim(d, a)
    elif st == ST_EVOLVE:
        apply_evolve(d, a)
    elif st == ST_DECLARE:
        apply_declare(d, a)
    elif st == ST_MOVE:
        apply_movement(d, a)
    elif st == ST_FF:
        apply_fire_fighting(d, a)
    elif st == ST_CMD:
        apply_commands(d, a)
    elif st == ST_EVAC:
        apply_evacuation(d, a)
    elif st == ST_INVEST:
        apply_investigation(d, a)
    elif st == ST_MOB:
        apply_mobilization(d, a)
    elif st == ST_HELI1:
        apply_helicopter_unit(d, a)
    elif st == ST_HELI2:
        apply_helicopter_target(d, a)
    elif st == ST_SHELL:
        apply_shell(d, a)
    elif st == ST_RESEARCH:
        apply_research(d, a)
    elif st == ST_BUDGET:
        apply_budget(d, a)
    elif st == ST_CONT:
        apply_continuation(d, a)
    elif st == ST_BASE:
        apply_base(d, a)
