# Kilauea's JSON form (included by ext/kilauea/engine.pyx): the field table JSON_FIELDS (every
# field of the struct KData but the derived ones, under a readable name; rules.md "JSON format"
# is written from it), `_dump` / `_load` between the struct and its JSON, `upgrade_v2` from the
# nested version 2 form, and `_validate`, the consistency checks (conservation, limits, set-up
# progress, turn state) so that no loaded state can dead-end or break an invariant.
# Colours are 0..3 (red, yellow, green, blue), sectors and forests 0..4, forest spaces 0..10
# (a1..a4, b1..b4, c1..c3), action tiles by their number 1..10 (0: none), tile kinds 0..19
# (coral 1..10, volcano 1..10); -1 is "none" elsewhere.

# The most VP a seat can hold (the loader checks the bound of the turns played,
# max_victory_points): the tiles of every turn, and both scorings at their most.
_MAX_VP = (K_TILE_VP * (2 + K_SECTORS) * (K_MAX_TURN_CAP + 1)
           + 2 * K_SECTORS * K_COLUMN_MAX * 3 * (K_COLUMN_MAX - 1)
           + K_ALL_SECTORS_BONUS + K_CANOE_STONES // 2 + K_CANOE_TIKIS)

JSON_FIELDS = FieldTable("kilauea", (
    ("players", "n", 0, K_MIN_PLAYERS, K_MAX_PLAYERS, "number of players"),
    ("turn_cap", "turn_cap", 0, K_MIN_TURN_CAP, K_MAX_TURN_CAP, "player turns after which the game "
     "is scored as ended (K15)"),
    ("turn", "turns", 0, 0, K_MAX_TURN_CAP, "player turns completed (all players together)"),
    ("stage", "phase", 0, PH_FOREST, PH_OVER, "the step of the game: 0 forest, 1 tiles, 2 start "
     "(set-up chance), 3 draft, 4 move, 5 main, 6 cut2 (second cut or stop), 7 secondary, "
     "8 target (the tile a 3 activates), 9 effect (a tile's parameters), 10 back (second half "
     "of coral 10 / volcano 10), 11 over"),
    ("to_act", "player", 0, TERMINAL_PLAYER, K_MAX_PLAYERS - 1, "the seat to act (the turn's "
     "player); 0 during set-up, -4 once the game is over"),
    ("first_player", "start", 0, -1, K_MAX_PLAYERS - 1, "the seat that played first, -1 before it "
     "is drawn"),
    ("setup_step", "step", 0, 0, 54, "set-up: the forest space (in fill order) or tile slot (R1..R5, "
     "F1..F4) to fill next; the draft: the pick number; 0 afterwards"),
    ("canoe_pawn", "pawn", 0, -1, K_TRACK - 1, "-1 on the start space, else the canoe track "
     "position: sector = position // 2, space (k,1) if even, (k,2) if odd (2 players: even only)"),
    ("crater_stones", "crater", 0, 0, K_STONES, "holy stones in the volcano's crater"),
    ("intermediate_scored", "midscored", 0, 0, 1, "1 once the intermediate scoring happened (K12)"),
    ("tikis_to_place", "pool", K_COLOURS, 0, K_TIKIS_PER_COLOUR, "set-up: per colour, tikis still "
     "to place in the forests"),
    ("tiles_to_place", "tiles_left", K_TILES, 0, 1, "set-up: per action tile, 1 while it is not "
     "placed yet"),
    ("scores", "vp", K_MAX_PLAYERS, 0, _MAX_VP, "per seat: victory points (0 for seats not in "
     "the game)"),
    ("holy_stones", "stones", K_MAX_PLAYERS, 0, K_CANOE_STONES, "per seat: holy stones in its canoe"),
    ("canoe_tikis", "canoe", K_MAX_PLAYERS * K_COLOURS, 0, K_CANOE_TIKIS, "at 4 * seat + colour: "
     "tikis in the seat's canoe"),
    ("island_tikis", "island", K_MAX_PLAYERS * K_SECTORS * K_COLOURS, 0, K_COLUMN_MAX,
     "at 20 * seat + 4 * sector + colour: tikis on the seat's island"),
    ("volcano", "volcano", K_SECTORS * K_COLOURS, 0, K_COLUMN_MAX, "at 4 * sector + colour: the "
     "height of the colour's column"),
    ("forests", "forest", K_SECTORS * K_SPACES, -1, K_COLOURS - 1, "at 11 * forest + space: the "
     "colour of its tiki, -1 empty (F3..F5 have no c3: always -1)"),
    ("reef_tiles", "reef", K_SECTORS, 0, K_TILES, "per reef R1..R5: the number of its coral tile "
     "(0 before set-up)"),
    ("forest_tiles", "fcentre", K_SECTORS, 0, K_TILES, "per forest: the number of the volcano tile "
     "still locked in it, 0 none"),
    ("hillside_tiles", "hill", K_SECTORS, 0, K_TILES, "per sector: the number of the volcano tile "
     "on its hillside, 0 none"),
    ("coral_open", "opp_coral", 0, 0, 1, "this turn: 1 while the coral next to the pawn may be "
     "activated (after a cut)"),
    ("hillside_open", "opp_hill", 0, 0, 1, "this turn: 1 while the hillside tile of the pawn's "
     "sector may be activated (after a placement)"),
    ("unlocked_tiles", "opp_unlocked", K_TILES, 0, 1, "this turn: per action tile, 1 when its "
     "volcano side was unlocked this turn and not used yet (K7)"),
    ("resolving", "kind", 0, -1, K_KINDS - 1, "the tile being resolved (or, in step target, the "
     "3 activating another), -1 none"),
    ("vacated_forest", "ef", 0, -1, K_SECTORS - 1, "coral 10's first half: the forest its tiki "
     "left (-1 outside step back)"),
    ("vacated_space", "ei", 0, -1, K_SPACES - 1, "coral 10's first half: the space its tiki left"),
    ("sector_x", "ex", 0, -1, K_SECTORS - 1, "coral 10: where the tiki went; volcano 10: sector X"),
    ("sector_y", "ey", 0, -1, K_SECTORS - 1, "volcano 10: sector Y"),
    ("first_colour", "ec", 0, -1, K_COLOURS - 1, "coral 10 / volcano 10: the colour moved first"),
))


def _flat(value) -> list:
    """A nested list (a v2 seat's island, the v2 volcano) flattened in index order."""
    return [x for item in value for x in _flat(item)] if isinstance(value, list) else [value]


cdef list _bits(int mask):
    return [(mask >> t) & 1 for t in range(K_TILES)]


cdef dict _dump(KData* d):
    """The whole state as its JSON object (the fields of JSON_FIELDS, in order). Written out
    field by field: Cython's struct <-> dict coercion mixes up 2-D char arrays."""
    cdef int p, s, c, f, i
    seats, sectors, colours = range(K_MAX_PLAYERS), range(K_SECTORS), range(K_COLOURS)
    return {
        "players": d.n, "turn_cap": d.turn_cap, "turn": d.turns, "stage": d.phase,
        "to_act": d.player, "first_player": d.start, "setup_step": d.step, "canoe_pawn": d.pawn,
        "crater_stones": d.crater, "intermediate_scored": d.midscored,
        "tikis_to_place": [d.pool[c] for c in colours], "tiles_to_place": _bits(d.tiles_left),
        "scores": [d.vp[p] for p in seats], "holy_stones": [d.stones[p] for p in seats],
        "canoe_tikis": [d.canoe[p][c] for p in seats for c in colours],
        "island_tikis": [d.island[p][s][c] for p in seats for s in sectors for c in colours],
        "volcano": [d.volcano[s][c] for s in sectors for c in colours],
        "forests": [d.forest[f][i] for f in sectors for i in range(K_SPACES)],
        "reef_tiles": [d.reef[s] + 1 for s in sectors],
        "forest_tiles": [d.fcentre[s] + 1 for s in sectors],
        "hillside_tiles": [d.hill[s] + 1 for s in sectors],
        "coral_open": d.opp_coral, "hillside_open": d.opp_hill,
        "unlocked_tiles": _bits(d.opp_unlocked), "resolving": d.kind,
        "vacated_forest": d.ef, "vacated_space": d.ei, "sector_x": d.ex, "sector_y": d.ey,
        "first_colour": d.ec,
    }


cdef void _fill(KData* e, dict data) except *:
    """Copy checked JSON data (JSON_FIELDS.check) into e, field by field; the occupied
    forest spaces are derived."""
    cdef int p, s, c, f, i, t
    e.turns, e.phase, e.player, e.start = data["turn"], data["stage"], data["to_act"], data["first_player"]
    e.step, e.pawn, e.crater, e.midscored = (data["setup_step"], data["canoe_pawn"],
                                             data["crater_stones"], data["intermediate_scored"])
    e.opp_coral, e.opp_hill, e.kind = data["coral_open"], data["hillside_open"], data["resolving"]
    e.ef, e.ei, e.ex, e.ey, e.ec = (data["vacated_forest"], data["vacated_space"],
                                    data["sector_x"], data["sector_y"], data["first_colour"])
    e.tiles_left = e.opp_unlocked = 0
    for t in range(K_TILES):
        e.tiles_left |= data["tiles_to_place"][t] << t
        e.opp_unlocked |= data["unlocked_tiles"][t] << t
    for p in range(K_MAX_PLAYERS):
        e.vp[p], e.stones[p] = data["scores"][p], data["holy_stones"][p]
        for c in range(K_COLOURS):
            e.canoe[p][c] = data["canoe_tikis"][K_COLOURS * p + c]
            for s in range(K_SECTORS):
                e.island[p][s][c] = data["island_tikis"][K_SECTORS * K_COLOURS * p + K_COLOURS * s + c]
    for s in range(K_SECTORS):
        e.reef[s], e.fcentre[s] = data["reef_tiles"][s] - 1, data["forest_tiles"][s] - 1
        e.hill[s] = data["hillside_tiles"][s] - 1
        for c in range(K_COLOURS):
            e.volcano[s][c] = data["volcano"][K_COLOURS * s + c]
    for c in range(K_COLOURS):
        e.pool[c] = data["tikis_to_place"][c]
    for f in range(K_SECTORS):
        e.occ[f] = 0
        for i in range(K_SPACES):
            e.forest[f][i] = data["forests"][K_SPACES * f + i]
            if e.forest[f][i] >= 0:
                e.occ[f] |= 1 << i


cdef void _load(KData* e, data) except *:
    """Fill e from checked JSON data; InvalidStateError on anything malformed or inconsistent."""
    JSON_FIELDS.check(data)
    if data["players"] != e.n or data["turn_cap"] != e.turn_cap:
        raise InvalidStateError("kilauea state: players/turn_cap differ from the game parameters")
    _fill(e, data)
    _validate(e)


# ---------------------------------------------------------------- version 2
def _v2_tile(value) -> int:
    """A v2 tile number 1..10 (or null) as version 3 writes it (0: none)."""
    return 0 if value is None else value


def _v2_kind(text) -> int:
    """A v2 'coral n' / 'volcano n' (or null) as a tile kind (or -1)."""
    if text is None:
        return -1
    side, number = str(text).split()
    return ("coral", "volcano").index(side) * K_TILES + int(number) - 1


def _v2_seats(players: list, key: str, width: int) -> list:
    """A per-seat v2 value (flattened to `width` numbers) for 4 seats, 0 for absent seats."""
    out = []
    for p in range(K_MAX_PLAYERS):
        out += _flat(players[p][key]) if p < len(players) else [0] * width
    return out


def upgrade_v2(dict state, dict params) -> dict:
    """A version 2 state object (nested seats, colours by name, tiles by number) as version 3
    (flat lists of numbers; rules.md "JSON format"). Malformed input raises KeyError,
    TypeError or ValueError (the loader reports them as InvalidStateError)."""
    players, turn, half = state["players"], state["turn"], state["turn"]["second_half"]
    forests = [-1] * (K_SECTORS * K_SPACES)
    for f in range(K_SECTORS):
        spaces = [i for i in range(K_SPACES) if KIL_BOARD_SPACES[f] & (1 << i)]
        for i, colour in zip(spaces, state["forests"][f], strict=True):
            forests[f * K_SPACES + i] = -1 if colour is None else COLOURS.index(colour)
    optional = lambda value: -1 if value is None else value
    return {
        "players": params["players"], "turn_cap": params["turn_cap"],
        "turn": state["turns_completed"], "stage": PHASE_NAMES.index(state["phase"]),
        "to_act": state["player"], "first_player": state["starting_player"],
        "setup_step": state["setup_step"], "canoe_pawn": state["canoe_pawn"],
        "crater_stones": state["crater_stones"], "intermediate_scored": int(state["intermediate_scored"]),
        "tikis_to_place": state["tikis_to_place"],
        "tiles_to_place": [int(t + 1 in state["tiles_to_place"]) for t in range(K_TILES)],
        "scores": _v2_seats(players, "victory_points", 1), "holy_stones": _v2_seats(players, "stones", 1),
        "canoe_tikis": _v2_seats(players, "canoe", K_COLOURS),
        "island_tikis": _v2_seats(players, "island", K_SECTORS * K_COLOURS),
        "volcano": _flat(state["volcano"]), "forests": forests,
        "reef_tiles": [_v2_tile(t) for t in state["reef_tiles"]],
        "forest_tiles": [_v2_tile(t) for t in state["forest_tiles"]],
        "hillside_tiles": [_v2_tile(t) for t in state["hillside_tiles"]],
        "coral_open": int(turn["coral_open"]), "hillside_open": int(turn["hillside_open"]),
        "unlocked_tiles": [int(t + 1 in turn["unlocked_tiles"]) for t in range(K_TILES)],
        "resolving": _v2_kind(turn["resolving"]),
        "vacated_forest": optional(half["vacated_forest"]), "vacated_space": optional(half["vacated_space"]),
        "sector_x": optional(half["sector_x"]), "sector_y": optional(half["sector_y"]),
        "first_colour": -1 if half["first_colour"] is None else COLOURS.index(half["first_colour"]),
    }


# ---------------------------------------------------------------- consistency
def _bad(msg):
    raise InvalidStateError("inconsistent kilauea state: " + msg)


cdef void _validate_ranges(KData* e) except *:
    """The ranges JSON_FIELDS cannot know: seats of this game, the turn cap, the points the
    turns played can give, forest spaces that exist."""
    cdef int n = e.n, p, f, i
    if e.turns > e.turn_cap or (e.turns == e.turn_cap and e.phase != PH_OVER):
        _bad("the turn cap is reached but the game is not over")
    if e.player >= n or e.start >= n:
        _bad(f"to_act and first_player are seats of this {n}-player game")
    for p in range(n):
        if e.vp[p] > max_victory_points(e):
            _bad(f"P{p + 1} scores more than the turns played can give")
    for p in range(n, K_MAX_PLAYERS):
        if e.vp[p] or e.stones[p] or canoe_count(e, p) or island_total(e, p):
            _bad(f"seat {p} is not in this {n}-player game but holds pieces or points")
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            if e.forest[f][i] >= 0 and not (KIL_BOARD_SPACES[f] >> i) & 1:
                _bad(f"F{f + 1} has no space {SPACE_NAMES[i]}")


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
    """Consistency: ranges that depend on the state, conservation of tikis and stones,
    limits, set-up progress, turn state."""
    _validate_ranges(e)
    _validate_pieces(e)
    _validate_setup(e)
    _validate_tiles(e)
    _validate_seats(e)
    _validate_turn(e)
    _validate_scoring(e)
