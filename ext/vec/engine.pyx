# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The Vampire, the Elf & the Cthulhu (Giochix.it, 2016) for 2-4 players: the rules engine.

Rulebook: ../shared/rules/original/004_48b5c358debdf593.txt; gaps filled as in GAPS.md
section 5 (C1..C15) and section 0 (X1..X7), cited by ID in the code. Card data: ext/vec/data.pxd.
ext/vec/rules.md maps every rule to its code and tests and documents the action encoding.

Files: rules.pxi (stages, struct, helpers, turn flow, effects), codec.pxi (the action codec:
ids, encode/decode, texts), stages.pxi (per stage its legal moves and its move; the chance
outcomes), state_class.pxi (hidden information, evaluation, card texts), state_json.pxi (the
JSON field table), this file (the VecState class: protocol and Python API, observation).
Sealed bids use the shared sequential hidden commitment helpers of ext/commit.pxd.

Every decision is one atomic action with a text; there are no clocks and no table talk
(X1, X2). Hidden information: objectives, the identity of cards drawn (set-up pick, Research) and of
face-down cards that were never face up, the content of sealed ink bids until the reveal, and
the exchanges of 4 ink for 1 special ink. Each player's ink value (cubes + 4 x special ink) is
public because every change of it is (X4); public bounds on each player's special ink follow
from what they were seen to spend (special_ink_min/max in JSON; smin, smax in the struct).
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.commit cimport (Commitments, MAX_COMMITS, commit_clear, commit_enrol,
                              commit_all_made, commit_next_seat, commit_record, commit_reveal,
                              commit_pending, commit_hidden_from, commit_seat_pending,
                              commit_key, commit_redraw)
from vsai.ext.vec.data cimport *

import operator


from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError

# Parameters (X7, C13): the spec's Params, __init__'s guard and the JSON ranges use these.
MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULT_TURN_CAP = 30
MAX_TURN_CAP = 1000

include "rules.pxi"
include "codec.pxi"
include "stages.pxi"
include "state_class.pxi"
include "state_json.pxi"
include "state_view.pxi"

NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node, from the codec: a bid offers at most its whole family
# (exchanges x ink x special ink) and nothing else; a quill placement at most MAX_IDEAS ideas
# x INK_VALUES amounts, an own card each and "no quill"; every other stage at most two card
# families and one more.
MAX_BRANCHING = max(FAMILY_SIZE["bid"], MAX_IDEAS * INK_VALUES + NCARDS + 1, 2 * NCARDS + 1)


def _as_action(action) -> int:
    """An action id as an int (numpy integers included); InvalidArgumentError otherwise."""
    try:
        if isinstance(action, bool):
            raise TypeError
        return operator.index(action)
    except TypeError:
        raise InvalidArgumentError(f"an action is an int, not {action!r}") from None


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
    ("keep_time", 1),           # known and face down: when it was kept face down
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


cdef class VecState(State):
    """A state of The Vampire, the Elf & the Cthulhu (2-4 players)."""

    GAME_NAME = "vec"
    cdef VecData d

    def __cinit__(self):
        self._data = &self.d
        self._size = sizeof(VecData)

    def __init__(self, players: int = 2, turn_cap: int = DEFAULT_TURN_CAP):
        if (isinstance(players, bool) or not isinstance(players, int)
                or not MIN_PLAYERS <= players <= MAX_PLAYERS):
            raise InvalidArgumentError(f"vec is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        if (isinstance(turn_cap, bool) or not isinstance(turn_cap, int)
                or not 1 <= turn_cap <= MAX_TURN_CAP):
            raise InvalidArgumentError(f"turn_cap must be a whole number in 1..{MAX_TURN_CAP}, not {turn_cap!r}")
        init_data(&self.d, players, turn_cap)

    # ------------------------------------------------------------------ C protocol
    cdef State c_clone(self):
        cdef VecState other = VecState.__new__(VecState)
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

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef int buf[NCARDS]
        cdef int n = gen_chance(&self.d, buf, NULL)
        return buf[rng_below(rng, n)]          # all chance nodes are uniform

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int p, best = -1, nb = 0, s
        for p in range(self.d.n):
            s = score_of(&self.d, p)
            if s > best:
                best = s
        for p in range(self.d.n):
            if score_of(&self.d, p) == best:
                nb += 1
        for p in range(self.d.n):
            out[p] = 1.0 / nb if score_of(&self.d, p) == best else 0.0

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int n
        while self.d.stage != ST_END:
            if is_chance_stage(self.d.stage):
                n = gen_chance(&self.d, buf, NULL)
            else:
                n = gen_legal(&self.d, buf)
            if n <= 0:          # cannot happen in a consistent state; never read garbage
                return
            self.c_apply_action(buf[rng_below(rng, n)])

    cdef void c_evaluate(self, double* out) noexcept nogil:
        evaluate_data(&self.d, out)

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        resample_data(&self.d, player, rng)

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action_key(&self.d, observer, action)

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        """{"players": n, "turn_cap": cap}."""
        return {"players": self.d.n, "turn_cap": self.d.turn_cap}

    def scores(self) -> list:
        """VP of every player from the NOVEL as it stands (C3)."""
        return [score_of(&self.d, p) for p in range(self.d.n)]

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data: every struct field under its readable name
        (state_json.pxi, rules.md "JSON format")."""
        cdef object raw = self.d
        return _to_json_dict(raw)

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; ValueError (state unchanged) if malformed."""
        if not isinstance(data, dict):
            raise InvalidStateError("vec state: a JSON object is expected")
        missing = sorted(set(_FIELDS) - set(data))
        extra = sorted((set(data) - set(_FIELDS)), key=repr)
        if missing or extra:
            raise InvalidStateError(f"vec state: missing fields {missing}, unknown fields {extra}")
        for name, (length, lo, hi) in _FIELDS.items():
            value = data[name]
            if length:
                if not isinstance(value, list) or len(value) != length:
                    raise InvalidStateError(f"vec state: {name} must be a list of {length} integers")
                for x in value:
                    _check_int(name, x, lo, hi)
            else:
                _check_int(name, value, lo, hi)
        if data["players"] != self.d.n or data["turn_cap"] != self.d.turn_cap:
            raise InvalidStateError("vec state: players/turn_cap differ from the game parameters")
        backup = self._raw_bytes()
        self.d = _from_json_dict(data)
        try:
            self._check_consistency()
        except ValueError:
            self._set_raw_bytes(backup)
            raise

    def _check_consistency(self) -> None:
        """ValueError unless the loaded struct is a state the game can reach (or play on)."""
        cdef VecData* d = &self.d
        n = d.n
        self._check_cards()
        self._check_novel()
        self._check_ink()
        self._check_objectives()
        if d.first >= n or d.bids.count > n or d.robbed >= n:
            raise InvalidStateError("vec state: a player index is out of range")
        self._check_bids()
        self._check_setup()
        self._check_action()
        if d.stage == ST_INSERT_PLACE and d.ins_tokens > d.specials[d.bids.seat[d.winner]]:
            raise InvalidStateError("vec state: more special ink is being inserted than is held")
        self._check_turn()

    def _check_cards(self) -> None:
        """Each card's place, who knows it, its quills and ink, as the game leaves them."""
        cdef VecData* d = &self.d
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

    def _check_novel(self) -> None:
        cdef VecData* d = &self.d
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

    def _check_ink(self) -> None:
        """Ink is conserved; special ink adds up to 4 and lies within its public bounds."""
        cdef VecData* d = &self.d
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

    def _check_objectives(self) -> None:
        cdef VecData* d = &self.d
        n = d.n
        for p in range(n):
            o = d.objective[p]
            if o >= 0 and d.obj_loc[o] != p:
                raise InvalidStateError(f"vec state: {_seat_name(p)}'s objective is not marked as held")
        for o in range(NOBJ):
            q = d.obj_loc[o]
            if q >= 0 and (q >= n or d.objective[q] != o):
                raise InvalidStateError(f"vec state: objective {o + 1} is held by nobody")

    def _check_setup(self) -> None:
        """Set-up, refill and Phase I fields: only in their own steps."""
        cdef VecData* d = &self.d
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

    def _check_action(self) -> None:
        """Phase II: the card acting, its participants and each step's player."""
        cdef VecData* d = &self.d
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

    def _check_turn(self) -> None:
        """The stage's own fields, and someone (or chance) can move."""
        cdef VecData* d = &self.d
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

    def _check_bids(self) -> None:
        """The strength test's sealed bids (a sequential hidden commitment, ext/commit.pxd)."""
        cdef VecData* d = &self.d
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

    # ------------------------------------------------------------------ frontends
    def view(self, player=None) -> dict:
        """Everything seat `player` may know (None: a spectator, what every seat knows), as
        JSON-able data with the keys of rules.md "View"; never depends on what it cannot see."""
        view = State.view(self, player)
        view.pop("observation", None)
        view.update(_view_of(&self.d, -1 if player is None else view["seat"]))
        return view

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here: its id and text, plus structured fields
        (kind, player, card, from/to, ink, special ink, exchanges, deck, position, costs and
        gains; rules.md "View")."""
        info = State.action_info(self, action)
        info.update(_action_fields(&self.d, info["action"]))
        return info

    # ------------------------------------------------------------------ texts
    def action_to_string(self, action: int) -> str:
        """The text of an action or chance outcome at this state (codec.pxi's table)."""
        cdef VecData* d = &self.d
        a = _as_action(action)
        if is_chance_stage(d.stage):
            if d.stage == ST_FIRST and C_FIRST <= a < C_FIRST + d.n:
                return action_text(a, d.stage, _CHANCE_FAMILIES)
            if not C_CARD <= a < C_FIRST:
                raise InvalidArgumentError(f"{a} is not a chance outcome of this game")
            return action_text(a, d.stage, _CHANCE_FAMILIES, dealt_to=_seat_name(d.setup_idx))
        if not 0 <= a < NUM_ACTIONS:
            raise InvalidArgumentError(f"{a} is not an action of this game")
        return action_text(a, d.stage)

    def _card_note(self, int c) -> str:
        text = card_name(c)
        if self.d.marks[c]:
            text += f" ({_seat_name(self.d.owner[c])} quill x{self.d.marks[c]})"
        if self.d.ink[c]:
            text += f" +{self.d.ink[c]} ink"
        return text

    def _context_lines(self, viewer) -> list:
        cdef VecData* d = &self.d
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

    def observation_string(self, player: int) -> str:
        """What `player` knows (perfect recall, X4); independent of what they cannot see."""
        cdef VecData* d = &self.d
        p = self._seat(player)
        lines = [f"vec {d.n}p turn {min(d.turn + 1, d.turn_cap)}/{d.turn_cap}, first {_seat_name(d.first)}, "
                 f"{_STAGE_NAMES[d.stage]}, to act: {self._actor_text()}", f"you are {_seat_name(p)}"]
        lines.extend(self._seat_lines(p))
        lines.append("ideas: " + ", ".join(self._card_note(c) for c in range(NCARDS) if d.loc[c] == L_IDEAS))
        lines.extend(self._display_line(p, q) for q in range(d.n))
        lines.append("NOVEL: " + " | ".join(self._novel_text(j) for j in range(NPOS)))
        lines.append("discards: " + ", ".join(card_name(c) for c in range(NCARDS) if d.loc[c] == L_DISCARD))
        lines.append("decks: " + ", ".join(f"{color_name(k).decode()} {deck_count(d, k)}" for k in range(NCOLORS)))
        lines.extend(self._deck_knowledge_lines(p))
        lines.extend(self._objective_lines())
        lines.extend(self._context_lines(p))
        return "\n".join(lines)

    def _seat_lines(self, p) -> list:
        """Each seat's objective and ink as p sees them."""
        cdef VecData* d = &self.d
        end = d.stage == ST_END
        lines = []
        for q in range(d.n):
            o = d.objective[q]
            shown = _obj_text(o) if o >= 0 and (q == p or end) else ("hidden" if o >= 0 else "-")
            if q == p or end:
                ink = f"{d.cubes[q]} ink, {d.specials[q]} special ink ({d.box[q]} in the box)"
            else:           # exchanges are secret: only the ink value and bounds are known
                ink = (f"ink worth {ink_value(d, q)} (ink + 4 x special ink), "
                       f"{d.smin[q]}..{d.smax[q]} special ink")
            lines.append(f"{_seat_name(q)}: objective {shown}; {ink}")
        return lines

    def _display_line(self, p, q) -> str:
        """q's display as p sees it: unseen face-down cards by color, quills and keep time."""
        cdef VecData* d = &self.d
        up = [self._card_note(c) for c in range(NCARDS) if d.loc[c] == L_UP + q]
        down = [self._card_note(c) for c in range(NCARDS)
                if d.loc[c] == L_DOWN + q and (d.known[c] >> p) & 1]
        unknown = {}
        for c in range(NCARDS):
            if d.loc[c] == L_DOWN + q and not (d.known[c] >> p) & 1:
                key = (color_name(card_color(c)).decode(), d.marks[c], d.ft[c])
                unknown[key] = unknown.get(key, 0) + 1
        hidden = [f"{k} unseen {col}" + (f" kept #{t}" if t else "") + (f" (quill x{m})" if m else "")
                  for (col, m, t), k in sorted(unknown.items())]
        return f"{_seat_name(q)} up: {', '.join(up)} | down: {', '.join(down + hidden)}"

    def _deck_knowledge_lines(self, p) -> list:
        """What p knows of the decks and of cards being drawn (X4)."""
        cdef VecData* d = &self.d
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

    def _objective_lines(self) -> list:
        cdef VecData* d = &self.d
        lines = ["objective discards: " + ", ".join(
            _obj_text(o) for o in range(NOBJ) if d.obj_loc[o] == O_DISCARD)]
        if d.n == 3:
            lines.append("objective deck: back in the box (3 players)")
        else:
            lines.append("objective deck: " + str(sum(1 for o in range(NOBJ) if d.obj_loc[o] in (O_DECK, O_DECK_SEEN)))
                         + " cards; seen in it: " + ", ".join(_obj_text(o) for o in range(NOBJ) if d.obj_loc[o] == O_DECK_SEEN))
        return lines

    def _actor_text(self) -> str:
        cp = self.c_current_player()
        return "chance" if cp == CHANCE_PLAYER else ("nobody" if cp == TERMINAL_PLAYER else _seat_name(cp))

    def _novel_text(self, j) -> str:
        c = self.d.novel[j]
        if c < 0:
            return f"{j + 1}: empty"
        toks = ", ".join(f"{_seat_name(q)} x{self.d.tok[4 * j + q]}" for q in range(self.d.n) if self.d.tok[4 * j + q])
        return f"{j + 1}: {card_name(c)}" + (f" [special ink {toks}]" if toks else "")

    def observation_tensor(self, player: int):
        """What `player` knows as a flat float32 vector of OBSERVATION_SIZE (_OBS_SEGMENTS)."""
        cdef VecData* d = &self.d
        p = self._seat(player)
        import numpy as np  # here, not at the top: `vsai list` needs no numpy
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        self._tensor_cards(p, out)
        self._tensor_public(p, out)
        self._tensor_strength_test(p, out)
        return out

    def _tensor_cards(self, p, out) -> None:
        cdef VecData* d = &self.d
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
            if d.loc[c] >= L_DOWN and (d.known[c] >> p) & 1:
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

    def _tensor_public(self, p, out) -> None:
        cdef VecData* d = &self.d
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
        cp = self.c_current_player()
        out[_OBS["to_act"] + (cp if cp >= 0 else 4)] = 1.0
        out[_OBS["first_player"] + d.first] = 1.0
        out[_OBS["seat"] + p] = 1.0
        out[_OBS["turn"]] = d.turn / float(d.turn_cap)

    def _tensor_strength_test(self, p, out) -> None:
        """While a card acts: the test's public parts and p's own sealed bid."""
        cdef VecData* d = &self.d
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

    def __str__(self) -> str:
        """The whole board, hidden parts included."""
        cdef VecData* d = &self.d
        lines = [f"vec {d.n}p turn {min(d.turn + 1, d.turn_cap)}/{d.turn_cap}, first {_seat_name(d.first)}, "
                 f"{_STAGE_NAMES[d.stage]}, to act: {self._actor_text()}"]
        for q in range(d.n):
            o = d.objective[q]
            lines.append(f"{_seat_name(q)}: objective {_obj_text(o) if o >= 0 else '-'}; {d.cubes[q]} ink, "
                         f"{d.specials[q]} special ink ({d.box[q]} in the box); VP {score_of(d, q)}")
        lines.append(f"reserve: {d.reserve} ink")
        lines.append("ideas: " + ", ".join(self._card_note(c) for c in range(NCARDS) if d.loc[c] == L_IDEAS))
        for q in range(d.n):
            up = [self._card_note(c) for c in range(NCARDS) if d.loc[c] == L_UP + q]
            down = [self._card_note(c) for c in range(NCARDS) if d.loc[c] == L_DOWN + q]
            lines.append(f"{_seat_name(q)} up: {', '.join(up)} | down: {', '.join(down)}")
        lines.append("NOVEL: " + " | ".join(self._novel_text(j) for j in range(NPOS)))
        lines.append("discards: " + ", ".join(card_name(c) for c in range(NCARDS) if d.loc[c] == L_DISCARD))
        lines.append("decks: " + ", ".join(f"{color_name(k).decode()} {deck_count(d, k)}" for k in range(NCOLORS)))
        tray = [card_name(c) for c in range(NCARDS) if d.loc[c] == L_TRAY]
        if tray:
            lines.append(f"drawn by {_seat_name(d.tray_owner)}: " + ", ".join(tray))
        lines.extend(self._context_lines(None))
        return "\n".join(lines)
