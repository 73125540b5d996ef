
# ---------------------------------------------------------------- hidden information
cdef inline void shuffle_ints(int* a, int k, Rng* rng) noexcept nogil:
    cdef int i, j, t
    for i in range(k - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef void resample_data(VulData* d, int p, Rng* rng) noexcept nogil:
    """Redraw what seat p cannot see (GAPS 1.2): the identities of the hidden cards of every
    deck p does not hold (hands, set-aside and discarded cards, face-down planned cards,
    unordered deck layers), keeping each reservation group's reserved types among its
    members (cards once seen face up, X4); and, for a Human seat, which undeclared destruction
    bonus tiles the Kaiju holds, saw or never drew. The draw starts from a canonical order,
    so it depends only on what p saw."""
    cdef int dk, c, c2, f, e, k, nh, nr, i, j, g
    cdef int ids[12]
    cdef int types[12]
    cdef int pool[12]
    cdef int members[12]
    cdef int newt[39]
    cdef int cnt[8]
    for dk in range(4):
        if dk < 3 and dk >= d.ngroups:
            continue
        if owner_of_deck(d, dk) == p:
            continue
        f = deck_first(dk)
        e = f + deck_size(dk)
        for i in range(8):
            cnt[i] = 0
        nh = 0
        for c in range(f, e):
            newt[c] = -1
            if d.blk[c] != KNOWN:
                ids[nh] = c
                cnt[d.ctype[c]] += 1
                nh += 1
        # the reserved types first, each group's on random distinct members
        for g in range(f, e):
            k = 0
            nr = 0
            for c2 in range(f, e):
                if d.grp[c2] == g and d.blk[c2] != KNOWN:
                    members[k] = c2
                    k += 1
                    if d.rtype[c2] >= 0:
                        types[nr] = d.rtype[c2]
                        nr += 1
            sort_ints(types, nr)
            shuffle_ints(members, k, rng)
            for i in range(nr):
                if i < k:
                    newt[members[i]] = types[i]
                    cnt[types[i]] -= 1
        # the rest of the hidden cards, shuffled over the other hidden places
        k = 0
        for i in range(8):
            for j in range(cnt[i]):
                pool[k] = i
                k += 1
        shuffle_ints(pool, k, rng)
        j = 0
        for i in range(nh):
            c = ids[i]
            if newt[c] < 0:
                newt[c] = pool[j]
                j += 1
            d.ctype[c] = newt[c]
    if p != 0:
        k = 0
        for c in range(NBONUS):
            if d.bonus_loc[c] != B_DECLARED:
                ids[k] = c
                types[k] = d.bonus_loc[c]
                k += 1
        sort_ints(types, k)
        shuffle_ints(types, k, rng)
        for c in range(k):
            d.bonus_loc[ids[c]] = types[c]


cdef int action_key(VulData* d, int observer, int a) noexcept nogil:
    """Draws, planned cards, redraw discards and the Kaiju's bonus tiles are seen by their
    holder only; everything else is public."""
    cdef int st = d.stage
    if st == ST_DRAW and observer != owner_of_deck(d, d.draw_deck):
        return KEY_HIDDEN_DRAW
    if st == ST_BONUS_DRAW and observer != 0:
        return KEY_HIDDEN_BONUS
    if st == ST_BONUS_DROP and observer != 0:
        return KEY_HIDDEN_DROP
    if (st == ST_PLAN or st == ST_KPLAN) and observer != d.cur:
        if A_PLACE <= a < A_MARK:
            return KEY_HIDDEN_PLACE
        if A_MARK <= a < A_REDRAW:
            return KEY_HIDDEN_MARK
    return a


cdef void evaluate_data(VulData* d, double* out) noexcept nogil:
    """The Kaiju's chance: a logistic of the difference of the tracks' empty cells (the
    round-6 comparison, V20) after the next Lava and Base phases as the map stands (deaths and
    fires from the lava on the map, one evacuation per base with people), sharper as the game
    nears its end; the Humans share the rest equally."""
    cdef int s, k, people, def_proj = d.def_filled, dmg_proj = d.dmg_filled
    cdef double x, pk
    cdef int p
    if d.stage == ST_END:
        pk = 1.0 if d.winner == 0 else 0.0
    else:
        for s in range(NSQ):
            people = d.cit[s] + d.vip[s]
            k = d.lava[s] if d.lava[s] < people else people
            dmg_proj += k
            if d.lava[s] >= 3:
                dmg_proj += 1
            if d.base[s] and people > k:
                def_proj += 1
        if dmg_proj > DMG_CELLS:
            dmg_proj = DMG_CELLS
        if def_proj > DEF_CELLS:
            def_proj = DEF_CELLS
        x = ((DEF_CELLS - def_proj) - (DMG_CELLS - dmg_proj) + 0.5) / (3.0 + 2.0 * (NROUNDS - d.round))
        pk = 1.0 / (1.0 + exp(-x))
    out[0] = pk
    for p in range(1, d.n):
        out[p] = (1.0 - pk) / (d.n - 1)


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

_FIELDS = {
    "n": (0, 2, 4), "ngroups": (0, 2, 3), "turn_cap": (0, 1, 1000), "disaster": (0, -3, 3),
    "stage": (0, 0, NUM_STAGES - 1), "pc": (0, 0, PC_BASE), "cur": (0, -4, 3), "round": (0, 0, 6),
    "setup_idx": (0, 0, 18), "winner": (0, -1, 1),
    "cit": (18, 0, 200), "vip": (18, 0, 4), "lava": (18, 0, 400), "fb": (18, 0, FB_TOTAL),
    "sdf": (18, 0, SDF_TOTAL), "base": (18, 0, 1), "tile_at": (18, -1, NTILES - 1),
    "kpos": (0, -1, 17), "omen_sq": (0, -1, 17),
    "defense": (30, 0, 4), "damage": (40, 0, TC_BONUS + 7), "def_filled": (0, 0, 30),
    "dmg_filled": (0, 0, 40), "attack_left": (0, 0, NATTACK),
    "fund_pool": (0, 0, FUND_TOTAL), "fund_used": (0, 0, FUND_TOTAL), "fund_stock": (0, 0, 4),
    "budget": (0, 0, 2), "inv": (0, 0, INV_MAX), "inv_attack_done": (0, 0, 1),
    "fb_stock": (0, 0, FB_TOTAL), "sdf_stock": (0, 0, SDF_TOTAL), "base_stock": (0, 0, BASE_TOTAL),
    "lava_out": (0, 0, 10000), "pending_evo": (0, 0, 5), "evolved": (6, 0, 1), "full": (0, 0, 1),
    "adv_left": (2, 0, 4), "ev_kind": (6, -1, 2), "bonus_loc": (8, 0, 4), "bonus_drawn": (0, 0, 4),
    "role": (3, -1, 3), "perm": (3, 0, 2), "ctype": (39, 0, 6), "zone": (39, 0, 5), "pos": (39, 0, 1000),
    "blk": (39, -1, 38), "grp": (39, -1, 38), "rtype": (39, -1, 6), "next_layer": (4, 1, 1000), "slot_card": (9, -1, 38),
    "group_i": (0, 0, 3), "draw_deck": (0, 0, 3), "draw_left": (0, 0, 12), "placed": (0, 0, 3),
    "slot": (0, 0, 9), "actor": (0, 0, 3), "eff_q": (3, -1, E_KAIJU + 5), "eff_addq": (3, 0, 1),
    "eff_n": (0, 0, 3), "eff_i": (0, 0, 3), "eff_add": (0, 0, 1), "u_ff": (0, 0, 1),
    "u_cmd2": (0, 0, 1), "u_spec": (0, 0, 1), "k_full": (0, 0, 1), "steps": (0, 0, 2),
    "ff_fb": (18, 0, FB_TOTAL), "ff_base": (0, 0, (1 << 18) - 1), "mob_used": (0, 0, (1 << 18) - 1),
    "cmd_used": (0, 0, 7), "cmd_count": (0, 0, 2), "sub_sq": (0, 0, 17), "ctx": (0, 0, 1),
    "first_sq": (0, -1, 17), "heli_src": (0, -1, 17), "lava_sq": (0, 0, 18),
    "kills_left": (0, -1, 400), "base_done": (0, 0, (1 << 18) - 1),
}


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"vulcanus state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise ValueError(f"vulcanus state: {name}={value} is outside {lo}..{hi}")
