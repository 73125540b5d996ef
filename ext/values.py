"""The checks of plain values that every engine makes, written once.

Constructors check their parameters with `check_param` (InvalidArgumentError), loaders check
the fields of a saved state with `check_field` (InvalidStateError), and every method that takes
an action id coerces it with `action_id`. A whole number is an int or a numpy integer, never a
bool, a float or a text (the strict types of docs/protocol.md).
"""
from __future__ import annotations

import operator
from typing import Any

from vsai.ext.errors import InvalidArgumentError, InvalidStateError


def whole_number(value: Any) -> int | None:
    """`value` as an int when it is a whole number (numpy integers too, not bools); else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def check_param(name: str, value: Any, lo: int, hi: int) -> int:
    """A constructor parameter as an int in lo..hi; InvalidArgumentError otherwise."""
    number = whole_number(value)
    if number is None or not lo <= number <= hi:
        raise InvalidArgumentError(f"{name} must be a whole number in {lo}..{hi}, not {value!r}")
    return number


def check_flag(name: str, value: Any) -> bool:
    """A true/false constructor parameter; InvalidArgumentError for anything but a bool."""
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} must be true or false, not {value!r}")
    return value


def check_field(game: str, name: str, value: Any, lo: int, hi: int) -> int:
    """A field of a saved `game` state as an int in lo..hi; InvalidStateError otherwise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidStateError(f"{game} state: {name} must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidStateError(f"{game} state: {name}={value} is outside {lo}..{hi}")
    return value


def action_id(value: Any) -> int:
    """An action id as an int (numpy integers included); InvalidArgumentError otherwise."""
    number = whole_number(value)
    if number is None:
        raise InvalidArgumentError(f"an action is an int or a move's text, not {value!r}")
    return number
