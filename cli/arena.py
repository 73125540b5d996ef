"""`vsai arena GAME --agents A,B`: AI-against-AI matches with rotated seats and a results table."""
from __future__ import annotations

import json
import shutil
import signal
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from vsai.ai.budget import Budget
from vsai.ai.lab.arena import Entrant, match_suite, seat_labels, wilson_interval
from vsai.ai.lab.backends import LocalBackend, RayBackend
from vsai.ai.lab.ratings import side_results
from vsai.ai.lab.suite import SuiteError, read_results, run_suite
from vsai.cli import agents as agent_api
from vsai.cli import options
from vsai.cli.console import stderr_console, stdout_console
from vsai.cli.signals import terminate_as_interrupt

if TYPE_CHECKING:
    from vsai.core.game import Game


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


def tally(records: list[dict], labels: list[str]) -> dict[str, Tally]:
    """Per-agent totals of a match's game records (vsai.ai.lab.suite.play_task): each game
    counts once for an agent, with the returns of all the seats it held added up (so a team's
    result is counted once, not once per seat)."""
    totals = {label: Tally() for label in labels}
    for record in records:
        held_by = record["seats"]
        for label in set(held_by):
            seats = [s for s, held in enumerate(held_by) if held == label]
            totals[label].add(seats[0], sum(record["returns"][s] for s in seats),
                              sum(record["scores"][s] for s in seats) / len(seats),
                              sum(record["think"][s] for s in seats),
                              sum(record["moves"][s] for s in seats))
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
    """A label a seat (its text; the same agent twice kept apart) and each label's agent."""
    parsed = [options.parse_agent(text, "--agents") for text in specs]
    labels = seat_labels([text.strip() for text in specs])
    return labels, dict(zip(labels, parsed))


@click.command("arena", short_help="AI-against-AI matches: win rates with 95% intervals.")
@click.argument("game_name", metavar="GAME")
@click.option("--agents", "agent_list", required=True, metavar="A,B[,C,D]",
              help="One agent per seat, each NAME or NAME:KEY=VALUE;... (e.g. ismcts:iterations=5000).")
@click.option("--games", type=options.GAMES, default=20, show_default=True, help="Games to play.")
@click.option("--seed", type=options.SEED, default=0, show_default=True, help="Seed of the whole match.")
@click.option("--iterations", type=options.ITERATIONS,
              help="Search iterations per move, every agent (200 when neither this nor --think-time is given).")
@click.option("--think-time", type=options.SECONDS, help="Seconds per move, every agent.")
@click.option("--workers", type=options.WORKERS, default=1, show_default=True,
              help="Parallel processes; with --backend ray and no --address, the CPUs of the local Ray.")
@click.option("--option", "-o", "game_options", multiple=True, metavar="KEY=VALUE", help="A game variant option.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the table.")
@click.option("--out", type=click.Path(file_okay=False),
              help="Keep the games in this folder, as a suite does: the same command run again plays only "
                   "the games missing (an interrupted match resumes); `vsai suite report OUT` reports on them.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: a process pool; ray: games as Ray tasks (pip install 'vsai[ray]').")
@click.option("--address", metavar="auto|HOST:PORT",
              help="The Ray cluster to join (default: start a local Ray for this match).")
def arena(game_name: str, agent_list: str, games: int, seed: int, iterations: int | None,
          think_time: float | None, workers: int, game_options: tuple[str, ...], as_json: bool,
          out: str | None, backend: str, address: str | None) -> None:
    """Play AI-against-AI games of GAME, rotating the seats, and report the results.

    Agents are separated by commas; an agent's own options follow a colon, separated by `;` or
    commas: `--agents "ismcts:iterations=5000;exploration=0.5,heuristic"`. The match is a
    one-cell suite (docs/suites.md) played on the suite's backends.
    """
    if address is not None and backend != "ray":
        raise click.UsageError("--address is for --backend ray")
    texts = [t.replace(";", ",") for t in agent_list.split(",")]
    texts = _regroup(texts)
    spec = options.game_spec(game_name)
    if not spec.min_players <= len(texts) <= spec.max_players:
        raise click.BadParameter(f"{game_name} seats {spec.min_players} to {spec.max_players}: give "
                                 f"that many agents, not {len(texts)}", param_hint="--agents")
    labels, specs = _labels(texts)
    game = options.load_game(game_name, len(labels), game_options)
    budget = Budget(iterations, think_time) if iterations or think_time else Budget(200)
    # Fail on a bad agent option now, with a usage error, not inside a worker.
    for label in labels:
        agent_api.build(specs[label], game, 0, budget, "--agents")
    try:
        plan = match_suite(game, [Entrant(specs[label].name, specs[label].options) for label in labels],
                           budget, games, seed, labels)
        runner = RayBackend(address, workers) if backend == "ray" else LocalBackend(workers)
    except SuiteError as error:
        raise click.UsageError(str(error)) from None
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    err = stderr_console()
    if games % len(labels):
        err.print(f"note: {games} games is not a multiple of {len(labels)} seats; seats are not perfectly balanced")
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="vsai-arena-"))
    try:
        interrupted = _play(plan, folder, runner, err, out is not None)
        records = _records(plan, folder)
    finally:
        if out is None:
            shutil.rmtree(folder, ignore_errors=True)
    if interrupted:
        err.print(f"Interrupted: {len(records)} of {games} games were played."
                  + (" Run the same command again to play the rest." if out is not None else ""))
    own = any({"iterations", "time_limit"} & set(spec.options) for spec in specs.values())
    _report(game, records, labels, budget, as_json, own)
    if interrupted:  # the process is on its way out: a further Ctrl-C stays ignored
        raise SystemExit(130)


def _play(plan: Any, folder: Path, runner: Any, err: Any, kept: bool) -> bool:
    """Play the match's missing games into `folder` with `runner`; True when Ctrl-C (or
    SIGTERM) stopped it: then Ctrl-C and SIGTERM stay ignored, so that reporting the games
    finished so far is not cut short."""
    columns = [TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    previous_handler = signal.getsignal(signal.SIGINT)
    try:
        with terminate_as_interrupt(), \
                Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("arena", total=plan.cells[0].games)

            def progress(cells_done: int, cells: int, done: int, total: int, played: int) -> None:
                bar.update(task, completed=done, total=total)

            summary = run_suite(plan, folder, runner, progress)
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        return True
    except SuiteError as error:
        raise click.ClickException(str(error)) from None
    except OSError as error:  # e.g. --out in a folder this user may not write
        raise click.ClickException(f"cannot write the games to {folder}: {error.strerror or error}") from None
    if kept and summary.already:
        err.print(f"{summary.already} of {summary.total} games were already in {folder}; "
                  f"{summary.played} played now.")
    signal.signal(signal.SIGINT, previous_handler)
    return False


def _records(plan: Any, folder: Path) -> list[dict]:
    """The match's game records in `folder`, by game index."""
    key = plan.cells[0].key
    found = {r["index"]: r for r in read_results(folder) if r["cell"] == key}
    return [found[index] for index in sorted(found)]


def _report(game: Game, records: list[dict], labels: list[str], budget: Budget,
            as_json: bool, own_budgets: bool = False) -> None:
    """Print the match's results: the table (and by side for team games), or one JSON object.
    `own_budgets`: some agent sets its own iterations or time limit, which the title says."""
    data = summary(game.name, len(records), tally(records, labels))
    if game.teams():
        sides = game.sides()
        names = ["+".join(n for s, n in enumerate(game.seat_names()) if sides[s] == side)
                 for side in range(max(sides) + 1)]
        data["sides"] = side_results(((r["seats"], sides, r["returns"]) for r in records), names,
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


def _print_table(data: dict[str, Any], budget: Budget, own_budgets: bool) -> None:
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
