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


# ---------------------------------------------------------------- legal actions, by step
cdef int gen_draft(KData* d, int* out) noexcept nogil:
    """Draft: the top tiki of any volcano column (K14)."""
    cdef int n = 0, s, c
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.volcano[s][c]:
                out[n] = encode(FAM_DRAFT, s, c, 0)
                n += 1
    return n


cdef inline int move_cost(KData* d, int p, int k) noexcept nogil:
    """Holy stones a move of k steps costs: the first step is mandatory, then one free step per
    empty canoe place, then a stone per further step (rulebook, K8)."""
    cdef int paid = k - 1 - (K_CANOE_TIKIS - canoe_count(d, p))
    return paid if paid > 0 else 0


cdef bint main_possible(KData* d, int p, int pos, int stones) noexcept nogil:
    """Seat p has a main action with the pawn at track position `pos` and `stones` holy
    stones: the conditions of gen_main."""
    cdef int s = pos >> 1, c, held = canoe_count(d, p)
    if held < K_CANOE_TIKIS and d.occ[s]:
        return True         # an occupied forest always has an accessible tiki
    if held == 0:
        return False
    for c in range(K_COLOURS):
        if d.canoe[p][c] and d.volcano[s][c] < K_COLUMN_MAX:
            return True
    return stones >= K_ISLAND_COST and isle_count(d, p, s) < K_COLUMN_MAX


cdef int gen_move(KData* d, int* out) noexcept nogil:
    """Canoe moves: 1 step, + 1 free step per empty canoe place, + 1 per holy stone (K8).
    "Once the movement is complete, you must perform one of the three main actions": a move
    after which no main action is possible (its stones paid) is offered only when no move
    allows one; the turn then ends after it (K10, X6)."""
    cdef int p = d.player, k, n = 0
    cdef int top = 1 + (K_CANOE_TIKIS - canoe_count(d, p)) + d.stones[p]
    if top > loop_len(d):
        # k and k + loop reach the same space; only the cheaper is offered (K8)
        top = loop_len(d)
    for k in range(1, top + 1):
        if main_possible(d, p, advance(d, k), d.stones[p] - move_cost(d, p, k)):
            out[n] = encode(FAM_MOVE, k - 1, 0, 0)
            n += 1
    if n == 0:
        for k in range(top):
            out[k] = encode(FAM_MOVE, k, 0, 0)
        n = top
    return n


cdef int gen_cuts(KData* d, int* out) noexcept nogil:
    """Cuts of the accessible tikis in the forest of the pawn's sector."""
    cdef int s = sector_of(d), n = 0, i
    for i in range(K_SPACES):
        if accessible(d, s, i):
            out[n] = encode(FAM_CUT, s, i, 0)
            n += 1
    return n


cdef int gen_main(KData* d, int* out) noexcept nogil:
    """Main actions in the pawn's sector: cut (canoe not full), volcano or island placement."""
    cdef int p = d.player, s = sector_of(d), n = 0, c
    if canoe_count(d, p) < K_CANOE_TIKIS and d.occ[s]:
        n = gen_cuts(d, out)
    for c in range(K_COLOURS):
        if d.canoe[p][c] and d.volcano[s][c] < K_COLUMN_MAX:
            out[n] = encode(FAM_VOLCANO, c, 0, 0)
            n += 1
    if d.stones[p] >= K_ISLAND_COST and isle_count(d, p, s) < K_COLUMN_MAX:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                out[n] = encode(FAM_ISLAND, c, 0, 0)
                n += 1
    return n


cdef int gen_cut2(KData* d, int* out) noexcept nogil:
    """A second cut (possibly of a tiki the first uncovered, K10) or stop."""
    cdef int n = gen_cuts(d, out)
    out[n] = A_STOP
    return n + 1


cdef int gen_secondary(KData* d, int* out) noexcept nogil:
    """Pass, or activate an open tile that can be paid and completed (K6, K7, K9)."""
    cdef int t, n = 0, stones = d.stones[d.player]
    for t in range(K_KINDS):
        if is_opportunity(d, t) and has_effect(d, t, stones):
            if n == 0:
                out[0] = A_PASS
                n = 1
            out[n] = encode(FAM_ACTIVATE, t, 0, 0)
            n += 1
    return n


cdef int gen_targets(KData* d, int* out) noexcept nogil:
    """The tile a coral/volcano 3 activates: face up, not a 3, coral 3 only corals (K6)."""
    cdef int t, n = 0, stones = d.stones[d.player]
    for t in range(K_KINDS):
        if t == C3 or t == V3 or (d.kind == C3 and t >= 10):
            continue
        if on_board_face(d, t) and has_effect(d, t, stones):
            out[n] = encode(FAM_ACTIVATE, t, 0, 0)
            n += 1
    return n


cdef int gen_back(KData* d, int* out) noexcept nogil:
    """Second half of coral 10 (a colour other than the first from X to the vacated space) or
    volcano 10 (another colour from Y back to X, within the height limit)."""
    cdef int c, n = 0
    for c in range(K_COLOURS):
        if c == d.ec:
            continue
        if d.kind == C10:
            if d.volcano[d.ex][c] > 0:
                out[n] = encode(FAM_SECOND_COLOUR, c, 0, 0)
                n += 1
        elif d.volcano[d.ey][c] > 0 and d.volcano[d.ex][c] < K_COLUMN_MAX:
            out[n] = encode(FAM_SECOND_COLOUR, c, 0, 0)
            n += 1
    return n


cdef int gen_legal(KData* d, int* out) noexcept nogil:
    """The legal actions of the player to act: the generator of the current step."""
    cdef int ph = d.phase
    if ph == PH_MOVE:
        return gen_move(d, out)
    if ph == PH_MAIN:
        return gen_main(d, out)
    if ph == PH_CUT2:
        return gen_cut2(d, out)
    if ph == PH_SECOND:
        return gen_secondary(d, out)
    if ph == PH_TARGET:
        return gen_targets(d, out)
    if ph == PH_EFFECT:
        return gen_effect(d, d.kind, out, MAX_ACTIONS)
    if ph == PH_BACK:
        return gen_back(d, out)
    if ph == PH_DRAFT:
        return gen_draft(d, out)
    return 0


# ---------------------------------------------------------------- set-up chance, by step
cdef inline int tiles_to_place(KData* d) noexcept nogil:
    cdef int t, left = 0
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            left += 1
    return left


cdef int chance_forest_colour(KData* d, int* out, double* probs) noexcept nogil:
    """The colour of the next forest tiki, by what is left in the set-up pool."""
    cdef int n = 0, c
    cdef int total = d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3]
    for c in range(K_COLOURS):
        if d.pool[c]:
            out[n] = c
            probs[n] = d.pool[c] / <double>total
            n += 1
    return n


cdef int chance_tile(KData* d, int* out, double* probs) noexcept nogil:
    """The tile for the next slot, uniform over the tiles not placed yet (K5)."""
    cdef int n = 0, t, left = tiles_to_place(d)
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            out[n] = t
            probs[n] = 1.0 / left
            n += 1
    return n


cdef int chance_start(KData* d, int* out, double* probs) noexcept nogil:
    """The starting player, uniform."""
    cdef int c
    for c in range(d.n):
        out[c] = c
        probs[c] = 1.0 / d.n
    return d.n


cdef int gen_chance(KData* d, int* out, double* probs) noexcept nogil:
    """The outcomes and probabilities of the current set-up step."""
    if d.phase == PH_FOREST:
        return chance_forest_colour(d, out, probs)
    if d.phase == PH_TILES:
        return chance_tile(d, out, probs)
    if d.phase == PH_START:
        return chance_start(d, out, probs)
    return 0


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


# ---------------------------------------------------------------- applying actions, by step
cdef void apply_forest_tiki(KData* d, int colour) noexcept nogil:
    """Set-up: the next forest space (in FILL order) receives a tiki of `colour`."""
    cdef int k = fill_space(d, d.step)
    d.forest[k // K_SPACES][k % K_SPACES] = colour
    d.occ[k // K_SPACES] |= 1 << (k % K_SPACES)
    d.pool[colour] -= 1
    d.step += 1
    if d.step == n_fill(d):
        d.phase = PH_TILES
        d.step = 0


cdef void apply_tile(KData* d, int tile) noexcept nogil:
    """Set-up: `tile` goes to the next slot (R1..R5, then F1..F4); the last one to F5 (K5)."""
    cdef int t
    d.tiles_left &= ~(1 << tile)
    if d.step < K_SECTORS:
        d.reef[d.step] = tile
    else:
        d.fcentre[d.step - K_SECTORS] = tile
    d.step += 1
    if d.step == K_TILES - 1:
        for t in range(K_TILES):
            if (d.tiles_left >> t) & 1:
                d.fcentre[K_SECTORS - 1] = t
        d.tiles_left = 0
        d.phase = PH_START
        d.step = 0


cdef void apply_start(KData* d, int seat) noexcept nogil:
    """Set-up: the starting player; the draft begins."""
    d.start = seat
    d.phase = PH_DRAFT
    d.step = 0
    d.player = draft_player(d)


cdef void apply_draft(KData* d, int a) noexcept nogil:
    """Draft pick: the top tiki of a volcano column into the canoe; snake order (K14)."""
    cdef Fields m = decode(FAM_DRAFT, a)
    d.volcano[m.f1][m.f2] -= 1
    d.canoe[d.player][m.f2] += 1
    d.step += 1
    if d.step == K_DRAFT_PICKS * d.n:
        d.step = 0
        d.phase = PH_MOVE
        d.player = d.start
    else:
        d.player = draft_player(d)


cdef void apply_move(KData* d, int a) noexcept nogil:
    """Move the canoe pawn; then the main action, or the turn ends if there is none (X6)."""
    cdef int buf[MAX_ACTIONS]
    cdef int p = d.player
    cdef int k = decode(FAM_MOVE, a).f1 + 1
    pay_stones(d, p, move_cost(d, p, k))
    d.pawn = advance(d, k)
    if gen_main(d, buf) > 0:
        d.phase = PH_MAIN
    else:
        end_turn(d)     # X6, K10: no main action possible


cdef void apply_cut(KData* d, int a) noexcept nogil:
    """Main action: cut a tiki into the canoe; after the first cut a second may follow (K10)."""
    cdef Fields m = decode(FAM_CUT, a)
    cdef int p = d.player
    cdef int c = take_tiki(d, m.f1, m.f2)
    d.canoe[p][c] += 1
    check_unlock(d)     # the tile moves as soon as its row is cleared
    if d.phase == PH_MAIN and canoe_count(d, p) < K_CANOE_TIKIS and d.occ[sector_of(d)]:
        d.phase = PH_CUT2    # a second cut; it may use a tiki the first uncovered
    else:
        after_main_cut(d)


cdef void place_on_volcano(KData* d, int c) noexcept nogil:
    """Main action: a canoe tiki onto the volcano, take up to 3 stones; the hillside tile opens."""
    cdef int p = d.player
    d.canoe[p][c] -= 1
    d.volcano[sector_of(d)][c] += 1
    gain_stones(d, p, K_VOLCANO_TAKE)
    d.opp_hill = 1
    enter_secondary(d)


cdef void place_on_island(KData* d, int c) noexcept nogil:
    """Main action: pay 2, a canoe tiki onto the island; no secondary action follows."""
    cdef int p = d.player
    pay_stones(d, p, K_ISLAND_COST)
    d.canoe[p][c] -= 1
    d.island[p][sector_of(d)][c] += 1
    end_turn(d)


cdef void apply_main(KData* d, int a) noexcept nogil:
    """The main action (PH_MAIN) or the second cut / stop (PH_CUT2)."""
    if a == A_STOP:
        after_main_cut(d)
    elif a < A_STOP:
        apply_cut(d, a)
    elif a < A_ISLAND:
        place_on_volcano(d, decode(FAM_VOLCANO, a).f1)
    else:
        place_on_island(d, decode(FAM_ISLAND, a).f1)


cdef void apply_secondary(KData* d, int a) noexcept nogil:
    """Pass, or activate an open tile; each opportunity is used at most once a turn (K7)."""
    cdef int kind
    if a == A_PASS:
        end_turn(d)
        return
    kind = decode(FAM_ACTIVATE, a).f1
    if kind < 10:
        d.opp_coral = 0
    elif (d.opp_unlocked >> (kind - 10)) & 1:
        d.opp_unlocked &= ~(1 << (kind - 10))
    else:
        d.opp_hill = 0
    start_effect(d, kind)


cdef void apply_effect(KData* d, int a) noexcept nogil:
    """The parameters of the tile being resolved, by the family of its parameters; then the
    next secondary action, unless the tile has a second half (coral 10 / volcano 10)."""
    cdef int family = KIL_TILE_FAMILY[d.kind]
    cdef Fields m = decode(family, a)
    if family == FAM_ISLAND_MOVE:
        move_island_tiki(d, m)
    elif family == FAM_VOLCANO_MOVE:
        if move_volcano_tiki(d, m):
            return
    elif family == FAM_FOREST_TO_VOLCANO:
        if forest_to_volcano(d, m):
            return
    elif family == FAM_CUT:
        forest_to_canoe(d, m)
    elif family == FAM_FOREST_TO_ISLAND:
        forest_to_island(d, m)
    elif family == FAM_CANOE_TO_VOLCANO:
        canoe_to_volcano(d, m)
    elif family == FAM_CANOE_TO_ISLAND:
        canoe_to_island(d, m)
    elif family == FAM_VOLCANO_TO_CANOE:
        volcano_to_canoe(d, m)
    elif family == FAM_VOLCANO_TO_ISLAND:
        volcano_to_island(d, m)
    enter_secondary(d)


cdef void apply_back(KData* d, int a) noexcept nogil:
    """Second half of coral 10 (a tiki of colour c from X fills the vacated forest space) or
    volcano 10 (colour c from Y back to X)."""
    cdef int c = decode(FAM_SECOND_COLOUR, a).f1
    if d.kind == C10:
        d.volcano[d.ex][c] -= 1
        d.forest[d.ef][d.ei] = c
        d.occ[d.ef] |= 1 << d.ei
    else:
        d.volcano[d.ey][c] -= 1
        d.volcano[d.ex][c] += 1
    enter_secondary(d)


cdef void apply(KData* d, int a) noexcept nogil:
    """Apply a legal action or chance outcome: the function of the current step."""
    cdef int ph = d.phase
    if ph == PH_FOREST:
        apply_forest_tiki(d, a)
    elif ph == PH_TILES:
        apply_tile(d, a)
    elif ph == PH_START:
        apply_start(d, a)
    elif ph == PH_DRAFT:
        apply_draft(d, a)
    elif ph == PH_MOVE:
        apply_move(d, a)
    elif ph == PH_MAIN or ph == PH_CUT2:
        apply_main(d, a)
    elif ph == PH_SECOND:
        apply_secondary(d, a)
    elif ph == PH_TARGET:
        start_effect(d, decode(FAM_ACTIVATE, a).f1)
    elif ph == PH_EFFECT:
        apply_effect(d, a)
    elif ph == PH_BACK:
        apply_back(d, a)


cdef int sample_forest_colour(KData* d, Rng* rng) noexcept nogil:
    cdef int c, r = rng_below(rng, d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3])
    for c in range(K_COLOURS):
        r -= d.pool[c]
        if r < 0:
            return c
    return K_COLOURS - 1


cdef int sample_tile(KData* d, Rng* rng) noexcept nogil:
    cdef int t, r = rng_below(rng, tiles_to_place(d))
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            if r == 0:
                return t
            r -= 1
    return 0


cdef int sample_chance(KData* d, Rng* rng) noexcept nogil:
    """One set-up outcome drawn with the probabilities of gen_chance, without listing them."""
    if d.phase == PH_FOREST:
        return sample_forest_colour(d, rng)
    if d.phase == PH_TILES:
        return sample_tile(d, rng)
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
