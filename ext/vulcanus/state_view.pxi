# Texts and views of a Vulcanus state (ext/vulcanus/engine.pyx includes this file): the
# observation text and tensor, the view a frontend draws and action_info.

def _actor_text(VulcanusState self) -> str:
    cp = self.c_current_player()
    return "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else _seat_name(cp))

def _visible(VulcanusState self, int c, viewer: int | None) -> bool:
    """Whether `viewer` (None: everything) knows the identity of card c."""
    _check_card(c)
    return viewer is None or self.d.blk[c] == KNOWN or owner_of_deck(&self.d, deck_of(c)) == viewer

def _deck_lines(VulcanusState self, viewer: int | None) -> list:
    """Each deck's zones: the cards `viewer` knows by name, the others counted."""
    cdef VulData* d = &self.d
    lines = []
    for dk in range(4):
        if dk < 3 and dk >= d.ngroups:
            continue
        f, size = deck_first(dk), deck_size(dk)
        owner = owner_of_deck(d, dk)
        parts = []
        layers = sorted({d.pos[c] for c in range(f, f + size) if d.zone[c] == Z_DECK})
        zones = [(f"deck layer {i + 1}", Z_DECK, layer) for i, layer in enumerate(layers)]
        zones += [("hand", Z_HAND, -1), ("set aside", Z_MARKED, -1), ("discard", Z_DISCARD, -1)]
        for label, z, layer in zones:
            cards = [c for c in range(f, f + size) if d.zone[c] == z and (layer < 0 or d.pos[c] == layer)]
            if not cards:
                continue
            seen = sorted(_card_name(self, dk, d.ctype[c]) for c in cards if _visible(self, c, viewer))
            unseen = sum(1 for c in cards if not _visible(self, c, viewer))
            text = ", ".join(seen + ([f"{unseen} unseen"] if unseen else []))
            parts.append(f"{label}: {text}")
        lines.append(f"deck {_deck_name(self, dk)} [{_seat_name(owner)}]: " + "; ".join(parts))
        # perfect recall (X4): the public record of the deck's rounds
        for entry in _record(self, dk):
            lines.append(f"  round {entry['round']}: drew " +
                         ", ".join(f"{n} of " + (f"round {l}'s cards" if l else "the starting deck")
                                   for l, n in entry["drawn_from_layers"]) +
                         "".join(f"; redraw {n}" for n in entry["redraws"]) +
                         ("; planned in draws " + ",".join(str(j + 1) for j in entry["planned_in"])
                          if entry["planned_in"] else "") +
                         ("; revealed " + ", ".join(x or "face down" for x in entry["revealed"])
                          if entry["revealed"] else ""))
    return lines

def _record(VulcanusState self, dk: int) -> list:
    """Deck dk's public record (X4), one entry per round it drew in: cards drawn per layer
    (0 = the starting deck, l = round l's cards, put under the deck at round l + 1), the
    redraws' sizes, the draw (0 = the first hand, 1 = after the first redraw...) each
    planned card was chosen from, the revealed cards."""
    cdef VulData* d = &self.d
    out = []
    for r in range(NROUNDS):
        w = rec(dk, r)
        drawn = [(l, d.hx[w * 6 + l]) for l in range(6) if d.hx[w * 6 + l]]
        if not drawn:
            continue
        planned = [d.hk[w * 3 + k] for k in range(3) if d.hk[w * 3 + k] >= 0]
        out.append({"round": r + 1, "drawn_from_layers": drawn,
                    "redraws": [d.hm[w * 6 + j] for j in range(6) if d.hm[w * 6 + j]],
                    "planned_in": planned,
                    "revealed": [_card_name(self, dk, d.hv[w * 3 + k]) if d.hv[w * 3 + k] >= 0 else None
                                 for k in range(len(planned))]})
    return out

def _slot_text(VulcanusState self, s: int, viewer: int | None) -> str:
    c = self.d.slot_card[s]
    if c < 0:
        return f"{SLOT_NAMES[s]} -"
    dk = deck_of(c)
    if _visible(self, c, viewer):
        shown = _card_name(self, dk, self.d.ctype[c])
        if self.d.blk[c] != KNOWN:
            shown += " (face down)"
    else:
        shown = "face down"
    return f"{SLOT_NAMES[s]} {LETTERS[dk] if dk < 3 else 'K'}:{shown}"

def _lines(VulcanusState self, viewer: int | None) -> list:
    """The board as `viewer` sees it (None: everything)."""
    cdef VulData* d = &self.d
    lines = [f"vulcanus {d.n}p round {d.round}/{min(NROUNDS, d.turn_cap)} disaster {d.disaster:+d}, "
             f"{_STAGE_NAMES[d.stage]}, to act: {_actor_text(self)}"]
    if viewer is not None:
        lines.append(f"you are {_seat_name(viewer)}")
    if d.stage == ST_END:
        lines.append("winner: " + ("Kaiju" if d.winner == 0 else "Humans"))
    roles = ", ".join(f"{LETTERS[g]} {ROLE_NAMES[d.role[g]] if d.role[g] >= 0 else '?'} "
                      f"({_seat_name(owner_of_deck(d, g))})" for g in range(d.ngroups))
    lines.append(f"roles: {roles}")
    lines.append(f"Vulcanus: {SQUARE_NAMES[d.kpos] if d.kpos >= 0 else '-'}; evolved: "
                 + (", ".join(KAIJU_CARDS[k] for k in range(NKTYPES) if d.evolved[k]) or "none")
                 + f"; pools {max(0, POOL_LAVA - d.lava_out)} lava left"
                 + ("; full-formed" if d.full else "") + (f"; {d.pending_evo} evolution to place" if d.pending_evo else ""))
    for s in range(NSQ):
        t = d.tile_at[s]
        parts = [f"{SQUARE_NAMES[s]:<12} {LETTERS[VUL_SLOT[s]]} tile {tile_name(t) if t >= 0 else '-':<24}"]
        for label, value in (("cit", d.cit[s]), ("VIP", d.vip[s]), ("lava", d.lava[s]),
                             ("FB", d.fb[s]), ("SDF", d.sdf[s]), ("base", d.base[s])):
            if value:
                parts.append(f"{label} {value}")
        if s == d.kpos:
            parts.append("VULCANUS")
        if s == d.omen_sq:
            parts.append("(omen square)")
        lines.append(" ".join(parts))
    lines.append("defense: " + _track(self, d.defense, 30, 3, viewer))
    lines.append("damage:  " + _track(self, d.damage, 40, 4, viewer))
    lines.append(f"funds: pool {d.fund_pool}, used {d.fund_used}, stock {d.fund_stock}; budget track "
                 f"{d.budget}; investigation {d.inv}/12; attack tiles left {d.attack_left}")
    lines.append(f"stock: {d.fb_stock} fire brigades, {d.sdf_stock} SDF, {d.base_stock} bases")
    lines.append("events: " + ", ".join(
        f"r{r + 1} " + (EVENT_SHORT[d.ev_kind[r]] if d.ev_kind[r] >= 0 else
                        ("advanced" if round_is_advanced(d, r + 1) else "normal"))
        for r in range(NROUNDS)) + f"; advanced left {d.adv_left[0]}+{d.adv_left[1]}")
    declared = [bonus_name(t) for t in range(NBONUS) if d.bonus_loc[t] == B_DECLARED]
    lines.append("declared bonus tiles: " + (", ".join(declared) or "none"))
    if viewer is None or viewer == 0:
        for label, loc in (("held", B_HAND), ("drawn", B_DRAWN), ("put back", B_ASIDE)):
            tiles = [bonus_name(t) for t in range(NBONUS) if d.bonus_loc[t] == loc]
            if tiles:
                lines.append(f"Kaiju's bonus tiles {label}: " + ", ".join(tiles))
    else:
        lines.append(f"Kaiju holds {sum(1 for t in range(NBONUS) if d.bonus_loc[t] == B_HAND)} bonus tiles face down")
    lines.extend(_deck_lines(self, viewer))
    lines.append("board: " + " | ".join(_slot_text(self, s, viewer) for s in range(NSLOTS)))
    lines.extend(_context(self, viewer))
    return lines

def _track(VulcanusState self, cells: list, n: int, rows: int, viewer: int | None) -> str:
    """A track column by column: c citizen, v VIP, l lava, A attack, B bonus tile."""
    sym = {TC_EMPTY: ".", TC_CIT: "c", TC_VIP: "v", TC_LAVA: "l", TC_ATTACK: "A"}
    cols = []
    for col in range(10):
        cols.append("".join(sym.get(cells[col * rows + r], "B") for r in range(rows)))
    filled = sum(1 for i in range(n) if cells[i] != TC_EMPTY)
    return " ".join(cols) + f"  ({filled}/{n})"

def _context(VulcanusState self, viewer: int | None) -> list:
    """The step being played: planning, the card executing and its progress."""
    cdef VulData* d = &self.d
    st = d.stage
    out = []
    if st in (ST_DRAW, ST_PLAN, ST_KPLAN):
        out.append(f"planning: deck {_deck_name(self, d.draw_deck)}, {d.placed} placed, {d.draw_left} to draw")
    if d.pc in (PC_EFFECT, PC_KAFTER, PC_DECLARE) and st != ST_END:
        effects = ", ".join(_effect_name(self, d.eff_q[i]) + (" +additional" if d.eff_addq[i] else "")
                            for i in range(d.eff_n))
        out.append(f"executing slot {SLOT_NAMES[d.slot]} for {_seat_name(d.actor)}: {effects}")
        if st == ST_MOVE:
            out.append(f"  {d.steps} steps left")
        if st == ST_CMD:
            out.append(f"  commands used {d.cmd_count} of {2 if d.u_cmd2 else 1}")
        if st == ST_FLOW2:
            out.append(f"  first lava flow on {SQUARE_NAMES[d.first_sq]}")
        if st == ST_HELI2:
            out.append(f"  fire brigade from {SQUARE_NAMES[d.heli_src]}")
    if st in (ST_EVAC, ST_INVEST):
        out.append(f"  {'base' if d.ctx == CTX_BASE else 'SDF'} at {SQUARE_NAMES[d.sub_sq]}")
    if st == ST_VICTIM:
        out.append(f"lava phase: {d.kills_left} deaths left in {SQUARE_NAMES[d.lava_sq]}")
    if st == ST_FF:
        used = [f"fire brigade {SQUARE_NAMES[s]} x{d.ff_fb[s]}" for s in range(NSQ) if d.ff_fb[s]]
        used += [f"base {SQUARE_NAMES[s]}" for s in range(NSQ) if (d.ff_base >> s) & 1]
        out.append("  acted: " + (", ".join(used) or "none"))
    if st == ST_MOB:
        out.append("  mobilized at: " + (", ".join(SQUARE_NAMES[s] for s in range(NSQ)
                                                 if (d.mob_used >> s) & 1) or "none"))
    if st == ST_CMD:
        out.append("  commands given: " + (", ".join(COMMANDS[c] for c in range(3)
                                                     if (d.cmd_used >> c) & 1) or "none"))
    if d.pc == PC_BASE and st != ST_END:
        out.append("  bases done: " + (", ".join(SQUARE_NAMES[s] for s in range(NSQ)
                                                 if (d.base_done >> s) & 1) or "none"))
    return out

def _effect_name(VulcanusState self, e: int) -> str:
    if e < 0:
        return "-"
    if e >= E_KAIJU:
        return KAIJU_CARDS[e - E_KAIJU]
    if e >= E_HELI:
        return SPECIAL_CARDS[e - E_HELI]
    return HUMAN_CARDS[e]

# ------------------------------------------------------------------ for frontends
def _knows(VulcanusState self, int c, seat) -> bool:
    """Whether `seat` (None: a spectator, who sees only what is public) knows card c."""
    _check_card(c)
    return self.d.blk[c] == KNOWN or (seat is not None and owner_of_deck(&self.d, deck_of(c)) == seat)

def _cell_name(VulcanusState self, int x) -> str:
    return {TC_EMPTY: "empty", TC_CIT: "citizen", TC_VIP: "VIP", TC_LAVA: "lava",
            TC_ATTACK: "attack tile"}.get(x, f"bonus tile {bonus_name(x - TC_BONUS)}")

def view_phase(VulcanusState self) -> str:
    """The view's phase: the name of the stage (rules.md, "View")."""
    return _STAGE_NAMES[self.d.stage]


def view_seat(int i) -> tuple:
    """Seat i's name and side: seat 0 is the Kaiju, the others the Humans' team."""
    return ("Kaiju", "Kaiju") if i == 0 else (f"H{i}", "Humans")


def view_score(VulcanusState self, int i) -> int:
    """Seat i's score, public to all: the filled cells of its side's track (Damage for the
    Kaiju, Defense for the Humans)."""
    return self.d.dmg_filled if i == 0 else self.d.def_filled


def view_board(VulcanusState self, seat) -> dict:
    """The view's board: everything of the game seat `seat` (None: a spectator) may see,
    under the keys of rules.md ("View"); never depends on hidden cards, hidden deck orders or
    the Kaiju's undeclared bonus tiles."""
    cdef VulData* d = &self.d
    result = {}
    result["rounds"] = min(NROUNDS, d.turn_cap)
    result["disaster"] = d.disaster
    result["winner"] = None if d.stage != ST_END else ("Kaiju" if d.winner == 0 else "Humans")
    result["roles"] = [{"letter": LETTERS[g], "role": ROLE_NAMES[d.role[g]] if d.role[g] >= 0 else None,
                        "seat": owner_of_deck(d, g)} for g in range(d.ngroups)]
    result["vulcanus"] = {
        "square": SQUARE_NAMES[d.kpos] if d.kpos >= 0 else None,
        "evolved": [KAIJU_CARDS[k] for k in range(NKTYPES) if d.evolved[k]],
        "full_form": bool(d.full), "pool_lava_left": max(0, POOL_LAVA - d.lava_out),
        "evolution_tiles_to_place": d.pending_evo}
    result["squares"] = [{
        "name": SQUARE_NAMES[s], "slot": LETTERS[VUL_SLOT[s]],
        "tile": tile_name(d.tile_at[s]) if d.tile_at[s] >= 0 else None,
        "neighbours": [SQUARE_NAMES[m] for m in range(NSQ) if adjacent(s, m)],
        "citizens": d.cit[s], "vips": d.vip[s], "lava": d.lava[s], "fire_brigades": d.fb[s],
        "sdf": d.sdf[s], "bases": d.base[s], "vulcanus": s == d.kpos, "omen_square": s == d.omen_sq}
        for s in range(NSQ)]
    result["defense"] = {"columns": [[_cell_name(self, d.defense[col * 3 + r]) for r in range(3)]
                                     for col in range(10)], "filled": d.def_filled, "cells": DEF_CELLS}
    result["damage"] = {"columns": [[_cell_name(self, d.damage[col * 4 + r]) for r in range(4)]
                                    for col in range(10)], "filled": d.dmg_filled, "cells": DMG_CELLS}
    result["funds"] = {"pool": d.fund_pool, "used": d.fund_used, "stock": d.fund_stock}
    result["budget_track"] = d.budget
    result["investigation_track"] = d.inv
    result["attack_tiles_left"] = d.attack_left
    result["stock"] = {"fire_brigades": d.fb_stock, "sdf": d.sdf_stock, "bases": d.base_stock}
    result["events"] = [EVENT_SHORT[d.ev_kind[r]] if d.ev_kind[r] >= 0 else
                        ("advanced" if round_is_advanced(d, r + 1) else "normal") + " (unrevealed)"
                        for r in range(NROUNDS)]
    result["advanced_events_left"] = {"two lava": d.adv_left[0], "spread": d.adv_left[1]}
    bonus = {"declared": [bonus_name(t) for t in range(NBONUS) if d.bonus_loc[t] == B_DECLARED],
             "held": sum(1 for t in range(NBONUS) if d.bonus_loc[t] == B_HAND)}
    if seat == 0:
        for key, loc in (("held_tiles", B_HAND), ("drawn_tiles", B_DRAWN), ("put_back", B_ASIDE)):
            bonus[key] = [bonus_name(t) for t in range(NBONUS) if d.bonus_loc[t] == loc]
    result["bonus_tiles"] = bonus
    decks = []
    for dk in range(4):
        if dk < 3 and dk >= d.ngroups:
            continue
        f, size = deck_first(dk), deck_size(dk)
        owner = owner_of_deck(d, dk)
        entry = {"deck": "Kaiju" if dk == KDECK_ID else LETTERS[dk], "seat": owner,
                 "layers": [sum(1 for c in range(f, f + size) if d.zone[c] == Z_DECK and d.pos[c] == layer)
                            for layer in sorted({d.pos[c] for c in range(f, f + size) if d.zone[c] == Z_DECK})]}
        for key, z in (("hand", Z_HAND), ("set_aside", Z_MARKED), ("discard", Z_DISCARD)):
            cards = [c for c in range(f, f + size) if d.zone[c] == z]
            entry[key] = {"cards": sorted(_card_name(self, dk, d.ctype[c]) for c in cards if _knows(self, c, seat)),
                          "unseen": sum(1 for c in cards if not _knows(self, c, seat))}
        entry["record"] = [dict(x, drawn_from_layers=[[l, n] for l, n in x["drawn_from_layers"]],
                                planned_in=[j + 1 for j in x["planned_in"]])
                           for x in _record(self, dk)]
        decks.append(entry)
    result["decks"] = decks
    slots = []
    for s in range(NSLOTS):
        c = d.slot_card[s]
        slot = {"slot": SLOT_NAMES[s], "kaiju_slot": bool(VUL_SLOT_KAIJU[s]), "deck": None,
                "card": None, "face_up": False}
        if c >= 0:
            dk = deck_of(c)
            slot["deck"] = "Kaiju" if dk == KDECK_ID else LETTERS[dk]
            slot["face_up"] = d.blk[c] == KNOWN
            if _knows(self, c, seat):
                slot["card"] = _card_name(self, dk, d.ctype[c])
        slots.append(slot)
    result["slots"] = slots
    result["arrangement"] = [LETTERS[g] for g in sorted(range(d.ngroups), key=lambda g: d.perm[g])]
    result["context"] = _context(self, seat)
    return result

def action_data(VulcanusState self, action) -> dict:
    """A legal action (or chance outcome) as JSON-able data: `action`, `text`, `kind` and
    the fields of its kind (documented in rules.md, "View")."""
    cdef VulData* d = &self.d
    info = State.action_info(self, action)
    a = info["action"]
    st = d.stage
    if is_chance_stage(st):
        info["kind"] = "chance"
        if st == ST_DRAW:
            info["deck"] = "Kaiju" if d.draw_deck == KDECK_ID else LETTERS[d.draw_deck]
        return info
    if a < A_DONE:
        info.update(kind="square", square=SQUARE_NAMES[a - A_SQ], step=_STAGE_NAMES[st])
    elif a == A_DONE:
        info.update(kind="done", step=_STAGE_NAMES[st])
    elif a < A_MARK:
        info.update(kind="plan", card=_card_name(self, d.draw_deck, a - A_PLACE),
                    slot=SLOT_NAMES[kaiju_slot(d.placed) if st == ST_KPLAN else group_slot(d, d.draw_deck, d.placed)])
    elif a < A_REDRAW:
        info.update(kind="set aside", card=_card_name(self, d.draw_deck, a - A_MARK))
    elif a == A_REDRAW:
        info.update(kind="redraw", cost=1, cards=count_zone(d, d.draw_deck, Z_MARKED))
    elif a < A_DROP:
        info.update(kind="role", role=ROLE_NAMES[a - A_ROLE], letter=LETTERS[d.setup_idx])
    elif a < A_DECLARE:
        info.update(kind="put back bonus tile", tile=bonus_name(a - A_DROP))
    elif a < A_EVO:
        info.update(kind="declare bonus tile", tile=bonus_name(a - A_DECLARE))
    elif a < A_PERM:
        info.update(kind="evolve", card=KAIJU_CARDS[a - A_EVO])
    elif a < A_CIT:
        info.update(kind="arrangement", order=info["text"].split()[2:])
    elif a == A_CIT or a == A_VIP:
        info.update(kind="victim" if st == ST_VICTIM else "evacuate",
                    piece="citizen" if a == A_CIT else "VIP",
                    square=SQUARE_NAMES[d.lava_sq if st == ST_VICTIM else d.sub_sq])
    elif a < A_MOVE:
        info.update(kind="option", option=a - A_OPT)
        if st == ST_SHELL:
            info["cost"] = 3 * (a - A_OPT + 1)
    elif a < A_BOMB:
        kind, rest = divmod(a - A_MOVE, 72)
        sq, k = divmod(rest, 4)
        info.update(kind="move", piece=PIECES[kind], **{"from": SQUARE_NAMES[sq], "to": SQUARE_NAMES[adj(sq, k)]})
    elif a < A_FF:
        sq, k = divmod(a - A_BOMB, 5)
        info.update(kind="fire bomb", square=SQUARE_NAMES[sq], effect=BOMB_WHAT[k])
    elif a < A_CMD:
        kind, rest = divmod(a - A_FF, 90)
        sq, k = divmod(rest, 5)
        info.update(kind="fire fighting", unit="fire brigade" if kind == 0 else "base",
                    **{"from": SQUARE_NAMES[sq], "to": SQUARE_NAMES[sq if k == 0 else adj(sq, k - 1)]}, cost=2)
    elif a < A_MOB:
        c, sq = divmod(a - A_CMD, 18)
        info.update(kind="command", command=COMMANDS[c], square=SQUARE_NAMES[sq], cost=c + 1)
    else:
        sq, k = divmod(a - A_MOB, 2)
        info.update(kind="mobilize", unit="fire brigade" if k == 0 else "SDF", square=SQUARE_NAMES[sq], cost=2)
    return info

def observation_text(VulcanusState self, player: int) -> str:
    """What `player` knows (perfect recall, X4); independent of what they cannot see."""
    return "\n".join(_lines(self, self._seat(player)))

def full_text(VulcanusState self) -> str:
    """The whole state, hidden parts included."""
    return "\n".join(_lines(self, None))

def observation_array(VulcanusState self, player: int):
    """What `player` knows as a flat float32 vector of size OBS_SIZE."""
    cdef VulData* d = &self.d
    p = self._seat(player)
    v = []
    for s in range(NSQ):
        t = d.tile_at[s]
        v += [d.cit[s] / 5.0, d.vip[s], d.lava[s] / 5.0, d.fb[s], d.sdf[s], d.base[s],
              1.0 if s == d.kpos else 0.0, 1.0 if s == d.omen_sq else 0.0,
              1.0 if t >= 0 and tile_is_omen(t) else 0.0,
              tile_value(t) / 6.0 if t >= 0 and tile_is_omen(t) else 0.0,
              1.0 if t >= 0 and not tile_is_omen(t) else 0.0,
              tile_value(t) / 3.0 if t >= 0 and not tile_is_omen(t) else 0.0]
    v += [min(x, 5) / 5.0 for x in d.defense[:30]]
    v += [(1.0 if x >= TC_BONUS else x / 5.0) for x in d.damage[:40]]
    v += [d.attack_left / 8.0, d.fund_pool / 14.0, d.fund_used / 14.0, d.fund_stock / 4.0,
          d.inv / 12.0, d.inv_attack_done, d.fb_stock / 3.0, d.sdf_stock / 3.0, d.base_stock / 4.0,
          min(d.lava_out, 40) / 40.0, d.pending_evo / 5.0, d.full, d.adv_left[0] / 4.0,
          d.adv_left[1] / 4.0, d.disaster / 3.0]
    v += [1.0 if d.budget == k else 0.0 for k in range(3)]
    v += [<double>d.evolved[k] for k in range(6)]
    v += [(d.ev_kind[r] + 1) / 3.0 for r in range(6)]
    v += [1.0 if d.round == r else 0.0 for r in range(7)]
    v += [1.0 if d.stage == k else 0.0 for k in range(NUM_STAGES)]
    cp = self.c_current_player()
    v += [1.0 if cp == k else 0.0 for k in range(4)] + [1.0 if cp == CHANCE_PLAYER else 0.0]
    v += [1.0 if p == k else 0.0 for k in range(4)]
    for g in range(3):
        v += [1.0 if d.role[g] == r else 0.0 for r in range(4)]
        v += [1.0 if d.perm[g] == j else 0.0 for j in range(3)]
    for t in range(NBONUS):
        loc = d.bonus_loc[t]
        v += [1.0 if loc == B_DECLARED else 0.0]
        v += [1.0 if p == 0 and loc == k else 0.0 for k in (B_HAND, B_ASIDE, B_DRAWN)]
    v += [sum(1 for t in range(NBONUS) if d.bonus_loc[t] == B_HAND) / 3.0]
    for dk in range(4):
        v += _deck_features(self, dk, p)
    for s in range(NSLOTS):
        c = d.slot_card[s]
        row = [0.0] * 13
        if c >= 0:
            row[0] = 1.0
            if _visible(self, c, p):
                row[1 + d.ctype[c]] = 1.0
            row[9] = 1.0 if d.blk[c] == KNOWN else 0.0
            row[10 + min(deck_of(c), 2)] = 1.0
        v += row
    cdef bint in_card = d.pc in (PC_EFFECT, PC_KAFTER, PC_DECLARE) and d.stage != ST_END
    v += [d.slot / 9.0, d.eff_add, d.u_ff, d.u_cmd2, d.u_spec, d.k_full, d.steps / 2.0,
          d.cmd_count / 2.0, d.ctx, d.draw_left / 12.0, d.placed / 3.0, d.group_i / 3.0,
          max(d.kills_left, 0) / 5.0, d.lava_sq / 18.0, 1.0 if in_card else 0.0]
    v += [1.0 if d.actor == k else 0.0 for k in range(4)]
    v += [1.0 if d.draw_deck == k else 0.0 for k in range(4)]
    for i in range(3):
        e = d.eff_q[i] if in_card and i < d.eff_n else -1
        v += [1.0 if e == k else 0.0 for k in range(10)] + [1.0 if e >= E_KAIJU and e - E_KAIJU == k else 0.0 for k in range(6)]
    v += [float((d.cmd_used >> k) & 1) for k in range(3)]
    for s in range(NSQ):
        v += [1.0 if d.sub_sq == s else 0.0, 1.0 if d.first_sq == s else 0.0,
              1.0 if d.heli_src == s else 0.0, float((d.base_done >> s) & 1),
              d.ff_fb[s] / 3.0, float((d.ff_base >> s) & 1), float((d.mob_used >> s) & 1)]
    import numpy as np  # here, not at the top: `vsai list` needs no numpy
    out = np.zeros(OBS_SIZE, dtype=np.float32)
    out[:len(v)] = v
    return out


def _deck_features(VulcanusState self, int dk, p) -> list:
    """Deck dk's part of the observation tensor as seat p knows it: per zone the counts of
    the card types p has seen (half weight below the top layer) and of the unseen cards, then
    the types seen face up and lost in a layer drawn from since (X4)."""
    cdef VulData* d = &self.d
    v = []
    f, size = deck_first(dk), deck_size(dk)
    top = top_layer(d, dk)
    for z in (Z_DECK, Z_HAND, Z_MARKED, Z_DISCARD):
        counts = [0.0] * 8
        unseen = 0
        top_unseen = 0
        for c in range(f, f + size):
            if d.zone[c] != z:
                continue
            if _visible(self, c, p):
                counts[d.ctype[c]] += 0.5 if (z == Z_DECK and d.pos[c] != top) else 1.0
            else:
                unseen += 1
                if z == Z_DECK and d.pos[c] == top:
                    top_unseen += 1
        v += counts + [unseen / 12.0, top_unseen / 12.0]
    lost = [0.0] * 8            # seen face up, then lost in a layer drawn from (X4)
    for l in range(1, min(d.next_layer[dk], NROUNDS)):
        if any(d.hx[rec(dk, r) * 6 + l] for r in range(NROUNDS)):
            for k in range(3):
                if d.hv[rec(dk, l - 1) * 3 + k] >= 0:
                    lost[d.hv[rec(dk, l - 1) * 3 + k]] += 1.0
    v += lost
    return v
