# VEC's hidden information (included by ext/vec/engine.pyx): `resample_data` redraws what a
# seat cannot see (face-down cards, objectives, the others' special ink and sealed bids)
# consistently with what it saw (X4), and `action_key` says what an observer sees of an action.
# Rule and gap IDs (C1..C15, X1..X7) refer to ../shared/rules/GAPS.md.

cdef inline void shuffle_ints(int* a, int k, Rng* rng) noexcept nogil:
    cdef int i, j, t
    for i in range(k - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef inline void assign_slot(VecData* d, int c, short loc, short known, short marks,
                             short owner, short ink) noexcept nogil:
    d.loc[c] = loc
    d.known[c] = known
    d.marks[c] = marks
    d.owner[c] = owner
    d.ink[c] = ink


cdef void resample_ink(VecData* d, int p, Rng* rng) noexcept nogil:
    """Redraw the others' special ink within the public bounds (their ink value is public);
    cubes follow, and the reserve takes the difference. A draw that would empty the reserve
    below zero is retried, else the ink stays as it is."""
    cdef int spec[4]
    cdef int q, lo, hi, cap, attempt, reserve
    for attempt in range(16):
        reserve = d.reserve
        for q in range(d.n):
            spec[q] = d.specials[q]
            if q == p:
                continue
            lo = d.smin[q]
            hi = d.smax[q]
            if commit_seat_pending(&d.bids, q):     # its sealed bid may hide exchanges
                hi = TOKENS_PER_COLOR - on_novel(d, q)
                cap = ink_value(d, q) // 4
                if cap < hi:
                    hi = cap
            if hi < lo:
                hi = lo
            spec[q] = lo + rng_below(rng, hi - lo + 1)
            reserve += d.cubes[q] - (ink_value(d, q) - 4 * spec[q])
        if reserve >= 0:
            for q in range(d.n):
                if q != p:
                    d.cubes[q] = ink_value(d, q) - 4 * spec[q]
                    d.box[q] += d.specials[q] - spec[q]
                    d.specials[q] = spec[q]
            d.reserve = reserve
            return


ctypedef struct Places:
    # The places of one color that a player cannot see into, and what is public about each
    # (where it is, its quills, ink and keep time, who knows it): that stays with the place.
    # So does what the other seats remember of the card there (kbak, lt: X4), which names a
    # card the player cannot name; only the player's own memory stays with the card.
    int k
    int card[9]             # the card there now
    short loc[9]
    short known[9]
    short marks[9]
    short owner[9]
    short ink[9]
    short keep[9]
    short kb[9]             # the other seats' bits of kbak
    short lt[36]            # lt of every seat: lt[4 * place + seat]


cdef void gather_places(VecData* d, int p, int col, Places* pl) noexcept nogil:
    cdef int i, c, q
    pl.k = 0
    for i in range(9):
        c = color_card(col, i)
        if not ((d.known[c] >> p) & 1):
            pl.loc[pl.k] = d.loc[c]
            pl.known[pl.k] = d.known[c]
            pl.marks[pl.k] = d.marks[c]
            pl.owner[pl.k] = d.owner[c]
            pl.ink[pl.k] = d.ink[c]
            pl.keep[pl.k] = d.ft[c]
            pl.kb[pl.k] = d.kbak[c] & ~(1 << p)
            for q in range(4):
                pl.lt[4 * pl.k + q] = d.lt[4 * c + q]
            pl.card[pl.k] = c
            pl.k += 1


cdef bint fill_face_down(VecData* d, int p, Places* pl, int* pick, char* used, Rng* rng) noexcept nogil:
    """The face-down places, oldest first, each get a card allowed there: not one p knew in
    its deck or being drawn (kbak), and not one p lost track of after the place was kept
    (lt <= keep time). The sets are nested, so this succeeds for a consistent state."""
    cdef int slot[9]
    cdef int cand[9]
    cdef int nf = 0, nb, i, j, src, c
    for i in range(pl.k):
        used[i] = 0
        if pl.loc[i] >= L_DOWN:
            slot[nf] = i
            nf += 1
    for i in range(1, nf):                      # by keep time (insertion sort, stable)
        j = slot[i]
        src = i
        while src > 0 and pl.keep[slot[src - 1]] > pl.keep[j]:
            slot[src] = slot[src - 1]
            src -= 1
        slot[src] = j
    for i in range(nf):
        j = slot[i]
        nb = 0
        for src in range(pl.k):
            c = pl.card[src]
            if not used[src] and not ((d.kbak[c] >> p) & 1) and d.lt[4 * c + p] <= pl.keep[j]:
                cand[nb] = src
                nb += 1
        if nb == 0:
            return False
        src = cand[rng_below(rng, nb)]
        used[src] = 1
        pick[j] = pl.card[src]
    return True


cdef void resample_color(VecData* d, int p, int col, Rng* rng) noexcept nogil:
    """Deal the cards of one color that p cannot place again over the places p cannot see
    into: the face-down places first (fill_face_down), then the rest at random."""
    cdef Places pl
    cdef int pick[9]
    cdef int rest[9]
    cdef char used[9]
    cdef int j, src, nb = 0, c, q
    gather_places(d, p, col, &pl)
    if not fill_face_down(d, p, &pl, pick, used, rng):
        return                                  # cannot happen: keep this color as it is
    for src in range(pl.k):
        if not used[src]:
            rest[nb] = pl.card[src]
            nb += 1
    shuffle_ints(rest, nb, rng)
    nb = 0
    for j in range(pl.k):
        if pl.loc[j] < L_DOWN:
            pick[j] = rest[nb]
            nb += 1
    for j in range(pl.k):
        c = pick[j]
        assign_slot(d, c, pl.loc[j], pl.known[j], pl.marks[j], pl.owner[j], pl.ink[j])
        d.ft[c] = pl.keep[j]
        # p's own memory of c stays with c (fill_face_down keeps a card p knew in its deck
        # out of the face-down places); the others' memory is of the card at this place
        d.kbak[c] = (d.kbak[c] & (1 << p)) | pl.kb[j]
        for q in range(4):
            if q != p:
                d.lt[4 * c + q] = pl.lt[4 * j + q]
        if pl.loc[j] >= L_DOWN:
            d.kbak[c] = 0


cdef void resample_objectives(VecData* d, int p, Rng* rng) noexcept nogil:
    """The unseen objective deck and the other players' objectives are one pool."""
    cdef int pool[NOBJ]
    cdef int o, q, k = 0, i = 0
    for o in range(NOBJ):
        if d.obj_loc[o] == O_DECK or (d.obj_loc[o] >= 0 and d.obj_loc[o] != p):
            pool[k] = o
            k += 1
    shuffle_ints(pool, k, rng)
    for o in range(k):
        d.obj_loc[pool[o]] = O_DECK
    for q in range(d.n):
        if q != p and d.objective[q] >= 0:
            d.objective[q] = pool[i]
            d.obj_loc[pool[i]] = q
            i += 1


cdef void resample_bids(VecData* d, int p, Rng* rng) noexcept nogil:
    """Sealed bids already made by others are unknown to p until the reveal (ext/commit.pxd):
    each is drawn again among the bids its seat could make with the ink just redrawn."""
    cdef int i, q, ink, special
    for i in range(d.bids.made):
        if commit_hidden_from(&d.bids, i, p):
            q = d.bids.seat[i]
            ink = rng_below(rng, d.cubes[q] + 1)
            special = rng_below(rng, d.specials[q] + 1)
            commit_redraw(&d.bids, i, bid_content(ink, special))


cdef void resample_data(VecData* d, int p, Rng* rng) noexcept nogil:
    """Redraw what p cannot see: others' objectives, unseen card identities (per color: colors
    are public, C11), the split of the others' ink (exchanges are secret), sealed bids."""
    cdef int col
    if d.stage == ST_END:
        return
    resample_objectives(d, p, rng)
    for col in range(NCOLORS):
        resample_color(d, p, col, rng)
    resample_ink(d, p, rng)
    resample_bids(d, p, rng)


cdef inline bint bids_after(VecData* d) noexcept nogil:
    """Someone after the current bidder still bids (else the reveal follows this bid)."""
    cdef int i, q
    for i in range(d.bids.made + 1, d.bids.count):
        q = d.bids.seat[i]
        if d.cubes[q] > 0 or d.specials[q] > 0:
            return True
    return False


cdef inline bint unseen_by(VecData* d, int c, int observer) noexcept nogil:
    return not ((d.known[c] >> observer) & 1)


cdef int action_key(VecData* d, int observer, int a) noexcept nogil:
    """What `observer` sees of action or outcome `a` here (docs/protocol.md, c_action_key)."""
    cdef int st = d.stage, c
    if (st == ST_START_DRAW or st == ST_RESEARCH_DRAW) and observer != d.tray_owner:
        return KEY_HIDDEN_DRAW + d.color
    if st == ST_DEAL_OBJ and observer != d.setup_idx:
        return KEY_HIDDEN_OBJ
    if st == ST_PLACE and A_DISP <= a < A_DONE:
        c = family_value(a, A_DISP)
        if d.loc[c] >= L_DOWN and unseen_by(d, c, observer):
            # a quill on a face-down card the observer never saw: it sees the place (color
            # and keep time), not the card, so the key names the place (equal in every redraw)
            return KEY_UNSEEN_PLACE + d.ft[c] * NCOLORS + card_color(c)
    if st == ST_ACT_CHOOSE and a >= A_RENOUNCE and unseen_by(d, family_value(a, A_RENOUNCE), observer):
        return KEY_HIDDEN_RENOUNCE                      # a face-down card given up unseen
    if st == ST_BID:
        # a sealed bid (ext/commit.pxd); an open bid, or the last sealed one (the reveal
        # follows at once), shows its amounts but not its exchanges
        return commit_key(observer, d.cur, a, not bids_after(d),
                          KEY_OPEN_BID + bid_action_content(a), KEY_SEALED_BID)
    if st == ST_INSERT_TOKENS and observer != d.cur:
        return KEY_TOKENS + tokens_special(a)       # the amount, not the exchanges
    if st == ST_RESEARCH_PICK and A_KEEP_DOWN <= a < A_KEEP_UP and observer != d.cur:
        return KEY_HIDDEN_KEEP
    return a


