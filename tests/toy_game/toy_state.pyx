# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A small hidden-information card game that exercises every part of the search kernels.

It is not part of the library (tests/toy_game/ai_toygame.py compiles it for the tests), and
it is the smallest complete example of the engine protocol. The search tests use it to check ISMCTS fairness and the MO
mode independently of the real games. Rules ("secret bids"):
- Cards are valued 1..(3 * players + 3). Set-up deals 3 hidden cards to each player (chance
  outcomes: the card's value; only its receiver sees it).
- Three rounds. A chance node reveals a prize card from the deck (public). Then each player,
  starting with the round's first player, bids one card from their hand face down (the others
  only see that a card was bid). When everyone has bid, the bids are revealed; the single
  highest bid wins the prize (a tie for highest: nobody does).
- The highest total of prizes wins; tied leaders share the win.
"""
from vsai.ext.rng cimport Rng, rng_below
from vsai.ext.state cimport State, copy_state, CHANCE_PLAYER, TERMINAL_PLAYER, MAX_PLAYERS

cdef enum:
    HAND = 3
    MAX_CARDS = 3 * MAX_PLAYERS + 4     # index = card value; 0 unused
    HIDDEN = -1                          # the key of what an observer cannot see


ctypedef struct ToyData:
    int players
    int cards                           # highest card value
    int hand[MAX_PLAYERS][HAND]         # values; 0 = already bid
    int bid[MAX_PLAYERS]                # this round's bid, 0 = not yet
    int score[MAX_PLAYERS]
    int in_deck[MAX_CARDS]              # 1 while the card is in the deck
    int dealt                           # cards dealt during set-up
    int round
    int prize                           # this round's prize, 0 = not revealed yet
    int bids                            # bids made this round


ctypedef ToyData GameData         # the name ext/dispatch.pxi works on
cdef enum:
    UNIFORM_CHANCE = 1                  # every chance node is a uniform draw from the deck


# ---------------------------------------------------------------- the game's flow, for dispatch.pxi
cdef bint game_over(ToyData* d) noexcept nogil:
    return d.dealt == HAND * d.players and d.round >= HAND


cdef bint at_chance(ToyData* d) noexcept nogil:
    return d.dealt < HAND * d.players or d.prize == 0


cdef int to_move(ToyData* d) noexcept nogil:
    return (d.round + d.bids) % d.players


cdef int gen_chance(ToyData* d, int* out, double* probs) noexcept nogil:
    """The cards in the deck, each equally likely."""
    cdef int i, n = 0
    for i in range(1, d.cards + 1):
        if d.in_deck[i]:
            out[n] = i
            n += 1
    if probs != NULL:
        for i in range(n):
            probs[i] = 1.0 / n
    return n


cdef int gen_legal(ToyData* d, int* out) noexcept nogil:
    """The cards in the hand of the player to bid, ascending."""
    cdef int i, n = 0, p = to_move(d)
    for i in range(HAND):
        if d.hand[p][i]:
            out[n] = d.hand[p][i]
            n += 1
    sort_small(out, n)
    return n


cdef void apply_chance(ToyData* d, int a) noexcept nogil:
    """Deal card `a` to the next hand during set-up, else reveal it as the prize."""
    d.in_deck[a] = 0
    if d.dealt < HAND * d.players:
        d.hand[d.dealt % d.players][d.dealt // d.players] = a
        d.dealt += 1
    else:
        d.prize = a


cdef void apply_move(ToyData* d, int a) noexcept nogil:
    """The player to bid bids card `a`; the last bid of a round settles the prize."""
    cdef int p = to_move(d)
    cdef int i, best, winner
    for i in range(HAND):
        if d.hand[p][i] == a:
            d.hand[p][i] = 0
            break
    d.bid[p] = a
    d.bids += 1
    if d.bids < d.players:
        return
    best = 0
    winner = -1
    for i in range(d.players):
        if d.bid[i] > best:
            best = d.bid[i]
            winner = i
        elif d.bid[i] == best:
            winner = -1
    if winner >= 0:
        d.score[winner] += d.prize
    for i in range(d.players):
        d.bid[i] = 0
    d.bids = 0
    d.prize = 0
    d.round += 1


include "vsai/ext/dispatch.pxi"


cdef class ToyState(State):
    """The toy game's state; see the module docstring for the rules."""

    GAME_NAME = "search-toy"
    cdef ToyData d

    def __cinit__(self):
        self._data = &self.d
        self._size = sizeof(ToyData)

    def __init__(self, players=2):
        if not (2 <= players <= MAX_PLAYERS):
            raise ValueError(f"players must be 2..{MAX_PLAYERS}")
        cdef int i
        self.d.players = players
        self.d.cards = 3 * players + 3
        for i in range(1, self.d.cards + 1):
            self.d.in_deck[i] = 1

    # The protocol's dispatch, shared by every engine (ext/dispatch.pxi).
    cdef int c_num_players(self) noexcept nogil:
        return self.d.players

    cdef int c_current_player(self) noexcept nogil:
        return current_player_of(&self.d)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return legal_actions_of(&self.d, out)

    cdef int c_chance_outcomes(self, int* actions, double* probs) noexcept nogil:
        return chance_outcomes_of(&self.d, actions, probs)

    cdef void c_apply_action(self, int a) noexcept nogil:
        apply_action_to(&self.d, a)

    cdef int c_sample_chance(self, Rng* rng) noexcept nogil:
        return sample_chance_of(&self.d, rng)

    cdef void c_random_playout(self, Rng* rng) noexcept nogil:
        random_playout_of(&self.d, rng)

    cdef bint c_is_legal(self, int action) noexcept nogil:
        return is_legal_in(&self.d, action)

    cdef void c_returns(self, double* out) noexcept nogil:
        cdef int i, best = -1, count = 0
        for i in range(self.d.players):
            if self.d.score[i] > best:
                best = self.d.score[i]
        for i in range(self.d.players):
            if self.d.score[i] == best:
                count += 1
        for i in range(self.d.players):
            out[i] = 1.0 / count if self.d.score[i] == best else 0.0

    cdef void c_evaluate(self, double* out) noexcept nogil:
        cdef int i, j
        cdef double total = 0.0
        if self.c_is_terminal():
            self.c_returns(out)
            return
        for i in range(self.d.players):
            out[i] = 1.0 + self.d.score[i]
            for j in range(HAND):
                out[i] += 0.3 * self.d.hand[i][j]
            total += out[i]
        for i in range(self.d.players):
            out[i] /= total

    cdef int c_action_key(self, int observer, int action) noexcept nogil:
        cdef int p = self.c_current_player()
        if p == CHANCE_PLAYER:
            if self.d.dealt < HAND * self.d.players and self.d.dealt % self.d.players != observer:
                return HIDDEN
            return action
        return action if p == observer else HIDDEN

    cdef void c_resample(self, int player, Rng* rng) noexcept nogil:
        # The unseen cards, in ascending order (so the result depends only on what `player`
        # saw), shuffled and dealt back into the same hidden places.
        cdef int pool[MAX_CARDS]
        cdef int n = 0, i, j, v, tmp
        cdef int hidden_hand[MAX_PLAYERS][HAND]
        for i in range(self.d.players):
            for j in range(HAND):
                hidden_hand[i][j] = i != player and self.d.hand[i][j] != 0
        for v in range(1, self.d.cards + 1):
            if self.d.in_deck[v]:
                pool[n] = v
                n += 1
        for i in range(self.d.players):
            if i == player:
                continue
            for j in range(HAND):
                if hidden_hand[i][j]:
                    pool[n] = self.d.hand[i][j]
                    n += 1
            if self.d.bid[i]:
                pool[n] = self.d.bid[i]
                n += 1
        sort_small(pool, n)
        for i in range(n - 1, 0, -1):
            j = rng_below(rng, i + 1)
            tmp = pool[i]
            pool[i] = pool[j]
            pool[j] = tmp
        for v in range(1, self.d.cards + 1):
            self.d.in_deck[v] = 0
        j = 0
        for i in range(self.d.players):
            if i == player:
                continue
            for v in range(HAND):
                if hidden_hand[i][v]:
                    self.d.hand[i][v] = pool[j]
                    j += 1
            if self.d.bid[i]:
                self.d.bid[i] = pool[j]
                j += 1
        while j < n:
            self.d.in_deck[pool[j]] = 1
            j += 1

    # ------------------------------------------------------------------ Python API
    def params(self) -> dict:
        return {"players": self.d.players}

    def to_dict(self) -> dict:
        return {"hands": [[self.d.hand[i][j] for j in range(HAND)] for i in range(self.d.players)],
                "bids": [self.d.bid[i] for i in range(self.d.players)],
                "scores": [self.d.score[i] for i in range(self.d.players)],
                "deck": [v for v in range(1, self.d.cards + 1) if self.d.in_deck[v]],
                "dealt": self.d.dealt, "round": self.d.round, "prize": self.d.prize,
                "bid_count": self.d.bids}

    def load_dict(self, data: dict) -> None:
        cdef int i, j
        for i in range(self.d.players):
            for j in range(HAND):
                self.d.hand[i][j] = int(data["hands"][i][j])
            self.d.bid[i] = int(data["bids"][i])
            self.d.score[i] = int(data["scores"][i])
        for i in range(1, self.d.cards + 1):
            self.d.in_deck[i] = i in data["deck"]
        self.d.dealt = data["dealt"]
        self.d.round = data["round"]
        self.d.prize = data["prize"]
        self.d.bids = data["bid_count"]

    def action_to_string(self, action: int) -> str:
        if self.c_current_player() == CHANCE_PLAYER:
            return f"deal {action}" if self.d.dealt < HAND * self.d.players else f"prize {action}"
        return f"bid {action}"

    def observation_string(self, player: int) -> str:
        hand = sorted(self.d.hand[player][j] for j in range(HAND) if self.d.hand[player][j])
        bids = ["?" if self.d.bid[i] and i != player else str(self.d.bid[i])
                for i in range(self.d.players)]
        return (f"round {self.d.round} prize {self.d.prize} scores "
                f"{[self.d.score[i] for i in range(self.d.players)]} hand {hand} bids {bids}")

    def scores(self) -> list:
        return [self.d.score[i] for i in range(self.d.players)]

    def __str__(self) -> str:
        return str(self.to_dict())


cdef void sort_small(int* a, int n) noexcept nogil:
    cdef int i, j, v
    for i in range(1, n):
        v = a[i]
        j = i - 1
        while j >= 0 and a[j] > v:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = v
