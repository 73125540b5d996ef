# Eruption's action codec (included by ext/eruption/engine.pyx): the action and chance
# families (first id, size, meaning), the card-pair index of exchanges, the names of hexes,
# edges, seats and components, and the text of every action. The ids never change: records
# replay by them.

# The action ids and their C encoders are in actions.pxd, which logic.pyx (the stages) and
# engine.pyx (these texts) both cimport.

# ---------------------------------------------------------------- names and texts (Python)
DIR_NAMES = ("NE", "E", "SE", "SW", "W", "NW")
KIND_NAMES = ("straight", "bend", "sharp bend", "Y", "fork", "fan", "double", "dead end",
              "eruption", "volcano")
KIND_LETTERS = "ICVYFWXU*^"
CARD_NAMES = ("Aftershock", "Quake", "Sinkhole", "Volcanic Bomb", "Rain", "Relocate",
              "Reinforce", "Lava Flow")
MAT_NAMES = ("straw", "wood", "stone")
ROW_LETTERS = "abcdefghi"
_STAGE_NAMES = ("deal", "starting player", "temperature check", "tile draw", "tile: hex",
                "tile: rotation", "blocking wall test", "extra tile?", "eruption tile: hex",
                "card draw", "card step", "Aftershock: tile", "Aftershock: rotation",
                "Quake: tile", "Quake: draw", "Quake: rotation", "Sinkhole: tile",
                "Volcanic Bomb: wall", "Relocate: wall", "Relocate: to", "wall step: edge",
                "wall step: material", "hand limit", "game over")


def hex_name(h) -> str:
    """Row letter a..i (r = -4..4) and the hex's place in the row, 1-based: the volcano is e5."""
    h = check_param("hex", h, 0, NHEX - 1)
    r = ERU_HEX_R[h]
    first = 0
    for g in range(NHEX):
        if ERU_HEX_R[g] == r:
            first = g
            break
    return f"{ROW_LETTERS[r + 4]}{h - first + 1}"


def edge_name(e) -> str:
    e = check_param("edge", e, 0, NEDGE - 1)
    return f"{hex_name(e // NDIR)} {DIR_NAMES[e % NDIR]}"


def seat_name(p) -> str:
    """How texts name seat p (0-based in the API): P1..Pn."""
    p = check_param("seat", p, 0, MAX_SEATS - 1)
    return f"P{p + 1}"


def _lava_dirs(int m) -> str:
    return " ".join(DIR_NAMES[e] for e in range(NDIR) if (m >> e) & 1)


cdef str action_text(EruptionState s, int a):
    cdef EruptionData* d = &s.d
    cdef int st = d.stage, i = 0, j = 0
    if at_chance(d):
        if st == ST_START and C_START <= a < C_START + d.n:
            return f"{seat_name(a - C_START)} starts"
        if (st == ST_DEAL or st == ST_DRAW) and C_CARD <= a < C_CARD + NCARDTYPES:
            return f"{seat_name(d.cur)} draws {CARD_NAMES[a - C_CARD]}"
        if (st == ST_TILE_DRAW or st == ST_QUAKE_DRAW) and C_TILE <= a < C_TILE + NKINDS:
            return ("quake: " if st == ST_QUAKE_DRAW else "") + f"draw a {KIND_NAMES[a - C_TILE]} tile"
        if (st == ST_TEMP_TEST or st == ST_BLOCK_TEST) and a in (C_BREAK, C_HOLD):
            e = d.sel_edge if st == ST_TEMP_TEST else tested_edge(d)
            what = f"{MAT_NAMES[d.wall[e]]} wall at {edge_name(e)}"
            return f"{what} breaks" if a == C_BREAK else f"{what} holds"
        raise InvalidArgumentError(f"{a} is not a chance outcome at this state")
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of this game")
    if a < A_ROT:
        verb = {ST_TILE_HEX: f"{KIND_NAMES[d.cur_tile]} tile to", ST_ERUPT_HEX: "eruption tile to",
                ST_AFTER_HEX: "aftershock", ST_QUAKE_HEX: "quake", ST_SINK_HEX: "sinkhole"}
        return f"{verb.get(st, 'hex')} {hex_name(a - A_HEX)}"
    if a < A_EDGE:
        r = a - A_ROT
        kind = d.tile[d.sel_hex] if st == ST_AFTER_ROT and d.sel_hex >= 0 else d.cur_tile
        if 0 <= kind < 10:
            return f"rotation {r}: lava {_lava_dirs(ROT_MASK[kind][r])}"
        return f"rotation {r}"
    if a < A_MAT:
        verb = {ST_WALL_EDGE: "wall at", ST_BOMB_EDGE: "bomb the wall at",
                ST_RELOC_FROM: "move the wall at", ST_RELOC_TO: "to"}
        return f"{verb.get(st, 'edge')} {edge_name(a - A_EDGE)}"
    if a < A_PLAY:
        return f"{MAT_NAMES[a - A_MAT]} wall"
    if a < A_DISC:
        return f"play {CARD_NAMES[a - A_PLAY]}"
    if a < A_EXCH:
        return f"discard {CARD_NAMES[a - A_DISC]} for a {MAT_NAMES[ERU_CARD_MAT[a - A_DISC]]} wall"
    if a < A_DONE:
        pair_of(a - A_EXCH, &i, &j)
        return f"discard {CARD_NAMES[i]} and {CARD_NAMES[j]} for a tile"
    if a == A_DONE:
        return {ST_CARDS: "end the card step", ST_WALL_EDGE: "no more walls",
                ST_RELOC_FROM: "stop relocating", ST_EXTRA: "no extra tile"}.get(st, "done")
    if a == A_EXTRA:
        return "take an extra tile"
    return f"discard {CARD_NAMES[a - A_LIMIT]} (hand limit)"



def checked_action(value) -> int:
    """An action id of this game (0..NUM_ACTIONS-1); InvalidArgumentError otherwise."""
    a = action_id(value)
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of eruption (0..{NUM_ACTIONS - 1})")
    return a
