# The decisions and chance steps of ext/godzilla/logic.pyx (included there), one stage at a
# time: for each decision stage its legal moves (`legal_<stage>`, ascending ids) and its move
# (`apply_<stage>`), for each chance stage its outcomes (`outcomes_<stage>`) and their effect
# (`chance_<stage>`); at the end the dispatch `gen_legal` / `apply_move` / `gen_chance` /
# `apply_chance`. GAPS IDs (G1..G19, X1..X7) refer to ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- situation phase (G10, G19)
cdef int legal_support(GameData* d, int* out) noexcept nogil:
    """Done, or a revealed support card that can take effect now."""
    cdef int k, m = 1
    out[0] = A_DONE
    for k in range(3):
        if support_usable(d, k):
            out[m] = A_SUPPORT + k
            m += 1
    return m


cdef void apply_support(GameData* d, int a) noexcept nogil:
    """Air strike: opt_air dice fewer this round; High-voltage / Tank: up to opt_barrier
    tiles to place (G10: 1 and 3 by default)."""
    cdef int k
    if a == A_DONE:
        enter_tank_move(d)
        return
    k = a - A_SUPPORT
    d.support[k] = 2
    if k == SUP_AIR:
        d.air = 1
        enter_support(d)
    elif k == SUP_HV:
        d.to_place = d.opt_barrier if d.opt_barrier < d.hv_stock else d.hv_stock
        d.stage = ST_HV_PLACE
    else:
        d.to_place = d.opt_barrier if d.opt_barrier < d.tank_stock else d.tank_stock
        d.stage = ST_TANK_PLACE


cdef int legal_tile_roads(GameData* d, int first, int* out) noexcept nogil:
    """Done, or a High-voltage / Tank tile (ids from `first`) on any empty open road."""
    cdef int r, m = 1
    out[0] = A_DONE
    for r in range(NROADS):
        if road_free(d, r):
            out[m] = first + r
            m += 1
    return m


cdef void tile_placed(GameData* d, bint done) noexcept nogil:
    """After a High-voltage / Tank placement (or done): the card's placements end when none is
    left or no road is empty."""
    if not done:
        d.to_place -= 1
        if d.to_place > 0 and any_empty_road(d):
            return
    d.to_place = 0
    enter_support(d)


cdef int legal_hv_place(GameData* d, int* out) noexcept nogil:
    return legal_tile_roads(d, A_HVROAD, out)


cdef void apply_hv_place(GameData* d, int a) noexcept nogil:
    if a != A_DONE:
        d.road[a - A_HVROAD] = R_HV
        d.hv_stock -= 1
    tile_placed(d, a == A_DONE)


cdef int legal_tank_place(GameData* d, int* out) noexcept nogil:
    return legal_tile_roads(d, A_TANKROAD, out)


cdef void apply_tank_place(GameData* d, int a) noexcept nogil:
    cdef int r
    if a != A_DONE:
        r = a - A_TANKROAD
        d.road[r] = R_TANK
        d.tank_new[r] = 1
        d.tank_stock -= 1
    tile_placed(d, a == A_DONE)


cdef int legal_tank_move(GameData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    return 1 + tank_moves(d, out + 1)


cdef void apply_tank_move(GameData* d, int a) noexcept nogil:
    """A Tank to a neighbouring empty road; done clears the phase's Tank marks (G19)."""
    cdef int r, t
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


# ---------------------------------------------------------------- omen phase (G5, G15)
cdef int legal_omen(GameData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    return 1 + footprint_roads(d, out + 1)


cdef void apply_omen(GameData* d, int a) noexcept nogil:
    if a == A_DONE:
        end_omen(d)
    else:
        d.foot[a - A_FOOT] = 1


# ---------------------------------------------------------------- planning phase (G6, G14, G17)
cdef int legal_plan(GameData* d, int* out) noexcept nogil:
    """Done, a route tile of the stock on an empty open road, or the seat's Vehicle procurement."""
    cdef int k, r, m = 1
    out[0] = A_DONE
    for k in range(NKINDS):
        if d.stock[k] > 0:
            for r in range(NROADS):
                if road_free(d, r):
                    out[m] = A_PLACE + k * NROADS + r
                    m += 1
    if own_vehicle(d) >= 0 and sum4(d.pile) > 0:
        out[m] = A_VEHICLE
        m += 1
    return m


cdef void apply_plan(GameData* d, int a) noexcept nogil:
    """Done passes the planning from seat to seat (H1 first); the phase ends when the last
    human seat is done (G14, G17)."""
    cdef int k
    if a == A_DONE:
        if d.planner < d.n - 1:
            d.planner += 1
        else:
            d.planner = 1
            start_exec(d)
    elif a == A_VEHICLE:
        d.vehicle[own_vehicle(d)] = 0
        start_tiles(d, d.opt_vehicle)
    else:
        k = (a - A_PLACE) // NROADS
        d.road[(a - A_PLACE) % NROADS] = k + 1
        d.stock[k] -= 1


# ---------------------------------------------------------------- execution phase (G2-G5)
cdef int legal_reroll(GameData* d, int* out) noexcept nogil:
    """Keep the dice, or set a die aside to reroll (values ascending, G4)."""
    cdef int v, m = 1
    out[0] = A_DONE
    if d.reroll_left > 0:
        for v in range(d.reroll_min, 6):
            if d.dice[v] > 0:
                out[m] = A_REROLL + v
                m += 1
    return m


cdef void apply_reroll(GameData* d, int a) noexcept nogil:
    """A die set aside; done (or the last Reroll tile) rolls the dice set aside."""
    cdef int v
    if a != A_DONE:
        v = a - A_REROLL
        d.dice[v] -= 1
        d.to_roll += 1
        if d.reroll_left > 1:
            d.reroll_left -= 1
            d.reroll_min = v
            return
    d.rerolled = 1
    d.reroll_left = 0
    d.reroll_min = 0
    if d.to_roll > 0:
        d.stage = ST_ROLL
    else:
        after_roll(d)


cdef int legal_straight(GameData* d, int* out) noexcept nogil:
    cdef int i, m = 1
    out[0] = A_DONE
    for i in range(15):
        if has_straight(d, i):
            out[m] = A_STRAIGHT + i
            m += 1
    return m


cdef void apply_straight(GameData* d, int a) noexcept nogil:
    if a == A_DONE:
        d.mv_k = 0
        d.mv_a = 0
    else:
        d.mv_k = STRAIGHT_K[a - A_STRAIGHT]
        d.mv_a = STRAIGHT_A[a - A_STRAIGHT]
    enter_raygrp(d)


cdef int legal_raygrp(GameData* d, int* out) noexcept nogil:
    """No heat ray, or k >= 2 dice of one value the movement does not use (G2)."""
    cdef int v, k, m = 1
    out[0] = A_DONE
    for v in range(6):
        for k in range(2, ray_free(d, v) + 1):
            out[m] = A_RAYGRP + v * 5 + (k - 2)
            m += 1
    return m


cdef void apply_raygrp(GameData* d, int a) noexcept nogil:
    d.ray_k = 0 if a == A_DONE else (a - A_RAYGRP) % 5 + 2
    begin_resolve(d)


cdef int legal_order(GameData* d, int* out) noexcept nogil:
    out[0] = A_GO_MOVE
    out[1] = A_GO_RAY
    return 2


cdef void apply_order(GameData* d, int a) noexcept nogil:
    """Movement first, or the heat ray first (exec_next starts the movement after it)."""
    if a == A_GO_RAY:
        d.stage = ST_RAYDIR
        return
    d.mv_pending = 0
    d.moving = 1
    d.steps = d.mv_k
    exec_next(d)


cdef int legal_step(GameData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    return 1 + step_roads(d, out + 1)


cdef void apply_step(GameData* d, int a) noexcept nogil:
    if a == A_DONE:
        d.moving = 0
        d.steps = 0
    else:
        kaiju_step(d, a - A_STEP)
    exec_next(d)


cdef int legal_raydir(GameData* d, int* out) noexcept nogil:
    return ray_dirs(d, out)


cdef void apply_raydir(GameData* d, int a) noexcept nogil:
    fire_ray(d, a - A_RAYDIR)
    d.ray_pending = 0
    exec_next(d)


cdef int legal_awaken(GameData* d, int* out) noexcept nogil:
    out[0] = A_TAKE_DIE
    out[1] = A_TAKE_REROLL
    return 2


cdef void apply_awaken(GameData* d, int a) noexcept nogil:
    """G4: a die or a Reroll tile from the Awakening area."""
    if a == A_TAKE_DIE:
        d.aw_dice -= 1
        d.dice_own += 1
    else:
        d.aw_rerolls -= 1
        d.rerolls_own += 1
    d.awaken -= 1
    exec_next(d)


# ---------------------------------------------------------------- evacuation phase (G6, G7, G10)
cdef int legal_evac(GameData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    return 1 + evac_moves(d, out + 1)


cdef void apply_evac(GameData* d, int a) noexcept nogil:
    """One piece of the colour moving (or a Press piece) along a route; done: the next colour."""
    cdef int s, t
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


cdef int legal_pressconf(GameData* d, int* out) noexcept nogil:
    out[0] = A_DONE
    out[1] = A_SUPPORT + SUP_CONF
    return 2


cdef void apply_pressconf(GameData* d, int a) noexcept nogil:
    if a != A_DONE:
        d.support[SUP_CONF] = 2
        win_press(d, d.opt_conf)
    end_round(d)


# ---------------------------------------------------------------- chance
cdef int uniform_outcomes(short* taken, int size, int* out, double* probs) noexcept nogil:
    """The items 0..size-1 with taken[i] == 0, each as likely."""
    cdef int k, m = 0
    for k in range(size):
        if not taken[k]:
            out[m] = k
            m += 1
    if probs != NULL:
        for k in range(m):
            probs[k] = 1.0 / m
    return m


cdef int weighted_outcomes(short* counts, int size, int* out, double* probs) noexcept nogil:
    """The items 0..size-1 with counts[i] > 0, each as likely as its count."""
    cdef int k, m = 0, total = 0
    for k in range(size):
        total += counts[k]
    for k in range(size):
        if counts[k] > 0:
            out[m] = k
            if probs != NULL:
                probs[m] = counts[k] / <double>total
            m += 1
    return m


cdef int outcomes_status(GameData* d, int* out, double* probs) noexcept nogil:
    return uniform_outcomes(d.status_used, NSTATUS, out, probs)


cdef void chance_status(GameData* d, int a) noexcept nogil:
    """G9: the round's Press piece and Evacuees go to the main square, or all to the
    alternative square when the Kaiju stands on the main one."""
    cdef int s, k
    d.status_used[a] = 1
    d.status[d.round - 1] = a
    s = status_main(d, a)
    if d.kaiju == s:
        s = status_alt(d, a)
    d.place_sq = s
    d.press[s] += 1
    k = evacuees_in_round(d, d.round)
    if k > sum4(d.bag):
        k = sum4(d.bag)               # G8: an empty bag places what remains
    d.bag_left = k
    if k > 0:
        d.stage = ST_BAG
    else:
        after_bag(d)


cdef int outcomes_bag(GameData* d, int* out, double* probs) noexcept nogil:
    return weighted_outcomes(d.bag, NCOL, out, probs)


cdef void chance_bag(GameData* d, int a) noexcept nogil:
    d.bag[a] -= 1
    d.evac[d.place_sq * 4 + a] += 1
    d.bag_left -= 1
    if d.bag_left == 0:
        after_bag(d)


cdef int outcomes_support_reveal(GameData* d, int* out, double* probs) noexcept nogil:
    return uniform_outcomes(d.support, NSUPPORT, out, probs)


cdef void chance_support_reveal(GameData* d, int a) noexcept nogil:
    d.support[a] = 1
    enter_support(d)


cdef int outcomes_tiles(GameData* d, int* out, double* probs) noexcept nogil:
    return weighted_outcomes(d.pile, NKINDS, out, probs)


cdef void chance_tiles(GameData* d, int a) noexcept nogil:
    d.pile[a] -= 1
    d.stock[a] += 1
    d.tiles_left -= 1
    if d.tiles_left == 0:
        d.stage = ST_PLAN


cdef int outcomes_roll(GameData* d, int* out, double* probs) noexcept nogil:
    """Every multiset of faces of the dice rolled, with its exact probability."""
    cdef int k
    for k in range(ROLL_COUNT[d.to_roll]):
        out[k] = k
        if probs != NULL:
            probs[k] = ROLL_PROB[d.to_roll][k]
    return ROLL_COUNT[d.to_roll]


cdef void chance_roll(GameData* d, int a) noexcept nogil:
    cdef int k
    for k in range(6):
        d.dice[k] += ROLL_FACES[d.to_roll][a][k]
    d.to_roll = 0
    after_roll(d)


cdef int outcomes_reveal(GameData* d, int* out, double* probs) noexcept nogil:
    return weighted_outcomes(d.deck, NPRESS_KINDS, out, probs)


cdef void chance_reveal(GameData* d, int a) noexcept nogil:
    """A Press card won turned over at scoring (G11)."""
    d.deck[a] -= 1
    d.kinds[a] += 1
    d.press_seen += 1
    start_reveal(d)


# ---------------------------------------------------------------- dispatch
cdef int gen_legal(GameData* d, int* out) noexcept nogil:
    """The legal moves of the seat to act, ascending."""
    cdef int st = d.stage
    if st == ST_SUPPORT:
        return legal_support(d, out)
    if st == ST_HV_PLACE:
        return legal_hv_place(d, out)
    if st == ST_TANK_PLACE:
        return legal_tank_place(d, out)
    if st == ST_TANK_MOVE:
        return legal_tank_move(d, out)
    if st == ST_OMEN:
        return legal_omen(d, out)
    if st == ST_PLAN:
        return legal_plan(d, out)
    if st == ST_REROLL:
        return legal_reroll(d, out)
    if st == ST_STRAIGHT:
        return legal_straight(d, out)
    if st == ST_RAYGRP:
        return legal_raygrp(d, out)
    if st == ST_ORDER:
        return legal_order(d, out)
    if st == ST_STEP:
        return legal_step(d, out)
    if st == ST_RAYDIR:
        return legal_raydir(d, out)
    if st == ST_AWAKEN:
        return legal_awaken(d, out)
    if st == ST_EVAC:
        return legal_evac(d, out)
    if st == ST_PRESSCONF:
        return legal_pressconf(d, out)
    return 0


cdef void apply_move(GameData* d, int a) noexcept nogil:
    """Apply legal move `a` of the seat to act."""
    cdef int st = d.stage
    if st == ST_SUPPORT:
        apply_support(d, a)
    elif st == ST_HV_PLACE:
        apply_hv_place(d, a)
    elif st == ST_TANK_PLACE:
        apply_tank_place(d, a)
    elif st == ST_TANK_MOVE:
        apply_tank_move(d, a)
    elif st == ST_OMEN:
        apply_omen(d, a)
    elif st == ST_PLAN:
        apply_plan(d, a)
    elif st == ST_REROLL:
        apply_reroll(d, a)
    elif st == ST_STRAIGHT:
        apply_straight(d, a)
    elif st == ST_RAYGRP:
        apply_raygrp(d, a)
    elif st == ST_ORDER:
        apply_order(d, a)
    elif st == ST_STEP:
        apply_step(d, a)
    elif st == ST_RAYDIR:
        apply_raydir(d, a)
    elif st == ST_AWAKEN:
        apply_awaken(d, a)
    elif st == ST_EVAC:
        apply_evac(d, a)
    elif st == ST_PRESSCONF:
        apply_pressconf(d, a)


cdef int gen_chance(GameData* d, int* out, double* probs) noexcept nogil:
    """The chance outcomes here and (when probs is not NULL) their probabilities."""
    cdef int st = d.stage
    if st == ST_STATUS:
        return outcomes_status(d, out, probs)
    if st == ST_BAG:
        return outcomes_bag(d, out, probs)
    if st == ST_SUPPORT_REVEAL:
        return outcomes_support_reveal(d, out, probs)
    if st == ST_TILES:
        return outcomes_tiles(d, out, probs)
    if st == ST_ROLL:
        return outcomes_roll(d, out, probs)
    if st == ST_REVEAL:
        return outcomes_reveal(d, out, probs)
    return 0


cdef void apply_chance(GameData* d, int a) noexcept nogil:
    """Apply chance outcome `a`."""
    cdef int st = d.stage
    if st == ST_STATUS:
        chance_status(d, a)
    elif st == ST_BAG:
        chance_bag(d, a)
    elif st == ST_SUPPORT_REVEAL:
        chance_support_reveal(d, a)
    elif st == ST_TILES:
        chance_tiles(d, a)
    elif st == ST_ROLL:
        chance_roll(d, a)
    elif st == ST_REVEAL:
        chance_reveal(d, a)


# ---------------------------------------------------------------- random playout
cdef void random_playout_data(GameData* d, Rng* rng) noexcept nogil:
    """Random moves and chance by its probabilities to the end. A roll is drawn die by die
    (the same law as the multiset outcome, without listing up to 462 outcomes): kept rather
    than the shared playout for its speed."""
    cdef int buf[MAX_ACTIONS]
    cdef double probs[MAX_ACTIONS]
    cdef int n, i
    cdef double u
    while d.stage != ST_END:
        if d.stage == ST_ROLL:
            for i in range(d.to_roll):
                d.dice[rng_below(rng, 6)] += 1
            d.to_roll = 0
            after_roll(d)
            continue
        if is_chance_stage(d.stage):
            n = gen_chance(d, buf, probs)
            u = rng_below(rng, 1 << 30) / <double>(1 << 30)
            i = 0
            while i < n - 1 and u >= probs[i]:
                u -= probs[i]
                i += 1
            if n > 0:
                apply_chance(d, buf[i])
        else:
            n = gen_legal(d, buf)
            if n > 0:
                apply_move(d, buf[rng_below(rng, n)])
        if n <= 0:          # cannot happen in a consistent state; never read garbage
            return
