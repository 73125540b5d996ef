# cython: language_level=3
"""Bit tricks the engines share (a `.pxd` only, like rng.pxd: inlined into each engine)."""


cdef extern from *:
    """
    #ifndef VSAI_BITS_H
    #define VSAI_BITS_H
    /* The lowest set bit's index of a non-zero word. */
    #if defined(__GNUC__) || defined(__clang__)
    static inline int vsai_lowest_bit(unsigned long long b) { return __builtin_ctzll(b); }
    #else
    static inline int vsai_lowest_bit(unsigned long long b) {
        int i = 0;
        while (!((b >> i) & 1ULL)) i++;
        return i;
    }
    #endif
    /* The number of set bits of a word. */
    #if defined(__GNUC__) || defined(__clang__)
    static inline int vsai_bit_count(unsigned long long b) { return __builtin_popcountll(b); }
    #else
    static inline int vsai_bit_count(unsigned long long b) {
        int k = 0;
        for (; b; b &= b - 1) k++;
        return k;
    }
    #endif
    #endif
    """
    int lowest_bit "vsai_lowest_bit" (unsigned long long b) nogil
    int bit_count "vsai_bit_count" (unsigned long long b) nogil
