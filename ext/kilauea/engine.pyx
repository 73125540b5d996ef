# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Kilauea (Combo Games, 2025) for 2-4 players: the rules engine.

Rulebook: ../shared/rules/original/001_72270f2153afd2c4.txt; gaps filled as in GAPS.md
section 2 (K1..K16) and section 0 (X1..X7), cited by ID in the code. The board data is in
ext/kilauea/data.pxd. Included here: ext/kilauea/actions.pxi (the action table: ids, encode /
decode, texts), ext/kilauea/rules.pxi (the rules in C, one function per step of the game) and
ext/kilauea/json_codec.pxi (to_dict / load_dict). ext/kilauea/rules.md maps every rule to its
code and tests, and documents the action encoding and the JSON format.

Set-up is explicit chance, in this order (no chance after it):
1. one colour per forest space (F1 a1 .. F5 c3, "3+" spaces skipped with 2 players), drawn
   from the tikis left after the volcano: outcome = colour 0..3, probability = remaining/total;
2. the action tiles: 9 draws without replacement for R1..R5 then F1..F4 (the last tile goes
   to F5): outcome = tile number - 1 (0..9), uniform (K5);
3. the starting player: outcome 0..n-1, uniform.
Then the draft (snake order, 2 picks each, K14), then turns.

Turn flow: move ("canoe +k") -> main action (cut [cut|stop] / volcano c / island c) ->
secondary actions ("coral n", "volcano n", their parameters, "pass"). Decisions with no choice
(no legal main action, X6; no secondary action possible) are skipped.
"""
cimport cython
from libc.string cimport memset
from libc.math cimport exp

from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.kilauea.data cimport *

import bisect
import operator
import re


from vsai.ext.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError

cdef enum:
    NUM_CHANCE = 10     # chance outcomes: a colour (4), a tile (10) or a seat (4)

# phases
cdef enum:
    PH_FOREST = 0   # chance: forest tikis
    PH_TILES = 1    # chance: action tiles
    PH_START = 2    # chance: starting player
    PH_DRAFT = 3
    PH_MOVE = 4
    PH_MAIN = 5
    PH_CUT2 = 6     # second cut or stop
    PH_SECOND = 7   # choose a secondary action or pass
    PH_TARGET = 8   # choose the tile a coral/volcano 3 activates
    PH_EFFECT = 9   # choose the parameters of the tile being resolved
    PH_BACK = 10    # second half of coral 10 / volcano 10
    PH_OVER = 11

# secondary action kinds: 0..9 coral 1..10, 10..19 volcano 1..10
cdef enum:
    C1 = 0
    C2 = 1
    C3 = 2
    C4 = 3
    C5 = 4
    C6 = 5
    C7 = 6
    C8 = 7
    C9 = 8
    C10 = 9
    V1 = 10
    V2 = 11
    V3 = 12
    V4 = 13
    V5 = 14
    V6 = 15
    V7 = 16
    V8 = 17
    V9 = 18
    V10 = 19

# Decisions in one turn at most: move, cut, cut/stop, pass, and up to 6 activations (the
# coral or hillside tile, and each of the 5 volcano tiles unlocked that turn) of at most 4
# decisions each (activate a 3, its target, the parameters, the second half of a 10).
DECISIONS_PER_TURN = 4 + 6 * 4
DRAFT_PICKS = K_DRAFT_PICKS     # tikis each player drafts before the first turn (K14)

COLOURS = ("red", "yellow", "green", "blue")
SPACE_NAMES = ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "c1", "c2", "c3")
PHASE_NAMES = ("forest", "tiles", "start", "draft", "move", "main", "cut2", "secondary",
               "target", "effect", "back", "over")


ctypedef struct KData:
    int turn_cap
    int turns               # completed turns (K15 cap)
    int vp[4]
    short tiles_left        # bitmask of tiles not yet placed (set-up)
    short opp_unlocked      # tiles unlocked this turn, not yet activated (K7)
    unsigned short occ[5]   # occupied forest spaces (derived from forest, kept for speed)
    signed char n           # players
    signed char phase
    signed char player      # player to act (decisions), or the turn's player
    signed char start       # starting player
    signed char step        # set-up step (forest space / tile slot) or draft pick
    signed char pawn        # -1 start space, 0..9 canoe track (K3)
    signed char crater      # holy stones in the volcano
    signed char box_stones  # stones out of play (K4)
    signed char box_tikis   # tikis removed (2 players, K16)
    signed char midscored   # intermediate scoring done (K12)
    signed char opp_coral   # this turn's coral opportunity still open (after a cut)
    signed char opp_hill    # this turn's hillside opportunity still open (after a placement)
    signed char kind        # tile being resolved (PH_EFFECT/PH_BACK) or the 3 (PH_TARGET)
    signed char ef, ei      # coral 10: vacated forest space
    signed char ex, ey, ec  # coral 10 / volcano 10: sectors X, Y and the first colour
    signed char pool[4]     # set-up: tikis of each colour still to place in forests
    signed char stones[4]
    signed char canoe[4][4]
    signed char island[4][5][4]
    signed char volcano[5][4]
    signed char forest[5][11]   # colour or -1
    signed char reef[5]         # coral tile at Rk (tile 0..9), -1 before set-up
    signed char fcentre[5]      # volcano tile locked in Fk, -1 if none
    signed char hill[5]         # volcano tile on the hillside of Sk, -1 if none


# The forest spaces filled at set-up, in chance order (f*11+i): all, and without "3+" spaces.
cdef int FILL_ALL[55]
cdef int FILL_2P[55]
cdef int N_FILL_ALL = 0
cdef int N_FILL_2P = 0


cdef void _build_tables():
    global N_FILL_ALL, N_FILL_2P
    cdef int f, i
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            if KIL_BOARD_SPACES[f] & (1 << i):
                FILL_ALL[N_FILL_ALL] = f * K_SPACES + i
                N_FILL_ALL += 1
                if not (KIL_THREE_PLUS[f] & (1 << i)):
                    FILL_2P[N_FILL_2P] = f * K_SPACES + i
                    N_FILL_2P += 1

_build_tables()


include "actions.pxi"
include "rules.pxi"

# Parameters: the constructor checks these ranges and spec.py builds its Params from them.
MIN_PLAYERS = K_MIN_PLAYERS
MAX_PLAYERS = K_MAX_PLAYERS
DEFAULT_TURN_CAP = K_DEFAULT_TURN_CAP
MAX_TURN_CAP = K_MAX_TURN_CAP

NUM_DISTINCT_ACTIONS = NUM_ACTIONS
MAX_CHANCE_OUTCOMES = NUM_CHANCE
# The most legal actions at one node, from the action table (see _max_branching).
MAX_BRANCHING = _max_branching()

# The observation tensor: named segments in order, (name, size); offsets are computed.
PLAYER_FEATURES = 1 + 1 + K_COLOURS + K_SECTORS * K_COLOURS    # vp, stones, canoe, island
OBSERVATION_SEGMENTS = (
    ("phase", len(PHASE_NAMES)),                    # one-hot
    ("observer", K_MAX_PLAYERS),                    # one-hot
    ("player_to_act", K_MAX_PLAYERS),               # one-hot, none at chance nodes / the end
    ("starting_player", K_MAX_PLAYERS),             # one-hot, none before it is drawn
    ("canoe_pawn", 1 + K_TRACK),                    # one-hot: start space, track 0..9
    ("crater_stones", 1),                           # / 16
    ("turns_completed", 1),                         # / turn cap
    ("intermediate_scored", 1),
    ("setup_step", 1),                              # / 55
    ("tikis_to_place", K_COLOURS),                  # set-up pool / 15
    ("tiles_to_place", K_TILES),
    ("players", K_MAX_PLAYERS * PLAYER_FEATURES),   # vp / 100, stones / 5, canoe / 4, island / 6
    ("volcano", K_SECTORS * K_COLOURS),             # column heights / 6
    ("forests", K_SECTORS * K_SPACES * (1 + K_COLOURS)),  # one-hot per space: empty, colour
    ("tile_places", K_TILES * 3 * K_SECTORS),       # tile x (reef, forest, hillside) x sector
    ("coral_open", 1),
    ("hillside_open", 1),
    ("unlocked_tiles", K_TILES),
    ("resolving", K_KINDS),                         # one-hot tile being resolved
    ("vacated_forest", K_SECTORS),                  # second half of coral 10 / volcano 10
    ("vacated_space", K_SPACES),
    ("sector_x", K_SECTORS),
    ("sector_y", K_SECTORS),
    ("first_colour", K_COLOURS),
)
_OBS = {}
OBSERVATION_SIZE = 0
for _name, _size in OBSERVATION_SEGMENTS:
    _OBS[_name] = OBSERVATION_SIZE
    OBSERVATION_SIZE += _size


# ---------------------------------------------------------------- text helpers (Python)
def _whole(value):
    """`value` as an int when it is a whole number (numpy integers too, not bools), else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _as_action(action) -> int:
    """`action` as an int (numpy integers too); InvalidArgumentError for anything else."""
    try:
        if isinstance(action, bool):
            raise TypeError
        return operator.index(action)
    except TypeError:
        raise InvalidArgumentError(f"an action is an int, not {action!r}") from None


def _space_name(int f, int i) -> str:
    return f"F{f + 1}.{SPACE_NAMES[i]}"


def _sector_name(int s) -> str:
    return f"S{s + 1}"


def _count(int k, str word) -> str:
    """`1 holy stone`, `2 holy stones`."""
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


# ---------------------------------------------------------------- observation (by segment)
cdef void _observe_progress(KData* d, float[::1] v, int observer):
    """Phase, seats, pawn, counters and the set-up pools."""
    cdef int k, c, t
    v[_OBS["phase"] + d.phase] = 1
    v[_OBS["observer"] + observer] = 1
    if 0 <= d.player < K_MAX_PLAYERS and d.phase != PH_OVER:
        v[_OBS["player_to_act"] + d.player] = 1
    if d.start >= 0:
        v[_OBS["starting_player"] + d.start] = 1
    v[_OBS["canoe_pawn"] + d.pawn + 1] = 1
    v[_OBS["crater_stones"]] = d.crater / <float>K_STONES
    v[_OBS["turns_completed"]] = d.turns / <float>d.turn_cap
    v[_OBS["intermediate_scored"]] = d.midscored
    v[_OBS["setup_step"]] = d.step / 55.0
    k = _OBS["tikis_to_place"]
    for c in range(K_COLOURS):
        v[k + c] = d.pool[c] / 15.0
    k = _OBS["tiles_to_place"]
    for t in range(K_TILES):
        v[k + t] = (d.tiles_left >> t) & 1


cdef void _observe_pieces(KData* d, float[::1] v):
    """The players' holdings, the volcano columns and the forest spaces."""
    cdef int k, p, s, c, f, i
    for p in range(d.n):
        k = _OBS["players"] + p * PLAYER_FEATURES
        v[k] = d.vp[p] / 100.0
        v[k + 1] = d.stones[p] / <float>K_CANOE_STONES
        for c in range(K_COLOURS):
            v[k + 2 + c] = d.canoe[p][c] / <float>K_CANOE_TIKIS
        for s in range(K_SECTORS):
            for c in range(K_COLOURS):
                v[k + 6 + s * K_COLOURS + c] = d.island[p][s][c] / <float>K_COLUMN_MAX
    k = _OBS["volcano"]
    for s in range(K_SECTORS):
        for c in range(K_COLOURS):
            v[k + s * K_COLOURS + c] = d.volcano[s][c] / <float>K_COLUMN_MAX
    k = _OBS["forests"]
    for f in range(K_SECTORS):
        for i in range(K_SPACES):
            v[k + (f * K_SPACES + i) * (K_COLOURS + 1) + d.forest[f][i] + 1] = 1


cdef void _observe_tiles(KData* d, float[::1] v):
    """Where the action tiles are, this turn's opportunities and the tile being resolved."""
    cdef int k, s, t
    # tile t at place 0 (reef), 1 (forest centre) or 2 (hillside) of sector s
    k = _OBS["tile_places"]
    for s in range(K_SECTORS):
        if d.reef[s] >= 0:
            v[k + (d.reef[s] * 3 + 0) * K_SECTORS + s] = 1
        if d.fcentre[s] >= 0:
            v[k + (d.fcentre[s] * 3 + 1) * K_SECTORS + s] = 1
        if d.hill[s] >= 0:
            v[k + (d.hill[s] * 3 + 2) * K_SECTORS + s] = 1
    v[_OBS["coral_open"]] = d.opp_coral
    v[_OBS["hillside_open"]] = d.opp_hill
    k = _OBS["unlocked_tiles"]
    for t in range(K_TILES):
        v[k + t] = (d.opp_unlocked >> t) & 1
    if d.kind >= 0:
        v[_OBS["resolving"] + d.kind] = 1
    for name, value in (("vacated_forest", d.ef), ("vacated_space", d.ei),
                        ("sector_x", d.ex), ("sector_y", d.ey), ("first_colour", d.ec)):
        if value >= 0:
            v[_OBS[name] + value] = 1


# ---------------------------------------------------------------- the board as text
cdef list _header_lines(KData* d):
    """Players, turn, phase, who acts, scoring progress and the canoe pawn."""
    if d.phase == PH_OVER:
        who = "game over"
    elif d.phase < PH_DRAFT:
        who = "set-up (chance)"
    else:
        who = f"P{d.player + 1} to play"
    # The turn being played (1-based) and the 3 emptied forests that end the game: the
    # figures of the rich board (render.py).
    lines = [f"Kilauea, {d.n} players, turn {min(d.turns + 1, d.turn_cap)}/{d.turn_cap}, phase "
             f"{PHASE_NAMES[d.phase]}, {who}"]
    if d.start >= 0:
        lines.append(f"Starting player P{d.start + 1}; forests emptied {forests_emptied(d)}/3"
                     f"{', intermediate scoring done' if d.midscored else ''}")
    pawn = "start space" if d.pawn < 0 else (
        f"{_sector_name(d.pawn >> 1)} space ({(d.pawn >> 1) + 1},{(d.pawn & 1) + 1}), "
        f"by reef R{reef_of(d.pawn) + 1}")
    lines.append(f"Canoe pawn: {pawn}")
    return lines


cdef list _volcano_lines(KData* d):
    """The crater and each sector's columns and hillside tile."""
    cdef int s, c
    lines = [f"Volcano (crater: {_count(d.crater, 'holy stone')})"]
    for s in range(K_SECTORS):
        cols = "  ".join(f"{COLOURS[c]} {d.volcano[s][c]}" for c in range(K_COLOURS))
        hill = f"   hillside: volcano {d.hill[s] + 1}" if d.hill[s] >= 0 else ""
        lines.append(f"  {_sector_name(s)}: {cols}{hill}")
    return lines


cdef list _forest_lines(KData* d):
    """Each forest by rows a, b, c with its locked tile, then the reefs."""
    cdef int s, f, i
    lines = ["Forests (a = coast row, c = next to the volcano tile; . = empty)"]
    for f in range(K_SECTORS):
        rows = []
        for r, (lo, hi) in enumerate(((0, 4), (4, 8), (8, 11))):
            cells = "".join(("." if d.forest[f][i] < 0 else "RYGB"[d.forest[f][i]])
                            for i in range(lo, hi) if KIL_BOARD_SPACES[f] & (1 << i))
            rows.append("abc"[r] + ":" + cells)
        tile = f"volcano {d.fcentre[f] + 1}" if d.fcentre[f] >= 0 else "-"
        lines.append(f"  F{f + 1} {' '.join(rows)}   tile: {tile}")
    lines.append("Reefs: " + "  ".join(
        f"R{s + 1} " + (f"coral {d.reef[s] + 1}" if d.reef[s] >= 0 else "-") for s in range(K_SECTORS)))
    return lines


cdef list _player_lines(KData* d):
    """Each player's points, stones, canoe and island."""
    cdef int p, s, c
    lines = []
    for p in range(d.n):
        canoe = " ".join(f"{COLOURS[c]} {d.canoe[p][c]}" for c in range(K_COLOURS) if d.canoe[p][c]) or "empty"
        isl = []
        for s in range(K_SECTORS):
            stack = " ".join(f"{COLOURS[c]} {d.island[p][s][c]}" for c in range(K_COLOURS) if d.island[p][s][c])
            isl.append(f"{_sector_name(s)}[{stack}]")
        lines.append(f"P{p + 1}: {d.vp[p]} VP, {_count(d.stones[p], 'holy stone')}, canoe: {canoe}")
        lines.append(f"    island: {' '.join(isl)}")
    return lines


cdef class KilaueaState(State):
    """A Kilauea position: the whole game in one C struct (see the module docstring)."""

    GAME_NAME = "kilauea"
    cdef KData d

    def __cinit__(self):
        memset(&self.d, 0, sizeof(KData))
        self._data = &self.d
        self._size = sizeof(KData)

    def __init__(self, players=MIN_PLAYERS, turn_cap=DEFAULT_TURN_CAP):
        n, cap = _whole(players), _whole(turn_cap)      # numpy integers too
        if n is None or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidArgumentError(f"Kilauea is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
        if cap is None or not 1 <= cap <= MAX_TURN_CAP:
            raise InvalidArgumentError(f"turn_cap must be a whole number from 1 to {MAX_TURN_CAP}, not {turn_cap!r}")
        init_data(&self.d, n, cap)

    # ------------------------------------------------------------ C protocol
    cdef int c_num_players(self) noexcept nogil:
        return self.d.n

    cdef int c_current_player(self) noexcept nogil:
        if self.d.phase < PH_DRAFT:
            return CHANCE_PLAYER
        if self.d.phase == PH_OVER:
            return TERMINAL_PLAYER
        return self.d.player

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        cdef double probs[NUM_CHANCE]
        if self.d.phase < PH_DRAFT:
            return gen_chance(&self.d, out, probs)
        return gen_legal(&self.d, out)

    cdef void c_apply_action(self, int action) noexcept nogil:
        apply(&self.d, action)

    cdef void c_returns(self, double* out) noexcept nogil:
        compute_returns(&self.d, out)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        if self.d.phase >= PH_DRAFT:
            return 0
        return gen_chance(&self.d, actions, probs)

    cdef void c_evaluate(self, double* out) noexcept nogil:
        # The final score if the game ended now, turned into soft win chances.
        cdef KData* d = &self.d
        cdef double est[4]
        cdef double top = -1e9, total = 0.0
        cdef int p
        if d.phase == PH_OVER:
            compute_returns(d, out)
            return
        for p in range(d.n):
            est[p] = d.vp[p] + sector_points(d, p) + bonus_points(d, p)
            if est[p] > top:
                top = est[p]
        for p in range(d.n):
            est[p] = exp((est[p] - top) / 8.0)
            total += est[p]
        for p in range(d.n):
            out[p] = est[p] / total

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.d.phase == PH_OVER

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return sample_chance(&self.d, rng)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef KData* d = &self.d
        cdef int buf[MAX_ACTIONS]
        cdef int n
        while d.phase != PH_OVER:
            if d.phase < PH_DRAFT:
                apply(d, sample_chance(d, rng))
            else:
                n = gen_legal(d, buf)
                apply(d, buf[rng_below(rng, n)])

    cdef State c_clone(self):
        cdef KilaueaState other = KilaueaState.__new__(KilaueaState)
        copy_state(other, self)
        return other

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef double probs[NUM_CHANCE]
        cdef int i, n
        if self.d.phase == PH_OVER:
            return False
        if self.d.phase < PH_DRAFT:
            n = gen_chance(&self.d, buf, probs)
        else:
            n = gen_legal(&self.d, buf)
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    # ------------------------------------------------------------ Python API (per game)
    def params(self) -> dict:
        """{"players": n, "turn_cap": cap}."""
        return {"players": int(self.d.n), "turn_cap": int(self.d.turn_cap)}

    def scores(self) -> list:
        """Victory points scored so far (intermediate, tiles, and at the end the final scoring)."""
        return [int(self.d.vp[p]) for p in range(self.d.n)]

    def projected_scores(self) -> list:
        """The VP each player would have if the final scoring happened now."""
        cdef KData* d = &self.d
        if d.phase == PH_OVER:
            return self.scores()
        return [int(d.vp[p] + sector_points(d, p) + bonus_points(d, p)) for p in range(d.n)]

    def phase(self) -> str:
        """The name of the current step: forest/tiles/start (set-up chance), draft, move,
        main, cut2, secondary, target, effect, back, over."""
        return PHASE_NAMES[self.d.phase]

    def forests_emptied(self) -> int:
        """How many forests have no tiki left."""
        return forests_emptied(&self.d)

    def tiki_census(self) -> dict:
        """Where the 72 tikis are: forests, volcano, canoes, islands, box, set-up pool."""
        cdef KData* d = &self.d
        forests = sum(1 for f in range(5) for i in range(11) if d.forest[f][i] >= 0)
        volcano = sum(d.volcano[s][c] for s in range(5) for c in range(4))
        canoes = sum(d.canoe[p][c] for p in range(d.n) for c in range(4))
        islands = sum(d.island[p][s][c] for p in range(d.n) for s in range(5) for c in range(4))
        pool = sum(d.pool[c] for c in range(4))
        return {"forests": forests, "volcano": volcano, "canoes": canoes, "islands": islands,
                "box": int(d.box_tikis), "pool": pool}

    def stone_census(self) -> dict:
        """Where the 16 holy stones are: crater, canoes, box."""
        cdef KData* d = &self.d
        return {"crater": int(d.crater), "canoes": sum(d.stones[p] for p in range(d.n)),
                "box": int(d.box_stones)}

    def to_dict(self) -> dict:
        """The whole state as plain data (rules.md, "JSON format")."""
        return _dump(&self.d)

    def load_dict(self, data) -> None:
        """Set the state from `to_dict` data; InvalidStateError (a ValueError) on anything
        malformed or inconsistent, the state unchanged."""
        if not isinstance(data, dict):
            raise InvalidStateError("kilauea state: a JSON object is expected")
        cdef KData e
        init_data(&e, self.d.n, self.d.turn_cap)
        try:
            _fill(&e, data)
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
            raise InvalidStateError(f"malformed kilauea state: {type(error).__name__}: {error}") from None
        _validate(&e)
        self.d = e

    def action_to_string(self, action) -> str:
        """The text of an action or chance outcome here (string_to_action reads it back)."""
        action = _as_action(action)
        if self.d.phase < PH_DRAFT:
            return self._chance_text(action)
        if not 0 <= action < NUM_ACTIONS:
            raise InvalidArgumentError(f"action {action} is out of range(0, {NUM_ACTIONS})")
        return action_text(action, self._text_context(), self._context_fields())

    def string_to_action(self, text: str) -> int:
        """The legal action whose text matches `text` (case and spacing ignored), read with the
        action table; chance outcomes, numbers and errors as State.string_to_action."""
        cdef int action
        if isinstance(text, str) and self.d.phase >= PH_DRAFT and self.d.phase != PH_OVER:
            wanted = " ".join(text.lower().split())
            for action in parse_action_text(text, self._text_context()):
                if self.c_is_legal(action) and " ".join(self.action_to_string(action).lower().split()) == wanted:
                    return action
        return State.string_to_action(self, text)

    def _text_context(self) -> str:
        """Which texts the action table uses here (see ACTION_TEXTS)."""
        cdef int ph = self.d.phase
        return {PH_TARGET: "target", PH_EFFECT: "effect", PH_BACK: "back"}.get(ph, "")

    def _context_fields(self) -> dict:
        """The tile being resolved and, in the second half of coral 10 / volcano 10, where the
        second tiki comes from and goes to."""
        cdef KData* d = &self.d
        fields = {"resolving": _kind_name(d.kind) if d.kind >= 0 else ""}
        if d.phase == PH_BACK and d.kind == C10:
            fields.update(back_from=_sector_name(d.ex), back_to=_space_name(d.ef, d.ei))
        elif d.phase == PH_BACK:
            fields.update(back_from=_sector_name(d.ey), back_to=_sector_name(d.ex))
        return fields

    def _chance_text(self, action) -> str:
        """The text of a set-up chance outcome: a forest tiki's colour, a tile, the first player."""
        cdef KData* d = &self.d
        cdef int k
        if not 0 <= action < NUM_CHANCE:
            raise InvalidArgumentError(f"chance outcome {action} is out of range(0, {NUM_CHANCE})")
        if d.phase == PH_FOREST:
            if action >= K_COLOURS:
                raise InvalidArgumentError(f"chance outcome {action} is not a colour (0..3)")
            k = fill_space(d, d.step)
            return f"{_space_name(k // K_SPACES, k % K_SPACES)} {COLOURS[action]}"
        if d.phase == PH_TILES:
            slot = f"R{d.step + 1}" if d.step < K_SECTORS else f"F{d.step - K_SECTORS + 1}"
            return f"tile {action + 1} -> {slot}"
        if action >= d.n:
            raise InvalidArgumentError(f"chance outcome {action} is not a seat (0..{d.n - 1})")
        return f"start P{action + 1}"

    def observation_string(self, player) -> str:
        """The whole board: nothing is hidden in Kilauea (perfect information after set-up)."""
        player = self._seat(player)
        return f"Observer P{player + 1}\n" + str(self)

    def observation_tensor(self, player):
        """A flat float32 vector of the public state (size OBSERVATION_SIZE, segments in
        OBSERVATION_SEGMENTS), the same for all observers except the observer's one-hot seat."""
        player = self._seat(player)
        import numpy as np  # here, not at the top: `vsai list` needs no numpy
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        _observe_progress(&self.d, out, player)
        _observe_pieces(&self.d, out)
        _observe_tiles(&self.d, out)
        return out

    def view(self, player=None) -> dict:
        """Everything seat `player` may know (None: a spectator) as JSON-able data with the keys
        of rules.md, "View". Kilauea hides nothing after the set-up chance: every seat sees the
        whole board, so views differ only in `seat`."""
        view = State.view(self, player)
        view.pop("observation", None)
        view.update(_view(&self.d, view["seat"]))
        return view

    def action_info(self, action) -> dict:
        """A legal action or chance outcome here as data a frontend can draw: `action`, `text`,
        `kind` and the fields of rules.md, "Action info" (from/to, colour, stone cost, ...)."""
        info = State.action_info(self, action)
        if self.d.phase < PH_DRAFT:
            info.update(_chance_info(&self.d, info["action"]))
        else:
            info.update(_action_info(&self.d, info["action"], self._context_fields()))
        return info

    def __str__(self) -> str:
        cdef KData* d = &self.d
        lines = _header_lines(d) + _volcano_lines(d) + _forest_lines(d) + _player_lines(d)
        if d.kind >= 0:
            lines.append(f"Resolving {_kind_name(d.kind)}")
        return "\n".join(lines)




include "json_codec.pxi"
include "view.pxi"
