# Included by each game's engine.pyx and logic.pxd (which logic.pyx reads first) before their
# cimports: the game's data.pxd and actions.pxd define its tables as static const arrays in C,
# and each of the two modules uses only some of them, so an unused table is no bug. The warning
# concerns only constants at file scope (unused variables and functions are still reported);
# gcc checks it at the end of the file, so it stays off for the whole module.
cdef extern from *:
    """
    #pragma GCC diagnostic ignored "-Wunused-const-variable"
    """
