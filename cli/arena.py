"""`vsai arena GAME --agents A,B`: AI-against-AI matches with rotated seats and a results table."""
from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from vsai.ai.lab.arena import wilson_interval
from vsai.ai.lab.ratings import side_results
from vsai.ai.lab.suite import Timed
from vsai.ai.lab.workers import worker_init
from vsai.cli import agents as agent_api
from vsai.cli import options
from vsai.cli.console import stderr_console, stdout_console
from vsai.cli.signals import terminate_as_interrupt


@dataclass
class GameResult:
    """One finished game: who sat where, and per seat the return, score, think time and moves."""

    index: int
    labels: list[str]          # agent label per seat
    returns: list[float]
    scores: list[float]
    think_seconds: list[float]
    moves: list[int]


@dataclass
class Tally:
    """One agent's totals over the match."""

    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    think_seconds: float = 0.0
    moves: int = 0
    seats: dict[int, int] = field(default_factory=dict)

    def add(self, seat: int, ret: float, score: float, seconds: float, moves: int) -> None:
        """Count one game played at `seat`."""
        self.games += 1
        self.wins += ret
        self.score += score
        self.think_seconds += seconds
        self.moves += moves
        self.seats[seat] = self.seats.get(seat, 0) + 1


def seating(index: int, labels: list[str]) -> list[str]:
    """The agents by seat in game `index`: rotated by one seat per game."""
    n = len(labels)
    return [labels[(seat + index) % n] for seat in range(n)]


def play_game(game_name: str, params: dict, specs: dict[str, options.AgentSpec], labels: list[str],
              budget: options.Budget, seed: int, index: int) -> GameResult:
    """Play game `index` of a match with vsai.ai.lab.arena's game loop (top-level, for workers).

    Seeds follow `vsai.ai.lab.arena.run_series`, so a match here replays the same games.
    """
    from vsai.ai.lab.arena import play_game as run_one
    from vsai.ai.base import mix_seed
    from vsai.core import load_game

    game = load_game(game_name, **params)
    seats = seating(index, labels)
    agents = [Timed(agent_api.build(specs[label], game, mix_seed(seed, index, s), budget, "--agents"))
              for s, label in enumerate(seats)]
    record = run_one(game, agents, mix_seed(seed, index, 99))
    final = game.new_initial_state()
    final.apply_actions(record.actions)
    return GameResult(index, seats, list(record.returns), [float(v) for v in final.scores()],
                      [a.seconds for a in agents], [a.moves for a in agents])


def run_games(game_name: str, params: dict, specs: dict[str, options.AgentSpec], labels: list[str],
              budget: options.Budget, seed: int, games: int, workers: int) -> Iterator[GameResult]:
    """Every game of the match, in completion order, in `workers` processes (1 = this process;
    never more processes than games or cores).

    On Ctrl-C (or when the caller stops iterating) the worker processes are terminated at
    once: the games they were playing are dropped, the finished ones were already yielded.
    """
    args = (game_name, params, specs, labels, budget, seed)
    workers = max(1, min(workers, games, os.cpu_count() or 1))
    if workers == 1:
        for index in range(games):
            yield play_game(*args, index)
        return
    pool = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn").Pool(
        workers, initializer=worker_init, initargs=(os.getpid(),))
    try:
        yield from pool.imap_unordered(_play_indexed, [(args, index) for index in range(games)])
        pool.close()
    finally:
        # A second Ctrl-C (or SIGTERM) waits for this.
        previous = {s: signal.signal(s, signal.SIG_IGN) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            pool.terminate()
            pool.join()
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)


def _play_indexed(job: tuple) -> GameResult:
    args, index = job
    return play_game(*args, index)


def tally(results: list[GameResult], labels: list[str]) -> dict[str, Tally]:
    """Per-agent totals: each game counts once for an agent, with the returns of all the seats
    it held added up (so a team's result is counted once, not once per seat)."""
    totals = {label: Tally() for label in labels}
    for result in results:
        for label in set(result.labels):
            seats = [s for s, held in enumerate(result.labels) if held == label]
            totals[label].add(seats[0], sum(result.returns[s] for s in seats),
                              sum(result.scores[s] for s in seats) / len(seats),
                              sum(result.think_seconds[s] for s in seats),
                              sum(result.moves[s] for s in seats))
            for seat in seats[1:]:
                totals[label].seats[seat] = totals[label].seats.get(seat, 0) + 1
    return totals


def summary(game_name: str, games: int, totals: dict[str, Tally]) -> dict[str, Any]:
    """The --json object."""
    results = {}
    for label, t in totals.items():
        lo, hi = wilson_interval(t.wins, t.games)
        results[label] = {"wins": round(t.wins, 6), "win_rate": round(t.wins / t.games, 6) if t.games else 0.0,
                          "ci95": [round(lo, 6), round(hi, 6)],
                          "mean_score": round(t.score / t.games, 6) if t.games else 0.0,
                          "mean_think_seconds": round(t.think_seconds / t.moves, 6) if t.moves else 0.0,
                          "games": t.games, "seats": {str(s): c for s, c in sorted(t.seats.items())}}
    return {"game": game_name, "games": games, "results": results}


def _labels(specs: list[str]) -> tuple[list[str], dict[str, options.AgentSpec]]:
    labels: list[str] = []
    parsed: dict[str, options.AgentSpec] = {}
    for text in specs:
        spec = options.parse_agent(text, "--agents")
        label = text.strip()
        while label in parsed:
            label += "'"  # the same agent twice: keep them apart
        labels.append(label)
        parsed[label] = spec
    return labels, parsed


@click.command("arena", short_help="AI-against-AI matches: win rates with 95% intervals.")
@click.argument("game_name", metavar="GAME")
@click.option("--agents", "agent_list", required=True, metavar="A,B[,C,D]",
              help="One agent per seat, each NAME or NAME:KEY=VALUE;... (e.g. ismcts:iterations=5000).")
@click.option("--games", type=options.GAMES, default=20, show_default=True, help="Games to play.")
@click.option("--seed", type=options.SEED, default=0, show_default=True, help="Seed of the whole match.")
@click.option("--iterations", type=options.ITERATIONS,
              help="Search iterations per move, every agent (200 when neither this nor --think-time is given).")
@click.option("--think-time", type=options.SECONDS, help="Seconds per move, every agent.")
@click.option("--workers", type=options.WORKERS, default=1, show_default=True, help="Parallel processes.")
@click.option("--option", "-o", "game_options", multiple=True, metavar="KEY=VALUE", help="A game variant option.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the table.")
def arena(game_name: str, agent_list: str, games: int, seed: int, iterations: int | None,
          think_time: float | None, workers: int, game_options: tuple[str, ...], as_json: bool) -> None:
    """Play AI-against-AI games of GAME, rotating the seats, and report the results.

    Agents are separated by commas; an agent's own options follow a colon, separated by `;` or
    commas: `--agents "ismcts:iterations=5000;exploration=0.5,heuristic"`.
    """
    texts = [t.replace(";", ",") for t in agent_list.split(",")]
    texts = _regroup(texts)
    spec = options.game_spec(game_name)
    if not spec.min_players <= len(texts) <= spec.max_players:
        raise click.BadParameter(f"{game_name} seats {spec.min_players} to {spec.max_players}: give "
                                 f"that many agents, not {len(texts)}", param_hint="--agents")
    labels, specs = _labels(texts)
    game = options.load_game(game_name, len(labels), game_options)
    budget = options.Budget(iterations, think_time) if iterations or think_time else options.Budget(200, None)
    # Fail on a bad agent option now, with a usage error, not inside a worker.
    for label in labels:
        agent_api.build(specs[label], game, 0, budget, "--agents")
    err = stderr_console()
    if games % len(labels):
        err.print(f"note: {games} games is not a multiple of {len(labels)} seats; seats are not perfectly balanced")
    results: list[GameResult] = []
    columns = [TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    interrupted = False
    previous_handler = signal.getsignal(signal.SIGINT)
    try:
        with terminate_as_interrupt(), \
                Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task("arena", total=games)
            for result in run_games(game.name, game.get_parameters(), specs, labels, budget, seed, games, workers):
                results.append(result)
                progress.advance(task)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: report the games finished so far; more
        signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C or SIGTERM cannot cut that short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        interrupted = True
        err.print(f"Interrupted: {len(results)} of {games} games were played.")
    own = any({"iterations", "time_limit"} & set(spec.options) for spec in specs.values())
    _report(game, results, labels, budget, as_json, own)
    if interrupted:  # the process is on its way out: a further Ctrl-C stays ignored
        raise SystemExit(130)
    signal.signal(signal.SIGINT, previous_handler)


def _report(game: Any, results: list[GameResult], labels: list[str], budget: options.Budget,
            as_json: bool, own_budgets: bool = False) -> None:
    """Print the match's results: the table (and by side for team games), or one JSON object.
    `own_budgets`: some agent sets its own iterations or time limit, which the title says."""
    data = summary(game.name, len(results), tally(results, labels))
    if game.teams():
        sides = game.sides()
        names = ["+".join(n for s, n in enumerate(game.seat_names()) if sides[s] == side)
                 for side in range(max(sides) + 1)]
        data["sides"] = side_results(((r.labels, sides, r.returns) for r in results), names,
                                     who="agents", against=False)
    if as_json:
        click.echo(json.dumps(data))
    else:
        _print_table(data, budget, own_budgets)


def side_table(rows: list[dict[str, Any]], who: str) -> Table:
    """The by-side results of a game with teams: one row per side and the agent(s) in column
    `who` ("agents" in the arena, "agent" in suites), wins counted once per game."""
    table = Table(title="By side (a team's result counts once per game)", title_justify="left")
    against = any("against" in r for r in rows)  # suites: each side's opponents apart
    names = ("side", who) + (("against",) if against else ())
    for column in names + ("games", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if column in names else "right")
    for r in rows:
        lo, hi = r["ci95"]
        table.add_row(r["side"], r[who], *((r.get("against", ""),) if against else ()), str(r["games"]),
                      f"{r['wins']:g}", f"{r['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}")
    return table


def _regroup(parts: list[str]) -> list[str]:
    """Rejoin `name:k=v,k2=v2` pieces that the split on `,` separated (a piece with '=' but no ':')."""
    grouped: list[str] = []
    for part in parts:
        if grouped and "=" in part and ":" not in part and ":" in grouped[-1]:
            grouped[-1] += "," + part
        else:
            grouped.append(part)
    return grouped


def _print_table(data: dict[str, Any], budget: options.Budget, own_budgets: bool) -> None:
    where = " unless an agent sets its own" if own_budgets else ""
    table = Table(title=f"{data['game']}: {data['games']} games, {budget.describe()} per move{where}",
                  title_justify="left")
    table.add_column("agent", overflow="fold", min_width=min(max(len(k) for k in data["results"]), 20))
    for column in ("wins", "win rate", "95% interval", "mean score", "think/move"):
        table.add_column(column, justify="right")
    for label, r in data["results"].items():
        lo, hi = r["ci95"]
        table.add_row(label, f"{r['wins']:g}", f"{r['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}",
                      f"{r['mean_score']:.1f}", f"{r['mean_think_seconds'] * 1000:.1f} ms")
    console = stdout_console(piped_width=120)
    console.print(table)
    if data.get("sides"):
        console.print(side_table(data["sides"], "agents"))
