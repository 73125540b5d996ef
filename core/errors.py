"""The errors vsai raises on purpose (see `vsai.ext.errors` for the bad-input family).

Bad input through the API raises a `VsaiError` (a `ValueError`) with one clear message:
`InvalidArgumentError`, `IllegalMoveError`, `InvalidStateError`, `UnknownGameError`,
`UnknownAgentError`, `UndoRefusedError`; each has a short `code` (used by `vsai engine`). A game package that is
installed but broken raises `GameImportError` naming the game and the cause.
"""
from __future__ import annotations

from vsai.ext.errors import (GameImportError, IllegalMoveError, InvalidArgumentError,
                             InvalidStateError, UnknownAgentError, UnknownGameError, VsaiError)

__all__ = ["GameImportError", "IllegalMoveError", "InvalidArgumentError", "InvalidStateError",
           "UndoRefusedError", "UnknownAgentError", "UnknownGameError", "VsaiError"]


class UndoRefusedError(VsaiError):
    """An undo that would take a seat back past something it has since seen (a draw, a die, a
    reveal): it could then choose again knowing it. The match is unchanged."""

    code = "undo_refused"
