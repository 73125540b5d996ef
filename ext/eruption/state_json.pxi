# Eruption's JSON form (included by ext/eruption/engine.pyx): the field table, and the loader's
# consistency checks (a loaded state must be one the game can reach).

# ---------------------------------------------------------------- the field table
# Seats are 0-based numbers (texts say P1..Pn); per-seat lists have MAX_SEATS entries (seats
# beyond `players` hold zeros). Hexes 0..60 and edges hex*6+direction are data.pxd's; card
# types 0..7, tile kinds 0..9 and materials 0..2 are its lists too.
JSON_FIELDS = FieldTable("eruption", (
    ("players", "n", 0, MIN_SEATS, MAX_SEATS, "number of players"),
    ("rain", "rain", 0, 0, 1, "1: all 6 Rain cards; 0: the no-Rain variant (5 removed, E10)"),
    ("turn_cap", "turn_cap", 0, 1, MAX_CAP, "turns before the game is scored as it stands (X5)"),
    ("turn", "turns", 0, 0, MAX_CAP, "turns begun (the first turn is 1)"),
    ("stage", "stage", 0, 0, NUM_STAGES - 1, "the step of the game (the list under this table)"),
    ("to_act", "cur", 0, 0, MAX_SEATS - 1, "the seat whose turn it is (at the deal: the seat "
     "being dealt to)"),
    ("first_player", "start", 0, -1, MAX_SEATS - 1, "the starting player (-1 before it is drawn)"),
    ("resume_after_draw", "ctx", 0, 0, 4, "where the turn resumes after a tile or card draw: "
     "0 the turn's tile, 1 the level-3 extra tile, 2 an eruption tile, 3 the card step, 4 set-up"),
    ("cards_to_deal", "deal_left", 0, 0, START_CARDS * MAX_SEATS, "set-up cards still to deal"),
    ("hex_tile", "tile", NHEX, -1, K_VOLCANO, "per hex: -1 empty, 0..7 a lava tile kind, "
     "8 an eruption tile, 9 the volcano"),
    ("hex_rotation", "rot", NHEX, 0, NDIR - 1, "per hex: the rotation of its tile (0 if none)"),
    ("hex_lava", "mask", NHEX, 0, 63, "per hex: its tile's lava edges as placed (bit d: "
     "direction d)"),
    ("edge_wall", "wall", NEDGE, -1, NMAT - 1, "per edge: -1 no wall, else its material"),
    ("tile_stack", "stack", NKINDS, 0, 8, "per lava tile kind: tiles left in the stack"),
    ("tiles_out_of_play", "tiles_out", 0, 0, NTILES, "lava tiles discarded, replaced or sunk"),
    ("deck", "deck", NCARDTYPES, 0, 6, "per card type: cards in the deck"),
    ("discards", "discard", NCARDTYPES, 0, 6, "per card type: cards on the discard pile"),
    ("hands", "hand", MAX_SEATS * NCARDTYPES, 0, 6, "at 8*seat + card type: cards in that "
     "seat's hand"),
    ("wall_supply", "supply", NMAT, 0, 18, "per material: walls left in the supply"),
    ("wall_stock", "stock", MAX_SEATS * NMAT, 0, 18, "at 3*seat + material: walls in that seat's "
     "stockpile"),
    ("temperatures", "temp", MAX_SEATS, 0, TEMP_MAX, "per seat: its village's temperature"),
    ("zone_claimed_by", "claimed", NLEVELS, -1, MAX_SEATS - 1, "per danger zone: the seat that "
     "reached it first (-1 nobody, E3)"),
    ("eruption_tiles_held", "held", MAX_SEATS, 0, NERUPTIONS, "per seat: eruption tiles held, "
     "not yet placed"),
    ("end_triggered", "ending", 0, 0, 1, "1 once a temperature reached 300 or the last tile was "
     "drawn (E12)"),
    ("final_turns_left", "final_left", 0, 0, MAX_SEATS, "turns left in the final round "
     "(0 before it)"),
    ("walls_left", "walls_left", 0, 0, 2 + CARD_CAP, "walls the player may still build this turn"),
    ("reinforce_played", "reinforce", 0, 0, CARD_CAP, "Reinforce cards played this turn"),
    ("extra_tile_taken", "extra_used", 0, 0, 1, "1 when the level-3 extra tile was taken this turn"),
    ("card_actions", "card_actions", 0, 0, CARD_CAP, "card actions this turn (at most 10)"),
    ("relocate_moves", "reloc_moves", 0, 0, RELOC_CAP, "walls moved by the current Relocate"),
    ("cards_owed", "pending", 0, 0, 60, "action cards owed to the player (E7)"),
    ("temperature_check_next", "check_idx", 0, 0, VILLAGE_EDGES, "temperature check: the next "
     "village edge to look at (0..6 in data.pxd's order)"),
    ("tile_being_placed", "cur_tile", 0, 0, K_VOLCANO, "the kind of the tile being placed"),
    ("chosen_hex", "sel_hex", 0, -1, NHEX - 1, "the hex chosen for a tile or a card (-1 none)"),
    ("chosen_rotation", "sel_rot", 0, 0, NDIR - 1, "the rotation chosen for the tile waiting on "
     "a blocking test"),
    ("chosen_edge", "sel_edge", 0, -1, NEDGE - 1, "the edge of a wall being built, moved or "
     "tested (-1 none)"),
    ("walls_to_test", "tested", 0, 0, 63, "blocking test: directions of the new tile still "
     "facing walls (bit d: direction d)"),
    ("refused_hexes", "refused", NHEX, 0, 1, "per hex: 1 when a wall held against the tile "
     "being placed (E8)"),
    ("reshuffles", "reshuffles", 0, 0, 30000, "reshuffles of the discards into the deck so far"),
    ("card_history_overflowed", "hlog_full", 0, 0, 1, "1 when the card history outgrew 512 "
     "events (never seen; resampling then pools the unseen cards)"),
))
# The card history has a length of its own, so it is kept beside the table: "card_history" is
# a list of at most LOG_MAX event codes (see `card_history` in the section below the table).
HISTORY_KEY = "card_history"

# Version 2 wrote the struct's own names; version 3 renames them (upgrade_v2).
_V2_NAMES = {f.struct: f.name for f in JSON_FIELDS.fields}


def v2_to_v3(state: dict, params: dict) -> dict:
    """A version-2 state object (struct names, `hlog` with `hlog_len`) in version 3's form."""
    if not isinstance(state, dict):
        raise InvalidStateError("eruption state: a JSON object is expected")
    out = {}
    for name, value in state.items():
        if name == "hlog":
            out[HISTORY_KEY] = value
        elif name != "hlog_len":
            out[_V2_NAMES.get(name, name)] = value
    if isinstance(state.get("hlog"), list) and state.get("hlog_len") != len(state["hlog"]):
        raise InvalidStateError("eruption state: hlog_len is not the length of hlog")
    return out


def state_to_dict(EruptionState s) -> dict:
    """The table's fields, then the card history so far."""
    cdef object raw = s.d
    out = JSON_FIELDS.dump(raw)
    out[HISTORY_KEY] = raw["hlog"][:s.d.hlog_len]
    return out


def state_load_dict(EruptionState s, data) -> None:
    """Check `data` field by field, set it, and restore the state if it is not consistent."""
    history = check_fields(data)
    if (data["players"] != s.d.n or data["turn_cap"] != s.d.turn_cap
            or data["rain"] != s.d.rain):
        raise InvalidStateError("eruption state: players/rain/turn_cap differ from the game parameters")
    backup = s._raw_bytes()
    raw = JSON_FIELDS.load(data, s.d)
    raw["hlog"] = history + [0] * (LOG_MAX - len(history))
    raw["hlog_len"] = len(history)
    s.d = raw
    derive_board(&s.d)          # the derived fields are not in the JSON: computed here
    try:
        check_consistency(s)
    except BaseException:       # whatever the fault, the state is left as it was
        s._set_raw_bytes(backup)
        raise


def check_fields(data) -> list:
    """Exactly the table's fields and the card history, each in its range; the history."""
    if not isinstance(data, dict) or HISTORY_KEY not in data:
        raise InvalidStateError(f"eruption state: a JSON object with {HISTORY_KEY!r} is expected")
    JSON_FIELDS.check({k: v for k, v in data.items() if k != HISTORY_KEY})
    history = data[HISTORY_KEY]
    if not isinstance(history, list) or len(history) > LOG_MAX:
        raise InvalidStateError(f"eruption state: {HISTORY_KEY} must be a list of at most {LOG_MAX} integers")
    for i, code in enumerate(history):
        check_field("eruption", f"{HISTORY_KEY}[{i}]", code, 0, LOG_RESHUFFLE)
    return history


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
