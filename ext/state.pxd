# cython: language_level=3
"""The engine protocol: the C-level interface every game state implements.

Search kernels (ext/search.pyx) and the Python API (state.pyx) use only these methods.
A state keeps all of its game data in one plain C struct owned by the subclass; `_data`
and `_size` point at it, so copying a state is one memcpy and nothing else.
"""
from vsai.ext.rng cimport Rng

cdef extern from "string.h":
    void* copy_bytes "memcpy" (void* dst, const void* src, size_t n) nogil

cdef enum:
    CHANCE_PLAYER = -1      # current player at a chance node (OpenSpiel's kChancePlayerId)
    TERMINAL_PLAYER = -4    # current player once the game is over (OpenSpiel's kTerminalPlayerId)
    MAX_ACTIONS = 1024      # bound on legal actions or chance outcomes at one node, all games
    MAX_PLAYERS = 6         # the most seats any game has (a game of 2-6, or a Kaiju and 4 humans)
    LAST_TEXT_BYTES = 160   # the last move's text kept for view(), UTF-8, cut at a character
    LAST_HIDDEN_SPECTATOR = 31


cdef class State:
    cdef void* _data        # the subclass's game struct
    cdef size_t _size       # its size in bytes
    # The last move applied through the Python API, for `view()`, as plain C data (a Python
    # field would make every state garbage-collected, and clone() slower): the mover
    # (CHANCE_PLAYER for chance), the action, bit o of `_last_hidden` set when
    # observer o did not see it whole (bit LAST_HIDDEN_SPECTATOR: a spectator), and its text.
    # Search (the c_* methods) never touches them.
    cdef bint _has_last_move     # False in a new state (objects start zeroed), or one loaded
    cdef int _last_mover
    cdef int _last_action
    cdef unsigned int _last_hidden
    cdef char _last_text[LAST_TEXT_BYTES]

    # ---- required of every game ----
    cdef int c_num_players(self) noexcept nogil
    cdef int c_current_player(self) noexcept nogil
    # Legal actions (decision node) or chance outcomes (chance node), ascending; returns the count.
    cdef int c_legal_actions(self, int* out) noexcept nogil
    # Apply a legal action or chance outcome. The caller guarantees legality.
    cdef void c_apply_action(self, int action) noexcept nogil
    # Returns of every player at a terminal state (win shares, see docs/protocol.md).
    cdef void c_returns(self, double* out) noexcept nogil
    # At a chance node: the outcomes and their probabilities; returns the count.
    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil
    # A heuristic value in [0, 1] for every player, at any state (used by `heuristic`, playouts).
    cdef void c_evaluate(self, double* out) noexcept nogil

    # ---- with defaults ----
    cdef bint c_is_terminal(self) noexcept nogil
    # Draw one chance outcome by its probability.
    cdef int c_sample_chance(self, Rng* rng) noexcept nogil
    # Redraw, in place, everything `player` cannot see, consistently with what they saw.
    # Default: nothing is hidden.
    cdef void c_resample(self, int player, Rng* rng) noexcept nogil
    # What `observer` sees of `action` about to be taken here (an int key). Equal keys mean
    # the observer cannot tell the actions apart. Default: every action is public.
    cdef int c_action_key(self, int observer, int action) noexcept nogil
    # Play uniformly random actions (and chance by its probabilities) to the end.
    cdef void c_random_playout(self, Rng* rng) noexcept nogil
    # A new state of the same type, same data.
    cdef State c_clone(self)
    # True when `action` is among the legal actions here.
    cdef bint c_is_legal(self, int action) noexcept nogil


# Overwrite dst's data with src's (same game type and parameters); no allocation.
cdef inline void copy_state(State dst, State src) noexcept nogil:
    copy_bytes(dst._data, src._data, src._size)


