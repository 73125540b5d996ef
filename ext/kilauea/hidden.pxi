# Kilauea's hidden information (included by ext/kilauea/logic.pyx): there is none. After the
# set-up chance every seat sees the whole board (GAPS X4), so a seat's resample changes nothing
# and every action is seen whole by every observer.

cdef inline void resample_data(KData* d, int player, Rng* rng) noexcept nogil:
    """Nothing is hidden: the state is the only one consistent with what `player` saw."""
    pass


cdef inline int action_key(KData* d, int observer, int action) noexcept nogil:
    """Every observer sees every action: its key is the action itself."""
    return action
