"""The match's seeded draws, bit for bit those of numpy, in pure Python.

A match draws each chance outcome from `numpy.random.default_rng([seed, ply])` and derives its
agents' seeds from `numpy.random.SeedSequence([seed, 1000 + seat])`. Importing numpy costs a
`vsai play` or `vsai engine` process about a third of a second of start-up, for a handful of
draws, so this module computes the same numbers without it: numpy's SeedSequence (its hash
mixing), its PCG64 generator (XSL-RR output, seeded from four SeedSequence words) and its
`Generator.random()` and `Generator.choice(n, p=...)`. The saves and records of every earlier
version keep their games: tests/core/test_core_seeded_draws.py compares each function with
numpy's on many seeds and probability lists.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle

_MASK32 = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1
_MASK128 = (1 << 128) - 1
# numpy/random/bit_generator.pyx: SeedSequence's constants (pool of 4 words, 32-bit hashes).
_POOL_SIZE = 4
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_XSHIFT = 16
# numpy/random/src/pcg64: the 128-bit LCG multiplier.
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645


def _uint32_words(entropy: Sequence[int]) -> list[int]:
    """Each non-negative int as 32-bit words, least significant first (0 is one word)."""
    words: list[int] = []
    for value in entropy:
        value = int(value)
        if value < 0:
            raise ValueError("seeds must be non-negative")
        if value == 0:
            words.append(0)
        while value:
            words.append(value & _MASK32)
            value >>= 32
    return words


def _mixed_pool(entropy: Sequence[int]) -> list[int]:
    """SeedSequence's pool after mixing in `entropy` (no spawn key)."""
    words = _uint32_words(entropy)
    hash_const = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * _MULT_A) & _MASK32
        value = (value * hash_const) & _MASK32
        return value ^ (value >> _XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
        return result ^ (result >> _XSHIFT)

    pool = [hashmix(words[i] if i < len(words) else 0) for i in range(_POOL_SIZE)]
    for src in range(_POOL_SIZE):
        for dst in range(_POOL_SIZE):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL_SIZE, len(words)):
        for dst in range(_POOL_SIZE):
            pool[dst] = mix(pool[dst], hashmix(words[src]))
    return pool


def seed_words(entropy: Sequence[int], count: int) -> list[int]:
    """`numpy.random.SeedSequence(entropy).generate_state(count)`: `count` 32-bit words."""
    hash_const = _INIT_B
    words = []
    for value, _ in zip(cycle(_mixed_pool(entropy)), range(count)):
        value ^= hash_const
        hash_const = (hash_const * _MULT_B) & _MASK32
        value = (value * hash_const) & _MASK32
        words.append(value ^ (value >> _XSHIFT))
    return words


class Pcg64:
    """numpy's PCG64 seeded as `numpy.random.default_rng(entropy)` seeds it."""

    def __init__(self, entropy: Sequence[int]) -> None:
        words = seed_words(entropy, 8)
        # generate_state(4, uint64): pairs of 32-bit words, the low word first.
        seed0, seed1, inc0, inc1 = (words[2 * i] | words[2 * i + 1] << 32 for i in range(4))
        self._inc = (((inc0 << 64) | inc1) << 1 | 1) & _MASK128
        self._state = 0
        self._step()
        self._state = (self._state + ((seed0 << 64) | seed1)) & _MASK128
        self._step()

    def _step(self) -> None:
        self._state = (self._state * _PCG_MULT + self._inc) & _MASK128

    def next_uint64(self) -> int:
        """The next 64-bit output (XSL-RR of the stepped state)."""
        self._step()
        state = self._state
        value = ((state >> 64) ^ state) & _MASK64
        rotation = state >> 122
        return ((value >> rotation) | (value << (64 - rotation))) & _MASK64

    def random(self) -> float:
        """`Generator.random()`: a double in [0, 1) from the top 53 bits."""
        return (self.next_uint64() >> 11) * (1.0 / 9007199254740992.0)


def _pairwise_sum(values: Sequence[float]) -> float:
    """numpy's float64 pairwise summation (`DOUBLE_pairwise_sum`), the order `ndarray.sum`
    adds in: blocks of eight partial sums, halves above 128 values."""
    n = len(values)
    if n < 8:
        total = -0.0
        for value in values:
            total += value
        return total
    if n <= 128:
        partial = list(values[:8])
        i = 8
        while i < n - n % 8:
            for j in range(8):
                partial[j] += values[i + j]
            i += 8
        total = ((partial[0] + partial[1]) + (partial[2] + partial[3])) + \
            ((partial[4] + partial[5]) + (partial[6] + partial[7]))
        for value in values[i:]:
            total += value
        return total
    half = n // 2
    half -= half % 8
    return _pairwise_sum(values[:half]) + _pairwise_sum(values[half:])


def choose_index(entropy: Sequence[int], weights: Sequence[float]) -> int:
    """`default_rng(entropy).choice(len(p), p=p / p.sum())` for `p = weights` as floats: the
    index of one outcome drawn with probabilities proportional to `weights`."""
    probs = [float(w) for w in weights]
    total = _pairwise_sum(probs)
    cdf, running = [], 0.0
    for p in probs:
        running += p / total
        cdf.append(running)
    last = cdf[-1]
    cdf = [c / last for c in cdf]
    sample = Pcg64(entropy).random()
    # searchsorted(side='right'): the first index whose cumulative share exceeds the sample.
    for index, c in enumerate(cdf):
        if c > sample:
            return index
    return len(cdf)
