"""The `Game` object: a game with fixed parameters, its sizes, new states, JSON loading.

Each game package describes itself with a `GameSpec` (`vsai.ext.<game>.spec.SPEC`, found by
the registry); `load_game` validates the parameters and returns a `Game`, which makes states
of the game's Cython class.
"""
from __future__ import annotations

import json

from vsai.ext.errors import InvalidStateError
from vsai.ext.spec import GameSpec, Param
from vsai.ext.state import JSON_FORMAT, JSON_VERSION, JSON_VERSIONS_READ

__all__ = ["Game", "GameSpec", "Param", "parse_state_json"]


class Game:
    """A game with fixed parameters: makes initial states and reads JSON states."""

    def __init__(self, spec: GameSpec, params: dict):
        self.spec = spec
        self._params = spec.validate(params)
        spec.check_limits(self._params)

    def __reduce__(self):
        # A game pickles as its registry name and parameters (its spec holds functions).
        return (_load_game_with, (self.spec.name, self._params))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.spec is self.spec and other._params == self._params

    def __hash__(self) -> int:
        return hash((self.spec.name, tuple(sorted(self._params.items()))))

    def __repr__(self) -> str:
        args = ",".join(f"{k}={v}" for k, v in self._params.items())
        return f"{self.spec.name}({args})"

    @property
    def name(self) -> str:
        """The registry name (the game package's folder name)."""
        return self.spec.name

    def get_parameters(self) -> dict:
        """The parameters, defaults included."""
        return dict(self._params)

    def num_players(self) -> int:
        """The number of seats."""
        return self._params["players"]

    def num_distinct_actions(self) -> int:
        """Actions are ints in range(num_distinct_actions())."""
        return self.spec.size("num_distinct_actions", self._params)

    def max_chance_outcomes(self) -> int:
        """Chance outcomes are ints in range(max_chance_outcomes())."""
        return self.spec.size("max_chance_outcomes", self._params)

    def max_game_length(self) -> int:
        """A true bound on the number of player decisions in a game."""
        return self.spec.size("max_game_length", self._params)

    def min_utility(self) -> float:
        """The lowest return: 0, a loss."""
        return 0.0

    def max_utility(self) -> float:
        """The highest return: 1, a sole win."""
        return 1.0

    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Seats that win or lose together (empty when every seat plays alone)."""
        return tuple(tuple(team) for team in self.spec.teams(self._params))

    def sides(self) -> list[int]:
        """For each seat, the index of its side (its team, or itself when alone)."""
        return self.spec.team_of(self._params)

    def seat_names(self) -> tuple[str, ...]:
        """How people name the seats, e.g. ("P1", "P2")."""
        return tuple(self.spec.seat_names(self._params))

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
            raise InvalidStateError(f"this JSON is a {data['game']!r} state, not {self.name!r}")
        params = self.spec.validate(self.spec.saved_params(data["params"]))
        if params != self._params:
            raise InvalidStateError(f"this JSON state has parameters {params}, the game has {self._params}")
        return load_state(self.spec, params, data)


def _load_game_with(name: str, params: dict) -> Game:
    from vsai.core.registry import load_game
    return load_game(name, **params)


def parse_state_json(text: str | bytes) -> dict:
    """The checked envelope of a state's JSON: format, version, game, params, state."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise InvalidStateError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
        raise InvalidStateError(f"not a vsai state: a JSON object with \"format\": \"{JSON_FORMAT}\" is expected")
    version = data.get("version")
    if isinstance(version, bool) or version not in JSON_VERSIONS_READ:
        readable = ", ".join(str(v) for v in JSON_VERSIONS_READ)
        raise InvalidStateError(f"unsupported vsai state version {version!r}: this vsai reads "
                         f"versions {readable} (saved games of version 1 came before the field "
                         f"names were made readable; a game record, `vsai-record`, still replays)")
    for key, kind in (("game", str), ("params", dict), ("state", dict)):
        if not isinstance(data.get(key), kind):
            raise InvalidStateError(f"vsai state JSON: {key!r} is missing or not a {kind.__name__}")
    return data


def load_state(spec: GameSpec, params: dict, data: dict):
    """The state of a checked envelope `data` (parse_state_json) of `spec`'s game with
    `params`; an older version goes through the game's converter first (v2 -> v3)."""
    body = data["state"]
    if data["version"] != JSON_VERSION:
        body = _upgraded(spec, params, body)
    return _load_state(spec, params, body)


def _upgraded(spec: GameSpec, params: dict, body: dict) -> dict:
    """A version-2 state body in version 3's form, by the game's own converter."""
    try:
        return spec.state_class.upgrade_v2(body, params)
    except ValueError as error:
        raise InvalidStateError(f"invalid {spec.name} state (version 2): {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as error:
        raise InvalidStateError(f"malformed {spec.name} state (version 2): {type(error).__name__}: {error}") from None


def _load_state(spec: GameSpec, params: dict, body: dict):
    state = spec.state_class(**params)
    try:
        state.load_dict(body)
    except ValueError as error:
        raise InvalidStateError(f"invalid {spec.name} state: {error}") from None
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError, RecursionError) as error:
        raise InvalidStateError(f"malformed {spec.name} state: {type(error).__name__}: {error}") from None
    return state
