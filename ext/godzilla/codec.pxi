# The action codec of ext/godzilla/engine.pyx (included there): the action families (first
# id, size, meaning), the names of squares, roads, colours and cards, and the text of every
# action and chance outcome. Each family starts where the previous one ends; the first ids are
# those of every saved game and record (rules.md, "Action encoding").

# The action ids and their C encoders are in actions.pxd, which logic.pyx (the stages) and
# engine.pyx (these texts) both cimport.

# (kind, first id, size, meaning): action_info's "kind" and rules.md's table
ACTION_FAMILIES = (
    ("done", A_DONE, 1, "end the current step"),
    ("footprint", A_FOOT, NROADS, "a Footprint on a road"),
    ("route tile", A_PLACE, NKINDS * NROADS, "a route tile of a kind on a road"),
    ("support card", A_VEHICLE, 1, "play a Vehicle procurement card"),
    ("support card", A_SUPPORT, NSUPPORT, "play a revealed support card"),
    ("high-voltage", A_HVROAD, NROADS, "a High-voltage tile on a road"),
    ("tank", A_TANKROAD, NROADS, "a Tank tile on a road"),
    ("tank move", A_TANKMOVE, NROADS * 6, "a Tank to a neighbouring road"),
    ("reroll", A_REROLL, 6, "set a die of a value aside to reroll"),
    ("movement group", A_STRAIGHT, 15, "the movement group (a straight)"),
    ("heat-ray group", A_RAYGRP, 6 * 5, "the heat-ray group: a value, 2-6 dice"),
    ("order", A_GO_MOVE, 2, "movement or heat ray first"),
    ("step", A_STEP, NROADS, "one movement step along a footprint road"),
    ("heat ray", A_RAYDIR, 4, "the heat ray's direction"),
    ("awakening", A_TAKE_DIE, 2, "a die or a Reroll tile from the Awakening area"),
    ("evacuation", A_EVAC, NSQ * NSQ, "one piece from a square to a square"),
)

_DIRS = ("north", "east", "south", "west")
_DONE_TEXT = {ST_SUPPORT: "no more support cards", ST_HV_PLACE: "stop placing high-voltage",
              ST_TANK_PLACE: "stop placing tanks", ST_TANK_MOVE: "tanks stay",
              ST_OMEN: "end omen", ST_PLAN: "end planning", ST_REROLL: "keep the dice",
              ST_STRAIGHT: "no movement", ST_RAYGRP: "no heat ray", ST_STEP: "stop moving",
              ST_PRESSCONF: "no press conference"}


def action_family(int a) -> str:
    """The kind of action id `a` (ACTION_FAMILIES)."""
    for kind, first, size, _ in ACTION_FAMILIES:
        if first <= a < first + size:
            return kind
    raise InvalidArgumentError(f"{a} is not an action of this game (0..{NUM_ACTIONS - 1})")


# ---------------------------------------------------------------- names
def _index(value, what: str, int size) -> int:
    """`value` as a whole number in 0..size-1; InvalidArgumentError otherwise."""
    i = whole_number(value)
    if i is None:
        raise InvalidArgumentError(f"{what} is a whole number, not {value!r}")
    if not 0 <= i < size:
        raise InvalidArgumentError(f"{what} {i} is outside 0..{size - 1}")
    return i


def sq_name(s) -> str:
    """The name of square s (G1)."""
    return GZ_SQ_NAME[<int>_index(s, "a square", NSQ)].decode()


def road_name(r) -> str:
    """A road by its two squares, e.g. 'Shibaura-Ginza' (G1)."""
    cdef int i = _index(r, "a road", NROADS)
    return f"{sq_name(GZ_ROAD_A[i])}-{sq_name(GZ_ROAD_B[i])}"


def colour_name(c) -> str:
    """The name of colour (governor) c: Tokyo, Saitama, Chiba, Kanagawa."""
    return GZ_COLOUR_NAME[<int>_index(c, "a colour", NCOL)].decode()


def kind_name(k) -> str:
    """The name of route tile kind k: rail, road, river, tram (G6)."""
    return GZ_KIND_NAME[<int>_index(k, "a route tile kind", NKINDS)].decode()


def support_name(k) -> str:
    """The name of support card k of the random pool (G10)."""
    return GZ_SUPPORT_NAME[<int>_index(k, "a support card", NSUPPORT)].decode()


def seat_name(p) -> str:
    """Seat 0 is the Kaiju, the human seats are H1..H4."""
    i = _index(p, "a seat", GZ_MAX_PLAYERS)
    return "Kaiju" if i == 0 else f"H{i}"


def map_roads() -> list:
    """The G1 map as (road id, square a, square b) triples (data.pxd)."""
    return [(r, GZ_ROAD_A[r], GZ_ROAD_B[r]) for r in range(NROADS)]


def square_names() -> list:
    """The names of squares 0..19 (G1)."""
    return [sq_name(s) for s in range(NSQ)]


def _values(int a, int k) -> str:
    """The faces a+1..a+k as '2-3-4'."""
    return "-".join(str(v + 1) for v in range(a, a + k))


cdef list roll_faces(int dice, int i):
    """The faces (1-6, ascending) of the i-th multiset of a roll of `dice` dice."""
    return [v + 1 for v in range(6) for _ in range(ROLL_FACES[dice][i][v])]


# ---------------------------------------------------------------- texts
cdef str chance_text(GameData* d, int a):
    """The text of chance outcome `a` here; InvalidArgumentError if it is none."""
    cdef int st = d.stage
    if st == ST_STATUS and 0 <= a < NSTATUS:
        return f"status card {a + 1}: {sq_name(status_main(d, a))} / {sq_name(status_alt(d, a))}"
    if st == ST_BAG and 0 <= a < NCOL:
        return f"draw a {colour_name(a)} evacuee"
    if st == ST_SUPPORT_REVEAL and 0 <= a < NSUPPORT:
        return f"support card {support_name(a)}"
    if st == ST_TILES and 0 <= a < NKINDS:
        return f"turn up a {kind_name(a)} tile"
    if st == ST_ROLL and 0 <= a < ROLL_COUNT[d.to_roll]:
        return "roll " + "-".join(str(v) for v in roll_faces(d.to_roll, a))
    if st == ST_REVEAL and 0 <= a < NPRESS_KINDS:
        return f"press card kind {a + 1}"
    raise InvalidArgumentError(f"{a} is not a chance outcome here")


cdef str done_text(GameData* d):
    """The text of A_DONE, which ends the current step."""
    if d.stage == ST_EVAC:
        return "end press moves" if d.evc >= 4 else f"end {colour_name(d.evc)} moves"
    if d.stage == ST_PLAN and d.planner < d.n - 1:
        return f"planning to {seat_name(d.planner + 1)}"
    return _DONE_TEXT.get(d.stage, "done")


cdef str move_text(GameData* d, int a):
    """The text of action `a` (any id of the game, legal here or not)."""
    if a == A_DONE:
        return done_text(d)
    if a < A_PLACE:
        return f"footprint {road_name(a - A_FOOT)}"
    if a < A_VEHICLE:
        return f"{kind_name((a - A_PLACE) // NROADS)} on {road_name((a - A_PLACE) % NROADS)}"
    if a == A_VEHICLE:
        return "vehicle procurement"
    if a < A_HVROAD:
        return support_name(a - A_SUPPORT)
    if a < A_TANKROAD:
        return f"high-voltage on {road_name(a - A_HVROAD)}"
    if a < A_TANKMOVE:
        return f"tank on {road_name(a - A_TANKROAD)}"
    if a < A_REROLL:
        r, j = divmod(a - A_TANKMOVE, 6)
        t = ROAD_ADJ[r][j]
        return f"tank {road_name(r)} to {road_name(t) if t >= 0 else '?'}"
    if a < A_STRAIGHT:
        return f"reroll a {a - A_REROLL + 1}"
    if a < A_RAYGRP:
        return f"move with {_values(STRAIGHT_A[a - A_STRAIGHT], STRAIGHT_K[a - A_STRAIGHT])}"
    if a < A_GO_MOVE:
        v, k = divmod(a - A_RAYGRP, 5)
        return "heat ray with " + "-".join([str(v + 1)] * (k + 2))
    if a == A_GO_MOVE or a == A_GO_RAY:
        return "movement first" if a == A_GO_MOVE else "heat ray first"
    if a < A_RAYDIR:
        return f"step to {sq_name(other_end(a - A_STEP, d.kaiju))}"
    if a < A_TAKE_DIE:
        return f"heat ray {_DIRS[a - A_RAYDIR]}"
    if a == A_TAKE_DIE or a == A_TAKE_REROLL:
        return "awaken a die" if a == A_TAKE_DIE else "awaken a reroll tile"
    s, t = divmod(a - A_EVAC, NSQ)
    who = "press" if d.evc >= 4 else f"{colour_name(d.evc)} evacuee"
    return f"{who} {sq_name(s)} to {sq_name(t)}"


cdef str action_text(GameData* d, object a):
    """The text of action id `a` (a Python int: any size) or chance outcome at this state."""
    if is_chance_stage(d.stage):
        if not 0 <= a < NUM_CHANCE:
            raise InvalidArgumentError(f"{a} is not a chance outcome here")
        return chance_text(d, a)
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of this game (0..{NUM_ACTIONS - 1})")
    return move_text(d, a)
