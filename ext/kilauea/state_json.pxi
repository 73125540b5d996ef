# Kilauea's JSON codec (included by ext/kilauea/engine.pyx): `_dump` writes the state as plain
# data with readable field names (documented in rules.md, "JSON format"); `_fill` reads it back
# into a struct with type and range checks; `_validate` checks its consistency (conservation,
# limits, set-up progress, turn state) so that no loaded state can dead-end or break an invariant.

# ---------------------------------------------------------------- writing
def _tile_number(int t):
    return None if t < 0 else t + 1


def _or_none(int value):
    return None if value < 0 else value


cdef dict _dump_player(KData* d, int p):
    return {"victory_points": int(d.vp[p]), "stones": int(d.stones[p]),
            "canoe": [int(d.canoe[p][c]) for c in range(K_COLOURS)],
            "island": [[int(d.island[p][s][c]) for c in range(K_COLOURS)] for s in range(K_SECTORS)]}


cdef dict _dump_turn(KData* d):
    return {"coral_open": bool(d.opp_coral), "hillside_open": bool(d.opp_hill),
            "unlocked_tiles": [t + 1 for t in range(K_TILES) if (d.opp_unlocked >> t) & 1],
            "resolving": None if d.kind < 0 else _kind_name(d.kind),
            "second_half": {"vacated_forest": _or_none(d.ef), "vacated_space": _or_none(d.ei),
                            "sector_x": _or_none(d.ex), "sector_y": _or_none(d.ey),
                            "first_colour": COLOURS[d.ec] if d.ec >= 0 else None}}


cdef dict _dump(KData* d):
    """The whole state as plain data (tile numbers 1..10, colours by name)."""
    forests = [[COLOURS[d.forest[f][i]] if d.forest[f][i] >= 0 else None
                for i in range(K_SPACES) if KIL_BOARD_SPACES[f] & (1 << i)] for f in range(K_SECTORS)]
    return {
        "phase": PHASE_NAMES[d.phase], "player": int(d.player),
        "starting_player": int(d.start), "setup_step": int(d.step),
        "turns_completed": int(d.turns), "canoe_pawn": int(d.pawn),
        "crater_stones": int(d.crater), "intermediate_scored": bool(d.midscored),
        "tikis_to_place": [int(d.pool[c]) for c in range(K_COLOURS)],
        "tiles_to_place": [t + 1 for t in range(K_TILES) if (d.tiles_left >> t) & 1],
        "players": [_dump_player(d, p) for p in range(d.n)],
        "volcano": [[int(d.volcano[s][c]) for c in range(K_COLOURS)] for s in range(K_SECTORS)],
        "forests": forests,
        "reef_tiles": [_tile_number(d.reef[s]) for s in range(K_SECTORS)],
        "forest_tiles": [_tile_number(d.fcentre[s]) for s in range(K_SECTORS)],
        "hillside_tiles": [_tile_number(d.hill[s]) for s in range(K_SECTORS)],
        "turn": _dump_turn(d),
    }


# ---------------------------------------------------------------- reading
def _check_int(value, name, lo, hi) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidStateError(f"kilauea state: {name} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _check_list(value, name, length) -> list:
    if not isinstance(value, list) or len(value) != length:
        raise InvalidStateError(f"kilauea state: {name} must be a list of {length} items")
    return value


def _check_bool(value, name) -> bool:
    if not isinstance(value, bool):
        raise InvalidStateError(f"kilauea state: {name} must be true or false")
    return value


def _check_tile_list(value, name) -> int:
    """A list of tile numbers 1..10 as a bitmask of tiles 0..9."""
    if not isinstance(value, list):
        raise InvalidStateError(f"kilauea state: {name} must be a list")
    mask = 0
    for t in value:
        mask |= 1 << (_check_int(t, name, 1, 10) - 1)
    return mask


def _tile_or_none(value, name) -> int:
    if value is None:
        return -1
    return _check_int(value, name, 1, 10) - 1


def _int_or_none(value, name, lo, hi) -> int:
    if value is None:
        return -1
    return _check_int(value, name, lo, hi)


def _colour_or_none(value, name) -> int:
    if value is None:
        return -1
    if value not in COLOURS:
        raise InvalidStateError(f"kilauea state: {name} must be a colour or null, not {value!r}")
    return COLOURS.index(value)


def _parse_kind(text) -> int:
    if text is None:
        return -1
    parts = str(text).split()
    if len(parts) != 2 or parts[0] not in ("coral", "volcano") or not parts[1].isdigit():
        raise InvalidStateError(f"a tile action is written 'coral n' or 'volcano n', not {text!r}")
    n = int(parts[1])
    if not 1 <= n <= 10:
        raise InvalidStateError(f"tile actions are numbered 1 to 10, not {n}")
    return n - 1 if parts[0] == "coral" else n + 9


cdef void _fill_progress(KData* e, dict data) except *:
    """Phase, seats, set-up step, turn count, pawn, crater, scoring flag, set-up pools."""
    cdef int n = e.n, c
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise InvalidStateError(f"kilauea state: unknown phase {phase!r}")
    e.phase = PHASE_NAMES.index(phase)
    e.player = _check_int(data["player"], "player", TERMINAL_PLAYER, n - 1)
    e.start = _check_int(data["starting_player"], "starting_player", -1, n - 1)
    e.step = _check_int(data["setup_step"], "setup_step", 0, 54)
    e.turns = _check_int(data["turns_completed"], "turns_completed", 0, e.turn_cap)
    if e.turns == e.turn_cap and e.phase != PH_OVER:
        raise InvalidStateError("inconsistent kilauea state: the turn cap is reached but the game is not over")
    e.pawn = _check_int(data["canoe_pawn"], "canoe_pawn", -1, K_TRACK - 1)
    e.crater = _check_int(data["crater_stones"], "crater_stones", 0, K_STONES)
    e.midscored = _check_bool(data["intermediate_scored"], "intermediate_scored")
    pool = _check_list(data["tikis_to_place"], "tikis_to_place", K_COLOURS)
    for c in range(K_COLOURS):
        e.pool[c] = _check_int(pool[c], "tikis_to_place", 0, K_TIKIS_PER_COLOUR)
    e.tiles_left = _check_tile_list(data["tiles_to_place"], "tiles_to_place")


cdef void _fill_players(KData* e, dict data) except *:
    """Victory points, stones, canoe and island of every seat."""
    cdef int p, s, c
    players = _check_list(data["players"], "players", e.n)
    for p in range(e.n):
        pl = players[p]
        if not isinstance(pl, dict):
            raise InvalidStateError("kilauea state: each player is an object")
        e.vp[p] = _check_int(pl["victory_points"], "victory_points", 0, max_victory_points(e))
        e.stones[p] = _check_int(pl["stones"], "stones", 0, K_CANOE_STONES)
        canoe = _check_list(pl["canoe"], "canoe", K_COLOURS)
        for c in range(K_COLOURS):
            e.canoe[p][c] = _check_int(canoe[c], "canoe", 0, K_CANOE_TIKIS)
        isl = _check_list(pl["island"], "island", K_SECTORS)
        for s in range(K_SECTORS):
            row = _check_list(isl[s], "island sector", K_COLOURS)
            for c in range(K_COLOURS):
                e.island[p][s][c] = _check_int(row[c], "island", 0, K_COLUMN_MAX)


cdef void _fill_board(KData* e, dict data) except *:
    """Volcano columns, forest spaces and where the action tiles are."""
    cdef int s, c, f, i, k
    vol = _check_list(data["volcano"], "volcano", K_SECTORS)
    for s in range(K_SECTORS):
        row = _check_list(vol[s], "volcano sector", K_COLOURS)
        for c in range(K_COLOURS):
            e.volcano[s][c] = _check_int(row[c], "volcano column", 0, K_COLUMN_MAX)
    forests = _check_list(data["forests"], "forests", K_SECTORS)
    for f in range(K_SECTORS):
        spaces = [i for i in range(K_SPACES) if KIL_BOARD_SPACES[f] & (1 << i)]
        row = _check_list(forests[f], f"forest F{f + 1}", len(spaces))
        for k, i in enumerate(spaces):
            if row[k] is None:
                continue
            if row[k] not in COLOURS:
                raise InvalidStateError(f"kilauea state: forest F{f + 1} holds {row[k]!r}, not a colour")
            e.forest[f][i] = COLOURS.index(row[k])
            e.occ[f] |= 1 << i
    reefs = _check_list(data["reef_tiles"], "reef_tiles", K_SECTORS)
    centres = _check_list(data["forest_tiles"], "forest_tiles", K_SECTORS)
    hillside = _check_list(data["hillside_tiles"], "hillside_tiles", K_SECTORS)
    for s in range(K_SECTORS):
        e.reef[s] = _tile_or_none(reefs[s], "reef_tiles")
        e.fcentre[s] = _tile_or_none(centres[s], "forest_tiles")
        e.hill[s] = _tile_or_none(hillside[s], "hillside_tiles")


cdef void _fill_turn(KData* e, dict data) except *:
    """This turn's open opportunities, the tile being resolved and its pending second half."""
    turn = data["turn"]
    if not isinstance(turn, dict):
        raise InvalidStateError("kilauea state: 'turn' must be an object")
    e.opp_coral = _check_bool(turn["coral_open"], "turn.coral_open")
    e.opp_hill = _check_bool(turn["hillside_open"], "turn.hillside_open")
    e.opp_unlocked = _check_tile_list(turn["unlocked_tiles"], "turn.unlocked_tiles")
    e.kind = _parse_kind(turn["resolving"])
    half = turn["second_half"]
    if not isinstance(half, dict):
        raise InvalidStateError("kilauea state: 'turn.second_half' must be an object")
    e.ef = _int_or_none(half["vacated_forest"], "second_half.vacated_forest", 0, K_SECTORS - 1)
    e.ei = _int_or_none(half["vacated_space"], "second_half.vacated_space", 0, K_SPACES - 1)
    e.ex = _int_or_none(half["sector_x"], "second_half.sector_x", 0, K_SECTORS - 1)
    e.ey = _int_or_none(half["sector_y"], "second_half.sector_y", 0, K_SECTORS - 1)
    e.ec = _colour_or_none(half["first_colour"], "second_half.first_colour")


cdef void _fill(KData* e, dict data) except *:
    """Copy `to_dict` data into e (types and ranges checked; consistency in _validate)."""
    _fill_progress(e, data)
    _fill_players(e, data)
    _fill_board(e, data)
    _fill_turn(e, data)


cdef void _load(KData* e, data) except *:
    """Fill e from `to_dict` data and check it; InvalidStateError on anything malformed."""
    if not isinstance(data, dict):
        raise InvalidStateError("kilauea state: a JSON object is expected")
    try:
        _fill(e, data)
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
        raise InvalidStateError(f"malformed kilauea state: {type(error).__name__}: {error}") from None
    _validate(e)


# ---------------------------------------------------------------- consistency
def _bad(msg):
    raise InvalidStateError("inconsistent kilauea state: " + msg)


cdef void _validate_pieces(KData* e) except *:
    """Conservation of holy stones and tikis; canoe and island limits; 2-player spaces."""
    cdef int n = e.n, p, s, c, f, i
    # holy stones: 16 in crater, canoes and box (K4)
    if e.crater + sum(e.stones[p] for p in range(n)) + e.box_stones != K_STONES:
        _bad(f"the holy stones do not add up to {K_STONES}")
    # tikis: 18 of each colour across forests, volcano, canoes, islands, box and set-up pool
    for c in range(K_COLOURS):
        total = e.pool[c] + (K_REMOVED_2P if n == 2 else 0)
        total += sum(e.volcano[s][c] for s in range(K_SECTORS))
        total += sum(e.canoe[p][c] + sum(e.island[p][s][c] for s in range(K_SECTORS)) for p in range(n))
        total += sum(1 for f in range(K_SECTORS) for i in range(K_SPACES) if e.forest[f][i] == c)
        if total != K_TIKIS_PER_COLOUR:
            _bad(f"there are {total} {COLOURS[c]} tikis, not {K_TIKIS_PER_COLOUR}")
    for p in range(n):
        if canoe_count(e, p) > K_CANOE_TIKIS:
            _bad(f"P{p + 1}'s canoe holds more than {K_CANOE_TIKIS} tikis")
        for s in range(K_SECTORS):
            if isle_count(e, p, s) > K_COLUMN_MAX:
                _bad(f"P{p + 1}'s island sector S{s + 1} is higher than {K_COLUMN_MAX}")
    if n == 2:
        for f in range(K_SECTORS):
            if e.occ[f] & KIL_THREE_PLUS[f]:
                _bad(f"a '3+' space of F{f + 1} holds a tiki in a 2-player game")


cdef void _validate_setup(KData* e) except *:
    """The set-up counters match the phase: forests filled in order, pools empty after."""
    cdef int n = e.n, k, i, ph = e.phase
    if ph == PH_FOREST:
        for k in range(n_fill(e)):
            i = fill_space(e, k)
            if (e.forest[i // K_SPACES][i % K_SPACES] >= 0) != (k < e.step):
                _bad("the forests are not filled in set-up order")
        if e.step >= n_fill(e) or e.tiles_left != (1 << K_TILES) - 1:
            _bad("set-up step out of range")
    elif e.step >= 2 * n and ph == PH_DRAFT:
        _bad("draft pick out of range")
    elif ph != PH_TILES and ph != PH_DRAFT and (e.step != 0 or sum(e.pool[c] for c in range(K_COLOURS))):
        _bad("set-up counters left over after set-up")
    if ph != PH_FOREST and sum(e.pool[c] for c in range(K_COLOURS)):
        _bad("tikis left to place after the forest set-up")
    if ph <= PH_DRAFT:
        _validate_before_the_first_turn(e)


cdef void _validate_before_the_first_turn(KData* e) except *:
    """Before the first turn nothing has moved but the draft: every volcano space holds its
    tiki (K1) less the picks made, each seat's canoe holds its own picks, islands are empty,
    every seat has its 2 holy stones and the crater its 2 (K4)."""
    cdef int n = e.n, p, s, c, k
    picks = [0] * n
    if e.phase == PH_DRAFT:
        for k in range(e.step):     # the snake order of draft_player
            picks[(e.start + (k if k < n else 2 * n - 1 - k)) % n] += 1
    for p in range(n):
        if canoe_count(e, p) != picks[p] or island_total(e, p) or e.stones[p] != K_STONES_START:
            _bad(f"before the first turn P{p + 1} holds only the tikis it drafted and "
                 f"{K_STONES_START} holy stones")
    if e.crater != K_CRATER_START:
        _bad(f"before the first turn the crater holds {K_CRATER_START} holy stones")
    volcano = sum(e.volcano[s][c] for s in range(K_SECTORS) for c in range(K_COLOURS))
    if volcano != K_SECTORS * K_COLOURS - sum(picks) or \
            any(e.volcano[s][c] > 1 for s in range(K_SECTORS) for c in range(K_COLOURS)):
        _bad("before the first turn the volcano holds one tiki per space, less the drafted ones")


cdef void _validate_tiles(KData* e) except *:
    """Every action tile is in one place: to be placed, on a reef, in a forest or on the
    hillside, in set-up order; a forest tile is on the hillside exactly when its row c is empty."""
    cdef int f, s, k, ph = e.phase
    placed = [e.reef[s] for s in range(K_SECTORS)] + [e.fcentre[s] for s in range(K_SECTORS)] \
        + [e.hill[s] for s in range(K_SECTORS)]
    tiles = [t for t in placed if t >= 0]
    if len(set(tiles)) != len(tiles) or any((e.tiles_left >> t) & 1 for t in tiles):
        _bad("an action tile is in two places")
    if ph <= PH_TILES:
        expect = e.step if ph == PH_TILES else 0
        if ph == PH_TILES and e.step >= K_TILES - 1:
            _bad("tile set-up step out of range")
        slots = [e.reef[s] for s in range(K_SECTORS)] + [e.fcentre[s] for s in range(K_SECTORS)]
        if any((slots[k] >= 0) != (k < expect) for k in range(K_TILES)) or \
                any(e.hill[s] >= 0 for s in range(K_SECTORS)):
            _bad("the action tiles are not placed in set-up order")
        if len(tiles) + bin(e.tiles_left).count("1") != K_TILES:
            _bad("action tiles are missing")
        return
    if e.tiles_left or len(tiles) != K_TILES or any(e.reef[s] < 0 for s in range(K_SECTORS)):
        _bad("the 10 action tiles must be on the reefs, forests or hillside")
    for f in range(K_SECTORS):
        if (e.fcentre[f] >= 0) == (e.hill[f] >= 0):
            _bad(f"the volcano tile of F{f + 1} must be in the forest or on the hillside")
        if e.fcentre[f] >= 0 and (e.occ[f] & K_ROW_C) == 0 and not (ph == PH_BACK and e.ef == f):
            _bad(f"F{f + 1}'s row c is empty but its volcano tile is still locked")
        if e.hill[f] >= 0 and (e.occ[f] & K_ROW_C):
            _bad(f"F{f + 1}'s volcano tile is on the hillside but its row c is not empty")


cdef void _validate_seats(KData* e) except *:
    """The player to act, the starting player and the pawn fit the phase."""
    cdef int n = e.n, ph = e.phase
    if ph < PH_DRAFT:
        if e.player != 0 or e.start != -1 or e.pawn != -1 or e.turns:
            _bad("players cannot have acted during set-up")
    elif ph == PH_OVER:
        if e.player != TERMINAL_PLAYER:
            _bad("the player of a finished game is -4")
    else:
        if not 0 <= e.player < n or e.start < 0:
            _bad("the player to act is not a seat")
        if ph == PH_DRAFT and (e.player != draft_player(e) or e.pawn != -1 or e.turns):
            _bad("the draft is out of order")
        if ph > PH_DRAFT and e.player != (e.start + e.turns) % n:
            _bad(f"after {e.turns} turns from P{e.start + 1}, P{(e.start + e.turns) % n + 1} "
                 f"is to play, not P{e.player + 1}")
    if ph > PH_DRAFT and ph != PH_OVER and e.pawn < 0 and ph != PH_MOVE:
        _bad("the canoe pawn has not moved yet")
    if e.pawn >= 0 and n == 2 and e.pawn & 1:
        _bad("with 2 players the (k,2) canoe spaces are sea")


cdef void _validate_turn(KData* e) except *:
    """Opportunities, the tile being resolved and the second half of coral/volcano 10 fit the
    step of the turn."""
    cdef int t, s, ph = e.phase
    if ph < PH_CUT2 or ph == PH_OVER:
        if e.opp_unlocked or e.opp_hill or e.opp_coral:
            _bad("secondary action opportunities outside the secondary-action step")
    if ph == PH_CUT2 and (e.opp_hill or e.opp_coral):
        _bad("the coral opportunity opens only after the cut")
    if ph == PH_CUT2 and e.pawn >= 0 and (canoe_count(e, e.player) >= K_CANOE_TIKIS or
                                          e.occ[sector_of(e)] == 0):
        # apply_cut offers a second cut only with room in the canoe and a tiki left
        _bad("a second cut needs room in the canoe and a tiki in the pawn's forest")
    for t in range(K_TILES):
        if (e.opp_unlocked >> t) & 1 and t not in [e.hill[s] for s in range(K_SECTORS)]:
            _bad(f"volcano tile {t + 1} is open but not on the hillside")
    if ph == PH_TARGET and e.kind not in (C3, V3):
        _bad("only coral 3 or volcano 3 chooses a target")
    if (ph == PH_EFFECT or ph == PH_BACK) != (e.kind >= 0 and ph != PH_TARGET) and ph != PH_TARGET:
        _bad("a tile is being resolved outside the effect step")
    if ph == PH_EFFECT and e.kind in (C1, C2, C3, V1, V3):
        _bad(f"{_kind_name(e.kind)} takes no parameters")
    if ph == PH_BACK:
        if e.kind == C10:
            ok = e.ef >= 0 and e.ei >= 0 and e.ex >= 0 and e.ey < 0 and e.ec >= 0 and \
                 e.forest[e.ef][e.ei] < 0 and (KIL_BOARD_SPACES[e.ef] >> e.ei) & 1
        elif e.kind == V10:
            ok = e.ef < 0 and e.ei < 0 and e.ex >= 0 and e.ey >= 0 and e.ec >= 0 and e.ex != e.ey
        else:
            ok = False
        if not ok:
            _bad("the second half of coral 10 / volcano 10 is inconsistent")
    elif any(v != -1 for v in (e.ef, e.ei, e.ex, e.ey, e.ec)):
        _bad("a second half of coral 10 / volcano 10 is pending outside that step")


cdef void _validate_scoring(KData* e) except *:
    """Empty forests and the scorings agree; the player to act has a move."""
    cdef int buf[MAX_ACTIONS]
    cdef double probs[NUM_CHANCE]
    cdef int ph = e.phase
    if forests_emptied(e) and not e.midscored and ph in (PH_DRAFT, PH_MOVE):
        _bad("a forest is empty but the intermediate scoring has not happened")
    # an emptied forest is never refilled (coral 10 refills the space it just vacated), so
    # the intermediate scoring implies an empty forest, and 3 empty forests end the game
    if e.midscored and (ph <= PH_DRAFT or forests_emptied(e) == 0):
        _bad("the intermediate scoring is done but no forest has been emptied")
    if forests_emptied(e) >= 3 and ph in (PH_DRAFT, PH_MOVE):
        _bad("three forests are empty but the game is not over")
    if ph >= PH_DRAFT and ph != PH_OVER and gen_legal(e, buf) == 0:
        _bad("the player to act has no legal move")
    if ph < PH_DRAFT and gen_chance(e, buf, probs) == 0:
        _bad("the set-up has no chance outcome")


cdef void _validate(KData* e) except *:
    """Consistency: conservation of tikis and stones, limits, set-up progress, turn state."""
    _validate_pieces(e)
    _validate_setup(e)
    _validate_tiles(e)
    _validate_seats(e)
    _validate_turn(e)
    _validate_scoring(e)
