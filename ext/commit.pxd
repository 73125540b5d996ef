# cython: language_level=3
"""Simultaneous hidden commitment, played as a sequence: the shared helpers.

Board games often have the players choose at the same time and show their choices together:
sealed bids, face-down planned cards. The protocol has one player to act
at a time, so such a step is played as **sequential hidden commitment**: the seats commit one
after another, each commitment's content hidden from the other seats, and all are revealed at
once when the last seat has committed. Nobody learns anything from an earlier seat's choice,
so the game is the same as with truly simultaneous choices.

The state keeps one `Commitments` struct per such step (plain C, part of the game's struct, so
copying a state still copies it):

    count     the seats that commit, in order (slots 0..count-1; `seat[slot]`)
    made      how many have committed (slots 0..made-1 hold a `content`)
    revealed  1 once all contents were shown at once
    content   the game's code for what a slot committed (0 until made): e.g. a
              bid's amount and kind, a card's id

How the three hidden-information hooks of the protocol treat it (docs/protocol.md,
"Simultaneous hidden commitment"):

- `c_action_key(observer, a)`: the committing seat's own key is the action itself; for every
  other seat all commitments look alike, so they get one game-chosen `hidden_key`
  (`commit_key`). When the reveal follows this very action (no later seat chooses any more),
  the content is seen at once, so the key is the key of what becomes visible (`seen_key`).
- Observations show a seat's own commitment and only "committed" for the other seats' until
  `revealed` (`commit_hidden_from` tells which slots to mask).
- `c_resample(player)` redraws exactly the slots `commit_hidden_from(c, slot, player)`: each
  content is drawn again among what that seat could legally have committed, given the world
  just resampled (`commit_redraw`). Nothing else about the step is hidden: who commits, in
  which order and how many have committed are public.

Every helper is `cdef inline ... noexcept nogil`: use them in the hot paths freely.
"""
from libc.string cimport memset

from vsai.ext.state cimport MAX_PLAYERS

cdef enum:
    MAX_COMMITS = MAX_PLAYERS       # one commitment per seat and step


ctypedef struct Commitments:
    short count                     # seats taking part, in commitment order
    short made                      # commitments made so far: slots 0..made-1
    short revealed                  # 1 once all were shown at once
    short seat[MAX_COMMITS]         # the seat of each slot
    short content[MAX_COMMITS]      # what each slot committed (game code; 0 until made)


cdef inline void commit_clear(Commitments* c) noexcept nogil:
    """A new step: no seat, nothing committed, nothing revealed (every field zero)."""
    memset(c, 0, sizeof(Commitments))


cdef inline int commit_enrol(Commitments* c, int seat) noexcept nogil:
    """Add `seat` as the next seat to commit; returns its slot."""
    cdef int slot = c.count
    c.seat[slot] = seat
    c.content[slot] = 0
    c.count += 1
    return slot


cdef inline bint commit_all_made(Commitments* c) noexcept nogil:
    """Every enrolled seat has committed: time to reveal."""
    return c.made >= c.count


cdef inline int commit_next_seat(Commitments* c) noexcept nogil:
    """The seat whose commitment comes next, -1 when all are made."""
    return -1 if c.made >= c.count else c.seat[c.made]


cdef inline void commit_record(Commitments* c, int content) noexcept nogil:
    """The next seat commits `content` (hidden from the others until the reveal)."""
    if c.made < c.count:
        c.content[c.made] = content
        c.made += 1


cdef inline void commit_reveal(Commitments* c) noexcept nogil:
    """All contents are shown at once."""
    c.revealed = 1


cdef inline bint commit_pending(Commitments* c, int slot) noexcept nogil:
    """Slot `slot` has committed and its content is not shown yet."""
    return not c.revealed and slot < c.made


cdef inline bint commit_hidden_from(Commitments* c, int slot, int observer) noexcept nogil:
    """`observer` cannot see slot's content: another seat's pending commitment. These are the
    slots that observations mask as "committed" and that `c_resample(observer)` redraws."""
    return commit_pending(c, slot) and c.seat[slot] != observer


cdef inline bint commit_seat_pending(Commitments* c, int seat) noexcept nogil:
    """`seat` has a pending (made, unrevealed) commitment."""
    cdef int i
    if c.revealed:
        return False
    for i in range(c.made):
        if c.seat[i] == seat:
            return True
    return False


cdef inline int commit_key(int observer, int committer, int action, bint reveal_follows,
                           int seen_key, int hidden_key) noexcept nogil:
    """The key `observer` sees for `committer` committing by `action`: the action itself for
    the committer; `hidden_key` (the same for every content) for the others, unless the reveal
    follows this action at once, when they see `seen_key` (what the reveal shows)."""
    if observer == committer:
        return action
    if reveal_follows:
        return seen_key
    return hidden_key


cdef inline void commit_redraw(Commitments* c, int slot, int content) noexcept nogil:
    """Resample: slot's hidden content becomes `content`, drawn by the game among what the
    slot's seat could legally have committed."""
    c.content[slot] = content
