# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Kilauea (Combo Games, 2025) for 2-4 players: the rules engine.

Rulebook: /work/shared/rules/original/001_72270f2153afd2c4.txt; gaps filled as in GAPS.md
section 2 (K1..K16) and section 0 (X1..X7), cited by ID below. The board data is in
ext/kilauea_data.pxd. docs/rules/kilauea.md maps every rule to its code and tests.

Set-up is explicit chance, in this order (no chance after it):
1. one colour per forest space (F1 a1 .. F5 c3, "3+" spaces skipped with 2 players), drawn
   from the tikis left after the volcano: outcome = colour 0..3, probability = remaining/total;
2. the action tiles: 9 draws without replacement for R1..R5 then F1..F4 (the last tile goes
   to F5): outcome = tile number - 1 (0..9), uniform (K5);
3. the starting player: outcome 0..n-1, uniform.
Then the draft (snake order, 2 picks each, K14), then turns.

Action encoding (ints in range(NUM_ACTIONS) = 1029; chance outcomes in range(10)):
| ids        | text                         | meaning                                         |
| 0..9       | canoe +k                     | move the pawn k = id+1 spaces (1 mandatory)     |
| 10..29     | draft S1 red                 | draft pick: top tiki of column (sector, colour) |
| 30..84     | cut F1.a1                    | cut forest space (f*11+i) into the canoe        |
| 85         | stop                         | no second cut                                   |
| 86         | pass                         | end the turn (no more secondary actions)        |
| 87..90     | volcano red                  | main: canoe tiki onto the volcano column        |
| 91..94     | island red                   | main: pay 2, canoe tiki onto the island         |
| 95..114    | coral 1..10, volcano 1..10   | activate that tile (pays its cost); after a     |
|            | (target coral 7 ...)         | coral/volcano 3: the tile it activates          |
| 115..214   | K: island S1 red -> S3       | island move (s*4+c)*5+t   (coral/volcano 4)     |
| 215..314   | K: S1 red -> S2              | volcano move (X*4+c)*5+Y  (5, 6, volcano 10)    |
| 315..589   | K: F2.a1 -> S4               | forest tiki to volcano (f*11+i)*5+X (coral 7,10)|
| 590..609   | K: canoe red -> S4           | canoe tiki to volcano c*5+X (coral 8)           |
| 610..884   | K: F2.a1 -> island S4        | forest tiki to island (f*11+i)*5+t (coral 9)    |
| 885..904   | K: canoe red -> island S4    | canoe tiki to island c*5+t (volcano 2)          |
| 905..924   | K: S2 red -> canoe           | volcano tiki to canoe X*4+c (volcano 8)         |
| 925..1024  | K: S2 red -> island S4       | volcano tiki to island (X*4+c)*5+t (volcano 9)  |
| 1025..1028 | K: S4 yellow -> F2.a1 / S1   | second half of coral 10 / volcano 10: colour d  |
Volcano 7 uses the cut ids ("volcano 7: F3.b2 -> canoe"). "K:" is the tile being resolved,
e.g. "coral 7: F2.a1 -> S4".

Turn flow: move ("canoe +k") -> main action (cut [cut|stop] / volcano c / island c) ->
secondary actions ("coral n", "volcano n", their parameters, "pass"). Decisions with no choice
(no legal main action, X6; no secondary action possible) are skipped.
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.kilauea_data cimport *

import numpy as np

# ---------------------------------------------------------------- action encoding
cdef enum:
    A_MOVE = 0
    A_DRAFT = 10
    A_CUT = 30
    A_STOP = 85
    A_PASS = 86
    A_VOLC = 87
    A_ISLE = 91
    A_ACT = 95
    A_IMOVE = 115
    A_VMOVE = 215
    A_F2V = 315
    A_C2V = 590
    A_F2I = 610
    A_C2I = 885
    A_V2C = 905
    A_V2I = 925
    A_BACK = 1025
    NUM_ACTIONS = 1029
    NUM_CHANCE = 10

# phases
cdef enum:
    PH_FOREST = 0   # chance: forest tikis
    PH_TILES = 1    # chance: action tiles
    PH_START = 2    # chance: starting player
    PH_DRAFT = 3
    PH_MOVE = 4
    PH_MAIN = 5
    PH_CUT2 = 6     # second cut or stop
    PH_SECOND = 7   # choose a secondary action or pass
    PH_TARGET = 8   # choose the tile a coral/volcano 3 activates
    PH_EFFECT = 9   # choose the parameters of the tile being resolved
    PH_BACK = 10    # second half of coral 10 / volcano 10
    PH_OVER = 11

# secondary action kinds: 0..9 coral 1..10, 10..19 volcano 1..10
cdef enum:
    C1 = 0
    C2 = 1
    C3 = 2
    C4 = 3
    C5 = 4
    C6 = 5
    C7 = 6
    C8 = 7
    C9 = 8
    C10 = 9
    V1 = 10
    V2 = 11
    V3 = 12
    V4 = 13
    V5 = 14
    V6 = 15
    V7 = 16
    V8 = 17
    V9 = 18
    V10 = 19

NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# Decisions in one turn at most: move, cut, cut/stop, pass, and up to 6 activations (the
# coral or hillside tile, and each of the 5 volcano tiles unlocked that turn) of at most 4
# decisions each (activate a 3, its target, the parameters, the second half of a 10).
DECISIONS_PER_TURN = 4 + 6 * 4

COLOURS = ("red", "yellow", "green", "blue")
SPACE_NAMES = ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3")
PHASE_NAMES = ("forest", "tiles", "start", "draft", "move", "main", "cut2", "secondary",
               "target", "effect", "back", "over")


ctypedef struct KData:
    int turn_cap
    int turns               # completed turns (K15 cap)
    int vp[4]
    short tiles_left        # bitmask of tiles not yet placed (set-up)
    short opp_unlocked      # tiles unlocked this turn, not yet activated (K7)
    unsigned short occ[5]   # occupied forest spaces (derived from forest, kept for speed)
    signed char n           # players
    signed char phase
    signed char player      # player to act (decisions), or the turn's player
    signed char start       # starting player
    signed char step        # set-up step (forest space / tile slot) or draft pick
    signed char pawn        # -1 start space, 0..9 canoe track (K3)
    signed char crater      # holy stones in the volcano
    signed char box_stones  # stones out of play (K4)
    signed char box_tikis   # tikis removed (2 players, K16)
    signed char midscored   # intermediate scoring done (K12)
    signed char opp_coral   # this turn's coral opportunity still open (after a cut)
    signed char opp_hill    # this turn's hillside opportunity still open (after a placement)
    signed char kind        # tile being resolved (PH_EFFECT/PH_BACK) or the 3 (PH_TARGET)
    signed char ef, ei      # coral 10: vacated forest space
    signed char ex, ey, ec  # coral 10 / volcano 10: sectors X, Y and the first colour
    signed char pool[4]     # set-up: tikis of each colour still to place in forests
    signed char stones[4]
    signed char canoe[4][4]
    signed char island[4][5][4]
    signed char volcano[5][4]
    signed char forest[5][11]   # colour or -1
    signed char reef[5]         # coral tile at Rk (tile 0..9), -1 before set-up
    signed char fcentre[5]      # volcano tile locked in Fk, -1 if none
    signed char hill[5]         # volcano tile on the hillside of Sk, -1 if none


# The forest spaces filled at set-up, in chance order (f*11+i): all, and without "3+" spaces.
cdef int FILL_ALL[55]
cdef int FILL_2P[55]
cdef int N_FILL_ALL = 0
cdef int N_FILL_2P = 0


cdef void _build_tables():
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

_build_tables()


# ---------------------------------------------------------------- small helpers (C)
cdef inline int n_fill(KData* d) noexcept nogil:
    return N_FILL_2P if d.n == 2 else N_FILL_ALL


cdef inline int fill_space(KData* d, int k) noexcept nogil:
    return FILL_2P[k] if d.n == 2 else FILL_ALL[k]


cdef inline int sector_of(KData* d) noexcept nogil:
    return d.pawn >> 1


cdef inline int reef_of(int pawn) noexcept nogil:
    # (k,2) touches Rk, (k,1) touches R(k-1) (K3)
    if pawn & 1:
        return pawn >> 1
    return ((pawn >> 1) + 4) % 5


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
    return 5 if d.n == 2 else K_TRACK


cdef inline int advance(KData* d, int k) noexcept nogil:
    """The pawn position after k clockwise steps (2 players: only the (k,1) spaces, K16)."""
    cdef int stride = 2 if d.n == 2 else 1
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


cdef int gen_effect(KData* d, int kind, int* out) noexcept nogil:
    """The parameter actions of tile `kind` for the player to act (no cost check)."""
    cdef int p = d.player, n = 0, f, i, c, s, t, x, y, dd, base
    cdef bint ok
    if kind == C4 or kind == V4:
        for s in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.island[p][s][c]:
                    for t in range(K_SECTORS):
                        if t != s and isle_count(d, p, t) < K_COLUMN_MAX:
                            out[n] = A_IMOVE + (s * 4 + c) * 5 + t
                            n += 1
    elif kind == C5 or kind == V5 or kind == C6 or kind == V6 or kind == V10:
        for x in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.volcano[x][c] == 0:
                    continue
                for y in range(K_SECTORS):
                    if y == x or d.volcano[y][c] >= K_COLUMN_MAX:
                        continue
                    dd = (y - x + 5) % 5
                    if (kind == C5 or kind == V5) and dd != 1 and dd != 4:
                        continue
                    if (kind == C6 or kind == V6) and dd != 2 and dd != 3:
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
                    continue
                for x in range(K_SECTORS):
                    if kind == C9:
                        if isle_count(d, p, x) < K_COLUMN_MAX:
                            out[n] = A_F2I + (f * 11 + i) * 5 + x
                            n += 1
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
    elif kind == C8:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                for x in range(K_SECTORS):
                    if d.volcano[x][c] < K_COLUMN_MAX:
                        out[n] = A_C2V + c * 5 + x
                        n += 1
    elif kind == V2:
        for c in range(K_COLOURS):
            if d.canoe[p][c]:
                for t in range(K_SECTORS):
                    if isle_count(d, p, t) < K_COLUMN_MAX:
                        out[n] = A_C2I + c * 5 + t
                        n += 1
    elif kind == V8:
        if canoe_count(d, p) < K_CANOE_TIKIS:
            for x in range(K_SECTORS):
                for c in range(K_COLOURS):
                    if d.volcano[x][c]:
                        out[n] = A_V2C + x * 4 + c
                        n += 1
    elif kind == V9:
        for x in range(K_SECTORS):
            for c in range(K_COLOURS):
                if d.volcano[x][c]:
                    for t in range(K_SECTORS):
                        if isle_count(d, p, t) < K_COLUMN_MAX:
                            out[n] = A_V2I + (x * 4 + c) * 5 + t
                            n += 1
    return n


cdef bint has_effect(KData* d, int kind, int stones) noexcept nogil:
    """Tile `kind` can be activated and completed with `stones` holy stones (K6, K9)."""
    cdef int buf[MAX_ACTIONS]
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
    return gen_effect(d, kind, buf) > 0


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
        return gen_effect(d, d.kind, out)
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
    cdef int ph = d.phase, p, s, c, k, t, pos, buf[MAX_ACTIONS]
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


# ---------------------------------------------------------------- text helpers (Python)
def _kind_name(int kind) -> str:
    return f"coral {kind + 1}" if kind < 10 else f"volcano {kind - 9}"


def _space_name(int f, int i) -> str:
    return f"F{f + 1}.{SPACE_NAMES[i]}"


def _sector_name(int s) -> str:
    return f"S{s + 1}"


def _parse_kind(text) -> int:
    if text is None:
        return -1
    parts = str(text).split()
    if len(parts) != 2 or parts[0] not in ("coral", "volcano") or not parts[1].isdigit():
        raise ValueError(f"a tile action is written 'coral n' or 'volcano n', not {text!r}")
    n = int(parts[1])
    if not 1 <= n <= 10:
        raise ValueError(f"tile actions are numbered 1 to 10, not {n}")
    return n - 1 if parts[0] == "coral" else n + 9


def _check_int(value, name, lo, hi) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"kilauea state: {name} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _check_list(value, name, length) -> list:
    if not isinstance(value, list) or len(value) != length:
        raise ValueError(f"kilauea state: {name} must be a list of {length} items")
    return value


def _tile_or_none(value, name) -> int:
    if value is None:
        return -1
    return _check_int(value, name, 1, 10) - 1


@cython.freelist(64)
cdef class KilaueaState(State):
    """A Kilauea position: the whole game in one C struct (see the module docstring)."""

    GAME_NAME = "kilauea"
    cdef KData d

    def __cinit__(self):
        memset(&self.d, 0, sizeof(KData))
        self._data = &self.d
        self._size = sizeof(KData)

    def __init__(self, players=2, turn_cap=K_DEFAULT_TURN_CAP):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Kilauea is for 2 to 4 players, not {players!r}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or not 1 <= turn_cap <= 100000:
            raise ValueError(f"turn_cap must be a whole number from 1 to 100000, not {turn_cap!r}")
        init_data(&self.d, players, turn_cap)

    # ------------------------------------------------------------ C protocol
    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        if self.d.phase < PH_DRAFT:
            return CHANCE_PLAYER
        if self.d.phase == PH_OVER:
            return TERMINAL_PLAYER
        return self.d.player

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef double probs[NUM_CHANCE]
        if self.d.phase < PH_DRAFT:
            return gen_chance(&self.d, out, probs)
        return gen_legal(&self.d, out)

    cdef void c_apply_action(self, int action) noexcept nogil:
        apply(&self.d, action)

    cdef void c_returns(self, double* out) noexcept nogil:
        compute_returns(&self.d, out)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        if self.d.phase >= PH_DRAFT:
            return 0
        return gen_chance(&self.d, actions, probs)

    cdef void c_evaluate(self, double* out) noexcept nogil:
        # The final score if the game ended now, turned into soft win chances.
        cdef KData* d = &self.d
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

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.d.phase == PH_OVER

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return sample_chance(&self.d, rng)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef KData* d = &self.d
        cdef int buf[MAX_ACTIONS]
        cdef int n
        while d.phase != PH_OVER:
            if d.phase < PH_DRAFT:
                apply(d, sample_chance(d, rng))
            else:
                n = gen_legal(d, buf)
                apply(d, buf[rng_below(rng, n)])

    cdef State c_clone(self):
        cdef KilaueaState other = KilaueaState.__new__(KilaueaState)
        copy_state(other, self)
        return other

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef double probs[NUM_CHANCE]
        cdef int i, n
        if self.d.phase == PH_OVER:
            return False
        if self.d.phase < PH_DRAFT:
            n = gen_chance(&self.d, buf, probs)
        else:
            n = gen_legal(&self.d, buf)
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    # ------------------------------------------------------------ Python API (per game)
    def params(self) -> dict:
        """{"players": n, "turn_cap": cap}."""
        return {"players": int(self.d.n), "turn_cap": int(self.d.turn_cap)}

    def scores(self) -> list:
        """Victory points scored so far (intermediate, tiles, and at the end the final scoring)."""
        return [int(self.d.vp[p]) for p in range(self.d.n)]

    def projected_scores(self) -> list:
        """The VP each player would have if the final scoring happened now."""
        cdef KData* d = &self.d
        if d.phase == PH_OVER:
            return self.scores()
        return [int(d.vp[p] + sector_points(d, p) + bonus_points(d, p)) for p in range(d.n)]

    def phase(self) -> str:
        """The name of the current step: forest/tiles/start (set-up chance), draft, move,
        main, cut2, secondary, target, effect, back, over."""
        return PHASE_NAMES[self.d.phase]

    def forests_emptied(self) -> int:
        """How many forests have no tiki left."""
        return forests_emptied(&self.d)

    def tiki_census(self) -> dict:
        """Where the 72 tikis are: forests, volcano, canoes, islands, box, set-up pool."""
        cdef KData* d = &self.d
        forests = sum(1 for f in range(5) for i in range(11) if d.forest[f][i] >= 0)
        volcano = sum(d.volcano[s][c] for s in range(5) for c in range(4))
        canoes = sum(d.canoe[p][c] for p in range(d.n) for c in range(4))
        islands = sum(d.island[p][s][c] for p in range(d.n) for s in range(5) for c in range(4))
        pool = sum(d.pool[c] for c in range(4))
        return {"forests": forests, "volcano": volcano, "canoes": canoes, "islands": islands,
                "box": int(d.box_tikis), "pool": pool}

    def stone_census(self) -> dict:
        """Where the 16 holy stones are: crater, canoes, box."""
        cdef KData* d = &self.d
        return {"crater": int(d.crater), "canoes": sum(d.stones[p] for p in range(d.n)),
                "box": int(d.box_stones)}

    def to_dict(self) -> dict:
        """The whole state as plain data (tile numbers 1..10, colours by name)."""
        cdef KData* d = &self.d
        cdef int p, s, f, i
        players = []
        for p in range(d.n):
            players.append({
                "vp": int(d.vp[p]), "stones": int(d.stones[p]),
                "canoe": [int(d.canoe[p][c]) for c in range(4)],
                "island": [[int(d.island[p][s][c]) for c in range(4)] for s in range(5)]})
        forests = []
        for f in range(5):
            forests.append([COLOURS[d.forest[f][i]] if d.forest[f][i] >= 0 else None
                            for i in range(11) if KIL_BOARD_SPACES[f] & (1 << i)])
        tile = lambda t: None if t < 0 else int(t) + 1
        return {
            "phase": PHASE_NAMES[d.phase], "player": int(d.player), "start": int(d.start),
            "step": int(d.step), "turns": int(d.turns), "pawn": int(d.pawn),
            "crater": int(d.crater), "intermediate_scored": bool(d.midscored),
            "pool": [int(d.pool[c]) for c in range(4)],
            "tiles_left": [t + 1 for t in range(10) if (d.tiles_left >> t) & 1],
            "players": players,
            "volcano": [[int(d.volcano[s][c]) for c in range(4)] for s in range(5)],
            "forests": forests,
            "reefs": [tile(d.reef[s]) for s in range(5)],
            "forest_tiles": [tile(d.fcentre[s]) for s in range(5)],
            "hillside": [tile(d.hill[s]) for s in range(5)],
            "turn": {"coral_open": bool(d.opp_coral), "hillside_open": bool(d.opp_hill),
                     "unlocked": [t + 1 for t in range(10) if (d.opp_unlocked >> t) & 1],
                     "resolving": None if d.kind < 0 else _kind_name(d.kind),
                     "pending": [int(d.ef), int(d.ei), int(d.ex), int(d.ey), int(d.ec)]},
        }

    def load_dict(self, data) -> None:
        """Set the state from `to_dict` data; ValueError on anything malformed or inconsistent."""
        if not isinstance(data, dict):
            raise ValueError("kilauea state: a JSON object is expected")
        cdef KData e
        init_data(&e, self.d.n, self.d.turn_cap)
        try:
            _fill(&e, data)
        except (KeyError, TypeError, IndexError, AttributeError) as error:
            raise ValueError(f"malformed kilauea state: {type(error).__name__}: {error}") from None
        _validate(&e)
        self.d = e

    def action_to_string(self, action) -> str:
        """The text of an action or chance outcome here (string_to_action reads it back)."""
        cdef KData* d = &self.d
        cdef int a, k
        if isinstance(action, bool) or not isinstance(action, int):
            raise ValueError(f"an action is an int, not {action!r}")
        a = action if -1 <= action < NUM_ACTIONS else -1
        if d.phase < PH_DRAFT:
            if not 0 <= action < NUM_CHANCE:
                raise ValueError(f"chance outcome {action} is out of range(0, {NUM_CHANCE})")
            if d.phase == PH_FOREST:
                if action >= 4:
                    raise ValueError(f"chance outcome {action} is not a colour (0..3)")
                k = fill_space(d, d.step)
                return f"{_space_name(k // 11, k % 11)} {COLOURS[action]}"
            if d.phase == PH_TILES:
                slot = f"R{d.step + 1}" if d.step < 5 else f"F{d.step - 4}"
                return f"tile {action + 1} -> {slot}"
            return f"start P{action + 1}"
        if a < 0:
            raise ValueError(f"action {action} is out of range(0, {NUM_ACTIONS})")
        prefix = ""
        if d.phase == PH_EFFECT or d.phase == PH_BACK:
            prefix = _kind_name(d.kind) + ": "
        if a < A_DRAFT:
            return f"canoe +{a + 1}"
        if a < A_CUT:
            k = a - A_DRAFT
            return f"draft {_sector_name(k >> 2)} {COLOURS[k & 3]}"
        if a < A_STOP:
            k = a - A_CUT
            if prefix:
                return f"{prefix}{_space_name(k // 11, k % 11)} -> canoe"
            return f"cut {_space_name(k // 11, k % 11)}"
        if a == A_STOP:
            return "stop"
        if a == A_PASS:
            return "pass"
        if a < A_ISLE:
            return f"volcano {COLOURS[a - A_VOLC]}"
        if a < A_ACT:
            return f"island {COLOURS[a - A_ISLE]}"
        if a < A_IMOVE:
            if d.phase == PH_TARGET:
                return "target " + _kind_name(a - A_ACT)
            return _kind_name(a - A_ACT)
        if a < A_VMOVE:
            k = a - A_IMOVE
            return f"{prefix}island {_sector_name(k // 20)} {COLOURS[(k // 5) & 3]} -> {_sector_name(k % 5)}"
        if a < A_F2V:
            k = a - A_VMOVE
            return f"{prefix}{_sector_name(k // 20)} {COLOURS[(k // 5) & 3]} -> {_sector_name(k % 5)}"
        if a < A_C2V:
            k = a - A_F2V
            return f"{prefix}{_space_name(k // 55, (k // 5) % 11)} -> {_sector_name(k % 5)}"
        if a < A_F2I:
            k = a - A_C2V
            return f"{prefix}canoe {COLOURS[k // 5]} -> {_sector_name(k % 5)}"
        if a < A_C2I:
            k = a - A_F2I
            return f"{prefix}{_space_name(k // 55, (k // 5) % 11)} -> island {_sector_name(k % 5)}"
        if a < A_V2C:
            k = a - A_C2I
            return f"{prefix}canoe {COLOURS[k // 5]} -> island {_sector_name(k % 5)}"
        if a < A_V2I:
            k = a - A_V2C
            return f"{prefix}{_sector_name(k >> 2)} {COLOURS[k & 3]} -> canoe"
        if a < A_BACK:
            k = a - A_V2I
            return f"{prefix}{_sector_name(k // 20)} {COLOURS[(k // 5) & 3]} -> island {_sector_name(k % 5)}"
        k = a - A_BACK
        if d.phase == PH_BACK and d.kind == C10:
            return f"{prefix}{_sector_name(d.ex)} {COLOURS[k]} -> {_space_name(d.ef, d.ei)}"
        if d.phase == PH_BACK:
            return f"{prefix}{_sector_name(d.ey)} {COLOURS[k]} -> {_sector_name(d.ex)}"
        return f"back {COLOURS[k]}"

    def observation_string(self, player) -> str:
        """The whole board: nothing is hidden in Kilauea (perfect information after set-up)."""
        if not 0 <= player < self.d.n:
            raise ValueError(f"player {player} is not a seat of this {self.d.n}-player game")
        return f"Observer P{player + 1}\n" + str(self)

    def observation_tensor(self, player):
        """A flat float32 vector of the public state (size OBSERVATION_SIZE), same for all
        observers except the observer's one-hot seat."""
        if not 0 <= player < self.d.n:
            raise ValueError(f"player {player} is not a seat of this {self.d.n}-player game")
        cdef KData* d = &self.d
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        cdef float[::1] v = out
        cdef int k = 0, p, s, c, f, i, t
        v[k + d.phase] = 1; k += 12
        v[k + player] = 1; k += 4
        if 0 <= d.player < 4 and d.phase != PH_OVER:
            v[k + d.player] = 1
        k += 4
        if d.start >= 0:
            v[k + d.start] = 1
        k += 4
        v[k + d.pawn + 1] = 1; k += 11
        v[k] = d.crater / 16.0; k += 1
        v[k] = d.turns / <float>d.turn_cap; k += 1
        v[k] = d.midscored; k += 1
        v[k] = d.step / 55.0; k += 1
        for c in range(4):
            v[k + c] = d.pool[c] / 15.0
        k += 4
        for t in range(10):
            v[k + t] = (d.tiles_left >> t) & 1
        k += 10
        for p in range(d.n):
            v[k] = d.vp[p] / 100.0
            v[k + 1] = d.stones[p] / 5.0
            for c in range(4):
                v[k + 2 + c] = d.canoe[p][c] / 4.0
            for s in range(5):
                for c in range(4):
                    v[k + 6 + s * 4 + c] = d.island[p][s][c] / 6.0
            k += 26
        k += 26 * (4 - d.n)
        for s in range(5):
            for c in range(4):
                v[k] = d.volcano[s][c] / 6.0
                k += 1
        for f in range(5):
            for i in range(11):
                v[k + d.forest[f][i] + 1] = 1
                k += 5
        for s in range(5):
            if d.reef[s] >= 0:
                v[k + d.reef[s] * 15 + s] = 1
            if d.fcentre[s] >= 0:
                v[k + d.fcentre[s] * 15 + 5 + s] = 1
            if d.hill[s] >= 0:
                v[k + d.hill[s] * 15 + 10 + s] = 1
        k += 150
        v[k] = d.opp_coral
        v[k + 1] = d.opp_hill
        k += 2
        for t in range(10):
            v[k + t] = (d.opp_unlocked >> t) & 1
        k += 10
        if d.kind >= 0:
            v[k + d.kind] = 1
        k += 20
        for i, size in enumerate((5, 11, 5, 5, 4)):
            val = (d.ef, d.ei, d.ex, d.ey, d.ec)[i]
            if val >= 0:
                v[k + val] = 1
            k += size
        return out

    def __str__(self) -> str:
        cdef KData* d = &self.d
        cdef int s, c, f, i, p
        lines = []
        if d.phase == PH_OVER:
            who = "game over"
        elif d.phase < PH_DRAFT:
            who = "set-up (chance)"
        else:
            who = f"P{d.player + 1} to play"
        lines.append(f"Kilauea, {d.n} players, turn {d.turns}/{d.turn_cap}, phase "
                     f"{PHASE_NAMES[d.phase]}, {who}")
        if d.start >= 0:
            lines.append(f"Starting player P{d.start + 1}; forests emptied {forests_emptied(d)}/5"
                         f"{', intermediate scoring done' if d.midscored else ''}")
        pawn = "start space" if d.pawn < 0 else (
            f"{_sector_name(d.pawn >> 1)} space ({(d.pawn >> 1) + 1},{(d.pawn & 1) + 1}), "
            f"by reef R{reef_of(d.pawn) + 1}")
        lines.append(f"Canoe pawn: {pawn}")
        lines.append(f"Volcano (crater: {d.crater} holy stones)")
        for s in range(5):
            cols = "  ".join(f"{COLOURS[c]} {d.volcano[s][c]}" for c in range(4))
            hill = f"   hillside: volcano {d.hill[s] + 1}" if d.hill[s] >= 0 else ""
            lines.append(f"  {_sector_name(s)}: {cols}{hill}")
        lines.append("Forests (a = coast row, c = next to the volcano tile; . = empty)")
        for f in range(5):
            rows = []
            for r, (lo, hi) in enumerate(((0, 4), (4, 8), (8, 11))):
                cells = "".join(("." if d.forest[f][i] < 0 else "RYGB"[d.forest[f][i]])
                                for i in range(lo, hi) if KIL_BOARD_SPACES[f] & (1 << i))
                rows.append("abc"[r] + ":" + cells)
            tile = f"volcano {d.fcentre[f] + 1}" if d.fcentre[f] >= 0 else "-"
            lines.append(f"  F{f + 1} {' '.join(rows)}   tile: {tile}")
        lines.append("Reefs: " + "  ".join(
            f"R{s + 1} " + (f"coral {d.reef[s] + 1}" if d.reef[s] >= 0 else "-") for s in range(5)))
        for p in range(d.n):
            canoe = " ".join(f"{COLOURS[c]} {d.canoe[p][c]}" for c in range(4) if d.canoe[p][c]) or "empty"
            isl = []
            for s in range(5):
                stack = " ".join(f"{COLOURS[c]} {d.island[p][s][c]}" for c in range(4) if d.island[p][s][c])
                isl.append(f"{_sector_name(s)}[{stack}]")
            lines.append(f"P{p + 1}: {d.vp[p]} VP, {d.stones[p]} stones, canoe: {canoe}")
            lines.append(f"    island: {' '.join(isl)}")
        if d.kind >= 0:
            lines.append(f"Resolving {_kind_name(d.kind)}")
        return "\n".join(lines)


OBSERVATION_SIZE = 12 + 4 + 4 + 4 + 11 + 4 + 4 + 10 + 4 * 26 + 20 + 275 + 150 + 2 + 10 + 20 + 30


# ---------------------------------------------------------------- JSON loading
cdef void _fill(KData* e, dict data) except *:
    """Copy `to_dict` data into e (types and ranges checked; consistency in _validate)."""
    cdef int n = e.n, p, s, c, f, i, k
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise ValueError(f"kilauea state: unknown phase {phase!r}")
    e.phase = PHASE_NAMES.index(phase)
    e.player = _check_int(data["player"], "player", -4, n - 1)
    e.start = _check_int(data["start"], "start", -1, n - 1)
    e.step = _check_int(data["step"], "step", 0, 54)
    e.turns = _check_int(data["turns"], "turns", 0, e.turn_cap)
    if e.turns == e.turn_cap and e.phase != PH_OVER:
        raise ValueError("inconsistent kilauea state: the turn cap is reached but the game is not over")
    e.pawn = _check_int(data["pawn"], "pawn", -1, 9)
    e.crater = _check_int(data["crater"], "crater", 0, K_STONES)
    mid = data["intermediate_scored"]
    if not isinstance(mid, bool):
        raise ValueError("kilauea state: intermediate_scored must be true or false")
    e.midscored = mid
    pool = _check_list(data["pool"], "pool", 4)
    for c in range(4):
        e.pool[c] = _check_int(pool[c], "pool", 0, K_TIKIS_PER_COLOUR)
    left = data["tiles_left"]
    if not isinstance(left, list):
        raise ValueError("kilauea state: tiles_left must be a list")
    e.tiles_left = 0
    for t in left:
        e.tiles_left |= 1 << (_check_int(t, "tiles_left", 1, 10) - 1)
    players = _check_list(data["players"], "players", n)
    for p in range(n):
        pl = players[p]
        if not isinstance(pl, dict):
            raise ValueError("kilauea state: each player is an object")
        e.vp[p] = _check_int(pl["vp"], "vp", 0, 1000000)
        e.stones[p] = _check_int(pl["stones"], "stones", 0, K_CANOE_STONES)
        canoe = _check_list(pl["canoe"], "canoe", 4)
        for c in range(4):
            e.canoe[p][c] = _check_int(canoe[c], "canoe", 0, K_CANOE_TIKIS)
        isl = _check_list(pl["island"], "island", 5)
        for s in range(5):
            row = _check_list(isl[s], "island sector", 4)
            for c in range(4):
                e.island[p][s][c] = _check_int(row[c], "island", 0, K_COLUMN_MAX)
    vol = _check_list(data["volcano"], "volcano", 5)
    for s in range(5):
        row = _check_list(vol[s], "volcano sector", 4)
        for c in range(4):
            e.volcano[s][c] = _check_int(row[c], "volcano column", 0, K_COLUMN_MAX)
    forests = _check_list(data["forests"], "forests", 5)
    for f in range(5):
        spaces = [i for i in range(11) if KIL_BOARD_SPACES[f] & (1 << i)]
        row = _check_list(forests[f], f"forest F{f + 1}", len(spaces))
        for k, i in enumerate(spaces):
            if row[k] is None:
                continue
            if row[k] not in COLOURS:
                raise ValueError(f"kilauea state: forest F{f + 1} holds {row[k]!r}, not a colour")
            e.forest[f][i] = COLOURS.index(row[k])
            e.occ[f] |= 1 << i
    for key, arr in (("reefs", 0), ("forest_tiles", 1), ("hillside", 2)):
        row = _check_list(data[key], key, 5)
        for s in range(5):
            t = _tile_or_none(row[s], key)
            if arr == 0:
                e.reef[s] = t
            elif arr == 1:
                e.fcentre[s] = t
            else:
                e.hill[s] = t
    turn = data["turn"]
    if not isinstance(turn, dict):
        raise ValueError("kilauea state: 'turn' must be an object")
    for key in ("coral_open", "hillside_open"):
        if not isinstance(turn[key], bool):
            raise ValueError(f"kilauea state: turn.{key} must be true or false")
    e.opp_coral = turn["coral_open"]
    e.opp_hill = turn["hillside_open"]
    unlocked = turn["unlocked"]
    if not isinstance(unlocked, list):
        raise ValueError("kilauea state: turn.unlocked must be a list")
    e.opp_unlocked = 0
    for t in unlocked:
        e.opp_unlocked |= 1 << (_check_int(t, "unlocked tile", 1, 10) - 1)
    e.kind = _parse_kind(turn["resolving"])
    pending = _check_list(turn["pending"], "turn.pending", 5)
    e.ef = _check_int(pending[0], "pending forest", -1, 4)
    e.ei = _check_int(pending[1], "pending space", -1, 10)
    e.ex = _check_int(pending[2], "pending sector", -1, 4)
    e.ey = _check_int(pending[3], "pending sector", -1, 4)
    e.ec = _check_int(pending[4], "pending colour", -1, 3)


cdef void _validate(KData* e) except *:
    """Consistency: conservation of tikis and stones, limits, set-up progress, turn state."""
    cdef int n = e.n, p, s, c, f, i, k, t, ph = e.phase
    cdef int buf[MAX_ACTIONS]
    cdef double probs[NUM_CHANCE]
    def bad(msg):
        raise ValueError("inconsistent kilauea state: " + msg)
    # holy stones: 16 in crater, canoes and box (K4)
    if e.crater + sum(e.stones[p] for p in range(n)) + e.box_stones != K_STONES:
        bad(f"the holy stones do not add up to {K_STONES}")
    # tikis: 18 of each colour across forests, volcano, canoes, islands, box and set-up pool
    for c in range(4):
        total = e.pool[c] + (K_REMOVED_2P if n == 2 else 0)
        total += sum(e.volcano[s][c] for s in range(5))
        total += sum(e.canoe[p][c] + sum(e.island[p][s][c] for s in range(5)) for p in range(n))
        total += sum(1 for f in range(5) for i in range(11) if e.forest[f][i] == c)
        if total != K_TIKIS_PER_COLOUR:
            bad(f"there are {total} {COLOURS[c]} tikis, not {K_TIKIS_PER_COLOUR}")
    for p in range(n):
        if canoe_count(e, p) > K_CANOE_TIKIS:
            bad(f"P{p + 1}'s canoe holds more than {K_CANOE_TIKIS} tikis")
        for s in range(5):
            if isle_count(e, p, s) > K_COLUMN_MAX:
                bad(f"P{p + 1}'s island sector S{s + 1} is higher than {K_COLUMN_MAX}")
    if n == 2:
        for f in range(5):
            if e.occ[f] & KIL_THREE_PLUS[f]:
                bad(f"a '3+' space of F{f + 1} holds a tiki in a 2-player game")
    # set-up progress
    if ph == PH_FOREST:
        for k in range(n_fill(e)):
            i = fill_space(e, k)
            if (e.forest[i // 11][i % 11] >= 0) != (k < e.step):
                bad("the forests are not filled in set-up order")
        if e.step >= n_fill(e) or e.tiles_left != (1 << K_TILES) - 1:
            bad("set-up step out of range")
    elif e.step >= 2 * n and ph == PH_DRAFT:
        bad("draft pick out of range")
    elif ph != PH_TILES and ph != PH_DRAFT and (e.step != 0 or sum(e.pool[c] for c in range(4))):
        bad("set-up counters left over after set-up")
    if ph != PH_FOREST and sum(e.pool[c] for c in range(4)):
        bad("tikis left to place after the forest set-up")
    placed = [e.reef[s] for s in range(5)] + [e.fcentre[s] for s in range(5)] + [e.hill[s] for s in range(5)]
    tiles = [t for t in placed if t >= 0]
    if len(set(tiles)) != len(tiles) or any((e.tiles_left >> t) & 1 for t in tiles):
        bad("an action tile is in two places")
    if ph <= PH_TILES:
        expect = e.step if ph == PH_TILES else 0
        if ph == PH_TILES and e.step >= 9:
            bad("tile set-up step out of range")
        slots = [e.reef[s] for s in range(5)] + [e.fcentre[s] for s in range(5)]
        if any((slots[k] >= 0) != (k < expect) for k in range(10)) or any(e.hill[s] >= 0 for s in range(5)):
            bad("the action tiles are not placed in set-up order")
        if len(tiles) + bin(e.tiles_left).count("1") != K_TILES:
            bad("action tiles are missing")
    else:
        if e.tiles_left or len(tiles) != K_TILES or any(e.reef[s] < 0 for s in range(5)):
            bad("the 10 action tiles must be on the reefs, forests or hillside")
        for f in range(5):
            if (e.fcentre[f] >= 0) == (e.hill[f] >= 0):
                bad(f"the volcano tile of F{f + 1} must be in the forest or on the hillside")
            if e.fcentre[f] >= 0 and (e.occ[f] & K_ROW_C) == 0 and not (ph == PH_BACK and e.ef == f):
                bad(f"F{f + 1}'s row c is empty but its volcano tile is still locked")
            if e.hill[f] >= 0 and (e.occ[f] & K_ROW_C):
                bad(f"F{f + 1}'s volcano tile is on the hillside but its row c is not empty")
    # players and turn state
    if ph < PH_DRAFT:
        if e.player != 0 or e.start != -1 or e.pawn != -1 or e.turns:
            bad("players cannot have acted during set-up")
    elif ph == PH_OVER:
        if e.player != TERMINAL_PLAYER:
            bad("the player of a finished game is -4")
    else:
        if not 0 <= e.player < n or e.start < 0:
            bad("the player to act is not a seat")
        if ph == PH_DRAFT and (e.player != draft_player(e) or e.pawn != -1 or e.turns):
            bad("the draft is out of order")
    if ph > PH_DRAFT and ph != PH_OVER and e.pawn < 0 and ph != PH_MOVE:
        bad("the canoe pawn has not moved yet")
    if e.pawn >= 0 and n == 2 and e.pawn & 1:
        bad("with 2 players the (k,2) canoe spaces are sea")
    if ph < PH_CUT2 or ph == PH_OVER:
        if e.opp_unlocked or e.opp_hill or e.opp_coral:
            bad("secondary action opportunities outside the secondary-action step")
    if ph == PH_CUT2 and (e.opp_hill or e.opp_coral):
        bad("the coral opportunity opens only after the cut")
    for t in range(10):
        if (e.opp_unlocked >> t) & 1 and t not in [e.hill[s] for s in range(5)]:
            bad(f"volcano tile {t + 1} is open but not on the hillside")
    if ph == PH_TARGET and e.kind not in (C3, V3):
        bad("only coral 3 or volcano 3 chooses a target")
    if (ph == PH_EFFECT or ph == PH_BACK) != (e.kind >= 0 and ph != PH_TARGET) and ph != PH_TARGET:
        bad("a tile is being resolved outside the effect step")
    if ph == PH_EFFECT and e.kind in (C1, C2, C3, V1, V3):
        bad(f"{_kind_name(e.kind)} takes no parameters")
    pend = (e.ef, e.ei, e.ex, e.ey, e.ec)
    if ph == PH_BACK:
        if e.kind == C10:
            ok = e.ef >= 0 and e.ei >= 0 and e.ex >= 0 and e.ey < 0 and e.ec >= 0 and \
                 e.forest[e.ef][e.ei] < 0 and (KIL_BOARD_SPACES[e.ef] >> e.ei) & 1
        elif e.kind == V10:
            ok = e.ef < 0 and e.ei < 0 and e.ex >= 0 and e.ey >= 0 and e.ec >= 0 and e.ex != e.ey
        else:
            ok = False
        if not ok:
            bad("the second half of coral 10 / volcano 10 is inconsistent")
    elif any(v != -1 for v in pend):
        bad("pending coral 10 / volcano 10 data outside that step")
    if forests_emptied(e) and not e.midscored and ph in (PH_DRAFT, PH_MOVE):
        bad("a forest is empty but the intermediate scoring has not happened")
    if ph >= PH_DRAFT and ph != PH_OVER and gen_legal(e, buf) == 0:
        bad("the player to act has no legal move")
    if ph < PH_DRAFT and gen_chance(e, buf, probs) == 0:
        bad("the set-up has no chance outcome")
