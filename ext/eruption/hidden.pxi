# Eruption's hidden information (included by ext/eruption/logic.pyx): resampling what a
# seat cannot see, and what a seat sees of each move.
#
# Hidden information (GAPS 4.2): each hand is hidden from the other seats (its size is public);
# the deck is an unordered multiset drawn by chance (X3), so what a seat cannot see is the
# split of the cards it does not hold and has not seen discarded between the deck and the other
# hands. The board, the walls, the stockpiles, the temperatures, the discard pile and the tile
# stack's contents (every tile drawn is shown) are public.

cdef enum:
    # epochs a resample can follow: each takes a reshuffle, a draw and a spend in the history,
    # so a history of LOG_MAX events never has more
    MAX_EPOCHS = LOG_MAX // 3 + 2
    SEARCH_BUDGET = 200000  # backtracking steps of a resample (never reached in tests)
    KEY_HIDDEN_DRAW = 100000    # a card drawn by another seat, as its observers see it


cdef void resample_data(EruptionData* d, int p, Rng* rng) noexcept nogil:
    """Deal the other seats' hands and the deck again, consistently with everything p saw.

    What p saw is the card history (`hlog`) without the cards the others drew: the deck of
    each epoch (the full deck, then the discards at each reshuffle) is public, p's own draws
    are known, every spend is public with its seat and card. A world is a card for every
    hidden draw such that each epoch hands out exactly its deck (the current one keeps the
    rest) and every spend was in the spender's hand. Each spend of another seat is given the
    epoch its card came from (an epoch the seat had drawn from and not used up by then, and
    whose deck still has that card), by a randomised backtracking search (complete: the true
    history is one answer); then the cards still held are dealt at random from what each
    epoch's deck has left. The history is rewritten to match, so the result is a state the
    game can reach and other seats can be resampled from it. It depends only on p's view and
    rng; every consistent world can come out."""
    if d.hlog_full or not resample_history(d, p, rng):
        resample_pooled(d, p, rng)


cdef void resample_pooled(EruptionData* d, int p, Rng* rng) noexcept nogil:
    """Fallback when the history overflowed (never seen): the other hands are redealt from
    the cards p cannot see, pooled with the deck (exact until the first reshuffle)."""
    cdef int pool[NCARDTYPES]
    cdef int q, k, i, size, total = 0, r
    for k in range(NCARDTYPES):
        pool[k] = d.deck[k]
        for q in range(d.n):
            if q != p:
                pool[k] += d.hand[q * NCARDTYPES + k]
        total += pool[k]
    for q in range(d.n):
        if q == p:
            continue
        size = hand_size(d, q)
        for k in range(NCARDTYPES):
            d.hand[q * NCARDTYPES + k] = 0
        for i in range(size):
            r = rng_below(rng, total)
            k = 0
            while r >= pool[k]:
                r -= pool[k]
                k += 1
            pool[k] -= 1
            total -= 1
            d.hand[q * NCARDTYPES + k] += 1
    for k in range(NCARDTYPES):
        d.deck[k] = pool[k]
    d.hlog_full = 1                 # the history no longer matches the hands


cdef int draw_from(int* pool, int* total, Rng* rng) noexcept nogil:
    cdef int r = rng_below(rng, total[0]), k = 0
    while r >= pool[k]:
        r -= pool[k]
        k += 1
    pool[k] -= 1
    total[0] -= 1
    return k


ctypedef struct History:
    # the card history read for a resample: epochs (a reshuffle starts one) and the others'
    # spends, then the epoch each spent card is given
    int length              # events in the history
    int epochs              # the last epoch's index
    int spends              # spends by seats other than the resampling one
    short ep[LOG_MAX]       # per event: its epoch
    short sp_pos[LOG_MAX]   # per spend: its event
    short sp_cnt[LOG_MAX]   # per spend: the spender's draws in the current epoch before it
    short choice[LOG_MAX]   # per spend: the epoch its card came from
    int cap[MAX_EPOCHS][NCARDTYPES]     # per epoch: its deck's cards not yet given out
    # (slots and used are zeroed per epoch as it is read: the whole arrays cost more to clear
    # than a typical history costs to read)
    int slots[8][MAX_EPOCHS]            # per seat and epoch: hidden draws
    int used[8][MAX_EPOCHS]             # per seat and epoch: of them, given to spends
    int ptr[8][MAX_EPOCHS]              # per seat and epoch: the first draw not yet rewritten


cdef bint resample_history(EruptionData* d, int p, Rng* rng) noexcept nogil:
    cdef History h
    return read_history(d, p, &h) and assign_spends(d, &h, rng) and redeal_draws(d, p, &h, rng)


cdef bint read_history(EruptionData* d, int p, History* h) noexcept nogil:
    """Step 1: the epochs, their decks, p's draws, the others' draws and spends."""
    cdef int i, c, s, k, E = 0, S = 0
    cdef int acc[NCARDTYPES]
    cdef int cur_cnt[8]
    memset(acc, 0, sizeof(acc))
    memset(cur_cnt, 0, sizeof(cur_cnt))
    new_epoch(h, 0)
    for k in range(NCARDTYPES):
        h.cap[0][k] = ERU_CARD_COUNT[k] - (RAIN_REMOVED if k == CARD_RAIN and not d.rain else 0)
    h.length = d.hlog_len
    for i in range(h.length):
        c = d.hlog[i]
        h.ep[i] = E
        if c == LOG_RESHUFFLE:
            E += 1
            if E >= MAX_EPOCHS:
                return False
            new_epoch(h, E)
            for k in range(NCARDTYPES):
                h.cap[E][k] = acc[k]
                acc[k] = 0
            memset(cur_cnt, 0, sizeof(cur_cnt))
        elif c < LOG_SPEND:
            s = c >> 3
            if s == p:
                h.cap[E][c & 7] -= 1
            else:
                h.slots[s][E] += 1
                cur_cnt[s] += 1
        else:
            s = (c - LOG_SPEND) >> 3
            acc[c & 7] += 1
            if s != p:
                h.sp_pos[S] = i
                h.sp_cnt[S] = cur_cnt[s]
                S += 1
    h.epochs = E
    h.spends = S
    return True


cdef inline void new_epoch(History* h, int e) noexcept nogil:
    """No hidden draw of epoch e read yet, none given to a spend."""
    cdef int s
    for s in range(8):
        h.slots[s][e] = 0
        h.used[s][e] = 0


cdef bint assign_spends(EruptionData* d, History* h, Rng* rng) noexcept nogil:
    """Step 2: the epoch of each spent card, by a randomised depth-first search in time order."""
    cdef int i = 0, c, s, k, e, j, last, budget = SEARCH_BUDGET, S = h.spends
    cdef bint ok
    cdef short tried[LOG_MAX]
    cdef short first[LOG_MAX]
    if S > 0:
        tried[0] = 0
        first[0] = rng_below(rng, h.ep[h.sp_pos[0]] + 1)
    while 0 <= i < S:
        budget -= 1
        if budget <= 0:
            return False
        c = d.hlog[h.sp_pos[i]]
        s = (c - LOG_SPEND) >> 3
        k = c & 7
        last = h.ep[h.sp_pos[i]]
        ok = False
        while tried[i] <= last:
            e = (first[i] + tried[i]) % (last + 1)
            tried[i] += 1
            j = h.sp_cnt[i] if e == last else h.slots[s][e]
            if j - h.used[s][e] > 0 and h.cap[e][k] > 0:
                h.used[s][e] += 1
                h.cap[e][k] -= 1
                h.choice[i] = e
                ok = True
                break
        if ok:
            i += 1
            if i < S:
                tried[i] = 0
                first[i] = rng_below(rng, h.ep[h.sp_pos[i]] + 1)
        else:
            i -= 1
            if i >= 0:
                c = d.hlog[h.sp_pos[i]]
                h.used[(c - LOG_SPEND) >> 3][h.choice[i]] -= 1
                h.cap[h.choice[i]][c & 7] += 1
    return i >= 0                   # never false: the true history is an answer


cdef bint redeal_draws(EruptionData* d, int p, History* h, Rng* rng) noexcept nogil:
    """Step 3: rewrite the others' draws: each spent card on the earliest unused draw of its
    seat in its epoch (before the spend), the cards still held dealt at random from the rest of
    the epoch's deck; the hands and the deck follow."""
    cdef int i, c, s, e, j, k
    for s in range(8):
        for e in range(h.epochs + 1):
            h.ptr[s][e] = 0
    for i in range(h.spends):
        c = d.hlog[h.sp_pos[i]]
        s = (c - LOG_SPEND) >> 3
        e = h.choice[i]
        j = h.ptr[s][e]
        while not (d.hlog[j] < LOG_SPEND and (d.hlog[j] >> 3) == s and h.ep[j] == e):
            j += 1
        d.hlog[j] = s * NCARDTYPES + (c & 7)
        h.ptr[s][e] = j + 1
    for s in range(d.n):
        if s != p:
            for k in range(NCARDTYPES):
                d.hand[s * NCARDTYPES + k] = 0
    for e in range(h.epochs + 1):
        if not redeal_epoch(d, p, h, e, rng):
            return False
        if e == h.epochs:
            for k in range(NCARDTYPES):
                d.deck[k] = h.cap[e][k]
    return True


cdef bint redeal_epoch(EruptionData* d, int p, History* h, int e, Rng* rng) noexcept nogil:
    """The unspent hidden draws of epoch e, dealt at random from its deck's rest."""
    cdef int s, j, k, total = 0
    cdef int dealt[NCARDTYPES]
    for k in range(NCARDTYPES):
        total += h.cap[e][k]
    for s in range(8):
        if s == p or h.slots[s][e] == h.used[s][e]:
            continue
        for k in range(NCARDTYPES):
            dealt[k] = 0
        for j in range(h.slots[s][e] - h.used[s][e]):
            if total <= 0:
                return False    # cannot happen
            dealt[draw_from(h.cap[e], &total, rng)] += 1
        j = h.ptr[s][e]
        k = 0
        while j < h.length:
            if d.hlog[j] < LOG_SPEND and (d.hlog[j] >> 3) == s and h.ep[j] == e:
                while dealt[k] == 0:
                    k += 1
                dealt[k] -= 1
                d.hlog[j] = s * NCARDTYPES + k
                if s < d.n:
                    d.hand[s * NCARDTYPES + k] += 1
            j += 1
    return True


cdef int action_key(EruptionData* d, int observer, int a) noexcept nogil:
    """A card drawn by another seat is seen only as "a card"; every other move is public."""
    if (d.stage == ST_DEAL or d.stage == ST_DRAW) and observer != d.cur:
        return KEY_HIDDEN_DRAW
    return a
