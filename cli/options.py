"""Shared option parsing: games with variant options, agent specs, budgets.

Every problem becomes a `click.UsageError` / `click.BadParameter` with one clear message, so
the command exits with code 2 and no traceback.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import click

from vsai.ai.base import MAX_ITERATIONS, MAX_SECONDS, seconds_value, whole_number
from vsai.ai.budget import Budget, parse_budget

if TYPE_CHECKING:
    from vsai.ext.spec import GameSpec


def number_text(text: Any) -> Any:
    """A number read from command-line text: an int for whole numbers ("12", "1e3"), a float
    for others ("0.5", "nan"); anything else (non-ASCII digits such as "٣" included) unchanged.
    Only the command line reads numbers from text: the Python API takes numbers."""
    if not isinstance(text, str) or not text.isascii():
        return text
    stripped = text.strip()
    for kind in (int, float):
        try:
            number = kind(stripped)
        except ValueError:
            continue
        if kind is float and "." not in stripped and math.isfinite(number) and number.is_integer():
            return int(number)  # "1e3": a whole number written with an exponent
        return number
    return text


def _not_ascii(value: Any) -> str:
    """" (digits 0-9 only)" for a text with non-ASCII characters, which are never numbers here."""
    return " (ASCII digits 0-9 only)" if isinstance(value, str) and not value.isascii() else ""


class WholeNumber(click.ParamType):
    """A whole number in [low, high], written as an int or as "1e3" (the agents' own check)."""

    name = "integer"

    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        try:
            return whole_number(number_text(value), self.low, self.high, "the value")
        except ValueError:
            self.fail(f"{value!r} is not a whole number from {self.low:,} to {self.high:,}"
                      f"{_not_ascii(value)}", param, ctx)


class Seconds(click.ParamType):
    """A number of seconds above 0 and at most `high`."""

    name = "seconds"

    def __init__(self, high: float = MAX_SECONDS):
        self.high = high

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        try:
            return seconds_value(number_text(value), "the value", self.high)
        except ValueError:
            self.fail(f"{value!r} is not a number of seconds above 0 and at most {self.high:g}"
                      f"{_not_ascii(value)}", param, ctx)


class Pause(click.ParamType):
    """A pause in seconds: 0 (none) up to `high`."""

    name = "seconds"

    def __init__(self, high: float):
        self.high = high

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        number = number_text(value)
        if not isinstance(number, (bool, str)) and number == 0:
            return 0.0
        try:
            return seconds_value(number, "the value", self.high)
        except ValueError:
            self.fail(f"{value!r} is not a number of seconds from 0 to {self.high:g}"
                      f"{_not_ascii(value)}", param, ctx)


ITERATIONS = WholeNumber(1, MAX_ITERATIONS)
SECONDS = Seconds()
PAUSE = Pause(60.0)
GAMES = WholeNumber(1, 1_000_000)
WORKERS = WholeNumber(1, 1024)
SEED = WholeNumber(0, 2**63 - 1)
SEATS = WholeNumber(0, 64)


def parse_value(text: str) -> Any:
    """A command-line value as int, float, bool or str (game params and agent options re-check
    their own types); numbers as `number_text` reads them (ASCII only)."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    number = number_text(text)
    return number if number is not text else text.strip()


def parse_pairs(items: tuple[str, ...] | list[str], what: str) -> dict[str, Any]:
    """["a=1", "b=x"] -> {"a": 1, "b": "x"}; BadParameter for an item without '='."""
    result: dict[str, Any] = {}
    for item in items:
        for part in filter(None, (p.strip() for p in item.split(","))):
            key, eq, value = part.partition("=")
            if not eq or not key.strip():
                raise click.BadParameter(f"{part!r} is not KEY=VALUE", param_hint=what)
            result[key.strip()] = parse_value(value)
    return result


def game_names() -> list[str]:
    """The registered games that can be loaded here."""
    from vsai.core import list_games

    return list_games()


def game_spec(name: str):
    """The spec of the game named on the command line; a usage error for an unknown name."""
    from vsai.core import get_spec

    known = game_names()
    if name not in known:
        raise click.BadParameter(f"unknown game {name!r}; the games are: {', '.join(known) or 'none'}",
                                 param_hint="GAME")
    return get_spec(name)


def load_game(name: str, players: int | None, options: tuple[str, ...]):
    """The `Game` named on the command line, with --players and --option; UsageError if bad."""
    from vsai.core import get_spec, load_game as core_load

    game_spec(name)
    params = parse_pairs(options, "--option")
    if players is not None:
        params["players"] = players
    try:
        return core_load(name, **params)
    except ValueError as error:
        spec = get_spec(name)
        hint = "--players" if "players" in str(error) and players is not None else "--option"
        names = ", ".join(p.name for p in spec.params)
        raise click.BadParameter(f"{error} (the options of {name} are: {names})", param_hint=hint) from None


def agent_names() -> list[str]:
    """The agents `vsai.ai.make_agent` knows."""
    from vsai.ai import list_agents

    return list(list_agents())


@dataclass
class AgentSpec:
    """An agent named on the command line: `name` or `name:key=value,key=value`."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.name


def parse_agent(text: str, hint: str) -> AgentSpec:
    """An `AgentSpec` from `name[:key=value,...]`; BadParameter for an unknown agent."""
    name, _, rest = text.strip().partition(":")
    name = name.strip()
    known = agent_names()
    if name not in known:
        raise click.BadParameter(f"unknown agent {name!r}; the agents are: {', '.join(known)}",
                                 param_hint=hint)
    return AgentSpec(name, parse_pairs([rest], hint) if rest.strip() else {})


def budget(iterations: int | None, think_time: float | None, level: int | None,
           spec: GameSpec | None = None) -> Budget:
    """The budget from --iterations / --think-time, else from --level (default:
    levels.DEFAULT_LEVEL) on the game of `spec` (its level_scale applied)."""
    if level is not None and (iterations is not None or think_time is not None):
        raise click.UsageError("--level sets a budget: give --level or --iterations/--think-time, not both")
    return parse_budget(iterations, think_time, level, spec)
