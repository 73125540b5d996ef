"""Type stubs of vsai.ext.vec.logic (Cython): the C half of the state, whose Python API is
VecState in engine.pyi."""
from vsai.ext.state import State


class VecLogic(State):
    """A VEC state's C struct and engine protocol (no Python API of its own)."""
