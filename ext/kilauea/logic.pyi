"""Type stubs of vsai.ext.kilauea.logic (Cython): the C half of the state, whose Python API is
KilaueaState in engine.pyi."""
from vsai.ext.state import State


class KilaueaLogic(State):
    """A Kilauea state's C struct and engine protocol (no Python API of its own)."""
