# Included by each game's logic.pyx and engine.pyx before their cimports: the game's data.pxd
# and actions.pxd define its tables as static arrays in C, and each of the two modules uses only
# some of them, so an unused table is no bug. tables_end.pxi, included after the cimports, turns
# the warnings back on for the rest of the module.
cdef extern from *:
    """
    #pragma GCC diagnostic push
    #pragma GCC diagnostic ignored "-Wunused-const-variable"
    """
