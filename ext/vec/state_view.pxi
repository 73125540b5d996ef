# The frontends' view of a VEC state (VecState.view, VecState.action_info; included by
# ext/vec/engine.pyx). rules.md "View" documents every key. A view holds only what its seat may
# know (spectator: what every seat knows), so it never depends on hidden information and is
# unchanged by resample(seat, k).


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
    seat["score"] = score_of(d, q) if end else None
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


cdef object _view_of(VecData* d, int viewer):
    """The game-specific keys of VecState.view (viewer -1: a spectator)."""
    view = {
        "turn": min(d.turn + 1, d.turn_cap), "turn_cap": d.turn_cap,
        "stage": _STAGE_NAMES[d.stage], "stage_id": d.stage, "first_player": d.first,
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
        "scores": [score_of(d, q) for q in range(d.n)] if d.stage == ST_END else None,
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
