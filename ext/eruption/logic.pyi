"""Type stubs of vsai.ext.eruption.logic (Cython): the C half of the state, whose Python API is
EruptionState in engine.pyi."""
from vsai.ext.state import State


class EruptionLogic(State):
    """A Eruption state's C struct and engine protocol (no Python API of its own)."""
