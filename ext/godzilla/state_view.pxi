# Texts and views of a Godzilla state (included by ext/godzilla/engine.pyx): the board as text
# (observation_string, __str__), the observation tensor, the frontends' view and action_info.
# Nothing in the state is hidden from a seat (hidden.pxi), so every seat reads the whole state.

_TILE_LETTERS = ("-", "r", "d", "v", "t", "H", "T")      # R_EMPTY, the 4 kinds, R_HV, R_TANK
_COLOUR_LETTERS = ("T", "S", "C", "K")

STAGE_NAMES = ("status card", "evacuees from the bag", "support card reveal", "support cards",
                "high-voltage tiles", "tank tiles", "tank moves", "omen", "route tiles",
                "planning", "dice roll", "reroll", "movement group", "heat-ray group",
                "order", "movement", "heat ray", "awakening", "evacuation",
                "press conference", "press cards at scoring", "game over")


def _n(int count, str word) -> str:
    """'1 card', '2 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


# ---------------------------------------------------------------- the board as text
cdef str actor_text(GameData* d):
    """Who acts now, as the board's title says it."""
    if game_over(d):
        return "nobody"
    return "chance" if at_chance(d) else seat_name(to_move(d))


cdef str road_mark(GameData* d, int r):
    """Three characters for a road on the grid: footprint '*' (crossed '#'), the tile's
    letter (_TILE_LETTERS) or '-' when empty."""
    t = d.road[r]
    letter = "-" if t == R_EMPTY else _TILE_LETTERS[t]
    foot = ("#" if d.crossed[r] else "*") if d.foot[r] else " "
    return foot + letter + foot


cdef tuple cell_text(GameData* d, int s):
    """Two lines of 13 characters for square s: its name, then what stands there (and the
    whole content when it does not fit, for below the grid)."""
    top = sq_name(s)[:13]
    marks = []
    if s == d.kaiju:
        marks.append("@KAIJU")
    if d.landmark[s]:
        marks.append("[L]")
    for c in range(NCOL):
        e = d.evac[s * 4 + c]
        if e:
            m = d.moved[s * 4 + c]
            marks.append(f"{_COLOUR_LETTERS[c]}{e}" + ("'" * m if m else ""))
    if d.press[s]:
        marks.append(f"P{d.press[s]}" + ("'" * d.press_moved[s]))
    full = " ".join(marks)
    if len(full) > 13:         # the whole content goes below the grid
        return top.ljust(13), (full[:12] + "+").ljust(13), full
    return top.ljust(13), full.ljust(13), ""


cdef list grid_lines(GameData* d):
    """The 5 x 4 map: two lines per row of squares, east-west roads between the cells, a line
    of north-south roads between rows, then what did not fit in a cell."""
    lines = []
    overflow = []
    for y in range(GRID_H):
        cells = [cell_text(d, y * GRID_W + x) for x in range(GRID_W)]
        overflow.extend(f"  {sq_name(y * GRID_W + x)}: {cells[x][2]}" for x in range(GRID_W) if cells[x][2])
        for row in range(2):
            text = ""
            for x in range(GRID_W):
                text += cells[x][row]
                if x < GRID_W - 1:
                    r = ROAD_AT[y * GRID_W + x][y * GRID_W + x + 1]
                    text += (road_mark(d, r) if r >= 0 and road_open(d, r) else " | ") if row == 0 else "   "
            lines.append(text.rstrip())
        if y < GRID_H - 1:
            text = ""
            for x in range(GRID_W):
                r = ROAD_AT[y * GRID_W + x][(y + 1) * GRID_W + x]
                mark = road_mark(d, r) if r >= 0 and road_open(d, r) else "   "
                text += ("  " + mark).ljust(13) + ("   " if x < GRID_W - 1 else "")
            lines.append(text.rstrip())
    return lines + overflow


cdef list head_lines(GameData* d):
    """The title, the governors, the Kaiju and, in the execution phase, its dice."""
    rnd = "return round" if d.round > d.last else f"round {d.round}/{d.last}"
    lines = [f"godzilla {d.n}p {rnd} (cap {d.turn_cap}), {STAGE_NAMES[d.stage]}, "
             f"to act: {actor_text(d)}"]
    lines.append("governors: " + ", ".join(f"{colour_name(g)} {seat_name(seat_of(d, g))}" for g in range(NCOL)))
    lines.append(f"Kaiju at {sq_name(d.kaiju)}: {d.dice_own} dice, {_n(d.rerolls_own, 'reroll')}; "
                 f"awakening area {d.aw_dice} dice, {_n(d.aw_rerolls, 'reroll')}")
    if ST_ROLL <= d.stage <= ST_AWAKEN:
        shown = " ".join(str(v + 1) for v in range(6) for _ in range(d.dice[v]))
        text = f"dice: {shown or '-'}"
        if d.to_roll:
            text += f" ({d.to_roll} to roll)"
        if d.stage == ST_REROLL:
            text += f", {_n(d.reroll_left, 'reroll')} left"
        if d.mv_k:
            text += f", movement {_values(d.mv_a, d.mv_k)}"
        if d.ray_k:
            text += f", heat ray range {d.ray_k}"
        if d.moving:
            text += f", {d.steps} steps left"
        if d.awaken:
            text += f", {d.awaken} awakening to take"
        lines.append(text)
    return lines


cdef list supply_lines(GameData* d):
    """The legend, the bag, the stock, the status cards and the support cards."""
    lines = ["  @ Kaiju, [L] landmark, T S C K evacuees (' moved), P press; roads:",
             "  r rail, d road, v river, t tram, H high-voltage, T tank, * footprint"]
    lines.append("bag: " + ", ".join(f"{colour_name(c)} {d.bag[c]}" for c in range(NCOL))
                 + f"; route pile {sum4(d.pile)} face down")
    lines.append("stock: " + ", ".join(f"{kind_name(k)} {d.stock[k]}" for k in range(NKINDS))
                 + f"; high-voltage {d.hv_stock}, tanks {d.tank_stock}")
    cards = [f"R{i + 1} {sq_name(status_main(d, d.status[i]))}/{sq_name(status_alt(d, d.status[i]))}"
             for i in range(NROUNDS) if d.status[i] >= 0]
    for i in range(0, len(cards), 2):
        lines.append(("status cards: " if i == 0 else "              ") + ", ".join(cards[i:i + 2]))
    sup = [f"{support_name(k)} ({'used' if d.support[k] == 2 else 'ready'})" for k in range(NSUPPORT) if d.support[k]]
    veh = ", ".join(colour_name(g) for g in range(NCOL) if d.vehicle[g]) or "none"
    lines.append(f"vehicle procurement: {veh}")
    lines.append("support: " + (", ".join(sup) if sup else "none revealed"))
    if d.air:
        lines.append("air strike this round: "
                     + ("one die fewer" if d.opt_air == 1 else f"{d.opt_air} dice fewer"))
    return lines


cdef list score_lines(GameData* d):
    """The two screens, the step in progress (every counter, so that different positions
    never read the same) and, at the end, the result."""
    lines = [f"Kaiju screen {kaiju_points(d)} points: landmarks {d.k_landmark}, evacuees "
             + "/".join(str(d.k_evac[c]) for c in range(NCOL)) + f", press {d.k_press},"]
    lines.append("  route tiles " + "/".join(str(d.k_route[k]) for k in range(NKINDS))
                 + f", high-voltage {d.k_hv}, tanks {d.k_tank}")
    lines.append("Human screen: evacuees " + "/".join(str(d.h_evac[c]) for c in range(NCOL))
                 + f", press {d.h_press}; Press (done): {_n(d.press_won, 'card')}")
    moving = "press" if d.evc == 4 else ("done" if d.evc > 4 else colour_name(d.evc))
    pending = [w for w, on in (("move", d.mv_pending), ("ray", d.ray_pending)) if on]
    lines.append(f"now: {seat_name(d.planner)} plans; evacuating {moving}; {d.to_place} to place, "
                 f"{d.tiles_left} to turn up; pending {'+'.join(pending) or 'none'}")
    kept = "".join(str(v + 1) for v in range(6) for _ in range(d.dice[v])) or "none"
    lines.append(f"  {d.bag_left} evacuees to draw to {sq_name(d.place_sq)}; reroll from "
                 f"{d.reroll_min + 1}{' (used)' if d.rerolled else ''}; last dice {kept}")
    if d.press_seen:
        lines.append("press cards turned over, by kind 1-8: "
                     + " ".join(str(d.kinds[k]) for k in range(NPRESS_KINDS)))
    if d.stage == ST_END:
        winner = "humans" if humans_win(d) else "Kaiju"
        lines.append(f"final: Kaiju {kaiju_points(d)}, humans {human_points(d)}"
                     + (" (Oxygen Destroyer)" if kinds_seen(d) == NPRESS_KINDS else "") + f"; {winner} win")
    return lines


cdef list board_lines(GameData* d):
    """The whole board as text lines."""
    return head_lines(d) + grid_lines(d) + supply_lines(d) + score_lines(d)


cdef str observation_text(GameData* d, int p):
    """What seat p sees: the whole board and who they are."""
    lines = board_lines(d)
    gov = ", ".join(colour_name(g) for g in range(NCOL) if p > 0 and seat_of(d, g) == p)
    lines.insert(1, f"you are {seat_name(p)}" + (f" ({gov})" if gov else ""))
    return "\n".join(lines)


# ---------------------------------------------------------------- the observation tensor
class _TensorWriter:
    """Fills a float32 vector block by block: one-hot blocks and scaled counts."""

    def __init__(self, size: int):
        import numpy as np  # here, not at the top: `vsai list` needs no numpy
        self.out = np.zeros(size, dtype=np.float32)
        self.k = 0

    def one_hot(self, index: int, size: int) -> None:
        """A block of `size` with a 1 at `index` (none when it is outside)."""
        if 0 <= index < size:
            self.out[self.k + index] = 1.0
        self.k += size

    def values(self, items, scale: float) -> None:
        """Each item divided by `scale`."""
        for x in items:
            self.out[self.k] = x / scale
            self.k += 1


cdef void tensor_map(GameData* d, object w):
    """The squares and roads."""
    for sq in range(NSQ):
        w.values([d.landmark[sq]], 1.0)
        w.values([d.evac[sq * 4 + c] for c in range(NCOL)], 10.0)
        w.values([d.moved[sq * 4 + c] for c in range(NCOL)], 10.0)
        w.values([d.press[sq], d.press_moved[sq]], 6.0)
    for r in range(NROADS):
        w.one_hot(d.road[r], 7)
        w.values([d.foot[r], d.crossed[r], d.tank_new[r], d.tank_moved[r]], 1.0)


cdef void tensor_supply(GameData* d, object w):
    """The bag, the tiles, the cards and the step's counters."""
    w.values([d.bag[c] for c in range(NCOL)], 10.0)
    w.values([d.pile[c] for c in range(NKINDS)] + [d.stock[c] for c in range(NKINDS)], 9.0)
    w.values([d.status_used[i] for i in range(NSTATUS)], 1.0)
    for i in range(NROUNDS):
        w.one_hot(d.status[i], NSTATUS)
    for i in range(NSUPPORT):
        w.one_hot(d.support[i], 3)
    w.values([d.vehicle[g] for g in range(NCOL)], 1.0)
    w.one_hot(d.planner, 5)
    w.values([d.hv_stock, d.tank_stock, d.to_place, d.air, d.dice_own, d.rerolls_own, d.aw_dice,
              d.aw_rerolls, d.to_roll, d.reroll_left, d.reroll_min, d.rerolled, d.mv_k, d.mv_a,
              d.ray_k, d.mv_pending, d.ray_pending, d.moving, d.steps, d.awaken, d.evc], 6.0)
    w.values([d.bag_left], float(GZ_MAX_EVAC_PER_ROUND))  # up to 8 with the evacuee_bonus option (G20)
    w.values([d.tiles_left], 6.0)
    w.one_hot(d.place_sq, NSQ)
    w.values([d.dice[v] for v in range(6)], 6.0)


cdef object observation_vector(GameData* d, int p):
    """What seat p sees (the whole state) as a float32 vector of OBSERVATION_SIZE: one-hot
    blocks for the seat, stage, round, Kaiju square, each road's content and each round's
    status card; scaled counts for the rest."""
    w = _TensorWriter(OBSERVATION_SIZE)
    w.one_hot(p, 6)
    w.one_hot(d.stage, NUM_STAGES)
    w.one_hot(d.round - 1, NROUNDS + 1)
    w.one_hot(d.kaiju, NSQ)
    tensor_map(d, w)
    tensor_supply(d, w)
    w.values([d.k_landmark] + [d.k_evac[c] for c in range(NCOL)] + [d.k_press]
             + [d.k_route[c] for c in range(NKINDS)] + [d.k_hv, d.k_tank]
             + [d.h_evac[c] for c in range(NCOL)] + [d.h_press], 10.0)
    w.values([d.press_won, d.press_seen] + [d.deck[i] for i in range(NPRESS_KINDS)]
             + [d.kinds[i] for i in range(NPRESS_KINDS)], 24.0)
    w.values([d.last], 6.0)
    if w.k != OBSERVATION_SIZE:           # the layout and its size must agree
        raise RuntimeError(f"godzilla observation tensor filled {w.k} of {OBSERVATION_SIZE}")
    return w.out


# ---------------------------------------------------------------- the view
cdef list view_squares(GameData* d):
    """Each square: name, place, Kaiju, Landmark, pieces (and those moved this phase)."""
    return [{"name": sq_name(s), "x": s % GRID_W, "y": s // GRID_W, "kaiju": s == d.kaiju,
             "landmark": bool(d.landmark[s]), "press": d.press[s], "press_moved": d.press_moved[s],
             "evacuees": {colour_name(c): d.evac[s * 4 + c] for c in range(NCOL)},
             "moved": {colour_name(c): d.moved[s * 4 + c] for c in range(NCOL)}, "id": s}
            for s in range(NSQ)]


cdef list view_roads(GameData* d):
    """Each road of this game's map (not those road_gaps closes, G1): its ends, its tile, its
    Footprint and this phase's Tank marks."""
    tiles = ("empty",) + tuple(kind_name(k) for k in range(NKINDS)) + ("high-voltage", "tank")
    return [{"from": sq_name(GZ_ROAD_A[r]), "to": sq_name(GZ_ROAD_B[r]), "tile": tiles[d.road[r]],
             "footprint": bool(d.foot[r]), "crossed": bool(d.crossed[r]), "id": r,
             "tank_placed_now": bool(d.tank_new[r]), "tank_moved_now": bool(d.tank_moved[r])}
            for r in range(NROADS) if road_open(d, r)]


cdef dict view_step(GameData* d):
    """The step in progress (only the fields that mean something in it)."""
    step = {"air_strike": bool(d.air)}
    if d.stage in (ST_PLAN, ST_TILES):
        step["planner"] = d.planner
    if d.stage in (ST_HV_PLACE, ST_TANK_PLACE):
        step["tiles_to_place"] = d.to_place
    if d.stage == ST_TILES:
        step["tiles_to_turn_up"] = d.tiles_left
    if d.stage == ST_BAG:
        step["evacuees_to_draw"] = d.bag_left
        step["placement_square"] = sq_name(d.place_sq)
    if ST_ROLL <= d.stage <= ST_AWAKEN:
        step.update(dice_to_roll=d.to_roll, rerolls_left=d.reroll_left, reroll_used=bool(d.rerolled),
                    movement=[v + 1 for v in range(d.mv_a, d.mv_a + d.mv_k)], heat_ray_range=d.ray_k,
                    movement_pending=bool(d.mv_pending), heat_ray_pending=bool(d.ray_pending),
                    steps_left=d.steps if d.moving else 0, awakening_to_take=d.awaken)
    if d.stage == ST_EVAC:
        step["moving"] = "press" if d.evc >= 4 else colour_name(d.evc)
    return step


cdef dict view_screens(GameData* d):
    """What lies behind the two screens."""
    return {"kaiju_screen": {
                "landmarks": d.k_landmark, "evacuees": {colour_name(c): d.k_evac[c] for c in range(NCOL)},
                "press": d.k_press, "route_tiles": {kind_name(k): d.k_route[k] for k in range(NKINDS)},
                "high-voltage": d.k_hv, "tank": d.k_tank},
            "human_screen": {"evacuees": {colour_name(c): d.h_evac[c] for c in range(NCOL)},
                             "press": d.h_press}}


cdef dict view_board(GameData* d):
    """The view's "board": the whole board (public, see hidden.pxi) as JSON-able data under
    Godzilla's own keys (rules.md, "View")."""
    board = {"return_round": d.round > d.last, "last_round": d.last,
             "governors": {colour_name(g): seat_of(d, g) for g in range(NCOL)},
             "squares": view_squares(d), "roads": view_roads(d),
             "kaiju": {"square": sq_name(d.kaiju), "dice": d.dice_own, "rerolls": d.rerolls_own,
                       "awakening_dice": d.aw_dice, "awakening_rerolls": d.aw_rerolls,
                       "faces": [v + 1 for v in range(6) for _ in range(d.dice[v])]},
             "bag": {colour_name(c): d.bag[c] for c in range(NCOL)}, "route_pile": sum4(d.pile),
             "stock": dict({kind_name(k): d.stock[k] for k in range(NKINDS)},
                           **{"high-voltage": d.hv_stock, "tank": d.tank_stock}),
             "status_cards": [[sq_name(status_main(d, c)), sq_name(status_alt(d, c))]
                              for c in (d.status[i] for i in range(NROUNDS)) if c >= 0],
             "support": {support_name(k): ("unseen", "ready", "used")[d.support[k]] for k in range(NSUPPORT)},
             "vehicle_procurement": [colour_name(g) for g in range(NCOL) if d.vehicle[g]],
             "press_cards": {"won": d.press_won, "turned_over": [d.kinds[k] for k in range(NPRESS_KINDS)]},
             "home_squares": {colour_name(c): sq_name(GZ_HOME_SQ[c]) for c in range(NCOL)}}
    board.update(view_screens(d))
    board["step"] = view_step(d)
    return board


def view_seat(int i) -> tuple:
    """Seat i's name and side: the Kaiju alone, the human seats one team (G14)."""
    return seat_name(i), ("Kaiju" if i == 0 else "humans")


# ---------------------------------------------------------------- action_info
cdef dict chance_info(GameData* d, int a):
    """The fields of chance outcome `a`."""
    st = d.stage
    if st == ST_STATUS:
        return dict(chance="status card", card=a + 1, main=sq_name(status_main(d, a)),
                    alternative=sq_name(status_alt(d, a)))
    if st == ST_BAG:
        return dict(chance="evacuee", colour=colour_name(a), square=sq_name(d.place_sq))
    if st == ST_SUPPORT_REVEAL:
        return dict(chance="support card", card=support_name(a))
    if st == ST_TILES:
        return dict(chance="route tile", tile=kind_name(a))
    if st == ST_ROLL:
        return dict(chance="roll", faces=roll_faces(d.to_roll, a))
    return dict(chance="press card", card=a + 1)


def _road_info(int r) -> dict:
    return {"road": r, "from": sq_name(GZ_ROAD_A[r]), "to": sq_name(GZ_ROAD_B[r])}


cdef dict move_info(GameData* d, int a):
    """The fields of action `a`: roads and squares by name."""
    if a == A_DONE:
        return {}
    if a < A_PLACE:
        return _road_info(a - A_FOOT)
    if a < A_VEHICLE:
        k, r = divmod(a - A_PLACE, NROADS)
        return dict(tile=kind_name(k), **_road_info(r))
    if a == A_VEHICLE:
        return dict(card="vehicle procurement", tiles=d.opt_vehicle)
    if a < A_HVROAD:
        return dict(card=support_name(a - A_SUPPORT))
    if a < A_TANKMOVE:
        return _road_info((a - A_HVROAD) % NROADS)
    if a < A_REROLL:
        r, j = divmod(a - A_TANKMOVE, 6)
        t = ROAD_ADJ[r][j]
        return dict(**_road_info(r), to_road=t, to_road_from=sq_name(GZ_ROAD_A[t]),
                    to_road_to=sq_name(GZ_ROAD_B[t]))
    if a < A_STRAIGHT:
        return dict(face=a - A_REROLL + 1)
    if a < A_RAYGRP:
        i = a - A_STRAIGHT
        return dict(faces=[v + 1 for v in range(STRAIGHT_A[i], STRAIGHT_A[i] + STRAIGHT_K[i])], steps=STRAIGHT_K[i])
    if a < A_GO_MOVE:
        v, k = divmod(a - A_RAYGRP, 5)
        return dict(faces=[v + 1] * (k + 2), range=k + 2)
    if a < A_STEP:
        return dict(first="movement" if a == A_GO_MOVE else "heat ray")
    if a < A_RAYDIR:
        return dict(from_square=sq_name(d.kaiju), to_square=sq_name(other_end(a - A_STEP, d.kaiju)),
                    **_road_info(a - A_STEP))
    if a < A_TAKE_DIE:
        return dict(direction=_DIRS[a - A_RAYDIR], range=d.ray_k)
    if a < A_EVAC:
        return dict(item="die" if a == A_TAKE_DIE else "reroll tile")
    s, t = divmod(a - A_EVAC, NSQ)
    return dict(piece="press" if d.evc >= 4 else "evacuee", colour=None if d.evc >= 4 else colour_name(d.evc),
                from_square=sq_name(s), to_square=sq_name(t))


cdef dict action_fields(GameData* d, int a):
    """action_info's fields beyond `action` and `text`: `kind` and the fields of that kind."""
    if at_chance(d):
        return dict(kind="chance", **chance_info(d, a))
    return dict(kind=action_family(a), **move_info(d, a))
