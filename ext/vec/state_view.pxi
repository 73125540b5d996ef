# The frontends' view of a VEC state (the hooks of State.view: view_round, view_score and
# view_board; VecState.action_info; included by ext/vec/engine.pyx). rules.md "View"
# documents every key. A view holds only what its seat may know (spectator: what every seat
# knows), so it never depends on hidden information and is unchanged by resample(seat, k).


cdef object _card_view(VecData* d, int c):
    """A card everyone in the view can name: its attributes, quills and ink."""
    info = card_info(c)
    info["name"] = card_name(c)
    info["quills"] = d.marks[c]
    info["quill_owner"] = d.owner[c] if d.owner[c] >= 0 else None
    info["ink"] = d.ink[c]
    info["strength"] = card_strength(d, c)
    return info


cdef object card_strength(VecData* d, int c):
    """A card's strength in its owner's display before special points and bids: A x B (face-up
    cards of its type x of its genre) + the ink on it (C5); None outside a display."""
    cdef int where = d.loc[c], p, x, a = 0, b = 0
    if where < L_UP:
        return None
    p = (where - L_UP) % 4
    for x in range(NCARDS):
        if d.loc[x] == L_UP + p:
            if card_type(x) == card_type(c):
                a += 1
            if card_genre(x) == card_genre(c):
                b += 1
    return a * b + d.ink[c]


cdef object _unseen_view(VecData* d, int c):
    """A face-down or drawn card the viewer cannot name: what its place shows."""
    return {"color": color_name(card_color(c)).decode(), "quills": d.marks[c],
            "quill_owner": d.owner[c] if d.owner[c] >= 0 else None, "ink": d.ink[c],
            "keep_time": d.ft[c]}


cdef inline bint _knows(VecData* d, int c, int viewer) noexcept nogil:
    """The viewer (a seat, or -1: every seat) knows where card c is."""
    if viewer < 0:
        return d.known[c] == all_mask(d)
    return (d.known[c] >> viewer) & 1


cdef object _seat_view(VecData* d, int q, int viewer):
    end = d.stage == ST_END
    o = d.objective[q]
    seat = {"seat": q, "name": _seat_name(q), "face_up_count": faceup(d, q),
            "colors_in_display": display_colors(d, q),
            "ink_value": ink_value(d, q)}
    seat["objective"] = objective_info(o) if o >= 0 and (q == viewer or end) else None
    seat["has_objective"] = o >= 0
    if q == viewer or end:
        seat.update(ink=d.cubes[q], special_ink=d.specials[q], special_ink_in_box=d.box[q])
    else:
        seat.update(ink=None, special_ink=None, special_ink_in_box=None)
    seat["special_ink_min"] = d.smin[q]
    seat["special_ink_max"] = d.smax[q]
    seat["special_ink_on_novel"] = on_novel(d, q)
    return seat


cdef object _display_view(VecData* d, int q, int viewer):
    up = [_card_view(d, c) for c in range(NCARDS) if d.loc[c] == L_UP + q]
    down = [_card_view(d, c) for c in range(NCARDS) if d.loc[c] == L_DOWN + q and _knows(d, c, viewer)]
    unseen = sorted([_unseen_view(d, c) for c in range(NCARDS)
                     if d.loc[c] == L_DOWN + q and not _knows(d, c, viewer)],
                    key=lambda u: (u["color"], u["keep_time"], u["quills"], u["ink"]))
    return {"seat": q, "face_up": up, "face_down": down, "face_down_unseen": unseen}


cdef object _strength_test_view(VecData* d, int viewer):
    if not ST_SPECIAL <= d.stage <= ST_INSERT_MOVE and not (
            d.bids.revealed and ST_ACT_CHOOSE < d.stage < ST_END):
        return None
    test = {"active": bool(ST_SPECIAL <= d.stage <= ST_INSERT_MOVE), "actor": d.actor,
            "card": _card_view(d, d.act_card), "action": action_name(d.kind).decode(),
            "revealed": bool(d.bids.revealed), "points_left": d.points, "participants": []}
    for i in range(d.bids.count):
        made = i < d.bids.made
        hidden = made and (viewer < 0 or commit_hidden_from(&d.bids, i, viewer)) and not d.bids.revealed
        part = {"seat": d.bids.seat[i], "card": _card_view(d, d.pcard[i]),
                "special_points": d.ppts[i], "has_bid": made, "sealed": made and not d.bids.revealed,
                "bid_ink": None, "bid_special_ink": None, "strength": None,
                "base_strength": base_strength(d, i) if not d.bids.revealed else None}
        if made and not hidden:
            part["bid_ink"] = content_ink(d.bids.content[i])
            part["bid_special_ink"] = content_special(d.bids.content[i])
        if d.bids.revealed:
            part["strength"] = d.strength[i]
        test["participants"].append(part)
    if d.bids.revealed and d.bids.count >= 1:
        test["outcome"] = _outcome_text(d)
    if d.stage in (ST_INSERT_TOKENS, ST_INSERT_PLACE, ST_INSERT_MOVE):
        test["inserting"] = _card_view(d, d.ins_card)
        test["inserting_special_ink"] = d.ins_tokens if d.stage != ST_INSERT_TOKENS else None
    return test


cdef object _outcome_text(VecData* d):
    """Who won the revealed strength test, in words (public)."""
    cdef int i
    if d.kind == ACT_COMPARE and d.bids.count == 2:
        if d.strength[0] == d.strength[1]:
            return "tie: nothing happens"
        w = 0 if d.strength[0] > d.strength[1] else 1
        return (f"{_seat_name(d.bids.seat[w])} wins by {abs(d.strength[0] - d.strength[1])}, "
                f"points to turn {_seat_name(d.bids.seat[1 - w])}'s face-up cards down")
    if d.kind == ACT_INSERT and d.bids.count >= 2:
        best = max([d.strength[i] for i in range(d.bids.count)])
        top = [i for i in range(d.bids.count) if d.strength[i] == best]
        if len(top) > 1:
            return "tie: nothing is inserted"
        return f"{_seat_name(d.bids.seat[top[0]])} inserts {card_name(d.pcard[top[0]])}"
    if d.kind == ACT_RETRIEVE:
        return f"{_seat_name(d.actor)} retrieves up to {d.strength[0] // 2} ink"
    return f"{_seat_name(d.actor)} has {d.strength[0]} points to spend"


cdef object _drawing_view(VecData* d, int viewer):
    tray = [c for c in range(NCARDS) if d.loc[c] == L_TRAY]
    if not _drawing(d.stage) and not tray:
        return None
    seen = [_card_view(d, c) for c in tray if _knows(d, c, viewer)]
    return {"player": d.tray_owner, "deck": color_name(d.color).decode(), "cards": seen,
            "unseen_count": len(tray) - len(seen)}


cdef int view_round(VecData* d):
    """The turn being played, 1-based (the last one once the game is over): VEC counts turns,
    one a player (rules.md, "View")."""
    return min(d.turn + 1, d.turn_cap)


cdef object view_score(VecData* d, int q, int viewer):
    """Seat q's VP as the viewer (-1: a spectator) may know it: its own, and everyone's at the
    end; None otherwise, since the VP come from the hidden objective (C3)."""
    return score_of(d, q) if q == viewer or d.stage == ST_END else None


cdef object view_board(VecData* d, int viewer):
    """The game's keys of the view, under `board` (viewer -1: a spectator); the stage, the turn
    and the scores are the common keys `phase`, `round` and `seats`."""
    view = {
        "turn_cap": d.turn_cap, "stage_id": d.stage, "first_player": d.first,
        "seats": [_seat_view(d, q, viewer) for q in range(d.n)],
        "ideas": [_card_view(d, c) for c in range(NCARDS) if d.loc[c] == L_IDEAS],
        "displays": [_display_view(d, q, viewer) for q in range(d.n)],
        "novel": [None if d.novel[j] < 0 else dict(
            _card_view(d, d.novel[j]), position=j + 1,
            special_ink={str(q): d.tok[4 * j + q] for q in range(d.n) if d.tok[4 * j + q]})
            for j in range(NPOS)],
        "discards": [_card_view(d, c) for c in range(NCARDS) if d.loc[c] == L_DISCARD],
        "decks": {color_name(k).decode(): deck_count(d, k) for k in range(NCOLORS)},
        "objective_discards": [objective_info(o) for o in range(NOBJ) if d.obj_loc[o] == O_DISCARD],
        "objective_deck": None if d.n == 3 else len(
            [o for o in range(NOBJ) if d.obj_loc[o] == O_DECK or d.obj_loc[o] == O_DECK_SEEN]),
        "objective_deck_seen": [objective_info(o) for o in range(NOBJ) if d.obj_loc[o] == O_DECK_SEEN],
        "drawing": _drawing_view(d, viewer),
        "strength_test": _strength_test_view(d, viewer),
        "ideas_due": [color_name(d.queue[i]).decode() for i in range(d.qlen)],
    }
    if d.stage == ST_ROBBED:
        view["robbed"] = {"player": d.cur, "carried_ink": d.carried}
    if viewer >= 0:
        view["known_in_decks"] = [c for c in range(NCARDS) if d.loc[c] == L_DECK and _knows(d, c, viewer)]
        view["in_deck_or_drawn"] = [c for c in range(NCARDS) if not _knows(d, c, viewer)
                                    and (d.kbak[c] >> viewer) & 1]
        view["in_deck_or_kept_face_down_since"] = {
            str(c): d.lt[4 * c + viewer] for c in range(NCARDS)
            if not _knows(d, c, viewer) and not (d.kbak[c] >> viewer) & 1 and d.lt[4 * c + viewer]}
    return view


# ---------------------------------------------------------------- action_info
_ACTION_KINDS = {
    "idea": "quill_on_idea", "own": "quill_on_own_card", "activate": "activate",
    "renounce": "renounce", "turn": "turn_face_down", "discard": "discard",
    "bid": "bid", "keep_down": "keep_face_down", "keep_up": "keep_face_up",
    "flip": "turn_face_up", "deck": "choose_deck", "draw": "draw_another",
    "tokens": "add_special_ink", "position": "novel_position", "replace": "replace_novel_card",
}
_CHOOSE_KINDS = {ST_COMPARE_TARGET: "compare_with", ST_COMPARE_TURN: "turn_opponent_card",
                 ST_INSERT_NOMINATE: "nominate", ST_INSERT_OPPOSE: "oppose"}
_DONE_KINDS = {ST_PLACE: "no_quill", ST_ROBBED: "quill_back", ST_SPECIAL: "stop_special_points",
               ST_COMPARE_TARGET: "skip_compare", ST_COMPARE_TURN: "stop_turning",
               ST_RESEARCH_DECK: "skip_research", ST_REACTIVATE: "stop_reactivating",
               ST_INSERT_NOMINATE: "skip_insert", ST_INSERT_OPPOSE: "no_opposition"}


cdef object _action_fields(VecData* d, int a):
    """Structured fields of legal action (or chance outcome) `a` at d."""
    cdef int st = d.stage
    if is_chance_stage(st):
        name, values = decode(a, _CHANCE_FAMILIES)
        info = {"kind": {"draw": "draw_card", "objective": "objective", "first": "first_player"}[name],
                "chance": True}
        if name == "draw":
            info["card"] = _card_view(d, values["card"])
            info["to"] = "ideas" if st == ST_IDEAS_DRAW else "drawn"
            info["player"] = None if st == ST_IDEAS_DRAW else d.tray_owner
        elif name == "objective":
            info["objective"] = objective_info(values["objective"])
            info["player"] = d.setup_idx if st == ST_DEAL_OBJ else None
        else:
            info["player"] = values["seat"]
        return info
    name, values = decode(a)
    info = {"chance": False, "player": d.cur}
    if name == "done":
        info["kind"] = _DONE_KINDS.get(st, "done")
    elif name == "choose":
        info["kind"] = _CHOOSE_KINDS.get(st, "insert")
    elif name == "turn":
        info["kind"] = "turn_down_for_a_point" if st == ST_SPECIAL else "turn_face_down"
    else:
        info["kind"] = _ACTION_KINDS[name]
    if "card" in values:
        c = values["card"]
        info["card"] = _card_view(d, c)
        info["from"] = _place_name(d, c)
    for field in ("ink", "special", "exchanges"):
        if field in values:
            info[{"special": "special_ink"}.get(field, field)] = values[field]
    if "exchanges" in values:
        info["ink_exchanged"] = 4 * values["exchanges"]
    if "color" in values:
        info["deck"] = color_name(values["color"]).decode()
    if "position" in values:
        info["position"] = values["position"] + 1
    info.update(_action_effect(d, name, values))
    return info


cdef object _place_name(VecData* d, int c):
    where = d.loc[c]
    if where == L_IDEAS:
        return "ideas"
    if where == L_TRAY:
        return "drawn"
    if L_UP <= where < L_DOWN:
        return f"face_up:{where - L_UP}"
    if where >= L_DOWN:
        return f"face_down:{where - L_DOWN}"
    return ("deck", "ideas", "discards", "novel")[where]


cdef object _action_effect(VecData* d, str name, dict values):
    """The move's cost and gain in points, ink or strength, when it has one."""
    cdef int st = d.stage, q
    if name == "idea" and st == ST_PLACE:
        c = values["card"]
        return {"cost_ink": values["ink"], "steal": bool(d.marks[c]), "to": "ideas"}
    if name == "own":
        return {"to": "own_display"}
    if name == "turn" and st == ST_SPECIAL:
        return {"gain_points": 1}
    if name == "discard":
        return {"gain_points": 2, "to": "discards"}
    if name == "bid":
        return {"cost_ink": values["ink"], "cost_special_ink": values["special"],
                "gain_strength": values["ink"] + 3 * values["special"]}
    if name == "choose" and st == ST_COMPARE_TURN:
        q = d.bids.seat[d.loser]
        return {"cost_points": turn_cost(faceup(d, q)), "points_left": d.points}
    if name == "choose" and st == ST_COMPARE_TARGET:
        return {"defender": d.loc[values["card"]] - L_UP}
    if name in ("deck", "draw") and st in (ST_RESEARCH_DECK, ST_RESEARCH_PICK):
        return {"cost_points": 2, "points_left": d.points}
    if name == "keep_up" and st == ST_RESEARCH_PICK:
        return {"cost_points": 4, "points_left": d.points, "to": "face_up"}
    if name == "keep_down":
        return {"to": "face_down"}
    if name == "flip":
        return {"cost_points": 2, "points_left": d.points, "to": "face_up"}
    if name == "tokens":
        return {"cost_special_ink": values["special"], "card_inserted": _card_view(d, d.ins_card)}
    if name in ("position", "replace"):
        j = values["position"]
        out = {"to": "novel"}
        if name == "replace":
            out["replaced"] = _card_view(d, d.novel[j])
        return out
    return {}


# ---------------------------------------------------------------- names and tables
_STAGE_NAMES = ("first player", "deal objectives", "starting deck", "starting draw",
                "starting pick", "Ideas objective", "Ideas draw", "Phase I: place quill",
                "Phase I: robbed quill moves", "Phase II: activate", "special points",
                "ink bid", "Compare: target", "Compare: turn cards", "Research: deck",
                "Research: draw", "Research: pick", "Re-activate", "Insert: nominate",
                "Insert: oppose", "Insert: special ink", "Insert: position",
                "Insert: move replaced card", "turn a card face down", "7 face-up limit",
                "game over")
_CHANCE_STAGES = (ST_FIRST, ST_DEAL_OBJ, ST_START_DRAW, ST_IDEAS_OBJ, ST_IDEAS_DRAW,
                  ST_RESEARCH_DRAW)


def _seat_name(int p) -> str:
    """How texts name seat p (0-based in the API): P1..Pn, as in Kilauea."""
    return f"P{p + 1}"


def _index(value, size: int, what: str) -> int:
    """`value` as an index in 0..size-1; InvalidArgumentError otherwise."""
    index = whole_number(value)
    if index is None or not 0 <= index < size:
        raise InvalidArgumentError(f"{what} is a whole number in 0..{size - 1}, not {value!r}")
    return index


def card_name(card) -> str:
    """The text of Novel card c: color, type and genre (unique per card, C1)."""
    cdef int c = _index(card, NCARDS, "a card")
    return (f"{color_name(card_color(c)).decode()} {type_name(card_type(c)).decode()} "
            f"{genre_name(card_genre(c)).decode()}")


def card_info(card) -> dict:
    """The attributes of Novel card c (GAPS C1 data)."""
    cdef int c = _index(card, NCARDS, "a card")
    return {"id": c, "type": type_name(card_type(c)).decode(),
            "color": color_name(card_color(c)).decode(),
            "genre": genre_name(card_genre(c)).decode(),
            "action": action_name(card_action(c)).decode()}


def objective_info(objective) -> dict:
    """The type and the four colors (positions 1..4) of objective card o (GAPS C2 data)."""
    cdef int o = _index(objective, NOBJ, "an objective")
    return {"id": o, "type": type_name(obj_type(o)).decode(),
            "colors": [color_name(obj_color(o, k)).decode() for k in range(NPOS)]}


def _obj_text(int o) -> str:
    info = objective_info(o)
    return f"#{o + 1} {info['type']}: " + " ".join(info["colors"])


# ---------------------------------------------------------------- observation text and tensor
cdef object _card_note(VecData* d, int c):
    text = card_name(c)
    if d.marks[c]:
        text += f" ({_seat_name(d.owner[c])} quill x{d.marks[c]})"
    if d.ink[c]:
        text += f" +{d.ink[c]} ink"
    return text


cdef object _context_lines(VecData* d, viewer):
    lines = []
    if d.stage == ST_ROBBED:
        lines.append(f"{_seat_name(d.cur)} was robbed and moves a quill with {d.carried} ink")
    active = ST_SPECIAL <= d.stage <= ST_INSERT_MOVE
    if active or (d.bids.revealed and d.stage != ST_END and d.stage > ST_ACT_CHOOSE):
        lines.append(("action: " if active else "last action: ") +
                     f"{_seat_name(d.actor)} {action_name(d.kind).decode()} with {card_name(d.act_card)}")
        for i in range(d.bids.count):
            q = d.bids.seat[i]
            text = f"  {_seat_name(q)} card {card_name(d.pcard[i])}, special points {d.ppts[i]}"
            bid = (f"bid {content_ink(d.bids.content[i])} ink "
                   f"{content_special(d.bids.content[i])} special")
            if d.bids.revealed:
                text += f", {bid}, strength {d.strength[i]}"
            elif i < d.bids.made:       # a sealed bid: only "sealed" for the others
                if viewer is None or not commit_hidden_from(&d.bids, i, viewer):
                    text += f", {bid} (sealed)"
                else:
                    text += ", bid sealed"
            lines.append(text)
        if d.points:
            lines.append(f"  points left: {d.points}")
        if d.stage in (ST_INSERT_PLACE, ST_INSERT_MOVE):
            lines.append(f"  inserting {card_name(d.ins_card)} with {d.ins_tokens} special ink")
    return lines


cdef object _seat_lines(VecData* d, p):
    """Each seat's objective and ink as p sees them."""
    end = d.stage == ST_END
    lines = []
    for q in range(d.n):
        o = d.objective[q]
        shown = _obj_text(o) if o >= 0 and (q == p or end) else ("hidden" if o >= 0 else "-")
        if q == p or end:
            ink = f"{d.cubes[q]} ink, {d.specials[q]} special ink ({d.box[q]} in the box)"
        else:           # exchanges are secret: only the ink value and bounds are known
            ink = (f"ink + 4 x special ink = {ink_value(d, q)}, "
                   f"{d.smin[q]}..{d.smax[q]} special ink")
        lines.append(f"{_seat_name(q)}: objective {shown}; {ink}")
    return lines


cdef object _display_line(VecData* d, p, q):
    """q's display as p sees it: unseen face-down cards by color, quills and keep time."""
    up = [_card_note(d, c) for c in range(NCARDS) if d.loc[c] == L_UP + q]
    down = [_card_note(d, c) for c in range(NCARDS)
            if d.loc[c] == L_DOWN + q and (d.known[c] >> p) & 1]
    unknown = {}
    for c in range(NCARDS):
        if d.loc[c] == L_DOWN + q and not (d.known[c] >> p) & 1:
            key = (color_name(card_color(c)).decode(), d.marks[c], d.ft[c])
            unknown[key] = unknown.get(key, 0) + 1
    hidden = [f"{k} unseen {col}" + (f" kept #{t}" if t else "") + (f" (quill x{m})" if m else "")
              for (col, m, t), k in sorted(unknown.items())]
    return f"{_seat_name(q)} up: {', '.join(up)} | down: {', '.join(down + hidden)}"


cdef object _deck_knowledge_lines(VecData* d, p):
    """What p knows of the decks and of cards being drawn (X4)."""
    lines = ["known in decks: " + ", ".join(card_name(c) for c in range(NCARDS)
                                            if d.loc[c] == L_DECK and (d.known[c] >> p) & 1)]
    unsure = [card_name(c) for c in range(NCARDS) if not (d.known[c] >> p) & 1 and (d.kbak[c] >> p) & 1]
    if unsure:
        lines.append("in their deck or just drawn: " + ", ".join(unsure))
    lost = [f"{card_name(c)} (since #{d.lt[4 * c + p]})" for c in range(NCARDS)
            if not (d.known[c] >> p) & 1 and not (d.kbak[c] >> p) & 1 and d.lt[4 * c + p]]
    if lost:
        lines.append("in their deck or kept face down since: " + ", ".join(lost))
    if _drawing(d.stage):        # the deck chosen is public, even before the first draw
        lines.append(f"{_seat_name(d.tray_owner)} draws from the {color_name(d.color).decode()} deck")
    tray = [c for c in range(NCARDS) if d.loc[c] == L_TRAY]
    if tray:
        seen = [card_name(c) for c in tray if (d.known[c] >> p) & 1]
        lines.append(f"drawn by {_seat_name(d.tray_owner)}: " + (", ".join(seen) if seen else
                     f"{len(tray)} {color_name(d.color).decode()} cards"))
    return lines


cdef object _objective_lines(VecData* d):
    lines = ["objective discards: " + ", ".join(
        _obj_text(o) for o in range(NOBJ) if d.obj_loc[o] == O_DISCARD)]
    if d.n == 3:
        lines.append("objective deck: back in the box (3 players)")
    else:
        lines.append("objective deck: " + str(sum(1 for o in range(NOBJ) if d.obj_loc[o] in (O_DECK, O_DECK_SEEN)))
                     + " cards; seen in it: " + ", ".join(_obj_text(o) for o in range(NOBJ) if d.obj_loc[o] == O_DECK_SEEN))
    return lines


cdef object _actor_text(VecData* d):
    cp = current_player_of(d)
    return "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else _seat_name(cp))


cdef object _novel_text(VecData* d, j):
    c = d.novel[j]
    if c < 0:
        return f"{j + 1}: empty"
    toks = ", ".join(f"{_seat_name(q)} x{d.tok[4 * j + q]}" for q in range(d.n) if d.tok[4 * j + q])
    return f"{j + 1}: {card_name(c)}" + (f" [special ink {toks}]" if toks else "")


cdef object _tensor_cards(VecData* d, p, out):
    for c in range(NCARDS):
        k = _OBS["cards"] + c * _CARD_STRIDE
        if (d.known[c] >> p) & 1:
            where = d.loc[c]
            out[k + _CARD["location"] + (where if where < L_UP else 5 + (where - L_UP))] = 1.0
            out[k + _CARD["quills"]] = d.marks[c] / 2.0
            out[k + _CARD["ink"]] = d.ink[c] / 10.0
            out[k + _CARD["own_quill"]] = 1.0 if d.owner[c] == p else 0.0
            out[k + _CARD["other_quill"]] = 1.0 if d.owner[c] >= 0 and d.owner[c] != p else 0.0
        else:
            out[k + _CARD["in_deck_or_drawn"]] = (d.kbak[c] >> p) & 1
            out[k + _CARD["lost_track_since"]] = d.lt[4 * c + p] / (1.0 + d.clock)
        if d.loc[c] >= L_DOWN and d.known[c] == 1 << (d.loc[c] - L_DOWN) and (d.known[c] >> p) & 1:
            # p's own card kept face down from a secret draw: an older time on a card turned
            # face down in the open is stale, and p cannot always tell it (clear_old_keep_times)
            out[k + _CARD["keep_time"]] = d.ft[c] / (1.0 + d.clock)
    for q in range(4):
        for col in range(NCOLORS):
            # unseen face-down cards of q in this color, with the quills on them (tenths)
            # and their keep times (small fractions)
            out[_OBS["unseen_face_down"] + q * NCOLORS + col] = sum(
                1 + d.marks[c] / 10.0 + d.ft[c] / (100.0 * (1 + d.clock))
                for c in range(NCARDS) if card_color(c) == col
                and d.loc[c] == L_DOWN + q and not (d.known[c] >> p) & 1)
    for col in range(NCOLORS):
        out[_OBS["unseen_drawn"] + col] = sum(
            1 for c in range(NCARDS) if card_color(c) == col and d.loc[c] == L_TRAY
            and not (d.known[c] >> p) & 1)
        out[_OBS["deck_sizes"] + col] = deck_count(d, col) / 9.0
    if _drawing(d.stage):
        out[_OBS["drawing_deck"] + d.color] = 1.0


cdef object _tensor_public(VecData* d, p, out):
    end = d.stage == ST_END
    k = _OBS["objectives_held"]
    for q in range(d.n):
        if d.objective[q] >= 0 and (q == p or end):
            out[k + d.objective[q]] += 1.0 if q == p else 0.5
    k = _OBS["objectives_out"]
    for o in range(NOBJ):
        out[k + o] = 1.0 if d.obj_loc[o] == O_DISCARD else (0.5 if d.obj_loc[o] == O_DECK_SEEN else 0.0)
    k = _OBS["ink"]
    for q in range(d.n):
        if q == p:
            out[k + q] = d.cubes[q] / 10.0
            out[k + 4 + q] = d.specials[q] / 4.0
            out[k + 8 + q] = d.box[q] / 4.0
        else:           # exchanges are secret: the ink value and the bounds
            out[k + q] = ink_value(d, q) / 10.0
            out[k + 4 + q] = d.smin[q] / 4.0
            out[k + 8 + q] = d.smax[q] / 4.0
    out[k + 12] = ink_value(d, p) / 24.0
    for i in range(NPOS * 4):
        out[_OBS["novel_special_ink"] + i] = d.tok[i] / 4.0
    out[_OBS["stage"] + d.stage] = 1.0
    cp = current_player_of(d)
    out[_OBS["to_act"] + (cp if cp >= 0 else 4)] = 1.0
    out[_OBS["first_player"] + d.first] = 1.0
    out[_OBS["seat"] + p] = 1.0
    out[_OBS["turn"]] = d.turn / float(d.turn_cap)


cdef object _tensor_strength_test(VecData* d, p, out):
    """While a card acts: the test's public parts and p's own sealed bid."""
    if not ST_SPECIAL <= d.stage <= ST_INSERT_MOVE:
        return
    out[_OBS["actor"] + d.actor] = 1.0
    out[_OBS["action_kind"] + d.kind] = 1.0
    for i in range(d.bids.count):
        out[_OBS["special_points"] + i] = d.ppts[i] / 10.0
        out[_OBS["strength"] + i] = d.strength[i] / 20.0 if d.bids.revealed else 0.0
        out[_OBS["bids_made"] + i] = 1.0 if i < d.bids.made else 0.0
        if d.bids.seat[i] == p and i < d.bids.made:
            out[_OBS["own_bid"]] = content_ink(d.bids.content[i]) / 10.0
            out[_OBS["own_bid"] + 1] = content_special(d.bids.content[i]) / 4.0
    out[_OBS["bids_revealed"]] = d.bids.revealed
    out[_OBS["effect_points"]] = d.points / 20.0


def _drawing(int stage) -> bool:
    """A deck has been chosen and cards are being drawn from it (set-up pick or Research)."""
    return stage in (ST_START_DRAW, ST_START_PICK, ST_RESEARCH_DRAW, ST_RESEARCH_PICK)


# The observation tensor: named segments in order; offsets and the size are computed.
_CARD_FEATURES = (              # per card, in the segment "cards"
    ("location", 13),           # one-hot if known: deck, Ideas, discards, NOVEL, being drawn,
                                # face up in seat 0..3's display, face down in seat 0..3's
    ("quills", 1), ("ink", 1), ("own_quill", 1), ("other_quill", 1),
    ("in_deck_or_drawn", 1),    # unknown: it is in its deck or among the cards being drawn
    ("lost_track_since", 1),    # unknown: when the seat lost track of it
    ("keep_time", 1),           # own and kept face down from a secret draw: when
)
_OBS_SEGMENTS = (
    ("cards", NCARDS * sum(size for _, size in _CARD_FEATURES)),
    ("unseen_face_down", 4 * NCOLORS),      # per seat and color: unseen face-down cards
    ("unseen_drawn", NCOLORS),              # per color: unseen cards being drawn
    ("deck_sizes", NCOLORS),
    ("drawing_deck", NCOLORS),              # the deck being drawn from (public)
    ("objectives_held", NOBJ),              # own (1), the others' at the end (0.5)
    ("objectives_out", NOBJ),               # revealed (1), seen back in the deck (0.5)
    ("ink", 3 * 4 + 1),                     # per seat: ink (or ink value), special ink (or
                                            # bounds) ...; own ink value
    ("novel_special_ink", NPOS * 4),
    ("stage", NUM_STAGES),
    ("to_act", 5),                          # seat, or 4: chance / nobody
    ("first_player", 4),
    ("seat", 4),                            # the observing seat
    ("turn", 1),
    ("actor", 4),                           # the strength test, while a card acts
    ("action_kind", 5),
    ("special_points", 4),
    ("strength", 4),
    ("bids_revealed", 1),
    ("effect_points", 1),
    ("bids_made", 4),
    ("own_bid", 2),                         # ink, special ink
)


def _offsets(segments) -> dict:
    offsets, k = {}, 0
    for name, size in segments:
        offsets[name] = k
        k += size
    return offsets


_CARD = _offsets(_CARD_FEATURES)
_CARD_STRIDE = sum(size for _, size in _CARD_FEATURES)
_OBS = _offsets(_OBS_SEGMENTS)
OBSERVATION_SIZE = sum(size for _, size in _OBS_SEGMENTS)


cdef str _observation_text(VecData* d, int p):
    """What seat p knows (perfect recall, X4); independent of what it cannot see."""
    lines = [f"vec {d.n}p turn {min(d.turn + 1, d.turn_cap)}/{d.turn_cap}, first {_seat_name(d.first)}, "
             f"{_STAGE_NAMES[d.stage]}, to act: {_actor_text(d)}", f"you are {_seat_name(p)}"]
    lines.extend(_seat_lines(d, p))
    lines.append("ideas: " + ", ".join(_card_note(d, c) for c in range(NCARDS) if d.loc[c] == L_IDEAS))
    lines.extend(_display_line(d, p, q) for q in range(d.n))
    lines.append("NOVEL: " + " | ".join(_novel_text(d, j) for j in range(NPOS)))
    lines.append("discards: " + ", ".join(card_name(c) for c in range(NCARDS) if d.loc[c] == L_DISCARD))
    lines.append("decks: " + ", ".join(f"{color_name(k).decode()} {deck_count(d, k)}" for k in range(NCOLORS)))
    lines.extend(_deck_knowledge_lines(d, p))
    lines.extend(_objective_lines(d))
    lines.extend(_context_lines(d, p))
    return "\n".join(lines)


cdef object _observation_tensor(VecData* d, int p):
    """What seat p knows as a flat float32 vector of OBSERVATION_SIZE (_OBS_SEGMENTS)."""
    import numpy as np  # here, not at the top: `vsai list` needs no numpy
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    _tensor_cards(d, p, out)
    _tensor_public(d, p, out)
    _tensor_strength_test(d, p, out)
    return out


cdef str _board_text(VecData* d):
    """The whole board, hidden parts included."""
    lines = [f"vec {d.n}p turn {min(d.turn + 1, d.turn_cap)}/{d.turn_cap}, first {_seat_name(d.first)}, "
             f"{_STAGE_NAMES[d.stage]}, to act: {_actor_text(d)}"]
    for q in range(d.n):
        o = d.objective[q]
        lines.append(f"{_seat_name(q)}: objective {_obj_text(o) if o >= 0 else '-'}; {d.cubes[q]} ink, "
                     f"{d.specials[q]} special ink ({d.box[q]} in the box); VP {score_of(d, q)}")
    lines.append(f"reserve: {d.reserve} ink")
    lines.append("ideas: " + ", ".join(_card_note(d, c) for c in range(NCARDS) if d.loc[c] == L_IDEAS))
    for q in range(d.n):
        up = [_card_note(d, c) for c in range(NCARDS) if d.loc[c] == L_UP + q]
        down = [_card_note(d, c) for c in range(NCARDS) if d.loc[c] == L_DOWN + q]
        lines.append(f"{_seat_name(q)} up: {', '.join(up)} | down: {', '.join(down)}")
    lines.append("NOVEL: " + " | ".join(_novel_text(d, j) for j in range(NPOS)))
    lines.append("discards: " + ", ".join(card_name(c) for c in range(NCARDS) if d.loc[c] == L_DISCARD))
    lines.append("decks: " + ", ".join(f"{color_name(k).decode()} {deck_count(d, k)}" for k in range(NCOLORS)))
    tray = [card_name(c) for c in range(NCARDS) if d.loc[c] == L_TRAY]
    if tray:
        lines.append(f"drawn by {_seat_name(d.tray_owner)}: " + ", ".join(tray))
    lines.extend(_context_lines(d, None))
    return "\n".join(lines)
