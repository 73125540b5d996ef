# The decisions of ext/vec/logic.pyx (included there), one stage at a time: for each stage its
# legal moves (`legal_<stage>`, ascending ids) and its move (`apply_<stage>`), then the chance
# outcomes and their moves (`outcomes_*`, `chance_<stage>`), and at the end the dispatch
# `gen_legal` / `apply_move` / `gen_chance` / `apply_chance`.
# Rule and gap IDs (C1..C15, X1..X7) refer to ../shared/rules/GAPS.md.

# ---------------------------------------------------------------- set-up: starting card
cdef int legal_start_deck(VecData* d, int p, int* out) noexcept nogil:
    """Choose a non-empty Novel deck for the starting card."""
    cdef int n = 0, col
    for col in range(NCOLORS):
        if deck_count(d, col) > 0:
            out[n] = family_action(A_DECK, col)
            n += 1
    return n


cdef void apply_start_deck(VecData* d, int p, int a) noexcept nogil:
    d.color = family_value(a, A_DECK)
    d.draws_left = 3
    d.tray_owner = p
    d.stage = ST_START_DRAW


cdef int legal_start_pick(VecData* d, int p, int* out) noexcept nogil:
    """Keep one of the drawn cards face up."""
    cdef unsigned long long m = loc_bits(d, L_TRAY)
    cdef int n = 0, c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        out[n] = family_action(A_KEEP_UP, c)
        n += 1
    return n


cdef void apply_start_pick(VecData* d, int p, int a) noexcept nogil:
    """The kept card goes face up, the others back (reshuffled); the next player, then the
    Ideas Area (C12)."""
    to_public(d, family_value(a, A_KEEP_UP), L_UP + p)
    empty_tray(d, p, True, d.color)
    d.setup_idx += 1
    if d.setup_idx < d.n:
        d.cur = (d.first + d.setup_idx) % d.n
        d.stage = ST_START_DECK
    else:
        start_ideas_setup(d)


# ---------------------------------------------------------------- Phase I: quills
cdef int legal_place(VecData* d, int p, int* out) noexcept nogil:
    """A quill on an Ideas card with 0..all of p's ink (stealing a quilled one needs strictly
    more ink than lies on it, C8), or on an own display card (face up without a quill, face
    down with fewer than 2); "no quill" when nothing is possible (X6)."""
    cdef unsigned long long m = loc_bits(d, L_IDEAS)
    cdef int n = 0, c, b, lo
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            lo = 0
        elif d.owner[c] != p:
            lo = d.ink[c] + 1
        else:
            continue
        for b in range(lo, d.cubes[p] + 1):
            out[n] = idea_action(c, b)
            n += 1
    m = display_bits(d, p)                          # display ids come after all Ideas ids
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if (d.loc[c] == L_UP + p and d.marks[c] == 0) or (d.loc[c] == L_DOWN + p and d.marks[c] < 2):
            out[n] = family_action(A_DISP, c)
            n += 1
    if n == 0:
        out[0] = A_DONE
        n = 1
    return n


cdef void quill_on_idea(VecData* d, int p, int c, int b) noexcept nogil:
    """p's quill with b cubes on Ideas card c; on a quilled card, a steal (C8): the robbed
    player takes back their cubes plus one of the stealer's and moves its quill."""
    cdef int r = (ink_value(d, p) - b) // 4     # it held at least b cubes
    if r < d.smax[p]:
        d.smax[p] = r
    d.cubes[p] -= b
    if d.marks[c] > 0:
        r = d.owner[c]
        d.carried = d.ink[c] + 1
        d.ink[c] = b - 1
        d.owner[c] = p
        d.robbed = r
        d.cur = r
        d.stage = ST_ROBBED
        return
    d.marks[c] = 1
    d.owner[c] = p
    d.ink[c] = b
    next_placement(d)


cdef void apply_place(VecData* d, int p, int a) noexcept nogil:
    cdef int c
    if a == A_DONE:
        next_placement(d)
    elif a < A_DISP:
        quill_on_idea(d, p, idea_card(a), idea_ink(a))
    else:
        c = family_value(a, A_DISP)
        d.marks[c] += 1
        d.owner[c] = p
        next_placement(d)


cdef int legal_robbed(VecData* d, int p, int* out) noexcept nogil:
    """The robbed quill moves to a free Ideas card or an own free face-up card; back to the
    stock when there is none (C8, X6)."""
    cdef unsigned long long m = loc_bits(d, L_IDEAS)
    cdef int n = 0, c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            out[n] = idea_action(c, 0)
            n += 1
    m = loc_bits(d, L_UP + p)
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            out[n] = family_action(A_DISP, c)
            n += 1
    if n == 0:
        out[0] = A_DONE
        n = 1
    return n


cdef void apply_robbed(VecData* d, int p, int a) noexcept nogil:
    """The carried cubes go with the quill (or back to p when it goes back to the stock)."""
    cdef int c
    if a == A_DONE:
        d.cubes[p] += d.carried
    elif a < A_DISP:
        c = idea_card(a)
        d.marks[c] = 1
        d.owner[c] = p
        d.ink[c] = d.carried
    else:
        c = family_value(a, A_DISP)
        d.marks[c] += 1
        d.owner[c] = p
        d.ink[c] += d.carried
    d.carried = 0
    d.robbed = -1
    next_placement(d)


# ---------------------------------------------------------------- Phase II: activations
cdef int legal_act_choose(VecData* d, int p, int* out) noexcept nogil:
    """Activate a quilled card whose action can be performed, or renounce any quilled card."""
    cdef unsigned long long bits = display_bits(d, p)
    cdef int n = 0, m = 0, c, j
    cdef int renounce[NCARDS]
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if activatable(d, p, c):
            if can_act(d, p, c):
                out[n] = family_action(A_ACTIVATE, c)
                n += 1
            renounce[m] = family_action(A_RENOUNCE, c)
            m += 1
    for j in range(m):
        out[n] = renounce[j]
        n += 1
    return n


cdef void apply_act_choose(VecData* d, int p, int a) noexcept nogil:
    if a >= A_RENOUNCE:
        d.actor = p
        d.act_card = family_value(a, A_RENOUNCE)
        commit_clear(&d.bids)
        end_action(d)
    else:
        begin_action(d, p, family_value(a, A_ACTIVATE))


cdef int legal_special(VecData* d, int p, int* out) noexcept nogil:
    """Strength step 1 (C5): stop, turn an own free face-up card down (+1; not above 7 face
    up) or discard an own free face-down card (+2); the card tested is excluded."""
    cdef unsigned long long bits = display_bits(d, p)
    cdef int n = 1, m = 0, c, j, up = 0
    cdef int discard[NCARDS]
    cdef int card = d.pcard[d.step]
    out[0] = A_DONE
    while bits:
        c = lowest_bit(bits)
        bits &= bits - 1
        if d.loc[c] == L_UP + p:
            up += 1
            if d.marks[c] == 0 and c != card:
                out[n] = family_action(A_TURN, c)
                n += 1
        elif d.loc[c] == L_DOWN + p and d.marks[c] == 0 and c != card:
            discard[m] = family_action(A_DISCARD, c)
            m += 1
    if up > 7:
        n = 1
    for j in range(m):
        out[n] = discard[j]
        n += 1
    return n


cdef void apply_special(VecData* d, int p, int a) noexcept nogil:
    if a == A_DONE:
        after_special(d)
    elif a < A_DISCARD:
        set_loc(d, family_value(a, A_TURN), L_DOWN + p)
        d.ppts[d.step] += 1
    else:
        to_public(d, family_value(a, A_DISCARD), L_DISCARD)   # C14: discards are public
        d.ppts[d.step] += 2


cdef int legal_bid(VecData* d, int p, int* out) noexcept nogil:
    """Strength step 5: t secret exchanges (C10), then any ink and special ink held."""
    cdef int n = 0, t, b, s
    for t in range(max_trades(d, p) + 1):
        for b in range(d.cubes[p] - 4 * t + 1):
            for s in range(d.specials[p] + t + 1):
                out[n] = bid_action(t, b, s)
                n += 1
    return n


cdef void apply_bid(VecData* d, int p, int a) noexcept nogil:
    """The exchanges happen now; the bid is committed sealed until all have bid."""
    do_trades(d, p, bid_exchanges(a))
    commit_record(&d.bids, bid_action_content(a))
    go_bids(d)


# ---------------------------------------------------------------- Compare
cdef int legal_compare_target(VecData* d, int p, int* out) noexcept nogil:
    """Skip, or an opponent's face-up card to compare with."""
    cdef unsigned long long m = opponents_up(d, p)
    cdef int n = 1, c
    out[0] = A_DONE
    while m:
        c = lowest_bit(m)
        m &= m - 1
        out[n] = family_action(A_CHOOSE, c)
        n += 1
    return n


cdef void apply_compare_target(VecData* d, int p, int a) noexcept nogil:
    cdef int c
    if a == A_DONE:
        effect_done(d)
    else:
        c = family_value(a, A_CHOOSE)
        add_part(d, d.loc[c] - L_UP, c)
        go_special(d)


cdef int legal_compare_turn(VecData* d, int p, int* out) noexcept nogil:
    """Stop, or turn another free face-up card of the loser face down."""
    cdef unsigned long long m = loc_bits(d, L_UP + d.bids.seat[d.loser])
    cdef int n = 1, c
    out[0] = A_DONE
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            out[n] = family_action(A_CHOOSE, c)
            n += 1
    return n


cdef void apply_compare_turn(VecData* d, int p, int a) noexcept nogil:
    """Each card costs by the loser's face-up count, recomputed per card."""
    cdef int q
    if a == A_DONE:
        effect_done(d)
    else:
        q = d.bids.seat[d.loser]
        d.points -= turn_cost(faceup(d, q))
        set_loc(d, family_value(a, A_CHOOSE), L_DOWN + q)
        compare_continue(d)


# ---------------------------------------------------------------- Research
cdef int legal_research_deck(VecData* d, int p, int* out) noexcept nogil:
    """Skip, or a deck to draw from (2 points)."""
    cdef int n = 1, col
    out[0] = A_DONE
    for col in range(NCOLORS):
        if drawable(d, col):
            out[n] = family_action(A_DECK, col)
            n += 1
    return n


cdef void apply_research_deck(VecData* d, int p, int a) noexcept nogil:
    if a == A_DONE:
        effect_done(d)
    else:
        d.color = family_value(a, A_DECK)
        d.points -= 2
        d.tray_owner = p
        rebuild_deck(d, d.color)
        d.stage = ST_RESEARCH_DRAW


cdef int legal_research_pick(VecData* d, int p, int* out) noexcept nogil:
    """Keep a drawn card face down, or face up for 4 more points, or draw another (2)."""
    cdef unsigned long long m = loc_bits(d, L_TRAY)
    cdef int n = 0, c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        out[n] = family_action(A_KEEP_DOWN, c)
        n += 1
    if d.points >= 4:
        m = loc_bits(d, L_TRAY)
        while m:
            c = lowest_bit(m)
            m &= m - 1
            out[n] = family_action(A_KEEP_UP, c)
            n += 1
    if d.points >= 2 and drawable(d, d.color):
        out[n] = A_DRAW
        n += 1
    return n


cdef void apply_research_pick(VecData* d, int p, int a) noexcept nogil:
    cdef int c
    if a == A_DRAW:
        d.points -= 2
        rebuild_deck(d, d.color)
        d.stage = ST_RESEARCH_DRAW
    elif a < A_KEEP_UP:
        c = family_value(a, A_KEEP_DOWN)
        set_loc(d, c, L_DOWN + p)               # only p knows it (known stays 1 << p)
        lose_track(d, p, c)
        empty_tray(d, p, False, d.color)
        effect_done(d)
    else:
        c = family_value(a, A_KEEP_UP)
        to_public(d, c, L_UP + p)
        empty_tray(d, p, True, d.color)
        effect_done(d)


# ---------------------------------------------------------------- Re-activate
cdef int legal_reactivate(VecData* d, int p, int* out) noexcept nogil:
    """Stop, or turn a free face-down card face up (2 points)."""
    cdef unsigned long long m = loc_bits(d, L_DOWN + p)
    cdef int n = 1, c
    out[0] = A_DONE
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            out[n] = family_action(A_FLIP, c)
            n += 1
    return n


cdef void apply_reactivate(VecData* d, int p, int a) noexcept nogil:
    if a == A_DONE:
        effect_done(d)
    else:
        to_public(d, family_value(a, A_FLIP), L_UP + p)
        d.points -= 2
        reactivate_continue(d)


# ---------------------------------------------------------------- Insert
cdef int legal_insert_card(VecData* d, int p, int* out) noexcept nogil:
    """Nominate (or oppose with) an own face-up card, or decline."""
    cdef unsigned long long m = loc_bits(d, L_UP + p)
    cdef int n = 1, c
    out[0] = A_DONE
    while m:
        c = lowest_bit(m)
        m &= m - 1
        out[n] = family_action(A_CHOOSE, c)
        n += 1
    return n


cdef void apply_insert_nominate(VecData* d, int p, int a) noexcept nogil:
    if a == A_DONE:
        effect_done(d)
    else:
        add_part(d, p, family_value(a, A_CHOOSE))
        d.step = 1
        next_opposer(d)


cdef void apply_insert_oppose(VecData* d, int p, int a) noexcept nogil:
    if a != A_DONE:
        add_part(d, p, family_value(a, A_CHOOSE))
    d.step += 1
    next_opposer(d)


cdef int legal_insert_tokens(VecData* d, int p, int* out) noexcept nogil:
    """t secret exchanges (C10), then 0..all special ink on the inserted card."""
    cdef int n = 0, t, s
    for t in range(max_trades(d, p) + 1):
        for s in range(d.specials[p] + t + 1):
            out[n] = tokens_action(t, s)
            n += 1
    return n


cdef void apply_insert_tokens(VecData* d, int p, int a) noexcept nogil:
    do_trades(d, p, tokens_exchanges(a))
    d.ins_tokens = tokens_special(a)
    bound_spend(d, p, 0, 0)                     # exchanges may have happened: widen the bounds
    if d.smin[p] < d.ins_tokens:
        d.smin[p] = d.ins_tokens                # it holds at least what it puts down
    d.stage = ST_INSERT_PLACE


cdef int legal_insert_place(VecData* d, int p, int* out) noexcept nogil:
    """An empty NOVEL position, or replace a card with less special ink than this one (C7)."""
    cdef int n = 0, j
    for j in range(NPOS):
        if d.novel[j] < 0:
            out[n] = family_action(A_POS, j)
            n += 1
    for j in range(NPOS):
        if d.novel[j] >= 0 and tokens_on(d, j) < d.ins_tokens:
            out[n] = family_action(A_REPLACE, j)
            n += 1
    return n


cdef void apply_insert_place(VecData* d, int p, int a) noexcept nogil:
    """A replaced card keeps its special ink and moves next (ST_INSERT_MOVE)."""
    cdef int j, q
    if a < A_REPLACE:
        place_in_novel(d, family_value(a, A_POS), d.ins_card, p, d.ins_tokens)
        finish_insert(d)
    else:
        j = family_value(a, A_REPLACE)
        d.mv_card = d.novel[j]
        for q in range(4):
            d.mv_tok[q] = d.tok[4 * j + q]
        place_in_novel(d, j, d.ins_card, p, d.ins_tokens)
        d.stage = ST_INSERT_MOVE


cdef int legal_insert_move(VecData* d, int p, int* out) noexcept nogil:
    """The replaced card goes to an empty NOVEL position."""
    cdef int n = 0, j
    for j in range(NPOS):
        if d.novel[j] < 0:
            out[n] = family_action(A_POS, j)
            n += 1
    return n


cdef void apply_insert_move(VecData* d, int p, int a) noexcept nogil:
    cdef int j = family_value(a, A_POS), q
    d.novel[j] = d.mv_card
    for q in range(4):
        d.tok[4 * j + q] = d.mv_tok[q]
        d.mv_tok[q] = 0
    d.mv_card = -1
    finish_insert(d)


# ---------------------------------------------------------------- after an activation (C4)
cdef int legal_turn_down(VecData* d, int p, int* out) noexcept nogil:
    """The mandatory turn-down and the 7 face-up limit: a free face-up card goes face down."""
    cdef unsigned long long m = loc_bits(d, L_UP + p)
    cdef int n = 0, c
    while m:
        c = lowest_bit(m)
        m &= m - 1
        if d.marks[c] == 0:
            out[n] = family_action(A_TURN, c)
            n += 1
    return n


cdef void apply_turn_down(VecData* d, int p, int a) noexcept nogil:
    set_loc(d, family_value(a, A_TURN), L_DOWN + p)
    limit_check(d)


# ---------------------------------------------------------------- chance outcomes
# X3: every random event is an explicit, uniform chance node; a deck is a set drawn lazily.
cdef inline int uniform(int n, double* probs) noexcept nogil:
    """Give the n outcomes listed equal probabilities (unless probs is NULL); returns n."""
    cdef int i
    if probs != NULL:
        for i in range(n):
            probs[i] = 1.0 / n
    return n


cdef int outcomes_first(VecData* d, int* out) noexcept nogil:
    """The first player: any seat."""
    cdef int i
    for i in range(d.n):
        out[i] = family_action(C_FIRST, i)
    return d.n


cdef int outcomes_objective(VecData* d, bint seen_too, int* out) noexcept nogil:
    """An objective from the deck (seen_too: also those seen back in it after a reshuffle)."""
    cdef int n = 0, i
    for i in range(NOBJ):
        if d.obj_loc[i] == O_DECK or (seen_too and d.obj_loc[i] == O_DECK_SEEN):
            out[n] = family_action(C_OBJ, i)
            n += 1
    return n


cdef int outcomes_card(VecData* d, int col, int* out) noexcept nogil:
    """A card of the deck of color col."""
    cdef unsigned long long m = loc_bits(d, L_DECK) & color_bits(col)
    cdef int n = 0, c
    while m:                # ascending, as color_card(col, i) over i
        c = lowest_bit(m)
        m &= m - 1
        out[n] = family_action(C_CARD, c)
        n += 1
    return n


cdef void chance_first(VecData* d, int a) noexcept nogil:
    """The first player (C12); then the objectives are dealt."""
    d.first = family_value(a, C_FIRST)
    d.setup_idx = 0
    d.stage = ST_DEAL_OBJ


cdef void chance_deal_objective(VecData* d, int a) noexcept nogil:
    """A secret objective for player setup_idx; after the last, the starting cards."""
    cdef int o = family_value(a, C_OBJ)
    d.objective[d.setup_idx] = o
    d.obj_loc[o] = d.setup_idx
    d.setup_idx += 1
    if d.setup_idx >= d.n:
        d.setup_idx = 0
        d.cur = d.first
        d.stage = ST_START_DECK


cdef void chance_start_draw(VecData* d, int a) noexcept nogil:
    """One of the (up to) 3 secret draws for the starting card."""
    hidden_draw(d, d.tray_owner, family_value(a, C_CARD))
    d.draws_left -= 1
    if d.draws_left <= 0 or deck_count(d, d.color) == 0:
        d.draws_left = 0
        d.cur = d.tray_owner
        d.stage = ST_START_PICK


cdef void chance_research_draw(VecData* d, int a) noexcept nogil:
    hidden_draw(d, d.tray_owner, family_value(a, C_CARD))
    d.cur = d.tray_owner
    d.stage = ST_RESEARCH_PICK


cdef void chance_ideas_objective(VecData* d, int a) noexcept nogil:
    """A public objective card chooses Ideas colors (C11)."""
    cdef int o = family_value(a, C_OBJ)
    d.obj_loc[o] = O_DISCARD
    use_objective(d, o)
    ideas_continue(d)


cdef void chance_ideas_draw(VecData* d, int a) noexcept nogil:
    """A public Novel card for the Ideas Area, of the first queued color."""
    cdef int c = family_value(a, C_CARD), i
    to_public(d, c, L_IDEAS)
    d.marks[c] = 0
    d.owner[c] = -1
    d.ink[c] = 0
    for i in range(d.qlen - 1):
        d.queue[i] = d.queue[i + 1]
    d.qlen -= 1
    ideas_continue(d)


# ---------------------------------------------------------------- dispatch
cdef int gen_legal(VecData* d, int* out) noexcept nogil:
    """The legal actions of the player to act, ascending."""
    cdef int st = d.stage, p = d.cur
    if st == ST_PLACE:
        return legal_place(d, p, out)
    if st == ST_ROBBED:
        return legal_robbed(d, p, out)
    if st == ST_ACT_CHOOSE:
        return legal_act_choose(d, p, out)
    if st == ST_SPECIAL:
        return legal_special(d, p, out)
    if st == ST_BID:
        return legal_bid(d, p, out)
    if st == ST_COMPARE_TARGET:
        return legal_compare_target(d, p, out)
    if st == ST_COMPARE_TURN:
        return legal_compare_turn(d, p, out)
    if st == ST_RESEARCH_DECK:
        return legal_research_deck(d, p, out)
    if st == ST_RESEARCH_PICK:
        return legal_research_pick(d, p, out)
    if st == ST_REACTIVATE:
        return legal_reactivate(d, p, out)
    if st == ST_INSERT_NOMINATE or st == ST_INSERT_OPPOSE:
        return legal_insert_card(d, p, out)
    if st == ST_INSERT_TOKENS:
        return legal_insert_tokens(d, p, out)
    if st == ST_INSERT_PLACE:
        return legal_insert_place(d, p, out)
    if st == ST_INSERT_MOVE:
        return legal_insert_move(d, p, out)
    if st == ST_TURN_DOWN or st == ST_LIMIT:
        return legal_turn_down(d, p, out)
    if st == ST_START_DECK:
        return legal_start_deck(d, p, out)
    if st == ST_START_PICK:
        return legal_start_pick(d, p, out)
    return 0


cdef void apply_move(VecData* d, int a) noexcept nogil:
    """Apply legal action `a` of the player to act."""
    cdef int st = d.stage, p = d.cur
    if st == ST_PLACE:
        apply_place(d, p, a)
    elif st == ST_ROBBED:
        apply_robbed(d, p, a)
    elif st == ST_ACT_CHOOSE:
        apply_act_choose(d, p, a)
    elif st == ST_SPECIAL:
        apply_special(d, p, a)
    elif st == ST_BID:
        apply_bid(d, p, a)
    elif st == ST_COMPARE_TARGET:
        apply_compare_target(d, p, a)
    elif st == ST_COMPARE_TURN:
        apply_compare_turn(d, p, a)
    elif st == ST_RESEARCH_DECK:
        apply_research_deck(d, p, a)
    elif st == ST_RESEARCH_PICK:
        apply_research_pick(d, p, a)
    elif st == ST_REACTIVATE:
        apply_reactivate(d, p, a)
    elif st == ST_INSERT_NOMINATE:
        apply_insert_nominate(d, p, a)
    elif st == ST_INSERT_OPPOSE:
        apply_insert_oppose(d, p, a)
    elif st == ST_INSERT_TOKENS:
        apply_insert_tokens(d, p, a)
    elif st == ST_INSERT_PLACE:
        apply_insert_place(d, p, a)
    elif st == ST_INSERT_MOVE:
        apply_insert_move(d, p, a)
    elif st == ST_TURN_DOWN or st == ST_LIMIT:
        apply_turn_down(d, p, a)
    elif st == ST_START_DECK:
        apply_start_deck(d, p, a)
    elif st == ST_START_PICK:
        apply_start_pick(d, p, a)


cdef int gen_chance(VecData* d, int* out, double* probs) noexcept nogil:
    """The chance outcomes here, ascending, all equally likely."""
    cdef int st = d.stage
    if st == ST_FIRST:
        return uniform(outcomes_first(d, out), probs)
    if st == ST_DEAL_OBJ:
        return uniform(outcomes_objective(d, False, out), probs)
    if st == ST_IDEAS_OBJ:
        return uniform(outcomes_objective(d, True, out), probs)
    if st == ST_IDEAS_DRAW:
        return uniform(outcomes_card(d, d.queue[0], out), probs)
    return uniform(outcomes_card(d, d.color, out), probs)


cdef void apply_chance(VecData* d, int a) noexcept nogil:
    """Apply chance outcome `a`."""
    cdef int st = d.stage
    if st == ST_FIRST:
        chance_first(d, a)
    elif st == ST_DEAL_OBJ:
        chance_deal_objective(d, a)
    elif st == ST_START_DRAW:
        chance_start_draw(d, a)
    elif st == ST_RESEARCH_DRAW:
        chance_research_draw(d, a)
    elif st == ST_IDEAS_OBJ:
        chance_ideas_objective(d, a)
    elif st == ST_IDEAS_DRAW:
        chance_ideas_draw(d, a)
