# cython: language_level=3
"""A tiny seeded random generator (splitmix64) for C code: search, playouts, resampling.

Python's `random` cannot be used without the GIL, and numpy's generators are Python objects;
this one is a single 64-bit word, so it copies and seeds for free (X3: one seeded stream).
"""
from libc.stdint cimport uint64_t


ctypedef struct Rng:
    uint64_t s


cdef inline void rng_seed(Rng* r, uint64_t seed) noexcept nogil:
    r.s = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    cdef uint64_t z
    r.s += 0x9E3779B97F4A7C15ULL
    z = r.s
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline int rng_below(Rng* r, int n) noexcept nogil:
    """A uniform int in [0, n); n > 0 (multiply-shift, no modulo bias worth measuring)."""
    return <int>(((rng_next(r) >> 32) * <uint64_t>n) >> 32)


cdef inline double rng_uniform(Rng* r) noexcept nogil:
    """A uniform double in [0, 1)."""
    return (rng_next(r) >> 11) * (1.0 / 9007199254740992.0)


cdef inline int rng_pick(Rng* r, const double* probs, int n) noexcept nogil:
    """An index in [0, n) drawn with the given probabilities (inverse CDF; n > 0). The last
    index takes whatever rounding leaves, so probabilities summing to 1 - 1e-16 never fail."""
    cdef double u = rng_uniform(r), acc = 0.0
    cdef int i
    for i in range(n - 1):
        acc += probs[i]
        if u < acc:
            return i
    return n - 1
