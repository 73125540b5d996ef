# cython: language_level=3, boundscheck=False, wraparound=False
"""The base class of every game state: the C protocol's defaults and the Python API.

The Python method names follow OpenSpiel (current_player, legal_actions, apply_action, ...),
so that OpenSpiel users feel at home. Game subclasses override the `c_*` methods and the
few game-specific Python methods marked below.
"""
import json
import operator

cimport cython
from cpython.mem cimport PyObject_Free, PyObject_Malloc
from cpython.object cimport Py_TPFLAGS_HAVE_GC, PyObject, PyTypeObject
from libc.string cimport memcmp, memcpy, memset, strlen

from vsai.ext.rng cimport Rng, rng_seed, rng_below, rng_uniform

from vsai.ext.errors import IllegalMoveError, InvalidArgumentError
from vsai.ext.values import action_id

JSON_FORMAT = "vsai-state"
# 2: per-game packages, readable field names in every game (version 1 files are refused).
# 3: every game's fields from its table of readable names (ext/fields.py); version 2 files
#    load through each game's `upgrade_v2`.
JSON_VERSION = 3
JSON_VERSIONS_READ = (2, 3)
# The protocol's buffer limits (ext/state.pxd), checked against each game's spec at load.
LIMIT_ACTIONS = MAX_ACTIONS
LIMIT_PLAYERS = MAX_PLAYERS

# How many legal moves an error message lists before it says "and N more".
_LISTED_IN_ERRORS = 12


def _normalise(text):
    return " ".join(str(text).lower().split())


cdef class State:
    """A game state. Subclasses hold one C struct and implement the `c_*` protocol."""

    # Set by every game subclass: the registry name (its folder's name under ext/).
    GAME_NAME = None

    # ------------------------------------------------------------------ C protocol
    cdef int c_num_players(self) noexcept nogil:
        return 0

    cdef int c_current_player(self) noexcept nogil:
        return TERMINAL_PLAYER

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return 0

    cdef void c_apply_action(self, int action) noexcept nogil:
        pass

    cdef void c_returns(self, double* out) noexcept nogil:
        pass

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return 0

    cdef void c_evaluate(self, double* out) noexcept nogil:
        cdef int i, n = self.c_num_players()
        for i in range(n):
            out[i] = 1.0 / n

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.c_current_player() == TERMINAL_PLAYER

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        cdef int actions[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int i, n = self.c_chance_outcomes(actions, probs)
        cdef double u = rng_uniform(rng), acc = 0.0
        for i in range(n - 1):
            acc += probs[i]
            if u < acc:
                return actions[i]
        return actions[n - 1]

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        pass

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        return action

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int player, n, action
        while True:
            player = self.c_current_player()
            if player == TERMINAL_PLAYER:
                return
            if player == CHANCE_PLAYER:
                action = self.c_sample_chance(rng)
            else:
                n = self.c_legal_actions(buf)
                action = buf[rng_below(rng, n)]
            self.c_apply_action(action)

    cdef State c_clone(self):
        return clone_object(self)

    # ------------------------------------------------------------------ Python API
    def num_players(self) -> int:
        """The number of players in this game."""
        return self.c_num_players()

    def current_player(self) -> int:
        """The player to act, -1 at a chance node, -4 once the game is over."""
        return self.c_current_player()

    def is_chance_node(self) -> bool:
        """True when the next action is a chance outcome."""
        return self.c_current_player() == CHANCE_PLAYER

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.c_is_terminal()

    def is_player_node(self) -> bool:
        """True when a player (not chance) acts next."""
        return self.c_current_player() >= 0

    def legal_actions(self, player=None) -> list:
        """The legal actions (or chance outcomes at a chance node), ascending.

        With `player` given (a seat of this game), the list is empty unless that player is to act.
        """
        cdef int buf[MAX_ACTIONS]
        if player is not None and self._seat(player) != self.c_current_player():
            return []
        cdef int i, n = self.c_legal_actions(buf)
        return [buf[i] for i in range(n)]

    def chance_outcomes(self) -> list:
        """[(outcome, probability), ...] at a chance node, else []."""
        cdef int actions[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        if self.c_current_player() != CHANCE_PLAYER:
            return []
        cdef int i, n = self.c_chance_outcomes(actions, probs)
        return [(actions[i], probs[i]) for i in range(n)]

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int buf[MAX_ACTIONS]
        cdef int i, n = self.c_legal_actions(buf)
        for i in range(n):
            if buf[i] == action:
                return True
        return False

    def _legal_summary(self) -> str:
        if self.c_is_terminal():
            return "the game is over, no move is legal"
        moves = self.legal_actions()
        shown = ", ".join(f"{a} ({self.action_to_string(a)})" for a in moves[:_LISTED_IN_ERRORS])
        more = len(moves) - _LISTED_IN_ERRORS
        return "legal: " + shown + (f", and {more} more" if more > 0 else "")

    def apply_action(self, action) -> None:
        """Play an action (an int, or its text as `action_to_string` writes it).

        Raises ValueError, leaving the state unchanged, when the action is not legal here.
        """
        if isinstance(action, str):
            action = self.string_to_action(action)
        action = action_id(action)
        if self.c_is_terminal():
            raise IllegalMoveError(f"action {action}: the game is over")
        self._check_legal(action)
        self._remember(action)
        self.c_apply_action(action)

    def _remember(self, int action) -> None:
        """Keep `action`, about to be played here, as the last move for `view()`: who plays
        it, whom it is hidden from (their action key is not the action) and its text."""
        cdef int mover = self.c_current_player()
        cdef int observer
        cdef unsigned int hidden = 0
        for observer in range(self.c_num_players()):
            if observer != mover and self.c_action_key(observer, action) != action:
                hidden |= 1u << observer
        if hidden:
            hidden |= 1u << LAST_HIDDEN_SPECTATOR
        text = self.action_to_string(action).encode("utf-8")[:LAST_TEXT_BYTES - 1]
        text = text.decode("utf-8", "ignore").encode("utf-8")      # never half a character
        self._has_last_move = True
        self._last_mover = mover
        self._last_action = action
        self._last_hidden = hidden
        memcpy(self._last_text, <const char*>text, len(text))
        self._last_text[len(text)] = 0

    def _check_legal(self, action: int) -> None:
        if not (-2**31 <= action < 2**31) or not self.c_is_legal(action):
            raise IllegalMoveError(f"action {action} is not legal here; {self._legal_summary()}")

    def _seat(self, seat, role: str = "player") -> int:
        """`seat` as an int index; ValueError unless it is a seat of this game."""
        try:
            if isinstance(seat, bool):
                raise TypeError
            index = operator.index(seat)
        except TypeError:
            index = -1
        if not (0 <= index < self.c_num_players()):
            raise InvalidArgumentError(f"{role} {seat!r} is not a seat of this "
                                       f"{self.c_num_players()}-player game")
        return index

    def apply_actions(self, actions) -> None:
        """Apply several actions in order, each checked as by `apply_action`: all or none.

        `actions` is a list (or any iterable) of actions, not a text. A refused action raises
        IllegalMoveError (InvalidArgumentError for a wrong type) and leaves the state as it was.
        """
        cdef State trial
        if isinstance(actions, (str, bytes)):
            raise InvalidArgumentError(f"apply_actions takes a list of actions, not the text {actions!r} "
                                       "(apply_action plays one move given as text)")
        try:
            actions = list(actions)
        except TypeError:
            raise InvalidArgumentError(f"apply_actions takes a list of actions, not {actions!r}") from None
        trial = self.c_clone()  # applied on a copy, committed only when every action was legal
        for action in actions:
            trial.apply_action(action)
        copy_state(self, trial)
        if actions:
            copy_last_move(trial, self)

    def string_to_action(self, text: str) -> int:
        """The legal action whose text matches `text` (case and spacing ignored).

        A number given as text is taken as the action's int. Raises ValueError when no legal
        action matches.
        """
        if not isinstance(text, str):
            raise InvalidArgumentError(f"a move's text is a string, not {text!r}")
        wanted = _normalise(text)
        for action in self.legal_actions():
            if _normalise(self.action_to_string(action)) == wanted:
                return action
        digits = wanted[1:] if wanted.startswith("-") else wanted
        if digits.isascii() and digits.isdigit() and len(digits) < 10 and self.c_is_legal(int(wanted)):
            return int(wanted)
        raise IllegalMoveError(f"unknown or illegal move {text!r}; {self._legal_summary()}")

    def action_key(self, observer: int, action: int) -> int:
        """What `observer` sees of `action` (a legal action or chance outcome here), as a key.

        Two actions with equal keys look the same to `observer`: a hidden card drawn, a sealed
        bid. With every action public the key is the action itself.
        """
        observer = self._seat(observer, "observer")
        action = action_id(action)
        self._check_legal(action)
        return self.c_action_key(observer, action)

    def legal_action_strings(self) -> list:
        """The texts of the legal actions, in the order of `legal_actions()`."""
        return [self.action_to_string(a) for a in self.legal_actions()]

    @cython.binding(False)      # a plain method: a cheaper call than a cyfunction's
    def clone(self):
        """An independent copy: acting on it never changes this state."""
        cdef State other = clone_object(self)  # the last move's fields too, not its flag
        other._has_last_move = self._has_last_move
        return other

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def returns(self) -> list:
        """Each player's return: at the end, win shares (1 to a sole winner, 1/k each for
        k shared winners, 0 otherwise); before the end, zeros."""
        cdef double out[MAX_PLAYERS]
        cdef int i, n = self.c_num_players()
        for i in range(n):
            out[i] = 0.0
        if self.c_is_terminal():
            self.c_returns(out)
        return [out[i] for i in range(n)]

    def evaluate(self) -> list:
        """The game's heuristic estimate of each player's return, in [0, 1]."""
        cdef double out[MAX_PLAYERS]
        cdef int i, n = self.c_num_players()
        self.c_evaluate(out)
        return [out[i] for i in range(n)]

    def resample(self, player: int, seed: int = 0):
        """A state drawn from those consistent with everything `player` has observed.

        The hidden parts (hands, decks, objectives, ...) are re-dealt; `player` sees the same
        observation and has the same legal actions in the result.
        """
        player = self._seat(player)
        cdef Rng rng
        _seeded(seed, &rng)
        cdef State other = self.c_clone()
        other.c_resample(player, &rng)
        if self._has_last_move:
            copy_last_move(self, other)         # the same move, as `player` saw it
        return other

    def random_playout(self, seed: int = 0):
        """A copy played to the end by uniformly random moves, in C."""
        cdef Rng rng
        _seeded(seed, &rng)
        cdef State other = self.c_clone()
        other.c_random_playout(&rng)
        return other

    def information_state_string(self, player: int) -> str:
        """What `player` knows. Observations here keep perfect recall (GAPS X4), so this is
        the observation string unless a game says otherwise."""
        return self.observation_string(player)

    def information_state_tensor(self, player: int):
        """The tensor form of `information_state_string`."""
        return self.observation_tensor(player)

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef State o = other
        return self._size == o._size and memcmp(self._data, o._data, self._size) == 0

    def __hash__(self):
        return hash(self._raw_bytes())

    def _raw_bytes(self) -> bytes:
        return (<char*>self._data)[:self._size]

    def _set_raw_bytes(self, raw: bytes) -> None:
        if len(raw) != <Py_ssize_t>self._size:
            raise ValueError("raw state of the wrong size")
        copy_bytes(self._data, <const char*>raw, self._size)

    def __reduce__(self):
        # Pickling (multiprocessing workers): the constructor parameters and the raw struct.
        return (_unpickle_state, (type(self), self.params(), self._raw_bytes()))

    def to_json(self) -> str:
        """The state as versioned JSON; `game.state_from_json` reads it back exactly."""
        return json.dumps({"format": JSON_FORMAT, "version": JSON_VERSION,
                           "game": self.GAME_NAME, "params": self.params(),
                           "state": self.to_dict()}, separators=(",", ":"))

    # ------------------------------------------------- for frontends
    def view(self, player=None) -> dict:
        """Everything seat `player` may know, as JSON-able data; `None` is a spectator, who
        sees only what is public. Never depends on what the seat cannot see.

        The top-level keys are the same in every game (docs/protocol.md, "The view"): game,
        players, seat, phase, round, to_play, chance, terminal, returns, seats (name, side and
        score of each), last_move, observation (seats only) and board, which holds everything
        else of the game. Games fill them through the `_view_*` hooks below.
        """
        seat = None if player is None else self._seat(player)
        current = self.c_current_player()
        n = self.c_num_players()
        terminal = bool(self.c_is_terminal())
        seats = []
        for i in range(n):
            name, side = self._view_seat(i)
            seats.append({"seat": i, "name": name, "side": side, "score": self._view_score(i, seat)})
        result = {"game": self.GAME_NAME, "players": n, "seat": seat,
                  "phase": self._view_phase(), "round": self._view_round(),
                  "to_play": current if current >= 0 else None,
                  "chance": current == CHANCE_PLAYER, "terminal": terminal,
                  "returns": self.returns() if terminal else None,
                  "seats": seats, "last_move": self._last_move_view(seat)}
        if seat is not None:
            result["observation"] = self.observation_string(seat)
        result["board"] = self._view_board(seat)
        return result

    def _last_move_view(self, seat):
        """The last move as `seat` (None: a spectator) saw it: who moved (None: chance), and
        the action and its text unless part of it was hidden from that viewer (its action key
        was not the action itself, docs/protocol.md "Move logs")."""
        if not self._has_last_move:
            return None
        bit = LAST_HIDDEN_SPECTATOR if seat is None else seat
        hidden = bool(self._last_hidden & (1u << bit))
        return {"seat": self._last_mover if self._last_mover >= 0 else None,
                "action": None if hidden else self._last_action,
                "text": None if hidden else self._last_text.decode("utf-8"),
                "hidden": hidden}

    # The view's hooks; each game overrides them (state_view.pxi).
    def _view_phase(self) -> str:
        """The name of the phase or stage of the game now."""
        return "over" if self.c_is_terminal() else "play"

    def _view_round(self) -> int:
        """The round (or turn, as the game counts) now; rules.md says which."""
        return 0

    def _view_seat(self, i: int) -> tuple:
        """Seat `i`'s name and side (None in a game where every seat plays alone)."""
        return (f"P{i + 1}", None)

    def _view_score(self, i: int, seat) -> object:
        """Seat `i`'s score as viewer `seat` (None: a spectator) sees it; None when hidden."""
        return None

    def _view_board(self, seat) -> dict:
        """Everything else of the game that `seat` may see, under the game's own key names."""
        return {}

    def action_info(self, action) -> dict:
        """A legal action (or chance outcome) here as JSON-able data a frontend can draw:
        at least its id and text; games add structured fields (from, to, card, cost)."""
        action = action_id(action)
        self._check_legal(action)
        return {"action": action, "text": self.action_to_string(action)}

    # ------------------------------------------------------------------ per game
    @staticmethod
    def upgrade_v2(state: dict, params: dict) -> dict:
        """A version-2 `state` object (the JSON envelope's "state") in version 3's form.
        Games whose fields were renamed in version 3 override this with their rename table."""
        return state

    def params(self) -> dict:
        """The game parameters this state was made with (e.g. {"players": 3})."""
        raise TypeError(f"{type(self).__name__} must define params()")

    def to_dict(self) -> dict:
        """The whole state as plain JSON-able data."""
        raise TypeError(f"{type(self).__name__} must define to_dict()")

    def load_dict(self, data: dict) -> None:
        """Set this state from `to_dict` data; raises ValueError on malformed data."""
        raise TypeError(f"{type(self).__name__} must define load_dict()")

    def action_to_string(self, action: int) -> str:
        """The readable text of an action (or chance outcome) at this state."""
        raise TypeError(f"{type(self).__name__} must define action_to_string()")

    def observation_string(self, player: int) -> str:
        """What `player` sees, as text; never depends on what they cannot see."""
        raise TypeError(f"{type(self).__name__} must define observation_string()")

    def scores(self) -> list:
        """Each player's current score in the game's own points (VP), public or not."""
        raise TypeError(f"{type(self).__name__} must define scores()")

    def observation_tensor(self, player: int):
        """What `player` sees, as a flat numpy float32 array of fixed size."""
        raise TypeError(f"{type(self).__name__} must define observation_tensor()")


cdef extern from "Python.h":
    PyObject* PyObject_Init(PyObject* op, PyTypeObject* tp)
    PyTypeObject* type_of "Py_TYPE" (PyObject* op)
    void Py_DECREF(PyObject* op)


# Freed state objects kept for reuse, per state type: a clone then needs no malloc (for a
# state of over 512 bytes pymalloc hands every allocation to the C library's malloc, slower
# than the copy itself). Cython refuses `@cython.freelist` on subtypes, hence this.
cdef enum:
    RECYCLED_TYPES = 8       # state types with a cache (the games, and test games)
    RECYCLED_OBJECTS = 16    # freed objects kept per type

ctypedef struct Recycled:
    PyTypeObject* type
    int count
    void* blocks[RECYCLED_OBJECTS]

cdef Recycled _recycled[RECYCLED_TYPES]
cdef int _recycled_types = 0


cdef Recycled* _recycled_of(PyTypeObject* tp) noexcept:
    """The cache of freed objects of type `tp`; NULL if it has none."""
    cdef int i
    for i in range(_recycled_types):
        if _recycled[i].type == tp:
            return &_recycled[i]
    return NULL


cdef void _free_state(void* block) noexcept:
    """The `tp_free` of a state type with a cache: keep the freed object, or free it when the
    cache is full. Every object of the type was allocated by PyObject_Malloc."""
    cdef Recycled* cache = _recycled_of(type_of(<PyObject*>block))
    if cache != NULL and cache.count < RECYCLED_OBJECTS:
        cache.blocks[cache.count] = block
        cache.count += 1
    else:
        PyObject_Free(block)


cdef Recycled* _cache_for(PyTypeObject* tp) noexcept:
    """The cache of `tp`, made on first use (its `tp_free` then keeps freed objects); NULL when
    `tp`'s objects may hold Python references (GC-tracked) or are not plain PyObject_Malloc
    blocks, or the table is full."""
    global _recycled_types
    cdef Recycled* cache = _recycled_of(tp)
    if cache != NULL:
        return cache
    if (tp.tp_flags & Py_TPFLAGS_HAVE_GC) or tp.tp_itemsize != 0 or tp.tp_free != &PyObject_Free \
            or _recycled_types == RECYCLED_TYPES:
        return NULL
    cache = &_recycled[_recycled_types]
    cache.type = tp
    cache.count = 0
    _recycled_types += 1
    tp.tp_free = _free_state
    return cache


cdef State clone_object(State src):
    """A new state of `src`'s type holding a copy of `src`'s C fields: its game data and the
    last move's fields, but with no last move (`_has_last_move` False; `clone()` sets it).
    The object comes from the type's cache of freed ones (or PyObject_Malloc, as `tp_alloc`
    would) and is filled by one memcpy past the object header: no zeroing, no `__cinit__`.
    A state holds no Python references (docs/protocol.md, "C data"), so a byte copy is a
    valid object; a type whose objects do hold some (GC-tracked, e.g. a Python subclass with
    a __dict__) is copied by `__new__` and `copy_state`."""
    cdef PyTypeObject* tp = type_of(<PyObject*>src)
    cdef Recycled* cache = _cache_for(tp)
    cdef State other
    cdef char* raw
    cdef size_t size = <size_t>tp.tp_basicsize
    if cache == NULL:
        other = type(src).__new__(type(src))
        copy_state(other, src)
        copy_last_move(src, other)
        other._has_last_move = False
        return other
    if cache.count > 0:
        cache.count -= 1
        raw = <char*>cache.blocks[cache.count]
    else:
        raw = <char*>PyObject_Malloc(size)
        if raw == NULL:
            raise MemoryError()
    memset(raw, 0, sizeof(PyObject))
    memcpy(raw + sizeof(PyObject), (<char*><PyObject*>src) + sizeof(PyObject), size - sizeof(PyObject))
    PyObject_Init(<PyObject*>raw, tp)
    other = <State><object><PyObject*>raw      # the cast takes a second reference
    Py_DECREF(<PyObject*>raw)
    other._data = raw + (<char*>src._data - <char*><PyObject*>src)
    other._has_last_move = False
    return other


cdef void copy_last_move(State src, State dst) noexcept:
    """Give `dst` the last move of `src` (a copy of the same position)."""
    dst._has_last_move = src._has_last_move
    dst._last_mover = src._last_mover
    dst._last_action = src._last_action
    dst._last_hidden = src._last_hidden
    memcpy(dst._last_text, src._last_text, strlen(src._last_text) + 1)


cdef int _seeded(seed, Rng* rng) except -1:
    """Seed `rng` from any whole number (taken modulo 2**64). Written through a pointer, not
    returned: a struct returned by value is undefined on the error path (gcc -Wextra)."""
    try:
        if isinstance(seed, bool):
            raise TypeError
        value = operator.index(seed)
    except TypeError:
        raise InvalidArgumentError(f"a seed is a whole number, not {seed!r}") from None
    rng_seed(rng, <unsigned long long>(value & 0xFFFFFFFFFFFFFFFF))
    return 0


def _unpickle_state(cls, params, raw):
    state = cls(**params)
    state._set_raw_bytes(raw)
    return state
