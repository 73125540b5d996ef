"""The description every game gives of itself: `GameSpec` and its parameters, `Param`.

Each game package `vsai.ext.<game>` has a module `spec` with an attribute `SPEC`. The registry
(`vsai.core.registry`) finds it by a scan of `vsai.ext` (or the entry-point group
`vsai.games`), and everything above the engines (core, ai, cli) learns what differs between
games from it: sizes, parameters, teams, search defaults, rendering and the rules document.
Sizes come from the engine module, never copied by hand.
"""
from __future__ import annotations

import operator
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from vsai.ext.errors import InvalidArgumentError
from vsai.ext.state import LIMIT_ACTIONS as MAX_ACTIONS, LIMIT_PLAYERS as MAX_PLAYERS

_FLAG_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True)
class Param:
    """One game parameter: its name, type, default and allowed values or range."""

    name: str
    default: Any
    help: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    # True for an option added after results were kept (e.g. a tuning knob): at its default
    # it is left out of a suite cell's parameters, identity and seed (GameSpec.key_params), so
    # the cells measured before the option existed keep their games.
    quiet_default: bool = False
    # The value this option had in games saved or kept before its default changed: a saved
    # state, a record or a kept result that lacks the option was played with it (saved_params),
    # and a quiet option is left out of a cell's identity at this value, not the new default,
    # so kept cells keep meaning the games they hold (None: the default never changed).
    legacy_default: Any = None

    def check(self, value: Any) -> Any:
        """The value converted to the parameter's type; ValueError when it is not allowed."""
        kind = type(self.default)
        # Strict types: a number is never read from a text here (the command line turns its
        # texts into numbers first), and a bool is not a whole number.
        if kind is bool:
            if not isinstance(value, bool):
                raise InvalidArgumentError(f"option {self.name} takes true or false, not {value!r}")
        elif kind is int:
            try:
                if isinstance(value, bool):
                    raise TypeError
                value = operator.index(value)
            except TypeError:
                raise InvalidArgumentError(f"option {self.name} takes a whole number, not {value!r}") from None
        elif not isinstance(value, kind):
            raise InvalidArgumentError(f"option {self.name} takes a {kind.__name__}, not {value!r}")
        return self._check_range(value)

    def from_text(self, text: str) -> Any:
        """The value written as `text` (the "name(key=value)" form of a game's name): a whole
        number in ASCII digits, or true/false/yes/no/on/off/1/0 for a flag; checked as by `check`."""
        kind, word = type(self.default), text.strip().lower()
        value: Any = text
        if kind is bool and word in _FLAG_WORDS:
            value = _FLAG_WORDS[word]
        elif kind is int and re.fullmatch(r"[+-]?[0-9]{1,30}", word):
            value = int(word)
        return self.check(value)

    def _check_range(self, value: Any) -> Any:
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise InvalidArgumentError(f"option {self.name}={value!r} is not one of: {allowed}")
        if self.minimum is not None and value < self.minimum:
            raise InvalidArgumentError(f"option {self.name}={value} is below the minimum {self.minimum}")
        if self.maximum is not None and value > self.maximum:
            raise InvalidArgumentError(f"option {self.name}={value} is above the maximum {self.maximum}")
        return value


@dataclass(frozen=True)
class Handicap:
    """A game option that the rulebook offers as a handicap (`vsai play --handicap`): its
    name, the seat whose side a higher value helps, and what a value does, in words."""

    option: str
    higher_helps_seat: int
    describe: Callable[[Any], str]


def _no_teams(params: dict) -> tuple:
    return ()


def _seat_numbers(params: dict) -> tuple[str, ...]:
    return tuple(f"P{seat + 1}" for seat in range(params["players"]))


@dataclass(frozen=True)
class GameSpec:
    """Everything the registry, the OpenSpiel wrapper, the agents and the CLI know of a game.

    `params` must include `players` with its minimum and maximum: the player counts come from
    it. The size fields are ints or functions of the validated parameter dict.
    """

    name: str
    title: str
    summary: str
    state_class: type
    params: tuple[Param, ...]
    hidden_information: bool
    num_distinct_actions: int | Callable[[dict], int]
    max_chance_outcomes: int | Callable[[dict], int]
    # A true bound on the player decisions of one game (turn cap included).
    max_game_length: int | Callable[[dict], int]
    # A bound on the legal actions, or chance outcomes, at any one node: checked against the
    # engine protocol's MAX_ACTIONS buffer when the game loads.
    max_branching: int | Callable[[dict], int]
    observation_size: int | Callable[[dict], int] = 0
    # Seats that win or lose together, e.g. ((0,), (1, 2, 3)) for a Kaiju against a human
    # team; seats in no team play alone. A team's win is shared equally by its seats.
    teams: Callable[[dict], tuple[tuple[int, ...], ...]] = _no_teams
    # How people name the seats, e.g. ("P1", "P2") or ("Kaiju", "Tokyo", ...).
    seat_names: Callable[[dict], tuple[str, ...]] = _seat_numbers
    # Default options of the search agents on this game (options given explicitly win).
    search_defaults: dict = field(default_factory=dict)
    # The iterations of each level of `vsai play --level` on this game are the ladder's times
    # this: below 1 for a game whose search is much slower than most (vsai.ai.levels), or to
    # separate levels that measure alike.
    level_scale: float = 1.0
    # Search options the levels use on this game, over `search_defaults`, with vsai's tree-search
    # agents (e.g. {"playout": "heuristic"} where that makes more iterations pay): tuning the
    # ladder here leaves plain `ismcts` and the results kept for it unchanged.
    level_search: dict = field(default_factory=dict)
    # Search options of one agent by player count, over `search_defaults`, e.g.
    # {"ismcts": {3: {"belief": "on"}}} where a suite measured them to win for that agent at 3
    # players (at any budget or level); options given explicitly win.
    agent_search: dict = field(default_factory=dict)
    # Module with the render hooks, each optional (docs/adding-a-game.md, "Render hooks"):
    # `board(state, seat, hidden_information, last_move=None, plain=False)`,
    # `move_detail(state, action)`, `move_group(state, action)`,
    # `score_breakdown(state, seat)` and `hidden_move_text(mover, text, key=None)`; imported when
    # something is drawn.
    render_module: str | None = None
    # The package holding `summary.md` (the rules for players) and `rules.md` (the rules
    # coverage document), read as package data.
    rules_package: str | None = None
    # False while the engine does not yet implement every rule (rules.md lists what is left);
    # `vsai list` says so.
    complete: bool = True
    # True when face-down cards or tiles are hidden from every seat alike (so no seat knows
    # more than another and `hidden_information` is False): `vsai list` says so.
    hidden_from_everyone: bool = False
    # The option the rulebook offers as a handicap, if any (`vsai play --handicap`, the
    # start line and the rules say what it does).
    handicap: Handicap | None = None

    def __post_init__(self) -> None:
        scale = self.level_scale
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < float("inf"):
            raise ValueError(f"game {self.name}: level_scale must be a positive number, not {scale!r}")
        if self.handicap is not None and self.handicap.option not in {p.name for p in self.params}:
            raise ValueError(f"game {self.name}: the handicap {self.handicap.option!r} is not "
                             f"one of its options")
        if not isinstance(self.level_search, dict):
            raise ValueError(f"game {self.name}: level_search must be a dict of search options, "
                             f"not {self.level_search!r}")
        self._check_agent_search()

    @property
    def min_players(self) -> int:
        """The fewest seats the game is played with."""
        return self._players().minimum

    @property
    def max_players(self) -> int:
        """The most seats the game is played with."""
        return self._players().maximum

    def _players(self) -> Param:
        for param in self.params:
            if param.name == "players":
                return param
        raise ValueError(f"game {self.name}: its spec has no 'players' parameter")

    def _check_agent_search(self) -> None:
        by_agent = self.agent_search
        if not isinstance(by_agent, dict) or not all(
                isinstance(agent, str) and isinstance(counts, dict)
                and all(isinstance(n, int) and isinstance(o, dict) for n, o in counts.items())
                for agent, counts in by_agent.items()):
            raise ValueError(f"game {self.name}: agent_search must map agent names to player counts to "
                             f"dicts of search options, not {by_agent!r}")
        outside = sorted({n for counts in by_agent.values() for n in counts
                          if not self.min_players <= n <= self.max_players})
        if outside:
            raise ValueError(f"game {self.name}: agent_search names {outside} players, but the game is "
                             f"played by {self.min_players} to {self.max_players}")

    def agent_options(self, agent: str, players: int) -> dict:
        """The options `agent_search` gives agent `agent` at `players` seats (none by default)."""
        return dict(self.agent_search.get(agent, {}).get(players, {}))

    def search_options_for(self, agent: str, players: int) -> dict:
        """The default search options of agent `agent` at `players` seats: `search_defaults`
        with its `agent_options` over them."""
        return {**self.search_defaults, **self.agent_options(agent, players)}

    def size(self, field_name: str, params: dict) -> int:
        """The value of a size field (`num_distinct_actions`, ...) for these parameters."""
        value = getattr(self, field_name)
        return int(value(params) if callable(value) else value)

    def defaults(self) -> dict:
        """The default value of every parameter."""
        return {p.name: p.default for p in self.params}

    def key_params(self, params: dict) -> dict:
        """The parameters that tell a variant apart in kept results: all but the
        `quiet_default` options at the value results were kept with (their `legacy_default`
        if they have one, else their default)."""
        quiet = {p.name: p.default if p.legacy_default is None else p.legacy_default
                 for p in self.params if p.quiet_default}
        return {name: value for name, value in params.items()
                if not (name in quiet and value == quiet[name])}

    def saved_params(self, given: dict) -> dict:
        """The parameters of a saved state, record or kept result: `given`, with each option
        it lacks that has a `legacy_default` at that value (what the game was played with)."""
        legacy = {p.name: p.legacy_default for p in self.params
                  if p.legacy_default is not None and p.name not in given}
        return {**legacy, **given}

    def validate(self, given: dict) -> dict:
        """Defaults completed by `given`, each value checked; ValueError names what is wrong."""
        known = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(known), key=str)
        if unknown:
            raise InvalidArgumentError(f"{self.name} has no option {', '.join(map(str, unknown))}; "
                             f"its options are: {', '.join(known)}")
        result = self.defaults()
        for name, value in given.items():
            result[name] = known[name].check(value)
        return result

    def check_limits(self, params: dict) -> None:
        """ValueError when these parameters would overflow the engine protocol's buffers."""
        players = params["players"]
        if players > MAX_PLAYERS:
            raise ValueError(f"{self.name} with {players} players exceeds the engine protocol's "
                             f"MAX_PLAYERS = {MAX_PLAYERS}")
        branching = self.size("max_branching", params)
        if branching > MAX_ACTIONS:
            raise ValueError(f"{self.name} may offer {branching} actions at one node, more than "
                             f"the engine protocol's MAX_ACTIONS = {MAX_ACTIONS}")

    def team_of(self, params: dict) -> list[int]:
        """For each seat, the index of its side: teams first, then each lone seat."""
        side = [-1] * params["players"]
        teams = self.teams(params)
        for index, team in enumerate(teams):
            for seat in team:
                side[seat] = index
        next_side = len(teams)
        for seat in range(len(side)):
            if side[seat] < 0:
                side[seat] = next_side
                next_side += 1
        return side
