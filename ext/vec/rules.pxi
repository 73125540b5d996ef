# The C game logic of ext/vec/logic.pyx (included there): stages, struct, helpers, turn flow
# and effects. The legal moves and moves of each stage are in stages.pxi, the action codec in
# codec.pxi. Rule and gap IDs (C1..C15, X1..X7) refer to ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- small helpers
cdef inline int all_mask(VecData* d) noexcept nogil:
    return (1 << d.n) - 1


cdef inline int snake(VecData* d, int k) noexcept nogil:
    """Player of the k-th placement/activation: clockwise from the first, then back (C4)."""
    if k < d.n:
        return (d.first + k) % d.n
    return (d.first + 2 * d.n - 1 - k) % d.n


cdef inline unsigned long long loc_bits(VecData* d, int where) noexcept nogil:
    """The cards at `where` as a bit set (bit c: card c), from the derived index `at`."""
    cdef const unsigned short* w = &d.at[4 * where]
    return (<unsigned long long>w[0] | (<unsigned long long>w[1] << 16)
            | (<unsigned long long>w[2] << 32) | (<unsigned long long>w[3] << 48))


cdef inline void set_loc(VecData* d, int c, int where) noexcept nogil:
    """Card c goes to `where`: every change of loc goes through here, to keep `at` in step."""
    d.at[4 * d.loc[c] + (c >> 4)] &= ~(1 << (c & 15))
    d.loc[c] = where
    d.at[4 * where + (c >> 4)] |= 1 << (c & 15)


cdef void derive_locations(VecData* d) noexcept nogil:
    """Rebuild the derived index `at` from loc (a loaded state: the JSON does not hold it)."""
    cdef int c
    memset(d.at, 0, sizeof(d.at))
    for c in range(NCARDS):
        if 0 <= d.loc[c] < 16:              # the loader's checks reject anything else
            d.at[4 * d.loc[c] + (c >> 4)] |= 1 << (c & 15)


cdef inline unsigned long long display_bits(VecData* d, int p) noexcept nogil:
    """p's display, face up and face down."""
    return loc_bits(d, L_UP + p) | loc_bits(d, L_DOWN + p)


cdef inline unsigned long long opponents_up(VecData* d, int p) noexcept nogil:
    """The face-up cards of the other players."""
    cdef unsigned long long m = 0
    cdef int q
    for q in range(d.n):
        if q != p:
            m |= loc_bits(d, L_UP + q)
    return m


cdef inline int count_loc(VecData* d, int where) noexcept nogil:
    return bit_count(loc_bits(d, where))


cdef inline int faceup(VecData* d, int p) noexcept nogil:
    return count_loc(d, L_UP + p)


cdef inline int deck_count(VecData* d, int color) noexcept nogil:
    return bit_count(loc_bits(d, L_DECK) & color_bits(color))


cdef inline bint drawable(VecData* d, int color) noexcept nogil:
    return ((loc_bits(d, L_DECK) | loc_bits(d, L_DISCARD)) & color_bits(color)) != 0


cdef inline void rebuild_deck(VecData* d, int color) noexcept nogil:
    """An empty Novel deck is rebuilt from its public discard pile (C11)."""
    cdef int i, c
    cdef bint during_draw = count_loc(d, L_TRAY) > 0
    if deck_count(d, color) > 0:
        return
    for i in range(9):
        c = color_card(color, i)
        if d.loc[c] == L_DISCARD:
            set_loc(d, c, L_DECK)
            d.known[c] = all_mask(d)
            if during_draw:                 # public even if a secret draw is under way
                d.kbak[c] = all_mask(d)


cdef inline int ideas_color(VecData* d, int color) noexcept nogil:
    return bit_count(loc_bits(d, L_IDEAS) & color_bits(color))


cdef inline int display_colors(VecData* d, int p) noexcept nogil:
    """Distinct colors among all cards of p's display, face up or down (C7)."""
    cdef unsigned long long m = display_bits(d, p)
    cdef int col, k = 0
    for col in range(NCOLORS):
        if m & color_bits(col):
            k += 1
    return k


cdef inline bint has_free_up(VecData* d, int p, int exclude) noexcept nogil:
    cdef unsigned long long m = loc_bits(d, L_UP + p)
    cdef int c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0 and c != exclude:
            return True
    return False


cdef inline bint activatable(VecData* d, int p, int c) noexcept nogil:
    # marks first: most cards carry none, so one test settles them
    return d.marks[c] != 0 and ((d.loc[c] == L_UP + p) or (d.loc[c] == L_DOWN + p and d.marks[c] == 2))


cdef inline bint opponent_has_up(VecData* d, int p) noexcept nogil:
    return opponents_up(d, p) != 0


cdef inline bint can_act(VecData* d, int p, int c) noexcept nogil:
    """The action of marked card c can be performed (else it can only be renounced)."""
    cdef int k = card_action(c)
    if k == ACT_INSERT:
        return display_colors(d, p) >= 4
    if k == ACT_COMPARE:
        return opponent_has_up(d, p)
    return True


cdef inline bint has_special_move(VecData* d, int p, int exclude) noexcept nogil:
    cdef unsigned long long m = loc_bits(d, L_DOWN + p)
    cdef int c
    if faceup(d, p) <= 7:
        m |= loc_bits(d, L_UP + p)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0 and c != exclude:
            return True
    return False


cdef inline int score_of(VecData* d, int p) noexcept nogil:
    """VP of p from the NOVEL as it stands (C3)."""
    cdef int o = d.objective[p], j, c, v, total = 0
    if o < 0:
        return 0
    for j in range(NPOS):
        c = d.novel[j]
        if c < 0:
            continue
        if obj_has_color(o, card_color(c)):
            v = 2 if obj_color(o, j) == card_color(c) else 1
            if d.tok[4 * j + p] > 0:
                v *= 2
            total += v
        if card_type(c) == obj_type(o):
            total += 1
    return total


cdef inline int novel_count(VecData* d) noexcept nogil:
    cdef int j, k = 0
    for j in range(NPOS):
        if d.novel[j] >= 0:
            k += 1
    return k


cdef inline void hidden_draw(VecData* d, int q, int c) noexcept nogil:
    """Card c leaves its deck for q's tray: only q sees it. Nobody else knows any more which
    cards of that deck are still in it (they may be the one q keeps face down)."""
    cdef int i, x, col = card_color(c)
    cdef bint start = count_loc(d, L_TRAY) == 0
    for i in range(9):
        x = color_card(col, i)
        if d.loc[x] == L_DECK:
            if start:
                d.kbak[x] = d.known[x]
            d.known[x] &= (1 << q)
    set_loc(d, c, L_TRAY)
    d.known[c] = 1 << q


cdef inline void empty_tray(VecData* d, int q, bint kept_up, int col) noexcept nogil:
    """Unchosen drawn cards go back into their deck; only q knows which (deck reshuffled).

    When the kept card went face up, the others know that every card they knew in that deck
    is still there, so their knowledge from before the draw comes back (X4)."""
    cdef int x
    for x in range(NCARDS):
        if d.loc[x] == L_TRAY:
            set_loc(d, x, L_DECK)
            d.known[x] = 1 << q
            if kept_up:
                d.known[x] |= d.kbak[x]
        elif kept_up and d.loc[x] == L_DECK and card_color(x) == col:
            d.known[x] |= d.kbak[x]
    for x in range(NCARDS):
        d.kbak[x] = 0


cdef inline void lose_track(VecData* d, int q, int kept) noexcept nogil:
    """q keeps card `kept` face down: the others who knew cards of that deck only know that
    each is still in the deck or is this card (or one kept face down later), X4."""
    cdef int i, x, r, col = card_color(kept)
    d.clock += 1
    d.ft[kept] = d.clock
    for i in range(9):
        x = color_card(col, i)
        for r in range(d.n):
            if r != q and (d.kbak[x] >> r) & 1 and not (d.known[x] >> r) & 1:
                d.lt[4 * x + r] = d.clock


cdef inline void to_public(VecData* d, int c, int where) noexcept nogil:
    set_loc(d, c, where)
    d.known[c] = all_mask(d)


# ---------------------------------------------------------------- Ideas Area
cdef inline void push_color(VecData* d, int color) noexcept nogil:
    if d.qlen < 8:
        d.queue[d.qlen] = color
        d.qlen += 1


cdef inline int queued(VecData* d, int color) noexcept nogil:
    cdef int i, k = 0
    for i in range(d.qlen):
        if d.queue[i] == color:
            k += 1
    return k


cdef inline int ideas_total(VecData* d) noexcept nogil:
    return count_loc(d, L_IDEAS) + d.qlen


cdef inline bint addable(VecData* d, int color) noexcept nogil:
    """The refill may add a card of this color (2p: absent; 4p: fewer than 2)."""
    if not drawable(d, color):
        return False
    if d.n == 2:
        return ideas_color(d, color) + queued(d, color) == 0
    return ideas_color(d, color) + queued(d, color) < 2


cdef inline void use_objective(VecData* d, int o) noexcept nogil:
    """Apply a revealed objective card to the Ideas Area (set-up or refill), C11."""
    cdef int c1 = obj_color(o, 0), c2 = obj_color(o, 1), col
    if d.fill_setup:
        d.fill_setup = 0
        for col in range(NCOLORS):
            if d.n == 2 and (col == c1 or col == c2):
                continue        # 2p: the first two colors are removed
            push_color(d, col)
        if d.n == 4:
            push_color(d, c1)
            push_color(d, c2)
        return
    if d.n == 2:
        if addable(d, c1):
            push_color(d, c1)
        elif addable(d, c2):
            push_color(d, c2)
    else:
        if ideas_total(d) < 8 and addable(d, c1):
            push_color(d, c1)
        if ideas_total(d) < 8 and addable(d, c2):
            push_color(d, c2)


cdef inline bint objective_adds(VecData* d, int o) noexcept nogil:
    return addable(d, obj_color(o, 0)) or addable(d, obj_color(o, 1))


cdef inline bint objective_useful(VecData* d) noexcept nogil:
    """Whether to draw an objective card for the refill (C11), from public information only:
    a card seen in the objective deck or its discards could add a color, or the deck still
    holds unseen cards and one of the cards never seen (in the deck or held by a player: the
    players cannot tell which) could. The players' secret objectives are never read apart
    from that set, so every seat sees the same decision whatever the others hold."""
    cdef int o, unseen = 0
    for o in range(NOBJ):
        if d.obj_loc[o] == O_DECK:
            unseen += 1
    for o in range(NOBJ):
        if d.obj_loc[o] == O_DISCARD or d.obj_loc[o] == O_DECK_SEEN:
            if objective_adds(d, o):
                return True
        elif unseen > 0 and objective_adds(d, o):     # O_DECK or held: never seen
            return True
    return False




cdef void ideas_continue(VecData* d) noexcept nogil:
    cdef int o, target, i
    cdef bint any_deck
    while d.qlen > 0 and not drawable(d, d.queue[0]):
        for i in range(d.qlen - 1):
            d.queue[i] = d.queue[i + 1]
        d.qlen -= 1
    if d.qlen > 0:
        rebuild_deck(d, d.queue[0])
        d.stage = ST_IDEAS_DRAW
        return
    target = 4 if d.n == 2 else (8 if d.n == 4 else 6)
    if d.n != 3 and count_loc(d, L_IDEAS) < target and objective_useful(d):
        any_deck = False
        for o in range(NOBJ):
            if d.obj_loc[o] == O_DECK or d.obj_loc[o] == O_DECK_SEEN:
                any_deck = True
        if not any_deck:
            for o in range(NOBJ):           # C11: reshuffle the public objective discards
                if d.obj_loc[o] == O_DISCARD:
                    d.obj_loc[o] = O_DECK_SEEN
        d.stage = ST_IDEAS_OBJ
        return
    start_phase1(d)


cdef void start_refill(VecData* d) noexcept nogil:
    """End-of-turn refill of the Ideas Area for each player count."""
    cdef int col
    d.qlen = 0
    d.fill_setup = 0
    if d.n >= 3:
        for col in range(NCOLORS):
            if ideas_color(d, col) == 0 and drawable(d, col):
                push_color(d, col)
    ideas_continue(d)


cdef void start_ideas_setup(VecData* d) noexcept nogil:
    cdef int col
    d.qlen = 0
    if d.n == 3:
        d.fill_setup = 0
        for col in range(NCOLORS):
            push_color(d, col)
        ideas_continue(d)
    else:
        d.fill_setup = 1
        d.stage = ST_IDEAS_OBJ


# ---------------------------------------------------------------- turn flow


cdef void start_phase1(VecData* d) noexcept nogil:
    d.place_idx = -1
    d.robbed = -1
    next_placement(d)


cdef void start_phase2(VecData* d) noexcept nogil:
    """Gather the Ideas cards carrying quills (ink to the reserve), then activations."""
    cdef unsigned long long m = loc_bits(d, L_IDEAS)
    cdef int c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] > 0:
            to_public(d, c, L_UP + d.owner[c])
            d.reserve += d.ink[c]
            d.ink[c] = 0
    d.act_idx = -1
    next_activation(d)


cdef void next_placement(VecData* d) noexcept nogil:
    d.place_idx += 1
    if d.place_idx >= 2 * d.n:
        start_phase2(d)
        return
    d.cur = snake(d, d.place_idx)
    d.stage = ST_PLACE


cdef void end_turn(VecData* d) noexcept nogil:
    cdef int c
    for c in range(NCARDS):
        if d.loc[c] != L_IDEAS:
            d.marks[c] = 0
            d.owner[c] = -1
            d.reserve += d.ink[c]
            d.ink[c] = 0
    d.turn += 1
    if d.turn >= d.turn_cap:         # X5 / C13: the cap ends the game, scored as it stands
        d.stage = ST_END
        return
    d.first = (d.first + 1) % d.n    # the first player token passes left
    start_refill(d)


cdef void next_activation(VecData* d) noexcept nogil:
    cdef unsigned long long m
    cdef int p, c
    cdef bint found
    while True:
        d.act_idx += 1
        if d.act_idx >= 2 * d.n:
            end_turn(d)
            return
        p = snake(d, d.act_idx)
        found = False
        m = display_bits(d, p)
        while m:
            c = lowest_bit(m)
            m &= m - 1
            if activatable(d, p, c):
                found = True
                break
        if found:
            d.cur = p
            d.stage = ST_ACT_CHOOSE
            return


cdef void limit_check(VecData* d) noexcept nogil:
    """The 7 face-up limit after each activation (C4); marked cards cannot be turned (X6)."""
    if faceup(d, d.actor) > 7 and has_free_up(d, d.actor, -1):
        d.cur = d.actor
        d.stage = ST_LIMIT
        return
    next_activation(d)


cdef void end_action(VecData* d) noexcept nogil:
    """After an activation, performed or renounced: quills off, then the turn-down (C4)."""
    cdef int x = d.act_card, p = d.actor
    if d.loc[x] == L_UP + p or d.loc[x] == L_DOWN + p:
        d.marks[x] = 0
        d.owner[x] = -1
        d.reserve += d.ink[x]
        d.ink[x] = 0
    if has_free_up(d, p, -1):
        d.cur = p
        d.stage = ST_TURN_DOWN
        return
    limit_check(d)


cdef inline void add_part(VecData* d, int p, int card) noexcept nogil:
    """p takes part in the strength test with `card` (and will bid for it)."""
    cdef int i = commit_enrol(&d.bids, p)
    d.pcard[i] = card
    d.ppts[i] = 0
    d.strength[i] = 0




cdef void go_special(VecData* d) noexcept nogil:
    """Step 1 for participant d.step onwards; skipped when it has no card to use (X6)."""
    while d.step < d.bids.count:
        if has_special_move(d, d.bids.seat[d.step], d.pcard[d.step]):
            d.cur = d.bids.seat[d.step]
            d.stage = ST_SPECIAL
            return
        d.step += 1
        if d.kind == ACT_COMPARE and d.bids.count == 1:
            d.cur = d.actor
            d.stage = ST_COMPARE_TARGET
            return
    d.step = 0
    go_bids(d)


cdef void after_special(VecData* d) noexcept nogil:
    d.step += 1
    if d.kind == ACT_COMPARE and d.bids.count == 1:
        d.cur = d.actor
        d.stage = ST_COMPARE_TARGET
        return
    go_special(d)




cdef void go_bids(VecData* d) noexcept nogil:
    """Step 5: each participant bids ink, in order; sealed until all have bid (C5). A
    sequential hidden commitment (ext/commit.pxd) over the participants."""
    cdef int p
    while not commit_all_made(&d.bids):
        p = commit_next_seat(&d.bids)
        if d.cubes[p] > 0 or d.specials[p] > 0:
            d.cur = p
            d.stage = ST_BID
            return
        commit_record(&d.bids, bid_content(0, 0))   # nothing to bid: an empty bid
    reveal(d)


cdef inline int base_strength(VecData* d, int i) noexcept nogil:
    """A x B + special points + ink left on the card (C5)."""
    cdef int p = d.bids.seat[i], card = d.pcard[i], c, a = 0, b = 0
    cdef unsigned long long m = loc_bits(d, L_UP + p)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if card_type(c) == card_type(card):
            a += 1
        if card_genre(c) == card_genre(card):
            b += 1
    return a * b + d.ppts[i] + d.ink[card]




cdef void reveal(VecData* d) noexcept nogil:
    """All bids are shown together and paid; then the card's effect."""
    cdef int i, p, card, ink, special
    for i in range(d.bids.count):
        p = d.bids.seat[i]
        card = d.pcard[i]
        ink = content_ink(d.bids.content[i])
        special = content_special(d.bids.content[i])
        d.strength[i] = base_strength(d, i) + ink + 3 * special
        bound_spend(d, p, ink, special)
        d.cubes[p] -= ink
        d.reserve += ink + d.ink[card]
        d.ink[card] = 0
        d.specials[p] -= special
        d.box[p] += special                     # spent tokens return to the box (C10)
    commit_reveal(&d.bids)
    if d.kind == ACT_RESEARCH:
        start_research(d)
    elif d.kind == ACT_REACTIVATE:
        d.points = d.strength[0]
        reactivate_continue(d)
    elif d.kind == ACT_RETRIEVE:
        retrieve_ink(d)
    elif d.kind == ACT_COMPARE:
        start_compare(d)
    else:
        insert_winner(d)


cdef void start_research(VecData* d) noexcept nogil:
    """Research (C9): 2 points per draw; nothing to do without a deck or 2 points."""
    cdef int col
    d.points = d.strength[0]
    d.cur = d.actor
    for col in range(NCOLORS):
        if drawable(d, col) and d.points >= 2:
            d.stage = ST_RESEARCH_DECK
            return
    effect_done(d)


cdef void retrieve_ink(VecData* d) noexcept nogil:
    """Retrieve drops (C9): 2 points per cube, reserve permitting."""
    cdef int k = d.strength[0] // 2
    if k > d.reserve:
        k = d.reserve
    d.cubes[d.actor] += k
    d.reserve -= k
    effect_done(d)


cdef void start_compare(VecData* d) noexcept nogil:
    """Compare: the stronger side turns the other's face-up cards; a tie does nothing (C6).
    When the actor wins, the first card turned is always the compared card."""
    cdef int y, cost
    if d.strength[0] == d.strength[1]:
        effect_done(d)
        return
    if d.strength[0] > d.strength[1]:
        d.winner = 0
        d.loser = 1
        d.points = d.strength[0] - d.strength[1]
        y = d.pcard[1]
        cost = turn_cost(faceup(d, d.bids.seat[1]))
        if d.marks[y] != 0 or d.loc[y] != L_UP + d.bids.seat[1] or cost == 0 or cost > d.points:
            effect_done(d)
            return
        set_loc(d, y, L_DOWN + d.bids.seat[1])
        d.points -= cost
    else:                                       # C6: the defender wins symmetrically
        d.winner = 1
        d.loser = 0
        d.points = d.strength[1] - d.strength[0]
    compare_continue(d)


cdef void insert_winner(VecData* d) noexcept nogil:
    """Insert with opposition: the strongest inserts its card; a tie does nothing (C7)."""
    cdef int i, best = -1, nbest = 0, bi = 0
    for i in range(d.bids.count):
        if d.strength[i] > best:
            best = d.strength[i]
            nbest = 1
            bi = i
        elif d.strength[i] == best:
            nbest += 1
    if nbest > 1:
        effect_done(d)
        return
    d.winner = bi
    d.ins_card = d.pcard[bi]
    d.cur = d.bids.seat[bi]
    d.stage = ST_INSERT_TOKENS


cdef void compare_continue(VecData* d) noexcept nogil:
    cdef int l = d.bids.seat[d.loser], cost = turn_cost(faceup(d, l))
    if cost > 0 and cost <= d.points and has_free_up(d, l, -1):
        d.cur = d.bids.seat[d.winner]
        d.stage = ST_COMPARE_TURN
        return
    effect_done(d)


cdef void reactivate_continue(VecData* d) noexcept nogil:
    cdef unsigned long long m = loc_bits(d, L_DOWN + d.actor)
    cdef int c
    if d.points >= 2:
        while m:
            c = lowest_bit(m)
            m &= m - 1
            if d.marks[c] == 0:
                d.cur = d.actor
                d.stage = ST_REACTIVATE
                return
    effect_done(d)


cdef void effect_done(VecData* d) noexcept nogil:
    d.points = 0
    end_action(d)


cdef void next_opposer(VecData* d) noexcept nogil:
    """Opposers declare clockwise from the actor (C7); those without face-up cards are skipped."""
    cdef int q
    while d.step < d.n:
        q = (d.actor + d.step) % d.n
        if faceup(d, q) > 0:
            d.cur = q
            d.stage = ST_INSERT_OPPOSE
            return
        d.step += 1
    if d.bids.count == 1:                            # no opposition: no strength test (C7)
        d.winner = 0
        d.ins_card = d.pcard[0]
        d.cur = d.actor
        d.stage = ST_INSERT_TOKENS
        return
    d.step = 0
    go_special(d)


cdef void begin_action(VecData* d, int p, int card) noexcept nogil:
    # A face-down card activated with two quills is shown: its action and its type and genre
    # (the strength) become public (X4).
    d.known[card] = all_mask(d)
    d.actor = p
    d.act_card = card
    d.kind = card_action(card)
    commit_clear(&d.bids)
    d.step = 0
    d.points = 0
    if d.kind == ACT_INSERT:
        d.cur = p
        d.stage = ST_INSERT_NOMINATE
        return
    add_part(d, p, card)
    go_special(d)


cdef void finish_insert(VecData* d) noexcept nogil:
    """After the NOVEL placement: the game ends at once with 4 cards."""
    if novel_count(d) >= NPOS:
        d.stage = ST_END
        return
    effect_done(d)


cdef void place_in_novel(VecData* d, int j, int card, int p, int k) noexcept nogil:
    cdef int q
    to_public(d, card, L_NOVEL)
    d.novel[j] = card
    for q in range(4):
        d.tok[4 * j + q] = 0
    d.tok[4 * j + p] = k
    d.specials[p] -= k                          # tokens in the NOVEL stay there (C10)
    d.smin[p] -= k
    d.smax[p] -= k
    d.marks[card] = 0
    d.owner[card] = -1
    d.reserve += d.ink[card]
    d.ink[card] = 0


cdef inline int tokens_on(VecData* d, int j) noexcept nogil:
    return d.tok[4 * j] + d.tok[4 * j + 1] + d.tok[4 * j + 2] + d.tok[4 * j + 3]


cdef inline bint is_chance_stage(int st) noexcept nogil:
    return (st == ST_FIRST or st == ST_DEAL_OBJ or st == ST_START_DRAW or st == ST_IDEAS_OBJ
            or st == ST_IDEAS_DRAW or st == ST_RESEARCH_DRAW)


cdef inline int max_trades(VecData* d, int p) noexcept nogil:
    """Exchanges p can make now: 4 cubes for 1 special ink of p's color from the box (C10)."""
    cdef int t = d.cubes[p] // 4
    return t if t < d.box[p] else d.box[p]


cdef inline void do_trades(VecData* d, int p, int t) noexcept nogil:
    d.cubes[p] -= 4 * t
    d.reserve += 4 * t
    d.box[p] -= t
    d.specials[p] += t


cdef inline int ink_value(VecData* d, int p) noexcept nogil:
    """cubes + 4 x special ink: public, since every change of it is public (exchanges keep it)."""
    return d.cubes[p] + 4 * d.specials[p]


cdef inline int on_novel(VecData* d, int p) noexcept nogil:
    """p's special ink on NOVEL cards (including a replaced card being moved)."""
    cdef int j, k = d.mv_tok[p]
    for j in range(NPOS):
        k += d.tok[4 * j + p]
    return k


cdef inline void bound_spend(VecData* d, int p, int c, int s) noexcept nogil:
    """Public bounds after p is seen to spend c cubes and s special ink, with secret exchanges
    before: the special ink held then was at least max(smin, s) and at most what the box and
    the ink value allow."""
    cdef int lo = d.smin[p] if d.smin[p] > s else s
    cdef int hi = TOKENS_PER_COLOR - on_novel(d, p)
    cdef int cap = (ink_value(d, p) - c) // 4
    if cap < hi:
        hi = cap
    if hi < lo:                 # cannot happen in a consistent game; keep the bounds sane
        hi = lo
    d.smin[p] = lo - s
    d.smax[p] = hi - s



cdef void init_data(VecData* d, int n, int cap) noexcept nogil:
    cdef int c, p
    memset(d, 0, sizeof(VecData))
    d.n = n
    d.turn_cap = cap
    d.stage = ST_FIRST
    d.cur = -1
    d.robbed = -1
    d.mv_card = -1
    for c in range(NCARDS):
        d.loc[c] = L_DECK
        d.owner[c] = -1
    derive_locations(d)
    for c in range(NOBJ):
        d.obj_loc[c] = O_DECK
    for p in range(4):
        d.objective[p] = -1
        d.novel[p] = -1
        if p < n:
            d.cubes[p] = START_CUBES
            d.specials[p] = START_TOKENS
            d.box[p] = TOKENS_PER_COLOR - START_TOKENS
            d.smin[p] = START_TOKENS
            d.smax[p] = START_TOKENS
    d.reserve = TOTAL_CUBES - START_CUBES * n


# ---------------------------------------------------------------- where the game is (ext/dispatch.pxi)
cdef inline bint game_over(VecData* d) noexcept nogil:
    return d.stage == ST_END


cdef inline bint at_chance(VecData* d) noexcept nogil:
    return is_chance_stage(d.stage)


cdef inline int to_move(VecData* d) noexcept nogil:
    return d.cur


# ---------------------------------------------------------------- returns and evaluation
cdef void final_returns(VecData* d, double* out) noexcept nogil:
    """The returns at the end: the best NOVEL score wins, ties share (C3)."""
    cdef int p, best = -1, nb = 0
    cdef double v[4]
    for p in range(d.n):
        v[p] = score_of(d, p)
        if v[p] > best:
            best = <int>v[p]
    for p in range(d.n):
        if v[p] == best:
            nb += 1
    for p in range(d.n):
        out[p] = 1.0 / nb if v[p] == best else 0.0


cdef double prospect(VecData* d, int p, double left) noexcept nogil:
    """p's NOVEL points and, weighted by the NOVEL space left, its ink and its candidates."""
    cdef int o = d.objective[p], c, i, j
    cdef double v = 1.5 * score_of(d, p)
    v += left * (0.12 * d.cubes[p] + 0.4 * d.specials[p])
    for i in range(d.bids.made):            # ink already bid (sealed) is as good as spent
        if d.bids.seat[i] == p and commit_pending(&d.bids, i):
            v -= left * (0.12 * content_ink(d.bids.content[i])
                         + 0.4 * content_special(d.bids.content[i]))
    if o >= 0:
        for c in range(NCARDS):
            if d.loc[c] == L_UP + p or (d.loc[c] == L_IDEAS and d.owner[c] == p):
                # a face-up card (or an idea this player will gather) is a NOVEL candidate
                if obj_has_color(o, card_color(c)):
                    v += left * 0.5
                if card_type(c) == obj_type(o):
                    v += left * 0.15
                if card_action(c) == ACT_INSERT:
                    v += left * 0.2
                v += left * 0.1
            elif d.loc[c] == L_DOWN + p:
                v += left * 0.05
        if d.stage == ST_INSERT_PLACE and d.bids.seat[d.winner] == p and obj_has_color(o, card_color(d.ins_card)):
            v += 0.5 * d.ins_tokens         # special ink about to double this card's points
    j = display_colors(d, p)
    v += left * 0.3 * (j if j < 4 else 4)
    return v


cdef void evaluate_data(VecData* d, double* out) noexcept nogil:
    """Win-chance estimate: a softmax of NOVEL points plus the prospects of getting cards in."""
    cdef double v[4]
    cdef double total = 0.0, mx = -1e9
    cdef double left = (NPOS - novel_count(d)) / <double>NPOS
    cdef int p
    if d.stage == ST_END:
        final_returns(d, out)
        return
    for p in range(d.n):
        v[p] = prospect(d, p, left)
        if v[p] > mx:
            mx = v[p]
    for p in range(d.n):
        v[p] = exp((v[p] - mx) / 1.5)
        total += v[p]
    for p in range(d.n):
        out[p] = v[p] / total
