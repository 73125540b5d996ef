# The engine protocol's dispatch, written once for every game. An engine includes this file at
# module level after its own parts; the file needs from the game:
#   ctypedef <its struct> GameData         (data.pxd)
#   cdef enum: UNIFORM_CHANCE = 0 or 1     (data.pxd; 1 when every chance node is uniform)
#   bint game_over(GameData*), bint at_chance(GameData*), int to_move(GameData*)
#   int gen_legal(GameData*, int* out), int gen_chance(GameData*, int* out, double* probs)
#       (probs may be NULL), void apply_move(GameData*, int), void apply_chance(GameData*, int)
# (all noexcept nogil). The class's c_* methods are one-line calls of the functions below.
# Plain module functions, not methods of a shared base class: the C compiler inlines them into
# each engine's own code, so the shared dispatch costs no indirect call (docs/adding-a-game.md).
from vsai.ext.rng cimport Rng, rng_below, rng_pick
from vsai.ext.state cimport CHANCE_PLAYER, TERMINAL_PLAYER, MAX_ACTIONS


cdef inline int current_player_of(GameData* d) noexcept nogil:
    """The seat to act, CHANCE_PLAYER at a chance node, TERMINAL_PLAYER at the end."""
    if game_over(d):
        return TERMINAL_PLAYER
    if at_chance(d):
        return CHANCE_PLAYER
    return to_move(d)


cdef inline int legal_actions_of(GameData* d, int* out) noexcept nogil:
    """The legal actions, or the chance outcomes at a chance node, ascending; their count."""
    if game_over(d):
        return 0
    if at_chance(d):
        return gen_chance(d, out, NULL)
    return gen_legal(d, out)


cdef inline void apply_action_to(GameData* d, int a) noexcept nogil:
    """Apply a legal action or chance outcome (the caller checked it)."""
    if at_chance(d):
        apply_chance(d, a)
    else:
        apply_move(d, a)


cdef inline int chance_outcomes_of(GameData* d, int* actions, double* probs) noexcept nogil:
    """At a chance node, its outcomes and their probabilities; 0 elsewhere."""
    if game_over(d) or not at_chance(d):
        return 0
    return gen_chance(d, actions, probs)


cdef inline int sample_chance_of(GameData* d, Rng* rng) noexcept nogil:
    """One chance outcome drawn by its probability (-1 if the node has none)."""
    cdef int buf[MAX_ACTIONS]
    cdef double probs[MAX_ACTIONS]
    cdef int n
    if UNIFORM_CHANCE:
        n = gen_chance(d, buf, NULL)
        return buf[rng_below(rng, n)] if n > 0 else -1
    n = gen_chance(d, buf, probs)
    return buf[rng_pick(rng, probs, n)] if n > 0 else -1


cdef inline void random_playout_of(GameData* d, Rng* rng) noexcept nogil:
    """Uniformly random decisions, and chance by its probabilities, to the end."""
    cdef int buf[MAX_ACTIONS]
    cdef int n, a
    while not game_over(d):
        if at_chance(d):
            a = sample_chance_of(d, rng)
            if a < 0:           # cannot happen in a consistent state; never read garbage
                return
            apply_chance(d, a)
        else:
            n = gen_legal(d, buf)
            if n <= 0:
                return
            apply_move(d, buf[rng_below(rng, n)])


cdef inline bint is_legal_in(GameData* d, int a) noexcept nogil:
    """True when `a` is a legal action (or chance outcome) here."""
    cdef int buf[MAX_ACTIONS]
    cdef int i, n = legal_actions_of(d, buf)
    for i in range(n):
        if buf[i] == a:
            return True
    return False
