# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Vulcanus (Arclight, 2019) for 2-4 players: one Kaiju against a team of 1-3 Humans.

Rulebook: ../shared/rules/original/000_ad4c307752f08974.txt; gaps filled as in GAPS.md
section 1 (V1..V22) and section 0 (X1..X7), cited by ID in the code. Physical data:
ext/vulcanus/data.pxd. ext/vulcanus/rules.md maps every rule to its code and tests.

Files: rules.pxi (struct, round flow, legal moves, effects), state_class.pxi (hidden
information, evaluation, tables), this file (the VulcanusState class: protocol and Python API).

Seat 0 is the Kaiju; seats 1..n-1 the Humans, who win or lose together. Every decision is one
atomic untimed action (X1). Hidden information (GAPS 1.2): each deck's hand, set-aside and
planned cards are seen by their holder only, until a planned card is executed; deck orders
are chance; the Kaiju's destruction bonus tiles are its own until declared. Card identities
are tracked per card with a public knowledge block, and resampling shuffles identities
within blocks (state_class.pxi).
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below, rng_seed
from vsai.ext.vulcanus.data cimport *

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.values import action_id, check_field, check_param

include "rules.pxi"
include "state_class.pxi"
include "state_json.pxi"

DEFAULT_TURN_CAP = 6        # the game's own 6 rounds (X5)
MIN_PLAYERS = VUL_MIN_PLAYERS
MAX_PLAYERS = VUL_MAX_PLAYERS
MAX_TURN_CAP = VUL_MAX_TURN_CAP
MAX_DISASTER = VUL_MAX_DISASTER
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: Movement of citizens (2 kinds x 18 squares x 4 lines
# + done = 145) and Fire fighting (2 units x 18 x 5 + done = 181) are the largest.
MAX_BRANCHING = 181
OBS_SIZE = 1100


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


cdef class VulcanusState(State):
    """A state of Vulcanus (2-4 players: the Kaiju and 1-3 Human seats)."""

    GAME_NAME = "vulcanus"
    cdef VulData d

    def __cinit__(self):
        self._data = &self.d
        self._size = sizeof(VulData)

    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP, disaster: int = 0):
        init_data(&self.d, check_param("players", players, MIN_PLAYERS, MAX_PLAYERS),
                  check_param("turn_cap", turn_cap, 1, MAX_TURN_CAP),
                  check_param("disaster", disaster, -MAX_DISASTER, MAX_DISASTER))

    # ------------------------------------------------------------------ C protocol
    cdef State c_clone(self):
        cdef VulcanusState other = VulcanusState.__new__(VulcanusState)
        copy_state(other, self)
        return other

    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        if self.d.stage == ST_END:
            return TERMINAL_PLAYER
        if is_chance_stage(self.d.stage):
            return CHANCE_PLAYER
        return self.d.cur

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.d.stage == ST_END:
            return 0
        if is_chance_stage(self.d.stage):
            return gen_chance(&self.d, out, NULL)
        return gen_legal(&self.d, out)

    cdef void c_apply_action(self, int action) noexcept nogil:
        if is_chance_stage(self.d.stage):
            apply_chance(&self.d, action)
        else:
            apply_move(&self.d, action)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        if not is_chance_stage(self.d.stage):
            return 0
        return gen_chance(&self.d, actions, probs)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int p
        if self.d.stage != ST_END:
            for p in range(self.d.n):
                out[p] = 0.0
            return
        out[0] = 1.0 if self.d.winner == 0 else 0.0
        for p in range(1, self.d.n):
            out[p] = 0.0 if self.d.winner == 0 else 1.0 / (self.d.n - 1)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int n, i
        cdef double u, acc
        while self.d.stage != ST_END:
            if is_chance_stage(self.d.stage):
                n = gen_chance(&self.d, buf, probs)
                if n <= 0:
                    return
                u = (rng_below(rng, 1 << 30)) / <double>(1 << 30)
                acc = 0.0
                i = 0
                while i < n - 1:
                    acc += probs[i]
                    if u < acc:
                        break
                    i += 1
                apply_chance(&self.d, buf[i])
            else:
                n = gen_legal(&self.d, buf)
                if n <= 0:          # cannot happen in a consistent state; never read garbage
                    return
                apply_move(&self.d, buf[rng_below(rng, n)])

    cdef void c_evaluate(self, double* out) noexcept nogil:
        evaluate_data(&self.d, out)

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        resample_data(&self.d, player, rng)

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action_key(&self.d, observer, action)

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": rounds cap, "disaster": level}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap, "disaster": self.d.disaster}

    def scores(self) -> list:
        """Filled cells of each side's own track: Damage for the Kaiju, Defense for Humans."""
        k = track_filled(self.d.damage, DMG_CELLS)
        h = track_filled(self.d.defense, DEF_CELLS)
        return [k] + [h] * (self.d.n - 1)

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (JSON_FIELDS: rules.md, "JSON format")."""
        return JSON_FIELDS.dump(self.d)

    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version-2 state object (the struct's own field names) as version 3."""
        return upgrade_v2_state(state)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed
        or unreachable."""
        JSON_FIELDS.check(data)
        if (data["players"], data["turn_cap"], data["disaster"]) != (self.d.n, self.d.turn_cap, self.d.disaster):
            raise InvalidStateError("vulcanus state: players/turn_cap/disaster differ from the game parameters")
        backup = self._raw_bytes()
        self.d = JSON_FIELDS.load(data, self.d)
        try:
            self._check_consistency()
        except InvalidStateError:
            self._set_raw_bytes(backup)
            raise

    def _check_consistency(self) -> None:
        cdef VulData* d = &self.d
        cdef int buf[MAX_ACTIONS]
        st = d.stage
        if d.ngroups != (3 if d.n == 4 else 2):
            raise InvalidStateError("vulcanus state: ngroups does not match the player count")
        setup = st < ST_EVENT_DRAW and d.round == 0
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
                raise InvalidStateError(f"vulcanus state: deck {self._deck_name(dk)} does not hold its cards")
            for c in range(f, f + size):
                z = d.zone[c]
                if z == Z_NONE:
                    raise InvalidStateError(f"vulcanus state: a card of deck {self._deck_name(dk)} is missing")
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
                raise InvalidStateError(f"vulcanus state: deck {self._deck_name(dk)} has a hand outside its planning")
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
        if not setup:
            roles = [d.role[g] for g in range(d.ngroups)]
            if -1 in roles or len(set(roles)) != len(roles):
                raise InvalidStateError("vulcanus state: each letter group needs its own role")
            if d.kpos < 0:
                raise InvalidStateError("vulcanus state: Vulcanus is not on the map")
        self._check_flow()
        self._check_record()
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

    def _check_record(self) -> None:
        """Each deck's public record (X4) agrees with its cards' places and the round flow, and
        the state's own deal is one the record allows, so resample always finds a history."""
        cdef VulData* d = &self.d
        expect = max(1, d.round - 1) if d.pc == PC_AFTER_EVENT else max(1, d.round)
        for dk in range(4):
            rows = [rec(dk, r) for r in range(NROUNDS)]
            name = self._deck_name(dk)

            def bad(what):
                raise InvalidStateError(f"vulcanus state: the record of deck {name}: {what}")
            if dk < 3 and dk >= d.ngroups:
                if any(d.hx[w * 6 + j] or d.hm[w * 6 + j] for w in rows for j in range(6)) or \
                        any(d.hk[w * 3 + k] != -1 or d.hv[w * 3 + k] != -1 for w in rows for k in range(3)):
                    bad("the deck is not in this game")
                continue
            f, size = deck_first(dk), deck_size(dk)
            nl = d.next_layer[dk]
            if nl != expect:
                bad(f"{nl} layers in round {d.round}")
            now = d.stage in (ST_DRAW, ST_PLAN, ST_KPLAN) and d.draw_deck == dk
            hand = KAIJU_DRAW if dk == KDECK_ID else hand_draw(d)
            full = KAIJU_PLACE if dk == KDECK_ID else per_group(d)
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
                # draws: oldest layer first (a layer is used up before the next is touched)
                if any(hx[r + 1:]):
                    bad(f"round {r + 1} drew from a layer made later")
                for l in range(r + 1):
                    taken[l] += hx[l]
                    if taken[l] > sizes[l]:
                        bad(f"more cards drawn from layer {l} than it held")
                deepest = max(l for l in range(6) if hx[l])
                if any(taken[l] != sizes[l] for l in range(deepest)):
                    bad(f"round {r + 1} drew from layer {deepest} before the older ones were used up")
                # epochs: the initial draw, then one per redraw (V19)
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
                cards = total
                for j in range(ne - 1):
                    cards_now = sum(batch[:j + 1])
                    in_hand = hand - sum(1 for k in range(planned) if hk[k] <= j)
                    if hm[j] > in_hand or hm[j] > size - cards_now:
                        bad(f"round {r + 1}'s redraw {j + 1} sets aside more than allowed (V19)")
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
                if zone:
                    if zone_cards != total or \
                            sum(1 for c in range(f, f + size) if d.zone[c] == Z_SLOT) != planned:
                        bad("the cards out of the deck are not the ones drawn this round")
                else:
                    sizes[r + 1] = total
            for l in range(nl):
                layer = [c for c in range(f, f + size) if d.zone[c] == Z_DECK and d.pos[c] == l]
                if len(layer) != sizes[l] - taken[l]:
                    bad(f"layer {l} holds {len(layer)} cards, not {sizes[l] - taken[l]}")
                known = sorted(d.ctype[c] for c in layer if d.blk[c] == KNOWN)
                revealed = sorted(d.hv[rows[l - 1] * 3 + k] for k in range(3)
                                  if l and d.hv[rows[l - 1] * 3 + k] >= 0)
                if known != (revealed if taken[l] == 0 else []):
                    bad(f"the face-up cards of layer {l} are not the ones revealed in its round")
            if not record_consistent(d, dk):
                bad("no history it allows leads to these cards (a card is where it cannot be)")

    def _check_setup_fields(self) -> None:
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

    def _check_flow(self) -> None:
        """The round flow's counters agree with the stage (so nothing indexes out of range)."""
        cdef VulData* d = &self.d
        cdef VulcanusState icons
        st, pc = d.stage, d.pc

        def bad(what):
            raise InvalidStateError(f"vulcanus state: {what}")

        if st <= ST_HSTART_SDF:
            if d.round != 0 or pc != PC_ROUND:
                bad("set-up steps happen before round 1")
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
                    bad(f"{key} is not as set up")
            self._check_setup_fields()
            if st > ST_TILES:
                icons = VulcanusState.__new__(VulcanusState)
                copy_state(icons, self)
                place_setup_icons(&icons.d)
                if any(icons.d.cit[s] != d.cit[s] or icons.d.vip[s] != d.vip[s] or icons.d.lava[s] != d.lava[s]
                       for s in range(NSQ)):
                    bad("the map's citizens, VIPs and lava are not those of its tiles")
            if st == ST_HSTART_SDF and (sum(d.fb[s] for s in range(NSQ)) != 1 or d.fb[d.kpos]
                                        or any(d.base[s] != d.fb[s] for s in range(NSQ))):
                bad("the fire brigade's start is not a base square without Vulcanus")
            if st >= ST_ROLE and d.kpos < 0:
                bad("Vulcanus is not on the map")
            return
        if d.round < 1 or d.omen_sq < 0 or d.kpos < 0:
            bad("play has started: a round, an omen square and Vulcanus are needed")
        if st == ST_END:
            return
        kaiju_stages = (ST_EVENT_ADJ, ST_KPLAN, ST_WALK1, ST_WALK2, ST_TRAMPLE, ST_BOMB, ST_ROAR,
                        ST_UNDER, ST_FLOW1, ST_FLOW2, ST_VICTIM, ST_EVOLVE, ST_DECLARE)
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
                bad("the card being executed is not a face-up card on the board")
            if not 1 <= d.eff_n <= 3 or not 0 <= d.eff_i <= d.eff_n:
                bad("the effect queue is malformed")
            if any(d.eff_q[i] not in valid_effects for i in range(d.eff_n)) or \
                    d.eff_q[0] != card_effect(d, d.slot_card[d.slot]):
                bad("the effect queue does not match the card being executed")
            if d.eff_n > 1 and d.eff_q[0] != E_CONT:
                bad("only Continuation queues other cards' effects")
            if d.actor != owner_of_deck(d, deck_of(d.slot_card[d.slot])):
                bad("the card's owner does not act for it")
            if pc != PC_EFFECT and not VUL_SLOT_KAIJU[d.slot]:
                bad("only a Kaiju card has an after-card step")
        elif not 0 <= d.slot <= NSLOTS:
            bad("slot out of range")
        if st in effect_of:
            if pc != PC_EFFECT or d.eff_i < 1:
                bad("a card step outside the execution of a card")
            want = effect_of[st]
            cur_e = d.eff_q[d.eff_i - 1]
            if cur_e != want and not (isinstance(want, tuple) and cur_e in want):
                bad("the card step does not belong to the effect being applied")
        if st in (ST_EVAC, ST_INVEST):
            if not ((pc == PC_EFFECT and d.ctx == CTX_CMD and d.eff_i >= 1 and d.eff_q[d.eff_i - 1] == E_CMD)
                    or (pc == PC_BASE and d.ctx == CTX_BASE)):
                bad("an evacuation or investigation outside a base or an SDF command")
        if st == ST_VICTIM and (pc != PC_LAVA or d.lava_sq >= NSQ or d.kills_left <= 0
                                or d.cit[d.lava_sq] == 0 or d.vip[d.lava_sq] == 0):
            bad("a victim choice outside the Lava phase's choices")
        if st == ST_BASE and pc != PC_BASE:
            bad("a base choice outside the Base phase")
        if st == ST_DECLARE and pc != PC_DECLARE:
            bad("a declaration outside the step after a Kaiju card")
        if st == ST_EVOLVE and d.pending_evo <= 0:
            bad("no evolution tile to place")
        if st in (ST_EVENT_DRAW, ST_EVENT_ADJ) and pc != PC_AFTER_EVENT:
            bad("an event step outside the Event phase")
        if st == ST_PERM and pc != PC_KPLAN:
            bad("the arrangement outside planning")
        if st == ST_PLAN and (pc != PC_PLAN or d.draw_deck != d.group_i or d.group_i >= d.ngroups
                              or d.placed >= per_group(d)):
            bad("a Human plan outside that letter group's planning")
        if st == ST_KPLAN and (pc != PC_EXEC or d.draw_deck != KDECK_ID or d.slot != 0 or d.placed >= KAIJU_PLACE):
            bad("the Kaiju's plan outside its planning")
        if st == ST_DRAW and not ((pc == PC_PLAN and d.draw_deck == d.group_i < d.ngroups)
                                  or (pc == PC_EXEC and d.draw_deck == KDECK_ID and d.slot == 0)):
            bad("a draw outside planning")
        if st in (ST_DRAW, ST_PLAN, ST_KPLAN):
            dk = d.draw_deck
            total = KAIJU_DRAW if dk == KDECK_ID else hand_draw(d)
            held = count_zone(d, dk, Z_HAND) + count_zone(d, dk, Z_MARKED)
            if count_zone(d, dk, Z_SLOT) != d.placed:
                bad("the cards planned do not match the planning step")
            pending = d.draw_left if st == ST_DRAW else 0
            if held + d.placed + pending != total and top_layer(d, dk) >= 0:
                bad("the hand does not hold the cards drawn")
            if st == ST_DRAW and d.draw_left <= 0:
                bad("a draw with nothing left to draw")
        if any(d.zone[c] == Z_MARKED for c in range(NCARDS)) and not (
                st == ST_PLAN and d.fund_pool >= 1):
            bad("cards set aside for a redraw outside a Human plan that can pay for it")
        if st == ST_HELI2 and (d.heli_src < 0 or d.fb[d.heli_src] <= 0):
            bad("the fire helicopter has no fire brigade to fly")
        if st == ST_FLOW2 and (d.first_sq < 0 or not adjacent(d.first_sq, d.kpos)):
            bad("the second lava flow has no first one")
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
            bad(f"{_seat_name(d.cur) if d.cur >= 0 else 'nobody'} acts where {_seat_name(want_cur) if want_cur >= 0 else 'chance'} should")

    # ------------------------------------------------------------------ texts
    def _deck_name(self, dk: int) -> str:
        """A deck's letter and role, or Kaiju."""
        if dk == KDECK_ID:
            return "Kaiju"
        role = self.d.role[dk]
        return f"{LETTERS[dk]}" + (f" ({ROLE_NAMES[role]})" if role >= 0 else "")

    def _card_name(self, dk: int, t: int) -> str:
        """The name of card type t of deck dk (a Special card by its role)."""
        if dk == KDECK_ID:
            return KAIJU_CARDS[t]
        if t == HT_SPECIAL and self.d.role[dk] >= 0:
            return SPECIAL_CARDS[self.d.role[dk]]
        return HUMAN_CARDS[t]

    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        cdef VulData* d = &self.d
        a = action_id(action)
        st = d.stage
        if is_chance_stage(st):
            if not 0 <= a < NUM_CHANCE:
                raise InvalidArgumentError(f"{a} is not a chance outcome of this game (0..{NUM_CHANCE - 1})")
            if st == ST_TILES:
                return f"tile {tile_name(a)} on {SQUARE_NAMES[d.setup_idx]}"
            if st == ST_BONUS_DRAW and a < NBONUS:
                return f"draw bonus tile {bonus_name(a)}"
            if st == ST_EVENT_DRAW and a < 2:
                return f"event {EVENT_NAMES[1 + a]}"
            if st == ST_DRAW and a < 8:
                return f"draw {self._card_name(d.draw_deck, a)}"
            return f"outcome {a}"
        if not 0 <= a < NUM_ACTIONS:
            raise InvalidArgumentError(f"{a} is not an action of this game (0..{NUM_ACTIONS - 1})")
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
            return f"plan {self._card_name(d.draw_deck if st in (ST_PLAN, ST_KPLAN) else 0, a - A_PLACE)}"
        if a < A_REDRAW:
            return f"set aside {self._card_name(d.draw_deck if st == ST_PLAN else 0, a - A_MARK)}"
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

    def _actor_text(self) -> str:
        cp = self.c_current_player()
        return "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else _seat_name(cp))

    def _visible(self, int c, viewer: int | None) -> bool:
        """Whether `viewer` (None: everything) knows the identity of card c."""
        _check_card(c)
        return viewer is None or self.d.blk[c] == KNOWN or owner_of_deck(&self.d, deck_of(c)) == viewer

    def _deck_lines(self, viewer: int | None) -> list:
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
                seen = sorted(self._card_name(dk, d.ctype[c]) for c in cards if self._visible(c, viewer))
                unseen = sum(1 for c in cards if not self._visible(c, viewer))
                text = ", ".join(seen + ([f"{unseen} unseen"] if unseen else []))
                parts.append(f"{label}: {text}")
            lines.append(f"deck {self._deck_name(dk)} [{_seat_name(owner)}]: " + "; ".join(parts))
            # perfect recall (X4): the public record of the deck's rounds
            for entry in self._record(dk):
                lines.append(f"  round {entry['round']}: drew " +
                             ", ".join(f"{n} of " + (f"round {l}'s cards" if l else "the starting deck")
                                       for l, n in entry["drawn_from_layers"]) +
                             "".join(f"; redraw {n}" for n in entry["redraws"]) +
                             ("; planned in draws " + ",".join(str(j + 1) for j in entry["planned_in"])
                              if entry["planned_in"] else "") +
                             ("; revealed " + ", ".join(x or "face down" for x in entry["revealed"])
                              if entry["revealed"] else ""))
        return lines

    def _record(self, dk: int) -> list:
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
                        "revealed": [self._card_name(dk, d.hv[w * 3 + k]) if d.hv[w * 3 + k] >= 0 else None
                                     for k in range(len(planned))]})
        return out

    def _slot_text(self, s: int, viewer: int | None) -> str:
        c = self.d.slot_card[s]
        if c < 0:
            return f"{SLOT_NAMES[s]} -"
        dk = deck_of(c)
        if self._visible(c, viewer):
            shown = self._card_name(dk, self.d.ctype[c])
            if self.d.blk[c] != KNOWN:
                shown += " (face down)"
        else:
            shown = "face down"
        return f"{SLOT_NAMES[s]} {LETTERS[dk] if dk < 3 else 'K'}:{shown}"

    def _lines(self, viewer: int | None) -> list:
        """The board as `viewer` sees it (None: everything)."""
        cdef VulData* d = &self.d
        lines = [f"vulcanus {d.n}p round {d.round}/{min(NROUNDS, d.turn_cap)} disaster {d.disaster:+d}, "
                 f"{_STAGE_NAMES[d.stage]}, to act: {self._actor_text()}"]
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
        lines.append("defense: " + self._track(d.defense, 30, 3, viewer))
        lines.append("damage:  " + self._track(d.damage, 40, 4, viewer))
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
        lines.extend(self._deck_lines(viewer))
        lines.append("board: " + " | ".join(self._slot_text(s, viewer) for s in range(NSLOTS)))
        lines.extend(self._context(viewer))
        return lines

    def _track(self, cells: list, n: int, rows: int, viewer: int | None) -> str:
        """A track column by column: c citizen, v VIP, l lava, A attack, B bonus tile."""
        sym = {TC_EMPTY: ".", TC_CIT: "c", TC_VIP: "v", TC_LAVA: "l", TC_ATTACK: "A"}
        cols = []
        for col in range(10):
            cols.append("".join(sym.get(cells[col * rows + r], "B") for r in range(rows)))
        filled = sum(1 for i in range(n) if cells[i] != TC_EMPTY)
        return " ".join(cols) + f"  ({filled}/{n})"

    def _context(self, viewer: int | None) -> list:
        """The step being played: planning, the card executing and its progress."""
        cdef VulData* d = &self.d
        st = d.stage
        out = []
        if st in (ST_DRAW, ST_PLAN, ST_KPLAN):
            out.append(f"planning: deck {self._deck_name(d.draw_deck)}, {d.placed} placed, {d.draw_left} to draw")
        if d.pc in (PC_EFFECT, PC_KAFTER, PC_DECLARE) and st != ST_END:
            effects = ", ".join(self._effect_name(d.eff_q[i]) + (" +additional" if d.eff_addq[i] else "")
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

    def _effect_name(self, e: int) -> str:
        if e < 0:
            return "-"
        if e >= E_KAIJU:
            return KAIJU_CARDS[e - E_KAIJU]
        if e >= E_HELI:
            return SPECIAL_CARDS[e - E_HELI]
        return HUMAN_CARDS[e]

    # ------------------------------------------------------------------ for frontends
    def _knows(self, int c, seat) -> bool:
        """Whether `seat` (None: a spectator, who sees only what is public) knows card c."""
        _check_card(c)
        return self.d.blk[c] == KNOWN or (seat is not None and owner_of_deck(&self.d, deck_of(c)) == seat)

    def _cell_name(self, int x) -> str:
        return {TC_EMPTY: "empty", TC_CIT: "citizen", TC_VIP: "VIP", TC_LAVA: "lava",
                TC_ATTACK: "attack tile"}.get(x, f"bonus tile {bonus_name(x - TC_BONUS)}")

    def view(self, player=None) -> dict:
        """Everything seat `player` may know (None: a spectator, public only), as JSON-able
        data with the keys documented in rules.md ("View"); never depends on hidden cards,
        hidden deck orders or the Kaiju's undeclared bonus tiles."""
        cdef VulData* d = &self.d
        result = State.view(self, player)
        result.pop("observation", None)
        seat = result["seat"]
        result["round"] = d.round
        result["rounds"] = min(NROUNDS, d.turn_cap)
        result["disaster"] = d.disaster
        result["step"] = _STAGE_NAMES[d.stage]
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
        result["defense"] = {"columns": [[self._cell_name(d.defense[col * 3 + r]) for r in range(3)]
                                         for col in range(10)], "filled": d.def_filled, "cells": DEF_CELLS}
        result["damage"] = {"columns": [[self._cell_name(d.damage[col * 4 + r]) for r in range(4)]
                                        for col in range(10)], "filled": d.dmg_filled, "cells": DMG_CELLS}
        result["scores"] = {"Kaiju": d.dmg_filled, "Humans": d.def_filled}
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
                entry[key] = {"cards": sorted(self._card_name(dk, d.ctype[c]) for c in cards if self._knows(c, seat)),
                              "unseen": sum(1 for c in cards if not self._knows(c, seat))}
            entry["record"] = [dict(x, drawn_from_layers=[[l, n] for l, n in x["drawn_from_layers"]],
                                    planned_in=[j + 1 for j in x["planned_in"]])
                               for x in self._record(dk)]
            decks.append(entry)
        result["decks"] = decks
        board = []
        for s in range(NSLOTS):
            c = d.slot_card[s]
            slot = {"slot": SLOT_NAMES[s], "kaiju_slot": bool(VUL_SLOT_KAIJU[s]), "deck": None,
                    "card": None, "face_up": False}
            if c >= 0:
                dk = deck_of(c)
                slot["deck"] = "Kaiju" if dk == KDECK_ID else LETTERS[dk]
                slot["face_up"] = d.blk[c] == KNOWN
                if self._knows(c, seat):
                    slot["card"] = self._card_name(dk, d.ctype[c])
            board.append(slot)
        result["board"] = board
        result["arrangement"] = [LETTERS[g] for g in sorted(range(d.ngroups), key=lambda g: d.perm[g])]
        result["context"] = self._context(seat)
        return result

    def action_info(self, action) -> dict:
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
            info.update(kind="plan", card=self._card_name(d.draw_deck, a - A_PLACE),
                        slot=SLOT_NAMES[kaiju_slot(d.placed) if st == ST_KPLAN else group_slot(d, d.draw_deck, d.placed)])
        elif a < A_REDRAW:
            info.update(kind="set aside", card=self._card_name(d.draw_deck, a - A_MARK))
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

    def observation_string(self, player: int) -> str:
        """What `player` knows (perfect recall, X4); independent of what they cannot see."""
        return "\n".join(self._lines(self._seat(player)))

    def __str__(self) -> str:
        """The whole state, hidden parts included."""
        return "\n".join(self._lines(None))

    def observation_tensor(self, player: int):
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
        v += [float(d.evolved[k]) for k in range(6)]
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
            f, size = deck_first(dk), deck_size(dk)
            top = top_layer(d, dk)
            for z in (Z_DECK, Z_HAND, Z_MARKED, Z_DISCARD):
                counts = [0.0] * 8
                unseen = 0
                top_unseen = 0
                for c in range(f, f + size):
                    if d.zone[c] != z:
                        continue
                    if self._visible(c, p):
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
        for s in range(NSLOTS):
            c = d.slot_card[s]
            row = [0.0] * 13
            if c >= 0:
                row[0] = 1.0
                if self._visible(c, p):
                    row[1 + d.ctype[c]] = 1.0
                row[9] = 1.0 if d.blk[c] == KNOWN else 0.0
                row[10 + min(deck_of(c), 2)] = 1.0
            v += row
        in_card = d.pc in (PC_EFFECT, PC_KAFTER, PC_DECLARE) and d.stage != ST_END
        v += [d.slot / 9.0, d.eff_add, d.u_ff, d.u_cmd2, d.u_spec, d.k_full, d.steps / 2.0,
              d.cmd_count / 2.0, d.ctx, d.draw_left / 12.0, d.placed / 3.0, d.group_i / 3.0,
              max(d.kills_left, 0) / 5.0, d.lava_sq / 18.0, float(in_card)]
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


def _history_checks(VulcanusState state, int deck, seed=None) -> tuple:
    """For the tests: whether a history leads to deck `deck`'s deal (0..2 the letter groups
    A..C, 3 the Kaiju), by the witness built without search alone (False: none was built,
    which proves nothing) and by the exhaustive search (no node budget). With a seed, the
    deal checked is the state's with the deck's hidden types shuffled first, as resample
    proposes them (a state is not changed)."""
    cdef VulcanusState copy = state.clone()
    cdef VulData* d = &copy.d
    cdef Hist h
    cdef Rng rng
    cdef int c, k = 0, f = deck_first(deck), n = deck_size(deck)
    cdef int pool[12]
    cdef bint witness, search
    if seed is not None:
        rng_seed(&rng, <unsigned long long>seed)
        for c in range(f, f + n):
            if d.blk[c] != KNOWN:
                pool[k] = d.ctype[c]
                k += 1
        shuffle_ints(pool, k, &rng)
        k = 0
        for c in range(f, f + n):
            if d.blk[c] != KNOWN:
                d.ctype[c] = pool[k]
                k += 1
    hist_build(d, deck, &h)
    hist_targets(d, deck, &h)
    hist_reset(d, deck, &h)
    h.rng = NULL
    witness = hist_witness(&h)
    hist_reset(d, deck, &h)
    h.budget = 0
    search = hist_dfs(&h, 0)
    return witness, search
