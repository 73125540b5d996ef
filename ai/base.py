"""What every agent shares: the Candidate record, seeds, and the checks of options and budgets."""
from __future__ import annotations

import math
import numbers
import operator
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from vsai.ext.errors import InvalidArgumentError

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State

# progress(done, total): `done` iterations so far of `total` (None when only time bounds it).
# A progress callback may raise StopSearch to end the search at once: the agent then answers
# with the best move found so far.
Progress = Callable[[int, Optional[int]], None]


class StopSearch(Exception):
    """Raised by a progress callback to stop a search early (see `Progress`)."""

_MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class Candidate:
    """One move considered by an agent.

    `visits` is the number of search iterations that chose the move (0 for agents that do
    not search), `value` the estimated mean return in [0, 1] of the player to act.
    """

    action: int
    text: str
    visits: int
    value: float


def mix_seed(*parts: int) -> int:
    """A 64-bit seed derived from several ints (splitmix64 finaliser over their sum chain)."""
    z = 0x243F6A8885A308D3
    for part in parts:
        z = (z ^ (int(part) & _MASK64)) * 0x9E3779B97F4A7C15 & _MASK64
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _MASK64
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _MASK64
        z ^= z >> 31
    return z


# Bounds of every budget, wherever it is given (API, agent options, command line, engine).
MAX_ITERATIONS = 1_000_000_000
MAX_SECONDS = 86_400.0
# Whole-number options without a natural bound stay within a C int.
_INT_LIMIT = 2**31 - 1


def whole_number(value: Any, low: int, high: int, what: str) -> int:
    """`value` as an int in [low, high]: an int (or a numpy integer), never a bool, a float or
    a text (the command line turns its texts into numbers first, `vsai.cli.options`). The one
    check of whole numbers for agents; ValueError (the vsai InvalidArgumentError) naming
    `what` and the range otherwise."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)
    except TypeError:
        number = None
    if number is None or not low <= number <= high:
        raise InvalidArgumentError(f"{what} must be a whole number from {low:,} to {high:,}, not {value!r}")
    return number


def finite_number(value: Any) -> float | None:
    """`value` as a finite float when it is an int or a float (never a bool or a text), else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def seconds_value(value: Any, what: str, high: float = MAX_SECONDS) -> float:
    """`value` as a number of seconds in (0, high]; ValueError naming `what` otherwise."""
    number = finite_number(value)
    if number is None or not 0 < number <= high:
        raise InvalidArgumentError(f"{what} must be a number of seconds above 0 and at most {high:g}, "
                                   f"not {value!r}")
    return number


def check_options(agent: str, given: dict, allowed: dict[str, Callable[[Any], Any]]) -> dict:
    """Options converted by their checkers; ValueError for an unknown or bad option."""
    unknown = sorted(set(given) - set(allowed))
    if unknown:
        names = ", ".join(sorted(allowed)) or "none"
        raise InvalidArgumentError(f"agent {agent} has no option {', '.join(unknown)}; its options are: {names}")
    result = {}
    for key, value in given.items():
        try:
            result[key] = allowed[key](value)
        except (TypeError, ValueError) as error:
            raise InvalidArgumentError(f"agent {agent}: option {key}={value!r}: {error}") from None
    return result


def int_option(low: int, high: int = _INT_LIMIT) -> Callable[[Any], int]:
    """A checker for a whole number in [low, high]."""
    def check(value: Any) -> int:
        return whole_number(value, low, high, "the value")
    return check


def float_option(low: float, high: float | None = None) -> Callable[[Any], float]:
    """A checker for a finite number in [low, high]."""
    def check(value: Any) -> float:
        number = finite_number(value)
        if number is None:
            raise ValueError("a number is expected")
        value = number
        if value < low or (high is not None and value > high):
            raise ValueError(f"must be a number in [{low}, {high if high is not None else 'inf'}]")
        return value
    return check


def choice_option(*choices: str) -> Callable[[Any], str]:
    """A checker for one of a few words."""
    def check(value: Any) -> str:
        if not isinstance(value, str) or value.lower() not in choices:
            raise ValueError(f"must be one of: {', '.join(choices)}")
        return value.lower()
    return check


class Agent:
    """Base class: picks actions at player nodes of one game.

    Subclasses implement `_analyse(state, seed, progress)` returning candidates best first.
    `step` checks the state, answers at once when only one action is legal, and otherwise
    plays the best candidate. Decisions depend only on the seed, the state and how many
    moves the agent has made since `reset()`, so the same seed gives the same decisions.
    """

    name = "agent"

    def __init__(self, game: Game, seed: int | None = None):
        self.game = game
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        try:
            if isinstance(seed, bool):
                raise TypeError
            seed = operator.index(seed)
        except TypeError:
            raise InvalidArgumentError(f"seed must be a whole number, not {seed!r}") from None
        self.seed = seed
        self._moves = 0
        self._state_type: type | None = None  # the game's state class, found on the first move

    def reset(self) -> None:
        """Forget the moves made so far (start of a new game, undo, load)."""
        self._moves = 0

    def inform_action(self, state: State, player: int, action: int) -> None:
        """Told of every move applied in a game this agent plays: its own, the other seats'
        and chance (`player` -1), with `state` the state before the move (OpenSpiel's
        `Bot.inform_action`). An agent may use only what its seat sees of it: a move hidden
        from the seat only through `state.action_key(seat, action)`. Default: nothing."""

    def step(self, state: State, progress: Progress | None = None) -> int:
        """The action this agent plays at `state` (a player node)."""
        return self.step_with_analysis(state, progress)[0]

    def step_with_analysis(self, state: State,
                           progress: Progress | None = None) -> tuple[int, list[Candidate]]:
        """The action played at `state` and the analysis it came from (best first), from one
        search: the decision is the one `step` makes, and it counts as a move made."""
        legal = self._check(state)
        seed = self._move_seed()
        self._moves += 1
        if len(legal) == 1:
            return legal[0], [Candidate(legal[0], state.action_to_string(legal[0]), 0,
                                        _value_guess(state, seed))]
        candidates = self._analyse(state, seed, progress)
        allowed = set(legal)
        for candidate in candidates:
            if candidate.action in allowed:
                return candidate.action, candidates
        return legal[0], candidates

    def analyse(self, state: State, progress: Progress | None = None) -> list[Candidate]:
        """Every legal action as a Candidate, best first. It uses the same random stream as
        the next `step`, so with an iteration budget `step` plays the first candidate."""
        legal = self._check(state)
        if len(legal) == 1:
            value = _value_guess(state, self._move_seed())
            return [Candidate(legal[0], state.action_to_string(legal[0]), 0, value)]
        return self._analyse(state, self._move_seed(), progress)

    def _move_seed(self) -> int:
        return mix_seed(self.seed, self._moves)

    def _check(self, state: State) -> list[int]:
        """The legal actions at `state`; InvalidArgumentError unless it is a player node of
        this agent's game (same engine, same parameters)."""
        if self._state_type is None:
            self._state_type = type(self.game.new_initial_state())
        if not isinstance(state, self._state_type):
            raise InvalidArgumentError(f"agent {self.name} plays {self.game!r}: it needs a state of that "
                                       f"game, not {type(state).__name__} {_short(state)}")
        if state.params() != self.game.get_parameters():
            raise InvalidArgumentError(f"agent {self.name} plays {self.game!r}: this state has the "
                                       f"parameters {state.params()}")
        if state.is_terminal():
            raise InvalidArgumentError("the game is over: there is no move to choose")
        if state.is_chance_node():
            raise InvalidArgumentError("this is a chance node: agents choose only at player nodes")
        return state.legal_actions()

    def _analyse(self, state: State, seed: int, progress: Progress | None) -> list[Candidate]:
        raise TypeError(f"{type(self).__name__} must define _analyse()")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _value_guess(state: State, seed: int) -> float:
    # Evaluated on a determinization, so nothing hidden from the player is read.
    player = state.current_player()
    return float(state.resample(player, seed).evaluate()[player])
