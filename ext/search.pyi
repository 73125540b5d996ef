"""Type stubs of vsai.ext.search: the C search kernel (Cython)."""
import enum

from vsai.ext.state import State


class SearchMode(enum.IntEnum):
    """How a `Searcher` searches: plain UCT, or single- or multiple-observer ISMCTS."""

    MCTS = 0
    SO = 1
    MO = 2


class Playout(enum.IntEnum):
    """How a `Searcher` plays a leaf out: random moves, or the game's heuristic."""

    RANDOM = 0
    HEURISTIC = 1


MODE_MCTS: SearchMode
MODE_SO: SearchMode
MODE_MO: SearchMode
PLAYOUT_RANDOM: Playout
PLAYOUT_HEURISTIC: Playout


class Searcher:
    """One search tree (or one per player in MO mode) over a root state."""

    def __init__(self, root: State, mode: SearchMode | int, seed: int, exploration: float = ...,
                 playout: Playout | int = ..., cutoff: int = ..., epsilon: float = ...,
                 max_nodes: int = ...) -> None: ...
    @property
    def iterations(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def tree_bytes(self) -> int: ...
    @property
    def node_bytes(self) -> int: ...
    def run(self, iterations: int, seconds: float = 0.0) -> int: ...
    def set_worlds(self, worlds: list[State], weights: list[float]) -> None: ...
    def root_stats(self) -> list[tuple[int, int, float, int]]: ...


def one_ply_values(state: State, samples: int, seed: int) -> list[tuple[int, float]]: ...
def playout_rate(state: State, playouts: int, seed: int) -> int: ...
