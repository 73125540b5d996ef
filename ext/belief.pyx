# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A particle filter of full game states in C: one seat's weighted worlds, stepped with every
real move the seat observes (the hot part of `vsai.ai.belief`).

Each world is a full state consistent with what the seat has seen. `observe(player, key)`
pushes every world through one real move, of which the seat saw only `key` (its
`c_action_key`):
- in each world, the moves (or chance outcomes) with that key are the candidates; a world
  with none is dropped (weight 0);
- chance: one candidate is drawn by its probability and the weight is multiplied by their
  total probability (a world where the seen outcome is likelier gains);
- another seat's move: the opponent model gives every legal move a probability, a softmax of
  the mover's one-ply evaluation (`c_evaluate` after the move, the `heuristic` agent's
  look-ahead) at `temperature`, mixed with a uniform floor `floor`; one candidate is drawn by
  it and the weight is multiplied by the candidates' total probability;
- the seat's own move is applied as it is.
The one-ply evaluation of every legal move in every world is the cost: it runs without the
GIL, on one probe state per filter, once for all the copies of a world. At the seat's
decisions, `drop_unlike` checks each world's observation, mostly through a canonical redraw
in C instead of the Python observation string (its docstring). `shortcuts=False` turns these
savings off: the reference path the tests compare with.
"""
from libc.stdlib cimport malloc, free
from libc.math cimport exp
from libc.stdint cimport uint64_t
from libc.string cimport memcmp, memcpy

from vsai.ext.rng cimport Rng, rng_seed, rng_uniform
from vsai.ext.state cimport (State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER,
                             MAX_ACTIONS, MAX_PLAYERS)


cdef void floored_softmax_c(double* x, int n, double temperature, double floor) noexcept nogil:
    """In place, the opponent model's move probabilities from the move values `x[0..n)`: a
    softmax of x / `temperature`, mixed with a uniform `floor` (so no move gets 0)."""
    cdef int i
    cdef double total = 0.0, top = -1e300
    for i in range(n):
        x[i] = x[i] / temperature
        if x[i] > top:
            top = x[i]
    for i in range(n):
        x[i] = exp(x[i] - top)
        total += x[i]
    for i in range(n):
        x[i] = (1.0 - floor) * x[i] / total + floor / n


def floored_softmax(values, double temperature, double floor) -> list:
    """The opponent model's probabilities of moves whose values are `values` (any sequence of
    floats): a softmax at `temperature` mixed with a uniform `floor`, the same C code as the
    evaluation model's (the search model of `vsai.ai.opponent_model` uses it)."""
    cdef double buf[MAX_ACTIONS]
    cdef int i, n = len(values)
    if n > MAX_ACTIONS:
        raise ValueError(f"at most {MAX_ACTIONS} moves, not {n}")
    if not temperature > 0.0:
        raise ValueError("the temperature must be above 0")
    for i in range(n):
        buf[i] = values[i]
    floored_softmax_c(buf, n, temperature, floor)
    return [buf[i] for i in range(n)]


# The seed of the canonical redraw (drop_unlike): any fixed value, the same for every world.
cdef uint64_t CANON_SEED = 0x0B5E7CA11ULL


cdef inline uint64_t mix_round(uint64_t z, uint64_t part) noexcept nogil:
    """One round of `vsai.ai.base.mix_seed`'s chain (splitmix64's finaliser), in C."""
    z = (z ^ part) * 0x9E3779B97F4A7C15ULL
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


def mix_seeds(prefix, int count) -> list:
    """[mix_seed(*prefix, i) for i in range(count)] (`vsai.ai.base.mix_seed`), the prefix
    mixed once: a belief's redraws take a seed each, and mix_seed in Python costs about 9 us."""
    cdef uint64_t z = 0x243F6A8885A308D3ULL
    cdef int i
    for part in prefix:
        z = mix_round(z, <uint64_t>(int(part) & 0xFFFFFFFFFFFFFFFF))
    return [mix_round(z, <uint64_t>i) for i in range(count)]


cdef uint64_t hash_state(State state) noexcept nogil:
    """A 64-bit hash of a state's bytes (FNV-style over 8-byte words), to group equal worlds."""
    cdef const unsigned char* p = <const unsigned char*>state._data
    cdef size_t i, n = state._size
    cdef uint64_t word, h = 0xCBF29CE484222325ULL
    i = 0
    while i + 8 <= n:
        memcpy(&word, p + i, 8)
        h = (h ^ word) * 0x100000001B3ULL
        h ^= h >> 29
        i += 8
    while i < n:
        h = (h ^ p[i]) * 0x100000001B3ULL
        i += 1
    return h


cdef inline bint same_state(State a, State b) noexcept nogil:
    return a._size == b._size and memcmp(a._data, b._data, a._size) == 0


cdef int model_probs(State world, State probe, int seat, int player, double temperature,
                     double floor, int* actions, double* probs) noexcept nogil:
    """The moves of `player` (or chance outcomes) in `world` and their probabilities: chance
    by its odds; the seat's own move, or a forced one, 1 each; another seat's move by the
    evaluation model (softmax of its one-ply evaluation at `temperature`, floor mixed in).
    Returns how many."""
    cdef double ev[MAX_PLAYERS]
    cdef int n, i
    if player == CHANCE_PLAYER:
        return world.c_chance_outcomes(actions, probs)
    n = world.c_legal_actions(actions)
    if player == seat or n == 1:
        for i in range(n):
            probs[i] = 1.0
        return n
    for i in range(n):
        copy_state(probe, world)
        probe.c_apply_action(actions[i])
        probe.c_evaluate(ev)
        probs[i] = ev[player]
    floored_softmax_c(probs, n, temperature, floor)
    return n


cdef double step_given(State world, int seat, int player, int key, int* actions,
                       double* probs, int n, Rng* rng) noexcept nogil:
    """Push `world` through the move `key` (as `seat` saw it) of `player`, whose moves
    `actions` have the model's probabilities `probs` (any scale); returns the likelihood of
    what was seen in this world (0: the world cannot explain it)."""
    cdef int i, m = 0, pick = -1
    cdef double total = 0.0, seen = 0.0, u, acc
    for i in range(n):
        total += probs[i]
    if total <= 0.0:
        return 0.0
    for i in range(n):
        probs[i] /= total
    for i in range(n):
        if world.c_action_key(seat, actions[i]) == key:
            seen += probs[i]
            m += 1
        else:
            probs[i] = 0.0
    if m == 0 or seen <= 0.0:
        return 0.0
    u = rng_uniform(rng) * seen
    acc = 0.0
    for i in range(n):
        if probs[i] > 0.0:
            pick = i
            acc += probs[i]
            if u < acc:
                break
    world.c_apply_action(actions[pick])
    if player == seat:
        return 1.0
    return seen


cdef double step_world(State world, State probe, int seat, int player, int key,
                       double temperature, double floor, Rng* rng) noexcept nogil:
    """Push `world` through the move `key` of `player` under the evaluation model
    (model_probs, then step_given)."""
    cdef int actions[MAX_ACTIONS]
    cdef double probs[MAX_ACTIONS]
    cdef int n
    if world.c_current_player() != player:
        return 0.0
    n = model_probs(world, probe, seat, player, temperature, floor, actions, probs)
    return step_given(world, seat, player, key, actions, probs, n, rng)


cdef class _ModelCache:
    """The evaluation model's moves and probabilities, shared by equal worlds for one observed
    move of `player` (ParticleFilter.observe_with): `first[i]` is the first world equal to
    world i (itself if none), or -1 for a world the cache does not serve (no weight, a policy
    given, `player` not to act there). Filled before any world moves."""

    cdef int* first
    cdef int* counts
    cdef int** actions
    cdef double** probs
    cdef int _n

    def __cinit__(self, int n):
        cdef int i
        self._n = 0
        self.first = <int*>malloc(n * sizeof(int) + 1)
        self.counts = <int*>malloc(n * sizeof(int) + 1)
        self.actions = <int**>malloc(n * sizeof(int*) + 1)
        self.probs = <double**>malloc(n * sizeof(double*) + 1)
        if self.first == NULL or self.counts == NULL or self.actions == NULL or self.probs == NULL:
            raise MemoryError("cannot allocate the model cache")
        self._n = n
        for i in range(n):
            self.first[i] = -1
            self.counts[i] = -1
            self.actions[i] = NULL
            self.probs[i] = NULL

    cdef int link(self, list worlds, double* weights, list policies, int player) except -1:
        """Find every served world's first equal one (hash, then bytes)."""
        cdef int i, j, n = self._n
        cdef State world
        cdef uint64_t* hashes = <uint64_t*>malloc(n * sizeof(uint64_t) + 1)
        if hashes == NULL:
            raise MemoryError("cannot allocate the model cache")
        for i in range(n):
            world = <State>worlds[i]
            if weights[i] <= 0.0 or policies[i] is not None or world.c_current_player() != player:
                continue
            hashes[i] = hash_state(world)
            self.first[i] = i
            for j in range(i):
                if (self.first[j] == j and hashes[j] == hashes[i]
                        and same_state(<State>worlds[j], world)):
                    self.first[i] = j
                    break
        free(hashes)
        return 0

    cdef int model(self, int i, State world, State probe, int seat, int player,
                   double temperature, double floor, int* actions, double* probs) except -1:
        """The model's moves and probabilities in world i (`model_probs`), computed once for
        all its copies (world i must not have moved yet). Returns how many moves."""
        cdef int k = self.first[i], n
        if self.counts[k] < 0:
            n = model_probs(world, probe, seat, player, temperature, floor, actions, probs)
            self.counts[k] = n
            self.actions[k] = <int*>malloc(n * sizeof(int) + 1)
            self.probs[k] = <double*>malloc(n * sizeof(double) + 1)
            if self.actions[k] == NULL or self.probs[k] == NULL:
                raise MemoryError("cannot allocate the model cache")
            memcpy(self.actions[k], actions, n * sizeof(int))
            memcpy(self.probs[k], probs, n * sizeof(double))
            return n
        n = self.counts[k]
        memcpy(actions, self.actions[k], n * sizeof(int))
        memcpy(probs, self.probs[k], n * sizeof(double))
        return n

    def __dealloc__(self):
        cdef int i
        if self.actions != NULL:
            for i in range(self._n):
                free(self.actions[i])
        if self.probs != NULL:
            for i in range(self._n):
                free(self.probs[i])
        free(self.first)
        free(self.counts)
        free(self.actions)
        free(self.probs)


cdef class ParticleFilter:
    """One seat's weighted worlds (see the module docstring).

    ParticleFilter(worlds, seat, seed, temperature=0.05, floor=0.2, shortcuts=True)

    `worlds` are full states at the seat's present, consistent with what it saw (e.g.
    `state.resample(seat, ...)`); the filter owns them and changes them in place.
    `shortcuts=False` is the slow reference path: the same worlds and weights, computed
    without the shortcuts that save time (tests compare the two).
    """

    cdef list _worlds
    cdef double* _weights
    cdef int _n
    cdef int _seat
    cdef double _temperature
    cdef double _floor
    cdef State _probe
    cdef Rng _rng
    cdef bint _shortcuts     # False: the slow reference path (every check done the plain way)
    cdef long long _read     # observation strings read by drop_unlike

    def __cinit__(self):
        self._weights = NULL

    def __init__(self, list worlds not None, int seat, seed, double temperature=0.05,
                 double floor=0.2, bint shortcuts=True):
        if not worlds:
            raise ValueError("a particle filter needs at least one world")
        if not temperature > 0.0:
            raise ValueError("the temperature must be above 0")
        if not 0.0 <= floor <= 1.0:
            raise ValueError("the floor must be in [0, 1]")
        self._seat = seat
        self._temperature = temperature
        self._floor = floor
        self._shortcuts = shortcuts
        rng_seed(&self._rng, <unsigned long long>(int(seed) & 0xFFFFFFFFFFFFFFFF))
        self._set(worlds, [1.0] * len(worlds))

    def __dealloc__(self):
        free(self._weights)

    cdef _set(self, list worlds, list weights):
        cdef int i
        cdef State first = worlds[0]
        for world in worlds:
            if type(world) is not type(first) or (<State>world)._size != first._size:
                raise ValueError("every world must be a state of the same game")
        free(self._weights)
        self._n = len(worlds)
        self._weights = <double*>malloc(self._n * sizeof(double))
        if self._weights == NULL:
            raise MemoryError("cannot allocate the particle weights")
        self._worlds = list(worlds)
        for i in range(self._n):
            self._weights[i] = float(weights[i])
        self._probe = first.c_clone()
        self._normalise()

    cdef void _normalise(self) noexcept:
        cdef double total = 0.0
        cdef int i
        for i in range(self._n):
            total += self._weights[i]
        if total > 0.0:
            for i in range(self._n):
                self._weights[i] /= total

    def observe(self, int player, int key) -> int:
        """Push every world through one real move: `player` (-1 for chance) played something
        the seat saw as `key`, under the evaluation model. Returns how many worlds still
        explain everything seen; when none does, the weights are left at zero (the caller
        refills)."""
        return self.observe_with(player, key, [None] * self._n)

    def observe_with(self, int player, int key, list policies not None) -> int:
        """`observe` with the opponent model's move probabilities given: `policies[i]` is,
        for world i (`indexed_worlds`), the probabilities of `player`'s legal actions in that
        world in their order, or None to use the evaluation model there. Returns as `observe`.

        Equal worlds (a refill makes copies) have the same moves and model: another seat's
        move is evaluated once for all the copies of a world, before any of them moves."""
        cdef int actions[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int i, j, n, alive = 0
        cdef State world
        cdef double like
        cdef _ModelCache cache = None
        if len(policies) != self._n:
            raise ValueError("one policy (or None) a world is needed")
        if self._shortcuts and player >= 0 and player != self._seat:
            cache = _ModelCache(self._n)
            cache.link(self._worlds, self._weights, policies, player)
        for i in range(self._n):
            if self._weights[i] <= 0.0:
                continue
            world = <State>self._worlds[i]
            policy = policies[i]
            if policy is None and cache is not None and cache.first[i] >= 0:
                n = cache.model(i, world, self._probe, self._seat, player, self._temperature,
                                self._floor, actions, probs)
                with nogil:
                    like = step_given(world, self._seat, player, key, actions, probs, n, &self._rng)
            elif policy is None or world.c_current_player() != player:
                with nogil:
                    like = step_world(world, self._probe, self._seat, player, key,
                                      self._temperature, self._floor, &self._rng)
            else:
                n = world.c_legal_actions(actions)
                if len(policy) != n:
                    raise ValueError("a policy must give every legal action a probability")
                for j in range(n):
                    probs[j] = policy[j]
                with nogil:
                    like = step_given(world, self._seat, player, key, actions, probs, n, &self._rng)
            self._weights[i] *= like
            if self._weights[i] > 0.0:
                alive += 1
        if alive:
            self._normalise()
        return alive

    def observe_scored(self, int player, int key, list scores not None) -> int:
        """`observe` with a scoring opponent model (`vsai.ai.feature_model`): `scores[i]` is,
        for world i (`indexed_worlds`), the model's log-likelihood of the seen key there, up
        to a constant shared by the worlds, or None to use the evaluation model there. In a
        scored world the move is drawn uniformly among `player`'s legal actions with the
        seen key, m of its n, and the weight is multiplied by (1 - floor) e^(score - top) +
        floor m / n, top the highest score of the scored worlds that can play the key: a
        likelihood ratio between worlds, floored like the other models. Returns as
        `observe`."""
        cdef int actions[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int i, j, n, alive = 0
        cdef State world
        cdef double top = -1e300
        cdef double* seen
        if len(scores) != self._n:
            raise ValueError("one score (or None) a world is needed")
        if player < 0 or player == self._seat:
            return self.observe(player, key)
        seen = <double*>malloc(self._n * sizeof(double) + 1)
        if seen == NULL:
            raise MemoryError("cannot allocate the scores")
        try:
            for i in range(self._n):  # push the scored worlds; m / n of each
                seen[i] = -1.0
                if self._weights[i] <= 0.0 or scores[i] is None:
                    continue
                world = <State>self._worlds[i]
                if world.c_current_player() != player:
                    seen[i] = 0.0
                    continue
                n = world.c_legal_actions(actions)
                for j in range(n):
                    probs[j] = 1.0
                with nogil:
                    seen[i] = step_given(world, self._seat, player, key, actions, probs, n, &self._rng)
                if seen[i] > 0.0 and <double>scores[i] > top:
                    top = <double>scores[i]
            for i in range(self._n):
                if self._weights[i] <= 0.0:
                    continue
                if seen[i] < 0.0:  # not scored: the evaluation model
                    world = <State>self._worlds[i]
                    with nogil:
                        self._weights[i] *= step_world(world, self._probe, self._seat, player, key,
                                                       self._temperature, self._floor, &self._rng)
                elif seen[i] == 0.0:
                    self._weights[i] = 0.0
                else:
                    self._weights[i] *= ((1.0 - self._floor) * exp(<double>scores[i] - top)
                                         + self._floor * seen[i])
                if self._weights[i] > 0.0:
                    alive += 1
        finally:
            free(seen)
        if alive:
            self._normalise()
        return alive

    def indexed_worlds(self) -> list:
        """[(world, weight), ...] of every world kept, alive or not, in the filter's order
        (the states themselves: do not change them)."""
        return [(self._worlds[i], self._weights[i]) for i in range(self._n)]

    def keep_if(self, int player, list legal not None) -> int:
        """Drop the worlds where `player` is not to act with exactly the legal actions
        `legal` (what the seat sees at its own decision); returns how many are left."""
        cdef int buf[MAX_ACTIONS]
        cdef int i, j, n, alive = 0
        cdef int m = len(legal)
        cdef State world
        for i in range(self._n):
            if self._weights[i] <= 0.0:
                continue
            world = <State>self._worlds[i]
            n = world.c_legal_actions(buf) if world.c_current_player() == player else -1
            if n != m:
                self._weights[i] = 0.0
                continue
            for j in range(n):
                if buf[j] != legal[j]:
                    self._weights[i] = 0.0
                    break
            if self._weights[i] > 0.0:
                alive += 1
        if alive:
            self._normalise()
        return alive

    def drop_unlike(self, int seat, str observation not None, State present=None) -> int:
        """Drop the worlds whose observation for `seat` (`observation_string`, which keeps
        perfect recall) differs from `observation`: what the seat saw that no action key
        carried (e.g. sealed bids revealed together) rules them out. Returns how many are
        left.

        The observation is a Python string, costly to build (0.1-0.5 ms), so it is read as
        little as possible, with the same outcome as reading every world's:
        - with `present` (the seat's real state, whose observation is `observation`), a
          world is kept at once when its canonical redraw equals the present's: both redrawn
          in C (`c_resample(seat)`) from one fixed seed. A redraw keeps the seat's
          observation (the protocol's guarantee), so equal redraws mean equal observations.
          A game whose redraw depends only on what the seat saw (its fairness tests) makes
          most worlds pass this way; any other world is read, so the outcome never depends
          on it;
        - worlds whose canonical redraws are equal (or, without `present`, equal worlds: a
          refill makes copies) share one reading of the observation."""
        cdef int i, alive = 0
        cdef dict alike = {}  # canonical redraw (or world) -> whether its observation is `observation`
        cdef State world, canon = None, probe = self._probe
        cdef Rng rng
        if (self._shortcuts and present is not None and type(present) is type(probe)
                and present._size == probe._size):
            canon = present.c_clone()
            rng_seed(&rng, CANON_SEED)
            canon.c_resample(seat, &rng)
        for i in range(self._n):
            if self._weights[i] <= 0.0:
                continue
            world = <State>self._worlds[i]
            key = world
            if canon is not None:
                copy_state(probe, world)
                rng_seed(&rng, CANON_SEED)
                probe.c_resample(seat, &rng)
                if same_state(probe, canon):
                    alive += 1
                    continue
                key = probe._raw_bytes()
            same = alike.get(key)
            if same is None:
                same = alike[key] = world.observation_string(seat) == observation
                self._read += 1
            if not same:
                self._weights[i] = 0.0
            else:
                alive += 1
        if alive:
            self._normalise()
        return alive

    def resampled(self, int count) -> list:
        """`count` worlds drawn by weight (systematic resampling, copies), for a refill."""
        cdef double step, u, acc = 0.0
        cdef int i = 0, k
        if count <= 0 or self.alive == 0:
            return []
        step = 1.0 / count
        u = rng_uniform(&self._rng) * step
        result = []
        for k in range(count):
            while i < self._n - 1 and (acc + self._weights[i] <= u or self._weights[i] <= 0.0):
                acc += self._weights[i]
                i += 1
            result.append((<State>self._worlds[i]).c_clone())
            u += step
        return result

    def replace(self, list worlds not None, weights=None) -> None:
        """Take these worlds (and weights, default equal) instead."""
        if not worlds:
            raise ValueError("a particle filter needs at least one world")
        self._set(worlds, list(weights) if weights is not None else [1.0] * len(worlds))

    @property
    def seat(self) -> int:
        """The seat whose belief this is."""
        return self._seat

    @property
    def size(self) -> int:
        """How many worlds are kept (alive or not)."""
        return self._n

    @property
    def alive(self) -> int:
        """How many worlds have a weight above 0."""
        return sum(1 for i in range(self._n) if self._weights[i] > 0.0)

    @property
    def ess(self) -> float:
        """The effective sample size 1 / sum(w^2) of the normalised weights (0 if none)."""
        cdef double s = 0.0
        cdef int i
        for i in range(self._n):
            s += self._weights[i] * self._weights[i]
        return 1.0 / s if s > 0.0 else 0.0

    @property
    def distinct_ess(self) -> float:
        """The effective sample size over distinct worlds: equal worlds (copies made by a
        refill, or worlds that became equal) count as one, 1 / sum over distinct worlds of
        their summed weight squared (0 if none). Sums in the worlds' order, so the figure
        does not depend on how equal worlds are found."""
        cdef int i, j, n = self._n
        cdef double squares = 0.0
        cdef uint64_t* hashes = <uint64_t*>malloc(n * sizeof(uint64_t) + 1)
        cdef int* first = <int*>malloc(n * sizeof(int) + 1)
        cdef double* mass = <double*>malloc(n * sizeof(double) + 1)
        if hashes == NULL or first == NULL or mass == NULL:
            free(hashes)
            free(first)
            free(mass)
            raise MemoryError("cannot allocate the effective size's buffers")
        for i in range(n):
            first[i] = -1
            if self._weights[i] <= 0.0:
                continue
            hashes[i] = hash_state(<State>self._worlds[i])
            for j in range(i):
                if (first[j] == j and hashes[j] == hashes[i]
                        and same_state(<State>self._worlds[j], <State>self._worlds[i])):
                    first[i] = j
                    break
            if first[i] < 0:
                first[i] = i
                mass[i] = self._weights[i]
            else:
                mass[first[i]] += self._weights[i]
        for i in range(n):
            if first[i] == i:
                squares += mass[i] * mass[i]
        free(hashes)
        free(first)
        free(mass)
        return 1.0 / squares if squares > 0.0 else 0.0

    @property
    def observations_read(self) -> int:
        """How many observation strings `drop_unlike` has read (the cost it saves)."""
        return self._read

    def worlds(self) -> list:
        """[(world, weight), ...] of the worlds alive (the states themselves: do not change
        them)."""
        return [(self._worlds[i], self._weights[i]) for i in range(self._n) if self._weights[i] > 0.0]
