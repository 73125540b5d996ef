# Kilauea's rules in C (included by ext/kilauea/engine.pyx): helpers, scoring, legal moves for every
# step of a turn, and applying a move. Everything here is `noexcept nogil` on one KData struct.

# ---------------------------------------------------------------- small helpers (C)
cdef inline int n_fill(KData* d) noexcept nogil:
    return N_FILL_2P if d.n == 2 else N_FILL_ALL


cdef inline int fill_space(KData* d, int k) noexcept nogil:
    return FILL_2P[k] if d.n == 2 else FILL_ALL[k]


cdef inline int sector_of(KData* d) noexcept nogil:
    return d.pawn >> 1


cdef inline int reef_of(int pawn) noexcept nogil:
    return KIL_REEF_OF_SPACE[pawn]


cdef inline int canoe_count(KData* d, int p) noexcept nogil:
    return d.canoe[p][0] + d.canoe[p][1] + d.canoe[p][2] + d.canoe[p][3]


cdef inline int isle_count(KData* d, int p, int s) noexcept nogil:
    return d.island[p][s][0] + d.island[p][s][1] + d.island[p][s][2] + d.island[p][s][3]


cdef inline bint accessible(KData* d, int f, int i) noexcept nogil:
    return (d.occ[f] >> i) & 1 and (d.occ[f] & KIL_ACCESS[i]) == 0


cdef inline int take_tiki(KData* d, int f, int i) noexcept nogil:
    cdef int c = d.forest[f][i]
    d.forest[f][i] = -1
    d.occ[f] &= ~(1 << i)
    return c


cdef inline void gain_stones(KData* d, int p, int k) noexcept nogil:
    # "Take up to N": as many as the crater has and the canoe holds (K9)
    cdef int room = K_CANOE_STONES - d.stones[p]
    if k > room:
        k = room
    if k > d.crater:
        k = d.crater
    d.stones[p] += k
    d.crater -= k


cdef inline void pay_stones(KData* d, int p, int k) noexcept nogil:
    d.stones[p] -= k
    d.crater += k


cdef inline int draft_player(KData* d) noexcept nogil:
    # snake order: start, start+1, ..., last, last, ..., start (rulebook set-up)
    cdef int k = d.step
    if k >= d.n:
        k = 2 * d.n - 1 - k
    return (d.start + k) % d.n


cdef inline int loop_len(KData* d) noexcept nogil:
    return K_TRACK_2P if d.n == 2 else K_TRACK


cdef inline int advance(KData* d, int k) noexcept nogil:
    """The pawn position after k clockwise steps (2 players: only the (k,1) spaces, K16)."""
    cdef int stride = K_TRACK // loop_len(d)
    if d.pawn < 0:
        return (stride * (k - 1)) % K_TRACK
    return (d.pawn + stride * k) % K_TRACK


# ---------------------------------------------------------------- scoring (K11)
cdef inline int colour_value(KData* d, int s, int c) noexcept nogil:
    cdef int h = d.volcano[s][c], top = 0, j
    for j in range(K_COLOURS):
        if d.volcano[s][j] > top:
            top = d.volcano[s][j]
    if h == top:
        return h
    return 3 * h


cdef int sector_points(KData* d, int p) noexcept nogil:
    """Sum over sectors and colours of the colour's value times the player's island tikis."""
    cdef int s, c, total = 0
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.island[p][s][c]:
                total += colour_value(d, s, c) * d.island[p][s][c]
    return total


cdef int bonus_points(KData* d, int p) noexcept nogil:
    cdef int s, total = 0
    cdef bint all_five = True
    for s in range(K_SECTORS):
        if isle_count(d, p, s) == 0:
            all_five = False
    if all_five:
        total += K_ALL_SECTORS_BONUS
    return total + d.stones[p] // 2 + canoe_count(d, p)


cdef int island_total(KData* d, int p) noexcept nogil:
    cdef int s, total = 0
    for s in range(K_SECTORS):
        total += isle_count(d, p, s)
    return total


cdef inline int forests_emptied(KData* d) noexcept nogil:
    cdef int f, k = 0
    for f in range(K_SECTORS):
        if d.occ[f] == 0:
            k += 1
    return k


# ---------------------------------------------------------------- secondary actions
cdef inline bint is_opportunity(KData* d, int kind) noexcept nogil:
    """Tile `kind` may be activated now: the coral by the pawn after a cut, the hillside tile
    of the sector after a placement, or a volcano tile unlocked this turn (K7)."""
    cdef int t
    if kind < 10:
        return d.opp_coral and d.reef[reef_of(d.pawn)] == kind
    t = kind - 10
    if (d.opp_unlocked >> t) & 1:
        return True
    return d.opp_hill and d.hill[sector_of(d)] == t


cdef inline bint on_board_face(KData* d, int kind) noexcept nogil:
    """Coral tiles on a reef, volcano tiles on the hillside (targets of the 3s, K6)."""
    cdef int j
    for j in range(K_SECTORS):
        if kind < 10 and d.reef[j] == kind:
            return True
        if kind >= 10 and d.hill[j] == kind - 10:
            return True
    return False


cdef int gen_effect(KData* d, int kind, int* out, int limit) noexcept nogil:
    """The parameter actions of tile `kind` for the player to act (no cost check), stopping
    after `limit` of them (1 answers "is there any?" quickly)."""
    cdef int p = d.player, n = 0, f, i, c, s, t, x, y
    cdef bint ok
    if kind == C4 or kind == V4:
        for s in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.island[p][s][c]:
                    for t in range(K_SECTORS):
                        if t != s and isle_count(d, p, t) < K_COLUMN_MAX:
                            out[n] = A_IMOVE + (s * 4 + c) * 5 + t
                            n += 1
                            if n >= limit:
                                return n
    elif kind == C5 or kind == V5 or kind == C6 or kind == V6 or kind == V10:
        for x in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.volcano[x][c] == 0:
                    continue
                for y in range(K_SECTORS):
                    if y == x or d.volcano[y][c] >= K_COLUMN_MAX:
                        continue
                    if (kind == C5 or kind == V5) and KIL_SECTOR_DISTANCE[x][y] != 1:
                        continue
                    if (kind == C6 or kind == V6) and KIL_SECTOR_DISTANCE[x][y] != 2:
                        continue
                    if kind == V10:
                        # a tiki of another colour must be able to go back from Y to X
                        ok = False
                        for t in range(K_COLOURS):
                            if t != c and d.volcano[y][t] > 0 and d.volcano[x][t] < K_COLUMN_MAX:
                                ok = True
                        if not ok:
                            continue
                    out[n] = A_VMOVE + (x * 4 + c) * 5 + y
                    n += 1
                    if n >= limit:
                        return n
    elif kind == C7 or kind == C10 or kind == C9 or kind == V7:
        for f in range(K_SECTORS):
            if d.occ[f] == 0:
                continue
            for i in range(K_SPACES):
                if not accessible(d, f, i):
                    continue
                c = d.forest[f][i]
                if kind == V7:
                    if canoe_count(d, p) < K_CANOE_TIKIS:
                        out[n] = A_CUT + f * 11 + i
                        n += 1
                        if n >= limit:
                            return n
                    continue
                for x in range(K_SECTORS):
                    if kind == C9:
                        if isle_count(d, p, x) < K_COLUMN_MAX:
                            out[n] = A_F2I + (f * 11 + i) * 5 + x
                            n += 1
                            if n >= limit:
                                return n
                        continue
                    if d.volcano[x][c] >= K_COLUMN_MAX:
                        continue
                    if kind == C10:
                        ok = False
                        for t in range(K_COLOURS):
                            if t != c and d.volcano[x][t] > 0:
                                ok = True
                        if not ok:
                            continue
                    out[n] = A_F2V + (f * 11 + i) * 5 + x
                    n += 1
                    if n >= limit:
                        return n
    elif kind == C8:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                for x in range(K_SECTORS):
                    if d.volcano[x][c] < K_COLUMN_MAX:
                        out[n] = A_C2V + c * 5 + x
                        n += 1
                        if n >= limit:
                            return n
    elif kind == V2:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                for t in range(K_SECTORS):
                    if isle_count(d, p, t) < K_COLUMN_MAX:
                        out[n] = A_C2I + c * 5 + t
                        n += 1
                        if n >= limit:
                            return n
    elif kind == V8:
        if canoe_count(d, p) < K_CANOE_TIKIS:
            for x in range(K_SECTORS):
                for c in range(K_COLOURS):
                    if d.volcano[x][c]:
                        out[n] = A_V2C + x * 4 + c
                        n += 1
                        if n >= limit:
                            return n
    elif kind == V9:
        for x in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.volcano[x][c]:
                    for t in range(K_SECTORS):
                        if isle_count(d, p, t) < K_COLUMN_MAX:
                            out[n] = A_V2I + (x * 4 + c) * 5 + t
                            n += 1
                            if n >= limit:
                                return n
    return n


cdef bint has_effect(KData* d, int kind, int stones) noexcept nogil:
    """Tile `kind` can be activated and completed with `stones` holy stones (K6, K9)."""
    cdef int buf[2]
    cdef int t
    if stones < KIL_COST[kind]:
        return False
    if kind == C1 or kind == V1:
        return True
    if kind == C2:
        # `stones` is what the player holds once any 3 that leads here is paid; what they
        # paid went to the crater
        return d.crater + d.stones[d.player] - stones > 0 and stones < K_CANOE_STONES
    if kind == C3 or kind == V3:
        # no chaining: a 3 never activates itself or the other 3 (K6)
        for t in range(K_KINDS):
            if t == C3 or t == V3 or (kind == C3 and t >= 10):
                continue
            if on_board_face(d, t) and has_effect(d, t, stones - 1):
                return True
        return False
    return gen_effect(d, kind, buf, 1) > 0


cdef int gen_targets(KData* d, int* out) noexcept nogil:
    cdef int t, n = 0, stones = d.stones[d.player]
    for t in range(K_KINDS):
        if t == C3 or t == V3 or (d.kind == C3 and t >= 10):
            continue
        if on_board_face(d, t) and has_effect(d, t, stones):
            out[n] = A_ACT + t
            n += 1
    return n


cdef int gen_secondary(KData* d, int* out) noexcept nogil:
    cdef int t, n = 0, stones = d.stones[d.player]
    for t in range(K_KINDS):
        if is_opportunity(d, t) and has_effect(d, t, stones):
            if n == 0:
                out[0] = A_PASS
                n = 1
            out[n] = A_ACT + t
            n += 1
    return n


cdef int gen_main(KData* d, int* out) noexcept nogil:
    cdef int p = d.player, s = sector_of(d), n = 0, i, c
    if canoe_count(d, p) < K_CANOE_TIKIS and d.occ[s]:
        for i in range(K_SPACES):
            if accessible(d, s, i):
                out[n] = A_CUT + s * 11 + i
                n += 1
    for c in range(K_COLOURS):
        if d.canoe[p][c] and d.volcano[s][c] < K_COLUMN_MAX:
            out[n] = A_VOLC + c
            n += 1
    if d.stones[p] >= K_ISLAND_COST and isle_count(d, p, s) < K_COLUMN_MAX:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                out[n] = A_ISLE + c
                n += 1
    return n


cdef int gen_back(KData* d, int* out) noexcept nogil:
    cdef int c, n = 0
    for c in range(K_COLOURS):
        if c == d.ec:
            continue
        if d.kind == C10:
            if d.volcano[d.ex][c] > 0:
                out[n] = A_BACK + c
                n += 1
        elif d.volcano[d.ey][c] > 0 and d.volcano[d.ex][c] < K_COLUMN_MAX:
            out[n] = A_BACK + c
            n += 1
    return n


cdef int gen_legal(KData* d, int* out) noexcept nogil:
    cdef int n = 0, k, s, c, top, p
    cdef int ph = d.phase
    if ph == PH_MOVE:
        p = d.player
        top = 1 + (K_CANOE_TIKIS - canoe_count(d, p)) + d.stones[p]
        if top > loop_len(d):
            # k and k + loop reach the same space; only the cheaper is offered (K8)
            top = loop_len(d)
        for k in range(top):
            out[k] = A_MOVE + k
        return top
    if ph == PH_MAIN:
        return gen_main(d, out)
    if ph == PH_CUT2:
        s = sector_of(d)
        for k in range(K_SPACES):
            if accessible(d, s, k):
                out[n] = A_CUT + s * 11 + k
                n += 1
        out[n] = A_STOP
        return n + 1
    if ph == PH_SECOND:
        return gen_secondary(d, out)
    if ph == PH_TARGET:
        return gen_targets(d, out)
    if ph == PH_EFFECT:
        return gen_effect(d, d.kind, out, MAX_ACTIONS)
    if ph == PH_BACK:
        return gen_back(d, out)
    if ph == PH_DRAFT:
        for s in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.volcano[s][c]:
                    out[n] = A_DRAFT + s * 4 + c
                    n += 1
        return n
    return 0


cdef int gen_chance(KData* d, int* out, double* probs) noexcept nogil:
    cdef int n = 0, c, total, t, left
    if d.phase == PH_FOREST:
        total = d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3]
        for c in range(K_COLOURS):
            if d.pool[c]:
                out[n] = c
                probs[n] = d.pool[c] / <double>total
                n += 1
    elif d.phase == PH_TILES:
        left = 0
        for t in range(K_TILES):
            if (d.tiles_left >> t) & 1:
                left += 1
        for t in range(K_TILES):
            if (d.tiles_left >> t) & 1:
                out[n] = t
                probs[n] = 1.0 / left
                n += 1
    elif d.phase == PH_START:
        for c in range(d.n):
            out[c] = c
            probs[c] = 1.0 / d.n
        n = d.n
    return n


# ---------------------------------------------------------------- applying actions
cdef void check_unlock(KData* d) noexcept nogil:
    """A volcano tile whose forest row c is cleared moves to the hillside (rulebook, K2)."""
    cdef int f, t
    for f in range(K_SECTORS):
        if d.fcentre[f] >= 0 and (d.occ[f] & K_ROW_C) == 0:
            t = d.fcentre[f]
            d.fcentre[f] = -1
            d.hill[f] = t
            d.opp_unlocked |= 1 << t


cdef void final_scoring(KData* d) noexcept nogil:
    cdef int p
    for p in range(d.n):
        d.vp[p] += sector_points(d, p) + bonus_points(d, p)
    d.phase = PH_OVER
    d.player = TERMINAL_PLAYER


cdef void end_turn(KData* d) noexcept nogil:
    """Scoring checks (K12), the turn cap (K15, X5), then the next player's move."""
    cdef int p, empty = forests_emptied(d)
    d.opp_coral = 0
    d.opp_hill = 0
    d.opp_unlocked = 0
    d.kind = -1
    d.ef = d.ei = d.ex = d.ey = d.ec = -1
    d.turns += 1
    if empty >= 1 and not d.midscored:
        d.midscored = 1
        for p in range(d.n):
            d.vp[p] += sector_points(d, p)
    if empty >= 3 or d.turns >= d.turn_cap:
        final_scoring(d)
        return
    d.player = (d.player + 1) % d.n
    d.phase = PH_MOVE


cdef void enter_secondary(KData* d) noexcept nogil:
    """Offer the open secondary actions, or end the turn when there is none."""
    cdef int buf[MAX_ACTIONS]
    check_unlock(d)
    d.kind = -1
    d.ef = d.ei = d.ex = d.ey = d.ec = -1
    if gen_secondary(d, buf) > 0:
        d.phase = PH_SECOND
    else:
        end_turn(d)


cdef void after_main_cut(KData* d) noexcept nogil:
    d.opp_coral = 1
    enter_secondary(d)


cdef void start_effect(KData* d, int kind) noexcept nogil:
    """Pay for tile `kind` and resolve it (no parameters) or ask for its parameters."""
    cdef int p = d.player
    pay_stones(d, p, KIL_COST[kind])
    if kind == C1:
        d.vp[p] += 2
        enter_secondary(d)
    elif kind == V1:
        d.vp[p] += 2
        enter_secondary(d)
    elif kind == C2:
        gain_stones(d, p, K_CORAL2_TAKE)
        enter_secondary(d)
    elif kind == C3 or kind == V3:
        d.kind = kind
        d.phase = PH_TARGET
    else:
        d.kind = kind
        d.phase = PH_EFFECT


cdef void apply_effect(KData* d, int a) noexcept nogil:
    cdef int p = d.player, kind = d.kind, f, i, c, x, y, t, r
    if a >= A_BACK:
        c = a - A_BACK
        if kind == C10:
            # a tiki of another colour from X fills the vacated forest space
            d.volcano[d.ex][c] -= 1
            d.forest[d.ef][d.ei] = c
            d.occ[d.ef] |= 1 << d.ei
        else:
            d.volcano[d.ey][c] -= 1
            d.volcano[d.ex][c] += 1
        enter_secondary(d)
        return
    if a >= A_V2I:
        r = a - A_V2I
        t = r % 5
        r //= 5
        d.volcano[r >> 2][r & 3] -= 1
        d.island[p][t][r & 3] += 1
    elif a >= A_V2C:
        r = a - A_V2C
        d.volcano[r >> 2][r & 3] -= 1
        d.canoe[p][r & 3] += 1
    elif a >= A_C2I:
        r = a - A_C2I
        d.canoe[p][r // 5] -= 1
        d.island[p][r % 5][r // 5] += 1
    elif a >= A_F2I:
        r = a - A_F2I
        t = r % 5
        r //= 5
        c = take_tiki(d, r // 11, r % 11)
        d.island[p][t][c] += 1
    elif a >= A_C2V:
        r = a - A_C2V
        d.canoe[p][r // 5] -= 1
        d.volcano[r % 5][r // 5] += 1
        gain_stones(d, p, K_CORAL8_TAKE)
    elif a >= A_F2V:
        r = a - A_F2V
        x = r % 5
        r //= 5
        f = r // 11
        i = r % 11
        c = take_tiki(d, f, i)
        d.volcano[x][c] += 1
        if kind == C10:
            d.ef = f
            d.ei = i
            d.ex = x
            d.ec = c
            d.phase = PH_BACK
            return
    elif a >= A_VMOVE:
        r = a - A_VMOVE
        y = r % 5
        r //= 5
        x = r >> 2
        c = r & 3
        d.volcano[x][c] -= 1
        d.volcano[y][c] += 1
        if kind == V10:
            d.ex = x
            d.ey = y
            d.ec = c
            d.phase = PH_BACK
            return
    elif a >= A_IMOVE:
        r = a - A_IMOVE
        t = r % 5
        r //= 5
        d.island[p][r >> 2][r & 3] -= 1
        d.island[p][t][r & 3] += 1
    else:
        # volcano 7: cut 1 accessible tiki from any forest into the canoe
        r = a - A_CUT
        c = take_tiki(d, r // 11, r % 11)
        d.canoe[p][c] += 1
    enter_secondary(d)


cdef void apply(KData* d, int a) noexcept nogil:
    cdef int ph = d.phase, p, s, c, k, t
    cdef int buf[MAX_ACTIONS]
    if ph == PH_FOREST:
        k = fill_space(d, d.step)
        d.forest[k // 11][k % 11] = a
        d.occ[k // 11] |= 1 << (k % 11)
        d.pool[a] -= 1
        d.step += 1
        if d.step == n_fill(d):
            d.phase = PH_TILES
            d.step = 0
        return
    if ph == PH_TILES:
        d.tiles_left &= ~(1 << a)
        if d.step < 5:
            d.reef[d.step] = a
        else:
            d.fcentre[d.step - 5] = a
        d.step += 1
        if d.step == 9:
            for t in range(K_TILES):
                if (d.tiles_left >> t) & 1:
                    d.fcentre[4] = t
            d.tiles_left = 0
            d.phase = PH_START
            d.step = 0
        return
    if ph == PH_START:
        d.start = a
        d.phase = PH_DRAFT
        d.step = 0
        d.player = draft_player(d)
        return
    p = d.player
    if ph == PH_DRAFT:
        k = a - A_DRAFT
        d.volcano[k >> 2][k & 3] -= 1
        d.canoe[p][k & 3] += 1
        d.step += 1
        if d.step == K_DRAFT_PICKS * d.n:
            d.step = 0
            d.phase = PH_MOVE
            d.player = d.start
        else:
            d.player = draft_player(d)
        return
    if ph == PH_MOVE:
        k = a - A_MOVE + 1
        # the first step is mandatory, then one free step per empty canoe place, then a
        # holy stone per further step (rulebook, K8)
        s = k - 1 - (K_CANOE_TIKIS - canoe_count(d, p))
        if s > 0:
            pay_stones(d, p, s)
        d.pawn = advance(d, k)
        if gen_main(d, buf) > 0:
            d.phase = PH_MAIN
        else:
            end_turn(d)     # X6, K10: no main action possible
        return
    if ph == PH_MAIN or ph == PH_CUT2:
        s = sector_of(d)
        if a == A_STOP:
            after_main_cut(d)
        elif a < A_STOP:
            k = a - A_CUT
            c = take_tiki(d, k // 11, k % 11)
            d.canoe[p][c] += 1
            check_unlock(d)     # the tile moves as soon as its row is cleared
            if ph == PH_MAIN and canoe_count(d, p) < K_CANOE_TIKIS and d.occ[s]:
                d.phase = PH_CUT2    # a second cut; it may use a tiki the first uncovered
            else:
                after_main_cut(d)
        elif a < A_ISLE:
            c = a - A_VOLC
            d.canoe[p][c] -= 1
            d.volcano[s][c] += 1
            gain_stones(d, p, K_VOLCANO_TAKE)
            d.opp_hill = 1
            enter_secondary(d)
        else:
            c = a - A_ISLE
            pay_stones(d, p, K_ISLAND_COST)
            d.canoe[p][c] -= 1
            d.island[p][s][c] += 1
            end_turn(d)
        return
    if ph == PH_SECOND:
        if a == A_PASS:
            end_turn(d)
            return
        k = a - A_ACT
        # each opportunity is used at most once per turn (K7)
        if k < 10:
            d.opp_coral = 0
        elif (d.opp_unlocked >> (k - 10)) & 1:
            d.opp_unlocked &= ~(1 << (k - 10))
        else:
            d.opp_hill = 0
        start_effect(d, k)
        return
    if ph == PH_TARGET:
        start_effect(d, a - A_ACT)
        return
    if ph == PH_EFFECT or ph == PH_BACK:
        apply_effect(d, a)


cdef int sample_chance(KData* d, Rng* rng) noexcept nogil:
    """One set-up outcome drawn with the probabilities of gen_chance, without listing them."""
    cdef int r, c, t
    if d.phase == PH_FOREST:
        r = rng_below(rng, d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3])
        for c in range(K_COLOURS):
            r -= d.pool[c]
            if r < 0:
                return c
        return K_COLOURS - 1
    if d.phase == PH_TILES:
        r = 0
        for t in range(K_TILES):
            if (d.tiles_left >> t) & 1:
                r += 1
        r = rng_below(rng, r)
        for t in range(K_TILES):
            if (d.tiles_left >> t) & 1:
                if r == 0:
                    return t
                r -= 1
        return 0
    return rng_below(rng, d.n)


cdef void compute_returns(KData* d, double* out) noexcept nogil:
    """Win shares: most VP, then fewest island tikis (K13); remaining ties share."""
    cdef int p, best = -1, fewest = 1000, k = 0
    for p in range(d.n):
        if d.vp[p] > best:
            best = d.vp[p]
    for p in range(d.n):
        if d.vp[p] == best and island_total(d, p) < fewest:
            fewest = island_total(d, p)
    for p in range(d.n):
        out[p] = 0.0
        if d.vp[p] == best and island_total(d, p) == fewest:
            k += 1
    for p in range(d.n):
        if d.vp[p] == best and island_total(d, p) == fewest:
            out[p] = 1.0 / k


cdef void init_data(KData* d, int n, int turn_cap) noexcept nogil:
    cdef int p, s, c, f, i
    memset(d, 0, sizeof(KData))
    d.n = n
    d.turn_cap = turn_cap
    d.phase = PH_FOREST
    d.start = -1
    d.pawn = -1
    d.crater = K_CRATER_START
    d.box_stones = K_STONES - K_CRATER_START - K_STONES_START * n
    d.box_tikis = K_REMOVED_2P * K_COLOURS if n == 2 else 0
    d.tiles_left = (1 << K_TILES) - 1
    d.kind = -1
    d.ef = d.ei = d.ex = d.ey = d.ec = -1
    for p in range(n):
        d.stones[p] = K_STONES_START
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            d.volcano[s][c] = 1      # every volcano space starts with its tiki (K1)
        d.reef[s] = -1
        d.fcentre[s] = -1
        d.hill[s] = -1
    for c in range(K_COLOURS):
        d.pool[c] = K_TIKIS_PER_COLOUR - K_SECTORS - (K_REMOVED_2P if n == 2 else 0)
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            d.forest[f][i] = -1
