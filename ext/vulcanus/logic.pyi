"""Type stubs of vsai.ext.vulcanus.logic (Cython): the C half of the state, whose Python API is
VulcanusState in engine.pyi."""
from vsai.ext.state import State


class VulcanusLogic(State):
    """A Vulcanus state's C struct and engine protocol (no Python API of its own)."""
