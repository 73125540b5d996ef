# The JSON form of a Godzilla state (to_dict / load_dict of ext/godzilla/engine.pyx, included
# there): the field table (rules.md "JSON format" is generated from it), the version-2 names,
# and the checks that a loaded struct is a position the game can reach (or play on).

# (JSON name, struct field, list length or 0, minimum, maximum, meaning), in struct order;
# load_dict checks every range (ext/fields.py).
JSON_FIELDS = FieldTable("godzilla", (
    ("players", "n", 0, GZ_MIN_PLAYERS, GZ_MAX_PLAYERS, "seats: 0 the Kaiju, 1..players-1 the humans"),
    ("turn_cap", "turn_cap", 0, 1, GZ_MAX_TURN_CAP, "the turn_cap parameter (X5)"),
    ("last_round", "last", 0, 1, 6, "the last ordinary round, min(turn_cap, 6)"),
    ("round", "round", 0, 1, 7, "the round; last_round + 1 is the Kaiju's return round"),
    ("stage", "stage", 0, 0, NUM_STAGES - 1, "the step being played (STAGE_NAMES)"),
    ("kaiju_square", "kaiju", 0, 0, 19, "the Kaiju's square"),
    ("landmarks", "landmark", NSQ, 0, 1, "a Landmark on each square"),
    ("evacuees", "evac", NSQ * NCOL, 0, 10, "Evacuees on square s of colour c at 4 s + c"),
    ("evacuees_moved", "moved", NSQ * NCOL, 0, 10, "of those, moved in this evacuation phase"),
    ("press_pieces", "press", NSQ, 0, 6, "Press pieces on each square"),
    ("press_pieces_moved", "press_moved", NSQ, 0, 6, "of those, moved in this evacuation phase"),
    ("road_tiles", "road", NROADS, 0, 6, "each road: 0 empty, 1-4 route tile of kind 0-3, 5 high-voltage, 6 tank"),
    ("footprints", "foot", NROADS, 0, 1, "a Footprint tile on each road"),
    ("footprints_crossed", "crossed", NROADS, 0, 1, "footprint roads crossed in the last execution phase"),
    ("tanks_placed_now", "tank_new", NROADS, 0, 1, "Tanks placed in this situation phase"),
    ("tanks_moved_now", "tank_moved", NROADS, 0, 1, "Tanks moved in this situation phase"),
    ("bag", "bag", NCOL, 0, 10, "Evacuees in the bag, per colour"),
    ("route_pile", "pile", NKINDS, 0, 9, "route tiles face down, per kind"),
    ("route_stock", "stock", NKINDS, 0, 9, "route tiles in the Placeable tile stock, per kind"),
    ("status_cards_used", "status_used", NSTATUS, 0, 1, "status cards turned up"),
    ("status_cards", "status", NROUNDS, -1, 11, "the status card of each round, -1 before it is turned up"),
    ("support_cards", "support", NSUPPORT, 0, 2, "support cards (air, high-voltage, tank, conference): 0 unseen, 1 ready, 2 used"),
    ("vehicle_cards", "vehicle", NCOL, 0, 1, "each governor's Vehicle procurement card unplayed"),
    ("planner", "planner", 0, 1, 4, "the human seat planning now"),
    ("high_voltage_stock", "hv_stock", 0, 0, 3, "High-voltage tiles in the stock"),
    ("tank_stock", "tank_stock", 0, 0, 3, "Tank tiles in the stock"),
    ("tiles_to_place", "to_place", 0, 0, 3, "High-voltage or Tank tiles the card still allows"),
    ("air_strike", "air", 0, 0, 1, "an Air strike this round"),
    ("kaiju_dice", "dice_own", 0, 3, 6, "the Kaiju's dice"),
    ("kaiju_rerolls", "rerolls_own", 0, 1, 3, "the Kaiju's Reroll tiles"),
    ("awakening_dice", "aw_dice", 0, 0, 3, "dice in the Awakening area"),
    ("awakening_rerolls", "aw_rerolls", 0, 0, 2, "Reroll tiles in the Awakening area"),
    ("dice_faces", "dice", 6, 0, 6, "dice showing each face 1-6 (last roll)"),
    ("dice_to_roll", "to_roll", 0, 0, 6, "dice to roll now"),
    ("rerolls_left", "reroll_left", 0, 0, 3, "dice the Kaiju may still set aside to reroll"),
    ("reroll_lowest_face", "reroll_min", 0, 0, 5, "lowest face (0-based) it may set aside next"),
    ("reroll_used", "rerolled", 0, 0, 1, "the reroll is used"),
    ("movement_size", "mv_k", 0, 0, 6, "movement group size (steps)"),
    ("movement_lowest_face", "mv_a", 0, 0, 4, "its lowest face (0-based)"),
    ("heat_ray_range", "ray_k", 0, 0, 6, "heat-ray group size (range)"),
    ("movement_pending", "mv_pending", 0, 0, 1, "the movement is still to resolve"),
    ("heat_ray_pending", "ray_pending", 0, 0, 1, "the heat ray is still to fire"),
    ("moving", "moving", 0, 0, 1, "the Kaiju is moving"),
    ("steps_left", "steps", 0, 0, 6, "steps left"),
    ("awakening_to_take", "awaken", 0, 0, 5, "Awakening items still to take"),
    ("evacuating", "evc", 0, 0, 5, "colour moving in the evacuation (4 Press pieces, 5 done)"),
    ("evacuees_to_draw", "bag_left", 0, 0, GZ_MAX_EVAC_PER_ROUND, "Evacuees still to draw this round"),
    ("placement_square", "place_sq", 0, 0, 19, "this round's placement square"),
    ("tiles_to_turn_up", "tiles_left", 0, 0, 5, "route tiles still to turn up"),
    ("kaiju_screen_landmarks", "k_landmark", 0, 0, 5, "Kaiju screen: Landmarks"),
    ("kaiju_screen_evacuees", "k_evac", NCOL, 0, 10, "Kaiju screen: Evacuees per colour"),
    ("kaiju_screen_press", "k_press", 0, 0, 6, "Kaiju screen: Press pieces"),
    ("kaiju_screen_route_tiles", "k_route", NKINDS, 0, 9, "Kaiju screen: route tiles per kind"),
    ("kaiju_screen_high_voltage", "k_hv", 0, 0, 3, "Kaiju screen: High-voltage tiles"),
    ("kaiju_screen_tanks", "k_tank", 0, 0, 3, "Kaiju screen: Tank tiles"),
    ("human_screen_evacuees", "h_evac", NCOL, 0, 10, "Human screen: Evacuees per colour"),
    ("human_screen_press", "h_press", 0, 0, 6, "Human screen: Press pieces"),
    ("press_cards_won", "press_won", 0, 0, 24, "Press cards in Press (done)"),
    ("press_cards_seen", "press_seen", 0, 0, 24, "of those, turned over at scoring"),
    ("press_deck", "deck", NPRESS_KINDS, 0, 3, "Press deck left per kind (changes only at scoring)"),
    ("press_cards_seen_by_kind", "kinds", NPRESS_KINDS, 0, 3, "Press cards turned over per kind"),
    ("evacuee_bonus", "opt_evac_bonus", 0, GZ_MIN_EVAC_BONUS, GZ_MAX_EVAC_BONUS, "the evacuee_bonus option (G8, G20)"),
    ("press_piece_counts", "opt_press_piece", 0, 0, 1, "the press_piece_counts option (G7, G20)"),
    ("press_every_home", "opt_press_homes", 0, 0, 1, "the press_every_home option (G7, G20)"),
    ("status_squares", "opt_status", 0, 0, GZ_NSTATUS_SETS - 1, "the status_squares option (G9, G20)"),
    ("vehicle_tiles", "opt_vehicle", 0, 0, GZ_MAX_VEHICLE_TILES, "the vehicle_tiles option (G10, G20)"),
    ("barrier_tiles", "opt_barrier", 0, GZ_MIN_BARRIER_TILES, GZ_MAX_BARRIER_TILES, "the barrier_tiles option (G10, G20)"),
    ("air_strike_dice", "opt_air", 0, 0, GZ_MAX_AIR_STRIKE_DICE, "the air_strike_dice option (G10, G20)"),
    ("press_conference_cards", "opt_conf", 0, 0, GZ_MAX_PRESS_CONF_CARDS, "the press_conference_cards option (G10, G20)"),
    ("road_gaps", "opt_gaps", 0, 0, GZ_MAX_ROAD_GAPS, "the road_gaps option (G1, G20)"),
    ("extra_gap", "opt_one_gap", 0, 0, GZ_NEXTRA_GAPS - 1, "the extra_gap option (G1, G20)"),
))

# The G20 options (data.pxd): name -> (default, minimum, maximum, legacy value), in the
# constructor's order; the spec's Params, GodzillaState.__init__ and check_fields read this
# table. The legacy value is the one a save or result without the option was played with.
# The JSON field of each has the option's name.
OPTIONS = {
    "evacuee_bonus": (EVAC_BONUS, GZ_MIN_EVAC_BONUS, GZ_MAX_EVAC_BONUS, EVAC_BONUS),
    "press_piece_counts": (bool(PRESS_PIECE_COUNTS), 0, 1, bool(LEGACY_PRESS_PIECE_COUNTS)),
    "press_every_home": (bool(PRESS_EVERY_HOME), 0, 1, bool(LEGACY_PRESS_EVERY_HOME)),
    "status_squares": (STATUS_SET, 0, GZ_NSTATUS_SETS - 1, LEGACY_STATUS_SET),
    "vehicle_tiles": (VEHICLE_TILES, 0, GZ_MAX_VEHICLE_TILES, LEGACY_VEHICLE_TILES),
    "barrier_tiles": (HV_PER_CARD, GZ_MIN_BARRIER_TILES, GZ_MAX_BARRIER_TILES, HV_PER_CARD),
    "air_strike_dice": (AIR_STRIKE_DICE, 0, GZ_MAX_AIR_STRIKE_DICE, LEGACY_AIR_STRIKE_DICE),
    "press_conference_cards": (PRESS_CONF_CARDS, 0, GZ_MAX_PRESS_CONF_CARDS, LEGACY_PRESS_CONF_CARDS),
    "road_gaps": (ROAD_GAPS, 0, GZ_MAX_ROAD_GAPS, LEGACY_ROAD_GAPS),
    "extra_gap": (EXTRA_GAP, 0, GZ_NEXTRA_GAPS - 1, LEGACY_EXTRA_GAP),
}

# version 2 wrote the struct's own names
_V2_NAMES = {f.struct: f.name for f in JSON_FIELDS.fields}


def with_options(data, dict options):
    """`data` with the G20 option fields it lacks filled from the game's `options`: a state
    saved before the options existed (version 2, or version 3 before G20) was played with
    their legacy values, which the loader gives its game (GameSpec.saved_params). Anything
    but a dict is returned as it is."""
    if not isinstance(data, dict) or all(name in data for name in OPTIONS):
        return data
    return {**{name: int(value) for name, value in options.items()}, **data}


def check_fields(data, int n, int turn_cap, int last, dict options) -> None:
    """InvalidStateError unless `data` has exactly the table's fields, each in its range, and
    the game's parameters (the G20 options included)."""
    JSON_FIELDS.check(data)
    if data["players"] != n or data["turn_cap"] != turn_cap or data["last_round"] != last:
        raise InvalidStateError("godzilla state: players/turn_cap/last_round differ from the game parameters")
    differ = [name for name in OPTIONS if data[name] != int(options[name])]
    if differ:
        raise InvalidStateError(f"godzilla state: {', '.join(differ)} differ from the game's options")


def state_v3_from_v2(state, params) -> dict:
    """A version-2 state object (the struct's own names) under version 3's names; unknown
    names are kept, for the loader to refuse."""
    if not isinstance(state, dict):
        return state
    return {_V2_NAMES.get(name, name): value for name, value in state.items()}


cdef object _invalid(str message):
    """The loader's error for an unreachable position."""
    return InvalidStateError(f"godzilla state: {message}")


cdef object check_pieces(GameData* d):
    """Every Evacuee and Landmark is somewhere (G8), and none on the Kaiju's square."""
    for c in range(NCOL):
        total = d.bag[c] + d.k_evac[c] + d.h_evac[c] + sum(d.evac[s * 4 + c] for s in range(NSQ))
        if total != EVAC_PER_COLOUR:
            raise _invalid(f"{total} {colour_name(c)} Evacuees counted, "
                             f"{EVAC_PER_COLOUR} exist (G8)")
    for i in range(80):
        if d.moved[i] > d.evac[i]:
            raise _invalid("more Evacuees moved than stand on a square")
    for s in range(NSQ):
        if d.press_moved[s] > d.press[s]:
            raise _invalid("more Press pieces moved than stand on a square")
        if d.landmark[s] and s not in [GZ_LANDMARK_SQ[i] for i in range(NLANDMARKS)]:
            raise _invalid(f"a Landmark on {sq_name(s)}, not a landmark square")
    here = d.kaiju
    if d.landmark[here] or d.press[here] or any(d.evac[here * 4 + c] for c in range(NCOL)):
        raise _invalid("pieces stand on the Kaiju's square")
    if sum(d.landmark[s] for s in range(NSQ)) + d.k_landmark != NLANDMARKS:
        raise _invalid("Landmarks on the map and behind the screen are not 5")


cdef object check_status_cards(GameData* d):
    """One status card turned up per round so far, and one Press piece each (G9)."""
    st = d.stage
    revealed = [i for i in range(NROUNDS) if d.status[i] >= 0]
    expected = d.last if d.round > d.last else d.round - (1 if st == ST_STATUS else 0)
    if revealed != list(range(expected)):
        raise _invalid("the status cards revealed do not match the round")
    cards = [d.status[i] for i in revealed]
    if len(set(cards)) != len(cards) or sorted(cards) != [k for k in range(NSTATUS) if d.status_used[k]]:
        raise _invalid("status cards used and revealed disagree")
    pieces = sum(d.press[s] for s in range(NSQ)) + d.k_press + d.h_press
    if pieces != len(revealed):
        raise _invalid(f"{pieces} Press pieces in play, {len(revealed)} placed")


cdef object check_tiles(GameData* d):
    """Route, High-voltage and Tank tiles add up; Footprints where they may be (G6, G15)."""
    st = d.stage
    for k in range(NKINDS):
        on_roads = sum(1 for r in range(NROADS) if d.road[r] == k + 1)
        if d.pile[k] + d.stock[k] + on_roads + d.k_route[k] != TILES_PER_KIND:
            raise _invalid(f"{kind_name(k)} route tiles do not add up to {TILES_PER_KIND} (G6)")
    if d.hv_stock + d.k_hv + sum(1 for r in range(NROADS) if d.road[r] == R_HV) != HV_TILES:
        raise _invalid("High-voltage tiles do not add up to 3")
    if d.tank_stock + d.k_tank + sum(1 for r in range(NROADS) if d.road[r] == R_TANK) != TANK_TILES:
        raise _invalid("Tank tiles do not add up to 3")
    for r in range(NROADS):
        if not road_open(d, r) and (d.road[r] != R_EMPTY or d.foot[r]):
            raise _invalid(f"a tile or a Footprint on {road_name(r)}, a road the road_gaps option closes (G1)")
        if (d.tank_new[r] or d.tank_moved[r]) and d.road[r] != R_TANK:
            raise _invalid("a Tank mark on a road with no Tank")
        if d.foot[r] and d.road[r] in (R_HV, R_TANK) and ST_OMEN <= st <= ST_AWAKEN:
            raise _invalid("a Footprint on a High-voltage or Tank road (G15); "
                             "only last round's Footprints may share a road until the omen")
        if d.crossed[r] and not d.foot[r]:
            raise _invalid("the Kaiju crossed a road without a Footprint")
    if sum(d.foot[r] for r in range(NROADS)) > FOOTPRINTS:
        raise _invalid("more than 4 Footprint tiles")


cdef object check_kaiju(GameData* d):
    """The Kaiju's dice and Reroll tiles match the Awakening area and the Landmarks (G4)."""
    taken = (AWAKEN_DICE - d.aw_dice) + (AWAKEN_REROLLS - d.aw_rerolls)
    if taken + d.awaken != d.k_landmark:
        raise _invalid("awakening items taken do not match the Landmarks destroyed (G4)")
    if d.dice_own != START_DICE + AWAKEN_DICE - d.aw_dice or d.rerolls_own != START_REROLLS + AWAKEN_REROLLS - d.aw_rerolls:
        raise _invalid("the Kaiju's dice or Reroll tiles disagree with the Awakening area")
    if sum(d.dice[v] for v in range(6)) + d.to_roll > d.dice_own:
        raise _invalid("more dice rolled than the Kaiju owns")


cdef object check_cards(GameData* d):
    """Support cards turned up on time (G10), Press cards turned over only at scoring (G11)."""
    st = d.stage
    drawn = sum(1 for k in range(NSUPPORT) if d.support[k] > 0)
    due = sum(1 for r in (4, 6) if r <= d.last and (r < d.round or (r == d.round and st not in (ST_STATUS, ST_BAG, ST_SUPPORT_REVEAL))))
    if drawn != due:
        raise _invalid(f"{drawn} support cards revealed, {due} expected (G10)")
    if d.press_seen > d.press_won or any(d.deck[k] + d.kinds[k] != PRESS_PER_KIND for k in range(NPRESS_KINDS)) \
            or sum(d.kinds[k] for k in range(NPRESS_KINDS)) != d.press_seen:
        raise _invalid("the Press cards turned over do not add up")
    if d.press_seen and st not in (ST_REVEAL, ST_END):
        raise _invalid("Press cards are turned over only at scoring")
    if st == ST_END and (d.round <= d.last or d.press_seen != d.press_won):
        raise _invalid("the game ends after the return round and the Press cards")
    if d.round > d.last + 1 or (d.round > d.last and st < ST_OMEN):
        raise _invalid("the return round has only omen and execution")


cdef object check_step_counters(GameData* d):
    """Each step's counters are set in that step only."""
    st = d.stage
    if (d.to_roll > 0) != (st == ST_ROLL) and not (st == ST_REROLL and d.to_roll > 0):
        raise _invalid("dice to roll outside the dice roll")
    if (d.reroll_left > 0) != (st == ST_REROLL):
        raise _invalid("rerolls left outside the reroll step")
    if (d.bag_left > 0) != (st == ST_BAG):
        raise _invalid("Evacuees to draw outside the bag draws")
    if (d.tiles_left > 0) != (st == ST_TILES):
        raise _invalid("route tiles to turn up outside that step")
    if (d.to_place > 0) != (st in (ST_HV_PLACE, ST_TANK_PLACE)):
        raise _invalid("tiles to place outside the High-voltage/Tank step")
    if st == ST_SUPPORT_REVEAL and d.round not in (4, 6):
        raise _invalid("support cards are turned up in rounds 4 and 6 only")
    if d.air and d.support[SUP_AIR] != 2:
        raise _invalid("an Air strike in force that was never played")
    if st == ST_PRESSCONF and d.support[SUP_CONF] != 1:
        raise _invalid("no Emergency press conference card to play")
    if st == ST_STATUS and d.round > d.last:
        raise _invalid("no status card in the return round")
    if st != ST_EVAC and (any(d.moved[i] for i in range(80)) or any(d.press_moved[s] for s in range(NSQ))):
        raise _invalid("pieces marked as moved outside the evacuation")
    if st not in (ST_SUPPORT, ST_HV_PLACE, ST_TANK_PLACE, ST_TANK_MOVE) and any(
            d.tank_new[r] or d.tank_moved[r] for r in range(NROADS)):
        raise _invalid("Tank marks outside the situation phase")
    if d.planner >= d.n or (d.planner != 1 and st not in (ST_PLAN, ST_TILES)):
        raise _invalid("the planning seat is not a human seat planning now")


cdef object check_step_needs(GameData* d):
    """What the current step needs to be played out without leaving the documented ranges."""
    cdef int buf[MAX_ACTIONS]
    st = d.stage
    if d.round > d.last and st not in (ST_OMEN, ST_ROLL, ST_REROLL, ST_STRAIGHT, ST_RAYGRP,
                                       ST_ORDER, ST_STEP, ST_RAYDIR, ST_AWAKEN, ST_REVEAL, ST_END):
        raise _invalid("the return round has only omen and execution (G16)")
    if st == ST_REVEAL and (d.round <= d.last or d.press_seen >= d.press_won):
        raise _invalid("Press cards are turned over after the return round, "
                         "while some are still face down")
    if st == ST_BAG and (d.bag_left > sum4(d.bag) or d.place_sq == d.kaiju):
        raise _invalid("Evacuees to draw that the bag does not hold, or "
                         "placed on the Kaiju's square")
    if st == ST_TILES and d.tiles_left > sum4(d.pile):
        raise _invalid("more route tiles to turn up than the pile holds")
    if (st == ST_HV_PLACE and d.to_place > d.hv_stock) or (st == ST_TANK_PLACE and d.to_place > d.tank_stock):
        raise _invalid("more tiles to place than the stock holds")
    if st == ST_STEP and not (d.moving and d.steps > 0):
        raise _invalid("a movement step with no movement left")
    if st == ST_AWAKEN and not (d.awaken > 0 and d.aw_dice > 0 and d.aw_rerolls > 0):
        raise _invalid("an Awakening choice with nothing to choose (G4)")
    if st == ST_EVAC and d.evc > 4:
        raise _invalid("the evacuation is over")
    if st == ST_REROLL and (d.rerolled or d.reroll_left > d.rerolls_own):
        raise _invalid("a second reroll or more dice than Reroll tiles (G4)")
    if st != ST_END and not is_chance_stage(st):
        if gen_legal(d, buf) == 0:
            raise _invalid("the player to act has no legal move")
    elif is_chance_stage(st) and gen_chance(d, buf, NULL) == 0:
        raise _invalid("a chance node with no outcome")


cdef object check_reachable(GameData* d):
    """InvalidStateError unless the struct is a position the game can reach (or play on)."""
    check_pieces(d)
    check_status_cards(d)
    check_tiles(d)
    check_kaiju(d)
    check_cards(d)
    check_step_counters(d)
    check_step_needs(d)
