# The decisions of ext/kilauea/logic.pyx (included there), one stage (phase) at a time: for
# each its legal moves (`legal_<stage>`, ascending ids) and its move (`apply_<stage>`); for
# each set-up chance stage its outcomes (`outcomes_<stage>`), its draw without listing them
# (`sample_<stage>`) and its outcome applied (`chance_<stage>`); at the end the dispatch
# `gen_legal` / `apply_move` / `gen_chance` / `apply_chance`. Gap IDs (K1..K16, X1..X7) refer to
# ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- set-up chance: forest tikis, action tiles, starting player
cdef int outcomes_forest(KData* d, int* out, double* probs) noexcept nogil:
    """The colour of the next forest tiki, by what is left in the set-up pool."""
    cdef int n = 0, c
    cdef int total = d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3]
    for c in range(K_COLOURS):
        if d.pool[c]:
            out[n] = c
            if probs != NULL:
                probs[n] = d.pool[c] / <double>total
            n += 1
    return n


cdef int sample_forest(KData* d, Rng* rng) noexcept nogil:
    cdef int c, r = rng_below(rng, d.pool[0] + d.pool[1] + d.pool[2] + d.pool[3])
    for c in range(K_COLOURS):
        r -= d.pool[c]
        if r < 0:
            return c
    return K_COLOURS - 1


cdef void chance_forest(KData* d, int colour) noexcept nogil:
    """Set-up: the next forest space (in FILL order) receives a tiki of `colour`."""
    cdef int k = fill_space(d, d.step)
    d.forest[k // K_SPACES][k % K_SPACES] = colour
    d.occ[k // K_SPACES] |= 1 << (k % K_SPACES)
    d.pool[colour] -= 1
    d.step += 1
    if d.step == n_fill(d):
        d.phase = PH_TILES
        d.step = 0


cdef int outcomes_tiles(KData* d, int* out, double* probs) noexcept nogil:
    """The tile for the next slot, uniform over the tiles not placed yet (K5)."""
    cdef int n = 0, t, left = tiles_to_place(d)
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            out[n] = t
            if probs != NULL:
                probs[n] = 1.0 / left
            n += 1
    return n


cdef int sample_tiles(KData* d, Rng* rng) noexcept nogil:
    cdef int t, r = rng_below(rng, tiles_to_place(d))
    for t in range(K_TILES):
        if (d.tiles_left >> t) & 1:
            if r == 0:
                return t
            r -= 1
    return 0


cdef void chance_tiles(KData* d, int tile) noexcept nogil:
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


cdef int outcomes_start(KData* d, int* out, double* probs) noexcept nogil:
    """The starting player, uniform."""
    cdef int c
    for c in range(d.n):
        out[c] = c
        if probs != NULL:
            probs[c] = 1.0 / d.n
    return d.n


cdef void chance_start(KData* d, int seat) noexcept nogil:
    """Set-up: the starting player; the draft begins."""
    d.start = seat
    d.phase = PH_DRAFT
    d.step = 0
    d.player = draft_player(d)


# ---------------------------------------------------------------- draft
cdef int legal_draft(KData* d, int* out) noexcept nogil:
    """Draft: the top tiki of any volcano column (K14)."""
    cdef int n = 0, s, c
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            if d.volcano[s][c]:
                out[n] = encode(FAM_DRAFT, s, c, 0)
                n += 1
    return n


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


# ---------------------------------------------------------------- move: the canoe pawn
cdef inline int move_cost(KData* d, int p, int k) noexcept nogil:
    """Holy stones a move of k steps costs: the first step is mandatory, then one free step per
    empty canoe place, then a stone per further step (rulebook, K8)."""
    cdef int paid = k - 1 - (K_CANOE_TIKIS - canoe_count(d, p))
    return paid if paid > 0 else 0


cdef bint main_possible(KData* d, int p, int pos, int stones) noexcept nogil:
    """Seat p has a main action with the pawn at track position `pos` and `stones` holy
    stones: the conditions of legal_main."""
    cdef int s = pos >> 1, c, held = canoe_count(d, p)
    if held < K_CANOE_TIKIS and d.occ[s]:
        return True         # an occupied forest always has an accessible tiki
    if held == 0:
        return False
    for c in range(K_COLOURS):
        if d.canoe[p][c] and d.volcano[s][c] < K_COLUMN_MAX:
            return True
    return stones >= K_ISLAND_COST and isle_count(d, p, s) < K_COLUMN_MAX


cdef int legal_canoe_move(KData* d, int* out) noexcept nogil:
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


cdef void apply_canoe_move(KData* d, int a) noexcept nogil:
    """Move the canoe pawn; then the main action, or the turn ends if there is none (X6)."""
    cdef int buf[MAX_ACTIONS]
    cdef int p = d.player
    cdef int k = decode(FAM_MOVE, a).f1 + 1
    pay_stones(d, p, move_cost(d, p, k))
    d.pawn = advance(d, k)
    if legal_main(d, buf) > 0:
        d.phase = PH_MAIN
    else:
        end_turn(d)     # X6, K10: no main action possible


# ---------------------------------------------------------------- main action, second cut
cdef int gen_cuts(KData* d, int* out) noexcept nogil:
    """Cuts of the accessible tikis in the forest of the pawn's sector."""
    cdef int s = sector_of(d), n = 0, i
    for i in range(K_SPACES):
        if accessible(d, s, i):
            out[n] = encode(FAM_CUT, s, i, 0)
            n += 1
    return n


cdef int legal_main(KData* d, int* out) noexcept nogil:
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
    """The main action: cut a tiki, or place a canoe tiki on the volcano or the island."""
    if a < A_STOP:
        apply_cut(d, a)
    elif a < A_ISLAND:
        place_on_volcano(d, decode(FAM_VOLCANO, a).f1)
    else:
        place_on_island(d, decode(FAM_ISLAND, a).f1)


cdef int legal_cut2(KData* d, int* out) noexcept nogil:
    """A second cut (possibly of a tiki the first uncovered, K10) or stop."""
    cdef int n = gen_cuts(d, out)
    out[n] = A_STOP
    return n + 1


cdef void apply_cut2(KData* d, int a) noexcept nogil:
    """A second cut, or stop; the secondary actions follow."""
    if a == A_STOP:
        after_main_cut(d)
    else:
        apply_cut(d, a)


# ---------------------------------------------------------------- secondary actions
cdef int legal_secondary(KData* d, int* out) noexcept nogil:
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


cdef int legal_target(KData* d, int* out) noexcept nogil:
    """The tile a coral/volcano 3 activates: face up, not a 3, coral 3 only corals (K6)."""
    cdef int t, n = 0, stones = d.stones[d.player]
    for t in range(K_KINDS):
        if t == C3 or t == V3 or (d.kind == C3 and t >= 10):
            continue
        if on_board_face(d, t) and has_effect(d, t, stones):
            out[n] = encode(FAM_ACTIVATE, t, 0, 0)
            n += 1
    return n


cdef void apply_target(KData* d, int a) noexcept nogil:
    """Coral 3 / volcano 3: the tile it activates is paid and resolved (K6)."""
    start_effect(d, decode(FAM_ACTIVATE, a).f1)


cdef int legal_effect(KData* d, int* out) noexcept nogil:
    """The parameters of the tile being resolved (its family's generator)."""
    return gen_effect(d, d.kind, out, MAX_ACTIONS)


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


cdef int legal_back(KData* d, int* out) noexcept nogil:
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


# ---------------------------------------------------------------- dispatch
cdef int gen_legal(KData* d, int* out) noexcept nogil:
    """The legal actions of the player to act, ascending."""
    cdef int ph = d.phase
    if ph == PH_MOVE:
        return legal_canoe_move(d, out)
    if ph == PH_MAIN:
        return legal_main(d, out)
    if ph == PH_CUT2:
        return legal_cut2(d, out)
    if ph == PH_SECOND:
        return legal_secondary(d, out)
    if ph == PH_TARGET:
        return legal_target(d, out)
    if ph == PH_EFFECT:
        return legal_effect(d, out)
    if ph == PH_BACK:
        return legal_back(d, out)
    if ph == PH_DRAFT:
        return legal_draft(d, out)
    return 0


cdef void apply_move(KData* d, int a) noexcept nogil:
    """Apply legal action `a` of the player to act."""
    cdef int ph = d.phase
    if ph == PH_MOVE:
        apply_canoe_move(d, a)
    elif ph == PH_MAIN:
        apply_main(d, a)
    elif ph == PH_CUT2:
        apply_cut2(d, a)
    elif ph == PH_SECOND:
        apply_secondary(d, a)
    elif ph == PH_TARGET:
        apply_target(d, a)
    elif ph == PH_EFFECT:
        apply_effect(d, a)
    elif ph == PH_BACK:
        apply_back(d, a)
    elif ph == PH_DRAFT:
        apply_draft(d, a)


cdef int gen_chance(KData* d, int* out, double* probs) noexcept nogil:
    """The outcomes (and, unless probs is NULL, their probabilities) of the set-up step."""
    if d.phase == PH_FOREST:
        return outcomes_forest(d, out, probs)
    if d.phase == PH_TILES:
        return outcomes_tiles(d, out, probs)
    if d.phase == PH_START:
        return outcomes_start(d, out, probs)
    return 0


cdef int sample_chance(KData* d, Rng* rng) noexcept nogil:
    """One set-up outcome drawn with the probabilities of gen_chance, without listing them."""
    if d.phase == PH_FOREST:
        return sample_forest(d, rng)
    if d.phase == PH_TILES:
        return sample_tiles(d, rng)
    return rng_below(rng, d.n)


cdef void apply_chance(KData* d, int a) noexcept nogil:
    """Apply set-up chance outcome `a`."""
    cdef int ph = d.phase
    if ph == PH_FOREST:
        chance_forest(d, a)
    elif ph == PH_TILES:
        chance_tiles(d, a)
    elif ph == PH_START:
        chance_start(d, a)
