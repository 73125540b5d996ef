# Kilauea's JSON loading (included by ext/kilauea/engine.pyx): `_fill` reads `to_dict` data into a
# struct with type and range checks, `_validate` checks its consistency (conservation, limits,
# set-up progress, turn state) so that no loaded state can dead-end or break an invariant.

# ---------------------------------------------------------------- JSON loading
cdef void _fill(KData* e, dict data) except *:
    """Copy `to_dict` data into e (types and ranges checked; consistency in _validate)."""
    cdef int n = e.n, p, s, c, f, i, k
    phase = data["phase"]
    if phase not in PHASE_NAMES:
        raise ValueError(f"kilauea state: unknown phase {phase!r}")
    e.phase = PHASE_NAMES.index(phase)
    e.player = _check_int(data["player"], "player", -4, n - 1)
    e.start = _check_int(data["start"], "start", -1, n - 1)
    e.step = _check_int(data["step"], "step", 0, 54)
    e.turns = _check_int(data["turns"], "turns", 0, e.turn_cap)
    if e.turns == e.turn_cap and e.phase != PH_OVER:
        raise ValueError("inconsistent kilauea state: the turn cap is reached but the game is not over")
    e.pawn = _check_int(data["pawn"], "pawn", -1, 9)
    e.crater = _check_int(data["crater"], "crater", 0, K_STONES)
    mid = data["intermediate_scored"]
    if not isinstance(mid, bool):
        raise ValueError("kilauea state: intermediate_scored must be true or false")
    e.midscored = mid
    pool = _check_list(data["pool"], "pool", 4)
    for c in range(4):
        e.pool[c] = _check_int(pool[c], "pool", 0, K_TIKIS_PER_COLOUR)
    left = data["tiles_left"]
    if not isinstance(left, list):
        raise ValueError("kilauea state: tiles_left must be a list")
    e.tiles_left = 0
    for t in left:
        e.tiles_left |= 1 << (_check_int(t, "tiles_left", 1, 10) - 1)
    players = _check_list(data["players"], "players", n)
    for p in range(n):
        pl = players[p]
        if not isinstance(pl, dict):
            raise ValueError("kilauea state: each player is an object")
        e.vp[p] = _check_int(pl["vp"], "vp", 0, 1000000)
        e.stones[p] = _check_int(pl["stones"], "stones", 0, K_CANOE_STONES)
        canoe = _check_list(pl["canoe"], "canoe", 4)
        for c in range(4):
            e.canoe[p][c] = _check_int(canoe[c], "canoe", 0, K_CANOE_TIKIS)
        isl = _check_list(pl["island"], "island", 5)
        for s in range(5):
            row = _check_list(isl[s], "island sector", 4)
            for c in range(4):
                e.island[p][s][c] = _check_int(row[c], "island", 0, K_COLUMN_MAX)
    vol = _check_list(data["volcano"], "volcano", 5)
    for s in range(5):
        row = _check_list(vol[s], "volcano sector", 4)
        for c in range(4):
            e.volcano[s][c] = _check_int(row[c], "volcano column", 0, K_COLUMN_MAX)
    forests = _check_list(data["forests"], "forests", 5)
    for f in range(5):
        spaces = [i for i in range(11) if KIL_BOARD_SPACES[f] & (1 << i)]
        row = _check_list(forests[f], f"forest F{f + 1}", len(spaces))
        for k, i in enumerate(spaces):
            if row[k] is None:
                continue
            if row[k] not in COLOURS:
                raise ValueError(f"kilauea state: forest F{f + 1} holds {row[k]!r}, not a colour")
            e.forest[f][i] = COLOURS.index(row[k])
            e.occ[f] |= 1 << i
    for key, arr in (("reefs", 0), ("forest_tiles", 1), ("hillside", 2)):
        row = _check_list(data[key], key, 5)
        for s in range(5):
            t = _tile_or_none(row[s], key)
            if arr == 0:
                e.reef[s] = t
            elif arr == 1:
                e.fcentre[s] = t
            else:
                e.hill[s] = t
    turn = data["turn"]
    if not isinstance(turn, dict):
        raise ValueError("kilauea state: 'turn' must be an object")
    for key in ("coral_open", "hillside_open"):
        if not isinstance(turn[key], bool):
            raise ValueError(f"kilauea state: turn.{key} must be true or false")
    e.opp_coral = turn["coral_open"]
    e.opp_hill = turn["hillside_open"]
    unlocked = turn["unlocked"]
    if not isinstance(unlocked, list):
        raise ValueError("kilauea state: turn.unlocked must be a list")
    e.opp_unlocked = 0
    for t in unlocked:
        e.opp_unlocked |= 1 << (_check_int(t, "unlocked tile", 1, 10) - 1)
    e.kind = _parse_kind(turn["resolving"])
    pending = _check_list(turn["pending"], "turn.pending", 5)
    e.ef = _check_int(pending[0], "pending forest", -1, 4)
    e.ei = _check_int(pending[1], "pending space", -1, 10)
    e.ex = _check_int(pending[2], "pending sector", -1, 4)
    e.ey = _check_int(pending[3], "pending sector", -1, 4)
    e.ec = _check_int(pending[4], "pending colour", -1, 3)


cdef void _validate(KData* e) except *:
    """Consistency: conservation of tikis and stones, limits, set-up progress, turn state."""
    cdef int n = e.n, p, s, c, f, i, k, t, ph = e.phase
    cdef int buf[MAX_ACTIONS]
    cdef double probs[NUM_CHANCE]
    def bad(msg):
        raise ValueError("inconsistent kilauea state: " + msg)
    # holy stones: 16 in crater, canoes and box (K4)
    if e.crater + sum(e.stones[p] for p in range(n)) + e.box_stones != K_STONES:
        bad(f"the holy stones do not add up to {K_STONES}")
    # tikis: 18 of each colour across forests, volcano, canoes, islands, box and set-up pool
    for c in range(4):
        total = e.pool[c] + (K_REMOVED_2P if n == 2 else 0)
        total += sum(e.volcano[s][c] for s in range(5))
        total += sum(e.canoe[p][c] + sum(e.island[p][s][c] for s in range(5)) for p in range(n))
        total += sum(1 for f in range(5) for i in range(11) if e.forest[f][i] == c)
        if total != K_TIKIS_PER_COLOUR:
            bad(f"there are {total} {COLOURS[c]} tikis, not {K_TIKIS_PER_COLOUR}")
    for p in range(n):
        if canoe_count(e, p) > K_CANOE_TIKIS:
            bad(f"P{p + 1}'s canoe holds more than {K_CANOE_TIKIS} tikis")
        for s in range(5):
            if isle_count(e, p, s) > K_COLUMN_MAX:
                bad(f"P{p + 1}'s island sector S{s + 1} is higher than {K_COLUMN_MAX}")
    if n == 2:
        for f in range(5):
            if e.occ[f] & KIL_THREE_PLUS[f]:
                bad(f"a '3+' space of F{f + 1} holds a tiki in a 2-player game")
    # set-up progress
    if ph == PH_FOREST:
        for k in range(n_fill(e)):
            i = fill_space(e, k)
            if (e.forest[i // 11][i % 11] >= 0) != (k < e.step):
                bad("the forests are not filled in set-up order")
        if e.step >= n_fill(e) or e.tiles_left != (1 << K_TILES) - 1:
            bad("set-up step out of range")
    elif e.step >= 2 * n and ph == PH_DRAFT:
        bad("draft pick out of range")
    elif ph != PH_TILES and ph != PH_DRAFT and (e.step != 0 or sum(e.pool[c] for c in range(4))):
        bad("set-up counters left over after set-up")
    if ph != PH_FOREST and sum(e.pool[c] for c in range(4)):
        bad("tikis left to place after the forest set-up")
    placed = [e.reef[s] for s in range(5)] + [e.fcentre[s] for s in range(5)] + [e.hill[s] for s in range(5)]
    tiles = [t for t in placed if t >= 0]
    if len(set(tiles)) != len(tiles) or any((e.tiles_left >> t) & 1 for t in tiles):
        bad("an action tile is in two places")
    if ph <= PH_TILES:
        expect = e.step if ph == PH_TILES else 0
        if ph == PH_TILES and e.step >= 9:
            bad("tile set-up step out of range")
        slots = [e.reef[s] for s in range(5)] + [e.fcentre[s] for s in range(5)]
        if any((slots[k] >= 0) != (k < expect) for k in range(10)) or any(e.hill[s] >= 0 for s in range(5)):
            bad("the action tiles are not placed in set-up order")
        if len(tiles) + bin(e.tiles_left).count("1") != K_TILES:
            bad("action tiles are missing")
    else:
        if e.tiles_left or len(tiles) != K_TILES or any(e.reef[s] < 0 for s in range(5)):
            bad("the 10 action tiles must be on the reefs, forests or hillside")
        for f in range(5):
            if (e.fcentre[f] >= 0) == (e.hill[f] >= 0):
                bad(f"the volcano tile of F{f + 1} must be in the forest or on the hillside")
            if e.fcentre[f] >= 0 and (e.occ[f] & K_ROW_C) == 0 and not (ph == PH_BACK and e.ef == f):
                bad(f"F{f + 1}'s row c is empty but its volcano tile is still locked")
            if e.hill[f] >= 0 and (e.occ[f] & K_ROW_C):
                bad(f"F{f + 1}'s volcano tile is on the hillside but its row c is not empty")
    # players and turn state
    if ph < PH_DRAFT:
        if e.player != 0 or e.start != -1 or e.pawn != -1 or e.turns:
            bad("players cannot have acted during set-up")
    elif ph == PH_OVER:
        if e.player != TERMINAL_PLAYER:
            bad("the player of a finished game is -4")
    else:
        if not 0 <= e.player < n or e.start < 0:
            bad("the player to act is not a seat")
        if ph == PH_DRAFT and (e.player != draft_player(e) or e.pawn != -1 or e.turns):
            bad("the draft is out of order")
    if ph > PH_DRAFT and ph != PH_OVER and e.pawn < 0 and ph != PH_MOVE:
        bad("the canoe pawn has not moved yet")
    if e.pawn >= 0 and n == 2 and e.pawn & 1:
        bad("with 2 players the (k,2) canoe spaces are sea")
    if ph < PH_CUT2 or ph == PH_OVER:
        if e.opp_unlocked or e.opp_hill or e.opp_coral:
            bad("secondary action opportunities outside the secondary-action step")
    if ph == PH_CUT2 and (e.opp_hill or e.opp_coral):
        bad("the coral opportunity opens only after the cut")
    for t in range(10):
        if (e.opp_unlocked >> t) & 1 and t not in [e.hill[s] for s in range(5)]:
            bad(f"volcano tile {t + 1} is open but not on the hillside")
    if ph == PH_TARGET and e.kind not in (C3, V3):
        bad("only coral 3 or volcano 3 chooses a target")
    if (ph == PH_EFFECT or ph == PH_BACK) != (e.kind >= 0 and ph != PH_TARGET) and ph != PH_TARGET:
        bad("a tile is being resolved outside the effect step")
    if ph == PH_EFFECT and e.kind in (C1, C2, C3, V1, V3):
        bad(f"{_kind_name(e.kind)} takes no parameters")
    pend = (e.ef, e.ei, e.ex, e.ey, e.ec)
    if ph == PH_BACK:
        if e.kind == C10:
            ok = e.ef >= 0 and e.ei >= 0 and e.ex >= 0 and e.ey < 0 and e.ec >= 0 and \
                 e.forest[e.ef][e.ei] < 0 and (KIL_BOARD_SPACES[e.ef] >> e.ei) & 1
        elif e.kind == V10:
            ok = e.ef < 0 and e.ei < 0 and e.ex >= 0 and e.ey >= 0 and e.ec >= 0 and e.ex != e.ey
        else:
            ok = False
        if not ok:
            bad("the second half of coral 10 / volcano 10 is inconsistent")
    elif any(v != -1 for v in pend):
        bad("pending coral 10 / volcano 10 data outside that step")
    if forests_emptied(e) and not e.midscored and ph in (PH_DRAFT, PH_MOVE):
        bad("a forest is empty but the intermediate scoring has not happened")
    # an emptied forest is never refilled (coral 10 refills the space it just vacated), so
    # the intermediate scoring implies an empty forest, and 3 empty forests end the game
    if e.midscored and (ph <= PH_DRAFT or forests_emptied(e) == 0):
        bad("the intermediate scoring is done but no forest has been emptied")
    if forests_emptied(e) >= 3 and ph in (PH_DRAFT, PH_MOVE):
        bad("three forests are empty but the game is not over")
    if ph >= PH_DRAFT and ph != PH_OVER and gen_legal(e, buf) == 0:
        bad("the player to act has no legal move")
    if ph < PH_DRAFT and gen_chance(e, buf, probs) == 0:
        bad("the set-up has no chance outcome")
