# Hidden information of Vulcanus (ext/vulcanus/logic.pyx includes this file): resampling
# the cards a seat has not seen from the public record of each deck (X4), and action keys.

cdef enum:
    # action keys of moves the observer sees only in part (action_key)
    KEY_HIDDEN_DRAW = 10000
    KEY_HIDDEN_PLACE = 10001
    KEY_HIDDEN_MARK = 10002
    KEY_HIDDEN_BONUS = 10003
    KEY_HIDDEN_DROP = 10004


# ---------------------------------------------------------------- hidden information
cdef inline void shuffle_ints(int* a, int k, Rng* rng) noexcept nogil:
    cdef int i, j, t
    for i in range(k - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t



cdef enum:
    HV_DRAW = 0             # a card drawn from layer `arg` into the round's hand
    HV_PLACE = 1            # the hand's card planned as the round's k-th card (k = `arg`)
    HV_DISC = 2             # a hand card set aside and discarded by a redraw
    HV_MARK = 3             # a hand card set aside now (the redraw is still to come)
    HV_FINAL = 4            # planning over: the rest of the hand to the discard pile
    HV_LAYER = 5            # next round: the round's cards form layer r + 1 under the deck
    MAX_EVENTS = 200
    SEARCH_NODES = 4000     # first budget of a randomised search before it restarts
    RESAMPLE_TRIES = 6      # uniform shuffles checked before a pick from the table instead



# The rounds before the round in play do not depend on the deal being checked but through the
# layer contents (tl) and what later rounds drew (acc): whether rounds r, r - 1, .. have a history
# is a function of those and the record. Each thread keeps those verdicts per deck and record
# (the resample cache's generation), so the checks of the deals of one record share them; and
# the record's index (exact_index_record), the same for all of them.
cdef extern from *:
    """
    #define VUL_XMEMO 1024
    #define VUL_INDEX_BYTES 4096
    typedef struct {
        unsigned long long key[VUL_XMEMO][6];
        unsigned int gen[VUL_XMEMO];
        unsigned char r[VUL_XMEMO];
        unsigned char verdict[VUL_XMEMO];
        unsigned int index_gen;
        _Alignas(16) unsigned char index[VUL_INDEX_BYTES];
    } VulRoundMemo;
    /* thread-local, like the resample cache */
    static __thread VulRoundMemo vul_round_memo[4];
    """
    enum:
        VUL_XMEMO
        VUL_INDEX_BYTES
    ctypedef struct VulRoundMemo:
        unsigned long long key[VUL_XMEMO][6]    # acc, then tl, of layers 0 .. r + 1 (exact_key)
        unsigned int gen[VUL_XMEMO]             # the record's generation; another: empty
        unsigned char r[VUL_XMEMO]
        unsigned char verdict[VUL_XMEMO]
        unsigned int index_gen                  # the generation of index:
        unsigned char index[VUL_INDEX_BYTES]    # exact_index_record's Exact, up to acc
    VulRoundMemo vul_round_memo[4]



ctypedef struct Hist:
    # one deck's public record replayed as events, with the hidden choices left open
    int nev
    int kind[MAX_EVENTS]
    int rnd[MAX_EVENTS]
    int arg[MAX_EVENTS]
    int forced[MAX_EVENTS]      # HV_PLACE: the revealed type, or -1
    int prev[MAX_EVENTS]        # the previous event of the same unordered choice, or -1
    int chosen[MAX_EVENTS]
    int desc[6]                 # layer l's cards may now be in layers (bits 0..5) and zones (bit 6)
    int seen[6][8]              # cards of layer l seen face up in its round
    int outl[6]                 # cards later rounds drew from layer l (public)
    signed char need[MAX_EVENTS][8]     # revealed cards of type t planned at events >= i (same round)
    signed char pend[MAX_EVENTS][6]     # draws from layer l at events >= i (same round)
    int nl                      # layers in the deck now
    int zr                      # the round (0-based) whose cards are in hand/slots/discard, or -1
    int lay[6][8]
    int drawn[6][8]
    int hand[6][8]
    int mark[6][8]
    int disc[6][8]
    int saved[6][8]
    int slot[3]
    bint target                 # check mode: the state's own deal must come out
    int tl[6][8]
    int tz[8]
    int th[8]
    int tm[8]
    int td[8]
    int ts[3]
    unsigned long long memo[128][3]     # layer contents after a round that led nowhere
    int memo_r[128]
    int nmemo                   # entries written (the last 128 kept)
    Rng* rng
    long nodes
    long budget
    bint aborted
    VulRoundMemo* xm            # the record's memo of past rounds (NULL: none), for generation:
    unsigned int xgen



cdef inline void hist_add(Hist* h, int kind, int r, int arg, int forced, int prev) noexcept nogil:
    if h.nev >= MAX_EVENTS:
        return
    h.kind[h.nev] = kind
    h.rnd[h.nev] = r
    h.arg[h.nev] = arg
    h.forced[h.nev] = forced
    h.prev[h.nev] = prev
    h.nev += 1



cdef inline int round_slot_card(VulData* d, int dk, int k) noexcept nogil:
    return d.slot_card[kaiju_slot(k) if dk == KDECK_ID else group_slot(d, dk, k)]



cdef void hist_build(VulData* d, int dk, Hist* h) noexcept nogil:
    """The events of deck dk's record (perfect recall, X4), in the order they happened: per
    round and epoch, the batch drawn (oldest layer first, the counts per layer are public),
    the cards planned in that epoch (revealed or not), the redraw's discards; then the round's
    end. Choices that are one unordered set (a batch from one layer, a redraw's discards) are
    chained by `prev` so the search takes each multiset once."""
    cdef int r, row, j, k, l, i, K, ne, b0, left, last
    cdef int b[6]
    cdef int lastof[6]
    cdef bint now = (d.stage == ST_DRAW or d.stage == ST_PLAN or d.stage == ST_KPLAN) and d.draw_deck == dk
    h.nev = 0
    h.nl = d.next_layer[dk]
    h.zr = -1
    h.xm = NULL
    for r in range(h.nl):
        if r >= NROUNDS:
            break
        row = rec(dk, r)
        K = 0
        for l in range(6):
            K += d.hx[row * 6 + l]
        if K == 0:
            break
        if r == h.nl - 1:
            h.zr = r
        ne = 1
        while ne < 6 and d.hm[row * 6 + ne - 1] > 0:
            ne += 1
        b0 = K
        for j in range(1, ne):
            b[j] = d.hm[row * 6 + j - 1]
            if j == ne - 1 and now and r == h.zr and d.stage == ST_DRAW:
                b[j] -= d.draw_left
            b0 -= b[j]
        b[0] = b0
        l = 0
        left = d.hx[row * 6]
        for j in range(ne):
            for i in range(6):
                lastof[i] = -1
            for i in range(b[j]):
                while left <= 0 and l < 5:
                    l += 1
                    left = d.hx[row * 6 + l]
                hist_add(h, HV_DRAW, r, l, -1, lastof[l])
                lastof[l] = h.nev - 1
                left -= 1
            for k in range(3):
                if d.hk[row * 3 + k] == j:
                    hist_add(h, HV_PLACE, r, k, d.hv[row * 3 + k], -1)
            if j < ne - 1:
                last = -1
                for i in range(d.hm[row * 6 + j]):
                    hist_add(h, HV_DISC, r, 0, -1, last)
                    last = h.nev - 1
        if now and r == h.zr:
            last = -1
            for i in range(count_zone(d, dk, Z_MARKED)):
                hist_add(h, HV_MARK, r, 0, -1, last)
                last = h.nev - 1
        else:
            hist_add(h, HV_FINAL, r, 0, -1, -1)
        if r < h.nl - 1:
            hist_add(h, HV_LAYER, r, 0, -1, -1)
    hist_suffixes(h)
    hist_layer_reach(d, dk, h)



cdef void hist_layer_reach(VulData* d, int dk, Hist* h) noexcept nogil:
    """Per layer of deck dk: the cards later rounds drew from it (outl), the ones seen face up
    in its round (seen), and where its cards can be now (desc): the layer, and the places of
    every later round that drew from it or from such a place."""
    cdef int l, r, k, t, j
    for l in range(6):
        h.outl[l] = 0
        for r in range(h.nl):
            h.outl[l] += d.hx[rec(dk, r) * 6 + l]
        h.desc[l] = 1 << l
        for t in range(8):
            h.seen[l][t] = 0
        if 1 <= l < h.nl:
            for k in range(3):
                if d.hv[rec(dk, l - 1) * 3 + k] >= 0:
                    h.seen[l][d.hv[rec(dk, l - 1) * 3 + k]] += 1
        for r in range(l, h.nl):
            for j in range(6):
                if d.hx[rec(dk, r) * 6 + j] > 0 and (h.desc[l] >> j) & 1:
                    h.desc[l] |= 1 << (r + 1 if r < h.nl - 1 else 6)



cdef void hist_suffixes(Hist* h) noexcept nogil:
    """need/pend: what the rest of each event's round asks for and offers (for pruning)."""
    cdef int i, t, l, r = -1
    for i in range(h.nev - 1, -1, -1):
        if h.rnd[i] != r:
            r = h.rnd[i]
            for t in range(8):
                h.need[i][t] = 0
            for l in range(6):
                h.pend[i][l] = 0
        else:
            for t in range(8):
                h.need[i][t] = h.need[i + 1][t]
            for l in range(6):
                h.pend[i][l] = h.pend[i + 1][l]
        if h.kind[i] == HV_PLACE and h.forced[i] >= 0:
            h.need[i][h.forced[i]] += 1
        elif h.kind[i] == HV_DRAW:
            h.pend[i][h.arg[i]] += 1



cdef inline int can_give(Hist* h, int l, int t, int n) noexcept nogil:
    """How many of n more draws from layer l can be of type t (in check mode the cards that
    must stay in the layer cannot be drawn)."""
    cdef int a = h.lay[l][t] - (h.tl[l][t] if h.target else 0)
    return 0 if a < 0 else (a if a < n else n)



cdef bint hist_hopeless(Hist* h, int i) noexcept nogil:
    """A necessary condition for events i.. of this round: each revealed card still to be
    planned is in the hand or can still be drawn (a layer gives at most its cards of that type
    and at most the draws left from it); in check mode, the round's cards end as layer r + 1's
    first content (or, for the round in play, the cards in hand and on the board), so the
    draws left supply what that layer keeps and the round still lacks."""
    cdef int t, k, x, y, supply, nls = 0, r = h.rnd[i]
    cdef bint tgt = h.target and r < h.nl
    cdef int ls[6]
    for k in range(6):
        if h.pend[i][k] > 0:
            ls[nls] = k
            nls += 1
    for t in range(8):
        x = h.need[i][t] - h.hand[r][t]
        if tgt:
            y = (h.tz[t] if r == h.zr else h.tl[r + 1][t]) - h.drawn[r][t]
            if y > x:
                x = y
        if x <= 0:
            continue
        supply = 0
        for k in range(nls):
            supply += can_give(h, ls[k], t, h.pend[i][ls[k]])
        if supply < x:
            return True
    return False



cdef bint future_hopeless(Hist* h, int i, int r) noexcept nogil:
    """At the end of round r: each later round can still draw its revealed cards (in check
    mode, the round in hand and on the board all its cards) from the layers that exist
    (layers only lose cards) and from those still to be made; in check mode, the cards that
    must still leave a layer no round before that one draws from go to it."""
    cdef int j, r2, t, l, have, used = 0
    cdef bint whole
    cdef int need[8]
    cdef int cap[6]
    j = i
    while j < h.nev:
        r2 = h.rnd[j]
        whole = h.target and r2 == h.zr
        for t in range(8):
            need[t] = h.tz[t] if whole else h.need[j][t]
            if h.target and not whole and r2 + 1 < h.nl and h.tl[r2 + 1][t] > need[t]:
                need[t] = h.tl[r2 + 1][t]       # the cards layer r2 + 1 keeps came from r2
        for l in range(6):
            cap[l] = h.pend[j][l]
        for t in range(8):
            if whole:
                have = 0
                for l in range(r + 2):
                    if cap[l] > 0 and not (used >> l) & 1:
                        have += h.lay[l][t] - h.tl[l][t]
                if have > need[t]:
                    return True
            if need[t] == 0:
                continue
            have = 0
            for l in range(6):
                have += can_give(h, l, t, cap[l]) if l <= r + 1 else cap[l]
            if have < need[t]:
                return True
        for l in range(6):
            if cap[l] > 0:
                used |= 1 << l
        while j < h.nev and h.rnd[j] == r2:
            j += 1
    return False



cdef int hist_pick(Hist* h, int* w, int lo) noexcept nogil:
    """The first type to try among those with weight w[t] > 0 (t >= lo): at random in
    proportion to w when sampling, the lowest when checking; -1 if none."""
    cdef int t, total = 0, u
    for t in range(lo, 8):
        total += w[t]
    if total == 0:
        return -1
    if h.rng == NULL:
        u = 0
    else:
        u = rng_below(h.rng, total)
    for t in range(lo, 8):
        if u < w[t]:
            return t
        u -= w[t]
    return -1



cdef bint hist_matches(Hist* h) noexcept nogil:
    cdef int l, t, z = h.zr
    for l in range(h.nl):
        for t in range(8):
            if h.lay[l][t] != h.tl[l][t]:
                return False
    if z >= 0:
        for t in range(8):
            if h.hand[z][t] != h.th[t] or h.mark[z][t] != h.tm[t] or h.disc[z][t] != h.td[t]:
                return False
    return True



cdef inline void hist_key(Hist* h, unsigned long long* key) noexcept nogil:
    """The layers' contents packed 4 bits a count (at most 12 cards)."""
    cdef int l, t, x
    key[0] = 0
    key[1] = 0
    key[2] = 0
    for l in range(6):
        for t in range(8):
            x = l * 8 + t
            key[x >> 4] |= (<unsigned long long>h.lay[l][t]) << (4 * (x & 15))



cdef bint hist_dfs(Hist* h, int i) noexcept nogil:
    """Depth-first search for hidden choices that make events i.. consistent: every draw
    from a layer holding that type, every revealed card in the hand when it was planned, every
    discard from the hand (and in check mode, the state's own deal at the end)."""
    cdef int kind, r, t, t0, k, lo
    cdef bint zone
    cdef int w[8]
    if i >= h.nev:
        return not h.target or hist_matches(h)
    h.nodes += 1
    if h.budget > 0 and h.nodes > h.budget:
        h.aborted = True
        return False
    kind = h.kind[i]
    r = h.rnd[i]
    if hist_hopeless(h, i):
        return False
    zone = h.target and r == h.zr
    lo = h.chosen[h.prev[i]] if h.prev[i] >= 0 else 0
    if kind == HV_FINAL:
        return dfs_final(h, i, r, zone)
    if kind == HV_LAYER:
        return dfs_layer(h, i, r)
    if kind == HV_PLACE and (h.forced[i] >= 0 or (zone and h.ts[h.arg[i]] >= 0)):
        return dfs_forced_place(h, i, r, zone)
    # a free choice: which type
    dfs_weights(h, i, r, zone, lo, w)
    t0 = hist_pick(h, w, lo)
    if t0 < 0:
        return False
    if h.rng == NULL:
        t0 = dfs_check_first(h, i, r, zone, lo, w, t0)
    for k in range(8):
        t = t0 + k
        if t >= 8:
            t -= 8 - lo
            if t >= t0:
                break
        if w[t] <= 0:
            continue
        h.chosen[i] = t
        dfs_choose(h, i, r, t, 1)
        if hist_dfs(h, i + 1):
            return True
        if h.aborted:
            return False
        dfs_choose(h, i, r, t, -1)
    return False



cdef inline bint dfs_final(Hist* h, int i, int r, bint zone) noexcept nogil:
    """Event i ends round r: its hand is discarded (in the round in play, no more of a type
    than the state's discards), then the search goes on; undone when it fails."""
    cdef int t
    cdef bint n = 1
    for t in range(8):
        h.saved[r][t] = h.hand[r][t]
        h.disc[r][t] += h.hand[r][t]
        h.hand[r][t] = 0
    if zone:
        for t in range(8):
            if h.disc[r][t] > h.td[t]:
                n = 0
    if n and hist_dfs(h, i + 1):
        return True
    for t in range(8):
        h.hand[r][t] = h.saved[r][t]
        h.disc[r][t] -= h.saved[r][t]
    return False



cdef inline bint dfs_layer(Hist* h, int i, int r) noexcept nogil:
    """Event i makes layer r + 1 of round r's drawn cards, then the search goes on; layers
    that failed after the same round are remembered and not tried again."""
    cdef int t, k
    cdef bint n = 1
    cdef unsigned long long key[3]
    for t in range(8):
        h.lay[r + 1][t] = h.drawn[r][t]
        if h.target and h.drawn[r][t] < h.tl[r + 1][t]:
            n = 0
    # what follows depends only on the layers: the same layers after the same round (other
    # discards, other orders of the same draws) fail again, so that is remembered
    hist_key(h, key)
    if n:
        for k in range(h.nmemo if h.nmemo < 128 else 128):
            if h.memo_r[k] == r and h.memo[k][0] == key[0] and h.memo[k][1] == key[1] \
                    and h.memo[k][2] == key[2]:
                n = 0
                break
    if n and not future_hopeless(h, i + 1, r):
        if hist_dfs(h, i + 1):
            return True
        if not h.aborted:
            k = h.nmemo % 128            # full: the oldest entry goes
            h.memo_r[k] = r
            h.memo[k][0] = key[0]
            h.memo[k][1] = key[1]
            h.memo[k][2] = key[2]
            h.nmemo += 1
    for t in range(8):
        h.lay[r + 1][t] = 0
    return False



cdef inline bint dfs_forced_place(Hist* h, int i, int r, bint zone) noexcept nogil:
    """Event i plans a card of a known type (revealed, or on its slot in the round in play):
    taken from the hand if there, then the search goes on; undone when it fails."""
    cdef int t = h.forced[i] if h.forced[i] >= 0 else h.ts[h.arg[i]]
    if h.hand[r][t] <= 0:
        return False
    h.hand[r][t] -= 1
    h.slot[h.arg[i]] = t
    if hist_dfs(h, i + 1):
        return True
    h.hand[r][t] += 1
    return False



cdef inline void dfs_weights(Hist* h, int i, int r, bint zone, int lo, int* w) noexcept nogil:
    """Into w, how many ways event i (a draw, plan, discard or mark) can take each type:
    0 below lo (a repeated choice keeps its order) and where the state rules it out."""
    cdef int t, kind = h.kind[i]
    for t in range(8):
        if t < lo:
            w[t] = 0
        elif kind == HV_DRAW:
            w[t] = can_give(h, h.arg[i], t, 12)
            if zone and h.drawn[r][t] >= h.tz[t]:
                w[t] = 0
            elif h.target and not zone and h.drawn[r][t] >= h.tl[r + 1][t] + h.outl[r + 1]:
                w[t] = 0        # more than layer r + 1 can have held (what it keeps + what left)
        else:
            w[t] = h.hand[r][t]
            if zone and ((kind == HV_DISC and h.disc[r][t] >= h.td[t]) or
                         (kind == HV_MARK and h.mark[r][t] >= h.tm[t])):
                w[t] = 0
        if w[t] < 0:
            w[t] = 0



cdef inline int dfs_check_first(Hist* h, int i, int r, bint zone, int lo, int* w,
                                int t0) noexcept nogil:
    """Checking: the type to try first, one the rest asks for (a draw the round's cards still
    lack, a discard of a type the round's revealed plans no longer need), else t0; only the
    order of the tries changes."""
    cdef int t, kind = h.kind[i]
    for t in range(lo, 8):
        if w[t] > 0 and ((kind == HV_DRAW and (h.tz[t] if zone else
                                                (h.tl[r + 1][t] if h.target and r + 1 < h.nl else 0))
                          > h.drawn[r][t]) or
                         (kind == HV_DISC and not zone and h.hand[r][t] > h.need[i][t])):
            return t
    return t0



cdef inline void dfs_choose(Hist* h, int i, int r, int t, int sign) noexcept nogil:
    """Event i takes type t (sign 1) or gives it back (sign -1): a draw moves a card from its
    layer to the hand; a plan, discard or mark takes it from the hand."""
    cdef int kind = h.kind[i]
    if kind == HV_DRAW:
        h.lay[h.arg[i]][t] -= sign
        h.hand[r][t] += sign
        h.drawn[r][t] += sign
    else:
        h.hand[r][t] -= sign
        if kind == HV_PLACE:
            if sign > 0:
                h.slot[h.arg[i]] = t
        elif kind == HV_DISC:
            h.disc[r][t] += sign
        else:
            h.mark[r][t] += sign



cdef inline int plan_type(Hist* h, int i) noexcept nogil:
    """The type event i (a plan) must have: the revealed one, in check mode the one on its slot
    for the round in play, else -1 (free)."""
    if h.forced[i] >= 0:
        return h.forced[i]
    if h.target and h.rnd[i] == h.zr:
        return h.ts[h.arg[i]]
    return -1



cdef void hist_reset(VulData* d, int dk, Hist* h) noexcept nogil:
    cdef int l, t, c, k, f = deck_first(dk)
    for l in range(6):
        for t in range(8):
            h.lay[l][t] = 0
            h.drawn[l][t] = 0
            h.hand[l][t] = 0
            h.mark[l][t] = 0
            h.disc[l][t] = 0
    for c in range(f, f + deck_size(dk)):
        h.lay[0][d.ctype[c]] += 1         # the deck's composition (public)
    for k in range(3):
        h.slot[k] = -1
    h.nodes = 0
    h.nmemo = 0
    h.aborted = False



cdef bint hist_search(VulData* d, int dk, Hist* h, Rng* rng) noexcept nogil:
    """A consistent history of deck dk: with rng, a random one (restarting with a larger node
    budget when a search wanders, the last try unbounded); without, whether the state's own
    deal has one (check mode, targets set by the caller)."""
    cdef int attempt
    h.rng = rng
    for attempt in range(4):
        hist_reset(d, dk, h)
        h.budget = SEARCH_NODES << (2 * attempt) if (rng != NULL and attempt < 3) else 0
        if hist_dfs(h, 0):
            return True
        if not h.aborted:
            return False
    return False



# ---------------------------------------------------------------- exact check by batches
# The check of a deal without a node budget, one step per batch of draws rather than per card.
# Going back from the last round, each round's drawn cards are known (the round in play's: the
# cards in hand and on the board; a past round r's: layer r + 1's first content, the cards it
# keeps plus those later rounds drew from it). They are split between the round's cells (a run
# of draws from one layer in one batch) and each split is decided by counting: going back
# through the round's events, R[t] is the fewest cards of type t the hand must hold at that
# point (the revealed plans still to come, less what later cells bring); a history of the round
# exists for these cells exactly when R is never more than the cards of type t still to be
# placed in earlier cells, and at each card taken freely (a plan of unknown type, a discard)
# the hand after it can hold all of R (the free card is then one nothing later needs).

cdef enum:
    MAX_CELLS = 24          # runs of draws from one layer in one batch, over all rounds
    EXACT_MEMO = 256        # round entries (layers drawn so far) that led nowhere


ctypedef struct Exact:
    int nr                      # rounds with events
    int first[NROUNDS + 1]      # round q's events are first[q] .. first[q + 1] - 1
    int cell_of[MAX_EVENTS]     # a draw's cell
    int cell_first[MAX_CELLS]   # the cell's first draw
    int cell_l[MAX_CELLS]       # the layer it draws from
    int cell_n[MAX_CELLS]       # its draws
    int hafter[MAX_EVENTS]      # cards in hand after each event (set-aside cards kept)
    int endneed[8]              # the round in play ends holding these (hand + set aside)
    int plans[NROUNDS][8]       # each round's plans of known type
    int size[NROUNDS]           # each round's draws
    int zround                  # the round in play (its deal is known), or -1
    int record_ready            # exact_index_record's answer
    int zhand                   # the round in play: its hand after its events
    int zforced[8]              # its plans of revealed type
    int nfree                   # its plans of unknown type
    int ndisc                   # its discards
    int slot_round              # the round whose plans the slots' types settle, or -1
    int nslot                   # those plans
    int slot_arg[3]             # their slot (h.ts's index)
    int acc[6][8]               # cards the rounds gone back over drew from layer l
    unsigned long long memo[EXACT_MEMO][3]
    int memo_r[EXACT_MEMO]
    int nmemo



cdef int exact_index_record(Hist* h, Exact* x) noexcept nogil:
    """The index of the record (h's events, targets set), the part that is the same for every
    deal of it: rounds, cells, hand sizes, the plans of revealed type, and in the round in
    play its hand at the end, its plans of unknown type and discards, and which plans the
    slots' types settle. -1 (also in x.record_ready): what counting does not settle here
    (more than MAX_CELLS cells, rounds out of order): the caller searches card by card; 1:
    ready for exact_index_deal."""
    cdef int i = 0, q, t, c = 0, hand = 0, kind
    x.nslot = 0
    x.nfree = 0
    x.ndisc = 0
    x.record_ready = -1
    x.nr = 0
    while i < h.nev and x.nr < NROUNDS:
        x.first[x.nr] = i
        while i < h.nev and h.rnd[i] == h.rnd[x.first[x.nr]]:
            i += 1
        if h.rnd[x.first[x.nr]] != x.nr:
            return -1
        x.nr += 1
    x.first[x.nr] = i
    if i < h.nev:
        return -1
    x.zround = h.zr if 0 <= h.zr < x.nr and h.zr == x.nr - 1 else -1
    x.slot_round = h.zr if 0 <= h.zr < x.nr else -1
    for t in range(8):
        x.zforced[t] = 0
    for q in range(x.nr):
        hand = 0
        x.size[q] = 0
        for t in range(8):
            x.plans[q][t] = 0
        for i in range(x.first[q], x.first[q + 1]):
            kind = h.kind[i]
            x.cell_of[i] = -1
            if kind == HV_PLACE and h.forced[i] >= 0:
                x.plans[q][h.forced[i]] += 1
            elif kind == HV_PLACE and plan_type(h, i) >= 0:     # a slot's type: the deal's
                if x.nslot >= 3:
                    return -1
                x.slot_arg[x.nslot] = h.arg[i]
                x.nslot += 1
            if kind == HV_DRAW:
                x.size[q] += 1
                if i == x.first[q] or h.kind[i - 1] != HV_DRAW or h.arg[i - 1] != h.arg[i]:
                    if c >= MAX_CELLS:
                        return -1
                    x.cell_first[c] = i
                    x.cell_l[c] = h.arg[i]
                    x.cell_n[c] = 0
                    c += 1
                x.cell_of[i] = c - 1
                x.cell_n[c - 1] += 1
                hand += 1
            elif kind == HV_PLACE or kind == HV_DISC:
                hand -= 1
                if q == x.zround:
                    if kind == HV_PLACE and h.forced[i] >= 0:
                        x.zforced[h.forced[i]] += 1
                    elif kind == HV_PLACE and plan_type(h, i) < 0:
                        x.nfree += 1
                    elif kind == HV_DISC:
                        x.ndisc += 1
            elif kind == HV_FINAL:
                hand = 0
            x.hafter[i] = hand
        if q == x.zround:
            x.zhand = hand
    x.record_ready = 1
    return 1



cdef int exact_index_deal(Hist* h, Exact* x, bint now) noexcept nogil:
    """The index's part that reads the deal, after exact_index_record (x as it left it): the
    slots' plans, what the round in play must end with, and its counts against the deal's
    cards out of the deck. 1: ready; 0: no history can lead to the deal (a count that does not
    add up); -1: the round in play has a plan of unknown type besides discards, which
    counting does not settle: the caller searches card by card."""
    cdef int t, j, pt, hand
    cdef int forced[8]
    for t in range(8):
        x.endneed[t] = 0
        forced[t] = x.zforced[t]
    for j in range(x.nslot):
        pt = h.ts[x.slot_arg[j]]
        x.plans[x.slot_round][pt] += 1
        if x.slot_round == x.zround:
            forced[pt] += 1
    if x.zround >= 0 and now:
        hand = x.zhand
        for t in range(8):
            x.endneed[t] = h.tm[t] + h.th[t]
            hand -= x.endneed[t]
        if hand != 0:
            return 0
    if x.zround >= 0:
        # the round in play's cards: its revealed and slotted plans, its discards, set-aside
        # cards and hand, and (plans of unknown type) the rest
        for t in range(8):
            pt = h.tz[t] - forced[t] - h.tm[t] - h.th[t] - h.td[t]
            if pt < 0 or (x.nfree == 0 and pt != 0):
                return 0
            if not now and (h.tm[t] != 0 or h.th[t] != 0):
                return 0
        if x.nfree > 0 and (x.ndisc > 0 or not now):
            return -1
    return 1



cdef inline void exact_key(Exact* x, int r, unsigned long long* key) noexcept nogil:
    """What the rounds r, r - 1, .. still depend on: the cards drawn from layers 0 .. r + 1."""
    cdef int l, t, k
    key[0] = 0
    key[1] = 0
    key[2] = 0
    for l in range(6):
        if l > r + 1:
            break
        for t in range(8):
            k = l * 8 + t
            key[k >> 4] |= (<unsigned long long>x.acc[l][t]) << (4 * (k & 15))



cdef bint exact_round(Hist* h, Exact* x, int r) noexcept nogil:
    """Whether rounds r, r - 1, .. 0 have a history, the later ones given (acc); from the
    record's memo (h.xm) when a deal checked before reached round r alike."""
    cdef VulRoundMemo* m = h.xm
    cdef unsigned long long key[6]
    cdef unsigned long long mix
    cdef int way, k, l, t, j
    cdef bint verdict
    # before the round in play (or with none), the verdict reads only the record, acc and tl
    # of layers 0 .. r + 1 (the plans' types are the revealed ones there)
    if m == NULL or r < 0 or (h.zr >= 0 and r >= h.zr):
        return exact_round_search(h, x, r)
    exact_key(x, r, key)
    key[3] = 0
    key[4] = 0
    key[5] = 0
    for l in range(r + 2 if r + 2 < 6 else 6):
        for t in range(8):
            j = l * 8 + t
            key[3 + (j >> 4)] |= (<unsigned long long>h.tl[l][t]) << (4 * (j & 15))
    mix = <unsigned long long>r
    for k in range(6):
        mix = (mix ^ key[k]) * 0x9E3779B97F4A7C15ULL
    way = <int>((mix >> 40) & (VUL_XMEMO - 1))
    if m.gen[way] == h.xgen and m.r[way] == r and m.key[way][0] == key[0] and m.key[way][1] == key[1] \
            and m.key[way][2] == key[2] and m.key[way][3] == key[3] and m.key[way][4] == key[4] \
            and m.key[way][5] == key[5]:
        return m.verdict[way]
    verdict = exact_round_search(h, x, r)
    for k in range(6):
        m.key[way][k] = key[k]
    m.gen[way] = h.xgen
    m.r[way] = <unsigned char>r
    m.verdict[way] = verdict
    return verdict



cdef bint exact_round_search(Hist* h, Exact* x, int r) noexcept nogil:
    """exact_round without the record's memo."""
    cdef int t, k, n
    cdef int R[8]
    cdef int rem[8]
    cdef unsigned long long key[3]
    h.nodes += 1
    if r != x.zround and r + 1 >= 6:
        return False
    if r < 0:
        for t in range(8):
            if x.acc[0][t] != h.lay[0][t] - h.tl[0][t]:
                return False
        return True
    for t in range(8):
        rem[t] = h.tz[t] if r == x.zround else h.tl[r + 1][t] + x.acc[r + 1][t]
        R[t] = x.endneed[t] if r == x.zround else 0
        if R[t] > rem[t]:
            return False
    if exact_hopeless(h, x, r, rem, True):
        return False
    exact_key(x, r, key)
    n = x.nmemo if x.nmemo < EXACT_MEMO else EXACT_MEMO
    for k in range(n):
        if x.memo_r[k] == r and x.memo[k][0] == key[0] and x.memo[k][1] == key[1] \
                and x.memo[k][2] == key[2]:
            return False
    if exact_events(h, x, r, x.first[r + 1] - 1, R, rem):
        return True
    k = x.nmemo % EXACT_MEMO
    x.memo_r[k] = r
    x.memo[k][0] = key[0]
    x.memo[k][1] = key[1]
    x.memo[k][2] = key[2]
    x.nmemo += 1
    return False



cdef bint exact_hopeless(Hist* h, Exact* x, int r, int* D, bint entry) noexcept nogil:
    """A necessary condition in round r, whose cards still to be placed are D (at its entry,
    all its drawn cards): every card rounds r, r - 1, .. hold was drawn from layer 0 by one of
    them, so D and each earlier round hold at most, of each type, what layer 0 still has to
    give them; round q < r holds at least the cards layer q + 1 keeps, those later rounds drew
    from it and its revealed plans, in all no more than its draws; and at the entry, round r
    holds its revealed plans."""
    cdef int t, q, lb, s
    cdef int need0[8]
    for t in range(8):
        need0[t] = h.lay[0][t] - h.tl[0][t] - x.acc[0][t]
        if D[t] > need0[t] or (entry and x.plans[r][t] > D[t]):
            return True
    for q in range(r):
        s = 0
        for t in range(8):
            lb = h.tl[q + 1][t] + x.acc[q + 1][t]
            if x.plans[q][t] > lb:
                lb = x.plans[q][t]
            if lb > need0[t]:
                return True
            s += lb
        if s > x.size[q]:
            return True
    return False


cdef bint exact_events(Hist* h, Exact* x, int r, int i, int* R0, int* rem) noexcept nogil:
    """Going back from event i of round r with the needs R0 and the cards rem not yet placed:
    whether the round's earlier cells can be filled, and the earlier rounds then follow."""
    cdef int t, s, kind, pt
    cdef int R[8]
    for t in range(8):
        R[t] = R0[t]
    while i >= x.first[r]:
        kind = h.kind[i]
        if kind == HV_DRAW:
            if exact_hopeless(h, x, r, rem, False):
                return False
            return exact_cell(h, x, r, x.cell_of[i], 0, x.cell_n[x.cell_of[i]], R, rem)
        if kind == HV_PLACE and plan_type(h, i) >= 0:
            pt = plan_type(h, i)
            R[pt] += 1
            if R[pt] > rem[pt]:
                return False
        elif kind == HV_PLACE or kind == HV_DISC:
            s = 0
            for t in range(8):
                s += R[t]
            if s > x.hafter[i]:
                return False
        i -= 1
    for t in range(8):
        if rem[t] != 0:
            return False
    return exact_round(h, x, r - 1)



cdef bint exact_cell(Hist* h, Exact* x, int r, int c, int t, int left, int* R, int* rem) noexcept nogil:
    """Cell c takes, of its `left` cards still open, some of type t and the rest of types
    above t (the last type takes what is left); every way is tried, then the events before
    the cell."""
    cdef int k, hi, lo, l = x.cell_l[c], need = R[t]
    cdef bint found = False
    h.nodes += 1
    hi = left if left < rem[t] else rem[t]
    if l == 0 and hi > h.lay[0][t] - h.tl[0][t] - x.acc[0][t]:
        hi = h.lay[0][t] - h.tl[0][t] - x.acc[0][t]
    lo = left if t == 7 else 0
    k = hi
    while k >= lo and not found:
        rem[t] -= k
        x.acc[l][t] += k
        R[t] = need - k if need > k else 0
        if t == 7 or left - k == 0:
            found = exact_events(h, x, r, x.cell_first[c] - 1, R, rem)
        else:
            found = exact_cell(h, x, r, c, t + 1, left - k, R, rem)
        R[t] = need
        if not found:
            rem[t] += k
            x.acc[l][t] -= k
        k -= 1
    return found



cdef bint hist_exact(VulData* d, int dk, Hist* h) noexcept nogil:
    """Check mode (targets set, after hist_reset): whether some history leads to deck dk's
    deal, decided by batches (exact_round; no node budget). A round in play with a plan of
    unknown type besides discards, which counting does not settle, goes to hist_dfs without
    a budget."""
    cdef Exact x
    cdef int l, t, ready
    cdef bint now = (d.stage == ST_DRAW or d.stage == ST_PLAN or d.stage == ST_KPLAN) and d.draw_deck == dk
    cdef VulRoundMemo* m = h.xm
    cdef size_t part = <size_t>(<char*>&x.acc[0][0] - <char*>&x)
    if m != NULL and part <= VUL_INDEX_BYTES:     # the record's index, from its memo
        if m.index_gen != h.xgen:
            exact_index_record(h, &x)
            memcpy(m.index, &x, part)
            m.index_gen = h.xgen
        else:
            memcpy(&x, m.index, part)
        ready = x.record_ready
    else:
        ready = exact_index_record(h, &x)
    if ready > 0:
        ready = exact_index_deal(h, &x, now)
    if ready == 0:
        return False
    if ready < 0:
        h.rng = NULL
        h.budget = 0
        return hist_dfs(h, 0)
    for l in range(6):
        for t in range(8):
            x.acc[l][t] = 0
    x.nmemo = 0
    return exact_round(h, &x, x.nr - 1)



cdef bint deal_has_history(VulData* d, int dk, Hist* h) noexcept nogil:
    """Check mode (targets set): whether some history leads to deck dk's deal, decided by
    batches (hist_exact), exactly: no node budget, no refusal for want of time."""
    hist_reset(d, dk, h)
    return hist_exact(d, dk, h)



cdef bint record_consistent(VulData* d, int dk) noexcept nogil:
    """Whether deck dk's deal is one the public record allows (the loader's check)."""
    cdef Hist h
    hist_build(d, dk, &h)
    hist_targets(d, dk, &h)
    return deal_has_history(d, dk, &h)



cdef bint hist_prefilter(Hist* h) noexcept nogil:
    """A quick necessary condition on the deal to reach: the cards seen face up in each layer's
    round lie where that layer's cards can be now."""
    cdef int l, t, x, have
    for l in range(1, h.nl):
        for t in range(8):
            if h.seen[l][t] == 0:
                continue
            have = h.tz[t] if (h.desc[l] >> 6) & 1 else 0
            for x in range(h.nl):
                if (h.desc[l] >> x) & 1:
                    have += h.tl[x][t]
            if have < h.seen[l][t]:
                return False
    return True



cdef void hist_targets(VulData* d, int dk, Hist* h) noexcept nogil:
    """Check mode: the deal to reach is deck dk's cards as they lie now."""
    cdef int c, f = deck_first(dk), l, t, k
    h.target = True
    for l in range(6):
        for t in range(8):
            h.tl[l][t] = 0
    for t in range(8):
        h.tz[t] = 0
        h.th[t] = 0
        h.tm[t] = 0
        h.td[t] = 0
    for k in range(3):
        h.ts[k] = -1
    for c in range(f, f + deck_size(dk)):
        t = d.ctype[c]
        if d.zone[c] == Z_DECK:
            h.tl[d.pos[c]][t] += 1
        else:
            h.tz[t] += 1
            if d.zone[c] == Z_HAND:
                h.th[t] += 1
            elif d.zone[c] == Z_MARKED:
                h.tm[t] += 1
            elif d.zone[c] == Z_DISCARD:
                h.td[t] += 1
    for k in range(3):
        if h.zr >= 0 and d.hk[rec(dk, h.zr) * 3 + k] >= 0:
            c = round_slot_card(d, dk, k)
            if c >= 0:
                h.ts[k] = d.ctype[c]



# ---------------------------------------------------------------- resample cache
# A search resamples from one root thousands of times: the same record, the same cards in the
# same places, and late in the game few enough hidden cards that the same deals come back.
# Each thread keeps, per deck, the raw inputs of its last resample (deck_raw), the record
# built from them (hist_build, redone only when they change) and the verdicts on the deals
# tried there, keyed by the hidden types of each place (deal_key): with the raw inputs, that
# is the whole deal as the check reads it. A verdict (hist_prefilter, then deal_has_history) reads nothing
# else and draws no random numbers, so an entry is the verdict itself: never a guess.
from libc.string cimport memcmp, memcpy

cdef extern from *:
    """
    #define VUL_CACHE_WAYS 512
    #define VUL_RAW_LEN 160
    #define VUL_HIST_BYTES 16384
    #define VUL_TABLE_CAP 1024
    typedef struct {
        int valid;
        unsigned int gen;
        short raw[VUL_RAW_LEN];
        unsigned long long key[VUL_CACHE_WAYS];
        unsigned int entry_gen[VUL_CACHE_WAYS];
        unsigned char verdict[VUL_CACHE_WAYS];
        int nhidden;
        signed char order[12];
        signed char order_place[12];
        _Alignas(16) unsigned char hist[VUL_HIST_BYTES];
        unsigned int table_gen;
        int table_n;
        unsigned long long table_key[VUL_TABLE_CAP];
        unsigned int table_cum[VUL_TABLE_CAP];
    } VulDeckCache;
    /* thread-local: searches on several threads never share one */
    static __thread VulDeckCache vul_deck_cache[4];
    """
    enum:
        VUL_CACHE_WAYS
        VUL_RAW_LEN
        VUL_HIST_BYTES
        VUL_TABLE_CAP
    ctypedef struct VulDeckCache:
        bint valid                      # raw and hist hold a built record
        unsigned int gen                # the raw inputs' generation; an entry of another is empty
        short raw[VUL_RAW_LEN]          # deck_raw when hist was built
        unsigned long long key[VUL_CACHE_WAYS]      # a deal (deal_key)
        unsigned int entry_gen[VUL_CACHE_WAYS]
        unsigned char verdict[VUL_CACHE_WAYS]
        int nhidden                     # the deck's hidden cards
        signed char order[12]           # their ranks (in card order) grouped by place
        signed char order_place[12]     # the place of each in that order
        unsigned char hist[VUL_HIST_BYTES]          # a Hist, hist_build done
        unsigned int table_gen          # the generation table_* belong to (0: none built)
        int table_n                     # classes listed, or -1: past a cap (no table)
        unsigned long long table_key[VUL_TABLE_CAP]     # the allowed classes (deal_key), sorted
        unsigned int table_cum[VUL_TABLE_CAP]   # cumulative weights: labelled deals per class
    VulDeckCache vul_deck_cache[4]

assert sizeof(Hist) <= VUL_HIST_BYTES
# 5 (header) + 8 (composition) + 3 x 12 (cards) + 3 (plan slots) + 6 + 6 + 3 + 3 rows of the record
assert 5 + 8 + 36 + 3 + 18 * NROUNDS == VUL_RAW_LEN



cdef void deck_raw(VulData* d, int dk, short* raw) noexcept nogil:
    """Everything of deck dk that hist_build, hist_reset and hist_targets read but the hidden
    types: its layers, whether its round is in play (then the draws left and the cards set
    aside), its composition, each card's place and public type, the cards on its plan slots
    and its rows of the record (all of them: equal raw inputs, equal records and deals)."""
    cdef int c, t, k, f = deck_first(dk), n = deck_size(dk)
    cdef bint now = (d.stage == ST_DRAW or d.stage == ST_PLAN or d.stage == ST_KPLAN) and d.draw_deck == dk
    memset(raw, 0, VUL_RAW_LEN * sizeof(short))
    raw[0] = <short>dk
    raw[1] = <short>d.next_layer[dk]
    raw[2] = <short>((2 if d.stage == ST_DRAW else 1) if now else 0)
    raw[3] = <short>(d.draw_left if now and d.stage == ST_DRAW else 0)
    raw[4] = <short>(count_zone(d, dk, Z_MARKED) if now else 0)
    for c in range(n):
        raw[5 + d.ctype[f + c]] += 1
        raw[13 + 3 * c] = <short>d.zone[f + c]
        raw[14 + 3 * c] = <short>d.pos[f + c]
        raw[15 + 3 * c] = <short>(d.ctype[f + c] + 1 if d.blk[f + c] == KNOWN else 0)
    for k in range(3):
        raw[49 + k] = <short>round_slot_card(d, dk, k)
    memcpy(&raw[52], &d.hx[rec(dk, 0) * 6], 6 * NROUNDS * sizeof(short))
    memcpy(&raw[52 + 6 * NROUNDS], &d.hm[rec(dk, 0) * 6], 6 * NROUNDS * sizeof(short))
    memcpy(&raw[52 + 12 * NROUNDS], &d.hk[rec(dk, 0) * 3], 3 * NROUNDS * sizeof(short))
    memcpy(&raw[52 + 15 * NROUNDS], &d.hv[rec(dk, 0) * 3], 3 * NROUNDS * sizeof(short))



cdef void hidden_places(VulData* d, int dk, VulDeckCache* c) noexcept nogil:
    """The place of each hidden card of deck dk as hist_targets tells places apart (a layer
    0..5, the hand 6, set aside 7, the discard pile 8, elsewhere 9, or 10 + k: the k-th plan
    slot of the round in play), and in c.order the hidden cards (their rank in card order)
    grouped by place."""
    cdef Hist* h = <Hist*>c.hist
    cdef int card, k, z, x, j, m = 0, i = 0, f = deck_first(dk)
    cdef int place[12]
    for card in range(f, f + deck_size(dk)):
        if d.blk[card] == KNOWN:
            continue
        z = d.zone[card]
        x = d.pos[card] if z == Z_DECK else (6 if z == Z_HAND else 7 if z == Z_MARKED
                                             else 8 if z == Z_DISCARD else 9)
        for k in range(3):
            if h.zr >= 0 and d.hk[rec(dk, h.zr) * 3 + k] >= 0 and round_slot_card(d, dk, k) == card:
                x = 10 + k
        place[i] = x
        i += 1
    c.nhidden = i
    for x in range(13):
        for j in range(i):
            if place[j] == x:
                c.order[m] = j
                c.order_place[m] = x
                m += 1



cdef VulDeckCache* deck_cache_for(VulData* d, int dk) noexcept nogil:
    """This thread's cache of deck dk with its Hist's record built; rebuilt, and its verdicts
    emptied (a new generation), unless the raw inputs are those it holds."""
    cdef VulDeckCache* c = &vul_deck_cache[dk]
    cdef short raw[VUL_RAW_LEN]
    deck_raw(d, dk, raw)
    if c.valid and memcmp(raw, c.raw, sizeof(raw)) == 0:
        return c
    hist_build(d, dk, <Hist*>c.hist)
    hidden_places(d, dk, c)
    memcpy(c.raw, raw, sizeof(raw))
    c.valid = True
    c.gen += 1
    if c.gen == 0:          # wrapped: entries of an old generation could look current
        memset(c.entry_gen, 0, sizeof(c.entry_gen))
        memset(vul_round_memo[dk].gen, 0, sizeof(vul_round_memo[dk].gen))
        vul_round_memo[dk].index_gen = 0
        c.table_gen = 0
        c.gen = 1
    return c



cdef inline unsigned long long deal_key(VulDeckCache* c, int* pool) noexcept nogil:
    """The deal whose hidden cards (in card order) have the types in pool, as the types of each
    place sorted, place after place (c.order), 3 bits a card: two deals have the same key
    exactly when hist_targets sets the same targets for them."""
    cdef int i, j, x
    cdef int v[12]
    cdef unsigned long long key = 0
    for i in range(c.nhidden):
        x = pool[c.order[i]]
        j = i
        while j > 0 and c.order_place[j - 1] == c.order_place[i] and v[j - 1] > x:
            v[j] = v[j - 1]
            j -= 1
        v[j] = x
    for i in range(c.nhidden):
        key |= (<unsigned long long>v[i]) << (3 * i)
    return key



cdef bint deal_verdict(VulData* d, int dk, VulDeckCache* c, int* pool) noexcept nogil:
    """Whether the deal pool (the types of deck dk's hidden cards, in card order) passes
    hist_prefilter and deal_has_history; from c when the same targets were checked before or
    c's table is built. The deal is written into d only when the check runs (it reads d)."""
    cdef Hist* h = <Hist*>c.hist
    cdef unsigned long long key = deal_key(c, pool)
    cdef int way
    cdef bint verdict
    way = <int>(((key * 0x9E3779B97F4A7C15ULL) >> 40) & (VUL_CACHE_WAYS - 1))
    if c.entry_gen[way] == c.gen and c.key[way] == key:
        return c.verdict[way]
    if c.table_gen == c.gen and c.table_n >= 0:
        verdict = table_find(c, key) >= 0      # the table lists exactly the allowed classes
    else:
        write_hidden(d, dk, pool)
        hist_targets(d, dk, h)
        h.xm = &vul_round_memo[dk]
        h.xgen = c.gen
        verdict = hist_prefilter(h) and deal_has_history(d, dk, h)
    c.key[way] = key
    c.entry_gen[way] = c.gen
    c.verdict[way] = verdict
    return verdict



# ---------------------------------------------------------------- table of the allowed deals
# When all RESAMPLE_TRIES shuffles of a deck are refused, resample draws from a table of the
# deals the record allows, built once per thread and raw inputs (the cache's generation), the
# first time that happens. A class is a deal as the check reads it: the multiset of hidden
# types in each place (deal_key); the table lists every class the check accepts, with its
# weight, the number of labelled deals (types on the hidden cards) in it: the product over the
# places of size! / (count of each type)!. A pick is one weighted draw of a class, then a
# uniform shuffle of its types within each place: each allowed labelled deal with probability
# 1 / |allowed|. With the shuffles before it, the whole resample is uniform over the allowed
# labelled deals: a uniform shuffle is a uniform labelled deal (each distinct one from the
# same number of permutations), so one accepted at try k is uniform over the allowed deals
# whatever k, and the table's pick, when all tries are refused, is uniform over them too; a
# mixture of uniform draws over the same set is that uniform draw. (The random history it
# replaces was exact but not uniform.) Past a cap (more allowed classes than the table holds,
# or more classes to check than vul_table_work), the table is marked so (table_n = -1) and
# the random history stays. Once built, the table also gives the shuffles' verdicts (a class
# is allowed exactly when it is listed): the same verdicts without the check.
cdef int vul_table_classes = VUL_TABLE_CAP     # the most allowed classes a table lists
cdef int vul_table_work = 4096                 # the most classes checked to build one
cdef int[13] FACTORIAL = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880, 3628800, 39916800,
                          479001600]

ctypedef struct TableBuild:
    VulData* d
    int dk
    VulDeckCache* c
    int ngroups                 # the places holding hidden cards
    int size[13]                # hidden cards of each place, in c.order
    int left[8]                 # hidden types not yet put in a place
    int v[12]                   # the class being built, in c.order (sorted within a place)
    unsigned int weight[VUL_TABLE_CAP]  # labelled deals of each listed class
    int checked                 # classes checked so far
    bint over                   # past a cap



cdef inline int table_find(VulDeckCache* c, unsigned long long key) noexcept nogil:
    """The index of the class key in c's table (sorted), or -1 when it is not listed."""
    cdef int lo = 0, hi = c.table_n - 1, mid
    while lo <= hi:
        mid = (lo + hi) >> 1
        if c.table_key[mid] == key:
            return mid
        if c.table_key[mid] < key:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1



cdef inline void write_hidden(VulData* d, int dk, int* pool) noexcept nogil:
    """Give deck dk's hidden cards (in card order) the types in pool."""
    cdef int card, i = 0, f = deck_first(dk)
    for card in range(f, f + deck_size(dk)):
        if d.blk[card] != KNOWN:
            d.ctype[card] = pool[i]
            i += 1



cdef unsigned int class_weight(TableBuild* b) noexcept nogil:
    """The labelled deals of the class in b.v: per place, size! over each type's count!."""
    cdef unsigned long long w = 1     # at most 12! at the end, less than 12!^2 on the way
    cdef int g, i, run, at = 0
    for g in range(b.ngroups):
        w *= <unsigned long long>FACTORIAL[b.size[g]]
        run = 1
        for i in range(at + 1, at + b.size[g] + 1):
            if i < at + b.size[g] and b.v[i] == b.v[i - 1]:
                run += 1
            else:
                w //= <unsigned long long>FACTORIAL[run]
                run = 1
        at += b.size[g]
    return <unsigned int>w



cdef void table_leaf(TableBuild* b) noexcept nogil:
    """Check the class in b.v (a full one) and list it, sorted by key, when allowed."""
    cdef VulDeckCache* c = b.c
    cdef int m, i
    cdef int pool[12]
    cdef unsigned long long key = 0
    b.checked += 1
    if b.checked > vul_table_work:
        b.over = True
        return
    for m in range(c.nhidden):
        pool[c.order[m]] = b.v[m]
        key |= (<unsigned long long>b.v[m]) << (3 * m)     # deal_key: sorted within a place
    if not deal_verdict(b.d, b.dk, c, pool):
        return
    if c.table_n >= vul_table_classes:
        b.over = True
        return
    i = c.table_n
    while i > 0 and c.table_key[i - 1] > key:
        c.table_key[i] = c.table_key[i - 1]
        b.weight[i] = b.weight[i - 1]
        i -= 1
    c.table_key[i] = key
    b.weight[i] = class_weight(b)
    c.table_n += 1



cdef void table_fill(TableBuild* b, int g, int t, int room, int at) noexcept nogil:
    """Every class from here: place g still has room cards to take, of types t and up (each
    place's types ascending, so each multiset comes once); at is the next card in c.order."""
    cdef int k, j, most, supply = 0
    if b.over:
        return
    if room == 0:
        if g + 1 == b.ngroups:
            table_leaf(b)
        else:
            table_fill(b, g + 1, 0, b.size[g + 1], at)
        return
    for j in range(t, 8):
        supply += b.left[j]
    if supply < room:
        return
    most = b.left[t] if b.left[t] < room else room
    for k in range(most, -1, -1):
        for j in range(k):
            b.v[at + j] = t
        b.left[t] -= k
        table_fill(b, g, t + 1, room - k, at + k)
        b.left[t] += k



cdef void table_build(VulData* d, int dk, VulDeckCache* c) noexcept nogil:
    """List in c every class of deck dk's hidden cards the check accepts, with cumulative
    weights (c.table_n = -1 past a cap). Overwrites the hidden cards' types."""
    cdef TableBuild b
    cdef int m, t, card, f = deck_first(dk)
    cdef unsigned int total = 0
    b.d = d
    b.dk = dk
    b.c = c
    b.ngroups = 0
    b.checked = 0
    b.over = False
    for t in range(8):
        b.left[t] = 0
    for card in range(f, f + deck_size(dk)):
        if d.blk[card] != KNOWN:
            b.left[d.ctype[card]] += 1
    for m in range(c.nhidden):
        if m == 0 or c.order_place[m] != c.order_place[m - 1]:
            b.size[b.ngroups] = 0
            b.ngroups += 1
        b.size[b.ngroups - 1] += 1
    c.table_gen = 0             # built: deal_verdict must not read a table being filled
    c.table_n = 0
    if b.ngroups > 0:
        table_fill(&b, 0, 0, b.size[0], 0)
    if b.over or c.table_n == 0:
        c.table_n = -1
    else:
        for m in range(c.table_n):
            total += b.weight[m]
            c.table_cum[m] = total
    c.table_gen = c.gen



cdef void table_pick(VulData* d, int dk, VulDeckCache* c, Rng* rng) noexcept nogil:
    """Deal deck dk's hidden cards uniformly over the deals the table allows: a class drawn
    by its weight, then its types shuffled within each place."""
    cdef int lo = 0, hi = c.table_n - 1, mid, m, start = 0
    cdef unsigned int u = <unsigned int>rng_below(rng, <int>c.table_cum[c.table_n - 1])
    cdef unsigned long long key
    cdef int v[12]
    cdef int pool[12]
    while lo < hi:              # the first class whose cumulative weight exceeds u
        mid = (lo + hi) >> 1
        if c.table_cum[mid] > u:
            hi = mid
        else:
            lo = mid + 1
    key = c.table_key[lo]
    for m in range(c.nhidden):
        v[m] = <int>((key >> (3 * m)) & 7)
    for m in range(1, c.nhidden + 1):
        if m == c.nhidden or c.order_place[m] != c.order_place[start]:
            shuffle_ints(&v[start], m - start, rng)
            start = m
    for m in range(c.nhidden):
        pool[c.order[m]] = v[m]
    write_hidden(d, dk, pool)



cdef void deal_class(VulData* d, int f, int n, int z, int pos, int* cnt, Rng* rng) noexcept nogil:
    """Give the hidden cards of zone z (and layer pos) the multiset cnt minus the types of its
    face-up cards, in random order."""
    cdef int c, t, k = 0, i = 0
    cdef int pool[12]
    cdef int left[8]
    for t in range(8):
        left[t] = cnt[t]
    for c in range(f, f + n):
        if d.zone[c] == z and (z != Z_DECK or d.pos[c] == pos) and d.blk[c] == KNOWN:
            left[d.ctype[c]] -= 1
    for t in range(8):
        while left[t] > 0 and k < 12:
            pool[k] = t
            k += 1
            left[t] -= 1
    shuffle_ints(pool, k, rng)
    for c in range(f, f + n):
        if d.zone[c] == z and (z != Z_DECK or d.pos[c] == pos) and d.blk[c] != KNOWN and i < k:
            d.ctype[c] = pool[i]
            i += 1




cdef void history_deal(VulData* d, int dk, VulDeckCache* cache, int* own, Rng* rng) noexcept nogil:
    """Past the table's caps: deal deck dk's hidden cards from a random history built event by
    event (exact, not uniform); own is the state's own deal (types in card order), kept if no
    history is found (which cannot happen: the loader checked it)."""
    cdef Hist* h = <Hist*>cache.hist
    cdef int c, l, k, f = deck_first(dk), n = deck_size(dk)
    h.target = False
    if not hist_search(d, dk, h, rng):
        for c in range(n):
            d.ctype[f + c] = own[c]
        return
    for l in range(h.nl):
        deal_class(d, f, n, Z_DECK, l, h.lay[l], rng)
    if h.zr >= 0:
        deal_class(d, f, n, Z_HAND, 0, h.hand[h.zr], rng)
        deal_class(d, f, n, Z_MARKED, 0, h.mark[h.zr], rng)
        deal_class(d, f, n, Z_DISCARD, 0, h.disc[h.zr], rng)
        for k in range(3):
            c = round_slot_card(d, dk, k) if d.hk[rec(dk, h.zr) * 3 + k] >= 0 else -1
            if c >= 0 and d.blk[c] != KNOWN:
                d.ctype[c] = h.slot[k]



cdef void resample_deck(VulData* d, int dk, Rng* rng) noexcept nogil:
    """Redeal deck dk's hidden cards uniformly over the deals its record allows (X4): the first
    of RESAMPLE_TRIES uniform shuffles of the hidden types (from their canonical order, so only
    what the seat saw is read) that a history leads to; when all are refused, a pick from the
    table of the allowed deals (see there), or past its caps a random history."""
    cdef int c, i, t, tries, k = 0, f = deck_first(dk), n = deck_size(dk)
    cdef VulDeckCache* cache = deck_cache_for(d, dk)
    cdef int counts[8]
    cdef int pool[12]
    cdef int own[12]
    for c in range(n):
        own[c] = d.ctype[f + c]
    for t in range(8):
        counts[t] = 0
    for c in range(f, f + n):
        if d.blk[c] != KNOWN:
            counts[d.ctype[c]] += 1
    for t in range(8):     # the hidden types in ascending order (counted, then written)
        for i in range(counts[t]):
            pool[k] = t
            k += 1
    for tries in range(RESAMPLE_TRIES):
        shuffle_ints(pool, k, rng)
        if deal_verdict(d, dk, cache, pool):
            write_hidden(d, dk, pool)
            return
    if cache.table_gen != cache.gen:
        table_build(d, dk, cache)       # (it overwrites the hidden types)
    if cache.table_n > 0:
        table_pick(d, dk, cache, rng)
        return
    write_hidden(d, dk, pool)           # past the table's caps: from the last shuffle, as before
    history_deal(d, dk, cache, own, rng)



cdef void resample_data(VulData* d, int p, Rng* rng) noexcept nogil:
    """Redraw what seat p cannot see (GAPS 1.2): the identities of the hidden cards of every
    deck p does not hold, uniformly over the deals some history consistent with everything p
    saw of that deck leads to (the public record, X4: draws per layer, redraws, the epoch of
    each plan, the cards revealed), sampled from p's side only so it depends only on what p
    saw; and, for a Human seat, which undeclared destruction bonus tiles the Kaiju holds, saw
    or never drew."""
    cdef int dk, c, k
    cdef int ids[8]
    cdef int types[8]
    for dk in range(4):
        if dk < 3 and dk >= d.ngroups:
            continue
        if owner_of_deck(d, dk) != p:
            resample_deck(d, dk, rng)
    if p != 0:
        k = 0
        for c in range(NBONUS):
            if d.bonus_loc[c] != B_DECLARED:
                ids[k] = c
                types[k] = d.bonus_loc[c]
                k += 1
        sort_ints(types, k)
        shuffle_ints(types, k, rng)
        for c in range(k):
            d.bonus_loc[ids[c]] = types[c]



cdef int action_key(VulData* d, int observer, int a) noexcept nogil:
    """Draws, planned cards, redraw discards and the Kaiju's bonus tiles are seen by their
    holder only; everything else is public."""
    cdef int st = d.stage
    if st == ST_DRAW and observer != owner_of_deck(d, d.draw_deck):
        return KEY_HIDDEN_DRAW
    if st == ST_BONUS_DRAW and observer != 0:
        return KEY_HIDDEN_BONUS
    if st == ST_BONUS_DROP and observer != 0:
        return KEY_HIDDEN_DROP
    if (st == ST_PLAN or st == ST_KPLAN) and observer != d.cur:
        if A_PLACE <= a < A_MARK:
            return KEY_HIDDEN_PLACE
        if A_MARK <= a < A_REDRAW:
            return KEY_HIDDEN_MARK
    return a
