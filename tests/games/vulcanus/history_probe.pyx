# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""For the tests only (compiled by them, never shipped): Vulcanus's consistency check of a
deal, by batches (the engine's) and by the depth-first search over single cards (the
reference), with and without the node budget of 400 the engine's check had before.

It includes the engine's own rules and hidden-information code (ext/vulcanus/*.pxi), so it
checks exactly the functions the engine runs. A state comes in as its raw struct (the bytes
pickling uses); the stand-in class below exists only because the codec's text helpers name it.
"""
cimport cython
from libc.math cimport exp
from libc.string cimport memcpy, memset

from vsai.ext.rng cimport Rng, rng_below, rng_seed
from vsai.ext.state cimport CHANCE_PLAYER, MAX_ACTIONS, TERMINAL_PLAYER, State, copy_state
from vsai.ext.vulcanus.data cimport *
from vsai.ext.vulcanus.actions cimport *

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.values import action_id, check_field, check_param


cdef class VulcanusState(State):
    """Named by codec.pxi's helpers; never built here."""
    cdef VulData d


include "rules.pxi"
include "stages.pxi"
include "codec.pxi"
include "hidden.pxi"


def history_checks(bytes raw, int deck, seed=None, long cap=2000000) -> tuple:
    """Whether a history leads to deck `deck`'s deal (0..2 the letter groups A..C, 3 the
    Kaiju) in the state whose struct is `raw`: (by the check by batches, by the depth-first
    search within `cap` nodes, whether that search ran out of them (then its verdict says
    nothing), by the depth-first search within 400 nodes). With a seed, the deal checked is
    the state's with the deck's hidden types shuffled first, as resample proposes them."""
    cdef VulData d
    cdef Hist h
    cdef Rng rng
    cdef int c, k = 0, f = deck_first(deck), n = deck_size(deck)
    cdef int pool[12]
    cdef bint exact, search, aborted, limited
    if len(raw) != sizeof(VulData):
        raise ValueError(f"a Vulcanus state is {sizeof(VulData)} bytes, not {len(raw)}")
    memcpy(&d, <const char*>raw, sizeof(VulData))
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
    hist_build(&d, deck, &h)
    hist_targets(&d, deck, &h)
    hist_reset(&d, deck, &h)
    exact = hist_exact(&d, deck, &h)
    hist_reset(&d, deck, &h)
    h.rng = NULL
    h.budget = cap
    search = hist_dfs(&h, 0)
    aborted = h.aborted
    hist_reset(&d, deck, &h)
    h.budget = 400
    limited = hist_dfs(&h, 0)
    return exact, search, aborted, limited
