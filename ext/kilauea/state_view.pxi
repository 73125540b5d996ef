# Kilauea's texts and views (included by ext/kilauea/engine.pyx): the observation tensor and
# text, `view_round` and `view_board` (hooks of State.view) and `_action_info`
# (KilaueaState.action_info), plain JSON-able data with readable keys, documented in rules.md
# ("View" and "Action info"). Nothing in Kilauea is hidden after the set-up chance, so every
# seat's board is the public one.

# The observation tensor: named segments in order, (name, size); offsets are computed.
PLAYER_FEATURES = 1 + 1 + K_COLOURS + K_SECTORS * K_COLOURS    # vp, stones, canoe, island
OBSERVATION_SEGMENTS = (
    ("phase", len(PHASE_NAMES)),                    # one-hot
    ("observer", K_MAX_PLAYERS),                    # one-hot
    ("player_to_act", K_MAX_PLAYERS),               # one-hot, none at chance nodes / the end
    ("starting_player", K_MAX_PLAYERS),             # one-hot, none before it is drawn
    ("canoe_pawn", 1 + K_TRACK),                    # one-hot: start space, track 0..9
    ("crater_stones", 1),                           # / 16
    ("turns_completed", 1),                         # / turn cap
    ("intermediate_scored", 1),
    ("setup_step", 1),                              # / 55
    ("tikis_to_place", K_COLOURS),                  # set-up pool / 15
    ("tiles_to_place", K_TILES),
    ("players", K_MAX_PLAYERS * PLAYER_FEATURES),   # vp / 100, stones / 5, canoe / 4, island / 6
    ("volcano", K_SECTORS * K_COLOURS),             # column heights / 6
    ("forests", K_SECTORS * K_SPACES * (1 + K_COLOURS)),  # one-hot per space: empty, colour
    ("tile_places", K_TILES * 3 * K_SECTORS),       # tile x (reef, forest, hillside) x sector
    ("coral_open", 1),
    ("hillside_open", 1),
    ("unlocked_tiles", K_TILES),
    ("resolving", K_KINDS),                         # one-hot tile being resolved
    ("vacated_forest", K_SECTORS),                  # second half of coral 10 / volcano 10
    ("vacated_space", K_SPACES),
    ("sector_x", K_SECTORS),
    ("sector_y", K_SECTORS),
    ("first_colour", K_COLOURS),
)
_OBS = {}
OBSERVATION_SIZE = 0
for _name, _size in OBSERVATION_SEGMENTS:
    _OBS[_name] = OBSERVATION_SIZE
    OBSERVATION_SIZE += _size


# ---------------------------------------------------------------- observation (by segment)
cdef void _observe_progress(KData* d, float[::1] v, int observer):
    """Phase, seats, pawn, counters and the set-up pools."""
    cdef int k, c, t
    v[_OBS["phase"] + d.phase] = 1
    v[_OBS["observer"] + observer] = 1
    if 0 <= d.player < K_MAX_PLAYERS and d.phase != PH_OVER:
        v[_OBS["player_to_act"] + d.player] = 1
    if d.start >= 0:
        v[_OBS["starting_player"] + d.start] = 1
    v[_OBS["canoe_pawn"] + d.pawn + 1] = 1
    v[_OBS["crater_stones"]] = d.crater / <float>K_STONES
    v[_OBS["turns_completed"]] = d.turns / <float>d.turn_cap
    v[_OBS["intermediate_scored"]] = d.midscored
    v[_OBS["setup_step"]] = d.step / 55.0
    k = _OBS["tikis_to_place"]
    for c in range(K_COLOURS):
        v[k + c] = d.pool[c] / 15.0
    k = _OBS["tiles_to_place"]
    for t in range(K_TILES):
        v[k + t] = (d.tiles_left >> t) & 1


cdef void _observe_pieces(KData* d, float[::1] v):
    """The players' holdings, the volcano columns and the forest spaces."""
    cdef int k, p, s, c, f, i
    for p in range(d.n):
        k = _OBS["players"] + p * PLAYER_FEATURES
        v[k] = d.vp[p] / 100.0
        v[k + 1] = d.stones[p] / <float>K_CANOE_STONES
        for c in range(K_COLOURS):
            v[k + 2 + c] = d.canoe[p][c] / <float>K_CANOE_TIKIS
        for s in range(K_SECTORS):
            for c in range(K_COLOURS):
                v[k + 6 + s * K_COLOURS + c] = d.island[p][s][c] / <float>K_COLUMN_MAX
    k = _OBS["volcano"]
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            v[k + s * K_COLOURS + c] = d.volcano[s][c] / <float>K_COLUMN_MAX
    k = _OBS["forests"]
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            v[k + (f * K_SPACES + i) * (K_COLOURS + 1) + d.forest[f][i] + 1] = 1


cdef void _observe_tiles(KData* d, float[::1] v):
    """Where the action tiles are, this turn's opportunities and the tile being resolved."""
    cdef int k, s, t
    # tile t at place 0 (reef), 1 (forest centre) or 2 (hillside) of sector s
    k = _OBS["tile_places"]
    for s in range(K_SECTORS):
        if d.reef[s] >= 0:
            v[k + (d.reef[s] * 3 + 0) * K_SECTORS + s] = 1
        if d.fcentre[s] >= 0:
            v[k + (d.fcentre[s] * 3 + 1) * K_SECTORS + s] = 1
        if d.hill[s] >= 0:
            v[k + (d.hill[s] * 3 + 2) * K_SECTORS + s] = 1
    v[_OBS["coral_open"]] = d.opp_coral
    v[_OBS["hillside_open"]] = d.opp_hill
    k = _OBS["unlocked_tiles"]
    for t in range(K_TILES):
        v[k + t] = (d.opp_unlocked >> t) & 1
    if d.kind >= 0:
        v[_OBS["resolving"] + d.kind] = 1
    for name, value in (("vacated_forest", d.ef), ("vacated_space", d.ei),
                        ("sector_x", d.ex), ("sector_y", d.ey), ("first_colour", d.ec)):
        if value >= 0:
            v[_OBS[name] + value] = 1


# ---------------------------------------------------------------- the board as text
cdef list _header_lines(KData* d):
    """Players, turn, phase, who acts, scoring progress and the canoe pawn."""
    if d.phase == PH_OVER:
        who = "game over"
    elif d.phase < PH_DRAFT:
        who = "set-up (chance)"
    else:
        who = f"P{d.player + 1} to play"
    # The turn being played (1-based) and the 3 emptied forests that end the game: the
    # figures of the rich board (render.py).
    lines = [f"Kilauea, {d.n} players, turn {min(d.turns + 1, d.turn_cap)}/{d.turn_cap}, phase "
             f"{PHASE_NAMES[d.phase]}, {who}"]
    if d.start >= 0:
        lines.append(f"Starting player P{d.start + 1}; forests emptied {forests_emptied(d)}/3"
                     f"{', intermediate scoring done' if d.midscored else ''}")
    pawn = "start space" if d.pawn < 0 else (
        f"{_sector_name(d.pawn >> 1)} space ({(d.pawn >> 1) + 1},{(d.pawn & 1) + 1}), "
        f"by reef R{reef_of(d.pawn) + 1}")
    lines.append(f"Canoe pawn: {pawn}")
    return lines


cdef list _volcano_lines(KData* d):
    """The crater and each sector's columns and hillside tile."""
    cdef int s, c
    lines = [f"Volcano (crater: {_count(d.crater, 'holy stone')})"]
    for s in range(K_SECTORS):
        cols = "  ".join(f"{COLOURS[c]} {d.volcano[s][c]}" for c in range(K_COLOURS))
        hill = f"   hillside: volcano {d.hill[s] + 1}" if d.hill[s] >= 0 else ""
        lines.append(f"  {_sector_name(s)}: {cols}{hill}")
    return lines


cdef list _forest_lines(KData* d):
    """Each forest by rows a, b, c with its locked tile, then the reefs."""
    cdef int s, f, i
    lines = ["Forests (a = coast row, c = next to the volcano tile; . = empty)"]
    for f in range(K_SECTORS):
        rows = []
        for r, (lo, hi) in enumerate(((0, 4), (4, 8), (8, 11))):
            cells = "".join(("." if d.forest[f][i] < 0 else "RYGB"[d.forest[f][i]])
                            for i in range(lo, hi) if KIL_BOARD_SPACES[f] & (1 << i))
            rows.append("abc"[r] + ":" + cells)
        tile = f"volcano {d.fcentre[f] + 1}" if d.fcentre[f] >= 0 else "-"
        lines.append(f"  F{f + 1} {' '.join(rows)}   tile: {tile}")
    lines.append("Reefs: " + "  ".join(
        f"R{s + 1} " + (f"coral {d.reef[s] + 1}" if d.reef[s] >= 0 else "-") for s in range(K_SECTORS)))
    return lines


cdef list _player_lines(KData* d):
    """Each player's points, stones, canoe and island."""
    cdef int p, s, c
    lines = []
    for p in range(d.n):
        canoe = " ".join(f"{COLOURS[c]} {d.canoe[p][c]}" for c in range(K_COLOURS) if d.canoe[p][c]) or "empty"
        isl = []
        for s in range(K_SECTORS):
            stack = " ".join(f"{COLOURS[c]} {d.island[p][s][c]}" for c in range(K_COLOURS) if d.island[p][s][c])
            isl.append(f"{_sector_name(s)}[{stack}]")
        lines.append(f"P{p + 1}: {d.vp[p]} VP, {_count(d.stones[p], 'holy stone')}, canoe: {canoe}")
        lines.append(f"    island: {' '.join(isl)}")
    return lines


cdef str board_text(KData* d):
    """The whole board as text (str(state); every observation shows it all)."""
    lines = _header_lines(d) + _volcano_lines(d) + _forest_lines(d) + _player_lines(d)
    if d.kind >= 0:
        lines.append(f"Resolving {_kind_name(d.kind)}")
    return "\n".join(lines)


def _observation_tensor(KilaueaState state, int player):
    """The observation vector of `player` (OBSERVATION_SEGMENTS)."""
    import numpy as np  # here, not at the top: `vsai list` needs no numpy
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    _observe_progress(&state.d, out, player)
    _observe_pieces(&state.d, out)
    _observe_tiles(&state.d, out)
    return out


def _tile_number(int t):
    """Tile index t as its number 1..10 (None for -1)."""
    return None if t < 0 else t + 1


# What each tile does once activated, coral 1..10 then volcano 1..10 (costs in TILE_COSTS).
TILE_EFFECTS = (
    "+2 VP",
    "take 2 holy stones",
    "use another coral tile, paying its cost",
    "one of your island tikis to another sector",
    "a volcano tiki to an adjacent sector",
    "a volcano tiki to a non-adjacent sector",
    "an accessible forest tiki onto the volcano",
    "a canoe tiki onto the volcano, take 1 holy stone",
    "an accessible forest tiki onto your island",
    "a forest tiki onto the volcano, another colour back",
    "+2 VP",
    "a canoe tiki onto your island",
    "use a reef or hillside tile, paying its cost",
    "one of your island tikis to another sector",
    "a volcano tiki to an adjacent sector",
    "a volcano tiki to a non-adjacent sector",
    "cut an accessible tiki of any forest into your canoe",
    "a volcano tiki into your canoe",
    "a volcano tiki onto your island",
    "swap two colours between two volcano sectors",
)
TILE_COSTS = tuple(int(KIL_COST[k]) for k in range(K_KINDS))


def tile_name(int kind) -> str:
    """`coral n` (kind 0..9) or `volcano n` (kind 10..19)."""
    return _kind_name(kind)


def pawn_space(int pos) -> str:
    """The canoe space of track position `pos`: "start" or "(k,1)" / "(k,2)" of sector Sk."""
    return "start" if pos < 0 else f"({(pos >> 1) + 1},{(pos & 1) + 1})"


cdef dict _pawn_view(KData* d, int pos):
    if pos < 0:
        return {"position": -1, "space": "start", "sector": None, "reef": None, "coral_tile": None}
    reef = reef_of(pos)
    return {"position": pos, "space": pawn_space(pos), "sector": _sector_name(pos >> 1),
            "reef": f"R{reef + 1}", "coral_tile": _tile_number(d.reef[reef])}


cdef dict _colours(signed char* counts):
    return {COLOURS[c]: int(counts[c]) for c in range(K_COLOURS)}


cdef dict _seat_view(KData* d, int p):
    cdef int s
    projected = d.vp[p] if d.phase == PH_OVER else d.vp[p] + sector_points(d, p) + bonus_points(d, p)
    return {"seat": p, "name": f"P{p + 1}", "victory_points": int(d.vp[p]),
            "projected_score": int(projected), "holy_stones": int(d.stones[p]),
            "canoe": _colours(d.canoe[p]), "canoe_tikis": canoe_count(d, p),
            "island": {_sector_name(s): _colours(d.island[p][s]) for s in range(K_SECTORS)},
            "island_tikis": island_total(d, p)}


cdef dict _forest_view(KData* d, int f):
    cdef int i
    spaces = {SPACE_NAMES[i]: (COLOURS[d.forest[f][i]] if d.forest[f][i] >= 0 else None)
              for i in range(K_SPACES) if KIL_BOARD_SPACES[f] & (1 << i)}
    return {"spaces": spaces,
            "accessible": [SPACE_NAMES[i] for i in range(K_SPACES) if accessible(d, f, i)],
            "volcano_tile": _tile_number(d.fcentre[f]), "empty": d.occ[f] == 0}


cdef int view_round(KData* d):
    """The turn being played, 1-based, as the board's header counts it (the last one once the
    game is over); the players' turns together, not rounds of the table (rules.md, "View")."""
    return min(d.turns + 1, d.turn_cap)


cdef dict view_board(KData* d):
    """The view's board: the public state (everything: Kilauea hides nothing after the set-up
    chance); the phase and the turn are the common keys `phase` and `round`."""
    cdef int s, f, c
    view = {
        "turns_completed": int(d.turns), "turn_cap": int(d.turn_cap),
        "starting_player": None if d.start < 0 else int(d.start),
        "canoe_pawn": _pawn_view(d, d.pawn),
        "crater_stones": int(d.crater), "stones_out_of_play": int(d.box_stones),
        "forests_emptied": forests_emptied(d), "intermediate_scored": bool(d.midscored),
        "seats": [_seat_view(d, p) for p in range(d.n)],
        "volcano": {_sector_name(s): {"columns": _colours(d.volcano[s]),
                                      "hillside_tile": _tile_number(d.hill[s])}
                    for s in range(K_SECTORS)},
        "forests": {f"F{f + 1}": _forest_view(d, f) for f in range(K_SECTORS)},
        "reefs": {f"R{s + 1}": _tile_number(d.reef[s]) for s in range(K_SECTORS)},
        "this_turn": {"coral_open": bool(d.opp_coral), "hillside_open": bool(d.opp_hill),
                      "unlocked_tiles": [t + 1 for t in range(K_TILES) if (d.opp_unlocked >> t) & 1],
                      "resolving": None if d.kind < 0 else _kind_name(d.kind)},
        "setup": {"tikis_to_place": _colours(d.pool),
                  "tiles_to_place": [t + 1 for t in range(K_TILES) if (d.tiles_left >> t) & 1]},
    }
    if d.phase == PH_OVER:
        returns = _returns(d)
        view["winners"] = [p for p in range(d.n) if returns[p] > 0]
    return view


cdef list projected_scores(KData* d):
    """The VP each player would have if the final scoring happened now."""
    if d.phase == PH_OVER:
        return [int(d.vp[p]) for p in range(d.n)]
    return [int(d.vp[p] + sector_points(d, p) + bonus_points(d, p)) for p in range(d.n)]


cdef list _returns(KData* d):
    cdef double out[4]
    compute_returns(d, out)
    return [out[p] for p in range(d.n)]


# ---------------------------------------------------------------- action info
def _place(kind, **where):
    return {"place": kind, **where}


cdef dict _action_info(KData* d, int action, dict context_fields):
    """Structured fields of a legal player action (see rules.md, "Action info")."""
    cdef int p = d.player, k, stones, pos, s, f, i, c
    family = family_of(action)
    values = family.decode(action)
    fields = {name: FIELD_NAMES[kind][v] for (name, kind), v in zip(family.fields, values)}
    info = {"kind": family.name, **fields, "stone_cost": 0}
    name = family.name
    here = _sector_name(sector_of(d)) if d.pawn >= 0 else None
    if name == "move":
        k = values[0] + 1
        pos = advance(d, k)
        stones = move_cost(d, p, k)
        info.update(steps=k, stone_cost=stones, free_steps=min(k - 1, K_CANOE_TIKIS - canoe_count(d, p)),
                    **{"from": _pawn_view(d, d.pawn), "to": _pawn_view(d, pos)},
                    main_action_after=bool(main_possible(d, p, pos, d.stones[p] - stones)))
    elif name == "draft":
        s, c = values
        info.update(colour=COLOURS[c], **{"from": _place("volcano", sector=fields["sector"]),
                                          "to": _place("canoe")})
    elif name == "cut" or name == "forest_to_volcano" or name == "forest_to_island":
        f, i = values[0], values[1]
        info["colour"] = COLOURS[d.forest[f][i]] if d.forest[f][i] >= 0 else None
        info["from"] = _place("forest", forest=fields["forest"], space=fields["space"])
        if name == "cut":
            info["to"] = _place("canoe")
        elif name == "forest_to_volcano":
            info["to"] = _place("volcano", sector=fields["sector"])
        else:
            info["to"] = _place("island", sector=fields["sector"])
        row_c = KIL_BOARD_SPACES[f] & K_ROW_C
        if d.fcentre[f] >= 0 and (row_c >> i) & 1 and (d.occ[f] & row_c) == (1 << i) \
                and d.kind != C10:
            info["unlocks_tile"] = _tile_number(d.fcentre[f])
    elif name == "volcano":
        c = values[0]
        gained = min(K_VOLCANO_TAKE, d.crater, K_CANOE_STONES - d.stones[p])
        info.update(**{"from": _place("canoe"), "to": _place("volcano", sector=here)},
                    column_height_after=int(d.volcano[sector_of(d)][c]) + 1, stones_gained=gained,
                    hillside_tile=_tile_number(d.hill[sector_of(d)]))
    elif name == "island":
        info.update(stone_cost=K_ISLAND_COST,
                    **{"from": _place("canoe"), "to": _place("island", sector=here)})
    elif name == "activate":
        k = values[0]
        info.update(tile=_kind_name(k), tile_number=k % K_TILES + 1,
                    side="coral" if k < K_TILES else "volcano", stone_cost=TILE_COSTS[k],
                    effect=TILE_EFFECTS[k], target=d.phase == PH_TARGET)
        if k == C1 or k == V1:
            info["vp_gained"] = K_TILE_VP
        elif k == C2:
            info["stones_gained"] = min(K_CORAL2_TAKE, d.crater, K_CANOE_STONES - d.stones[p])
    elif name == "island_move":
        info.update(**{"from": _place("island", sector=fields["sector"]),
                       "to": _place("island", sector=fields["to"])})
    elif name == "volcano_move":
        info.update(**{"from": _place("volcano", sector=fields["sector"]),
                       "to": _place("volcano", sector=fields["to"])})
    elif name == "canoe_to_volcano":
        info.update(**{"from": _place("canoe"), "to": _place("volcano", sector=fields["sector"])},
                    stones_gained=min(K_CORAL8_TAKE, d.crater, K_CANOE_STONES - d.stones[p]))
    elif name == "canoe_to_island":
        info.update(**{"from": _place("canoe"), "to": _place("island", sector=fields["sector"])})
    elif name == "volcano_to_canoe":
        info.update(**{"from": _place("volcano", sector=fields["sector"]), "to": _place("canoe")})
    elif name == "volcano_to_island":
        info.update(**{"from": _place("volcano", sector=fields["sector"]),
                       "to": _place("island", sector=fields["to"])})
    elif name == "second_colour":
        if d.kind == C10:
            info.update(**{"from": _place("volcano", sector=_sector_name(d.ex)),
                           "to": _place("forest", forest=f"F{d.ef + 1}", space=SPACE_NAMES[d.ei])})
        else:
            info.update(**{"from": _place("volcano", sector=_sector_name(d.ey)),
                           "to": _place("volcano", sector=_sector_name(d.ex))})
    if d.kind >= 0 and d.phase in (PH_EFFECT, PH_BACK):
        info["resolving"] = _kind_name(d.kind)
    return info


cdef dict _chance_info(KData* d, int action):
    """Structured fields of a set-up chance outcome."""
    cdef int k
    if d.phase == PH_FOREST:
        k = fill_space(d, d.step)
        return {"kind": "forest_tiki", "forest": f"F{k // K_SPACES + 1}",
                "space": SPACE_NAMES[k % K_SPACES], "colour": COLOURS[action]}
    if d.phase == PH_TILES:
        slot = f"R{d.step + 1}" if d.step < K_SECTORS else f"F{d.step - K_SECTORS + 1}"
        return {"kind": "tile", "tile_number": action + 1, "slot": slot,
                "side_up": "coral" if d.step < K_SECTORS else "volcano"}
    return {"kind": "starting_player", "seat": action}
