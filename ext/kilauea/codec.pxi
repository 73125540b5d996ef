# Kilauea's action codec (included by ext/kilauea/engine.pyx): one table of action families
# gives every id, its structured form (family + fields) and its text.
#
# - In C: `KIL_ACTION_FAMILIES` lists the families in id order with the size of each field;
#   the first id of every family is computed from the sizes before it (the enum below), and
#   `encode` / `decode` turn fields into ids and back (inline, constant-folded in the hot loops).
# - In Python: `ACTION_TEXTS` gives each family its field kinds, text patterns and meaning;
#   `ACTION_FAMILIES` joins them with the C ids and sizes (checked against each other at import),
#   and `action_text` / `parse_action_text` write and read the texts. The "Action encoding"
#   table of rules.md is `action_encoding_markdown()`.

COLOURS = ("red", "yellow", "green", "blue")
SPACE_NAMES = ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3")
PHASE_NAMES = ("forest", "tiles", "start", "draft", "move", "main", "cut2", "secondary",
               "target", "effect", "back", "over")


# The action ids and their C encoders are in actions.pxd, which logic.pyx (the stages) and
# engine.pyx (these texts) both cimport.

# ---------------------------------------------------------------- texts (Python)
def _space_name(int f, int i) -> str:
    return f"F{f + 1}.{SPACE_NAMES[i]}"


def _sector_name(int s) -> str:
    return f"S{s + 1}"


def _count(int k, str word) -> str:
    """`1 holy stone`, `2 holy stones`."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _kind_name(int kind) -> str:
    return f"coral {kind + 1}" if kind < 10 else f"volcano {kind - 9}"


# What a field of each kind can hold, by value: its size is the number of names.
FIELD_NAMES = {
    "steps": tuple(str(k) for k in range(1, K_TRACK + 1)),
    "sector": tuple(f"S{s + 1}" for s in range(K_SECTORS)),
    "colour": COLOURS,
    "forest": tuple(f"F{f + 1}" for f in range(K_SECTORS)),
    "space": SPACE_NAMES,
    "tile": tuple(_kind_name(k) for k in range(K_KINDS)),
}


def _resolving(text):
    """A tile's parameter text while the tile is resolved: "coral 7: " + text."""
    return {"effect": "{resolving}: " + text, "back": "{resolving}: " + text}


# family: (fields as (name, kind), texts by context, meaning). The context is "" anywhere,
# "target" while choosing the tile a 3 activates, "effect" while choosing a tile's
# parameters, "back" during the second half of coral 10 / volcano 10. {resolving} is the tile
# being resolved; {back_from} and {back_to} are where coral 10 / volcano 10's second tiki
# comes from and goes to (set by its first half).
_IMOVE = "island {sector} {colour} -> {to}"
_VMOVE = "{sector} {colour} -> {to}"
_F2V = "{forest}.{space} -> {sector}"
_C2V = "canoe {colour} -> {sector}"
_F2I = "{forest}.{space} -> island {sector}"
_C2I = "canoe {colour} -> island {sector}"
_V2C = "{sector} {colour} -> canoe"
_V2I = "{sector} {colour} -> island {to}"
ACTION_TEXTS = {
    "move": ((("steps", "steps"),), {"": "canoe +{steps}"},
             "move the canoe pawn that many spaces (the first is mandatory)"),
    "draft": ((("sector", "sector"), ("colour", "colour")), {"": "draft {sector} {colour}"},
              "draft the top tiki of that volcano column"),
    "cut": ((("forest", "forest"), ("space", "space")),
            {"": "cut {forest}.{space}", **_resolving("{forest}.{space} -> canoe")},
            "main action: cut that forest tiki (of the pawn's sector) into the canoe; as a tile's "
            "parameters, from any forest"),
    "stop": ((), {"": "stop"}, "no second cut"),
    "pass": ((), {"": "pass"}, "end the turn (no more secondary actions)"),
    "volcano": ((("colour", "colour"),), {"": "volcano {colour}"},
                "main action: a canoe tiki onto the volcano column of the pawn's sector"),
    "island": ((("colour", "colour"),), {"": "island {colour}"},
               "main action: pay 2, a canoe tiki onto the island sector of the pawn's sector"),
    "activate": ((("tile", "tile"),), {"": "{tile}", "target": "target {tile}"},
                 "activate a tile (pays its cost); after a coral/volcano 3, the tile it activates"),
    "island_move": ((("sector", "sector"), ("colour", "colour"), ("to", "sector")),
                    {"": _IMOVE, **_resolving(_IMOVE)}, "an island tiki to another island sector"),
    "volcano_move": ((("sector", "sector"), ("colour", "colour"), ("to", "sector")),
                     {"": _VMOVE, **_resolving(_VMOVE)}, "a volcano tiki from sector X to sector Y"),
    "forest_to_volcano": ((("forest", "forest"), ("space", "space"), ("sector", "sector")),
                          {"": _F2V, **_resolving(_F2V)}, "a forest tiki to a volcano sector"),
    "canoe_to_volcano": ((("colour", "colour"), ("sector", "sector")),
                         {"": _C2V, **_resolving(_C2V)}, "a canoe tiki to a volcano sector"),
    "forest_to_island": ((("forest", "forest"), ("space", "space"), ("sector", "sector")),
                         {"": _F2I, **_resolving(_F2I)}, "a forest tiki to an island sector"),
    "canoe_to_island": ((("colour", "colour"), ("sector", "sector")),
                        {"": _C2I, **_resolving(_C2I)}, "a canoe tiki to an island sector"),
    "volcano_to_canoe": ((("sector", "sector"), ("colour", "colour")),
                         {"": _V2C, **_resolving(_V2C)}, "a volcano tiki to the canoe"),
    "volcano_to_island": ((("sector", "sector"), ("colour", "colour"), ("to", "sector")),
                          {"": _V2I, **_resolving(_V2I)}, "a volcano tiki to an island sector"),
    "second_colour": ((("colour", "colour"),),
                      {"": "back {colour}", "back": "{resolving}: {back_from} {colour} -> {back_to}"},
                      "second half of coral 10 / volcano 10: a tiki of another colour goes back"),
}


class ActionFamily:
    """One row of the action table: ids first .. first + size - 1, fields, texts, meaning."""

    def __init__(self, index, name, first, sizes, fields, texts, meaning, tiles):
        self.index, self.name, self.first, self.sizes = index, name, first, sizes
        self.size = sizes[0] * sizes[1] * sizes[2]
        self.fields, self.texts, self.meaning, self.tiles = fields, texts, meaning, tiles
        self._patterns = {}

    def encode(self, values) -> int:
        values = list(values) + [0] * (3 - len(values))
        return self.first + (values[0] * self.sizes[1] + values[1]) * self.sizes[2] + values[2]

    def decode(self, action) -> list:
        r = action - self.first
        values = [r // (self.sizes[1] * self.sizes[2]), (r // self.sizes[2]) % self.sizes[1],
                  r % self.sizes[2]]
        return values[:len(self.fields)]

    def text(self, context) -> str:
        return self.texts.get(context, self.texts[""])

    def pattern(self, text):
        """`text` as a regular expression over normalised (lower-case) texts, one group per field."""
        if text not in self._patterns:
            regex = re.escape(text.lower())
            for name, kind in self.fields:
                names = "|".join(re.escape(n.lower()) for n in FIELD_NAMES[kind])
                regex = regex.replace(re.escape("{" + name + "}"), f"(?P<{name}>{names})")
            regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", regex)   # context fields
            self._patterns[text] = re.compile(regex)
        return self._patterns[text]


def _action_families():
    families = []
    for k in range(NUM_FAMILIES):
        name = KIL_FAMILY_NAMES[k].decode().lower()
        fields, texts, meaning = ACTION_TEXTS[name]
        sizes = tuple(KIL_FIELDS[k][j] for j in range(3))
        kinds = tuple(len(FIELD_NAMES[kind]) for _, kind in fields)
        if kinds + (1,) * (3 - len(kinds)) != sizes:
            raise ImportError(f"kilauea action table: the fields of {name} {kinds} are not its "
                              f"C sizes {sizes}")
        tiles = tuple(_kind_name(t) for t in range(K_KINDS) if KIL_TILE_FAMILY[t] == k)
        families.append(ActionFamily(k, name, KIL_FIRST[k], sizes, fields, texts, meaning, tiles))
    return tuple(families)


ACTION_FAMILIES = _action_families()
_FIRST_IDS = [family.first for family in ACTION_FAMILIES]


def family_of(int action):
    """The family holding `action` (0 <= action < NUM_ACTIONS)."""
    return ACTION_FAMILIES[bisect.bisect_right(_FIRST_IDS, action) - 1]


def action_text(int action, str context, dict context_fields) -> str:
    """The text of `action` in `context` ("", "target", "effect" or "back")."""
    family = family_of(action)
    values = {name: FIELD_NAMES[kind][v]
              for (name, kind), v in zip(family.fields, family.decode(action))}
    return family.text(context).format(**values, **context_fields)


def parse_action_text(str text, str context) -> list:
    """The ids whose text in `context` could be `text` (case and spacing ignored); the caller
    checks the context fields ({resolving}, ...) by writing the id's text back."""
    wanted = " ".join(text.lower().split())
    found = []
    for family in ACTION_FAMILIES:
        match = family.pattern(family.text(context)).fullmatch(wanted)
        if match:
            found.append(family.encode([
                [n.lower() for n in FIELD_NAMES[kind]].index(match.group(name))
                for name, kind in family.fields]))
    return found


# The families each step offers (while a tile is resolved: the family of its parameters,
# KIL_TILE_FAMILY).
STEP_FAMILIES = {"draft": ("draft",), "move": ("move",), "main": ("cut", "volcano", "island"),
                 "cut2": ("cut", "stop"), "secondary": ("pass", "activate"),
                 "target": ("activate",), "back": ("second_colour",)}


def _max_branching():
    """The most legal actions at one node: all the ids of a step's families, or of the family
    of a tile's parameters, or the chance outcomes."""
    by_name = {family.name: family for family in ACTION_FAMILIES}
    steps = [sum(by_name[name].size for name in names) for names in STEP_FAMILIES.values()]
    tiles = [family.size for family in ACTION_FAMILIES if family.tiles]
    return max(steps + tiles + [NUM_CHANCE])


def action_encoding_markdown() -> str:
    """The action table of rules.md ("Action encoding"), written from the codec table."""
    lines = ["| ids | family | fields (sizes) | text | meaning |",
             "| --- | --- | --- | --- | --- |"]
    for family in ACTION_FAMILIES:
        last = family.first + family.size - 1
        ids = str(family.first) if last == family.first else f"{family.first}..{last}"
        fields = ", ".join(f"{name} ({len(FIELD_NAMES[kind])})" for name, kind in family.fields)
        # the texts of the contexts where the family is offered
        contexts = [step if step in ("target", "back") else ""
                    for step, names in STEP_FAMILIES.items() if family.name in names]
        contexts += ["effect"] if family.tiles else []
        shown = []
        for context in contexts:
            text = f"`{family.text(context)}`"
            if text not in shown:
                shown.append(text)
        texts = ", ".join(shown)
        meaning = family.meaning + (f" ({', '.join(family.tiles)})" if family.tiles else "")
        lines.append(f"| {ids} | {family.name} | {fields or '-'} | {texts} | {meaning} |")
    return "\n".join(lines)


# ---------------------------------------------------------------- texts at a state
cdef str text_context(KData* d):
    """Which texts the action table uses here (see ACTION_TEXTS)."""
    return {PH_TARGET: "target", PH_EFFECT: "effect", PH_BACK: "back"}.get(d.phase, "")


cdef dict context_fields(KData* d):
    """The tile being resolved and, in the second half of coral 10 / volcano 10, where the
    second tiki comes from and goes to."""
    fields = {"resolving": _kind_name(d.kind) if d.kind >= 0 else ""}
    if d.phase == PH_BACK and d.kind == C10:
        fields.update(back_from=_sector_name(d.ex), back_to=_space_name(d.ef, d.ei))
    elif d.phase == PH_BACK:
        fields.update(back_from=_sector_name(d.ey), back_to=_sector_name(d.ex))
    return fields


cdef str chance_text(KData* d, action):
    """The text of a set-up chance outcome: a forest tiki's colour, a tile, the first player."""
    cdef int k
    if not 0 <= action < NUM_CHANCE:
        raise InvalidArgumentError(f"chance outcome {action} is out of range(0, {NUM_CHANCE})")
    if d.phase == PH_FOREST:
        if action >= K_COLOURS:
            raise InvalidArgumentError(f"chance outcome {action} is not a colour (0..3)")
        k = fill_space(d, d.step)
        return f"{_space_name(k // K_SPACES, k % K_SPACES)} {COLOURS[action]}"
    if d.phase == PH_TILES:
        slot = f"R{d.step + 1}" if d.step < K_SECTORS else f"F{d.step - K_SECTORS + 1}"
        return f"tile {action + 1} -> {slot}"
    if action >= d.n:
        raise InvalidArgumentError(f"chance outcome {action} is not a seat (0..{d.n - 1})")
    return f"start P{action + 1}"


cdef str text_of(KData* d, action):
    """The text of an action or chance outcome at d (string_to_action reads it back)."""
    if d.phase < PH_DRAFT:
        return chance_text(d, action)
    if not 0 <= action < NUM_ACTIONS:
        raise InvalidArgumentError(f"action {action} is out of range(0, {NUM_ACTIONS})")
    return action_text(action, text_context(d), context_fields(d))
