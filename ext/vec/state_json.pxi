# The JSON form of a VEC state (to_dict / load_dict of ext/vec/engine.pyx, included there).
# Every field of the C struct VecData under a readable name; rules.md "JSON format" documents
# the same table. Seats are 0-based numbers here (texts say P1..Pn); cards are ids 0..53
# (data.pxd), objectives 0..11, colors 0..5, NOVEL positions 0..3.

# (JSON name, struct field, array length or 0, minimum, maximum, meaning): ext/fields.py
JSON_FIELDS = FieldTable("vec", (
    ("players", "n", 0, VEC_MIN_PLAYERS, VEC_MAX_PLAYERS, "number of players"),
    ("turn_cap", "turn_cap", 0, VEC_MIN_TURN_CAP, VEC_MAX_TURN_CAP, "game turns before the game is scored as it stands"),
    ("turn", "turn", 0, 0, VEC_MAX_TURN_CAP, "game turns completed"),
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
     "the keep_count then (0 otherwise; a card keeps an old one it had, never read)"),
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
))
_UNUSED_SLOTS = [0] * (MAX_COMMITS - 4)     # commitment slots a 4-seat game never uses


def _to_json_dict(dict raw) -> dict:
    """The struct (as Cython's dict of it) under the JSON names."""
    bids = raw["bids"]
    out = {}
    for f in JSON_FIELDS.fields:
        name, field, length = f.name, f.struct, f.length
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
    raw = {f.struct: data[f.name] for f in JSON_FIELDS.fields if not f.struct.startswith("bids.")}
    raw["bids"] = {
        "count": data["participants"], "made": data["bids_made"],
        "revealed": data["bids_revealed"], "seat": list(data["participant"]) + _UNUSED_SLOTS,
        "content": [bid_content(i, s) for i, s in zip(data["bid_ink"], data["bid_special_ink"])]
        + _UNUSED_SLOTS}
    raw["at"] = [0] * 64        # derived: derive_locations fills it after the load
    return raw


cdef object _check_fields(VecData* d, data):
    """The JSON fields (JSON_FIELDS.check: names, integers, ranges) and the game's own
    parameters."""
    JSON_FIELDS.check(data)
    if data["players"] != d.n or data["turn_cap"] != d.turn_cap:
        raise InvalidStateError("vec state: players/turn_cap differ from the game parameters")


# ---------------------------------------------------------------- the loader's consistency checks
cdef object _check_consistency(VecData* d):
    """ValueError unless the loaded struct is a state the game can reach (or play on)."""
    n = d.n
    _check_cards(d)
    _check_novel(d)
    _check_ink(d)
    _check_objectives(d)
    if d.first >= n or d.bids.count > n or d.robbed >= n:
        raise InvalidStateError("vec state: a player index is out of range")
    _check_bids(d)
    _check_setup(d)
    _check_action(d)
    if d.stage == ST_INSERT_PLACE and d.ins_tokens > d.specials[d.bids.seat[d.winner]]:
        raise InvalidStateError("vec state: more special ink is being inserted than is held")
    _check_turn(d)


cdef object _check_cards(VecData* d):
    """Each card's place, who knows it, its quills and ink, as the game leaves them."""
    n = d.n
    full = (1 << n) - 1
    ok_locs = {L_DECK, L_IDEAS, L_DISCARD, L_NOVEL, L_TRAY}
    ok_locs |= {L_UP + p for p in range(n)} | {L_DOWN + p for p in range(n)}
    drawing = _drawing(d.stage)
    tray = [c for c in range(NCARDS) if d.loc[c] == L_TRAY]
    if d.tray_owner >= n or (tray and (not drawing or any(card_color(c) != d.color for c in tray))):
        raise InvalidStateError("vec state: cards are being drawn outside a draw, or from another deck")
    for c in range(NCARDS):
        where = d.loc[c]
        if where not in ok_locs:
            raise InvalidStateError(f"vec state: card {c} has an invalid location {where}")
        if d.known[c] >= (1 << n) or d.kbak[c] >= (1 << n) or d.ft[c] > d.clock or any(
                d.lt[4 * c + q] > d.clock for q in range(4)) or any(
                d.lt[4 * c + q] for q in range(n, 4)):
            raise InvalidStateError(f"vec state: card {c} knowledge mask is invalid")
        # public places are known to all; a face-down card to its owner (alone when it
        # was kept face down from a secret draw); a card being drawn to its drawer only
        if where in (L_IDEAS, L_DISCARD, L_NOVEL) or L_UP <= where < L_DOWN:
            bad = d.known[c] != full
        elif where >= L_DOWN:
            bad = d.known[c] != full and d.known[c] != 1 << (where - L_DOWN)
        elif where == L_TRAY:
            bad = d.known[c] != 1 << d.tray_owner
        else:
            bad = False
        # what each seat knew of a deck before a secret draw: only during that draw (a
        # card rebuilt into a deck in the open may keep a full mask: older engines wrote it)
        if d.kbak[c] and (not tray or card_color(c) != d.color or where not in (L_DECK, L_TRAY)) \
                and not d.kbak[c] == full == d.known[c]:
            bad = True
        if bad:
            raise InvalidStateError(f"vec state: who knows card {c} does not fit where it is")
        if d.owner[c] >= n or (d.marks[c] > 0) != (d.owner[c] >= 0):
            raise InvalidStateError(f"vec state: card {c} quills and owner disagree")
        if d.marks[c] and not (where == L_IDEAS and d.marks[c] == 1
                               or where == L_UP + d.owner[c] and d.marks[c] == 1
                               or where == L_DOWN + d.owner[c]):
            raise InvalidStateError(f"vec state: card {c} has quills where none can be")
        if d.ink[c] and not d.marks[c]:
            raise InvalidStateError(f"vec state: card {c} has ink but no quill")


cdef object _check_novel(VecData* d):
    for j in range(NPOS):
        if d.novel[j] >= 0 and d.loc[d.novel[j]] != L_NOVEL:
            raise InvalidStateError(f"vec state: NOVEL position {j + 1} holds a card not in the NOVEL")
    in_novel = [d.novel[j] for j in range(NPOS) if d.novel[j] >= 0]
    expected = sum(1 for c in range(NCARDS) if d.loc[c] == L_NOVEL)
    if d.stage == ST_INSERT_MOVE:
        expected -= 0 if d.mv_card < 0 else 1
        if d.mv_card < 0 or d.loc[d.mv_card] != L_NOVEL:
            raise InvalidStateError("vec state: the card being moved in the NOVEL is missing")
    if len(set(in_novel)) != len(in_novel) or len(in_novel) != expected:
        raise InvalidStateError("vec state: NOVEL positions and card locations disagree")
    if d.mv_card >= 0 and d.stage != ST_INSERT_MOVE:
        raise InvalidStateError("vec state: a NOVEL card is moving outside the move step")
    # special ink lies on NOVEL cards only, each card's from the one seat that inserted it
    for j in range(NPOS):
        owners = [p for p in range(4) if d.tok[4 * j + p]]
        if (d.novel[j] < 0 and owners) or len(owners) > 1 or any(p >= d.n for p in owners):
            raise InvalidStateError(f"vec state: special ink on NOVEL position {j + 1} "
                                    "that no inserting player put there")
    owners = [p for p in range(4) if d.mv_tok[p]]
    if (d.mv_card < 0 and owners) or len(owners) > 1 or any(p >= d.n for p in owners):
        raise InvalidStateError("vec state: special ink on a moving card that is not moving")


cdef object _check_ink(VecData* d):
    """Ink is conserved; special ink adds up to 4 and lies within its public bounds."""
    n = d.n
    cubes = d.reserve + sum(d.cubes[p] for p in range(n)) + sum(d.ink[c] for c in range(NCARDS))
    if cubes + d.carried != TOTAL_CUBES:      # carried: cubes moving with a robbed quill
        raise InvalidStateError(f"vec state: {cubes + d.carried} ink cubes counted, {TOTAL_CUBES} exist")
    if d.carried and d.stage != ST_ROBBED:
        raise InvalidStateError("vec state: cubes are moving outside a robbed quill's move")
    for p in range(n):
        pending = commit_seat_pending(&d.bids, p)
        if not d.smin[p] <= d.specials[p] or not d.smin[p] <= d.smax[p] or (
                d.specials[p] > d.smax[p] and not pending):
            raise InvalidStateError(f"vec state: {_seat_name(p)}'s special ink is outside its public bounds")
        on_novel = sum(d.tok[4 * j + p] for j in range(NPOS)) + d.mv_tok[p]
        if d.specials[p] + d.box[p] + on_novel != TOKENS_PER_COLOR:
            raise InvalidStateError(f"vec state: {_seat_name(p)}'s special ink does not add up to 4")
        # the public upper bound never exceeds what the ink value and the box allow
        # (bound_spend), else a redrawn split would need negative cubes
        if d.smax[p] > ink_value(d, p) // 4 or d.smax[p] > TOKENS_PER_COLOR - on_novel:
            raise InvalidStateError(f"vec state: {_seat_name(p)}'s special ink bound "
                                    f"{d.smax[p]} exceeds what its ink value allows")
    for p in range(n, 4):
        if d.cubes[p] or d.specials[p] or d.box[p] or d.objective[p] >= 0:
            raise InvalidStateError(f"vec state: {_seat_name(p)} has ink or an objective but is not in this {n}-player game")


cdef object _check_objectives(VecData* d):
    n = d.n
    for p in range(n):
        o = d.objective[p]
        if o >= 0 and d.obj_loc[o] != p:
            raise InvalidStateError(f"vec state: {_seat_name(p)}'s objective is not marked as held")
    for o in range(NOBJ):
        q = d.obj_loc[o]
        if q >= 0 and (q >= n or d.objective[q] != o):
            raise InvalidStateError(f"vec state: objective {o + 1} is held by nobody")


cdef object _check_setup(VecData* d):
    """Set-up, refill and Phase I fields: only in their own steps."""
    n, st = d.n, d.stage
    tray = count_loc(d, L_TRAY)
    if st in (ST_DEAL_OBJ, ST_START_DECK, ST_START_DRAW, ST_START_PICK) and d.setup_idx >= n:
        raise InvalidStateError("vec state: the set-up names no player")
    # objectives still to deal go to seats without one (a seat may lack one later on:
    # scored 0, a documented superset used by positions built for tests)
    due = 0 if st == ST_FIRST else (d.setup_idx if st == ST_DEAL_OBJ else n)
    if any(d.objective[p] >= 0 for p in range(due, n)):
        raise InvalidStateError("vec state: a seat holds an objective before it is dealt")
    if n == 3 and any(d.obj_loc[o] in (O_DISCARD, O_DECK_SEEN) for o in range(NOBJ)):
        raise InvalidStateError("vec state: 3 players never reveal objective cards")
    if st in (ST_START_DECK, ST_START_DRAW, ST_START_PICK):
        if d.cur != (d.first + d.setup_idx) % n or (st != ST_START_DECK and d.tray_owner != d.cur):
            raise InvalidStateError("vec state: the starting card is not that player's")
    if st == ST_START_DRAW:
        if not 1 <= d.draws_left or tray + d.draws_left != 3:
            raise InvalidStateError("vec state: the starting draw does not add up to 3 cards")
    elif d.draws_left:
        raise InvalidStateError("vec state: starting draws are left outside the starting draw")
    if st in (ST_START_PICK, ST_RESEARCH_PICK) and not tray:
        raise InvalidStateError("vec state: nothing was drawn to pick from")
    if (d.qlen and st != ST_IDEAS_DRAW) or (d.fill_setup and (st != ST_IDEAS_OBJ or n == 3)):
        raise InvalidStateError("vec state: Ideas Area colors are due outside the refill")
    if st < ST_PLACE and any(d.marks[c] for c in range(NCARDS)):
        raise InvalidStateError("vec state: quills on cards before Phase I")
    if st != ST_PLACE and st != ST_ROBBED and any(
            d.marks[c] for c in range(NCARDS) if d.loc[c] == L_IDEAS):
        raise InvalidStateError("vec state: quills on Ideas cards outside Phase I")
    if (d.robbed >= 0) != (st == ST_ROBBED) or (st == ST_ROBBED and d.carried < 1):
        raise InvalidStateError("vec state: a robbed player outside a robbed quill's move")


cdef object _check_action(VecData* d):
    """Phase II: the card acting, its participants and each step's player."""
    cdef Commitments* b = &d.bids
    n, st = d.n, d.stage
    if not ST_SPECIAL <= st <= ST_LIMIT:
        return
    if not 0 <= d.act_idx < 2 * n or d.actor != snake(d, d.act_idx):
        raise InvalidStateError("vec state: the card acting is not that activation's player's")
    seats = [b.seat[i] for i in range(b.count)]
    if len(set(seats)) != len(seats):
        raise InvalidStateError("vec state: a player takes part twice in the strength test")
    if st >= ST_TURN_DOWN:
        if d.cur != d.actor:
            raise InvalidStateError("vec state: only the actor turns its cards down")
        return
    acting_at = (L_UP + d.actor, L_DOWN + d.actor)
    if st == ST_INSERT_MOVE and d.act_card == d.ins_card:
        acting_at = (L_NOVEL,)                  # the card acting inserted itself
    if d.kind != card_action(d.act_card) or d.loc[d.act_card] not in acting_at:
        raise InvalidStateError("vec state: the card acting is not the actor's or acts otherwise")
    insert = d.kind == ACT_INSERT
    if st in (ST_INSERT_NOMINATE, ST_INSERT_OPPOSE, ST_INSERT_TOKENS, ST_INSERT_PLACE,
              ST_INSERT_MOVE) and not insert:
        raise InvalidStateError("vec state: an Insert step for another action")
    if (st == ST_INSERT_NOMINATE) != (b.count == 0):
        raise InvalidStateError("vec state: the strength test has no participant, or one too early")
    if st == ST_INSERT_NOMINATE:
        if d.cur != d.actor:
            raise InvalidStateError("vec state: only the actor nominates a card")
        return
    if seats[0] != d.actor:
        raise InvalidStateError("vec state: the actor is not the first participant")
    if not insert and (b.count > 2 or (b.count == 2 and d.kind != ACT_COMPARE)):
        raise InvalidStateError("vec state: too many participants for this action")
    if not insert and d.pcard[0] != d.act_card:
        raise InvalidStateError("vec state: the actor's strength is not for the card acting")
    if st != ST_INSERT_MOVE:
        for i in range(b.count):
            if d.loc[d.pcard[i]] not in (L_UP + b.seat[i], L_DOWN + b.seat[i]):
                raise InvalidStateError("vec state: a participant's card is not in its display")
    if st == ST_INSERT_OPPOSE:
        offsets = [(q - d.actor) % n for q in seats]
        if (not 1 <= d.step < n or d.cur != (d.actor + d.step) % n
                or offsets != sorted(offsets) or max(offsets) >= d.step):
            raise InvalidStateError("vec state: the opposers do not declare clockwise")
    elif st == ST_SPECIAL:
        if d.step >= b.count or d.cur != b.seat[d.step] or b.made:
            raise InvalidStateError("vec state: the special points step is not that player's")
    elif st == ST_COMPARE_TARGET:
        if d.kind != ACT_COMPARE or b.count != 1 or d.cur != d.actor or b.made:
            raise InvalidStateError("vec state: a Compare target chosen out of turn")
    elif st in (ST_COMPARE_TURN, ST_INSERT_TOKENS, ST_INSERT_PLACE, ST_INSERT_MOVE):
        if d.winner >= b.count or d.cur != b.seat[d.winner] or not (b.revealed or b.count == 1):
            raise InvalidStateError("vec state: the winner of the strength test is not the one to act")
        if st != ST_COMPARE_TURN:
            where = L_NOVEL if st == ST_INSERT_MOVE else L_UP + d.cur
            if d.ins_card != d.pcard[d.winner] or d.loc[d.ins_card] != where:
                raise InvalidStateError("vec state: the card inserted is not the winner's")
            if st == ST_INSERT_TOKENS and b.count == 1 and d.step != n:
                raise InvalidStateError("vec state: an Insert without opposition before all declined")
    elif st in (ST_RESEARCH_DECK, ST_RESEARCH_DRAW, ST_RESEARCH_PICK, ST_REACTIVATE):
        kind = ACT_REACTIVATE if st == ST_REACTIVATE else ACT_RESEARCH
        if d.kind != kind or not b.revealed or (st != ST_RESEARCH_DRAW and d.cur != d.actor):
            raise InvalidStateError("vec state: the effect is not the actor's")
        if st != ST_REACTIVATE and st != ST_RESEARCH_DECK and d.tray_owner != d.actor:
            raise InvalidStateError("vec state: the research draw is not the actor's")


cdef object _check_turn(VecData* d):
    """The stage's own fields, and someone (or chance) can move."""
    cdef int buf[MAX_ACTIONS]
    n = d.n
    st = d.stage
    if st != ST_END and (novel_count(d) >= NPOS or d.turn >= d.turn_cap):
        raise InvalidStateError("vec state: the NOVEL is full or the turn cap is reached, the game is over")
    if st <= ST_START_PICK and d.turn != 0:
        raise InvalidStateError("vec state: set-up steps happen before the first turn")
    if st == ST_SPECIAL and d.step >= d.bids.count:
        raise InvalidStateError("vec state: the strength step names no participant")
    if st in (ST_COMPARE_TURN, ST_INSERT_TOKENS, ST_INSERT_PLACE) and d.winner >= d.bids.count:
        raise InvalidStateError("vec state: the winner of the strength test is not a participant")
    if st == ST_COMPARE_TURN and (d.bids.count != 2 or d.loser >= 2 or d.loser == d.winner):
        raise InvalidStateError("vec state: a Compare has exactly two participants")
    if st == ST_IDEAS_DRAW and d.qlen == 0:
        raise InvalidStateError("vec state: an Ideas draw with no color to draw")
    if st == ST_PLACE and (not 0 <= d.place_idx < 2 * n or d.cur != snake(d, d.place_idx)):
        raise InvalidStateError("vec state: the quill placement is not that player's turn")
    if st == ST_ACT_CHOOSE and (not 0 <= d.act_idx < 2 * n or d.cur != snake(d, d.act_idx)):
        raise InvalidStateError("vec state: the activation is not that player's turn")
    if st == ST_ROBBED and d.robbed != d.cur:
        raise InvalidStateError("vec state: the robbed player is not the one to act")
    if d.stage != ST_END and not is_chance_stage(d.stage):
        if not 0 <= d.cur < n:
            raise InvalidStateError("vec state: no player to act")
        if gen_legal(d, buf) == 0:
            raise InvalidStateError("vec state: the player to act has no legal move")
    elif is_chance_stage(d.stage) and d.stage != ST_FIRST:
        if gen_chance(d, buf, NULL) == 0:
            raise InvalidStateError("vec state: a chance node with no outcome")


cdef object _check_bids(VecData* d):
    """The strength test's sealed bids (a sequential hidden commitment, ext/commit.pxd)."""
    cdef Commitments* b = &d.bids
    if b.made > b.count or (b.revealed and b.made != b.count):
        raise InvalidStateError("vec state: more bids made than participants, or revealed early")
    for i in range(b.count):
        if b.seat[i] >= d.n:
            raise InvalidStateError("vec state: a participant is out of range")
        if (commit_pending(b, i) and (content_ink(b.content[i]) > d.cubes[b.seat[i]]
                                      or content_special(b.content[i]) > d.specials[b.seat[i]])):
            raise InvalidStateError("vec state: a sealed bid exceeds what its player holds")
    for i in range(MAX_COMMITS):
        if i >= b.made and b.content[i]:
            raise InvalidStateError("vec state: a bid is recorded for a player who has not bid")
        if i >= b.count and b.seat[i]:
            raise InvalidStateError("vec state: a participant is recorded in an unused slot")
    if d.stage == ST_BID:
        if b.made >= b.count or d.cur != b.seat[b.made] or d.step != 0:
            raise InvalidStateError("vec state: the bids made do not match the bidding step")
    elif b.made and not b.revealed:
        raise InvalidStateError("vec state: sealed bids outside the bidding step")
