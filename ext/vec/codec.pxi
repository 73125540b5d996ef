# The action codec of ext/vec/engine.pyx (included there): id <-> structured move <-> text.
#
# An action family is a name, a first id and the sizes of its fields; an id is the family's
# first id plus its fields in mixed radix (first field most significant). The first ids are
# computed below from the sizes (each family starts where the previous one ends) and equal the
# ids of every saved game. The C part (enums and inline encode/decode) serves the hot paths; the
# Python table `_FAMILIES` at the end builds every text from the same sizes, and
# `string_to_action` parses a text by matching the legal actions' texts.

# The action ids and their C encoders are in actions.pxd, which logic.pyx (the stages) and
# engine.pyx (these texts) both cimport.

# ---------------------------------------------------------------- the table (Python, texts)
# (name, first id, fields (name, size), text, texts by stage). Field texts: `card` a card name,
# `color` a deck color, `position` 1..4, `exchanges` the "exchange 4t ink for t special, "
# prefix (empty for none), `seat` P1..P4, `objective` "#k type: colors", others the number.
_FAMILIES = (
    ("idea", A_IDEA, (("card", NCARDS), ("ink", INK_VALUES)), "quill on idea {card} with {ink} ink",
     {ST_ROBBED: "move quill to idea {card}"}),
    ("own", A_DISP, (("card", NCARDS),), "quill on own {card}",
     {ST_ROBBED: "move quill to own {card}"}),
    ("done", A_DONE, (), "done",
     {ST_PLACE: "no quill", ST_ROBBED: "quill back to stock",
      ST_SPECIAL: "no more special points", ST_COMPARE_TARGET: "skip compare",
      ST_COMPARE_TURN: "stop turning", ST_RESEARCH_DECK: "skip research",
      ST_REACTIVATE: "stop re-activating", ST_INSERT_NOMINATE: "skip insert",
      ST_INSERT_OPPOSE: "no opposition"}),
    ("activate", A_ACTIVATE, (("card", NCARDS),), "activate {card}", {}),
    ("renounce", A_RENOUNCE, (("card", NCARDS),), "renounce {card}", {}),
    ("turn", A_TURN, (("card", NCARDS),), "turn {card} face down",
     {ST_SPECIAL: "turn {card} down for 1 point"}),
    ("discard", A_DISCARD, (("card", NCARDS),), "discard {card} for 2 points", {}),
    ("bid", A_BID, (("exchanges", EXCHANGE_VALUES), ("ink", INK_VALUES), ("special", SPECIAL_VALUES)),
     "{exchanges}bid {ink} ink {special} special", {}),
    ("choose", A_CHOOSE, (("card", NCARDS),), "insert {card}",
     {ST_COMPARE_TARGET: "compare with {card}", ST_COMPARE_TURN: "turn opponent's {card} face down",
      ST_INSERT_OPPOSE: "oppose with {card}"}),
    ("keep_down", A_KEEP_DOWN, (("card", NCARDS),), "keep {card} face down", {}),
    ("keep_up", A_KEEP_UP, (("card", NCARDS),), "keep {card} face up", {}),
    ("flip", A_FLIP, (("card", NCARDS),), "turn {card} face up", {}),
    ("deck", A_DECK, (("color", NCOLORS),), "{color} deck", {}),
    ("draw", A_DRAW, (), "draw another card", {}),
    ("tokens", A_TOKENS, (("exchanges", EXCHANGE_VALUES), ("special", SPECIAL_VALUES)),
     "{exchanges}add {special} special ink", {}),
    ("position", A_POS, (("position", NPOS),), "NOVEL position {position}", {}),
    ("replace", A_REPLACE, (("position", NPOS),), "replace NOVEL position {position}", {}),
)
_CHANCE_FAMILIES = (
    ("draw", C_CARD, (("card", NCARDS),), "draw {card}", {}),
    ("objective", C_OBJ, (("objective", NOBJ),), "reveal objective {objective}",
     {ST_DEAL_OBJ: "deal objective {objective} to {dealt_to}"}),
    ("first", C_FIRST, (("seat", 4),), "first player {seat}", {}),
)


def _family_size(family) -> int:
    size = 1
    for _, n in family[2]:
        size *= n
    return size


def _check_table(families, total) -> None:
    """The first ids of the C enums are the table's sizes accumulated (checked at import)."""
    first = 0
    for family in families:
        if family[1] != first:
            raise ImportError(f"vec codec: family {family[0]} starts at {family[1]}, not {first}")
        first += _family_size(family)
    if first != total:
        raise ImportError(f"vec codec: the families end at {first}, not {total}")


_check_table(_FAMILIES, NUM_ACTIONS)
_check_table(_CHANCE_FAMILIES, NUM_CHANCE)
FAMILY_SIZE = {family[0]: _family_size(family) for family in _FAMILIES}


def decode(action, families=_FAMILIES):
    """(family name, {field: value}) of id `a`; InvalidArgumentError outside the table."""
    a = action_id(action)
    for family in reversed(families):
        if a >= family[1]:
            break
    else:
        raise InvalidArgumentError(f"{a} is not an action of this game")
    name, first, fields = family[0], family[1], family[2]
    rest = a - first
    if rest >= _family_size(family):
        raise InvalidArgumentError(f"{a} is not an action of this game")
    values = {}
    for field, size in reversed(fields):
        rest, values[field] = divmod(rest, size)
    return name, values


def encode(str name, families=_FAMILIES, **values) -> int:
    """The id of family `name` with these field values (the inverse of `decode`)."""
    for family in families:
        if family[0] == name:
            a = 0
            for field, size in family[2]:
                if field not in values:
                    raise InvalidArgumentError(f"{name}: the field {field} is missing")
                v = action_id(values[field])
                if not 0 <= v < size:
                    raise InvalidArgumentError(f"{name}: {field}={v} is outside 0..{size - 1}")
                a = a * size + v
            return family[1] + a
    raise InvalidArgumentError(f"no action family {name!r}")


def _exchange_text(t: int) -> str:
    return f"exchange {4 * t} ink for {t} special, " if t else ""


def _field_text(str field, int v):
    if field == "card":
        return card_name(v)
    if field == "color":
        return color_name(v).decode()
    if field == "position":
        return v + 1
    if field == "exchanges":
        return _exchange_text(v)
    if field == "seat":
        return _seat_name(v)
    if field == "objective":
        return _obj_text(v)
    return v


def action_text(int a, int stage, families=_FAMILIES, **context) -> str:
    """The text of id `a` at a state in `stage`, from the family's pattern."""
    name, values = decode(a, families)
    for family in families:
        if family[0] == name:
            pattern = family[4].get(stage, family[3])
            return pattern.format(**context, **{f: _field_text(f, v) for f, v in values.items()})


cdef str text_of(VecData* d, action):
    """The text of an action or chance outcome at d (the table above)."""
    a = action_id(action)
    if is_chance_stage(d.stage):
        if d.stage == ST_FIRST and C_FIRST <= a < C_FIRST + d.n:
            return action_text(a, d.stage, _CHANCE_FAMILIES)
        if not C_CARD <= a < C_FIRST:
            raise InvalidArgumentError(f"{a} is not a chance outcome of this game")
        return action_text(a, d.stage, _CHANCE_FAMILIES, dealt_to=_seat_name(d.setup_idx))
    if not 0 <= a < NUM_ACTIONS:
        raise InvalidArgumentError(f"{a} is not an action of this game")
    return action_text(a, d.stage)
