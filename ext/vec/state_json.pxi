# The JSON form of a VEC state (to_dict / load_dict of ext/vec/engine.pyx, included there).
# Every field of the C struct VecData under a readable name; rules.md "JSON format" documents
# the same table. Seats are 0-based numbers here (texts say P1..Pn); cards are ids 0..53
# (data.pxd), objectives 0..11, colors 0..5, NOVEL positions 0..3.

# (JSON name, struct field, array length or 0, minimum, maximum, meaning)
_JSON_FIELDS = (
    ("players", "n", 0, MIN_PLAYERS, MAX_PLAYERS, "number of players"),
    ("turn_cap", "turn_cap", 0, 1, MAX_TURN_CAP, "game turns before the game is scored as it stands"),
    ("turn", "turn", 0, 0, MAX_TURN_CAP, "game turns completed"),
    ("stage", "stage", 0, 0, NUM_STAGES - 1, "the step of the game (the list in rules.md)"),
    ("first_player", "first", 0, 0, 3, "holder of the first player token"),
    ("to_act", "cur", 0, -1, 3, "the player to act at a decision (-1 before the first)"),
    ("card_location", "loc", NCARDS, 0, 15, "per card: 0 deck, 1 Ideas Area, 2 discards, "
     "3 NOVEL, 4 being drawn, 8+p face up in p's display, 12+p face down there"),
    ("card_known_by", "known", NCARDS, 0, 15, "per card: bit p set when p knows where it is"),
    ("card_known_before_draw", "kbak", NCARDS, 0, 15, "per card: card_known_by when the "
     "current secret draw began (0 outside a draw); back when the drawer keeps a card face up"),
    ("keep_count", "clock", 0, 0, 10000, "cards kept face down from secret draws so far"),
    ("card_keep_time", "ft", NCARDS, 0, 10000, "per card kept face down from a secret draw: "
     "the keep_count then (0 otherwise)"),
    ("lost_track_time", "lt", NCARDS * 4, 0, 10000, "at 4*card + p: the keep_count when p, "
     "who knew the card in its deck, lost track of it (0: never)"),
    ("card_quills", "marks", NCARDS, 0, 2, "per card: quills on it"),
    ("card_quill_owner", "owner", NCARDS, -1, 3, "per card: owner of its quills (-1 none)"),
    ("card_ink", "ink", NCARDS, 0, 24, "per card: ink cubes on it"),
    ("objective_location", "obj_loc", NOBJ, -3, 3, "per objective: its holder, -1 in the deck "
     "unseen, -2 revealed for the Ideas Area, -3 back in the deck after a public reshuffle"),
    ("player_objective", "objective", 4, -1, 11, "per seat: its objective (-1 none)"),
    ("player_ink", "cubes", 4, 0, 24, "per seat: ink cubes held"),
    ("player_special_ink", "specials", 4, 0, 4, "per seat: special ink held"),
    ("special_ink_in_box", "box", 4, 0, 4, "per seat: its special ink still in the box"),
    ("special_ink_min", "smin", 4, 0, 4, "per seat: public lower bound of its special ink"),
    ("special_ink_max", "smax", 4, 0, 4, "per seat: public upper bound of its special ink"),
    ("ink_reserve", "reserve", 0, 0, 24, "ink cubes in the reserve"),
    ("novel_card", "novel", NPOS, -1, 53, "per NOVEL position: its card (-1 empty)"),
    ("novel_special_ink", "tok", NPOS * 4, 0, 4, "at 4*position + p: p's special ink there"),
    ("placement_index", "place_idx", 0, -1, 8, "Phase I: the current placement (snake order)"),
    ("robbed_player", "robbed", 0, -1, 3, "the player whose quill was stolen (-1 none)"),
    ("carried_ink", "carried", 0, 0, 25, "ink moving with the robbed quill"),
    ("activation_index", "act_idx", 0, -1, 8, "Phase II: the current activation (snake order)"),
    ("actor", "actor", 0, 0, 3, "the player whose card acts (or acted last)"),
    ("action_card", "act_card", 0, 0, 53, "that card"),
    ("action_kind", "kind", 0, 0, 4, "its action: 0 Insert, 1 Compare, 2 Research, "
     "3 Re-activate, 4 Retrieve drops"),
    ("participants", "bids.count", 0, 0, 4, "seats in the strength test (they bid in order)"),
    ("participant", "bids.seat", 4, 0, 3, "per slot: the participating seat (0 unused)"),
    ("participant_card", "pcard", 4, 0, 53, "per slot: the card its strength is for"),
    ("special_points", "ppts", 4, 0, 200, "per slot: special points (strength step 1)"),
    ("bids_made", "bids.made", 0, 0, 4, "ink bids made so far (slots 0..bids_made-1)"),
    ("bid_ink", "bids.content", 4, 0, 24, "per slot: ink cubes bid (sealed until revealed)"),
    ("bid_special_ink", "bids.content", 4, 0, 4, "per slot: special ink bid (likewise)"),
    ("bids_revealed", "bids.revealed", 0, 0, 1, "1 once the bids were shown together"),
    ("strength", "strength", 4, 0, 10000, "per slot: strength shown at the reveal"),
    ("step", "step", 0, 0, 4, "special points: the slot to act; Insert: the opposer counted "
     "clockwise from the actor"),
    ("effect_points", "points", 0, -30, 10000, "points of the effect left to spend"),
    ("deck_color", "color", 0, 0, 5, "the deck chosen for the current or last draw"),
    ("winner", "winner", 0, 0, 3, "slot that won the strength test"),
    ("loser", "loser", 0, 0, 3, "slot that lost a Compare"),
    ("insert_card", "ins_card", 0, 0, 53, "the card being inserted"),
    ("insert_special_ink", "ins_tokens", 0, 0, 4, "special ink put on it"),
    ("moving_card", "mv_card", 0, -1, 53, "a replaced NOVEL card still to be placed (-1 none)"),
    ("moving_special_ink", "mv_tok", 4, 0, 4, "per seat: special ink on the moving card"),
    ("setup_player", "setup_idx", 0, 0, 4, "set-up: the seat being dealt or picking"),
    ("draws_left", "draws_left", 0, 0, 3, "set-up: cards still to draw for the starting pick"),
    ("drawing_player", "tray_owner", 0, 0, 3, "who draws the cards being drawn"),
    ("ideas_setup_pending", "fill_setup", 0, 0, 1, "1 while the set-up objective of the "
     "Ideas Area is to be revealed"),
    ("ideas_queue", "queue", MAX_IDEAS, 0, 5, "colors still to draw for the Ideas Area"),
    ("ideas_queue_length", "qlen", 0, 0, MAX_IDEAS, "how many of ideas_queue are due"),
)
# JSON name -> (array length or 0, minimum, maximum), for validation
_FIELDS = {f[0]: (f[2], f[3], f[4]) for f in _JSON_FIELDS}
_UNUSED_SLOTS = [0] * (MAX_COMMITS - 4)     # commitment slots a 4-seat game never uses


def _to_json_dict(dict raw) -> dict:
    """The struct (as Cython's dict of it) under the JSON names."""
    bids = raw["bids"]
    out = {}
    for name, field, length, _, _, _ in _JSON_FIELDS:
        if name == "bid_ink":
            out[name] = [content // SPECIAL_VALUES for content in bids["content"][:length]]
        elif name == "bid_special_ink":
            out[name] = [content % SPECIAL_VALUES for content in bids["content"][:length]]
        elif field.startswith("bids."):
            value = bids[field[5:]]
            out[name] = list(value[:length]) if length else value
        else:
            out[name] = raw[field]
    return out


def _from_json_dict(dict data) -> dict:
    """The struct's dict from checked JSON data (the inverse of _to_json_dict)."""
    raw = {field: data[name] for name, field, _, _, _, _ in _JSON_FIELDS
           if not field.startswith("bids.")}
    raw["bids"] = {
        "count": data["participants"], "made": data["bids_made"],
        "revealed": data["bids_revealed"], "seat": list(data["participant"]) + _UNUSED_SLOTS,
        "content": [bid_content(i, s) for i, s in zip(data["bid_ink"], data["bid_special_ink"])]
        + _UNUSED_SLOTS}
    return raw


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"vec state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidStateError(f"vec state: {name}={value} is outside {lo}..{hi}")
