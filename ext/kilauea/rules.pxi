# Kilauea's rule helpers (included by ext/kilauea/logic.pyx), shared by the stages of
# stages.pxi: where the game is, set-up order, pieces and stones, scoring (K11), the
# secondary-action generators, the turn flow (unlocking, end of turn, scorings K12, the cap
# K15), returns, evaluation and the initial state. Everything here is `noexcept nogil` on
# one KData struct (data.pxd).

# The forest spaces filled at set-up, in chance order (f*11+i): all, and without "3+" spaces.
cdef int FILL_ALL[55]
cdef int FILL_2P[55]
cdef int N_FILL_ALL = 0
cdef int N_FILL_2P = 0


cdef void _build_fill_tables():
    """FILL_ALL / FILL_2P: the forest spaces in set-up order, with and without \"3+\" spaces."""
    global N_FILL_ALL, N_FILL_2P
    cdef int f, i
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            if KIL_BOARD_SPACES[f] & (1 << i):
                FILL_ALL[N_FILL_ALL] = f * K_SPACES + i
                N_FILL_ALL += 1
                if not (KIL_THREE_PLUS[f] & (1 << i)):
                    FILL_2P[N_FILL_2P] = f * K_SPACES + i
                    N_FILL_2P += 1

_build_fill_tables()

# ---------------------------------------------------------------- where the game is (ext/dispatch.pxi)
cdef inline bint game_over(KData* d) noexcept nogil:
    return d.phase == PH_OVER


cdef inline bint at_chance(KData* d) noexcept nogil:
    """Chance acts during the set-up only (forest tikis, tiles, starting player)."""
    return d.phase < PH_DRAFT


cdef inline int to_move(KData* d) noexcept nogil:
    return d.player


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


cdef int max_victory_points(KData* d) noexcept nogil:
    """A bound on any seat's VP in a state of this phase and turn count (the loader refuses
    more, so every state it accepts stays loadable to the end of the game). Points come from
    coral 1 / volcano 1 (2 each; a turn has at most 2 + 5 activations: the coral, the
    hillside tile and each volcano tile unlocked that turn, K7; a 3 activates another tile
    instead of its own effect) and from the scorings (at most 30 island tikis x 15, the value
    of a column below the tallest; the final bonuses at most 15 + 5 // 2 + 4)."""
    cdef int per_turn = K_TILE_VP * (2 + K_SECTORS)
    cdef int scoring = K_SECTORS * K_COLUMN_MAX * 3 * (K_COLUMN_MAX - 1)
    cdef int bonus = K_ALL_SECTORS_BONUS + K_CANOE_STONES // 2 + K_CANOE_TIKIS
    cdef int turns = d.turns
    if d.phase <= PH_DRAFT:
        return 0
    if PH_MOVE < d.phase < PH_OVER:
        turns += 1      # the turn being played
    return per_turn * turns + (scoring if d.midscored else 0) + \
        (scoring + bonus if d.phase == PH_OVER else 0)


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


# Each tile's parameters, one generator per action family (KIL_TILE_FAMILY maps a tile to its
# family). A generator writes the legal ids in ascending order and stops after `limit` of
# them (1 answers "is there any?" quickly).
cdef int gen_island_moves(KData* d, int* out, int limit) noexcept nogil:
    """Coral 4 / volcano 4: an island tiki, from any height, to another sector (K6)."""
    cdef int p = d.player, n = 0, s, c, t
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.island[p][s][c]:
                for t in range(K_SECTORS):
                    if t != s and isle_count(d, p, t) < K_COLUMN_MAX:
                        out[n] = encode(FAM_ISLAND_MOVE, s, c, t)
                        n += 1
                        if n >= limit:
                            return n
    return n


cdef inline bint volcano_move_allowed(KData* d, int kind, int x, int y, int c) noexcept nogil:
    """A colour-c tiki may go from volcano sector x to y for tile `kind`: coral/volcano 5
    adjacent sectors, 6 non-adjacent ones; volcano 10 needs a tiki of another colour able to
    come back from y to x."""
    cdef int t
    if y == x or d.volcano[y][c] >= K_COLUMN_MAX:
        return False
    if (kind == C5 or kind == V5) and KIL_SECTOR_DISTANCE[x][y] != 1:
        return False
    if (kind == C6 or kind == V6) and KIL_SECTOR_DISTANCE[x][y] != 2:
        return False
    if kind == V10:
        for t in range(K_COLOURS):
            if t != c and d.volcano[y][t] > 0 and d.volcano[x][t] < K_COLUMN_MAX:
                return True
        return False
    return True


cdef int gen_volcano_moves(KData* d, int kind, int* out, int limit) noexcept nogil:
    """Coral 5, 6 / volcano 5, 6, 10: a volcano tiki from sector X to sector Y."""
    cdef int n = 0, x, c, y
    for x in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.volcano[x][c] == 0:
                continue
            for y in range(K_SECTORS):
                if volcano_move_allowed(d, kind, x, y, c):
                    out[n] = encode(FAM_VOLCANO_MOVE, x, c, y)
                    n += 1
                    if n >= limit:
                        return n
    return n


cdef int gen_forest_to_canoe(KData* d, int* out, int limit) noexcept nogil:
    """Volcano 7: cut an accessible tiki of any forest into the canoe (the cut ids)."""
    cdef int n = 0, f, i
    if canoe_count(d, d.player) >= K_CANOE_TIKIS:
        return 0
    for f in range(K_SECTORS):
        if d.occ[f] == 0:
            continue
        for i in range(K_SPACES):
            if accessible(d, f, i):
                out[n] = encode(FAM_CUT, f, i, 0)
                n += 1
                if n >= limit:
                    return n
    return n


cdef inline bint other_colour_in(KData* d, int x, int c) noexcept nogil:
    cdef int t
    for t in range(K_COLOURS):
        if t != c and d.volcano[x][t] > 0:
            return True
    return False


cdef int gen_forest_to_volcano(KData* d, int kind, int* out, int limit) noexcept nogil:
    """Coral 7 / coral 10: an accessible forest tiki to any volcano sector; coral 10 only to a
    sector holding another colour (which goes back to the vacated space)."""
    cdef int n = 0, f, i, c, x
    for f in range(K_SECTORS):
        if d.occ[f] == 0:
            continue
        for i in range(K_SPACES):
            if not accessible(d, f, i):
                continue
            c = d.forest[f][i]
            for x in range(K_SECTORS):
                if d.volcano[x][c] >= K_COLUMN_MAX:
                    continue
                if kind == C10 and not other_colour_in(d, x, c):
                    continue
                out[n] = encode(FAM_FOREST_TO_VOLCANO, f, i, x)
                n += 1
                if n >= limit:
                    return n
    return n


cdef int gen_forest_to_island(KData* d, int* out, int limit) noexcept nogil:
    """Coral 9: an accessible forest tiki to any island sector."""
    cdef int p = d.player, n = 0, f, i, t
    for f in range(K_SECTORS):
        if d.occ[f] == 0:
            continue
        for i in range(K_SPACES):
            if not accessible(d, f, i):
                continue
            for t in range(K_SECTORS):
                if isle_count(d, p, t) < K_COLUMN_MAX:
                    out[n] = encode(FAM_FOREST_TO_ISLAND, f, i, t)
                    n += 1
                    if n >= limit:
                        return n
    return n


cdef int gen_canoe_to_volcano(KData* d, int* out, int limit) noexcept nogil:
    """Coral 8: a canoe tiki to any volcano sector."""
    cdef int p = d.player, n = 0, c, x
    for c in range(K_COLOURS):
        if d.canoe[p][c]:
            for x in range(K_SECTORS):
                if d.volcano[x][c] < K_COLUMN_MAX:
                    out[n] = encode(FAM_CANOE_TO_VOLCANO, c, x, 0)
                    n += 1
                    if n >= limit:
                        return n
    return n


cdef int gen_canoe_to_island(KData* d, int* out, int limit) noexcept nogil:
    """Volcano 2: a canoe tiki to any island sector."""
    cdef int p = d.player, n = 0, c, t
    for c in range(K_COLOURS):
        if d.canoe[p][c]:
            for t in range(K_SECTORS):
                if isle_count(d, p, t) < K_COLUMN_MAX:
                    out[n] = encode(FAM_CANOE_TO_ISLAND, c, t, 0)
                    n += 1
                    if n >= limit:
                        return n
    return n


cdef int gen_volcano_to_canoe(KData* d, int* out, int limit) noexcept nogil:
    """Volcano 8: a volcano tiki to the canoe."""
    cdef int n = 0, x, c
    if canoe_count(d, d.player) >= K_CANOE_TIKIS:
        return 0
    for x in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.volcano[x][c]:
                out[n] = encode(FAM_VOLCANO_TO_CANOE, x, c, 0)
                n += 1
                if n >= limit:
                    return n
    return n


cdef int gen_volcano_to_island(KData* d, int* out, int limit) noexcept nogil:
    """Volcano 9: a volcano tiki to any island sector."""
    cdef int p = d.player, n = 0, x, c, t
    for x in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.volcano[x][c]:
                for t in range(K_SECTORS):
                    if isle_count(d, p, t) < K_COLUMN_MAX:
                        out[n] = encode(FAM_VOLCANO_TO_ISLAND, x, c, t)
                        n += 1
                        if n >= limit:
                            return n
    return n


cdef int gen_effect(KData* d, int kind, int* out, int limit) noexcept nogil:
    """The parameter actions of tile `kind` for the player to act (no cost check), at most
    `limit` of them: the generator of the tile's family."""
    cdef int family = KIL_TILE_FAMILY[kind]
    if family == FAM_ISLAND_MOVE:
        return gen_island_moves(d, out, limit)
    if family == FAM_VOLCANO_MOVE:
        return gen_volcano_moves(d, kind, out, limit)
    if family == FAM_FOREST_TO_VOLCANO:
        return gen_forest_to_volcano(d, kind, out, limit)
    if family == FAM_CUT:
        return gen_forest_to_canoe(d, out, limit)
    if family == FAM_FOREST_TO_ISLAND:
        return gen_forest_to_island(d, out, limit)
    if family == FAM_CANOE_TO_VOLCANO:
        return gen_canoe_to_volcano(d, out, limit)
    if family == FAM_CANOE_TO_ISLAND:
        return gen_canoe_to_island(d, out, limit)
    if family == FAM_VOLCANO_TO_CANOE:
        return gen_volcano_to_canoe(d, out, limit)
    if family == FAM_VOLCANO_TO_ISLAND:
        return gen_volcano_to_island(d, out, limit)
    return 0


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


cdef inline int tiles_to_place(KData* d) noexcept nogil:
    cdef int t, left = 0
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            left += 1
    return left


# ---------------------------------------------------------------- turn flow and tile effects
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
    if legal_secondary(d, buf) > 0:
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
    if kind == C1 or kind == V1:
        d.vp[p] += K_TILE_VP
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


# Each tile's parameters applied, one function per action family (the fields decoded).
cdef void move_island_tiki(KData* d, Fields m) noexcept nogil:
    """Coral 4 / volcano 4: island sector f1, colour f2 -> island sector f3."""
    d.island[d.player][m.f1][m.f2] -= 1
    d.island[d.player][m.f3][m.f2] += 1


cdef bint move_volcano_tiki(KData* d, Fields m) noexcept nogil:
    """Coral 5, 6 / volcano 5, 6, 10: volcano sector X = f1, colour f2 -> sector Y = f3.
    True when the tile has a second half (volcano 10: another colour back from Y to X)."""
    d.volcano[m.f1][m.f2] -= 1
    d.volcano[m.f3][m.f2] += 1
    if d.kind == V10:
        d.ex = m.f1
        d.ey = m.f3
        d.ec = m.f2
        d.phase = PH_BACK
        return True
    return False


cdef bint forest_to_volcano(KData* d, Fields m) noexcept nogil:
    """Coral 7 / coral 10: forest f1, space f2 -> volcano sector f3. True when the tile has a
    second half (coral 10: another colour from that sector back to the vacated space)."""
    cdef int c = take_tiki(d, m.f1, m.f2)
    d.volcano[m.f3][c] += 1
    if d.kind == C10:
        d.ef = m.f1
        d.ei = m.f2
        d.ex = m.f3
        d.ec = c
        d.phase = PH_BACK
        return True
    return False


cdef void forest_to_canoe(KData* d, Fields m) noexcept nogil:
    """Volcano 7: cut forest f1, space f2 into the canoe."""
    cdef int c = take_tiki(d, m.f1, m.f2)
    d.canoe[d.player][c] += 1


cdef void forest_to_island(KData* d, Fields m) noexcept nogil:
    """Coral 9: forest f1, space f2 -> island sector f3."""
    cdef int c = take_tiki(d, m.f1, m.f2)
    d.island[d.player][m.f3][c] += 1


cdef void canoe_to_volcano(KData* d, Fields m) noexcept nogil:
    """Coral 8: canoe colour f1 -> volcano sector f2, then take a holy stone."""
    d.canoe[d.player][m.f1] -= 1
    d.volcano[m.f2][m.f1] += 1
    gain_stones(d, d.player, K_CORAL8_TAKE)


cdef void canoe_to_island(KData* d, Fields m) noexcept nogil:
    """Volcano 2: canoe colour f1 -> island sector f2."""
    d.canoe[d.player][m.f1] -= 1
    d.island[d.player][m.f2][m.f1] += 1


cdef void volcano_to_canoe(KData* d, Fields m) noexcept nogil:
    """Volcano 8: volcano sector f1, colour f2 -> canoe."""
    d.volcano[m.f1][m.f2] -= 1
    d.canoe[d.player][m.f2] += 1


cdef void volcano_to_island(KData* d, Fields m) noexcept nogil:
    """Volcano 9: volcano sector f1, colour f2 -> island sector f3."""
    d.volcano[m.f1][m.f2] -= 1
    d.island[d.player][m.f3][m.f2] += 1


# ---------------------------------------------------------------- end of the game, evaluation, set-up
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

cdef void evaluate_data(KData* d, double* out) noexcept nogil:
    """The final score if the game ended now, turned into soft win chances."""
    cdef double est[4]
    cdef double top = -1e9, total = 0.0
    cdef int p
    if d.phase == PH_OVER:
        compute_returns(d, out)
        return
    for p in range(d.n):
        est[p] = d.vp[p] + sector_points(d, p) + bonus_points(d, p)
        if est[p] > top:
            top = est[p]
    for p in range(d.n):
        est[p] = exp((est[p] - top) / 8.0)
        total += est[p]
    for p in range(d.n):
        out[p] = est[p] / total
