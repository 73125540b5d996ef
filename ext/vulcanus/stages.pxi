# The stages of Vulcanus (ext/vulcanus/engine.pyx includes this file after rules.pxi): the
# legal moves and effects of each decision stage and the outcomes of each chance stage, then
# the dispatch the shared protocol (../dispatch.pxi) calls.


# ---------------------------------------------------------------- legal moves
cdef int gen_chance(VulData* d, int* out, double* probs) noexcept nogil:
    cdef int n = 0, t, s, dk, layer, c, total, k, f
    cdef bint placed
    cdef int cnt[8]
    if d.stage == ST_TILES:
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
    if d.stage == ST_BONUS_DRAW:
        for t in range(NBONUS):
            if d.bonus_loc[t] == B_BOX:
                out[n] = t
                n += 1
        if probs != NULL:
            for k in range(n):
                probs[k] = 1.0 / n
        return n
    if d.stage == ST_EVENT_DRAW:
        total = d.adv_left[0] + d.adv_left[1]
        for k in range(2):
            if d.adv_left[k] > 0:
                out[n] = k
                if probs != NULL:
                    probs[n] = d.adv_left[k] / <double>total
                n += 1
        return n
    if d.stage == ST_DRAW:
        dk = d.draw_deck
        layer = top_layer(d, dk)
        for t in range(8):
            cnt[t] = 0
        total = 0
        f = deck_first(dk)
        for c in range(f, f + deck_size(dk)):
            if d.zone[c] == Z_DECK and d.pos[c] == layer:
                cnt[d.ctype[c]] += 1
                total += 1
        for t in range(8):
            if cnt[t] > 0:
                out[n] = t
                if probs != NULL:
                    probs[n] = cnt[t] / <double>total
                n += 1
        return n
    return 0



cdef int gen_legal(VulData* d, int* out) noexcept nogil:
    """The legal actions, ascending."""
    cdef int n = gen_legal_raw(d, out)
    sort_ints(out, n)
    return n



cdef int gen_legal_raw(VulData* d, int* out) noexcept nogil:
    cdef int n = 0, s, k, m, t, kind, c, dk, f, lo, hi, rng_, e
    cdef bint used
    cdef int opts[NSQ]
    cdef int* arr
    cdef int st = d.stage
    if st == ST_BONUS_DROP:
        for t in range(NBONUS):
            if d.bonus_loc[t] == B_DRAWN:
                out[n] = A_DROP + t
                n += 1
        return n
    if st == ST_KSTART:
        out[0] = A_SQ + SQ_HARAJUKU
        out[1] = A_SQ + SQ_SHIBUYA
        out[2] = A_SQ + SQ_EBISU
        return 3
    if st == ST_ROLE:
        for t in range(NROLES):
            used = False
            for k in range(d.setup_idx):
                if d.role[k] == t:
                    used = True
            if not used:
                out[n] = A_ROLE + t
                n += 1
        return n
    if st == ST_HSTART_FB or st == ST_HSTART_SDF:
        for s in range(NSQ):
            if s != d.kpos and not (st == ST_HSTART_SDF and d.fb[s] > 0):
                out[n] = A_SQ + s
                n += 1
        return n
    if st == ST_EVENT_ADJ or st == ST_WALK1 or st == ST_WALK2 or st == ST_FLOW1 or st == ST_FLOW2:
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
    if st == ST_PLAN or st == ST_KPLAN:
        dk = d.draw_deck
        f = deck_first(dk)
        for t in range(8):
            opts[t] = 0
        m = 0
        k = 0
        for c in range(f, f + deck_size(dk)):
            if d.zone[c] == Z_HAND:
                opts[d.ctype[c]] += 1
            elif d.zone[c] == Z_MARKED:
                m += 1
            elif d.zone[c] == Z_DECK:
                k += 1
        if m == 0:
            for t in range(8):
                if opts[t] > 0:
                    out[n] = A_PLACE + t
                    n += 1
        if st == ST_PLAN:
            # V19: a redraw costs 1 fund and needs enough cards in the deck
            if d.fund_pool >= 1 and m < k:
                for t in range(NHTYPES):
                    if opts[t] > 0:
                        out[n] = A_MARK + t
                        n += 1
            if m > 0:
                out[n] = A_REDRAW
                n += 1
        return n
    if st == ST_PERM:
        k = 2 if d.ngroups == 2 else 6
        for t in range(k):
            out[n] = A_PERM + t
            n += 1
        return n
    if st == ST_TRAMPLE:
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
    if st == ST_BOMB:
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
    if st == ST_ROAR:
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
    if st == ST_UNDER:
        rng_ = UNDER_RANGE + (UNDER_EXTRA if d.eff_add else 0)
        for s in range(NSQ):
            if VUL_DIST[d.kpos][s] <= rng_:
                out[n] = A_SQ + s
                n += 1
        return n
    if st == ST_VICTIM or st == ST_EVAC:
        out[0] = A_CIT
        out[1] = A_VIP
        return 2
    if st == ST_EVOLVE:
        for t in range(NKTYPES):
            if not d.evolved[t]:
                out[n] = A_EVO + t
                n += 1
        return n
    if st == ST_DECLARE:
        for t in range(NBONUS):
            if d.bonus_loc[t] == B_HAND and VUL_BONUS[t][0] == d.kpos and d.lava[d.kpos] >= VUL_BONUS[t][1]:
                out[n] = A_DECLARE + t
                n += 1
        out[n] = A_DONE
        return n + 1
    if st == ST_MOVE:
        e = d.eff_q[d.eff_i - 1]
        for kind in range(move_kind_lo(e), move_kind_hi(e) + 1):
            arr = piece_array(d, kind)
            for s in range(NSQ):
                if arr[s] > 0:
                    for k in range(MAXNB):
                        if adj(s, k) >= 0:
                            out[n] = A_MOVE + kind * 72 + s * 4 + k
                            n += 1
        out[n] = A_DONE
        return n + 1
    if st == ST_FF:
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
        out[n] = A_DONE
        return n + 1
    if st == ST_CMD:
        for c in range(3):
            for s in range(NSQ):
                if cmd_ok(d, c, s):
                    out[n] = A_CMD + c * 18 + s
                    n += 1
        out[n] = A_DONE
        return n + 1
    if st == ST_INVEST:
        m = invest_options(d, d.sub_sq, opts)
        sort_ints(opts, m)
        for k in range(m):
            out[k] = A_SQ + opts[k]
        return m
    if st == ST_MOB:
        if d.fund_pool >= 2:
            for s in range(NSQ):
                if d.base[s] and not (d.mob_used >> s) & 1:
                    if d.fb_stock > 0:
                        out[n] = A_MOB + s * 2
                        n += 1
                    if d.sdf_stock > 0:
                        out[n] = A_MOB + s * 2 + 1
                        n += 1
        out[n] = A_DONE
        return n + 1
    if st == ST_HELI1:
        for s in range(NSQ):
            if d.fb[s] > 0:
                out[n] = A_SQ + s
                n += 1
        return n
    if st == ST_HELI2:
        for s in range(NSQ):
            out[n] = A_SQ + s
            n += 1
        return n
    if st == ST_SHELL:
        out[n] = A_DONE
        n += 1
        out[n] = A_OPT + 0
        n += 1
        if d.eff_add and d.fund_pool >= 6:
            out[n] = A_OPT + 1
            n += 1
        return n
    if st == ST_RESEARCH:
        m = research_options(d, opts)
        for k in range(m):
            out[k] = A_SQ + opts[k]
        return m
    if st == ST_CONT:
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
    if st == ST_BUDGET:
        out[0] = A_DONE
        out[1] = A_OPT
        return 2
    if st == ST_BASE:
        for s in range(NSQ):
            if d.base[s] and not (d.base_done >> s) & 1:
                out[n] = A_SQ + s
                n += 1
        return n
    return 0



# ---------------------------------------------------------------- applying
cdef void apply_chance(VulData* d, int a) noexcept nogil:
    cdef int s, dk, layer, c, f
    if d.stage == ST_TILES:
        d.tile_at[d.setup_idx] = a
        d.setup_idx += 1
        if d.setup_idx == NSQ:
            place_setup_icons(d)
            d.setup_idx = 0
            d.stage = ST_BONUS_DRAW
        return
    if d.stage == ST_BONUS_DRAW:
        d.bonus_loc[a] = B_DRAWN
        d.bonus_drawn += 1
        if d.bonus_drawn == BONUS_DRAW:
            d.stage = ST_BONUS_DROP
            d.cur = 0
        return
    if d.stage == ST_EVENT_DRAW:
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
        return
    if d.stage == ST_DRAW:
        dk = d.draw_deck
        layer = top_layer(d, dk)
        hide_layer(d, dk, layer)
        d.hx[rec(dk, d.round - 1) * 6 + layer] += 1
        f = deck_first(dk)
        for c in range(f, f + deck_size(dk)):
            if d.zone[c] == Z_DECK and d.pos[c] == layer and d.ctype[c] == a:
                d.zone[c] = Z_HAND
                d.pos[c] = 0
                break
        d.draw_left -= 1
        if d.draw_left <= 0 or top_layer(d, dk) < 0:
            after_draw(d)



cdef void place_card(VulData* d, int dk, int t, int slot) noexcept nogil:
    cdef int c, f = deck_first(dk)
    for c in range(f, f + deck_size(dk)):
        if d.zone[c] == Z_HAND and d.ctype[c] == t:
            d.zone[c] = Z_SLOT
            d.pos[c] = slot
            d.slot_card[slot] = c
            return



cdef void apply_perm(VulData* d, int k) noexcept nogil:
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



cdef void apply_move(VulData* d, int a) noexcept nogil:
    cdef int st = d.stage, s, k, m, t, dk, kind, c, f, e
    cdef int* arr
    if st == ST_BONUS_DROP:
        for t in range(NBONUS):
            if d.bonus_loc[t] == B_DRAWN:
                d.bonus_loc[t] = B_ASIDE if t == a - A_DROP else B_HAND
        d.stage = ST_KSTART
        d.cur = 0
        return
    if st == ST_KSTART:
        d.kpos = a - A_SQ
        d.setup_idx = 0
        d.stage = ST_ROLE
        d.cur = owner_of_deck(d, 0)
        return
    if st == ST_ROLE:
        d.role[d.setup_idx] = a - A_ROLE
        d.setup_idx += 1
        if d.setup_idx < d.ngroups:
            d.cur = owner_of_deck(d, d.setup_idx)
        else:
            d.stage = ST_HSTART_FB
            d.cur = 1
        return
    if st == ST_HSTART_FB:
        s = a - A_SQ
        d.fb[s] = 1
        d.base[s] = 1
        d.fb_stock -= 1
        d.base_stock -= 1
        d.stage = ST_HSTART_SDF
        return
    if st == ST_HSTART_SDF:
        s = a - A_SQ
        d.sdf[s] = 1
        d.base[s] = 1
        d.sdf_stock -= 1
        d.base_stock -= 1
        omen_swap(d)
        d.pc = PC_ROUND
        proceed(d)
        return
    if st == ST_EVENT_ADJ:
        place_lava(d, a - A_SQ, 1)
        proceed(d)
        return
    if st == ST_PLAN:
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
            f = deck_first(dk)
            for c in range(f, f + 9):
                if d.zone[c] == Z_HAND and d.ctype[c] == a - A_MARK:
                    d.zone[c] = Z_MARKED
                    break
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
        return
    if st == ST_PERM:
        apply_perm(d, a - A_PERM)
        proceed(d)
        return
    if st == ST_KPLAN:
        d.hk[rec(KDECK_ID, d.round - 1) * 3 + d.placed] = 0
        place_card(d, KDECK_ID, a - A_PLACE, kaiju_slot(d.placed))
        d.placed += 1
        if d.placed >= KAIJU_PLACE:
            discard_hand(d, KDECK_ID)
            proceed(d)
        return
    if st == ST_WALK1:
        d.kpos = a - A_SQ
        if d.eff_add:
            d.stage = ST_WALK2
        else:
            proceed(d)
        return
    if st == ST_WALK2:
        if a != A_DONE:
            d.kpos = a - A_SQ
        proceed(d)
        return
    if st == ST_TRAMPLE:
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
        return
    if st == ST_BOMB:
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
        return
    if st == ST_ROAR:
        if a == A_DONE:
            proceed(d)
            return
        s = a - A_SQ
        d.lava[s] -= 1
        d.lava[d.kpos] += 1
        return
    if st == ST_UNDER:
        d.kpos = a - A_SQ
        if d.eff_add:
            place_lava(d, d.kpos, 1)
        proceed(d)
        return
    if st == ST_FLOW1:
        d.first_sq = a - A_SQ
        place_lava(d, d.first_sq, 1)
        if d.eff_add:
            d.stage = ST_FLOW2
        else:
            proceed(d)
        return
    if st == ST_FLOW2:
        place_lava(d, a - A_SQ, 1)
        proceed(d)
        return
    if st == ST_VICTIM:
        s = d.lava_sq
        if a == A_CIT:
            kill_cit(d, s)
        else:
            kill_vip(d, s)
        d.kills_left -= 1
        proceed(d)
        return
    if st == ST_EVOLVE:
        d.evolved[a - A_EVO] = 1
        d.pending_evo -= 1
        proceed(d)
        return
    if st == ST_DECLARE:
        if a == A_DONE:
            d.slot += 1
            d.pc = PC_EXEC
        else:
            t = a - A_DECLARE
            d.bonus_loc[t] = B_DECLARED
            d.dmg_filled += add_tile(d.damage, DMG_ROWS, TC_BONUS + t)
        proceed(d)
        return
    if st == ST_MOVE:
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
        return
    if st == ST_FF:
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
        return
    if st == ST_CMD:
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
        return
    if st == ST_EVAC:
        if a == A_CIT:
            evac_cit(d, d.sub_sq)
        else:
            evac_vip(d, d.sub_sq)
        if not begin_invest(d):
            proceed(d)
        return
    if st == ST_INVEST:
        take_tile(d, a - A_SQ, 0)
        if not sub_done(d):
            proceed(d)
        return
    if st == ST_MOB:
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
        return
    if st == ST_HELI1:
        d.heli_src = a - A_SQ
        d.stage = ST_HELI2
        return
    if st == ST_HELI2:
        s = a - A_SQ
        d.fb[d.heli_src] -= 1
        d.fb[s] += 1
        d.heli_src = -1
        remove_lava(d, s)
        if d.eff_add:
            remove_lava(d, s)
        proceed(d)
        return
    if st == ST_SHELL:
        if a != A_DONE:
            k = 2 if a == A_OPT + 1 else 1
            pay(d, 3 * k)
            for m in range(k):
                attack_tile(d)
            kill_all(d, d.kpos)
        proceed(d)
        return
    if st == ST_RESEARCH:
        take_tile(d, a - A_SQ, 3)       # progress 3 whatever the tile's value
        if d.eff_add:
            d.stage = ST_BUDGET         # "then you MAY progress the budget request track"
            return
        proceed(d)
        return
    if st == ST_BUDGET:
        if a != A_DONE:
            advance_budget(d)
        proceed(d)
        return
    if st == ST_CONT:
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
        return
    if st == ST_BASE:
        if not process_base(d, a - A_SQ):
            proceed(d)
        return
