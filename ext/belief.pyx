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
GIL, on one probe state per filter.
"""
from libc.stdlib cimport malloc, free
from libc.math cimport exp

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


cdef class ParticleFilter:
    """One seat's weighted worlds (see the module docstring).

    ParticleFilter(worlds, seat, seed, temperature=0.05, floor=0.2)

    `worlds` are full states at the seat's present, consistent with what it saw (e.g.
    `state.resample(seat, ...)`); the filter owns them and changes them in place.
    """

    cdef list _worlds
    cdef double* _weights
    cdef int _n
    cdef int _seat
    cdef double _temperature
    cdef double _floor
    cdef State _probe
    cdef Rng _rng

    def __cinit__(self):
        self._weights = NULL

    def __init__(self, list worlds not None, int seat, seed, double temperature=0.05,
                 double floor=0.2):
        if not worlds:
            raise ValueError("a particle filter needs at least one world")
        if not temperature > 0.0:
            raise ValueError("the temperature must be above 0")
        if not 0.0 <= floor <= 1.0:
            raise ValueError("the floor must be in [0, 1]")
        self._seat = seat
        self._temperature = temperature
        self._floor = floor
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
        world in their order, or None to use the evaluation model there. Returns as `observe`."""
        cdef int actions[MAX_ACTIONS]
        cdef double probs[MAX_ACTIONS]
        cdef int i, j, n, alive = 0
        cdef State world
        cdef double like
        if len(policies) != self._n:
            raise ValueError("one policy (or None) a world is needed")
        for i in range(self._n):
            if self._weights[i] <= 0.0:
                continue
            world = <State>self._worlds[i]
            policy = policies[i]
            if policy is None or world.c_current_player() != player:
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

    def drop_unlike(self, int seat, str observation not None) -> int:
        """Drop the worlds whose observation for `seat` (`observation_string`, which keeps
        perfect recall) differs from `observation`: what the seat saw that no action key
        carried (e.g. sealed bids revealed together) rules them out. Returns how many are
        left. Copies of a world (a refill makes many) share one reading of its observation:
        the observation is read in Python, and is most of a decision's belief cost."""
        cdef int i, alive = 0
        cdef dict alike = {}  # world -> whether its observation is `observation`
        for i in range(self._n):
            if self._weights[i] <= 0.0:
                continue
            world = self._worlds[i]
            same = alike.get(world)
            if same is None:
                same = alike[world] = world.observation_string(seat) == observation
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

    def worlds(self) -> list:
        """[(world, weight), ...] of the worlds alive (the states themselves: do not change
        them)."""
        return [(self._worlds[i], self._weights[i]) for i in range(self._n) if self._weights[i] > 0.0]
