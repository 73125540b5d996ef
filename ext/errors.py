"""The errors vsai raises on bad input: one family, all `ValueError`s.

Defined here, at the bottom layer, so that the engines raise them too; `vsai.core.errors`
re-exports them. Every bad input through the API (an unknown game, a wrong option or
argument, an illegal move, a malformed or inconsistent state) raises a `VsaiError` with one
clear message that says what is wrong and what is allowed.
"""
from __future__ import annotations


class VsaiError(ValueError):
    """Bad input to vsai: the message says what is wrong and what is allowed."""

    code = "bad_input"


class InvalidArgumentError(VsaiError):
    """An argument of the wrong type or out of range (a seat, a seed, an option)."""

    code = "bad_argument"


class IllegalMoveError(VsaiError):
    """A move that is not legal in this state (the state is left unchanged)."""

    code = "illegal_move"


class InvalidStateError(VsaiError):
    """A saved state or record that is malformed, or that the game cannot reach."""

    code = "invalid_state"


class UnknownGameError(VsaiError):
    """No game is registered under that name."""

    code = "unknown_game"


class UnknownAgentError(VsaiError):
    """No agent is registered under that name."""

    code = "unknown_agent"


class GameImportError(ImportError):
    """A registered game's package failed to import; the cause is chained."""
