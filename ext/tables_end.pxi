# Included by each game's logic.pyx and engine.pyx after their cimports (see tables_begin.pxi).
cdef extern from *:
    """
    #pragma GCC diagnostic pop
    """
