"""Benchmark suites: a TOML file of games, agents and budgets played as seeded cells.

    >>> from vsai.ai.lab.suite import load_suite, run_suite
    >>> from vsai.ai.lab.backends import LocalBackend
    >>> suite = load_suite("benchmarks/suites/quick.toml")
    >>> summary = run_suite(suite, suite.out, LocalBackend(2))

A suite file (see docs/suites.md):

    [suite]
    name = "quick"
    seed = 2026
    games_per_cell = 4
    out = "suite-results/quick"      # relative to the current folder; --out overrides it
    matchups = "pairs"               # "pairs", "all", or a list of lineups of agent labels,
                                     # each a list or { agents = [...], games = N }

    [[games]]
    name = "some-game"
    players = [2, 3]
    options = { some_option = 3 }

    [[agents]]
    label = "fast"                   # defaults to the name
    name = "ismcts"
    options = { cutoff = 10 }

    [[budgets]]
    label = "200 it"                 # defaults to "<iterations> it" / "<time_limit> s"
    iterations = 200

Every (game, player count, budget, matchup) is a cell of `games_per_cell` games (or its
matchup's own `games`). A matchup puts one agent on each side of the game (a side is a team, or
a seat playing alone); game i of a cell puts lineup[(s + i) % n] on side s, so every agent
plays every side equally often over n games. A cell's games depend only on the suite seed and
the cell itself (game, options, budget, lineup and the agents' options), never on the order of
play or the number of workers: game i uses the seeds of
`vsai.ai.lab.arena.run_series(game, lineup, seed=cell.seed)`.

With `match = true` in [suite] the suite is one match as `vsai arena` plays it: one game,
one player count, one budget and one lineup of an agent per seat; game i puts lineup[(s + i) %
n] on seat s (a team's seats rotate one by one too), and its games are seeded by the suite
seed itself, so they are those of `vsai.ai.lab.arena.run_series(game, lineup, seed=seed)`.

Each finished game is one JSON line of `results.jsonl` in the output folder, appended at once
and keyed by (cell, index): a run that stops for any reason resumes by playing only the
missing games.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import os
import socket
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from vsai.ai import levels
from vsai.ai.lab.arena import play_game
from vsai.ai.base import mix_seed
from vsai.ai.belief import on_off
from vsai.ai.budget import Budget
from vsai.ai.registry import build_agent
from vsai.core import VsaiError
from vsai.core.agent_protocol import ResettableAgent
from vsai.core.match import inform_agent

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State
    from vsai.core.agent_protocol import MovePicker

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

RESULTS = "results.jsonl"
SUITE_COPY = "suite.toml"
# Beside the copy: the suite's name and the file it came from (the copy's own name is fixed).
SUITE_SOURCE = "suite.json"
RECORD_VERSION = 1
# The seed slot of chance outcomes in a game, as in vsai.ai.lab.arena.run_series.
_CHANCE_SLOT = 99


class SuiteError(VsaiError):
    """A malformed suite file or results folder: the message names the file and the fault."""


@dataclass(frozen=True)
class AgentEntry:
    """An agent of a suite: a unique label, a registry name and its options, and the module
    that registers it (`vsai.ai.register_agent`) when it is not one of vsai's own."""

    label: str
    name: str
    options: dict = field(default_factory=dict)
    module: str | None = None
    level: int | None = None  # a level of `vsai play --level`: its budget on each game

    def budget(self, game: Game) -> Budget | None:
        """The budget of this agent's level on `game` (its spec's level_scale applied), or
        None when the agent is not a level."""
        return None if self.level is None else levels.budget(self.level, game.spec)

    def level_options(self, game: Game) -> dict:
        """The search options this agent's level adds on `game` (its spec's level_search), or
        none when the agent is not a level."""
        return levels.search_options(self.name, game.spec) if self.level is not None else {}

    def player_options(self, game: Game) -> dict:
        """The search options `game`'s spec gives this agent at its player count
        (`GameSpec.agent_search`) that neither its own options nor its level set."""
        given = {**self.level_options(game), **self.options}
        return {key: value for key, value in game.spec.agent_options(self.name, game.num_players()).items()
                if key not in given}


# Options added to the agents after results were kept, at the value the games were played with
# before: left out of a cell's key at that value (as GameSpec.key_params leaves out game options),
# so that a suite that names it, to keep its meaning under a newer default, keeps its results.
_LEGACY_OPTIONS = {"belief": "off"}


def _key_options(options: dict) -> dict:
    """`options` as a cell's key holds them: without the legacy ones at their old value (as
    vsai's agents read it: `belief = false` is "off")."""
    return {key: value for key, value in options.items()
            if key not in _LEGACY_OPTIONS or _read_on_off(value) != _LEGACY_OPTIONS[key]}


def _read_on_off(value: Any) -> Any:
    """`value` read as an on/off option, or itself when it is neither (a user's agent may
    give the option its own meaning)."""
    try:
        return on_off(value)
    except ValueError:
        return value


@dataclass(frozen=True)
class GameEntry:
    """A game of a suite: its registry name, the player counts to play and its options."""

    name: str
    players: tuple[int, ...]
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Cell:
    """One combination of the suite: a game variant, a budget and a lineup (an agent label
    per side), played `games` times with rotated sides."""

    key: str                 # stable id: a hash of everything that decides the games
    game: str
    params: dict             # the game's parameters, players included
    sides: tuple[int, ...]   # each seat's side
    budget: Budget           # iterations and/or seconds a move, and the budget's label
    lineup: tuple[str, ...]  # agent label per side (per seat in a match)
    games: int
    seed: int
    by_seat: bool = False    # a match (`[suite] match`): each seat rotates on its own

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.sides)

    @property
    def title(self) -> str:
        """A readable name, e.g. "game 3p, 200 it: a vs b vs b"."""
        return f"{self.game} {self.players}p, {self.budget.label}: {' vs '.join(self.lineup)}"

    def seating(self, index: int) -> tuple[str, ...]:
        """The agent label at each seat in game `index`: sides (in a match, seats) rotated by
        one per game."""
        n = len(self.lineup)
        places = range(len(self.sides)) if self.by_seat else self.sides
        return tuple(self.lineup[(place + index) % n] for place in places)


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game of a cell (picklable, small)."""

    cell: str
    index: int
    game: str
    params: dict
    seats: tuple[AgentEntry, ...]
    budget: Budget
    cell_seed: int
    info: dict               # copied into the record: budget label, lineup, sides


@dataclass
class Suite:
    """A parsed and checked suite file."""

    name: str
    path: Path
    text: str
    seed: int
    games_per_cell: int
    out: Path
    games: list[GameEntry]
    agents: list[AgentEntry]
    budgets: list[Budget]
    matchups: Any
    match: bool = False      # one match as `vsai arena` plays it (see _match_cells)
    cells: list[Cell] = field(default_factory=list)

    def agent(self, label: str) -> AgentEntry:
        """The agent with this label."""
        return next(a for a in self.agents if a.label == label)

    def tasks(self, cell: Cell, indices: Iterable[int]) -> list[GameTask]:
        """The games `indices` of `cell` as tasks for a backend."""
        info = {"budget": cell.budget.label, "lineup": list(cell.lineup), "sides": list(cell.sides),
                "title": cell.title}
        return [GameTask(cell.key, i, cell.game, dict(cell.params),
                         tuple(self.agent(label) for label in cell.seating(i)),
                         cell.budget, cell.seed, info)
                for i in indices]


# ---------------------------------------------------------------------------------------------
# Reading a suite file

# Bounds of what a suite file may ask for (docs/suites.md): a suite file's size, the games of
# one cell (games_per_cell, or a matchup's own games) and of the whole suite.
MAX_SUITE_BYTES = 1 << 20
MAX_GAMES_PER_CELL = 100_000
MAX_SUITE_GAMES = 1_000_000

_SUITE_KEYS = {"name", "seed", "games_per_cell", "out", "matchups", "match"}
_GAME_KEYS = {"name", "players", "options"}
_AGENT_KEYS = {"label", "name", "options", "module", "level"}
_BUDGET_KEYS = {"label", "iterations", "time_limit"}


def load_suite(path: str | os.PathLike, out: str | os.PathLike | None = None) -> Suite:
    """The suite in the TOML file `path`, checked: games, options and agents are tried once
    so that a mistake is reported now, not in a worker. `out` overrides the file's folder.
    SuiteError (a ValueError) with one clear message for anything wrong."""
    path = Path(path)
    return parse_suite(read_suite_text(path), path, out)


def read_suite_text(path: Path) -> str:
    """The text of the suite file `path`: at most MAX_SUITE_BYTES (so /dev/zero is refused,
    not read forever), UTF-8; SuiteError with one clear message otherwise."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SUITE_BYTES + 1)
    except OSError as error:
        raise SuiteError(f"cannot read the suite file {path}: {error.strerror or error}") from None
    if len(data) > MAX_SUITE_BYTES:
        raise SuiteError(f"{path} is larger than {MAX_SUITE_BYTES >> 20} MiB: not a suite file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SuiteError(f"{path} is not UTF-8 text (byte {error.start} is not): "
                         "a suite file is TOML in UTF-8") from None


def parse_suite(text: str, path: str | os.PathLike = "<suite>",
                out: str | os.PathLike | None = None) -> Suite:
    """The suite in TOML `text` (see load_suite); `path` names it in messages."""
    path = Path(path)
    where = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SuiteError(f"{where} is not valid TOML: {error}") from None
    _only(data, {"suite", "games", "agents", "budgets"}, where)
    head = data.get("suite", {})
    _check_kind(head, dict, f"{where}: [suite]")
    _only(head, _SUITE_KEYS, f"{where}: [suite]")
    name = str(head.get("name", path.stem))
    seed = _whole(head.get("seed", 0), f"{where}: [suite] seed", 0)
    per_cell = _whole(head.get("games_per_cell", 10), f"{where}: [suite] games_per_cell", 1,
                      MAX_GAMES_PER_CELL)
    out_path = Path(out) if out is not None else Path(str(head.get("out", f"{path.stem}-results")))
    games = [_game(item, f"{where}: games[{i}]") for i, item in enumerate(_tables(data, "games", where))]
    agents = [_agent(item, f"{where}: agents[{i}]") for i, item in enumerate(_tables(data, "agents", where))]
    budgets = [_budget(item, f"{where}: budgets[{i}]")
               for i, item in enumerate(_tables(data, "budgets", where))]
    if not games:
        raise SuiteError(f"{where}: no [[games]]: name at least one game")
    if not agents:
        raise SuiteError(f"{where}: no [[agents]]: name at least one agent")
    _unique([a.label for a in agents], f"{where}: agents", "label")
    if not budgets:
        budgets = [Budget(label="default")]
    _unique([b.label for b in budgets], f"{where}: budgets", "label")
    suite = Suite(name, path, text, seed, per_cell, out_path, games, agents, budgets,
                  head.get("matchups", "pairs"), _flag(head.get("match", False), f"{where}: [suite] match"))
    suite.cells = _cells(suite, where)
    planned = sum(cell.games for cell in suite.cells)
    if planned > MAX_SUITE_GAMES:
        raise SuiteError(f"{where}: {planned:,} games are planned ({len(suite.cells):,} cells); a suite "
                         f"plays at most {MAX_SUITE_GAMES:,}: split it, or ask fewer games a cell")
    return suite


def _only(table: dict, allowed: set[str], where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise SuiteError(f"{where}: unknown key {', '.join(map(repr, unknown))}; "
                         f"the keys are: {', '.join(sorted(allowed))}")


def _check_kind(value: Any, kind: type, where: str) -> None:
    if not isinstance(value, kind):
        word = {dict: "a table", list: "a list", str: "a string", bool: "true or false"}.get(kind, kind.__name__)
        raise SuiteError(f"{where} must be {word}, not {value!r}")


def _whole(value: Any, where: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bounds = f"from {low:,} to {high:,}" if high is not None else f">= {low}"
        raise SuiteError(f"{where} must be a whole number {bounds}, not {value!r}")
    return value


def _flag(value: Any, where: str) -> bool:
    _check_kind(value, bool, where)
    return value


def _tables(data: dict, key: str, where: str) -> list[dict]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise SuiteError(f"{where}: {key} must be an array of tables ([[{key}]])")
    return items


def _game(item: dict, where: str) -> GameEntry:
    from vsai.core import get_spec, list_games

    _only(item, _GAME_KEYS, where)
    name = item.get("name")
    if name not in list_games():
        raise SuiteError(f"{where}: unknown game {name!r}; the games are: {', '.join(list_games())}")
    spec = get_spec(name)
    players = item.get("players", [spec.defaults()["players"]] if "players" in spec.defaults()
                       else [spec.min_players])
    if isinstance(players, int) and not isinstance(players, bool):
        players = [players]
    _check_kind(players, list, f"{where} players")
    for count in players:
        if isinstance(count, bool) or not isinstance(count, int) or not (
                spec.min_players <= count <= spec.max_players):
            raise SuiteError(f"{where}: {name} seats {spec.min_players} to {spec.max_players} "
                             f"players, not {count!r}")
    options = item.get("options", {})
    _check_kind(options, dict, f"{where} options")
    if "players" in options:
        raise SuiteError(f"{where}: give the player counts as players = [...], not as an option")
    return GameEntry(name, tuple(dict.fromkeys(players)), dict(options))


def _agent(item: dict, where: str) -> AgentEntry:
    from vsai.ai.registry import list_agents

    _only(item, _AGENT_KEYS, where)
    module = item.get("module")
    if module is not None:
        _check_kind(module, str, f"{where} module")
        try:
            _import_agents(module)
        except Exception as error:  # any failure of the user's module: name it, no traceback
            raise SuiteError(f"{where}: cannot import the module {module!r}: "
                             f"{type(error).__name__}: {error}") from None
    name = item.get("name")
    if not isinstance(name, str) or name.strip().lower() not in list_agents():
        raise SuiteError(f"{where}: unknown agent {name!r}; the agents are: {', '.join(list_agents())}")
    options = item.get("options", {})
    _check_kind(options, dict, f"{where} options")
    label = item.get("label", name)
    _check_kind(label, str, f"{where} label")
    if not label.strip():
        raise SuiteError(f"{where}: an agent's label must not be empty")
    number = item.get("level")
    if number is not None:
        number = _whole(number, f"{where} level", 1)
        if number > len(levels.LEVELS):
            raise SuiteError(f"{where} level: the levels are 1 to {len(levels.LEVELS)}, not {number}")
        if {"iterations", "time_limit"} & set(options):
            raise SuiteError(f"{where}: a level sets the budget: give level or options "
                             f"iterations/time_limit, not both")
    return AgentEntry(label.strip(), name.strip().lower(), dict(options), module, number)


def _budget(item: dict, where: str) -> Budget:
    _only(item, _BUDGET_KEYS, where)
    iterations = item.get("iterations")
    seconds = item.get("time_limit")
    if iterations is not None:
        _whole(iterations, f"{where} iterations", 1)
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < float("inf")):
        raise SuiteError(f"{where} time_limit must be a positive number of seconds, not {seconds!r}")
    if iterations is None and seconds is None:
        raise SuiteError(f"{where}: a budget needs iterations and/or time_limit")
    parts = ([f"{iterations} it"] if iterations is not None else []) + \
            ([f"{seconds:g} s"] if seconds is not None else [])
    label = item.get("label", " / ".join(parts))
    _check_kind(label, str, f"{where} label")
    return Budget(iterations, None if seconds is None else float(seconds), label)


def _unique(labels: list[str], where: str, what: str) -> None:
    seen = set()
    for label in labels:
        if label in seen:
            raise SuiteError(f"{where}: the {what} {label!r} is used twice; give each a {what}")
        seen.add(label)


def _lineups(matchups: Any, labels: list[str], sides: int,
             where: str) -> dict[tuple[str, ...], int | None]:
    """The lineups (agent label per side) of a game with `sides` sides, each with its own
    number of games (None: the suite's games_per_cell)."""
    if matchups == "pairs":
        if len(labels) < 2:
            raise SuiteError(f"{where}: matchups = \"pairs\" needs at least two agents")
        lineups = []
        for first, second in itertools.combinations(labels, 2):
            lineups.append((first,) + (second,) * (sides - 1))
            if sides > 2:  # one against a field of the other, both ways round
                lineups.append((second,) + (first,) * (sides - 1))
        return dict.fromkeys(lineups)
    if matchups == "all":
        if len(labels) < sides:
            raise SuiteError(f"{where}: matchups = \"all\" needs at least {sides} agents for "
                             f"{sides} sides, the suite has {len(labels)}")
        return dict.fromkeys(itertools.combinations(labels, sides))
    if not isinstance(matchups, list) or not matchups:
        raise SuiteError(f"{where}: matchups must be \"pairs\", \"all\" or a list of lineups "
                         f"such as [[\"a\", \"b\"]], not {matchups!r}")
    lineups: dict[tuple[str, ...], int | None] = {}
    for entry in matchups:
        games = None
        if isinstance(entry, dict):  # { agents = [...], games = N }: a cell with more games
            _only(entry, {"agents", "games"}, f"{where}: matchup {entry!r}")
            games = _whole(entry.get("games"), f"{where}: matchup {entry!r}: games", 1,
                           MAX_GAMES_PER_CELL)
            entry = entry.get("agents")
        if not isinstance(entry, list) or not all(isinstance(x, str) for x in entry):
            raise SuiteError(f"{where}: a matchup is a list of agent labels (or a table "
                             f"{{ agents = [...], games = N }}), not {entry!r}")
        for label in entry:
            if label not in labels:
                raise SuiteError(f"{where}: matchup {entry!r} names {label!r}, which is no "
                                 f"agent's label; the labels are: {', '.join(labels)}")
        if len(entry) == 2:
            lineup = (entry[0],) + (entry[1],) * (sides - 1)
        elif len(entry) == sides:
            lineup = tuple(entry)
        else:
            raise SuiteError(f"{where}: matchup {entry!r} has {len(entry)} agents: give 2 (the "
                             f"first against a field of the second) or one per side ({sides})")
        if lineup not in lineups or games is not None:
            lineups[lineup] = games
    return lineups


def _cells(suite: Suite, where: str) -> list[Cell]:
    from vsai.core import load_game

    cells = []
    for entry in suite.games:
        for players in entry.players:
            try:
                game = load_game(entry.name, players=players, **entry.options)
            except ValueError as error:
                raise SuiteError(f"{where}: game {entry.name} with {players} players: {error}") from None
            cells += game_cells(suite, game, where)
    if suite.match and (len(cells) != 1 or len(cells[0].lineup) != cells[0].players):
        raise SuiteError(f"{where}: a match (match = true) is one game, one player count, one "
                         f"budget and one lineup of an agent per seat")
    seen: dict[str, Cell] = {}
    for cell in cells:
        if cell.key in seen:
            raise SuiteError(f"{where}: the cell {cell.title} comes twice: is a game listed twice "
                             f"with the same players and options, or a budget twice?")
        seen[cell.key] = cell
    return cells


def game_cells(suite: Suite, game: Game, where: str = "<suite>") -> list[Cell]:
    """The cells of `suite` on `game` (one of its games, with one player count): every agent
    is tried with every budget first, so that a bad option is a SuiteError now."""
    labels = [a.label for a in suite.agents]
    # Options added after results were kept are left out at their default (Param.quiet_default).
    params = game.spec.key_params(game.get_parameters())
    sides = tuple(game.sides())
    for agent in suite.agents:
        for budget in suite.budgets:
            try:
                _make(agent, game, 0, budget)
            except (ValueError, TypeError) as error:
                raise SuiteError(f"{where}: agent {agent.label!r} on {game.name}: {error}") from None
    places = len(sides) if suite.match else max(sides) + 1
    lineups = _lineups(suite.matchups, labels, places, f"{where}: [suite] matchups")
    cells = []
    for budget in suite.budgets:
        for lineup, games in lineups.items():
            # A level's budget and search options on this game are part of what decides the
            # games (the options only when the game sets some).
            identity = {"seed": suite.seed, "game": game.name, "params": params,
                        **({"match": True} if suite.match else {}),
                        "budget": [budget.iterations, budget.time_limit],
                        "lineup": [[a.label, a.name, _key_options(a.options)]
                                   + ([a.module] if a.module else [])
                                   + ([a.level, a.budget(game).iterations, a.budget(game).time_limit]
                                      if a.level else [])
                                   + ([a.level_options(game)] if a.level_options(game) else [])
                                   + ([a.player_options(game)] if a.player_options(game) else [])
                                   for a in map(suite.agent, lineup)]}
            digest = hashlib.sha256(json.dumps(identity, sort_keys=True, default=str)
                                    .encode()).hexdigest()[:16]
            # A match's games are seeded by its own seed, as run_series seeds them.
            seed = suite.seed if suite.match else mix_seed(suite.seed, int(digest, 16))
            cells.append(Cell(digest, game.name, params, sides, budget, lineup,
                              games or suite.games_per_cell, seed, suite.match))
    return cells


def select_cells(suite: Suite, games: Sequence[str] = (), agents: Sequence[str] = ()) -> Suite:
    """The suite with only some of its cells: those of the `games` named (all when empty) whose
    agents all have labels among `agents` (all when empty). A cell keeps its key and seeds, so
    running a selection plays the very games the whole suite would, and the rest can follow
    later (e.g. a ladder measured level by level). SuiteError for a name the suite lacks."""
    where = str(suite.path)
    names = {g.name for g in suite.games}
    for name in games:
        if name not in names:
            raise SuiteError(f"{where} has no game {name!r}; its games are: {', '.join(sorted(names))}")
    labels = [a.label for a in suite.agents]
    for label in agents:
        if label not in labels:
            raise SuiteError(f"{where} has no agent labelled {label!r}; the labels are: {', '.join(labels)}")
    cells = [c for c in suite.cells
             if (not games or c.game in games) and (not agents or set(c.lineup) <= set(agents))]
    if not cells:
        raise SuiteError(f"{where}: no cell has only these games and agents")
    return replace(suite, cells=cells)


# ---------------------------------------------------------------------------------------------
# Playing one game (in a worker)

class Timed:
    """An agent wrapper adding up the time spent in `step` and the moves made (the arena and
    the suites report think time with it)."""

    def __init__(self, agent: MovePicker):
        self.agent = agent
        self.seconds = 0.0
        self.moves = 0

    def step(self, state: State) -> int:
        """The wrapped agent's move, timed."""
        start = time.perf_counter()
        action = self.agent.step(state)
        self.seconds += time.perf_counter() - start
        self.moves += 1
        return action

    def inform_action(self, state: State, player: int, action: int) -> None:
        """Tell the wrapped agent of a move (timed: a belief's update is thinking too)."""
        start = time.perf_counter()
        inform_agent(self.agent, state, player, action)
        self.seconds += time.perf_counter() - start

    def reset(self) -> None:
        """Reset the wrapped agent (a new game), when it keeps anything between games."""
        if isinstance(self.agent, ResettableAgent):
            self.agent.reset()


def _import_agents(module: str) -> None:
    """Import a module that registers agents (once per process: Python caches modules)."""
    import importlib

    importlib.import_module(module)


def _make(agent: AgentEntry, game: Game, seed: int, budget: Budget) -> MovePicker:
    """The agent `agent` for one game: a level of the ladder plays its own budget on `game`,
    any other agent the cell's `budget` (unless its options set their own)."""
    if agent.module:  # a worker process registers the user's agents before making one
        _import_agents(agent.module)
    return build_agent(agent.name, game, seed=seed, budget=agent.budget(game) or budget,
                       options=agent.options)


def play_task(task: GameTask, game: Game | None = None) -> dict:
    """Play one game of a cell and return its record (a JSON-ready dict); `game` is the cell's
    game when the caller holds it already (run_series), else it is loaded by name.

    Seeds follow vsai.ai.lab.arena.run_series with the cell's seed: the agent at seat s of game i
    is seeded mix_seed(cell_seed, i, s), chance outcomes mix_seed(cell_seed, i, 99).
    """
    from vsai.core import get_spec, load_game

    if game is None:
        # a cell's params leave out options at their legacy value (GameSpec.key_params)
        game = load_game(task.game, **get_spec(task.game).saved_params(task.params))
    agents = [Timed(_make(entry, game, mix_seed(task.cell_seed, task.index, seat),
                           task.budget))
              for seat, entry in enumerate(task.seats)]
    started = time.perf_counter()
    chance_seed = mix_seed(task.cell_seed, task.index, _CHANCE_SLOT)
    record = play_game(game, agents, chance_seed)
    final = game.new_initial_state()
    final.apply_actions(record.actions)
    return {"v": RECORD_VERSION, "cell": task.cell, "index": task.index, "game": task.game,
            "params": task.params, **task.info, "seed": chance_seed,
            "seats": [entry.label for entry in task.seats],
            "agents": [entry.name for entry in task.seats],
            "returns": list(record.returns), "scores": [float(v) for v in final.scores()],
            "moves": [a.moves for a in agents], "think": [round(a.seconds, 6) for a in agents],
            "seconds": round(time.perf_counter() - started, 6), "actions": list(record.actions),
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


# ---------------------------------------------------------------------------------------------
# The results file

def record_problem(record: Any) -> str | None:
    """What is wrong with a results line's record (a missing or garbled field), or None."""
    if not isinstance(record, dict):
        return "not a JSON object"
    for key, kind in (("cell", str), ("index", int), ("game", str), ("params", dict), ("budget", str)):
        value = record.get(key)
        if isinstance(value, bool) or not isinstance(value, kind):
            return f"'{key}' is missing or not a {kind.__name__}"
    seats = record.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        return "'seats' is missing or not a list of agent labels"
    lineup = record.get("lineup")
    if not isinstance(lineup, list) or not all(isinstance(s, str) for s in lineup):
        return "'lineup' is missing or not a list of agent labels"
    for key, number in (("returns", float), ("scores", float), ("think", float), ("moves", int), ("sides", int)):
        values = record.get(key)
        if (not isinstance(values, list) or len(values) != len(seats)
                or not all(_is_number(v, number) for v in values)):
            return f"'{key}' is missing or not {len(seats)} numbers, one a seat"
    return None


def _is_number(value: Any, kind: type) -> bool:
    if isinstance(value, bool):
        return False
    if kind is int:
        return isinstance(value, int)
    return isinstance(value, (int, float)) and math.isfinite(value)


def read_results(folder: str | os.PathLike, repair: bool = False,
                 skipped: list[tuple[int, str]] | None = None) -> list[dict]:
    """The game records in `folder`/results.jsonl (none if it does not exist).

    A line cut short by a crash or a kill can only be the last one: it is skipped, and with
    `repair` removed from the file so that appending goes on cleanly. A bad line anywhere else
    (not JSON, or a record with a missing or garbled field) is a SuiteError; or, when a list
    `skipped` is given (the report), it is skipped and (line number, what is wrong) added."""
    path = Path(folder) / RESULTS
    if not path.exists():
        return []
    raw = path.read_bytes()
    records = []
    offset = 0
    lines = raw.split(b"\n")
    for number, line in enumerate(lines, 1):
        last = number == len(lines)
        try:
            if line.strip():
                record = json.loads(line)
                problem = record_problem(record)
                if problem is not None:
                    raise ValueError(problem)
                records.append(record)
            offset += len(line) + (0 if last else 1)
        except (ValueError, RecursionError) as error:
            if skipped is not None and not repair:
                skipped.append((number, "not JSON" if not isinstance(error, ValueError)
                                or isinstance(error, json.JSONDecodeError) else str(error)))
                offset += len(line) + (0 if last else 1)
                continue
            if not (last or (number == len(lines) - 1 and not lines[-1])):
                raise SuiteError(f"{path}: line {number} is not a game record; the file was "
                                 f"changed by hand or by another program") from None
            if repair:
                with open(path, "r+b") as handle:
                    handle.truncate(offset)
            return records
    if repair and raw and not raw.endswith(b"\n"):
        # A whole record whose newline was cut off: end the line, or the next one joins it.
        with open(path, "ab") as handle:
            handle.write(b"\n")
    return records


class ResultsWriter:
    """Appends game records to results.jsonl, each flushed to the OS at once (a crash of
    this process loses nothing) and synced to disk at least once a second."""

    def __init__(self, folder: str | os.PathLike):
        self.path = Path(folder) / RESULTS
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = open(self.path, "a", encoding="utf-8")
        self._synced = time.monotonic()

    def write(self, record: dict) -> None:
        """Append one record as one line."""
        self._file.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._file.flush()
        if time.monotonic() - self._synced > 1.0:
            os.fsync(self._file.fileno())
            self._synced = time.monotonic()

    def close(self) -> None:
        """Sync and close."""
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()


# ---------------------------------------------------------------------------------------------
# Running a suite

@dataclass
class RunSummary:
    """What a run did: games already recorded, games played now, cells and seconds."""

    total: int
    already: int
    played: int = 0
    cells: int = 0
    seconds: float = 0.0


# progress(cells_done, cells_total, games_done, games_total, games_played_this_run)
ProgressHook = Callable[[int, int, int, int, int], None]


def missing(suite: Suite, records: Sequence[dict]) -> list[GameTask]:
    """The tasks of the games not yet in `records`, cell by cell."""
    done = {(r["cell"], r["index"]) for r in records}
    tasks = []
    for cell in suite.cells:
        tasks.extend(suite.tasks(cell, (i for i in range(cell.games) if (cell.key, i) not in done)))
    return tasks


def run_suite(suite: Suite, out: str | os.PathLike, backend: Any,
              progress: ProgressHook | None = None) -> RunSummary:
    """Play the games of `suite` missing from `out`/results.jsonl with `backend` (see
    vsai.ai.lab.backends), appending each record as it arrives. Interrupting (Ctrl-C) raises
    KeyboardInterrupt after the backend has stopped; every finished game is kept."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    lock = _lock(out)
    try:
        return _run_locked(suite, out, backend, progress)
    finally:
        lock.close()


def _lock(out: Path) -> Any:
    """An exclusive lock on the results folder for the run: two runs appending to one
    results.jsonl would play the same games twice and could interleave their lines."""
    handle = open(out / ".lock", "w")
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no lock
        return handle
    try:
        # A POSIX lock belongs to this process alone: forked workers do not inherit it, so it
        # ends with this process even while killed workers are still going away.
        fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise SuiteError(f"another run is writing to {out}: wait for it, or stop it first") from None
    return handle


def _run_locked(suite: Suite, out: Path, backend: Any, progress: ProgressHook | None) -> RunSummary:
    (out / SUITE_COPY).write_text(suite.text, encoding="utf-8")
    (out / SUITE_SOURCE).write_text(json.dumps({"name": suite.name, "file": str(suite.path)}) + "\n",
                                    encoding="utf-8")
    records = read_results(out, repair=True)
    keys = {c.key for c in suite.cells}
    current = [r for r in records if r["cell"] in keys]
    tasks = missing(suite, current)
    total = sum(c.games for c in suite.cells)
    summary = RunSummary(total, total - len(tasks), cells=len(suite.cells))
    left = {}
    for task in tasks:
        left[task.cell] = left.get(task.cell, 0) + 1
    cells_done = len(suite.cells) - len(left)
    started = time.monotonic()
    if progress is not None:
        progress(cells_done, len(suite.cells), summary.already, total, 0)
    writer = ResultsWriter(out)
    try:
        for record in backend.run(tasks):
            writer.write(record)
            summary.played += 1
            left[record["cell"]] -= 1
            if not left[record["cell"]]:
                cells_done += 1
            if progress is not None:
                progress(cells_done, len(suite.cells), summary.already + summary.played, total,
                         summary.played)
    finally:
        writer.close()
        summary.seconds = time.monotonic() - started
    return summary


def suite_records(folder: str | os.PathLike,
                  skipped: list[tuple[int, str]] | None = None) -> tuple[Suite | None, list[dict]]:
    """The suite copied into a results folder (None if absent) and the records of its cells
    (all records when there is no copy), in a fixed order: by cell as the suite lists them,
    then by game index, so that anything computed from them is independent of the order the
    games finished in. With a list `skipped`, bad lines are skipped and listed there (see
    `read_results`) instead of refusing the file."""
    folder = Path(folder)
    if not folder.is_dir():
        raise SuiteError(f"{folder} is not a folder of suite results")
    if not (folder / RESULTS).exists():
        raise SuiteError(f"{folder} holds no {RESULTS}: run `vsai suite run` first")
    records = read_results(folder, skipped=skipped)
    suite = None
    copy = folder / SUITE_COPY
    if copy.exists():
        suite = parse_suite(read_suite_text(copy), copy, folder)
        try:
            suite.name = str(json.loads((folder / SUITE_SOURCE).read_text(encoding="utf-8"))["name"])
        except (OSError, ValueError, KeyError, TypeError):
            pass  # the name from the copy: its [suite] name, else "suite"
        order = {c.key: n for n, c in enumerate(suite.cells)}
        records = [r for r in records if r["cell"] in order]
    else:
        order = {}
        for r in records:
            order.setdefault(r["cell"], len(order))
    unique = {(r["cell"], r["index"]): r for r in records}
    return suite, [unique[k] for k in sorted(unique, key=lambda k: (order[k[0]], k[1]))]
