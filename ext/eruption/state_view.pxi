# Eruption's texts and views (included by ext/eruption/engine.pyx): the observation text and
# tensor, the view, action info and the board data.

import textwrap


def _cards_text(counts) -> str:
    parts = [f"{CARD_NAMES[k]} x{c}" for k, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "none"


def _map_lines(EruptionState s) -> list:
    cdef EruptionData* d = &s.d
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
    cdef EruptionData* d = &s.d
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


OBS_SIZE = NHEX * 36 + MAX_SEATS * 9 + 8 + 8 + 1 + 8 + 3 + 3 + NUM_STAGES + 10 + NHEX + NEDGE + 6 + 14


def observation_vector(EruptionState s, int p):
    cdef EruptionData* d = &s.d
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
    k += 9 * (MAX_SEATS - d.n)
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


# ---------------------------------------------------------------- view and action info
def _card_counts(counts) -> dict:
    return {CARD_NAMES[k]: int(c) for k, c in enumerate(counts) if c}


def public_view(EruptionState s) -> dict:
    """The view's board without the hands: seats' villages, tiles, walls, piles, turn progress
    (the turn and the stage are the common keys `round` and `phase`)."""
    cdef EruptionData* d = &s.d
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
        "turn_cap": int(d.turn_cap),
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
    cdef EruptionData* d = &s.d
    cdef int st = d.stage, i = 0, j = 0
    if at_chance(d):
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


def view_phase(EruptionState s) -> str:
    """The stage's name (rules.md, the `stage` list of the JSON format)."""
    return _STAGE_NAMES[s.d.stage]


def view_round(EruptionState s) -> int:
    """Eruption counts turns: the turns begun (0 during the set-up)."""
    return int(s.d.turns)


def view_score(EruptionState s, int i) -> int:
    """Seat i's temperature, public to everyone (the lowest wins, E12)."""
    return int(s.d.temp[i])


def view_board(EruptionState s, seat) -> dict:
    """The public board, and in `seats` the hand of the viewer only."""
    board = public_view(s)
    for q, info in enumerate(board["seats"]):
        info["hand"] = (_card_counts([s.d.hand[q * NCARDTYPES + k] for k in range(NCARDTYPES)])
                        if seat == q else None)
    return board
