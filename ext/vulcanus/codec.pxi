# The action codec of Vulcanus (ext/vulcanus/engine.pyx includes this file): the action
# families (first id, size, meaning: rules.md "Action encoding"), the chance outcomes, and
# the texts of actions.

# The action ids and their C encoders are in actions.pxd, which logic.pyx (the stages) and
# engine.pyx (these texts) both cimport.

# ---------------------------------------------------------------- Python-side tables
SQUARE_NAMES = ("Ikebukuro", "Waseda", "Ueno", "Shinjuku", "Ichigaya", "Akihabara", "Harajuku",
                "Akasaka", "Kasumigaseki", "Tokyo", "Shibuya", "Roppongi", "Shimbashi", "Ginza",
                "Ebisu", "Shinagawa", "Shiba", "Tsukiji")

HUMAN_CARDS = ("Movement of citizens", "Movement of fire brigades", "Movement of SDFs",
               "Fire fighting", "Commands to SDF", "Mobilization", "Special")

SPECIAL_CARDS = ("Fire helicopter", "Large penetration shell", "Research", "Continuation")

KAIJU_CARDS = ("Walk", "Trampling", "Fire bomb", "Roar", "Moving underground", "Lava flow")

ROLE_NAMES = ("Fire Chief", "Chief of Staff", "Research Director", "Chief Cabinet Secretary")

LETTERS = "ABC"

PIECES = ("citizen", "VIP", "fire brigade", "SDF")

BOMB_WHAT = ("kill a citizen", "kill a VIP", "return a fire brigade", "return an SDF", "nothing to kill")

COMMANDS = ("evacuation/investigation", "base construction", "special frozen shell")

EVENT_NAMES = ("Normal: 1 lava + 1 citizen", "Advanced: 2 lava", "Advanced: 1 lava + 1 adjacent")

EVENT_SHORT = ("normal 1 lava + citizen", "advanced 2 lava", "advanced 1 + 1 adjacent")

PERMS3 = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))

SLOT_NAMES = ("H1", "H2", "K1", "H3", "H4", "K2", "H5", "H6", "K3")

ZONE_NAMES = ("none", "deck", "hand", "set aside", "discard", "board")

_STAGE_NAMES = ("set-up tiles", "bonus tiles drawn", "bonus tile put back", "Kaiju start",
                "role choice", "fire brigade start", "SDF start", "Event phase", "Event: adjacent lava",
                "drawing", "Planning (Humans)", "Planning: A/B/C arrangement", "Planning (Kaiju)",
                "Walk", "Walk (additional)", "Trampling", "Fire bomb", "Roar", "Moving underground",
                "Lava flow", "Lava flow (additional)", "Lava phase: victim", "evolution",
                "destruction bonus", "Movement", "Fire fighting", "Commands to SDF", "evacuation",
                "investigation", "Mobilization", "Fire helicopter: which", "Fire helicopter: where",
                "Large penetration shell", "Research", "Continuation", "Base phase", "game over",
                "Research: budget track")

_DONE_TEXT = {ST_WALK2: "stop walking", ST_ROAR: "stop roaring", ST_DECLARE: "declare nothing",
              ST_MOVE: "stop moving", ST_FF: "stop fire fighting", ST_CMD: "no more commands",
              ST_MOB: "stop mobilizing", ST_SHELL: "hold fire", ST_BUDGET: "leave the budget track"}


cdef inline void _check_card(int c) except *:
    """A card index from Python: bounds checking is off in the engine, so an index outside
    0..NCARDS-1 would read outside the card arrays."""
    if not 0 <= c < NCARDS:
        raise InvalidArgumentError(f"vulcanus: no card {c} (cards are 0..{NCARDS - 1})")


def _seat_name(int p) -> str:
    return "Kaiju" if p == 0 else f"H{p}"


def tile_name(int t) -> str:
    """The readable name of map tile t (V2): omens by number, investigation tiles by letter,
    value and a letter index; the value-3 tiles by the round of their event card."""
    if t >= NMAPTILES:
        return f"investigation 3 (event {t - NMAPTILES + 1})"
    if tile_is_omen(t):
        return f"omen {tile_value(t)}"
    letter = tile_letter(t)
    same = [u for u in range(NMAPTILES) if tile_letter(u) == letter and not tile_is_omen(u)
            and tile_value(u) == tile_value(t)]
    return f"{LETTERS[letter]}-{tile_value(t)}{'abc'[same.index(t)]}"


def bonus_name(int t) -> str:
    return f"{SQUARE_NAMES[VUL_BONUS[t][0]]} {VUL_BONUS[t][1]}"


# ------------------------------------------------------------------ texts
def _deck_name(VulcanusState self, dk: int) -> str:
    """A deck's letter and role, or Kaiju."""
    if dk == KDECK_ID:
        return "Kaiju"
    role = self.d.role[dk]
    return f"{LETTERS[dk]}" + (f" ({ROLE_NAMES[role]})" if role >= 0 else "")

def _card_name(VulcanusState self, dk: int, t: int) -> str:
    """The name of card type t of deck dk (a Special card by its role)."""
    if dk == KDECK_ID:
        return KAIJU_CARDS[t]
    if t == HT_SPECIAL and self.d.role[dk] >= 0:
        return SPECIAL_CARDS[self.d.role[dk]]
    return HUMAN_CARDS[t]

def action_text(VulcanusState self, action: int) -> str:
    """The text of an action or chance outcome at this state."""
    cdef VulData* d = &self.d
    a = action_id(action)
    st = d.stage
    if is_chance_stage(st):
        return _chance_text(self, a)
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of this game (0..{NUM_ACTIONS - 1})")
    if a >= A_MOVE:
        return _unit_text(a)
    if a < A_DONE:
        sq = SQUARE_NAMES[a - A_SQ]
        return {ST_KSTART: "Vulcanus starts in ", ST_HSTART_FB: "fire brigade and base start in ",
                ST_HSTART_SDF: "SDF and base start in ", ST_EVENT_ADJ: "event lava on ",
                ST_WALK1: "walk to ", ST_WALK2: "walk on to ", ST_ROAR: "pull lava from ",
                ST_UNDER: "tunnel to ", ST_FLOW1: "lava flow on ", ST_FLOW2: "lava flow also on ",
                ST_INVEST: "take the tile on ", ST_HELI1: "fire helicopter from ",
                ST_HELI2: "fly to ", ST_RESEARCH: "research the tile on ",
                ST_BASE: "base phase at "}.get(st, "square ") + sq
    if a == A_DONE:
        return _DONE_TEXT.get(st, "done")
    if a < A_MARK:
        return f"plan {_card_name(self, d.draw_deck if st in (ST_PLAN, ST_KPLAN) else 0, a - A_PLACE)}"
    if a < A_REDRAW:
        return f"set aside {_card_name(self, d.draw_deck if st == ST_PLAN else 0, a - A_MARK)}"
    if a == A_REDRAW:
        return "redraw for 1 fund"
    if a < A_DROP:
        return f"role {ROLE_NAMES[a - A_ROLE]}"
    if a < A_DECLARE:
        return f"put back bonus tile {bonus_name(a - A_DROP)}"
    if a < A_EVO:
        return f"declare bonus tile {bonus_name(a - A_DECLARE)}"
    if a < A_PERM:
        return f"evolve {KAIJU_CARDS[a - A_EVO]}"
    if a < A_CIT:
        k = a - A_PERM
        perm = PERMS3[k] if d.ngroups == 3 else ((0, 1), (1, 0))[k % 2]
        order = [""] * d.ngroups
        for g in range(d.ngroups):
            order[perm[g]] = LETTERS[g]
        return "board order " + " ".join(order)
    if a == A_CIT or a == A_VIP:
        who = "citizen" if a == A_CIT else "VIP"
        return f"a {who} dies" if st == ST_VICTIM else f"evacuate a {who}"
    if a < A_MOVE:
        k = a - A_OPT
        if st == ST_SHELL:
            return ("fire the shell", "fire two shells", "option 3", "option 4")[k]
        if st == ST_BUDGET:
            return ("advance the budget track", "option 2", "option 3", "option 4")[k]
        if st == ST_CONT:
            return ("continue the card before", "continue the card after", "continue both cards",
                    "option 4")[k]
        return ("kill all citizens here", "return a fire brigade", "return an SDF",
                "2 lava instead")[k]


def _chance_text(VulcanusState self, a: int) -> str:
    """The text of chance outcome `a` at this state."""
    cdef VulData* d = &self.d
    cdef int st = d.stage
    if not 0 <= a < NUM_CHANCE:
        raise InvalidArgumentError(f"{a} is not a chance outcome of this game (0..{NUM_CHANCE - 1})")
    if st == ST_TILES:
        return f"tile {tile_name(a)} on {SQUARE_NAMES[d.setup_idx]}"
    if st == ST_BONUS_DRAW and a < NBONUS:
        return f"draw bonus tile {bonus_name(a)}"
    if st == ST_EVENT_DRAW and a < 2:
        return f"event {EVENT_NAMES[1 + a]}"
    if st == ST_DRAW and a < 8:
        return f"draw {_card_name(self, d.draw_deck, a)}"
    return f"outcome {a}"


def _unit_text(a: int) -> str:
    """The text of a move of a piece, a Fire bomb, fire fighting, a command or a
    mobilization (ids A_MOVE and up): the square and line are in the id itself."""
    if a < A_BOMB:
        kind, rest = divmod(a - A_MOVE, 72)
        s, k = divmod(rest, 4)
        m = adj(s, k)
        dest = SQUARE_NAMES[m] if m >= 0 else "nowhere"
        return f"move {PIECES[kind]} {SQUARE_NAMES[s]} to {dest}"
    if a < A_FF:
        s, k = divmod(a - A_BOMB, 5)
        return f"fire bomb {SQUARE_NAMES[s]}: {BOMB_WHAT[k]}"
    if a < A_CMD:
        kind, rest = divmod(a - A_FF, 90)
        s, k = divmod(rest, 5)
        m = s if k == 0 else adj(s, k - 1)
        unit = "fire brigade" if kind == 0 else "base"
        return f"{unit} at {SQUARE_NAMES[s]} puts out lava in {SQUARE_NAMES[m] if m >= 0 else 'nowhere'}"
    if a < A_MOB:
        c, s = divmod(a - A_CMD, 18)
        return f"SDF at {SQUARE_NAMES[s]}: {COMMANDS[c]}"
    s, k = divmod(a - A_MOB, 2)
    return f"mobilize {'a fire brigade' if k == 0 else 'an SDF'} at {SQUARE_NAMES[s]}"
