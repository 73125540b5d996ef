"""The agent contract, as `typing.Protocol`s: what `Match` and the frontends may ask of an AI.

`vsai.ai.Agent` implements all of it; an outside AI (an OpenSpiel bot wrapped as an agent, a
player's own class) needs only `step`. The frontends test for the optional parts with
`isinstance` against these protocols (runtime-checkable: they check the methods are there,
not their signatures) rather than probing attribute names one by one. Defined in core, not
ai, so that `Match` can name the contract without importing the agents (ext <- core <- ai).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Union, runtime_checkable

if TYPE_CHECKING:
    from vsai.ext.state import State

# progress(done, total): `done` iterations so far of `total` (None when only time bounds it);
# it may raise `vsai.ai.StopSearch` to end the search with the best move so far.
Progress = Callable[[int, Optional[int]], None]


@runtime_checkable
class MovePicker(Protocol):
    """The least an AI does: the action it plays at a player node (it gets a copy)."""

    def step(self, state: State) -> int:
        """The action played at `state`."""


@runtime_checkable
class AnalysingAgent(MovePicker, Protocol):
    """An AI that also says why: its move and the candidates it weighed, from one search."""

    def step_with_analysis(self, state: State, progress: Progress | None = None
                           ) -> tuple[int, list[Any]]:
        """The action played at `state` and the candidates (action, text, visits, value), best first."""


@runtime_checkable
class InformedAgent(Protocol):
    """An AI told of every move of its game (its own, the other seats', chance), OpenSpiel's
    `Bot.inform_action`: it may use only what its seat sees of it."""

    def inform_action(self, state: State, player: int, action: int) -> None:
        """`player` (-1: chance) plays `action` at `state` (the state before the move)."""


@runtime_checkable
class ResettableAgent(Protocol):
    """An AI that keeps something between moves and can forget it (new game, undo, load)."""

    def reset(self) -> None:
        """Forget the moves made so far."""


@runtime_checkable
class AgentProtocol(AnalysingAgent, InformedAgent, ResettableAgent, Protocol):
    """The whole agent contract, as `vsai.ai.Agent` implements it."""

    name: str

    def step(self, state: State, progress: Progress | None = None) -> int:
        """The action played at `state`, reporting progress when given a callback."""

    def analyse(self, state: State, progress: Progress | None = None) -> list[Any]:
        """The candidates at `state`, best first, without counting a move made."""


# What a match may be given to keep informed: an AI that plays, or one that only listens (a
# belief tracker told every move) or only resets; each is told what its methods take.
Listener = Union[MovePicker, InformedAgent, ResettableAgent]
