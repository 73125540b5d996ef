"""Type stubs of vsai.ext.search: the C search kernel (Cython)."""
from vsai.ext.state import State

MODE_MCTS: int
MODE_SO: int
MODE_MO: int
PLAYOUT_RANDOM: int
PLAYOUT_HEURISTIC: int


class Searcher:
    """One search tree (or one per player in MO mode) over a root state."""

    def __init__(self, root: State, mode: int, seed: int, exploration: float = ..., playout: int = ...,
                 cutoff: int = ..., epsilon: float = ..., max_nodes: int = ...) -> None: ...
    def iterations(self) -> int: ...
    def nodes(self) -> int: ...
    def run(self, iterations: int, seconds: float = 0.0) -> int: ...
    def set_worlds(self, worlds: list[State], weights: list[float]) -> None: ...
    def root_stats(self) -> list[tuple[int, int, float, int]]: ...
