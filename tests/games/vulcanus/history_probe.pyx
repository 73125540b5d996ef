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
from vsai.ext.bits cimport lowest_bit, bit_count
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


def set_table_caps(int classes, int work) -> tuple:
    """Set this module's caps on the table of allowed deals (hidden.pxi, vul_table_classes and
    vul_table_work) and return the ones before; the engine's own stay as they are. This
    thread's tables are dropped, so the next resample builds them under the new caps."""
    global vul_table_classes, vul_table_work
    cdef int deck
    before = (vul_table_classes, vul_table_work)
    vul_table_classes = classes
    vul_table_work = work
    for deck in range(4):
        vul_deck_cache[deck].table_gen = 0
    return before


def resample_raw(bytes raw, int seat, unsigned long long seed) -> bytes:
    """The state whose struct is `raw`, resampled for `seat` by this module's resample_data
    (the engine's code under this module's caps), as a raw struct."""
    cdef VulData d
    cdef Rng rng
    if len(raw) != sizeof(VulData):
        raise ValueError(f"a Vulcanus state is {sizeof(VulData)} bytes, not {len(raw)}")
    memcpy(&d, <const char*>raw, sizeof(VulData))
    rng_seed(&rng, seed)
    resample_data(&d, seat, &rng)
    return (<char*>&d)[:sizeof(VulData)]


cdef bint checked_by_hand(VulData* d, int deck, VulDeckCache* c) noexcept nogil:
    """The check itself on deck `deck`'s deal as it lies in d (never the cache, the table or
    the record's memo of past rounds)."""
    cdef Hist* h = <Hist*>c.hist
    cdef VulRoundMemo* memo = h.xm
    cdef bint verdict
    hist_targets(d, deck, h)
    h.xm = NULL
    verdict = hist_prefilter(h) and deal_has_history(d, deck, h)
    h.xm = memo
    return verdict


def table_agreement(bytes raw, int deck, int shuffles, unsigned long long seed) -> tuple:
    """Deck `deck`'s table of allowed classes (hidden.pxi, table_build) in the state whose
    struct is `raw`, against the check itself: (classes listed, or -1 past a cap; listed
    classes the check refuses; of `shuffles` uniform shuffles of the hidden types, those the
    check accepts, those accepted but not listed, those listed but refused)."""
    cdef VulData d
    cdef Rng rng
    cdef VulDeckCache* c
    cdef int i, m, k, card, f = deck_first(deck), n = deck_size(deck)
    cdef int pool[12]
    cdef bint listed, allowed
    cdef unsigned long long key
    if len(raw) != sizeof(VulData):
        raise ValueError(f"a Vulcanus state is {sizeof(VulData)} bytes, not {len(raw)}")
    memcpy(&d, <const char*>raw, sizeof(VulData))
    rng_seed(&rng, seed)
    c = deck_cache_for(&d, deck)
    table_build(&d, deck, c)
    if c.table_n < 0:
        return -1, 0, 0, 0, 0
    refused_listed = 0
    for i in range(c.table_n):
        key = c.table_key[i]
        for m in range(c.nhidden):
            pool[c.order[m]] = <int>((key >> (3 * m)) & 7)
        write_hidden(&d, deck, pool)
        refused_listed += not checked_by_hand(&d, deck, c)
    k = 0
    for card in range(f, f + n):
        if d.blk[card] != KNOWN:
            pool[k] = d.ctype[card]
            k += 1
    accepted = unlisted = listed_refused = 0
    for i in range(shuffles):
        shuffle_ints(pool, k, &rng)
        write_hidden(&d, deck, pool)
        listed = table_find(c, deal_key(c, pool)) >= 0
        allowed = checked_by_hand(&d, deck, c)
        accepted += allowed
        unlisted += allowed and not listed
        listed_refused += listed and not allowed
    return c.table_n, refused_listed, accepted, unlisted, listed_refused
