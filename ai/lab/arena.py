"""Matches between agents: one game, rotated series, win rates with Wilson intervals.

    >>> from vsai.core import list_games, load_game
    >>> from vsai.ai.lab.arena import Entrant, run_series
    >>> game = load_game(list_games()[0], players=2)
    >>> result = run_series(game, ["ismcts", "random"], games=20, seed=1, iterations=1000)
    >>> print(result.summary())

In a series the lineup has one entrant per seat; game g seats entrant (s + g) % n at seat s,
so every entrant plays every seat equally often over n games. Agents are made afresh for each
game with seeds derived from the series seed, so each game is reproducible on its own.

A series is a one-cell suite (`match_suite`: `[suite] match = true`, vsai.ai.lab.suite), played
by the suite's own game task; `vsai arena` runs the same suite on the suite's backends.
"""
from __future__ import annotations

import json
import math
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from vsai.ai.budget import Budget
from vsai.ext.errors import InvalidArgumentError
from vsai.core import sample_chance
from vsai.core.match import inform_agent

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.core.agent_protocol import MovePicker


@dataclass(frozen=True)
class Entrant:
    """An agent in a series: its registry name, options, and a label for reports."""

    name: str
    options: dict = field(default_factory=dict)
    label: str = ""

    @property
    def title(self) -> str:
        """The label, or the name with its options."""
        if self.label:
            return self.label
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))


@dataclass(frozen=True)
class GameResult:
    """One played game's outcome: the seed of its chance outcomes, the entrant index at each
    seat, each seat's return, the actions played (chance outcomes included) in order and the
    number of decisions. (A saved game that replays is a `vsai.core.record.GameResult`.)"""

    seed: int
    seats: tuple[int, ...]
    returns: tuple[float, ...]
    actions: tuple[int, ...]
    decisions: int


@dataclass
class SeriesResult:
    """The games of a series and each entrant's total share of wins."""

    entrants: list[Entrant]
    records: list[GameResult] = field(default_factory=list)

    def shares(self) -> list[float]:
        """Each entrant's summed returns (a shared win counts as a fraction)."""
        totals = [0.0] * len(self.entrants)
        for record in self.records:
            for seat, entrant in enumerate(record.seats):
                totals[entrant] += record.returns[seat]
        return totals

    def win_rate(self, entrant: int) -> tuple[float, float, float]:
        """(rate, low, high): the entrant's mean share of wins per game and its 95% Wilson
        interval."""
        games = len(self.records)
        share = self.shares()[entrant]
        low, high = wilson_interval(share, games)
        return (share / games if games else 0.0), low, high

    def summary(self) -> str:
        """One line per entrant: win rate and interval over the games played."""
        lines = []
        for index, entrant in enumerate(self.entrants):
            rate, low, high = self.win_rate(index)
            lines.append(f"{entrant.title:<28} {100 * rate:5.1f}%  "
                         f"[{100 * low:5.1f}, {100 * high:5.1f}]  over {len(self.records)} games")
        return "\n".join(lines)


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% with z = 1.96); `successes` may be
    fractional (shared wins)."""
    if trials <= 0:
        return 0.0, 1.0
    p = min(max(successes / trials, 0.0), 1.0)
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(game: Game, agents: Sequence[MovePicker], seed: int,
              on_action: Callable[[Any, int], None] | None = None) -> GameResult:
    """Play one game from the initial state: agents[s] plays seat s, chance outcomes are drawn
    by their probabilities from a generator seeded with `seed`. `on_action(state, action)` is
    called before each action is applied, and every agent's `inform_action`. Seats are
    recorded as 0..n-1."""
    state = game.new_initial_state()
    if len(agents) != state.num_players():
        raise ValueError(f"this game has {state.num_players()} seats, {len(agents)} agents were given")
    chance = random.Random(seed)
    for agent in agents:
        agent.reset()
    actions = []
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, chance)
        else:
            action = agents[state.current_player()].step(state.clone())
            decisions += 1
        if on_action is not None:
            on_action(state, action)
        for agent in agents:  # every seat is told every move (what it may see of it)
            inform_agent(agent, state, state.current_player(), action)
        state.apply_action(action)
        actions.append(action)
    return GameResult(seed, tuple(range(len(agents))), tuple(state.returns()), tuple(actions),
                      decisions)


def _entrant(spec: Any) -> Entrant:
    if isinstance(spec, Entrant):
        return spec
    if isinstance(spec, str):
        return Entrant(spec.strip().lower())
    if isinstance(spec, (tuple, list)) and len(spec) == 2 and isinstance(spec[1], dict):
        return Entrant(str(spec[0]).strip().lower(), dict(spec[1]))
    raise ValueError(f"an entrant is an agent name, (name, options) or Entrant, not {spec!r}")


def seat_labels(titles: Sequence[str]) -> list[str]:
    """One label a seat from the entrants' titles, the same title twice kept apart (a prime)."""
    labels: list[str] = []
    for title in titles:
        label = title
        while label in labels:
            label += "'"
        labels.append(label)
    return labels


def match_suite(game: Game, entrants: Sequence[Entrant], budget: Budget, games: int, seed: int,
                labels: Sequence[str] | None = None) -> Any:
    """The series of `entrants` (one a seat, labelled `labels`, by default their titles) on
    `game` as a one-cell suite (`[suite] match = true`): its one cell plays the very games of
    run_series with this seed and budget. Its text, written to a results folder, parses back
    to the same cell, so that `vsai suite run`/`report` resume and report a match."""
    from vsai.ai.lab.suite import AgentEntry, GameEntry, Suite, game_cells

    labels = list(labels) if labels is not None else seat_labels([e.title for e in entrants])
    options = {k: v for k, v in game.get_parameters().items() if k != "players"}
    suite = Suite("arena", Path("<arena>"), "", seed, games, Path("."),
                  [GameEntry(game.name, (game.num_players(),), options)],
                  [AgentEntry(label, e.name, dict(e.options)) for label, e in zip(labels, entrants)],
                  [replace(budget, label=budget.label or budget.describe())], [labels], True)
    suite.text = _suite_text(suite)
    suite.cells = game_cells(suite, game, "<arena>")
    return suite


def _suite_text(suite: Any) -> str:
    """`suite` (a match) as a suite file."""
    budget = suite.budgets[0]
    lines = ["[suite]", f"name = {_toml(suite.name)}", f"seed = {suite.seed}",
             f"games_per_cell = {suite.games_per_cell}", "match = true",
             f"matchups = {_toml(suite.matchups)}", "", "[[games]]"]
    entry = suite.games[0]
    lines += [f"name = {_toml(entry.name)}", f"players = {_toml(list(entry.players))}",
              f"options = {_toml(entry.options)}", ""]
    for agent in suite.agents:
        lines += ["[[agents]]", f"label = {_toml(agent.label)}", f"name = {_toml(agent.name)}",
                  f"options = {_toml(agent.options)}", ""]
    if budget.iterations is not None or budget.time_limit is not None:
        lines += ["[[budgets]]", f"label = {_toml(budget.label)}"]
        lines += [f"iterations = {budget.iterations}"] if budget.iterations is not None else []
        lines += [f"time_limit = {_toml(budget.time_limit)}"] if budget.time_limit is not None else []
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    """A TOML value: a bool, number, string, list or table (as an inline table)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if math.isfinite(value) else ("nan" if value != value else
                                                         ("inf" if value > 0 else "-inf"))
    if isinstance(value, str):  # TOML's basic strings take JSON's escapes, DEL escaped too
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    raise ValueError(f"{value!r} cannot be written in a suite file")


def run_series(game: Game, lineup: Sequence[Any], games: int, seed: int = 0, *,
               iterations: int | None = None, time_limit: float | None = None,
               parallel: int = 1,
               progress: Callable[[int, int, GameResult], None] | None = None) -> SeriesResult:
    """Play `games` games with the lineup's seats rotated (see the module docstring).

    `lineup` has one entrant per seat: agent names, (name, options) pairs or Entrants.
    `iterations` / `time_limit` are the budget of entrants whose options do not set one.
    `parallel` games run at once in threads (the searches release the GIL).
    `progress(done, games, result)` is called after each game.
    """
    from vsai.ai.lab.suite import SuiteError, play_task

    entrants = [_entrant(spec) for spec in lineup]
    players = game.num_players()
    if len(entrants) != players:
        raise ValueError(f"{game} has {players} seats: give {players} entrants, not {len(entrants)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    if isinstance(parallel, bool) or not isinstance(parallel, int) or parallel < 1:
        raise ValueError(f"parallel must be a positive whole number, not {parallel!r}")
    labels = seat_labels([e.title for e in entrants])
    try:  # fails early on bad names or options
        suite = match_suite(game, entrants, Budget(iterations, time_limit), games, seed, labels)
    except SuiteError as error:
        raise InvalidArgumentError(str(error).removeprefix("<arena>: ")) from None
    cell = suite.cells[0]
    result = SeriesResult(entrants)

    def one(task: Any) -> GameResult:
        record = play_task(task, game)
        return GameResult(record["seed"], tuple(labels.index(label) for label in record["seats"]),
                          tuple(record["returns"]), tuple(record["actions"]), sum(record["moves"]))

    tasks = suite.tasks(cell, range(games))
    with ThreadPoolExecutor(parallel) as pool:
        for record in (map(one, tasks) if parallel == 1 else pool.map(one, tasks)):
            result.records.append(record)
            if progress is not None:
                progress(len(result.records), games, record)
    return result
