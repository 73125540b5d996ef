"""Type stubs of vsai.ext.godzilla.logic (Cython): the C half of the state, whose Python API is
GodzillaState in engine.pyi."""
from vsai.ext.state import State


class GodzillaLogic(State):
    """A Godzilla state's C struct and engine protocol (no Python API of its own)."""
