"""The errors vsai raises on purpose.

Bad input through the API (an unknown game, a wrong option, an illegal move, a malformed
state) raises a `VsaiError`, a `ValueError`, with one clear message. A game package that is
installed but broken raises `GameImportError` naming the game and the cause.
"""
from __future__ import annotations


class VsaiError(ValueError):
    """Bad input to vsai: the message says what is wrong and what is allowed."""


class UnknownGameError(VsaiError):
    """No game is registered under that name."""


class GameImportError(ImportError):
    """A registered game's package failed to import; the cause is chained."""
