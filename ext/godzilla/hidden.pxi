# Hidden information of ext/godzilla/logic.pyx (included there): there is none in the state.
# What is hidden is hidden from every seat (the status and support cards to come, the route
# pile's order, the Press deck) and is drawn by a chance node when it is turned up (X3), so
# every seat sees the whole state: a resample keeps it, and an action looks the same to all.

cdef inline void resample_data(GameData* d, int player, Rng* rng) noexcept nogil:
    """Nothing to redraw: the state holds nothing hidden."""
    pass


cdef inline int action_key(GameData* d, int observer, int action) noexcept nogil:
    """Every seat sees every action whole."""
    return action
