# VEC's hidden information (included by ext/vec/logic.pyx): `resample_data` redraws what a
# seat cannot see (face-down cards, objectives, the others' special ink and sealed bids)
# consistently with what it saw (X4) and from nothing else (the others' knowledge of the
# decks, which it cannot follow, is dropped), and `action_key` says what an observer sees.
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
    set_loc(d, c, loc)
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
    # The places of one color that a player p cannot see into, what is public about each (where
    # it is, its quills, ink and keep time, who knows it), and the cards p cannot place there.
    # Places are sorted by what is public of them and cards by id, so that two states p cannot
    # tell apart give the same lists (forget_others_knowledge has already made "who knows it"
    # public: the owner of a face-down card, the drawer of a drawn one, no other seat).
    int k
    int card[9]             # the cards p cannot place, by id
    short loc[9]
    short known[9]
    short marks[9]
    short owner[9]
    short ink[9]
    short keep[9]           # the keep time of a face-down place (0 elsewhere: clear_old_keep_times)


cdef inline int cmp_places(Places* pl, int i, int j) noexcept nogil:
    cdef short a[6]
    cdef short b[6]
    cdef int f
    a[0] = pl.keep[i]; a[1] = pl.loc[i]; a[2] = pl.known[i]
    a[3] = pl.marks[i]; a[4] = pl.owner[i]; a[5] = pl.ink[i]
    b[0] = pl.keep[j]; b[1] = pl.loc[j]; b[2] = pl.known[j]
    b[3] = pl.marks[j]; b[4] = pl.owner[j]; b[5] = pl.ink[j]
    for f in range(6):
        if a[f] != b[f]:
            return -1 if a[f] < b[f] else 1
    return 0


cdef inline void swap_places(Places* pl, int i, int j) noexcept nogil:
    pl.loc[i], pl.loc[j] = pl.loc[j], pl.loc[i]
    pl.known[i], pl.known[j] = pl.known[j], pl.known[i]
    pl.marks[i], pl.marks[j] = pl.marks[j], pl.marks[i]
    pl.owner[i], pl.owner[j] = pl.owner[j], pl.owner[i]
    pl.ink[i], pl.ink[j] = pl.ink[j], pl.ink[i]
    pl.keep[i], pl.keep[j] = pl.keep[j], pl.keep[i]


cdef void gather_places(VecData* d, int p, int col, Places* pl) noexcept nogil:
    cdef int i, j, c
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
            pl.card[pl.k] = c
            pl.k += 1
    for i in range(1, pl.k):                    # insertion sort (at most 9 entries)
        j = i
        while j > 0 and cmp_places(pl, j - 1, j) > 0:
            swap_places(pl, j - 1, j)
            j -= 1


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
    into: the face-down places first (fill_face_down), then the rest at random. p's own
    memory of a card (kbak, lt) stays with the card; the others have none left
    (forget_others_knowledge)."""
    cdef Places pl
    cdef int pick[9]
    cdef int rest[9]
    cdef char used[9]
    cdef int j, src, nb = 0, c
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


cdef void forget_others_knowledge(VecData* d, int p) noexcept nogil:
    """What the other seats know of the decks, and remember of cards they lost track of, is
    hidden from p (X4): how many deck cards a seat knows follows whether a card that left the
    deck in the open (an Ideas draw, a card kept face up, one p drew) was one it had put back,
    which p cannot see; its memories (kbak, lt) are what it knew at a later secret draw. So
    p's redraws keep none of it: in every world the others know no deck card and remember
    none (the knowledge of a public, drawn or face-down card is public and stays; so does
    p's own). Nothing p sees, now or later, reads the others' knowledge."""
    cdef int c, q
    cdef short mine = 1 << p
    cdef bint drawing = count_loc(d, L_TRAY) > 0
    for c in range(NCARDS):
        if d.loc[c] == L_DECK:
            d.known[c] &= mine
        # outside a draw kbak is never read (older engines left a full mask on a card
        # rebuilt into a deck): clear it rather than leave p's bit alone
        d.kbak[c] = d.kbak[c] & mine if drawing else 0
        for q in range(4):
            if q != p:
                d.lt[4 * c + q] = 0


cdef void clear_old_keep_times(VecData* d) noexcept nogil:
    """A keep time means something only on a card kept face down from a secret draw, known to
    its owner alone: the card keeps it when it is shown, leaves the place or is later turned
    face down in the open, where nothing reads it, and p cannot always tell which card it was
    (two cards of one color kept face down unseen, one given up unseen). p's redraws keep none
    of these old times."""
    cdef int c
    for c in range(NCARDS):
        if d.loc[c] < L_DOWN or d.known[c] != 1 << (d.loc[c] - L_DOWN):
            d.ft[c] = 0


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
    are public, C11), the split of the others' ink (exchanges are secret), sealed bids; the
    others' knowledge of the decks, which p cannot follow, is dropped."""
    cdef int col
    if d.stage == ST_END:
        return
    resample_objectives(d, p, rng)
    forget_others_knowledge(d, p)
    clear_old_keep_times(d)
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


