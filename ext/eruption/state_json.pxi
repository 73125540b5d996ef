# Eruption's JSON form (included by ext/eruption/engine.pyx): the field table, and the loader's
# consistency checks (a loaded state must be one the game can reach).

# ---------------------------------------------------------------- JSON checks
# field -> (array length or 0, minimum, maximum) for load_dict validation
_FIELDS = {
    "n": (0, 2, 6), "rain": (0, 0, 1), "turn_cap": (0, 1, 1000), "turns": (0, 0, 1000),
    "stage": (0, 0, NUM_STAGES - 1), "cur": (0, 0, 5), "start": (0, -1, 5), "ctx": (0, 0, 4),
    "deal_left": (0, 0, 18), "tile": (NHEX, -1, 9), "rot": (NHEX, 0, 5), "mask": (NHEX, 0, 63),
    "wall": (NEDGE, -1, 2), "stack": (NKINDS, 0, 8), "tiles_out": (0, 0, NTILES),
    "deck": (NCARDTYPES, 0, 6), "discard": (NCARDTYPES, 0, 6), "hand": (MAX_SEATS * NCARDTYPES, 0, 6),
    "supply": (NMAT, 0, 18), "stock": (MAX_SEATS * NMAT, 0, 18), "temp": (MAX_SEATS, 0, TEMP_MAX),
    "claimed": (NLEVELS, -1, 5), "held": (MAX_SEATS, 0, NERUPTIONS), "ending": (0, 0, 1),
    "final_left": (0, 0, 6), "walls_left": (0, 0, 2 + CARD_CAP), "reinforce": (0, 0, CARD_CAP),
    "extra_used": (0, 0, 1), "card_actions": (0, 0, CARD_CAP), "reloc_moves": (0, 0, RELOC_CAP),
    "pending": (0, 0, 60), "check_idx": (0, 0, VILLAGE_EDGES), "cur_tile": (0, 0, 9),
    "sel_hex": (0, -1, NHEX - 1), "sel_rot": (0, 0, 5), "sel_edge": (0, -1, NEDGE - 1),
    "tested": (0, 0, 63), "refused": (NHEX, 0, 1),
    "reshuffles": (0, 0, 30000), "hlog_full": (0, 0, 1), "hlog_len": (0, 0, LOG_MAX),
    "hlog": (-1, 0, LOG_RESHUFFLE),
}


def state_to_dict(EruptionState s) -> dict:
    """The struct's fields by name; the card history cut to its length."""
    cdef object data = s.d
    out = {k: data[k] for k in _FIELDS}
    out["hlog"] = out["hlog"][:s.d.hlog_len]
    return out


def state_load_dict(EruptionState s, data) -> None:
    """Check `data` field by field, set it, and restore the state if it is not consistent."""
    check_fields(data)
    if data["n"] != s.d.n or data["turn_cap"] != s.d.turn_cap or data["rain"] != s.d.rain:
        raise InvalidStateError("eruption state: n/rain/turn_cap differ from the game parameters")
    backup = s._raw_bytes()
    fields = {k: data[k] for k in _FIELDS}
    fields["hlog"] = list(data["hlog"]) + [0] * (LOG_MAX - len(data["hlog"]))
    s.d = fields
    try:
        check_consistency(s)
    except BaseException:       # whatever the fault, the state is left as it was
        s._set_raw_bytes(backup)
        raise


def check_fields(data) -> None:
    """Exactly the table's fields, each an integer (or a list of them) in its range."""
    if not isinstance(data, dict):
        raise InvalidStateError("eruption state: a JSON object is expected")
    missing = sorted(set(_FIELDS) - set(data))
    extra = sorted(set(data) - set(_FIELDS))
    if missing or extra:
        raise InvalidStateError(f"eruption state: missing fields {missing}, unknown fields {extra}")
    for name, (length, lo, hi) in _FIELDS.items():
        value = data[name]
        if length < 0:          # the card history: hlog_len entries
            if not isinstance(value, list) or len(value) > LOG_MAX:
                raise InvalidStateError(f"eruption state: {name} must be a list of at most {LOG_MAX} integers")
            if data["hlog_len"] != len(value):
                raise InvalidStateError("eruption state: hlog_len is not the length of hlog")
            for x in value:
                _check_int(name, x, lo, hi)
        elif length:
            if not isinstance(value, list) or len(value) != length:
                raise InvalidStateError(f"eruption state: {name} must be a list of {length} integers")
            for x in value:
                _check_int(name, x, lo, hi)
        else:
            _check_int(name, value, lo, hi)


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"eruption state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidStateError(f"eruption state: {name}={value} is outside {lo}..{hi}")


def _bad(message):
    raise InvalidStateError(f"eruption state: {message}")


def check_consistency(EruptionState s):
    """Refuse a state the game cannot reach: conservation of tiles, cards, walls and eruption
    tiles, board geometry, seat ranges and the turn's progress (InvalidStateError naming the
    fault)."""
    _check_tiles(s)
    _check_zones(s)
    _check_cards(s)
    check_history(s)
    _check_walls(s)
    _check_progress(s)
    _check_selection(s)
    _check_context(s)


def _check_tiles(EruptionState s):
    """The volcano, every tile's lava, and the 40 lava tiles counted once."""
    cdef EruptionData* d = &s.d
    st = d.stage
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


def _check_zones(EruptionState s):
    """Eruption tiles match the zones claimed; temperatures; empty seats hold nothing."""
    cdef EruptionData* d = &s.d
    n = d.n
    erupted = sum(1 for h in range(NHEX) if d.tile[h] == K_ERUPTION)
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
    for q in range(n, MAX_SEATS):
        if (d.temp[q] or d.held[q] or any(d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES))
                or any(d.stock[q * NMAT + m] for m in range(NMAT))):
            _bad(f"{seat_name(q)} has something but is not in this {n}-player game")


def _check_cards(EruptionState s):
    """Every action card is in the deck, the discards or a hand."""
    cdef EruptionData* d = &s.d
    n = d.n
    for k in range(NCARDTYPES):
        count = ERU_CARD_COUNT[k] - (RAIN_REMOVED if k == CARD_RAIN and not d.rain else 0)
        held = sum(d.hand[q * NCARDTYPES + k] for q in range(n))
        if d.deck[k] + d.discard[k] + held != count:
            _bad(f"{CARD_NAMES[k]}: {d.deck[k] + d.discard[k] + held} cards counted, {count} exist")


def _check_walls(EruptionState s):
    """Every wall is in a stock, the supply or on a legal edge."""
    cdef EruptionData* d = &s.d
    n = d.n
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


def _check_progress(EruptionState s):
    """The set-up, the start, the turn count and the end trigger agree."""
    cdef EruptionData* d = &s.d
    n = d.n
    st = d.stage
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


def _check_selection(EruptionState s):
    """The hex, edge, tile or wall a stage works on is there."""
    cdef EruptionData* d = &s.d
    st = d.stage
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


def _check_context(EruptionState s):
    """The stage matches where the turn resumes, and someone can act."""
    cdef EruptionData* d = &s.d
    cdef int buf[MAX_ACTIONS]
    st = d.stage
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
    if at_chance(d):
        if gen_chance(d, buf, NULL) == 0:
            _bad("a chance node with no outcome")
    elif gen_legal(d, buf) == 0:
        _bad("the player to act has no legal move")


def check_history(EruptionState s):
    """The card history replays to the hands, the deck and the discards (see `reshuffle`)."""
    cdef EruptionData* d = &s.d
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
