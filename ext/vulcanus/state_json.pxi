# The JSON form of a Vulcanus state (to_dict / load_dict of ext/vulcanus/engine.pyx, included
# there): every field of the C struct VulData under a readable name. rules.md's "JSON format"
# section is generated from this table (python -m vsai.ext.fields). Squares are 0..17 (rules.md,
# Map), seats 0 (Kaiju) and 1..3 (Humans), cards 0..38 (letter groups A, B, C: 9 each; then
# the Kaiju's 12), decks 0..2 (letter groups) and 3 (the Kaiju).
from vsai.ext.fields import FieldTable

_BITS18 = (1 << 18) - 1        # a set of squares, one bit per square

JSON_FIELDS = FieldTable("vulcanus", (
    ("players", "n", 0, VUL_MIN_PLAYERS, VUL_MAX_PLAYERS, "number of players: the Kaiju and 1-3 Humans"),
    ("letter_groups", "ngroups", 0, 2, 3, "letter groups (roles) in play: 2, or 3 with 4 players"),
    ("turn_cap", "turn_cap", 0, 1, VUL_MAX_TURN_CAP, "rounds played at most (the game has 6; X5)"),
    ("disaster", "disaster", 0, -VUL_MAX_DISASTER, VUL_MAX_DISASTER, "disaster level"),
    ("stage", "stage", 0, 0, NUM_STAGES - 1, "the decision or chance step (Stages, above)"),
    ("round_step", "pc", 0, 0, PC_BASE, "where the round flow resumes: 0 round start, 1 after the "
     "event, 2 planning, 3 arrangement, 4 Kaiju planning, 5 next card, 6 next effect, 7 after a "
     "Kaiju card, 8 declaration, 9 Lava phase, 10 Base phase"),
    ("to_act", "cur", 0, -4, 3, "the seat to act at a decision"),
    ("round", "round", 0, 0, NROUNDS, "the round being played, 1..6 (0 during set-up)"),
    ("setup_square", "setup_idx", 0, 0, NSQ, "set-up: the square whose tile is dealt next"),
    ("winner", "winner", 0, -1, 1, "-1 none yet, 0 the Kaiju, 1 the Humans"),
    ("citizens", "cit", NSQ, 0, 200, "per square: citizen markers"),
    ("vips", "vip", NSQ, 0, 4, "per square: VIP markers"),
    ("lava", "lava", NSQ, 0, 400, "per square: lava"),
    ("fire_brigades", "fb", NSQ, 0, FB_TOTAL, "per square: fire brigades"),
    ("sdf_units", "sdf", NSQ, 0, SDF_TOTAL, "per square: SDF units"),
    ("bases", "base", NSQ, 0, 1, "per square: 1 when a base stands there"),
    ("tiles", "tile_at", NSQ, -1, NTILES - 1, "per square: its investigation or omen tile (-1 none)"),
    ("vulcanus_square", "kpos", 0, -1, NSQ - 1, "Vulcanus's square (-1 before it starts)"),
    ("omen_square", "omen_sq", 0, -1, NSQ - 1, "the square of this round's omen (-1 none)"),
    ("defense_track", "defense", DEF_CELLS, 0, 4, "per Defense track cell: 0 empty, 1 citizen, "
     "2 VIP, 3 lava, 4 attack tile"),
    ("damage_track", "damage", DMG_CELLS, 0, TC_BONUS + 7, "per Damage track cell: 0 empty, "
     "1 citizen, 2 VIP, 3 lava, 10 + t destruction bonus tile t"),
    ("defense_filled", "def_filled", 0, 0, DEF_CELLS, "filled cells of the Defense track"),
    ("damage_filled", "dmg_filled", 0, 0, DMG_CELLS, "filled cells of the Damage track"),
    ("attack_tiles_left", "attack_left", 0, 0, NATTACK, "attack tiles in the stock"),
    ("funds_in_pool", "fund_pool", 0, 0, FUND_TOTAL, "funds the Humans may spend"),
    ("funds_used", "fund_used", 0, 0, FUND_TOTAL, "funds spent"),
    ("funds_in_stock", "fund_stock", 0, 0, 4, "funds not yet released by the budget track"),
    ("budget_track", "budget", 0, 0, BUDGET_LEN - 1, "budget request track position (V8)"),
    ("investigation_track", "inv", 0, 0, INV_MAX, "investigation track position (V9)"),
    ("investigation_attack_taken", "inv_attack_done", 0, 0, 1, "1 once the track's last square "
     "gave its attack tile"),
    ("fire_brigades_in_stock", "fb_stock", 0, 0, FB_TOTAL, "fire brigades off the map"),
    ("sdf_units_in_stock", "sdf_stock", 0, 0, SDF_TOTAL, "SDF units off the map"),
    ("bases_in_stock", "base_stock", 0, 0, BASE_TOTAL, "bases off the map"),
    ("lava_taken", "lava_out", 0, 0, 10000, "lava taken from the pools, the endless one included"),
    ("evolutions_pending", "pending_evo", 0, 0, NEVO, "evolution tiles earned, not yet placed"),
    ("evolved", "evolved", 6, 0, 1, "per Kaiju card type: 1 when its evolution tile lies on it"),
    ("full_formed", "full", 0, 0, 1, "1 once Vulcanus is full-formed (the fifth pool is empty)"),
    ("advanced_events_left", "adv_left", 2, 0, 4, "per Advanced event kind: cards left"),
    ("event_kinds", "ev_kind", NROUNDS, -1, 2, "per round: its event (-1 not revealed, 0 normal, "
     "1 two lava, 2 lava and an adjacent one)"),
    ("bonus_tile_places", "bonus_loc", NBONUS, 0, 4, "per destruction bonus tile: 0 box, 1 the "
     "Kaiju's hand, 2 put back, 3 declared, 4 drawn at set-up"),
    ("bonus_tiles_drawn", "bonus_drawn", 0, 0, BONUS_DRAW, "bonus tiles drawn at set-up"),
    ("roles", "role", 3, -1, NROLES - 1, "per letter group: its role (-1 not chosen)"),
    ("group_slots", "perm", 3, 0, 2, "per letter group: the slot set it plans into (arrangement)"),
    ("card_types", "ctype", NCARDS, 0, 6, "per card: its type within its deck"),
    ("card_zones", "zone", NCARDS, 0, 5, "per card: 0 not in the game, 1 deck, 2 hand, "
     "3 set aside, 4 discard, 5 planning board"),
    ("card_positions", "pos", NCARDS, 0, 1000, "per card: its deck layer (zone 1) or slot (zone 5)"),
    ("card_knowledge_blocks", "blk", NCARDS, -1, NCARDS - 1, "per card: -1 its type is public, "
     "else the block of cards whose types are known only together"),
    ("record_drawn", "hx", 144, 0, 12, "public record, at (deck*6 + round-1)*6 + layer: cards "
     "drawn that round from that deck layer"),
    ("record_redrawn", "hm", 144, 0, 12, "public record, at (deck*6 + round-1)*6 + epoch: cards "
     "set aside and redrawn after that draw epoch"),
    ("record_planned_epoch", "hk", 72, -1, 5, "public record, at (deck*6 + round-1)*3 + k: the "
     "draw epoch in which the k-th card was planned (-1 not yet)"),
    ("record_revealed_type", "hv", 72, -1, 6, "public record, at (deck*6 + round-1)*3 + k: that "
     "card's type once revealed (-1 hidden)"),
    ("next_deck_layer", "next_layer", 4, 1, NROUNDS, "per deck: the layer its next discards form"),
    ("slot_cards", "slot_card", 9, -1, NCARDS - 1, "per planning-board slot: its card (-1 empty)"),
    ("planning_group", "group_i", 0, 0, 3, "planning: the letter group planning"),
    ("drawing_deck", "draw_deck", 0, 0, 3, "the deck being drawn from"),
    ("draws_left", "draw_left", 0, 0, 12, "cards still to draw"),
    ("cards_planned", "placed", 0, 0, 3, "cards the current deck has planned this round"),
    ("slot", "slot", 0, 0, 9, "Execution: the slot being executed"),
    ("actor", "actor", 0, 0, 3, "the seat whose card is executed"),
    ("effect_queue", "eff_q", 3, -1, E_KAIJU + 5, "effects of the executed card, in order (human "
     "effects 0..9, Kaiju effects 100 + card type; -1 none)"),
    ("effect_additional_queue", "eff_addq", 3, 0, 1, "per queued effect: 1 with its Additional effect"),
    ("effects_queued", "eff_n", 0, 0, 3, "effects in effect_queue"),
    ("effect_index", "eff_i", 0, 0, 3, "the next effect of effect_queue"),
    ("effect_additional", "eff_add", 0, 0, 1, "1 when the current effect has its Additional effect"),
    ("unlocked_fire_fighting", "u_ff", 0, 0, 1, "this card: Fire fighting's Additional unlocked (V9)"),
    ("unlocked_second_command", "u_cmd2", 0, 0, 1, "this card: Operation Approved, two commands (V9)"),
    ("unlocked_special", "u_spec", 0, 0, 1, "this card: the Special cards' Additional unlocked (V9)"),
    ("kaiju_card_full_formed", "k_full", 0, 0, 1, "this Kaiju card began with Vulcanus full-formed"),
    ("steps_left", "steps", 0, 0, 2, "moves left in a two-step effect"),
    ("fire_fought_by_brigades", "ff_fb", NSQ, 0, FB_TOTAL, "Fire fighting: per square, brigades "
     "that fought there"),
    ("fire_fought_by_bases", "ff_base", 0, 0, _BITS18, "Fire fighting: squares whose base fought"),
    ("mobilized_bases", "mob_used", 0, 0, _BITS18, "Mobilization: squares whose base mobilized"),
    ("commands_used", "cmd_used", 0, 0, 7, "Commands to SDF: bit per command given"),
    ("commands_given", "cmd_count", 0, 0, 2, "Commands to SDF: commands given"),
    ("substep_square", "sub_sq", 0, 0, NSQ - 1, "the square of an evacuation or investigation"),
    ("substep_context", "ctx", 0, 0, 1, "what led there: 0 the Base phase, 1 a command"),
    ("first_square", "first_sq", 0, -1, NSQ - 1, "Lava flow: the square of the first lava (-1 none)"),
    ("helicopter_source", "heli_src", 0, -1, NSQ - 1, "Fire helicopter: the brigade's square (-1 none)"),
    ("lava_phase_square", "lava_sq", 0, 0, NSQ, "Lava phase: the next square to resolve"),
    ("victims_left", "kills_left", 0, -1, 400, "Lava phase: victims still to choose there (-1 not counted)"),
    ("bases_done", "base_done", 0, 0, _BITS18, "Base phase: squares whose base acted"),
))

# The record's arrays are shorts in the struct (data.pxd): every value the loader accepts fits.
if not all(-(1 << 15) <= f.lo and f.hi < (1 << 15) for f in JSON_FIELDS.fields
           if f.struct in ("hx", "hm", "hk", "hv")):
    raise AssertionError("a record field's range does not fit its short array")

# JSON version 2 wrote the struct's own names; version 3 the readable names above.
_V2_NAMES = {f.struct: f.name for f in JSON_FIELDS.fields}


def upgrade_v2_state(state: dict) -> dict:
    """A version-2 state object under the version-3 names (only the names changed)."""
    if not isinstance(state, dict):
        return state        # the loader refuses it with its own message
    return {_V2_NAMES.get(key, key): value for key, value in state.items()}


def _check_consistency(VulcanusState self) -> None:
    """The loader's checks: only a state play can reach loads (InvalidStateError otherwise)."""
    cdef VulData* d = &self.d
    cdef int buf[MAX_ACTIONS]
    st = d.stage
    setup = st < ST_EVENT_DRAW and d.round == 0
    _check_supplies(self)
    _check_cards(self)
    _check_planning(self)
    if not setup:
        roles = [d.role[g] for g in range(d.ngroups)]
        if -1 in roles or len(set(roles)) != len(roles):
            raise InvalidStateError("vulcanus state: each letter group needs its own role")
        if d.kpos < 0:
            raise InvalidStateError("vulcanus state: Vulcanus is not on the map")
    _check_flow(self)
    _check_record(self)
    if st != ST_END:
        if d.winner != -1:
            raise InvalidStateError("vulcanus state: a winner is set but the game is not over")
        if is_chance_stage(st):
            if gen_chance(d, buf, NULL) == 0:
                raise InvalidStateError("vulcanus state: a chance node with no outcome")
        else:
            if not 0 <= d.cur < d.n:
                raise InvalidStateError("vulcanus state: no player to act")
            if gen_legal(d, buf) == 0:
                raise InvalidStateError("vulcanus state: the player to act has no legal move")
    elif d.winner < 0:
        raise InvalidStateError("vulcanus state: the game is over but nobody won")


def _check_supplies(VulcanusState self) -> None:
    """Supplies, tracks, pools, events, tiles and bonus tiles add up (set-up: as far as dealt)."""
    cdef VulData* d = &self.d
    st = d.stage
    setup = st < ST_EVENT_DRAW and d.round == 0
    if d.ngroups != (3 if d.n == 4 else 2):
        raise InvalidStateError("vulcanus state: ngroups does not match the player count")
    if sum(d.fb[s] for s in range(NSQ)) + d.fb_stock != FB_TOTAL:
        raise InvalidStateError("vulcanus state: fire brigades on the map and in stock must total 3")
    if sum(d.sdf[s] for s in range(NSQ)) + d.sdf_stock != SDF_TOTAL:
        raise InvalidStateError("vulcanus state: SDF units on the map and in stock must total 3")
    if sum(d.base[s] for s in range(NSQ)) + d.base_stock != BASE_TOTAL:
        raise InvalidStateError("vulcanus state: bases on the map and in stock must total 4")
    if d.fund_pool + d.fund_used + d.fund_stock != FUND_TOTAL:
        raise InvalidStateError("vulcanus state: funds in the pool, used and in the stock must total 14")
    if d.def_filled != track_filled(d.defense, DEF_CELLS) or d.dmg_filled != track_filled(d.damage, DMG_CELLS):
        raise InvalidStateError("vulcanus state: def_filled/dmg_filled do not count the filled track cells")
    if sum(d.evolved[k] for k in range(NKTYPES)) + d.pending_evo != min(d.lava_out, POOL_LAVA) // POOL_SIZE:
        raise InvalidStateError("vulcanus state: evolution tiles placed and pending do not match the emptied pools")
    if d.full != (d.lava_out >= POOL_LAVA):
        raise InvalidStateError("vulcanus state: Vulcanus is full-formed exactly when the fifth pool is empty")
    if d.inv_attack_done != (d.inv >= INV_MAX):
        raise InvalidStateError("vulcanus state: the investigation track's attack tile goes with its last square")
    for r in range(1, NROUNDS + 1):
        revealed = d.ev_kind[r - 1] >= 0
        if revealed != (r < d.round or (r == d.round and st != ST_EVENT_DRAW)):
            raise InvalidStateError(f"vulcanus state: the event of round {r} is revealed out of turn")
        if revealed and (d.ev_kind[r - 1] == EV_NORMAL) == bool(round_is_advanced(d, r)):
            raise InvalidStateError(f"vulcanus state: round {r}'s event does not match the disaster level")
        on_map = [s for s in range(NSQ) if d.tile_at[s] == NMAPTILES + r - 1]
        omen = omen_square(d, r)
        if r <= d.round and omen >= 0:
            raise InvalidStateError(f"vulcanus state: omen {r} is still on the map after its round")
        if r > d.round and (on_map or (omen < 0 and d.round > 0)):
            raise InvalidStateError(f"vulcanus state: round {r}'s tiles are out of place")
    for k in range(2):
        if d.adv_left[k] != 4 - sum(1 for r in range(NROUNDS) if d.ev_kind[r] == EV_TWO + k):
            raise InvalidStateError("vulcanus state: the Advanced events left do not match those revealed")
    attacks = sum(1 for x in d.defense[:30] if x == TC_ATTACK)
    if d.attack_left > NATTACK or (attacks == 0 and d.attack_left != NATTACK):
        raise InvalidStateError("vulcanus state: attack tiles on the track and in the stock disagree")
    vips = sum(d.vip[s] for s in range(NSQ)) + sum(1 for x in d.defense[:30] if x == TC_VIP) + \
        sum(1 for x in d.damage[:40] if x == TC_VIP)
    if vips > 4:
        raise InvalidStateError("vulcanus state: more than 4 VIP markers")
    placed = [d.tile_at[s] for s in range(NSQ) if d.tile_at[s] >= 0]
    if len(set(placed)) != len(placed):
        raise InvalidStateError("vulcanus state: a tile lies on two squares")
    for s in range(NSQ):
        t = d.tile_at[s]
        if 0 <= t < NMAPTILES and tile_letter(t) != VUL_SLOT[s] and not tile_is_omen(t):
            raise InvalidStateError(f"vulcanus state: tile {tile_name(t)} is not in a {LETTERS[VUL_SLOT[s]]} slot")
    for t in range(NBONUS):
        declared = any(x == TC_BONUS + t for x in d.damage[:40])
        if declared != (d.bonus_loc[t] == B_DECLARED):
            raise InvalidStateError(f"vulcanus state: bonus tile {bonus_name(t)} declared and on the track disagree")
    held = sum(1 for t in range(NBONUS) if d.bonus_loc[t] in (B_HAND, B_DECLARED))
    aside = sum(1 for t in range(NBONUS) if d.bonus_loc[t] == B_ASIDE)
    drawn = sum(1 for t in range(NBONUS) if d.bonus_loc[t] == B_DRAWN)
    if not setup and (held != BONUS_KEEP or aside != 1 or drawn or d.bonus_drawn != BONUS_DRAW):
        raise InvalidStateError("vulcanus state: the Kaiju must hold 3 bonus tiles (declared or not) and have put 1 back")


def _check_cards(VulcanusState self) -> None:
    """Each deck holds its cards, each in one zone its knowledge block allows."""
    cdef VulData* d = &self.d
    st = d.stage
    # cards: each deck's composition and zones
    for dk in range(4):
        f, size = deck_first(dk), deck_size(dk)
        if dk < 3 and dk >= d.ngroups:
            if any(d.zone[c] != Z_NONE for c in range(f, f + size)):
                raise InvalidStateError(f"vulcanus state: letter group {LETTERS[dk]} is not in this game")
            continue
        types = sorted(d.ctype[c] for c in range(f, f + size))
        want = sorted([c // 2 for c in range(12)] if dk == KDECK_ID else
                      [t for t in range(NHTYPES) for _ in range(VUL_HDECK[t])])
        if types != want:
            raise InvalidStateError(f"vulcanus state: deck {_deck_name(self, dk)} does not hold its cards")
        for c in range(f, f + size):
            z = d.zone[c]
            if z == Z_NONE:
                raise InvalidStateError(f"vulcanus state: a card of deck {_deck_name(self, dk)} is missing")
            if z == Z_SLOT and (d.pos[c] >= NSLOTS or d.slot_card[d.pos[c]] != c):
                raise InvalidStateError("vulcanus state: a planned card and its slot disagree")
            if z == Z_DECK and d.pos[c] >= d.next_layer[dk]:
                raise InvalidStateError("vulcanus state: a deck layer is newer than the deck")
            if d.blk[c] != KNOWN and d.blk[c] != f:
                raise InvalidStateError("vulcanus state: a hidden card outside its deck's knowledge block")
            if d.blk[c] == KNOWN and z in (Z_HAND, Z_MARKED, Z_DISCARD):
                raise InvalidStateError("vulcanus state: a drawn card is face up")
        if (st == ST_PLAN or st == ST_KPLAN or st == ST_DRAW) and dk == d.draw_deck:
            pass
        elif count_zone(d, dk, Z_HAND) or count_zone(d, dk, Z_MARKED):
            raise InvalidStateError(f"vulcanus state: deck {_deck_name(self, dk)} has a hand outside its planning")


def _check_planning(VulcanusState self) -> None:
    """The A/B(/C) arrangement and the planning board agree with the cards and the round flow."""
    cdef VulData* d = &self.d
    st = d.stage
    # the A/B(/C) arrangement: a permutation of the game's letter groups, the identity
    # until round 1's arrangement step; each group's planned cards lie in its own slot set
    perm = [d.perm[g] for g in range(3)]
    if sorted(perm[:d.ngroups]) != list(range(d.ngroups)) or \
            any(perm[g] != g for g in range(d.ngroups, 3)):
        raise InvalidStateError("vulcanus state: perm is not an arrangement of the letter groups")
    if d.round <= 1 and (d.pc < PC_PERM or st == ST_PERM) and perm != [0, 1, 2]:
        raise InvalidStateError("vulcanus state: the letter groups are arranged before round 1's arrangement step")
    for g in range(d.ngroups):
        own = {group_slot(d, g, j) for j in range(per_group(d))}
        f = deck_first(g)
        for c in range(f, f + deck_size(g)):
            if d.zone[c] == Z_SLOT and d.pos[c] not in own:
                raise InvalidStateError(f"vulcanus state: a card of letter group {LETTERS[g]} lies in another group's slot")
    if st in (ST_DRAW, ST_PLAN, ST_KPLAN) and 0 <= d.draw_deck < 4:
        dk = d.draw_deck
        for j in range(per_group(d) if dk != KDECK_ID else KAIJU_PLACE):
            s = kaiju_slot(j) if dk == KDECK_ID else group_slot(d, dk, j)
            if (d.slot_card[s] >= 0) != (j < d.placed):
                raise InvalidStateError("vulcanus state: the slots planned so far are not the first ones of the group")
    for s in range(NSLOTS):
        c = d.slot_card[s]
        if c >= 0 and (d.zone[c] != Z_SLOT or d.pos[c] != s or
                       (deck_of(c) == KDECK_ID) != bool(VUL_SLOT_KAIJU[s])):
            raise InvalidStateError(f"vulcanus state: slot {SLOT_NAMES[s]} holds a card that is not there")
        if c >= 0 and d.round and (d.pc in (PC_EXEC, PC_EFFECT, PC_KAFTER, PC_DECLARE) and s < d.slot
                                   or d.pc in (PC_LAVA, PC_BASE)) and d.blk[c] != KNOWN:
            raise InvalidStateError(f"vulcanus state: executed slot {SLOT_NAMES[s]} is not face up")


def _check_record(VulcanusState self) -> None:
    """Each deck's public record (X4) agrees with its cards' places and the round flow, and
    the state's own deal is one the record allows, so resample always finds a history."""
    cdef VulData* d = &self.d
    expect = max(1, d.round - 1) if d.pc == PC_AFTER_EVENT else max(1, d.round)
    for dk in range(4):
        rows = [rec(dk, r) for r in range(NROUNDS)]
        name = _deck_name(self, dk)

        def bad(what):
            raise InvalidStateError(f"vulcanus state: the record of deck {name}: {what}")
        if dk < 3 and dk >= d.ngroups:
            _check_unused_deck_record(self, rows, bad)
            continue
        if d.next_layer[dk] != expect:
            bad(f"{d.next_layer[dk]} layers in round {d.round}")
        sizes, taken = _check_record_rounds(self, dk, rows, bad)
        _check_record_layers(self, dk, rows, sizes, taken, bad)
        if not record_consistent(d, dk):
            bad("no history it allows leads to these cards (a card is where it cannot be)")


def _check_unused_deck_record(VulcanusState self, rows: list, bad) -> None:
    """A deck no group plays in this game records nothing."""
    cdef VulData* d = &self.d
    if any(d.hx[w * 6 + j] or d.hm[w * 6 + j] for w in rows for j in range(6)) or \
            any(d.hk[w * 3 + k] != -1 or d.hv[w * 3 + k] != -1 for w in rows for k in range(3)):
        bad("the deck is not in this game")


def _check_record_rounds(VulcanusState self, int dk, rows: list, bad) -> tuple:
    """Round by round: nothing recorded before the deck drew, each played round's draws,
    redraws, planning and reveals in order; the (sizes, taken) of the deck's layers."""
    cdef VulData* d = &self.d
    f, size = deck_first(dk), deck_size(dk)
    nl = d.next_layer[dk]
    sizes = [size] + [0] * 5
    taken = [0] * 6
    zone_cards = sum(1 for c in range(f, f + size) if d.zone[c] != Z_DECK)
    for r in range(NROUNDS):
        w = rows[r]
        hx = [d.hx[w * 6 + l] for l in range(6)]
        hm = [d.hm[w * 6 + j] for j in range(6)]
        hk = [d.hk[w * 3 + k] for k in range(3)]
        hv = [d.hv[w * 3 + k] for k in range(3)]
        total = sum(hx)
        zone = r == nl - 1
        if not zone and r < nl and total == 0:
            bad(f"round {r + 1} was played without a draw")
        if r >= nl or (zone and total == 0):
            if total or any(hm) or hk != [-1] * 3 or hv != [-1] * 3:
                bad(f"round {r + 1} is recorded before this deck drew in it")
            if zone and zone_cards:
                bad("cards out of the deck that nobody drew")
            continue
        _check_round_draws(r, hx, sizes, taken, bad)
        planned = _check_round_planning(self, dk, r, zone, hm, hk, total, bad)
        _check_round_reveals(self, dk, r, zone, planned, hk, hv, bad)
        if zone:
            if zone_cards != total or \
                    sum(1 for c in range(f, f + size) if d.zone[c] == Z_SLOT) != planned:
                bad("the cards out of the deck are not the ones drawn this round")
        else:
            sizes[r + 1] = total
    return sizes, taken


def _check_round_draws(int r, hx: list, sizes: list, taken: list, bad) -> None:
    """Round r drew from the layers made before it, oldest first (a layer is used up before
    the next is touched); counts its draws into taken."""
    if any(hx[r + 1:]):
        bad(f"round {r + 1} drew from a layer made later")
    for l in range(r + 1):
        taken[l] += hx[l]
        if taken[l] > sizes[l]:
            bad(f"more cards drawn from layer {l} than it held")
    deepest = max(l for l in range(6) if hx[l])
    if any(taken[l] != sizes[l] for l in range(deepest)):
        bad(f"round {r + 1} drew from layer {deepest} before the older ones were used up")


def _check_round_planning(VulcanusState self, int dk, int r, zone, hm: list, hk: list, total,
                          bad) -> int:
    """Round r's epochs (the initial draw, then one per redraw, V19) match its draws, its
    planned cards' epochs are in order and complete; the number of cards planned."""
    cdef VulData* d = &self.d
    now = d.stage in (ST_DRAW, ST_PLAN, ST_KPLAN) and d.draw_deck == dk
    hand = KAIJU_DRAW if dk == KDECK_ID else hand_draw(d)
    full = KAIJU_PLACE if dk == KDECK_ID else per_group(d)
    size = deck_size(dk)
    ne = 1
    while ne < 6 and hm[ne - 1]:
        ne += 1
    if any(hm[ne - 1:]) or (dk == KDECK_ID and ne > 1):
        bad(f"round {r + 1}'s redraws are out of order")
    drawing = now and zone and d.stage == ST_DRAW
    batch = [hand] + hm[:ne - 1]
    if drawing:
        batch[ne - 1] -= d.draw_left
    if batch[ne - 1] < 0 or sum(batch) != total:
        bad(f"round {r + 1}'s draws do not match its hand and redraws")
    planned = sum(1 for k in range(3) if hk[k] >= 0)
    if any(hk[k] < 0 for k in range(planned)) or any(hk[k] >= ne for k in range(3)) or \
            any(hk[k] > hk[k + 1] >= 0 for k in range(2)) or (planned and hk[planned - 1] < 0):
        bad(f"round {r + 1}'s planning epochs are out of order")
    if now and zone:
        if planned != d.placed:
            bad("the cards planned this round do not match the planning")
    elif planned != full or hk[full - 1] != ne - 1:
        bad(f"round {r + 1}'s planning is incomplete")
    for j in range(ne - 1):
        cards_now = sum(batch[:j + 1])
        in_hand = hand - sum(1 for k in range(planned) if hk[k] <= j)
        if hm[j] > in_hand or hm[j] > size - cards_now:
            bad(f"round {r + 1}'s redraw {j + 1} sets aside more than allowed (V19)")
    return planned


def _check_round_reveals(VulcanusState self, int dk, int r, zone, int planned, hk: list, hv: list,
                         bad) -> None:
    """Round r's revealed types: only planned cards, all of them once the round is over, and
    in the round in play the same as the face-up planned cards on the board."""
    cdef VulData* d = &self.d
    for k in range(3):
        if hv[k] >= 0 and hk[k] < 0:
            bad(f"round {r + 1} reveals a card never planned")
        if not zone and k < planned and hv[k] < 0:
            bad(f"round {r + 1}'s planned cards are not all revealed")
        if zone and k < planned:
            c = round_slot_card(d, dk, k)
            if c < 0 or deck_of(c) != dk or (hv[k] >= 0) != (d.blk[c] == KNOWN) or \
                    (hv[k] >= 0 and hv[k] != d.ctype[c]):
                bad(f"round {r + 1}'s revealed cards and the board disagree")


def _check_record_layers(VulcanusState self, int dk, rows: list, sizes: list, taken: list,
                         bad) -> None:
    """Each layer of the deck holds what its round left there, face up exactly the cards
    revealed in that round while nobody has drawn from it."""
    cdef VulData* d = &self.d
    f, size = deck_first(dk), deck_size(dk)
    for l in range(d.next_layer[dk]):
        layer = [c for c in range(f, f + size) if d.zone[c] == Z_DECK and d.pos[c] == l]
        if len(layer) != sizes[l] - taken[l]:
            bad(f"layer {l} holds {len(layer)} cards, not {sizes[l] - taken[l]}")
        known = sorted(d.ctype[c] for c in layer if d.blk[c] == KNOWN)
        revealed = sorted(d.hv[rows[l - 1] * 3 + k] for k in range(3)
                          if l and d.hv[rows[l - 1] * 3 + k] >= 0)
        if known != (revealed if taken[l] == 0 else []):
            bad(f"the face-up cards of layer {l} are not the ones revealed in its round")

def _check_setup_fields(VulcanusState self) -> None:
    """Set-up only: the deal, the bonus tiles, Vulcanus's start, the roles and the seat to
    act are exactly what the set-up steps so far can have made (V2, V11, V15; issue 25)."""
    cdef VulData* d = &self.d
    st = d.stage

    def bad(what):
        raise InvalidStateError(f"vulcanus state: {what}")

    # The deal: square by square, each map tile in a slot of its own letter (omens move
    # only when the Humans start, which ends the set-up), so the letters' counts match.
    if st == ST_TILES and not 0 <= d.setup_idx < NSQ:
        bad("the set-up deal is past the last square")
    for s in range(NSQ):
        t = d.tile_at[s]
        dealt = st > ST_TILES or s < d.setup_idx
        if (t >= 0) != dealt:
            bad("the set-up tiles are not those of the squares dealt so far")
        if t >= NMAPTILES or (t >= 0 and tile_letter(t) != VUL_SLOT[s]):
            bad(f"set-up tile {t} is not a map tile of {SQUARE_NAMES[s]}'s letter")
    # The bonus tiles: all in the box, then drawn one by one, then 3 kept and 1 put back.
    where = [d.bonus_loc[t] for t in range(NBONUS)]
    if st == ST_TILES:
        want = {B_BOX: NBONUS}
    elif st == ST_BONUS_DRAW:
        want = {B_BOX: NBONUS - d.bonus_drawn, B_DRAWN: d.bonus_drawn} if d.bonus_drawn < BONUS_DRAW else None
    elif st == ST_BONUS_DROP:
        want = {B_BOX: NBONUS - BONUS_DRAW, B_DRAWN: BONUS_DRAW}
    else:
        want = {B_BOX: NBONUS - BONUS_DRAW, B_HAND: BONUS_KEEP, B_ASIDE: 1}
    if want is None or {k: where.count(k) for k in set(where)} != {k: n for k, n in want.items() if n} or \
            d.bonus_drawn != (0 if st == ST_TILES else d.bonus_drawn if st == ST_BONUS_DRAW else BONUS_DRAW):
        bad("bonus tiles do not match the set-up step")
    # Vulcanus starts on one of its three start squares (V15).
    if st > ST_KSTART and d.kpos not in (SQ_HARAJUKU, SQ_SHIBUYA, SQ_EBISU):
        bad("Vulcanus is not on a start square")
    # Roles: chosen in letter order, each at most once.
    chosen = d.setup_idx if st == ST_ROLE else (d.ngroups if st > ST_ROLE else 0)
    roles = [d.role[g] for g in range(chosen)]
    if st == ST_ROLE and not 0 <= d.setup_idx < d.ngroups:
        bad("no role left to choose")
    if -1 in roles or len(set(roles)) != len(roles) or any(d.role[g] != -1 for g in range(chosen, 3)):
        bad("roles are chosen in letter order, each once")
    # The step counter and the seat to act of each set-up step.
    if st in (ST_BONUS_DRAW, ST_BONUS_DROP, ST_KSTART) and d.setup_idx != 0 or \
            st > ST_ROLE and d.setup_idx != d.ngroups:
        bad("the set-up step counter does not match the set-up step")
    if st in (ST_TILES, ST_BONUS_DRAW):
        want_cur = -1
    elif st in (ST_BONUS_DROP, ST_KSTART):
        want_cur = 0
    elif st == ST_ROLE:
        want_cur = owner_of_deck(d, d.setup_idx)
    else:
        want_cur = 1
    if d.cur != want_cur:
        bad("the seat to act does not match the set-up step")

def _check_flow(VulcanusState self) -> None:
    """The round flow's counters agree with the stage (so nothing indexes out of range)."""
    cdef VulData* d = &self.d
    st = d.stage
    if st <= ST_HSTART_SDF:
        _check_setup_flow(self)
        return
    if d.round < 1 or d.omen_sq < 0 or d.kpos < 0:
        _bad("play has started: a round, an omen square and Vulcanus are needed")
    if st == ST_END:
        return
    _check_effect_flow(self)
    _check_stage_flow(self)
    _check_to_act(self)


def _bad(what: str) -> None:
    raise InvalidStateError(f"vulcanus state: {what}")


def _check_setup_flow(VulcanusState self) -> None:
    """Set-up: everything but what the set-up steps so far have set is as in a new game."""
    cdef VulData* d = &self.d
    cdef VulcanusState icons
    st, pc = d.stage, d.pc
    if d.round != 0 or pc != PC_ROUND:
        _bad("set-up steps happen before round 1")
    # everything but what the set-up steps so far have set is as in a new game
    fresh = VulcanusState(**self.params()).to_dict()
    now = self.to_dict()
    changing = {"stage", "to_act", "setup_square", "tiles", "bonus_tile_places",
                "bonus_tiles_drawn", "card_types"}
    if st > ST_TILES:
        changing |= {"citizens", "vips", "lava"}
    if st > ST_KSTART:
        changing |= {"vulcanus_square", "roles"}
    if st == ST_HSTART_SDF:
        changing |= {"fire_brigades", "bases", "fire_brigades_in_stock", "bases_in_stock"}
    for key in fresh:
        if key not in changing and now[key] != fresh[key]:
            _bad(f"{key} is not as set up")
    _check_setup_fields(self)
    if st > ST_TILES:
        icons = VulcanusState.__new__(VulcanusState)
        copy_state(icons, self)
        place_setup_icons(&icons.d)
        if any(icons.d.cit[s] != d.cit[s] or icons.d.vip[s] != d.vip[s] or icons.d.lava[s] != d.lava[s]
               for s in range(NSQ)):
            _bad("the map's citizens, VIPs and lava are not those of its tiles")
    if st == ST_HSTART_SDF and (sum(d.fb[s] for s in range(NSQ)) != 1 or d.fb[d.kpos]
                                or any(d.base[s] != d.fb[s] for s in range(NSQ))):
        _bad("the fire brigade's start is not a base square without Vulcanus")
    if st >= ST_ROLE and d.kpos < 0:
        _bad("Vulcanus is not on the map")


def _check_effect_flow(VulcanusState self) -> None:
    """The card being executed and its effect queue agree with the stage."""
    cdef VulData* d = &self.d
    st, pc = d.stage, d.pc
    effect_of = {ST_WALK1: E_KAIJU + KT_WALK, ST_WALK2: E_KAIJU + KT_WALK,
                 ST_TRAMPLE: E_KAIJU + KT_TRAMPLE, ST_BOMB: E_KAIJU + KT_FIREBOMB,
                 ST_ROAR: E_KAIJU + KT_ROAR, ST_UNDER: E_KAIJU + KT_UNDER,
                 ST_FLOW1: E_KAIJU + KT_FLOW, ST_FLOW2: E_KAIJU + KT_FLOW,
                 ST_MOVE: (E_MOVE_CIT, E_MOVE_FB, E_MOVE_SDF), ST_FF: E_FIRE, ST_CMD: E_CMD,
                 ST_MOB: E_MOBIL, ST_HELI1: E_HELI, ST_HELI2: E_HELI, ST_SHELL: E_SHELL,
                 ST_RESEARCH: E_RESEARCH, ST_BUDGET: E_RESEARCH, ST_CONT: E_CONT}
    valid_effects = set(range(10)) | set(range(E_KAIJU, E_KAIJU + NKTYPES))
    if pc in (PC_EFFECT, PC_KAFTER, PC_DECLARE):
        if not 0 <= d.slot < NSLOTS or d.slot_card[d.slot] < 0 or d.blk[d.slot_card[d.slot]] != KNOWN:
            _bad("the card being executed is not a face-up card on the board")
        if not 1 <= d.eff_n <= 3 or not 0 <= d.eff_i <= d.eff_n:
            _bad("the effect queue is malformed")
        if any(d.eff_q[i] not in valid_effects for i in range(d.eff_n)) or \
                d.eff_q[0] != card_effect(d, d.slot_card[d.slot]):
            _bad("the effect queue does not match the card being executed")
        if d.eff_n > 1 and d.eff_q[0] != E_CONT:
            _bad("only Continuation queues other cards' effects")
        if d.actor != owner_of_deck(d, deck_of(d.slot_card[d.slot])):
            _bad("the card's owner does not act for it")
        if pc != PC_EFFECT and not VUL_SLOT_KAIJU[d.slot]:
            _bad("only a Kaiju card has an after-card step")
    elif not 0 <= d.slot <= NSLOTS:
        _bad("slot out of range")
    if st in effect_of:
        if pc != PC_EFFECT or d.eff_i < 1:
            _bad("a card step outside the execution of a card")
        want = effect_of[st]
        cur_e = d.eff_q[d.eff_i - 1]
        if cur_e != want and not (isinstance(want, tuple) and cur_e in want):
            _bad("the card step does not belong to the effect being applied")


def _check_stage_flow(VulcanusState self) -> None:
    """Each stage happens in its phase, with the counters it reads in range."""
    cdef VulData* d = &self.d
    st, pc = d.stage, d.pc
    if st in (ST_EVAC, ST_INVEST):
        if not ((pc == PC_EFFECT and d.ctx == CTX_CMD and d.eff_i >= 1 and d.eff_q[d.eff_i - 1] == E_CMD)
                or (pc == PC_BASE and d.ctx == CTX_BASE)):
            _bad("an evacuation or investigation outside a base or an SDF command")
    if st == ST_VICTIM and (pc != PC_LAVA or d.lava_sq >= NSQ or d.kills_left <= 0
                            or d.cit[d.lava_sq] == 0 or d.vip[d.lava_sq] == 0):
        _bad("a victim choice outside the Lava phase's choices")
    if st == ST_BASE and pc != PC_BASE:
        _bad("a base choice outside the Base phase")
    if st == ST_DECLARE and pc != PC_DECLARE:
        _bad("a declaration outside the step after a Kaiju card")
    if st == ST_EVOLVE and d.pending_evo <= 0:
        _bad("no evolution tile to place")
    if st in (ST_EVENT_DRAW, ST_EVENT_ADJ) and pc != PC_AFTER_EVENT:
        _bad("an event step outside the Event phase")
    if st == ST_PERM and pc != PC_KPLAN:
        _bad("the arrangement outside planning")
    if st == ST_PLAN and (pc != PC_PLAN or d.draw_deck != d.group_i or d.group_i >= d.ngroups
                          or d.placed >= per_group(d)):
        _bad("a Human plan outside that letter group's planning")
    if st == ST_KPLAN and (pc != PC_EXEC or d.draw_deck != KDECK_ID or d.slot != 0 or d.placed >= KAIJU_PLACE):
        _bad("the Kaiju's plan outside its planning")
    if st == ST_DRAW and not ((pc == PC_PLAN and d.draw_deck == d.group_i < d.ngroups)
                              or (pc == PC_EXEC and d.draw_deck == KDECK_ID and d.slot == 0)):
        _bad("a draw outside planning")
    if st in (ST_DRAW, ST_PLAN, ST_KPLAN):
        dk = d.draw_deck
        total = KAIJU_DRAW if dk == KDECK_ID else hand_draw(d)
        held = count_zone(d, dk, Z_HAND) + count_zone(d, dk, Z_MARKED)
        if count_zone(d, dk, Z_SLOT) != d.placed:
            _bad("the cards planned do not match the planning step")
        pending = d.draw_left if st == ST_DRAW else 0
        if held + d.placed + pending != total and top_layer(d, dk) >= 0:
            _bad("the hand does not hold the cards drawn")
        if st == ST_DRAW and d.draw_left <= 0:
            _bad("a draw with nothing left to draw")
    if any(d.zone[c] == Z_MARKED for c in range(NCARDS)) and not (
            st == ST_PLAN and d.fund_pool >= 1):
        _bad("cards set aside for a redraw outside a Human plan that can pay for it")
    if st == ST_HELI2 and (d.heli_src < 0 or d.fb[d.heli_src] <= 0):
        _bad("the fire helicopter has no fire brigade to fly")
    if st == ST_FLOW2 and (d.first_sq < 0 or not adjacent(d.first_sq, d.kpos)):
        _bad("the second lava flow has no first one")


def _check_to_act(VulcanusState self) -> None:
    """The seat to act is the one the stage names."""
    cdef VulData* d = &self.d
    st, pc = d.stage, d.pc
    kaiju_stages = (ST_EVENT_ADJ, ST_KPLAN, ST_WALK1, ST_WALK2, ST_TRAMPLE, ST_BOMB, ST_ROAR,
                    ST_UNDER, ST_FLOW1, ST_FLOW2, ST_VICTIM, ST_EVOLVE, ST_DECLARE)
    if st in kaiju_stages:
        want_cur = 0
    elif st in (ST_PLAN,):
        want_cur = owner_of_deck(d, d.draw_deck)
    elif st in (ST_PERM, ST_BASE) or (st in (ST_EVAC, ST_INVEST) and d.ctx == CTX_BASE):
        want_cur = 1
    elif is_chance_stage(st):
        want_cur = -1
    else:
        want_cur = d.actor
    if d.cur != want_cur:
        _bad(f"{_seat_name(d.cur) if d.cur >= 0 else 'nobody'} acts where {_seat_name(want_cur) if want_cur >= 0 else 'chance'} should")
