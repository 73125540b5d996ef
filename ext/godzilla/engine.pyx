# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Godzilla (ゴジラ, Arclight 2022) for 2-5 players: the rules engine.

Rules summary: ../shared/rules/original/002_122c2c0a700e9ff9.txt (English:
../shared/rules/godzilla.en.md); gaps filled as in ../shared/rules/GAPS.md section 3 (G1..G19)
and section 0 (X1..X7), cited by ID in the code. Physical data: ext/godzilla/data.pxd. The rules
in C: ext/godzilla/rules.pxi (included here). ext/godzilla/rules.md maps every rule to its code
and tests and gives the action encoding.

Seat 0 is the Kaiju; seats 1..n-1 are the humans, who hold the four governors as evenly as
possible (G14) and win or lose together. Team decisions (support cards, the press
conference) are taken by the Tokyo governor's seat; the planning phase passes from seat to
seat, each playing its own governors' Vehicle procurement cards; each seat moves its
governors' Evacuees and the Tokyo seat the Press pieces (G14).

Information (GAPS 3.2): what is hidden is hidden from everyone - the future status and support
cards, the route-tile pile order, the Press deck and the kinds of the Press cards won. The
engine never fixes any of it before it is seen: each is a chance node at the moment it is
turned up (X3), the Press cards won included (they are only counted during play and turned
over, one chance node each, at scoring). The state therefore holds nothing any seat cannot
see, every observation is the whole state, and resampling has nothing to redraw. Screens are
public by X4. Dice and bag draws are chance nodes with exact probabilities: a roll is one
chance node over the multiset of faces (at most C(11, 5) = 462 outcomes for 6 dice).
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.godzilla.data cimport *

import operator


from vsai.ext.errors import InvalidArgumentError, InvalidStateError

include "rules.pxi"

# The game ends by itself after 6 rounds and the return round. The X5 cap is the number of
# ordinary rounds played before the return round (shorter games for tests and quick play);
# 6 or more plays the whole game.
DEFAULT_TURN_CAP = NROUNDS
NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node: an evacuation step (at most 19 source squares x 18
# destinations, the Kaiju's square excluded, + done = 343); planning offers 4 x 29 + 2.
MAX_BRANCHING = 343
# Decisions per round, generously: support (3 cards + done + 2 x 4 placements + 3 tank moves
# + done), omen (5), planning (placements are bounded by the 36 tiles; 4 vehicles; a done
# per human seat),
# execution (4 rerolls, 2 groups, order, 7 steps, ray, 5 awakenings), evacuation (one move per
# piece: 40 Evacuees + 6 Press pieces, 5 dones), press conference (1).
DECISIONS_PER_ROUND = 20 + 5 + 4 + 20 + 51 + 1
MAX_GAME_LENGTH = (NROUNDS + 1) * DECISIONS_PER_ROUND + 36 + VEHICLE_CARDS
# seat, stage, round, Kaiju square; squares; roads; bag, pile, stock; status cards (used, per
# round); support cards; vehicles, planner; counters; placement square; dice; screens; press
# cards; last round
OBSERVATION_SIZE = (6 + NUM_STAGES + NROUNDS + 1 + NSQ + NSQ * 11 + NROADS * 11 + 12
                    + NSTATUS + NROUNDS * NSTATUS + NSUPPORT * 3 + NCOL + 5 + 23 + NSQ + 6
                    + 17 + 18 + 1)

STAGE_NAMES = ("status card", "evacuees from the bag", "support card reveal", "support cards",
                "high-voltage tiles", "tank tiles", "tank moves", "omen", "route tiles",
                "planning", "dice roll", "reroll", "movement group", "heat-ray group",
                "order", "movement", "heat ray", "awakening", "evacuation",
                "press conference", "press cards at scoring", "game over")
_DIRS = ("north", "east", "south", "west")
_TILE_LETTERS = ("-", "r", "d", "v", "t", "H", "T")      # R_EMPTY, the 4 kinds, R_HV, R_TANK
_COLOUR_LETTERS = ("T", "S", "C", "K")
_DONE_TEXT = {ST_SUPPORT: "no more support cards", ST_HV_PLACE: "stop placing high-voltage",
              ST_TANK_PLACE: "stop placing tanks", ST_TANK_MOVE: "tanks stay",
              ST_OMEN: "end omen", ST_PLAN: "end planning", ST_REROLL: "keep the dice",
              ST_STRAIGHT: "no movement", ST_RAYGRP: "no heat ray", ST_STEP: "stop moving",
              ST_PRESSCONF: "no press conference"}


cdef double expected_press_points(int w) noexcept nogil:
    """About what w Press cards drawn from the 24 (8 kinds x 3) score (G11): the expected
    number of kinds, plus 12 x the chance of all 8 (taking kinds as independent)."""
    cdef double absent = 1.0, all8 = 1.0
    cdef int i, k
    if w > PRESS_DECK:
        w = PRESS_DECK
    for i in range(w):
        if PRESS_DECK - PRESS_PER_KIND - i <= 0:
            absent = 0.0
            break
        absent *= (PRESS_DECK - PRESS_PER_KIND - i) / <double>(PRESS_DECK - i)
    for k in range(NPRESS_KINDS):
        all8 *= 1.0 - absent
    return NPRESS_KINDS * (1.0 - absent) + (OXYGEN_DESTROYER_POINTS - NPRESS_KINDS) * all8


def _index(value, what: str, int size=-1) -> int:
    """`value` as an int (numpy integers included, not bools), in 0..size-1 when size >= 0;
    InvalidArgumentError otherwise."""
    try:
        if isinstance(value, bool):
            raise TypeError
        i = operator.index(value)
    except TypeError:
        raise InvalidArgumentError(f"{what} is a whole number, not {value!r}") from None
    if size >= 0 and not 0 <= i < size:
        raise InvalidArgumentError(f"{what} {i} is outside 0..{size - 1}")
    return i


def sq_name(s) -> str:
    """The name of square s (G1)."""
    return GZ_SQ_NAME[<int>_index(s, "a square", NSQ)].decode()


def road_name(r) -> str:
    """A road by its two squares, e.g. 'Shibaura-Ginza' (G1)."""
    cdef int i = _index(r, "a road", NROADS)
    return f"{sq_name(GZ_ROAD_A[i])}-{sq_name(GZ_ROAD_B[i])}"


def colour_name(c) -> str:
    return GZ_COLOUR_NAME[<int>_index(c, "a colour", NCOL)].decode()


def kind_name(k) -> str:
    return GZ_KIND_NAME[<int>_index(k, "a route tile kind", NKINDS)].decode()


def support_name(k) -> str:
    return GZ_SUPPORT_NAME[<int>_index(k, "a support card", NSUPPORT)].decode()


def seat_name(p) -> str:
    """Seat 0 is the Kaiju, the human seats are H1..H4."""
    i = _index(p, "a seat", 5)
    return "Kaiju" if i == 0 else f"H{i}"


def _n(int count, str word) -> str:
    """'1 card', '2 cards'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def _values(int a, int k) -> str:
    return "-".join(str(v + 1) for v in range(a, a + k))


# The JSON state: field -> (array length or 0, minimum, maximum, meaning), in struct order;
# load_dict checks every range, rules.md "JSON format" lists the same table (tested).
_FIELDS = {
    "n": (0, 2, 5, "seats: 0 the Kaiju, 1..n-1 the humans"),
    "turn_cap": (0, 1, 1000, "the turn_cap parameter (X5)"),
    "last": (0, 1, 6, "the last ordinary round, min(turn_cap, 6)"),
    "round": (0, 1, 7, "the round; last + 1 is the Kaiju's return round"),
    "stage": (0, 0, NUM_STAGES - 1, "the step being played (STAGE_NAMES)"),
    "kaiju": (0, 0, 19, "the Kaiju's square"),
    "landmark": (20, 0, 1, "a Landmark on each square"),
    "evac": (80, 0, 10, "Evacuees on square s of colour c at 4 s + c"),
    "moved": (80, 0, 10, "of those, moved in this evacuation phase"),
    "press": (20, 0, 6, "Press pieces on each square"),
    "press_moved": (20, 0, 6, "of those, moved in this evacuation phase"),
    "road": (29, 0, 6, "each road: 0 empty, 1-4 route tile of kind 0-3, 5 high-voltage, 6 tank"),
    "foot": (29, 0, 1, "a Footprint tile on each road"),
    "crossed": (29, 0, 1, "footprint roads crossed in the last execution phase"),
    "tank_new": (29, 0, 1, "Tanks placed in this situation phase"),
    "tank_moved": (29, 0, 1, "Tanks moved in this situation phase"),
    "bag": (4, 0, 10, "Evacuees in the bag, per colour"),
    "pile": (4, 0, 9, "route tiles face down, per kind"),
    "stock": (4, 0, 9, "route tiles in the Placeable tile stock, per kind"),
    "status_used": (12, 0, 1, "status cards turned up"),
    "status": (6, -1, 11, "the status card of each round, -1 before it is turned up"),
    "support": (4, 0, 2, "support cards (air, high-voltage, tank, conference): 0 unseen, 1 ready, 2 used"),
    "vehicle": (4, 0, 1, "each governor's Vehicle procurement card unplayed"),
    "planner": (0, 1, 4, "the human seat planning now"),
    "hv_stock": (0, 0, 3, "High-voltage tiles in the stock"),
    "tank_stock": (0, 0, 3, "Tank tiles in the stock"),
    "to_place": (0, 0, 3, "High-voltage or Tank tiles the card still allows"),
    "air": (0, 0, 1, "an Air strike this round"),
    "dice_own": (0, 3, 6, "the Kaiju's dice"),
    "rerolls_own": (0, 1, 3, "the Kaiju's Reroll tiles"),
    "aw_dice": (0, 0, 3, "dice in the Awakening area"),
    "aw_rerolls": (0, 0, 2, "Reroll tiles in the Awakening area"),
    "dice": (6, 0, 6, "dice showing each face 1-6 (last roll)"),
    "to_roll": (0, 0, 6, "dice to roll now"),
    "reroll_left": (0, 0, 3, "dice the Kaiju may still set aside to reroll"),
    "reroll_min": (0, 0, 5, "lowest face (0-based) it may set aside next"),
    "rerolled": (0, 0, 1, "the reroll is used"),
    "mv_k": (0, 0, 6, "movement group size (steps)"),
    "mv_a": (0, 0, 4, "its lowest face (0-based)"),
    "ray_k": (0, 0, 6, "heat-ray group size (range)"),
    "mv_pending": (0, 0, 1, "the movement is still to resolve"),
    "ray_pending": (0, 0, 1, "the heat ray is still to fire"),
    "moving": (0, 0, 1, "the Kaiju is moving"),
    "steps": (0, 0, 6, "steps left"),
    "awaken": (0, 0, 5, "Awakening items still to take"),
    "evc": (0, 0, 5, "colour moving in the evacuation (4 Press pieces, 5 done)"),
    "bag_left": (0, 0, 5, "Evacuees still to draw this round"),
    "place_sq": (0, 0, 19, "this round's placement square"),
    "tiles_left": (0, 0, 5, "route tiles still to turn up"),
    "k_landmark": (0, 0, 5, "Kaiju screen: Landmarks"),
    "k_evac": (4, 0, 10, "Kaiju screen: Evacuees per colour"),
    "k_press": (0, 0, 6, "Kaiju screen: Press pieces"),
    "k_route": (4, 0, 9, "Kaiju screen: route tiles per kind"),
    "k_hv": (0, 0, 3, "Kaiju screen: High-voltage tiles"),
    "k_tank": (0, 0, 3, "Kaiju screen: Tank tiles"),
    "h_evac": (4, 0, 10, "Human screen: Evacuees per colour"),
    "h_press": (0, 0, 6, "Human screen: Press pieces"),
    "press_won": (0, 0, 24, "Press cards in Press (done)"),
    "press_seen": (0, 0, 24, "of those, turned over at scoring"),
    "deck": (8, 0, 3, "Press deck left per kind (changes only at scoring)"),
    "kinds": (8, 0, 3, "Press cards turned over per kind"),
}


def _check_int(name, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"godzilla state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidStateError(f"godzilla state: {name}={value} is outside {lo}..{hi}")


cdef class GodzillaState(State):
    """A state of Godzilla: one Kaiju (seat 0) against 1-4 human seats."""

    GAME_NAME = "godzilla"
    cdef GData d

    def __cinit__(self):
        memset(&self.d, 0, sizeof(GData))
        self._data = &self.d
        self._size = sizeof(GData)

    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP):
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
            raise InvalidArgumentError(f"godzilla is for 2 to 5 players, not {players!r}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or not 1 <= turn_cap <= 1000:
            raise InvalidArgumentError(f"turn_cap must be a whole number in 1..1000, not {turn_cap!r}")
        init_data(&self.d, players, turn_cap)

    # ------------------------------------------------------------------ C protocol
    cdef State c_clone(self):
        cdef GodzillaState other = GodzillaState.__new__(GodzillaState)
        copy_state(other, self)
        return other

    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        if self.d.stage == ST_END:
            return TERMINAL_PLAYER
        if is_chance_stage(self.d.stage):
            return CHANCE_PLAYER
        return current_player(&self.d)

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
        cdef bint h = humans_win(&self.d)
        out[0] = 0.0 if h else 1.0
        for p in range(1, self.d.n):
            out[p] = 1.0 / (self.d.n - 1) if h else 0.0

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int n, i
        cdef double u
        while self.d.stage != ST_END:
            if self.d.stage == ST_ROLL:     # per die: the same law as the multiset outcome
                for i in range(self.d.to_roll):
                    self.d.dice[rng_below(rng, 6)] += 1
                self.d.to_roll = 0
                after_roll(&self.d)
                continue
            if is_chance_stage(self.d.stage):
                n = gen_chance(&self.d, buf, probs)
                u = rng_below(rng, 1 << 30) / <double>(1 << 30)
                i = 0
                while i < n - 1 and u >= probs[i]:
                    u -= probs[i]
                    i += 1
            else:
                n = gen_legal(&self.d, buf)
                i = rng_below(rng, n)
            if n <= 0:          # cannot happen in a consistent state; never read garbage
                return
            self.c_apply_action(buf[i])

    cdef void c_evaluate(self, double* out) noexcept nogil:
        """Win chance from the expected point margin (logistic, scale 3): the screens; each
        Evacuee or Press piece on the map worth 1 on a Home square it leaves from, 0.7 when a
        route of one kind already joins it to one, else 0.25; the Press cards won (and, from the last round
        on, those the Kaiju's distance to Tokyo Bay will give) by their expected score."""
        cdef GData* d = &self.d
        cdef double margin, ph, humans
        cdef int p, s, c, w
        cdef int reach[20]
        if d.stage == ST_END:
            self.c_returns(out)
            return
        route_reach(d, reach)
        humans = sum4(d.h_evac) + d.h_press
        for s in range(NSQ):
            for c in range(NCOL):
                if d.evac[s * 4 + c]:
                    if s == GZ_HOME_SQ[c]:          # leaves at the end of the phase
                        humans += d.evac[s * 4 + c]
                    else:
                        humans += d.evac[s * 4 + c] * (0.7 if (reach[s] >> GZ_HOME_SQ[c]) & 1 else 0.25)
            if d.press[s]:
                p = 0
                for c in range(NCOL):
                    if s == GZ_HOME_SQ[c]:
                        p = 2
                    elif (reach[s] >> GZ_HOME_SQ[c]) & 1 and p == 0:
                        p = 1
                humans += d.press[s] * (1.0 if p == 2 else (0.7 if p else 0.25))
        if d.press_seen == d.press_won and d.stage == ST_REVEAL:
            humans += press_points(d)
        else:
            w = d.press_won
            if d.round >= d.last:
                w += bay_distance(d)
            humans += expected_press_points(w)
        margin = humans - kaiju_points(d)
        ph = 1.0 / (1.0 + exp(-margin / 3.0))
        out[0] = 1.0 - ph
        for p in range(1, d.n):
            out[p] = ph / (d.n - 1)

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": rounds before the return round}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """Points behind each side's screen: the Kaiju's for seat 0, the humans' (with the
        Press cards turned over so far) for every human seat (G13)."""
        k, h = kaiju_points(&self.d), human_points(&self.d)
        return [k] + [h] * (self.d.n - 1)

    def governors(self, seat: int) -> list:
        """The governors (colours 0..3) a human seat holds (G14); [] for the Kaiju."""
        p = self._seat(seat)
        return [] if p == 0 else [g for g in range(NCOL) if seat_of(&self.d, g) == p]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data (the C struct's fields)."""
        cdef object data = self.d
        return {k: data[k] for k in _FIELDS}

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; InvalidStateError (state unchanged) if malformed or
        not a position the game can reach."""
        if not isinstance(data, dict):
            raise InvalidStateError("godzilla state: a JSON object is expected")
        missing = sorted(set(_FIELDS) - set(data))
        extra = sorted(set(data) - set(_FIELDS), key=str)
        if missing or extra:
            raise InvalidStateError(f"godzilla state: missing fields {missing}, unknown fields {extra}")
        for name, (length, lo, hi, _) in _FIELDS.items():
            value = data[name]
            if length:
                if not isinstance(value, list) or len(value) != length:
                    raise InvalidStateError(f"godzilla state: {name} must be a list of {length} integers")
                for x in value:
                    _check_int(name, x, lo, hi)
            else:
                _check_int(name, value, lo, hi)
        if data["n"] != self.d.n or data["turn_cap"] != self.d.turn_cap or data["last"] != self.d.last:
            raise InvalidStateError("godzilla state: n/turn_cap/last differ from the game parameters")
        backup = self._raw_bytes()
        self.d = {k: data[k] for k in _FIELDS}
        try:
            self._check_consistency()
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    def _check_consistency(self) -> None:
        cdef GData* d = &self.d
        cdef int buf[MAX_ACTIONS]
        st = d.stage
        for c in range(NCOL):
            total = d.bag[c] + d.k_evac[c] + d.h_evac[c] + sum(d.evac[s * 4 + c] for s in range(NSQ))
            if total != EVAC_PER_COLOUR:
                raise InvalidStateError(f"godzilla state: {total} {colour_name(c)} Evacuees counted, "
                                 f"{EVAC_PER_COLOUR} exist (G8)")
        for i in range(80):
            if d.moved[i] > d.evac[i]:
                raise InvalidStateError("godzilla state: more Evacuees moved than stand on a square")
        for s in range(NSQ):
            if d.press_moved[s] > d.press[s]:
                raise InvalidStateError("godzilla state: more Press pieces moved than stand on a square")
            if d.landmark[s] and s not in [GZ_LANDMARK_SQ[i] for i in range(NLANDMARKS)]:
                raise InvalidStateError(f"godzilla state: a Landmark on {sq_name(s)}, not a landmark square")
        here = d.kaiju
        if d.landmark[here] or d.press[here] or any(d.evac[here * 4 + c] for c in range(NCOL)):
            raise InvalidStateError("godzilla state: pieces stand on the Kaiju's square")
        if sum(d.landmark[s] for s in range(NSQ)) + d.k_landmark != NLANDMARKS:
            raise InvalidStateError("godzilla state: Landmarks on the map and behind the screen are not 5")
        revealed = [i for i in range(NROUNDS) if d.status[i] >= 0]
        expected = d.last if d.round > d.last else d.round - (1 if st == ST_STATUS else 0)
        if revealed != list(range(expected)):
            raise InvalidStateError("godzilla state: the status cards revealed do not match the round")
        cards = [d.status[i] for i in revealed]
        if len(set(cards)) != len(cards) or sorted(cards) != [k for k in range(NSTATUS) if d.status_used[k]]:
            raise InvalidStateError("godzilla state: status cards used and revealed disagree")
        pieces = sum(d.press[s] for s in range(NSQ)) + d.k_press + d.h_press
        if pieces != len(revealed):
            raise InvalidStateError(f"godzilla state: {pieces} Press pieces in play, {len(revealed)} placed")
        for k in range(NKINDS):
            on_roads = sum(1 for r in range(NROADS) if d.road[r] == k + 1)
            if d.pile[k] + d.stock[k] + on_roads + d.k_route[k] != TILES_PER_KIND:
                raise InvalidStateError(f"godzilla state: {kind_name(k)} route tiles do not add up to {TILES_PER_KIND} (G6)")
        if d.hv_stock + d.k_hv + sum(1 for r in range(NROADS) if d.road[r] == R_HV) != HV_TILES:
            raise InvalidStateError("godzilla state: High-voltage tiles do not add up to 3")
        if d.tank_stock + d.k_tank + sum(1 for r in range(NROADS) if d.road[r] == R_TANK) != TANK_TILES:
            raise InvalidStateError("godzilla state: Tank tiles do not add up to 3")
        for r in range(NROADS):
            if (d.tank_new[r] or d.tank_moved[r]) and d.road[r] != R_TANK:
                raise InvalidStateError("godzilla state: a Tank mark on a road with no Tank")
            if d.foot[r] and d.road[r] in (R_HV, R_TANK) and ST_OMEN <= st <= ST_AWAKEN:
                raise InvalidStateError("godzilla state: a Footprint on a High-voltage or Tank road (G15); "
                                 "only last round's Footprints may share a road until the omen")
            if d.crossed[r] and not d.foot[r]:
                raise InvalidStateError("godzilla state: the Kaiju crossed a road without a Footprint")
        if sum(d.foot[r] for r in range(NROADS)) > FOOTPRINTS:
            raise InvalidStateError("godzilla state: more than 4 Footprint tiles")
        taken = (AWAKEN_DICE - d.aw_dice) + (AWAKEN_REROLLS - d.aw_rerolls)
        if taken + d.awaken != d.k_landmark:
            raise InvalidStateError("godzilla state: awakening items taken do not match the Landmarks destroyed (G4)")
        if d.dice_own != START_DICE + AWAKEN_DICE - d.aw_dice or d.rerolls_own != START_REROLLS + AWAKEN_REROLLS - d.aw_rerolls:
            raise InvalidStateError("godzilla state: the Kaiju's dice or Reroll tiles disagree with the Awakening area")
        if sum(d.dice[v] for v in range(6)) + d.to_roll > d.dice_own:
            raise InvalidStateError("godzilla state: more dice rolled than the Kaiju owns")
        drawn = sum(1 for k in range(NSUPPORT) if d.support[k] > 0)
        due = sum(1 for r in (4, 6) if r <= d.last and (r < d.round or (r == d.round and st not in (ST_STATUS, ST_BAG, ST_SUPPORT_REVEAL))))
        if drawn != due:
            raise InvalidStateError(f"godzilla state: {drawn} support cards revealed, {due} expected (G10)")
        if d.press_seen > d.press_won or any(d.deck[k] + d.kinds[k] != PRESS_PER_KIND for k in range(NPRESS_KINDS)) \
                or sum(d.kinds[k] for k in range(NPRESS_KINDS)) != d.press_seen:
            raise InvalidStateError("godzilla state: the Press cards turned over do not add up")
        if d.press_seen and st not in (ST_REVEAL, ST_END):
            raise InvalidStateError("godzilla state: Press cards are turned over only at scoring")
        if st == ST_END and (d.round <= d.last or d.press_seen != d.press_won):
            raise InvalidStateError("godzilla state: the game ends after the return round and the Press cards")
        if d.round > d.last + 1 or (d.round > d.last and st < ST_OMEN):
            raise InvalidStateError("godzilla state: the return round has only omen and execution")
        if (d.to_roll > 0) != (st == ST_ROLL) and not (st == ST_REROLL and d.to_roll > 0):
            raise InvalidStateError("godzilla state: dice to roll outside the dice roll")
        if (d.reroll_left > 0) != (st == ST_REROLL):
            raise InvalidStateError("godzilla state: rerolls left outside the reroll step")
        if (d.bag_left > 0) != (st == ST_BAG):
            raise InvalidStateError("godzilla state: Evacuees to draw outside the bag draws")
        if (d.tiles_left > 0) != (st == ST_TILES):
            raise InvalidStateError("godzilla state: route tiles to turn up outside that step")
        if (d.to_place > 0) != (st in (ST_HV_PLACE, ST_TANK_PLACE)):
            raise InvalidStateError("godzilla state: tiles to place outside the High-voltage/Tank step")
        if st == ST_SUPPORT_REVEAL and d.round not in (4, 6):
            raise InvalidStateError("godzilla state: support cards are turned up in rounds 4 and 6 only")
        if d.air and d.support[SUP_AIR] != 2:
            raise InvalidStateError("godzilla state: an Air strike in force that was never played")
        if st == ST_PRESSCONF and d.support[SUP_CONF] != 1:
            raise InvalidStateError("godzilla state: no Emergency press conference card to play")
        if st == ST_STATUS and d.round > d.last:
            raise InvalidStateError("godzilla state: no status card in the return round")
        if st != ST_EVAC and (any(d.moved[i] for i in range(80)) or any(d.press_moved[s] for s in range(NSQ))):
            raise InvalidStateError("godzilla state: pieces marked as moved outside the evacuation")
        if st not in (ST_SUPPORT, ST_HV_PLACE, ST_TANK_PLACE, ST_TANK_MOVE) and any(
                d.tank_new[r] or d.tank_moved[r] for r in range(NROADS)):
            raise InvalidStateError("godzilla state: Tank marks outside the situation phase")
        if d.planner >= d.n or (d.planner != 1 and st not in (ST_PLAN, ST_TILES)):
            raise InvalidStateError("godzilla state: the planning seat is not a human seat planning now")
        # what each step needs to be played out without leaving the documented ranges
        if d.round > d.last and st not in (ST_OMEN, ST_ROLL, ST_REROLL, ST_STRAIGHT, ST_RAYGRP,
                                           ST_ORDER, ST_STEP, ST_RAYDIR, ST_AWAKEN, ST_REVEAL, ST_END):
            raise InvalidStateError("godzilla state: the return round has only omen and execution (G16)")
        if st == ST_REVEAL and (d.round <= d.last or d.press_seen >= d.press_won):
            raise InvalidStateError("godzilla state: Press cards are turned over after the return round, "
                             "while some are still face down")
        if st == ST_BAG and (d.bag_left > sum4(d.bag) or d.place_sq == d.kaiju):
            raise InvalidStateError("godzilla state: Evacuees to draw that the bag does not hold, or "
                             "placed on the Kaiju's square")
        if st == ST_TILES and d.tiles_left > sum4(d.pile):
            raise InvalidStateError("godzilla state: more route tiles to turn up than the pile holds")
        if (st == ST_HV_PLACE and d.to_place > d.hv_stock) or (st == ST_TANK_PLACE and d.to_place > d.tank_stock):
            raise InvalidStateError("godzilla state: more tiles to place than the stock holds")
        if st == ST_STEP and not (d.moving and d.steps > 0):
            raise InvalidStateError("godzilla state: a movement step with no movement left")
        if st == ST_AWAKEN and not (d.awaken > 0 and d.aw_dice > 0 and d.aw_rerolls > 0):
            raise InvalidStateError("godzilla state: an Awakening choice with nothing to choose (G4)")
        if st == ST_EVAC and d.evc > 4:
            raise InvalidStateError("godzilla state: the evacuation is over")
        if st == ST_REROLL and (d.rerolled or d.reroll_left > d.rerolls_own):
            raise InvalidStateError("godzilla state: a second reroll or more dice than Reroll tiles (G4)")
        if st != ST_END and not is_chance_stage(st):
            if gen_legal(d, buf) == 0:
                raise InvalidStateError("godzilla state: the player to act has no legal move")
        elif is_chance_stage(st) and gen_chance(d, buf, NULL) == 0:
            raise InvalidStateError("godzilla state: a chance node with no outcome")

    # ------------------------------------------------------------------ texts
    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state."""
        cdef GData* d = &self.d
        a = _index(action, "an action")
        st = d.stage
        if is_chance_stage(st):
            if st == ST_STATUS and 0 <= a < NSTATUS:
                return f"status card {a + 1}: {sq_name(GZ_STATUS_MAIN[a])} / {sq_name(GZ_STATUS_ALT[a])}"
            if st == ST_BAG and 0 <= a < NCOL:
                return f"draw a {colour_name(a)} evacuee"
            if st == ST_SUPPORT_REVEAL and 0 <= a < NSUPPORT:
                return f"support card {support_name(a)}"
            if st == ST_TILES and 0 <= a < NKINDS:
                return f"turn up a {kind_name(a)} tile"
            if st == ST_ROLL and 0 <= a < ROLL_COUNT[d.to_roll]:
                return "roll " + "-".join(str(v + 1) for v in range(6) for _ in range(ROLL_FACES[d.to_roll][a][v]))
            if st == ST_REVEAL and 0 <= a < NPRESS_KINDS:
                return f"press card kind {a + 1}"
            raise InvalidArgumentError(f"{a} is not a chance outcome here")
        if not 0 <= a < NUM_ACTIONS:
            raise InvalidArgumentError(f"{a} is not an action of this game (0..{NUM_ACTIONS - 1})")
        if a == A_DONE:
            if st == ST_EVAC:
                return "end press moves" if d.evc >= 4 else f"end {colour_name(d.evc)} moves"
            if st == ST_PLAN and d.planner < d.n - 1:
                return f"planning to {seat_name(d.planner + 1)}"
            return _DONE_TEXT.get(st, "done")
        if a < A_PLACE:
            return f"footprint {road_name(a - A_FOOT)}"
        if a < A_VEHICLE:
            k, r = divmod(a - A_PLACE, NROADS)
            return f"{kind_name(k)} on {road_name(r)}"
        if a == A_VEHICLE:
            return "vehicle procurement"
        if a < A_HVROAD:
            return support_name(a - A_SUPPORT)
        if a < A_TANKROAD:
            return f"high-voltage on {road_name(a - A_HVROAD)}"
        if a < A_TANKMOVE:
            return f"tank on {road_name(a - A_TANKROAD)}"
        if a < A_REROLL:
            r, j = divmod(a - A_TANKMOVE, 6)
            t = ROAD_ADJ[r][j]
            return f"tank {road_name(r)} to {road_name(t) if t >= 0 else '?'}"
        if a < A_STRAIGHT:
            return f"reroll a {a - A_REROLL + 1}"
        if a < A_RAYGRP:
            i = a - A_STRAIGHT
            return f"move with {_values(STRAIGHT_A[i], STRAIGHT_K[i])}"
        if a < A_GO_MOVE:
            v, k = divmod(a - A_RAYGRP, 5)
            return "heat ray with " + "-".join([str(v + 1)] * (k + 2))
        if a == A_GO_MOVE:
            return "movement first"
        if a == A_GO_RAY:
            return "heat ray first"
        if a < A_RAYDIR:
            r = a - A_STEP
            return f"step to {sq_name(other_end(r, d.kaiju))}"
        if a < A_TAKE_DIE:
            return f"heat ray {_DIRS[a - A_RAYDIR]}"
        if a == A_TAKE_DIE:
            return "awaken a die"
        if a == A_TAKE_REROLL:
            return "awaken a reroll tile"
        s, t = divmod(a - A_EVAC, NSQ)
        who = "press" if d.evc >= 4 else f"{colour_name(d.evc)} evacuee"
        return f"{who} {sq_name(s)} to {sq_name(t)}"

    def _actor_text(self) -> str:
        cp = self.c_current_player()
        return "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else seat_name(cp))

    def _road_mark(self, int r) -> str:
        """Three characters for a road on the grid: footprint '*' (crossed '#'), the tile's
        letter (LEGEND) or '-' when empty."""
        cdef GData* d = &self.d
        t = d.road[r]
        letter = "-" if t == R_EMPTY else _TILE_LETTERS[t]
        foot = ("#" if d.crossed[r] else "*") if d.foot[r] else " "
        return foot + letter + foot

    def _cell(self, int s) -> tuple:
        """Two lines of 13 characters for square s: its name, then what stands there."""
        cdef GData* d = &self.d
        top = sq_name(s)[:13]
        marks = []
        if s == d.kaiju:
            marks.append("@KAIJU")
        if d.landmark[s]:
            marks.append("[L]")
        for c in range(NCOL):
            e = d.evac[s * 4 + c]
            if e:
                m = d.moved[s * 4 + c]
                marks.append(f"{_COLOUR_LETTERS[c]}{e}" + ("'" * m if m else ""))
        if d.press[s]:
            marks.append(f"P{d.press[s]}" + ("'" * d.press_moved[s]))
        full = " ".join(marks)
        if len(full) > 13:         # the whole content goes below the grid
            return top.ljust(13), (full[:12] + "+").ljust(13), full
        return top.ljust(13), full.ljust(13), ""

    def _grid(self) -> list:
        lines = []
        overflow = []
        for y in range(GRID_H):
            cells = [self._cell(y * GRID_W + x) for x in range(GRID_W)]
            overflow.extend(f"  {sq_name(y * GRID_W + x)}: {cells[x][2]}" for x in range(GRID_W) if cells[x][2])
            for row in range(2):
                text = ""
                for x in range(GRID_W):
                    text += cells[x][row]
                    if x < GRID_W - 1:
                        r = ROAD_AT[y * GRID_W + x][y * GRID_W + x + 1]
                        text += (self._road_mark(r) if r >= 0 else " | ") if row == 0 else "   "
                lines.append(text.rstrip())
            if y < GRID_H - 1:
                text = ""
                for x in range(GRID_W):
                    r = ROAD_AT[y * GRID_W + x][(y + 1) * GRID_W + x]
                    mark = self._road_mark(r) if r >= 0 else "   "
                    text += ("  " + mark).ljust(13) + ("   " if x < GRID_W - 1 else "")
                lines.append(text.rstrip())
        return lines + overflow

    def _lines(self) -> list:
        cdef GData* d = &self.d
        rnd = "return round" if d.round > d.last else f"round {d.round}/{d.last}"
        lines = [f"godzilla {d.n}p {rnd} (cap {d.turn_cap}), {STAGE_NAMES[d.stage]}, "
                 f"to act: {self._actor_text()}"]
        lines.append("governors: " + ", ".join(f"{colour_name(g)} {seat_name(seat_of(d, g))}" for g in range(NCOL)))
        lines.append(f"Kaiju at {sq_name(d.kaiju)}: {d.dice_own} dice, {_n(d.rerolls_own, 'reroll')}; "
                     f"awakening area {d.aw_dice} dice, {_n(d.aw_rerolls, 'reroll')}")
        if ST_ROLL <= d.stage <= ST_AWAKEN:
            shown = " ".join(str(v + 1) for v in range(6) for _ in range(d.dice[v]))
            text = f"dice: {shown or '-'}"
            if d.to_roll:
                text += f" ({d.to_roll} to roll)"
            if d.stage == ST_REROLL:
                text += f", {_n(d.reroll_left, 'reroll')} left"
            if d.mv_k:
                text += f", movement {_values(d.mv_a, d.mv_k)}"
            if d.ray_k:
                text += f", heat ray range {d.ray_k}"
            if d.moving:
                text += f", {d.steps} steps left"
            if d.awaken:
                text += f", {d.awaken} awakening to take"
            lines.append(text)
        lines.extend(self._grid())
        lines.append("  @ Kaiju, [L] landmark, T S C K evacuees (' moved), P press; roads:")
        lines.append("  r rail, d road, v river, t tram, H high-voltage, T tank, * footprint")
        lines.append("bag: " + ", ".join(f"{colour_name(c)} {d.bag[c]}" for c in range(NCOL))
                     + f"; route pile {sum4(d.pile)} face down")
        lines.append("stock: " + ", ".join(f"{kind_name(k)} {d.stock[k]}" for k in range(NKINDS))
                     + f"; high-voltage {d.hv_stock}, tanks {d.tank_stock}")
        cards = [f"R{i + 1} {sq_name(GZ_STATUS_MAIN[d.status[i]])}/{sq_name(GZ_STATUS_ALT[d.status[i]])}"
                 for i in range(NROUNDS) if d.status[i] >= 0]
        for i in range(0, len(cards), 2):
            lines.append(("status cards: " if i == 0 else "              ") + ", ".join(cards[i:i + 2]))
        sup = [f"{support_name(k)} ({'used' if d.support[k] == 2 else 'ready'})" for k in range(NSUPPORT) if d.support[k]]
        veh = ", ".join(colour_name(g) for g in range(NCOL) if d.vehicle[g]) or "none"
        lines.append(f"vehicle procurement: {veh}")
        lines.append("support: " + (", ".join(sup) if sup else "none revealed"))
        if d.air:
            lines.append("air strike this round: one die fewer")
        lines.append(f"Kaiju screen {kaiju_points(d)} points: landmarks {d.k_landmark}, evacuees "
                     + "/".join(str(d.k_evac[c]) for c in range(NCOL)) + f", press {d.k_press},")
        lines.append("  route tiles " + "/".join(str(d.k_route[k]) for k in range(NKINDS))
                     + f", high-voltage {d.k_hv}, tanks {d.k_tank}")
        lines.append("Human screen: evacuees " + "/".join(str(d.h_evac[c]) for c in range(NCOL))
                     + f", press {d.h_press}; Press (done): {_n(d.press_won, 'card')}")
        # the step in progress, so that different positions never read the same
        # the step in progress, worded for players (every counter, so that different
        # positions never read the same)
        moving = "press" if d.evc == 4 else ("done" if d.evc > 4 else colour_name(d.evc))
        pending = [w for w, on in (("move", d.mv_pending), ("ray", d.ray_pending)) if on]
        lines.append(f"now: {seat_name(d.planner)} plans; evacuating {moving}; {d.to_place} to place, "
                     f"{d.tiles_left} to turn up; pending {'+'.join(pending) or 'none'}")
        kept = "".join(str(v + 1) for v in range(6) for _ in range(d.dice[v])) or "none"
        lines.append(f"  {d.bag_left} evacuees to draw to {sq_name(d.place_sq)}; reroll from "
                     f"{d.reroll_min + 1}{' (used)' if d.rerolled else ''}; last dice {kept}")
        if d.press_seen:
            lines.append("press cards turned over, by kind 1-8: "
                         + " ".join(str(d.kinds[k]) for k in range(NPRESS_KINDS)))
        if d.stage == ST_END:
            winner = "humans" if humans_win(d) else "Kaiju"
            lines.append(f"final: Kaiju {kaiju_points(d)}, humans {human_points(d)}"
                         + (" (Oxygen Destroyer)" if kinds_seen(d) == NPRESS_KINDS else "") + f"; {winner} win")
        return lines

    def view(self, player=None) -> dict:
        """Everything seat `player` (or a spectator, `None`) may know, as JSON-able data: the
        base fields and the whole board, which is public (see the module docstring)."""
        cdef GData* d = &self.d
        result = State.view(self, player)
        tiles = ("empty",) + tuple(kind_name(k) for k in range(NKINDS)) + ("high-voltage", "tank")
        result["round"] = d.round if d.round <= d.last else "return"
        result["stage"] = STAGE_NAMES[d.stage]
        result["seat_names"] = [seat_name(p) for p in range(d.n)]
        result["governors"] = {colour_name(g): seat_of(d, g) for g in range(NCOL)}
        result["squares"] = [{
            "name": sq_name(s), "x": s % GRID_W, "y": s // GRID_W, "kaiju": s == d.kaiju,
            "landmark": bool(d.landmark[s]), "press": d.press[s], "press_moved": d.press_moved[s],
            "evacuees": {colour_name(c): d.evac[s * 4 + c] for c in range(NCOL)},
            "moved": {colour_name(c): d.moved[s * 4 + c] for c in range(NCOL)}} for s in range(NSQ)]
        result["roads"] = [{
            "from": sq_name(GZ_ROAD_A[r]), "to": sq_name(GZ_ROAD_B[r]), "tile": tiles[d.road[r]],
            "footprint": bool(d.foot[r]), "crossed": bool(d.crossed[r])} for r in range(NROADS)]
        result["kaiju"] = {"square": sq_name(d.kaiju), "dice": d.dice_own, "rerolls": d.rerolls_own,
                           "awakening_dice": d.aw_dice, "awakening_rerolls": d.aw_rerolls,
                           "faces": [v + 1 for v in range(6) for _ in range(d.dice[v])]}
        result["bag"] = {colour_name(c): d.bag[c] for c in range(NCOL)}
        result["route_pile"] = sum4(d.pile)
        result["stock"] = dict({kind_name(k): d.stock[k] for k in range(NKINDS)},
                               **{"high-voltage": d.hv_stock, "tank": d.tank_stock})
        result["status_cards"] = [[sq_name(GZ_STATUS_MAIN[c]), sq_name(GZ_STATUS_ALT[c])]
                                  for c in (d.status[i] for i in range(NROUNDS)) if c >= 0]
        result["support"] = {support_name(k): ("unseen", "ready", "used")[d.support[k]] for k in range(NSUPPORT)}
        result["vehicle_procurement"] = [colour_name(g) for g in range(NCOL) if d.vehicle[g]]
        result["press_cards"] = {"won": d.press_won, "turned_over": [d.kinds[k] for k in range(NPRESS_KINDS)]}
        result["scores"] = {"kaiju": kaiju_points(d), "humans": human_points(d)}
        result["last_round"] = d.last
        result["home_squares"] = {colour_name(c): sq_name(GZ_HOME_SQ[c]) for c in range(NCOL)}
        result["kaiju_screen"] = {
            "landmarks": d.k_landmark, "evacuees": {colour_name(c): d.k_evac[c] for c in range(NCOL)},
            "press": d.k_press, "route_tiles": {kind_name(k): d.k_route[k] for k in range(NKINDS)},
            "high-voltage": d.k_hv, "tank": d.k_tank}
        result["human_screen"] = {"evacuees": {colour_name(c): d.h_evac[c] for c in range(NCOL)},
                                  "press": d.h_press}
        for r in range(NROADS):
            result["roads"][r]["id"] = r
            result["roads"][r]["tank_placed_now"] = bool(d.tank_new[r])
            result["roads"][r]["tank_moved_now"] = bool(d.tank_moved[r])
        for s in range(NSQ):
            result["squares"][s]["id"] = s
        # the step in progress (only the fields that mean something in it)
        step = {"air_strike": bool(d.air)}
        if d.stage in (ST_PLAN, ST_TILES):
            step["planner"] = d.planner
        if d.stage in (ST_HV_PLACE, ST_TANK_PLACE):
            step["tiles_to_place"] = d.to_place
        if d.stage == ST_TILES:
            step["tiles_to_turn_up"] = d.tiles_left
        if d.stage == ST_BAG:
            step["evacuees_to_draw"] = d.bag_left
            step["placement_square"] = sq_name(d.place_sq)
        if ST_ROLL <= d.stage <= ST_AWAKEN:
            step["dice_to_roll"] = d.to_roll
            step["rerolls_left"] = d.reroll_left
            step["reroll_used"] = bool(d.rerolled)
            step["movement"] = [v + 1 for v in range(d.mv_a, d.mv_a + d.mv_k)]
            step["heat_ray_range"] = d.ray_k
            step["movement_pending"] = bool(d.mv_pending)
            step["heat_ray_pending"] = bool(d.ray_pending)
            step["steps_left"] = d.steps if d.moving else 0
            step["awakening_to_take"] = d.awaken
        if d.stage == ST_EVAC:
            step["moving"] = "press" if d.evc >= 4 else colour_name(d.evc)
        result["step"] = step
        return result

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here as JSON-able data (rules.md, "View"): `action`,
        `text`, `kind` and the fields of that kind (roads and squares by name)."""
        cdef GData* d = &self.d
        info = State.action_info(self, action)
        a = info["action"]
        st = d.stage
        if is_chance_stage(st):
            info["kind"] = "chance"
            if st == ST_STATUS:
                info.update(chance="status card", card=a + 1, main=sq_name(GZ_STATUS_MAIN[a]),
                            alternative=sq_name(GZ_STATUS_ALT[a]))
            elif st == ST_BAG:
                info.update(chance="evacuee", colour=colour_name(a), square=sq_name(d.place_sq))
            elif st == ST_SUPPORT_REVEAL:
                info.update(chance="support card", card=support_name(a))
            elif st == ST_TILES:
                info.update(chance="route tile", tile=kind_name(a))
            elif st == ST_ROLL:
                info.update(chance="roll", faces=[v + 1 for v in range(6)
                                                  for _ in range(ROLL_FACES[d.to_roll][a][v])])
            else:
                info.update(chance="press card", card=a + 1)
            return info

        def road_info(r):
            return {"road": r, "from": sq_name(GZ_ROAD_A[r]), "to": sq_name(GZ_ROAD_B[r])}

        if a == A_DONE:
            info["kind"] = "done"
        elif a < A_PLACE:
            info.update(kind="footprint", **road_info(a - A_FOOT))
        elif a < A_VEHICLE:
            k, r = divmod(a - A_PLACE, NROADS)
            info.update(kind="route tile", tile=kind_name(k), **road_info(r))
        elif a == A_VEHICLE:
            info.update(kind="support card", card="vehicle procurement", tiles=VEHICLE_TILES)
        elif a < A_HVROAD:
            info.update(kind="support card", card=support_name(a - A_SUPPORT))
        elif a < A_TANKROAD:
            info.update(kind="high-voltage", **road_info(a - A_HVROAD))
        elif a < A_TANKMOVE:
            info.update(kind="tank", **road_info(a - A_TANKROAD))
        elif a < A_REROLL:
            r, j = divmod(a - A_TANKMOVE, 6)
            t = ROAD_ADJ[r][j]
            info.update(kind="tank move", **road_info(r))
            info.update({"to_road": t, "to_road_from": sq_name(GZ_ROAD_A[t]), "to_road_to": sq_name(GZ_ROAD_B[t])})
        elif a < A_STRAIGHT:
            info.update(kind="reroll", face=a - A_REROLL + 1)
        elif a < A_RAYGRP:
            i = a - A_STRAIGHT
            info.update(kind="movement group", faces=[v + 1 for v in range(STRAIGHT_A[i], STRAIGHT_A[i] + STRAIGHT_K[i])],
                        steps=STRAIGHT_K[i])
        elif a < A_GO_MOVE:
            v, k = divmod(a - A_RAYGRP, 5)
            info.update(kind="heat-ray group", faces=[v + 1] * (k + 2), range=k + 2)
        elif a < A_STEP:
            info.update(kind="order", first="movement" if a == A_GO_MOVE else "heat ray")
        elif a < A_RAYDIR:
            r = a - A_STEP
            info.update(kind="step", from_square=sq_name(d.kaiju), to_square=sq_name(other_end(r, d.kaiju)),
                        **road_info(r))
        elif a < A_TAKE_DIE:
            info.update(kind="heat ray", direction=_DIRS[a - A_RAYDIR], range=d.ray_k)
        elif a < A_EVAC:
            info.update(kind="awakening", item="die" if a == A_TAKE_DIE else "reroll tile")
        else:
            s, t = divmod(a - A_EVAC, NSQ)
            info.update(kind="evacuation", piece="press" if d.evc >= 4 else "evacuee",
                        colour=None if d.evc >= 4 else colour_name(d.evc),
                        from_square=sq_name(s), to_square=sq_name(t))
        return info

    def observation_string(self, player: int) -> str:
        """What `player` sees: the whole state (nothing in it is hidden, see the module
        docstring) and who they are."""
        p = self._seat(player)
        lines = self._lines()
        gov = ", ".join(colour_name(g) for g in self.governors(p))
        lines.insert(1, f"you are {seat_name(p)}" + (f" ({gov})" if gov else ""))
        return "\n".join(lines)

    def observation_tensor(self, player: int):
        """What `player` sees (the whole state, see the module docstring) as a float32 vector
        of OBSERVATION_SIZE: one-hot blocks for the seat, stage, round, Kaiju square, each
        road's content and each round's status card; scaled counts for the rest."""
        cdef GData* d = &self.d
        p = self._seat(player)
        import numpy as np  # here, not at the top: `vsai list` needs no numpy
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        k = 0

        def one_hot(index, size):
            nonlocal k
            if 0 <= index < size:
                out[k + index] = 1.0
            k += size

        def values(items, scale):
            nonlocal k
            for x in items:
                out[k] = x / scale
                k += 1

        one_hot(p, 6)
        one_hot(d.stage, NUM_STAGES)
        one_hot(d.round - 1, NROUNDS + 1)
        one_hot(d.kaiju, NSQ)
        for sq in range(NSQ):
            values([d.landmark[sq]], 1.0)
            values([d.evac[sq * 4 + c] for c in range(NCOL)], 10.0)
            values([d.moved[sq * 4 + c] for c in range(NCOL)], 10.0)
            values([d.press[sq], d.press_moved[sq]], 6.0)
        for r in range(NROADS):
            one_hot(d.road[r], 7)
            values([d.foot[r], d.crossed[r], d.tank_new[r], d.tank_moved[r]], 1.0)
        values([d.bag[c] for c in range(NCOL)], 10.0)
        values([d.pile[c] for c in range(NKINDS)] + [d.stock[c] for c in range(NKINDS)], 9.0)
        values([d.status_used[i] for i in range(NSTATUS)], 1.0)
        for i in range(NROUNDS):
            one_hot(d.status[i], NSTATUS)
        for i in range(NSUPPORT):
            one_hot(d.support[i], 3)
        values([d.vehicle[g] for g in range(NCOL)], 1.0)
        one_hot(d.planner, 5)
        values([d.hv_stock, d.tank_stock, d.to_place, d.air, d.dice_own, d.rerolls_own, d.aw_dice,
                d.aw_rerolls, d.to_roll, d.reroll_left, d.reroll_min, d.rerolled, d.mv_k, d.mv_a,
                d.ray_k, d.mv_pending, d.ray_pending, d.moving, d.steps, d.awaken, d.evc,
                d.bag_left, d.tiles_left], 6.0)
        one_hot(d.place_sq, NSQ)
        values([d.dice[v] for v in range(6)], 6.0)
        values([d.k_landmark] + [d.k_evac[c] for c in range(NCOL)] + [d.k_press]
               + [d.k_route[c] for c in range(NKINDS)] + [d.k_hv, d.k_tank]
               + [d.h_evac[c] for c in range(NCOL)] + [d.h_press], 10.0)
        values([d.press_won, d.press_seen] + [d.deck[i] for i in range(NPRESS_KINDS)]
               + [d.kinds[i] for i in range(NPRESS_KINDS)], 24.0)
        values([d.last], 6.0)
        if k != OBSERVATION_SIZE:           # the layout and its size must agree
            raise RuntimeError(f"godzilla observation tensor filled {k} of {OBSERVATION_SIZE}")
        return out

    def __str__(self) -> str:
        """The whole board."""
        return "\n".join(self._lines())


def map_roads() -> list:
    """The G1 map as (road id, square a, square b) triples (data.pxd)."""
    return [(r, GZ_ROAD_A[r], GZ_ROAD_B[r]) for r in range(NROADS)]


def square_names() -> list:
    """The names of squares 0..19 (G1)."""
    return [sq_name(s) for s in range(NSQ)]
