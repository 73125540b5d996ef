# Eruption's hidden information, evaluation, texts, observations and JSON checks (included by
# ext/eruption/engine.pyx after rules.pxi).
#
# Hidden information (GAPS 4.2): each hand is hidden from the other seats (its size is public);
# the deck is an unordered multiset drawn by chance (X3), so what a seat cannot see is the
# split of the cards it does not hold and has not seen discarded between the deck and the other
# hands. The board, the walls, the stockpiles, the temperatures, the discard pile and the tile
# stack's contents (every tile drawn is shown) are public.

# ---------------------------------------------------------------- hidden information
cdef enum:
    # epochs a resample can follow: each takes a reshuffle, a draw and a spend in the history,
    # so a history of LOG_MAX events never has more
    MAX_EPOCHS = LOG_MAX // 3 + 2
    SEARCH_BUDGET = 200000  # backtracking steps of a resample (never reached in tests)


cdef void resample_data(EData* d, int p, Rng* rng) noexcept nogil:
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


cdef void resample_pooled(EData* d, int p, Rng* rng) noexcept nogil:
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


cdef bint resample_history(EData* d, int p, Rng* rng) noexcept nogil:
    cdef int L = d.hlog_len, E = 0, i, c, s, k, e, S = 0, j, budget = SEARCH_BUDGET, total
    cdef bint ok
    cdef short ep[LOG_MAX]
    cdef short sp_pos[LOG_MAX]
    cdef short sp_cnt[LOG_MAX]
    cdef short choice[LOG_MAX]
    cdef short tried[LOG_MAX]
    cdef short first[LOG_MAX]
    cdef int cap[MAX_EPOCHS][NCARDTYPES]
    cdef int slots[8][MAX_EPOCHS]
    cdef int used[8][MAX_EPOCHS]
    cdef int ptr[8][MAX_EPOCHS]
    cdef int acc[NCARDTYPES]
    cdef int dealt[NCARDTYPES]
    cdef int cur_cnt[8]
    memset(slots, 0, sizeof(slots))
    memset(used, 0, sizeof(used))
    memset(acc, 0, sizeof(acc))
    memset(cur_cnt, 0, sizeof(cur_cnt))
    for k in range(NCARDTYPES):
        cap[0][k] = ERU_CARD_COUNT[k] - (RAIN_REMOVED if k == CARD_RAIN and not d.rain else 0)
    # 1. read the history: epochs, their decks, p's draws, the others' draws and spends
    for i in range(L):
        c = d.hlog[i]
        ep[i] = E
        if c == LOG_RESHUFFLE:
            E += 1
            if E >= MAX_EPOCHS:
                return False
            for k in range(NCARDTYPES):
                cap[E][k] = acc[k]
                acc[k] = 0
            memset(cur_cnt, 0, sizeof(cur_cnt))
        elif c < LOG_SPEND:
            s = c >> 3
            if s == p:
                cap[E][c & 7] -= 1
            else:
                slots[s][E] += 1
                cur_cnt[s] += 1
        else:
            s = (c - LOG_SPEND) >> 3
            acc[c & 7] += 1
            if s != p:
                sp_pos[S] = i
                sp_cnt[S] = cur_cnt[s]
                S += 1
    # 2. the epoch of each spent card: randomised depth-first search in time order
    i = 0
    if S > 0:
        tried[0] = 0
        first[0] = rng_below(rng, ep[sp_pos[0]] + 1)
    while 0 <= i < S:
        budget -= 1
        if budget <= 0:
            return False
        c = d.hlog[sp_pos[i]]
        s = (c - LOG_SPEND) >> 3
        k = c & 7
        ok = False
        while tried[i] <= ep[sp_pos[i]]:
            e = (first[i] + tried[i]) % (ep[sp_pos[i]] + 1)
            tried[i] += 1
            j = sp_cnt[i] if e == ep[sp_pos[i]] else slots[s][e]
            if j - used[s][e] > 0 and cap[e][k] > 0:
                used[s][e] += 1
                cap[e][k] -= 1
                choice[i] = e
                ok = True
                break
        if ok:
            i += 1
            if i < S:
                tried[i] = 0
                first[i] = rng_below(rng, ep[sp_pos[i]] + 1)
        else:
            i -= 1
            if i >= 0:
                c = d.hlog[sp_pos[i]]
                used[(c - LOG_SPEND) >> 3][choice[i]] -= 1
                cap[choice[i]][c & 7] += 1
    if i < 0:
        return False                # cannot happen: the true history is an answer
    # 3. rewrite the others' draws: each spent card on the earliest unused draw of its seat in
    #    its epoch (before the spend), the cards still held dealt at random from the epoch's rest
    for s in range(8):
        for e in range(E + 1):
            ptr[s][e] = 0
    for i in range(S):
        c = d.hlog[sp_pos[i]]
        s = (c - LOG_SPEND) >> 3
        e = choice[i]
        j = ptr[s][e]
        while not (d.hlog[j] < LOG_SPEND and (d.hlog[j] >> 3) == s and ep[j] == e):
            j += 1
        d.hlog[j] = s * NCARDTYPES + (c & 7)
        ptr[s][e] = j + 1
    for s in range(d.n):
        if s != p:
            for k in range(NCARDTYPES):
                d.hand[s * NCARDTYPES + k] = 0
    for e in range(E + 1):
        total = 0
        for k in range(NCARDTYPES):
            total += cap[e][k]
        for s in range(8):
            if s == p or slots[s][e] == used[s][e]:
                continue
            for k in range(NCARDTYPES):
                dealt[k] = 0
            for j in range(slots[s][e] - used[s][e]):
                if total <= 0:
                    return False    # cannot happen
                dealt[draw_from(cap[e], &total, rng)] += 1
            j = ptr[s][e]
            k = 0
            while j < L:
                if d.hlog[j] < LOG_SPEND and (d.hlog[j] >> 3) == s and ep[j] == e:
                    while dealt[k] == 0:
                        k += 1
                    dealt[k] -= 1
                    d.hlog[j] = s * NCARDTYPES + k
                    if s < d.n:
                        d.hand[s * NCARDTYPES + k] += 1
                j += 1
        if e == E:
            for k in range(NCARDTYPES):
                d.deck[k] = cap[e][k]
    return True


cdef int action_key(EData* d, int observer, int a) noexcept nogil:
    """A card drawn by another seat is seen only as "a card"; every other move is public."""
    if (d.stage == ST_DEAL or d.stage == ST_DRAW) and observer != d.cur:
        return KEY_HIDDEN_DRAW
    return a


cdef void returns_data(EData* d, double* out) noexcept nogil:
    """The lowest temperature wins; ties share the win (E12)."""
    cdef int p, best = 100000, nb = 0
    for p in range(d.n):
        if d.temp[p] < best:
            best = d.temp[p]
    for p in range(d.n):
        if d.temp[p] == best:
            nb += 1
    for p in range(d.n):
        out[p] = 1.0 / nb if d.temp[p] == best else 0.0


cdef void evaluate_data(EData* d, double* out) noexcept nogil:
    """Win-chance estimate from public facts only: a softmax of minus the temperature and the
    threat at the village (lava on its edges: +20 a turn unwalled, about +5 walled), helped a
    little by cards in hand, walls in stock and eruption tiles held."""
    cdef double v[MAX_PLAYERS]
    cdef double total = 0.0, threat
    cdef int p, j, e, h
    if d.stage == ST_END:
        returns_data(d, out)
        return
    for p in range(d.n):
        threat = 0.0
        for j in range(VILLAGE_EDGES):
            e = ERU_VILLAGE_EDGE[village_of(d, p)][j]
            h = e // NDIR
            if d.tile[h] >= 0 and (d.mask[h] >> (e % NDIR)) & 1:
                threat += 5.0 if d.wall[e] >= 0 else 20.0
        v[p] = (-(d.temp[p] + threat) / 25.0 + 0.15 * hand_size(d, p) + 0.1 * stock_total(d, p)
                + 0.3 * d.held[p])
    for p in range(d.n):
        v[p] = exp(v[p])
        total += v[p]
    for p in range(d.n):
        out[p] = v[p] / total


# ---------------------------------------------------------------- names and texts (Python)
import textwrap

DIR_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
KIND_NAMES = ("straight", "bend", "sharp bend", "Y", "fork", "fan", "double", "dead end",
              "eruption", "volcano")
KIND_LETTERS = "ICVYFWXU*^"
CARD_NAMES = ("Aftershock", "Quake", "Sinkhole", "Volcanic Bomb", "Rain", "Relocate",
              "Reinforce", "Lava Flow")
MAT_NAMES = ("straw", "wood", "stone")
ROW_LETTERS = "abcdefghi"
_STAGE_NAMES = ("deal", "starting player", "temperature check", "tile draw", "tile: hex",
                "tile: rotation", "blocking wall test", "extra tile?", "eruption tile: hex",
                "card draw", "card step", "Aftershock: tile", "Aftershock: rotation",
                "Quake: tile", "Quake: draw", "Quake: rotation", "Sinkhole: tile",
                "Volcanic Bomb: wall", "Relocate: wall", "Relocate: to", "wall step: edge",
                "wall step: material", "hand limit", "game over")


def _index(value, int size, what) -> int:
    try:
        if isinstance(value, bool):
            raise TypeError
        value = operator.index(value)
    except TypeError:
        raise InvalidArgumentError(f"a {what} is a whole number, not {value!r}") from None
    if not 0 <= value < size:
        raise InvalidArgumentError(f"{value} is not a {what} (0..{size - 1})")
    return value


def hex_name(h) -> str:
    """Row letter a..i (r = -4..4) and the hex's place in the row, 1-based: the volcano is e5."""
    h = _index(h, NHEX, "hex")
    r = ERU_HEX_R[h]
    first = 0
    for g in range(NHEX):
        if ERU_HEX_R[g] == r:
            first = g
            break
    return f"{ROW_LETTERS[r + 4]}{h - first + 1}"


def edge_name(e) -> str:
    e = _index(e, NEDGE, "edge")
    return f"{hex_name(e // NDIR)} {DIR_NAMES[e % NDIR]}"


def seat_name(p) -> str:
    """How texts name seat p (0-based in the API): P1..Pn."""
    p = _index(p, MAX_PLAYERS, "seat")
    return f"P{p + 1}"


def _lava_dirs(int m) -> str:
    return " ".join(DIR_NAMES[e] for e in range(NDIR) if (m >> e) & 1)


cdef str action_text(EruptionState s, int a):
    cdef EData* d = &s.d
    cdef int st = d.stage, i = 0, j = 0
    if is_chance_stage(st):
        if st == ST_START and C_START <= a < C_START + d.n:
            return f"{seat_name(a - C_START)} starts"
        if (st == ST_DEAL or st == ST_DRAW) and C_CARD <= a < C_CARD + NCARDTYPES:
            return f"{seat_name(d.cur)} draws {CARD_NAMES[a - C_CARD]}"
        if (st == ST_TILE_DRAW or st == ST_QUAKE_DRAW) and C_TILE <= a < C_TILE + NKINDS:
            return ("quake: " if st == ST_QUAKE_DRAW else "") + f"draw a {KIND_NAMES[a - C_TILE]} tile"
        if (st == ST_TEMP_TEST or st == ST_BLOCK_TEST) and a in (C_BREAK, C_HOLD):
            e = d.sel_edge if st == ST_TEMP_TEST else tested_edge(d)
            what = f"{MAT_NAMES[d.wall[e]]} wall at {edge_name(e)}"
            return f"{what} breaks" if a == C_BREAK else f"{what} holds"
        raise InvalidArgumentError(f"{a} is not a chance outcome at this state")
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of this game")
    if a < A_ROT:
        verb = {ST_TILE_HEX: f"{KIND_NAMES[d.cur_tile]} tile to", ST_ERUPT_HEX: "eruption tile to",
                ST_AFTER_HEX: "aftershock", ST_QUAKE_HEX: "quake", ST_SINK_HEX: "sinkhole"}
        return f"{verb.get(st, 'hex')} {hex_name(a - A_HEX)}"
    if a < A_EDGE:
        r = a - A_ROT
        kind = d.tile[d.sel_hex] if st == ST_AFTER_ROT and d.sel_hex >= 0 else d.cur_tile
        if 0 <= kind < 10:
            return f"rotation {r}: lava {_lava_dirs(ROT_MASK[kind][r])}"
        return f"rotation {r}"
    if a < A_MAT:
        verb = {ST_WALL_EDGE: "wall at", ST_BOMB_EDGE: "bomb the wall at",
                ST_RELOC_FROM: "move the wall at", ST_RELOC_TO: "to"}
        return f"{verb.get(st, 'edge')} {edge_name(a - A_EDGE)}"
    if a < A_PLAY:
        return f"{MAT_NAMES[a - A_MAT]} wall"
    if a < A_DISC:
        return f"play {CARD_NAMES[a - A_PLAY]}"
    if a < A_EXCH:
        return f"discard {CARD_NAMES[a - A_DISC]} for a {MAT_NAMES[ERU_CARD_MAT[a - A_DISC]]} wall"
    if a < A_DONE:
        pair_of(a - A_EXCH, &i, &j)
        return f"discard {CARD_NAMES[i]} and {CARD_NAMES[j]} for a tile"
    if a == A_DONE:
        return {ST_CARDS: "end the card step", ST_WALL_EDGE: "no more walls",
                ST_RELOC_FROM: "stop relocating", ST_EXTRA: "no extra tile"}.get(st, "done")
    if a == A_EXTRA:
        return "take an extra tile"
    return f"discard {CARD_NAMES[a - A_LIMIT]} (hand limit)"


def _cards_text(counts) -> str:
    parts = [f"{CARD_NAMES[k]} x{c}" for k, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "none"


def _map_lines(EruptionState s) -> list:
    cdef EData* d = &s.d
    lines = []
    for r in range(-4, 5):
        cells = []
        for h in range(NHEX):
            if ERU_HEX_R[h] != r:
                continue
            k = d.tile[h]
            if k >= 0:
                cells.append(f"{KIND_LETTERS[k]}{d.rot[h] if k < K_ERUPTION else KIND_LETTERS[k]}")
            else:
                cells.append("." + (".swt"[ERU_ICON[h] + 1]))
        lines.append(f"  {ROW_LETTERS[r + 4]} " + " " * (2 * abs(r)) + "  ".join(cells))
    return lines


def _cards(count: int) -> str:
    """"1 card", "3 cards"."""
    return f"{count} card" if count == 1 else f"{count} cards"


cdef str observation_text(EruptionState s, int viewer):
    """The public state, plus viewer's hand (viewer -1: every hand, for __str__)."""
    cdef EData* d = &s.d
    cp = s.c_current_player()
    actor = "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else seat_name(cp))
    lines = [f"eruption {d.n}p turn {d.turns}/{d.turn_cap}, {_STAGE_NAMES[d.stage]}, to act: {actor}"
             + (", end triggered" if d.ending else "")
             + (f", final turns left {d.final_left}" if d.final_left else "")]
    if viewer >= 0:
        lines.append(f"you are {seat_name(viewer)}")
    for q in range(d.n):
        hand = [d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES)]
        shown = _cards_text(hand) if viewer < 0 or viewer == q else "hidden"
        stock = ", ".join(f"{MAT_NAMES[m]} {d.stock[q * NMAT + m]}" for m in range(NMAT))
        lines.append(f"{seat_name(q)} village V{village_of(d, q)}: {d.temp[q]} C level {level_of(d, q)}; "
                     f"walls {stock}; eruption tiles {d.held[q]}; {_cards(sum(hand))}: {shown}")
    lines.append("tile stack: " + str(stack_total(d)) + " (" + ", ".join(
        f"{KIND_NAMES[k]} {d.stack[k]}" for k in range(NKINDS) if d.stack[k]) + f"); out of play {d.tiles_out}")
    deck = f"deck: {_cards(deck_total(d))}"
    if viewer < 0:
        deck += " (" + _cards_text([d.deck[k] for k in range(NCARDTYPES)]) + ")"
    lines.append(deck + "; discards: " + _cards_text([d.discard[k] for k in range(NCARDTYPES)]))
    lines.append("wall supply: " + ", ".join(f"{MAT_NAMES[m]} {d.supply[m]}" for m in range(NMAT))
                 + "; zones claimed: " + ", ".join(
                     f"{ERU_LEVEL_TEMP[z]} {seat_name(d.claimed[z]) if d.claimed[z] >= 0 else '-'}"
                     for z in range(NLEVELS)))
    lines.append("map: tile letter + rotation r (lava turned r steps clockwise from): I NE SW,")
    lines.append("  C NE SE, V NE E, Y NE SE W, F NE E SW, W NE E SE, X NE E SW W, U NE;")
    lines.append("  ** eruption, ^^ volcano, .. empty, .s .w .t straw/wood/stone icon")
    lines.extend(_map_lines(s))
    walls = [f"{edge_name(e)} {MAT_NAMES[d.wall[e]]}" + (f" (V{EDGE_VILLAGE[e]})" if EDGE_VILLAGE[e] >= 0 else "")
             for e in range(NEDGE) if d.wall[e] >= 0]
    lines.append("walls: " + (", ".join(walls) if walls else "none"))
    turn = []
    if d.stage not in (ST_DEAL, ST_START, ST_END):
        turn.append(f"{seat_name(d.cur)}'s turn")
        if d.stage in (ST_TILE_HEX, ST_TILE_ROT, ST_ERUPT_HEX, ST_BLOCK_TEST, ST_QUAKE_ROT):
            turn.append(f"placing a {KIND_NAMES[d.cur_tile]} tile")
        if d.stage in (ST_TILE_ROT, ST_AFTER_ROT, ST_QUAKE_DRAW, ST_QUAKE_ROT, ST_BLOCK_TEST):
            turn.append(f"at {hex_name(d.sel_hex)}")
        if d.stage == ST_BLOCK_TEST:
            turn.append(f"rotation {d.sel_rot}, testing the wall at {edge_name(tested_edge(d))}")
        if d.stage in (ST_RELOC_TO, ST_WALL_MAT, ST_TEMP_TEST):
            turn.append(f"edge {edge_name(d.sel_edge)}")
        refused = [hex_name(h) for h in range(NHEX) if d.refused[h]]
        if refused and d.stage in (ST_TILE_HEX, ST_ERUPT_HEX, ST_TILE_ROT, ST_BLOCK_TEST):
            turn.append("walls held at " + " ".join(refused))
        if d.pending:
            turn.append(f"{_cards(d.pending)} owed")
        turn.append(f"card actions {d.card_actions}, Reinforce {d.reinforce}, walls left {d.walls_left}")
        lines.append("; ".join(turn))
    return "\n".join(_wrap(line) for line in lines)


def _wrap(line: str) -> str:
    """Lines of at most 76 columns (the board fits an 80-column terminal inside a panel),
    continuations indented."""
    if len(line) <= 76:
        return line
    return "\n".join(textwrap.wrap(line, 76, subsequent_indent="    ", break_long_words=False))


OBS_SIZE = NHEX * 36 + MAX_PLAYERS * 9 + 8 + 8 + 1 + 8 + 3 + 3 + NUM_STAGES + 10 + NHEX + NEDGE + 6 + 14


def observation_vector(EruptionState s, int p):
    cdef EData* d = &s.d
    import numpy as np  # here, not at the top: `vsai list` needs no numpy
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    k = 0
    for h in range(NHEX):
        out[k + d.tile[h] + 1] = 1.0
        for e in range(NDIR):
            out[k + 11 + e] = (d.mask[h] >> e) & 1
            if d.wall[h * NDIR + e] >= 0:
                out[k + 17 + 3 * e + d.wall[h * NDIR + e]] = 1.0
        out[k + 35] = d.refused[h]
        k += 36
    for q in range(d.n):
        out[k] = d.temp[q] / 300.0
        out[k + 1] = level_of(d, q) / 3.0
        out[k + 2] = d.held[q]
        for m in range(NMAT):
            out[k + 3 + m] = d.stock[q * NMAT + m] / 5.0
        out[k + 6] = hand_size(d, q) / 10.0
        out[k + 7] = 1.0 if q == p else 0.0
        out[k + 8] = 1.0 if q == d.cur else 0.0
        k += 9
    k += 9 * (MAX_PLAYERS - d.n)
    for c in range(NCARDTYPES):
        out[k + c] = d.hand[p * NCARDTYPES + c] / 5.0
        out[k + 8 + c] = d.discard[c] / 6.0
    k += 16
    out[k] = deck_total(d) / 38.0
    k += 1
    for t in range(NKINDS):
        out[k + t] = d.stack[t] / 8.0
    k += 8
    for m in range(NMAT):
        out[k + m] = d.supply[m] / 18.0
    k += 3
    for z in range(NLEVELS):
        out[k + z] = 0.0 if d.claimed[z] < 0 else (1.0 if d.claimed[z] == p else 0.5)
    k += 3
    out[k + d.stage] = 1.0
    k += NUM_STAGES
    if d.stage != ST_DEAL:
        out[k + d.cur_tile] = 1.0
    k += 10
    if d.sel_hex >= 0:
        out[k + d.sel_hex] = 1.0
    k += NHEX
    if d.sel_edge >= 0:
        out[k + d.sel_edge] = 1.0
    k += NEDGE
    out[k + d.sel_rot] = 1.0
    k += 6
    misc = (d.ending, d.final_left / 6.0, d.walls_left / 5.0, d.reinforce / 5.0,
            d.card_actions / 10.0, d.pending / 5.0, d.turns / float(d.turn_cap), d.extra_used)
    for i, x in enumerate(misc):
        out[k + i] = x
    for e in range(NDIR):
        out[k + 8 + e] = (d.tested >> e) & 1
    return out


# ---------------------------------------------------------------- JSON checks
# field -> (array length or 0, minimum, maximum) for load_dict validation
_FIELDS = {
    "n": (0, 2, 6), "rain": (0, 0, 1), "turn_cap": (0, 1, 1000), "turns": (0, 0, 1000),
    "stage": (0, 0, NUM_STAGES - 1), "cur": (0, 0, 5), "start": (0, -1, 5), "ctx": (0, 0, 4),
    "deal_left": (0, 0, 18), "tile": (NHEX, -1, 9), "rot": (NHEX, 0, 5), "mask": (NHEX, 0, 63),
    "wall": (NEDGE, -1, 2), "stack": (NKINDS, 0, 8), "tiles_out": (0, 0, NTILES),
    "deck": (NCARDTYPES, 0, 6), "discard": (NCARDTYPES, 0, 6), "hand": (MAX_PLAYERS * NCARDTYPES, 0, 6),
    "supply": (NMAT, 0, 18), "stock": (MAX_PLAYERS * NMAT, 0, 18), "temp": (MAX_PLAYERS, 0, TEMP_MAX),
    "claimed": (NLEVELS, -1, 5), "held": (MAX_PLAYERS, 0, NERUPTIONS), "ending": (0, 0, 1),
    "final_left": (0, 0, 6), "walls_left": (0, 0, 2 + CARD_CAP), "reinforce": (0, 0, CARD_CAP),
    "extra_used": (0, 0, 1), "card_actions": (0, 0, CARD_CAP), "reloc_moves": (0, 0, RELOC_CAP),
    "pending": (0, 0, 60), "check_idx": (0, 0, VILLAGE_EDGES), "cur_tile": (0, 0, 9),
    "sel_hex": (0, -1, NHEX - 1), "sel_rot": (0, 0, 5), "sel_edge": (0, -1, NEDGE - 1),
    "tested": (0, 0, 63), "refused": (NHEX, 0, 1),
    "reshuffles": (0, 0, 30000), "hlog_full": (0, 0, 1), "hlog_len": (0, 0, LOG_MAX),
    "hlog": (-1, 0, LOG_RESHUFFLE),
}


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"eruption state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidStateError(f"eruption state: {name}={value} is outside {lo}..{hi}")


def _bad(message):
    raise InvalidStateError(f"eruption state: {message}")


def check_consistency(EruptionState s):
    """Refuse a state the game cannot reach: conservation of tiles, cards, walls and eruption
    tiles, board geometry, seat ranges and the turn's progress (ValueError naming the fault)."""
    cdef EData* d = &s.d
    cdef int buf[MAX_ACTIONS]
    n = d.n
    st = d.stage
    # board
    if d.tile[VOLCANO] != K_VOLCANO or d.rot[VOLCANO] != 0 or d.mask[VOLCANO] != 63:
        _bad("the volcano must stand on e5")
    on_board = [0] * NKINDS
    erupted = 0
    for h in range(NHEX):
        k = d.tile[h]
        if h != VOLCANO and k == K_VOLCANO:
            _bad(f"a second volcano at {hex_name(h)}")
        if k < 0:
            if d.rot[h] or d.mask[h]:
                _bad(f"empty hex {hex_name(h)} has a rotation or lava")
            continue
        if k == K_ERUPTION:
            erupted += 1
            if d.rot[h]:
                _bad("an eruption tile has no rotation")
        elif k < NKINDS:
            on_board[k] += 1
        if d.mask[h] != ROT_MASK[k][d.rot[h]]:
            _bad(f"the lava of {hex_name(h)} does not match its tile and rotation")
    if st in (ST_TILE_HEX, ST_TILE_ROT, ST_BLOCK_TEST, ST_QUAKE_ROT) and d.cur_tile < NKINDS:
        on_board[d.cur_tile] += 1       # the tile being placed
    for k in range(NKINDS):
        if on_board[k] + d.stack[k] > ERU_KIND_COUNT[k]:
            _bad(f"more {KIND_NAMES[k]} tiles than exist")
    if sum(on_board) + stack_total(d) + d.tiles_out != NTILES:
        _bad(f"{sum(on_board) + stack_total(d) + d.tiles_out} lava tiles counted, {NTILES} exist")
    # eruption tiles and zones
    claimed = sum(1 for z in range(NLEVELS) if d.claimed[z] >= 0)
    if erupted + sum(d.held[q] for q in range(n)) != claimed:
        _bad("eruption tiles placed and held do not match the zones claimed")
    for z in range(NLEVELS):
        if d.claimed[z] >= n:
            _bad("a zone is claimed by a seat not in the game")
        if d.claimed[z] < 0 and any(d.temp[q] >= ERU_LEVEL_TEMP[z] for q in range(n)):
            _bad(f"someone is past {ERU_LEVEL_TEMP[z]} but nobody claimed the zone")
    for q in range(n):
        if d.temp[q] % 10:
            _bad("temperatures are multiples of 10")
        if d.temp[q] >= TEMP_MAX and not d.ending:
            _bad("a village at 300 must trigger the end")
    for q in range(n, MAX_PLAYERS):
        if (d.temp[q] or d.held[q] or any(d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES))
                or any(d.stock[q * NMAT + m] for m in range(NMAT))):
            _bad(f"{seat_name(q)} has something but is not in this {n}-player game")
    # cards
    for k in range(NCARDTYPES):
        count = ERU_CARD_COUNT[k] - (RAIN_REMOVED if k == CARD_RAIN and not d.rain else 0)
        held = sum(d.hand[q * NCARDTYPES + k] for q in range(n))
        if d.deck[k] + d.discard[k] + held != count:
            _bad(f"{CARD_NAMES[k]}: {d.deck[k] + d.discard[k] + held} cards counted, {count} exist")
    check_history(s)
    # walls
    for m in range(NMAT):
        placed = sum(1 for e in range(NEDGE) if d.wall[e] == m)
        stocked = sum(d.stock[q * NMAT + m] for q in range(n))
        if placed + stocked + d.supply[m] != ERU_WALLS_TOTAL[m]:
            _bad(f"{MAT_NAMES[m]} walls: {placed + stocked + d.supply[m]} counted, {ERU_WALLS_TOTAL[m]} exist")
    for e in range(NEDGE):
        if d.wall[e] < 0:
            continue
        h, dd = divmod(e, NDIR)
        if EDGE_VILLAGE[e] >= 0:
            if seat_of_village(d, EDGE_VILLAGE[e]) < 0:
                _bad(f"a wall at {edge_name(e)} guards a village nobody owns")
        elif NB[h][dd] < 0:
            _bad(f"a wall at {edge_name(e)} stands in the sea")
        elif not (0 <= d.tile[h] <= K_ERUPTION and (d.mask[h] >> dd) & 1 and d.tile[NB[h][dd]] < 0):
            _bad(f"the wall at {edge_name(e)} is not on a lava edge facing an empty hex")
    # progress
    if stack_total(d) == 0 and not d.ending and st not in (ST_DEAL, ST_START):
        _bad("the tile stack is empty but the end is not triggered")
    if d.final_left and not d.ending:
        _bad("a final round without an end trigger")
    if st in (ST_DEAL, ST_START):
        dealt = sum(hand_size(d, q) for q in range(n))
        if d.turns or d.start != -1 or dealt != START_CARDS * n - d.deal_left:
            _bad("set-up steps happen before the first turn")
        if st == ST_DEAL and (d.deal_left == 0 or d.cur != dealt // START_CARDS):
            _bad("the deal does not match the cards dealt")
        if st == ST_START and (d.deal_left or d.cur):
            _bad("the deal is not finished")
    else:
        if d.start < 0 or d.start >= n or d.cur >= n or d.deal_left:
            _bad("no starting player or a seat out of range")
        if st != ST_END and d.turns < 1:
            _bad("a turn in progress before the first turn")
    if st != ST_END and d.turns > d.turn_cap:
        _bad("the turn cap is passed")
    if st == ST_TEMP_TEST:
        e = d.sel_edge
        if (e < 0 or not own_village_edge(d, d.cur, e) or d.wall[e] < 0
                or not (d.mask[e // NDIR] >> (e % NDIR)) & 1):
            _bad("the wall under test is not a walled village edge with lava")
    if st in (ST_TILE_HEX, ST_TILE_ROT, ST_QUAKE_ROT) and d.cur_tile >= NKINDS:
        _bad("the tile being placed is not a lava tile")
    if st == ST_BLOCK_TEST and d.cur_tile > K_ERUPTION:
        _bad("the tile being placed is not a lava or eruption tile")
    if st == ST_BLOCK_TEST and d.cur_tile == K_ERUPTION and d.held[d.cur] < 1:
        _bad("an eruption tile is placed by a player who holds none")
    if st == ST_ERUPT_HEX and (d.cur_tile != K_ERUPTION or d.held[d.cur] < 1):
        _bad("an eruption tile is placed by a player who holds none")
    if st == ST_BLOCK_TEST:
        h = d.sel_hex
        if h < 0 or d.tile[h] >= 0 or not d.tested:
            _bad("a blocking test with no tile waiting")
        for e in range(NDIR):
            if (d.tested >> e) & 1 and (NB[h][e] < 0 or d.wall[NB[h][e] * NDIR + (e + 3) % NDIR] < 0):
                _bad("a blocking test with no wall to test")
    if st in (ST_TILE_ROT, ST_QUAKE_DRAW, ST_QUAKE_ROT, ST_AFTER_ROT) and d.sel_hex < 0:
        _bad("no hex is selected")
    if st == ST_TILE_ROT and d.tile[d.sel_hex] >= 0:
        _bad("the selected hex is not empty")
    if st in (ST_QUAKE_DRAW, ST_QUAKE_ROT, ST_AFTER_ROT) and not 0 <= d.tile[d.sel_hex] < NKINDS:
        _bad("the selected hex holds no lava tile")
    if st == ST_RELOC_TO and (d.sel_edge < 0 or not own_village_edge(d, d.cur, d.sel_edge)
                              or d.wall[d.sel_edge] < 0):
        _bad("the wall being moved is not on the player's village")
    if st == ST_WALL_MAT and (d.sel_edge < 0 or not wall_spot(d, d.cur, d.sel_edge)):
        _bad("the wall being built has no place")
    if st == ST_WALL_EDGE and (d.walls_left < 1 or stock_total(d, d.cur) < 1):
        _bad("a wall step with no wall left to build")
    if st == ST_DRAW and d.pending < 1:
        _bad("a card draw with no card owed")
    if st == ST_EXTRA and (level_of(d, d.cur) < 3 or d.extra_used or d.ending or d.ctx != CTX_NORMAL):
        _bad("an extra tile offered below level 3, twice, or after the end was triggered")
    if st == ST_LIMIT and hand_size(d, d.cur) <= HAND_LIMIT:
        _bad("a hand-limit discard with 3 cards or fewer")
    card_stages = (ST_CARDS, ST_AFTER_HEX, ST_AFTER_ROT, ST_QUAKE_HEX, ST_QUAKE_DRAW, ST_QUAKE_ROT,
                   ST_SINK_HEX, ST_BOMB_EDGE, ST_RELOC_FROM, ST_RELOC_TO)
    if st in card_stages and d.ctx != CTX_CARD:
        _bad("a card step outside the card step")
    if st == ST_ERUPT_HEX and d.ctx != CTX_ERUPT:
        _bad("an eruption tile placed outside its step")
    if st in (ST_TILE_DRAW, ST_TILE_HEX, ST_TILE_ROT) and (d.ctx not in (CTX_NORMAL, CTX_EXTRA, CTX_CARD)
                                                          or d.final_left or d.ending and st == ST_TILE_DRAW):
        _bad("a lava tile drawn in the final round or after the end was triggered")
    if st in (ST_DEAL, ST_START) and d.ctx != CTX_DEAL or st not in (ST_DEAL, ST_START) and d.ctx == CTX_DEAL:
        _bad("the set-up context does not match the stage")
    if st == ST_END:
        return
    if is_chance_stage(st):
        if gen_chance(d, buf, NULL) == 0:
            _bad("a chance node with no outcome")
    elif gen_legal(d, buf) == 0:
        _bad("the player to act has no legal move")


def check_history(EruptionState s):
    """The card history replays to the hands, the deck and the discards (see `reshuffle`)."""
    cdef EData* d = &s.d
    n = d.n
    log = [d.hlog[i] for i in range(d.hlog_len)]
    if any(d.hlog[i] for i in range(d.hlog_len, LOG_MAX)):
        _bad("the card history has entries past its length")
    if d.hlog_full:
        return                      # an overflowed history is not used (resample pools)
    deck = [ERU_CARD_COUNT[k] - (RAIN_REMOVED if k == CARD_RAIN and not d.rain else 0)
            for k in range(NCARDTYPES)]
    hands = [[0] * NCARDTYPES for _ in range(8)]
    disc = [0] * NCARDTYPES
    resh = 0
    phase = 0                       # compacted prefix: 0 seat draws, 1 pseudo draws, 2 pseudo spends
    first = log.index(LOG_RESHUFFLE) if LOG_RESHUFFLE in log else -1
    last_seat = 0
    for i, c in enumerate(log):
        if c == LOG_RESHUFFLE:
            if sum(deck) or not sum(disc) or any(hands[LOG_PSEUDO]):
                _bad("the card history reshuffles a deck that is not empty")
            deck, disc = disc, [0] * NCARDTYPES
            resh += 1
            continue
        seat, k = (c % LOG_SPEND) >> 3, c & 7
        spend = c >= LOG_SPEND
        if seat >= n and seat != LOG_PSEUDO:
            _bad("the card history names a seat not in the game")
        if i < first:               # the compacted history before the first reshuffle
            kind = 2 if spend else (1 if seat == LOG_PSEUDO else 0)
            if (kind < phase or spend and seat != LOG_PSEUDO
                    or kind == 0 and seat < last_seat):
                _bad("the card history before the first reshuffle is not compacted")
            phase = kind
            if kind == 0:
                last_seat = seat
        elif seat == LOG_PSEUDO:
            _bad("the card history names the discards after the first reshuffle")
        if spend:
            if hands[seat][k] < 1:
                _bad(f"the card history spends a {CARD_NAMES[k]} {seat_name(seat)} did not hold")
            hands[seat][k] -= 1
            disc[k] += 1
        else:
            if deck[k] < 1:
                _bad(f"the card history draws a {CARD_NAMES[k]} the deck did not hold")
            deck[k] -= 1
            hands[seat][k] += 1
    if resh != d.reshuffles:
        _bad("the card history does not match the reshuffles")
    if (any(hands[q] != [d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES)] for q in range(n))
            or deck != [d.deck[k] for k in range(NCARDTYPES)]
            or disc != [d.discard[k] for k in range(NCARDTYPES)] or any(hands[LOG_PSEUDO])):
        _bad("the card history does not lead to the hands, the deck and the discards")


# ---------------------------------------------------------------- view and action info
def _card_counts(counts) -> dict:
    return {CARD_NAMES[k]: int(c) for k, c in enumerate(counts) if c}


def public_view(EruptionState s) -> dict:
    """The public part of `view`: board, walls, seats (without hands), piles, turn progress."""
    cdef EData* d = &s.d
    st = d.stage
    in_turn = st not in (ST_DEAL, ST_START, ST_END)
    seats = []
    for q in range(d.n):
        seats.append({"seat": q, "name": seat_name(q), "village": f"V{village_of(d, q)}",
                      "temperature": int(d.temp[q]), "level": level_of(d, q),
                      "walls": {MAT_NAMES[m]: int(d.stock[q * NMAT + m]) for m in range(NMAT)},
                      "eruption_tiles": int(d.held[q]), "hand_size": hand_size(d, q)})
    tiles = []
    for h in range(NHEX):
        if d.tile[h] >= 0:
            tiles.append({"hex": hex_name(h), "kind": KIND_NAMES[d.tile[h]], "rotation": int(d.rot[h]),
                          "lava": [DIR_NAMES[e] for e in range(NDIR) if (d.mask[h] >> e) & 1]})
    walls = [{"edge": edge_name(e), "hex": hex_name(e // NDIR), "direction": DIR_NAMES[e % NDIR],
              "material": MAT_NAMES[d.wall[e]],
              "village": f"V{EDGE_VILLAGE[e]}" if EDGE_VILLAGE[e] >= 0 else None}
             for e in range(NEDGE) if d.wall[e] >= 0]
    progress = None
    if in_turn:
        placing = st in (ST_TILE_HEX, ST_TILE_ROT, ST_ERUPT_HEX, ST_BLOCK_TEST, ST_QUAKE_ROT)
        at_hex = st in (ST_TILE_ROT, ST_AFTER_ROT, ST_QUAKE_DRAW, ST_QUAKE_ROT, ST_BLOCK_TEST)
        progress = {
            "tile": KIND_NAMES[d.cur_tile] if placing else None,
            "hex": hex_name(d.sel_hex) if at_hex and d.sel_hex >= 0 else None,
            "edge": edge_name(d.sel_edge) if st in (ST_RELOC_TO, ST_WALL_MAT, ST_TEMP_TEST) else None,
            "testing_wall": edge_name(tested_edge(d)) if st == ST_BLOCK_TEST else None,
            "refused_hexes": [hex_name(h) for h in range(NHEX) if d.refused[h]] if placing else [],
            "cards_owed": int(d.pending), "card_actions": int(d.card_actions),
            "reinforce": int(d.reinforce), "walls_left": int(d.walls_left),
            "extra_tile_taken": bool(d.extra_used)}
    return {
        "turn": int(d.turns), "turn_cap": int(d.turn_cap), "stage": _STAGE_NAMES[st],
        "current": int(d.cur) if in_turn else None,
        "start": int(d.start) if d.start >= 0 else None,
        "end_triggered": bool(d.ending), "final_turns_left": int(d.final_left),
        "seats": seats, "temperatures": [int(d.temp[q]) for q in range(d.n)],
        "tiles": tiles, "walls": walls,
        "tile_stack": {KIND_NAMES[k]: int(d.stack[k]) for k in range(NKINDS)},
        "tiles_in_stack": stack_total(d), "tiles_out": int(d.tiles_out),
        "deck_size": deck_total(d),
        "discards": _card_counts([d.discard[k] for k in range(NCARDTYPES)]),
        "wall_supply": {MAT_NAMES[m]: int(d.supply[m]) for m in range(NMAT)},
        "zones": [{"temperature": ERU_LEVEL_TEMP[z],
                   "claimed_by": int(d.claimed[z]) if d.claimed[z] >= 0 else None}
                  for z in range(NLEVELS)],
        "turn_progress": progress,
    }


def action_fields(EruptionState s, int a) -> dict:
    """Structured fields of a legal action or chance outcome (see rules.md, "Action info")."""
    cdef EData* d = &s.d
    cdef int st = d.stage, i = 0, j = 0
    if is_chance_stage(st):
        if st == ST_START:
            return {"kind": "starting_player", "seat": a - C_START}
        if st in (ST_DEAL, ST_DRAW):
            return {"kind": "draw_card", "seat": int(d.cur), "card": CARD_NAMES[a - C_CARD]}
        if st in (ST_TILE_DRAW, ST_QUAKE_DRAW):
            return {"kind": "draw_tile", "tile": KIND_NAMES[a - C_TILE], "quake": st == ST_QUAKE_DRAW}
        e = d.sel_edge if st == ST_TEMP_TEST else tested_edge(d)
        return {"kind": "wall_breaks" if a == C_BREAK else "wall_holds", "edge": edge_name(e),
                "material": MAT_NAMES[d.wall[e]], "probability_36": ERU_BREAK_36[d.wall[e]]
                if a == C_BREAK else 36 - ERU_BREAK_36[d.wall[e]]}
    if a < A_ROT:
        kind = {ST_TILE_HEX: "place_tile", ST_ERUPT_HEX: "place_eruption_tile",
                ST_AFTER_HEX: "aftershock", ST_QUAKE_HEX: "quake", ST_SINK_HEX: "sinkhole"}[st]
        out = {"kind": kind, "hex": hex_name(a - A_HEX)}
        if st in (ST_TILE_HEX, ST_ERUPT_HEX):
            out["tile"] = KIND_NAMES[d.cur_tile]
        elif d.tile[a - A_HEX] >= 0:
            out["tile"] = KIND_NAMES[d.tile[a - A_HEX]]
        return out
    if a < A_EDGE:
        kind_id = d.tile[d.sel_hex] if st == ST_AFTER_ROT else d.cur_tile
        return {"kind": "rotate", "hex": hex_name(d.sel_hex), "tile": KIND_NAMES[kind_id],
                "rotation": a - A_ROT,
                "lava": [DIR_NAMES[e] for e in range(NDIR) if (ROT_MASK[kind_id][a - A_ROT] >> e) & 1]}
    if a < A_MAT:
        e = a - A_EDGE
        kind = {ST_WALL_EDGE: "build_wall", ST_BOMB_EDGE: "bomb_wall", ST_RELOC_FROM: "relocate_from",
                ST_RELOC_TO: "relocate_to"}[st]
        out = {"kind": kind, "edge": edge_name(e), "hex": hex_name(e // NDIR), "direction": DIR_NAMES[e % NDIR],
               "village": f"V{EDGE_VILLAGE[e]}" if EDGE_VILLAGE[e] >= 0 else None}
        if st == ST_RELOC_TO:
            out["from"] = edge_name(d.sel_edge)
        if d.wall[e] >= 0:
            out["material"] = MAT_NAMES[d.wall[e]]
        return out
    if a < A_PLAY:
        return {"kind": "wall_material", "edge": edge_name(d.sel_edge), "material": MAT_NAMES[a - A_MAT]}
    if a < A_DISC:
        return {"kind": "play_card", "card": CARD_NAMES[a - A_PLAY], "cost": [CARD_NAMES[a - A_PLAY]]}
    if a < A_EXCH:
        return {"kind": "discard_for_wall", "card": CARD_NAMES[a - A_DISC],
                "material": MAT_NAMES[ERU_CARD_MAT[a - A_DISC]], "cost": [CARD_NAMES[a - A_DISC]]}
    if a < A_DONE:
        pair_of(a - A_EXCH, &i, &j)
        return {"kind": "exchange_for_tile", "cards": [CARD_NAMES[i], CARD_NAMES[j]],
                "cost": [CARD_NAMES[i], CARD_NAMES[j]]}
    if a == A_DONE:
        return {"kind": "done", "step": _STAGE_NAMES[st]}
    if a == A_EXTRA:
        return {"kind": "take_extra_tile"}
    return {"kind": "discard_to_limit", "card": CARD_NAMES[a - A_LIMIT], "cost": [CARD_NAMES[a - A_LIMIT]]}


def board_data() -> dict:
    """The board and component data as the engine uses it (data.pxd plus derived tables):
    hex names, axial coordinates, neighbours (-1 off the board), material icons, village edges,
    tile kinds with their lava masks per rotation and counts, cards with counts and materials."""
    return {
        "hexes": [hex_name(h) for h in range(NHEX)],
        "coords": [(ERU_HEX_Q[h], ERU_HEX_R[h]) for h in range(NHEX)],
        "neighbours": [[NB[h][e] for e in range(NDIR)] for h in range(NHEX)],
        "icons": [ERU_ICON[h] for h in range(NHEX)],
        "village_edges": [[ERU_VILLAGE_EDGE[v][j] for j in range(VILLAGE_EDGES)] for v in range(NVILLAGES)],
        "villages_by_players": {n: [ERU_VILLAGE_OF[n][p] for p in range(n)] for n in range(2, 7)},
        "rot_masks": [[ROT_MASK[k][r] for r in range(NDIR)] for k in range(10)],
        "kind_counts": [ERU_KIND_COUNT[k] for k in range(NKINDS)],
        "card_counts": [ERU_CARD_COUNT[k] for k in range(NCARDTYPES)],
        "card_materials": [ERU_CARD_MAT[k] for k in range(NCARDTYPES)],
        "walls_total": [ERU_WALLS_TOTAL[m] for m in range(NMAT)],
        "level_temps": [ERU_LEVEL_TEMP[z] for z in range(NLEVELS)],
        "volcano": VOLCANO,
    }
