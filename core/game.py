"""Game descriptions and the `Game` object: parameters, sizes, new states, JSON loading.

A game module (e.g. vsai.core.kilauea) describes itself with a `GameSpec`; `load_game`
validates the parameters and returns a `Game`, which makes states of the game's Cython class.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from vsai.ext.state import JSON_FORMAT, JSON_VERSION


@dataclass(frozen=True)
class Param:
    """One game parameter: its name, type, default and allowed values or range."""

    name: str
    default: Any
    help: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any) -> Any:
        """The value converted to the parameter's type; ValueError when it is not allowed."""
        kind = type(self.default)
        if kind is bool:
            if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on", "0", "false", "no", "off"):
                value = value.lower() in ("1", "true", "yes", "on")
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name} takes true or false, not {value!r}")
        elif kind is int:
            try:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise TypeError
                value = int(value)
            except (TypeError, ValueError):
                raise ValueError(f"option {self.name} takes a whole number, not {value!r}") from None
        else:
            value = kind(value)
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name}={value!r} is not one of: {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise ValueError(f"option {self.name}={value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise ValueError(f"option {self.name}={value} is above the maximum {self.maximum}")
        return value


@dataclass(frozen=True)
class GameSpec:
    """Everything the registry, the OpenSpiel wrapper and the CLI need to know of a game."""

    name: str
    title: str
    summary: str
    state_class: type
    params: tuple[Param, ...]
    hidden_information: bool
    # Functions of the validated parameter dict:
    num_distinct_actions: Callable[[dict], int]
    max_chance_outcomes: Callable[[dict], int]
    max_game_length: Callable[[dict], int]
    min_players: int = 2
    max_players: int = 4
    extra: dict = field(default_factory=dict)

    def defaults(self) -> dict:
        """The default value of every parameter."""
        return {p.name: p.default for p in self.params}

    def validate(self, given: dict) -> dict:
        """Defaults completed by `given`, each value checked; ValueError names what is wrong."""
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}; "
                             f"its options are: {', '.join(known)}")
        result = self.defaults()
        for name, value in given.items():
            result[name] = known[name].check(value)
        return result


class Game:
    """A game with fixed parameters: makes initial states and reads JSON states."""

    def __init__(self, spec: GameSpec, params: dict):
        self.spec = spec
        self._params = spec.validate(params)

    def __repr__(self) -> str:
        args = ",".join(f"{k}={v}" for k, v in self._params.items())
        return f"{self.spec.name}({args})"

    @property
    def name(self) -> str:
        """The registry name, e.g. "kilauea"."""
        return self.spec.name

    def get_parameters(self) -> dict:
        """The parameters, defaults included."""
        return dict(self._params)

    def num_players(self) -> int:
        """The number of seats."""
        return self._params["players"]

    def num_distinct_actions(self) -> int:
        """Actions are ints in range(num_distinct_actions())."""
        return self.spec.num_distinct_actions(self._params)

    def max_chance_outcomes(self) -> int:
        """Chance outcomes are ints in range(max_chance_outcomes())."""
        return self.spec.max_chance_outcomes(self._params)

    def max_game_length(self) -> int:
        """A true bound on the number of player decisions in a game."""
        return self.spec.max_game_length(self._params)

    def min_utility(self) -> float:
        """The lowest return: 0, a loss."""
        return 0.0

    def max_utility(self) -> float:
        """The highest return: 1, a sole win."""
        return 1.0

    def has_hidden_information(self) -> bool:
        """True when players see different things after set-up."""
        return self.spec.hidden_information

    def new_initial_state(self):
        """The state before set-up: chance nodes deal the random set-up."""
        return self.spec.state_class(**self._params)

    def state_from_json(self, text: str):
        """A state from `state.to_json()` text; ValueError with a clear message if malformed."""
        data = parse_state_json(text)
        if data["game"] != self.name:
            raise ValueError(f"this JSON is a {data['game']!r} state, not {self.name!r}")
        params = self.spec.validate(data["params"])
        if params != self._params:
            raise ValueError(f"this JSON state has parameters {params}, the game has {self._params}")
        return _load_state(self.spec, params, data["state"])


def parse_state_json(text: str | bytes) -> dict:
    """The checked envelope of a state's JSON: format, version, game, params, state."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise ValueError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise ValueError(f"not a vsai state: a JSON object with \"format\": \"{JSON_FORMAT}\" is expected")
    if data.get("version") != JSON_VERSION:
        raise ValueError(f"unsupported vsai state version {data.get('version')!r} "
                         f"(this vsai reads version {JSON_VERSION})")
    for key, kind in (("game", str), ("params", dict), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise ValueError(f"vsai state JSON: {key!r} is missing or not a {kind.__name__}")
    return data


def _load_state(spec: GameSpec, params: dict, body: dict):
    state = spec.state_class(**params)
    try:
        state.load_dict(body)
    except ValueError as error:
        raise ValueError(f"invalid {spec.name} state: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as error:
        raise ValueError(f"malformed {spec.name} state: {type(error).__name__}: {error}") from None
    return state
