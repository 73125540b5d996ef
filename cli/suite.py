"""`vsai suite run SUITE.toml` and `vsai suite report OUT/`: benchmark suites (docs/suites.md)."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from vsai.cli import game_balance, game_ladders, options
from vsai.cli.ladder_table import equal_share, ladder_table, significant_step
from vsai.cli.console import stderr_console, stdout_console
from vsai.cli.signals import terminate_as_interrupt


@click.group("suite", short_help="Benchmark suites: many games, agents and budgets; resumable.")
def suite() -> None:
    """Run a benchmark suite described by a TOML file, and report on its results.

    A suite names games (player counts, options), agents (options), budgets, the games per
    cell, a seed and an output folder. `run` appends every finished game to OUT/results.jsonl
    and, run again, plays only what is missing; `report` prints the tables and writes
    OUT/report.html with plots.
    """


@suite.command("run")
@click.argument("suite_file", metavar="SUITE.toml", type=click.Path(dir_okay=False))
@click.option("--out", type=click.Path(file_okay=False), help="Output folder (default: the suite's `out`).")
@click.option("--workers", type=options.WORKERS, help="Local processes (default: every core; never "
              "more than games or cores); with --backend ray and no --address, the CPUs of the local Ray.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local: a process pool; ray: games as Ray tasks (pip install 'vsai[ray]').")
@click.option("--address", metavar="auto|HOST:PORT",
              help="The Ray cluster to join (default: start a local Ray for this run).")
@click.option("--game", "only_games", multiple=True, metavar="NAME",
              help="Play only the cells of this game (repeat for more).")
@click.option("--agents", "only_agents", metavar="LABEL,LABEL",
              help="Play only the cells whose agents all have these labels (e.g. a ladder's "
                   "lower levels and its anchors first; the rest resumes later).")
def run_command(suite_file: str, out: str | None, workers: int | None, backend: str,
                address: str | None, only_games: tuple[str, ...], only_agents: str | None) -> None:
    """Play the games of SUITE.toml missing from the output folder, then print the tables."""
    from vsai.ai.lab.backends import LocalBackend, RayBackend, cores
    from vsai.ai.lab.suite import SuiteError, load_suite, run_suite, select_cells

    if address is not None and backend != "ray":
        raise click.UsageError("--address is for --backend ray")
    try:
        plan = load_suite(suite_file, out)
        if only_games or only_agents:
            labels = [x.strip() for x in (only_agents or "").split(",") if x.strip()]
            plan = select_cells(plan, only_games, labels)
        runner = (RayBackend(address, workers) if backend == "ray"
                  else LocalBackend(workers or cores()))
    except SuiteError as error:
        raise click.UsageError(str(error)) from None
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    err = stderr_console()
    odd = sorted({c.game for c in plan.cells if c.games % len(c.lineup)})
    if odd:
        err.print(f"note: some cells' games are not a multiple of the sides of "
                  f"{', '.join(odd)}; sides are not perfectly balanced")
    columns = [TextColumn("cells {task.fields[cells]}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games  {task.fields[rate]} games/s"), TimeRemainingColumn()]
    started = time.monotonic()
    summary = None
    try:
        with terminate_as_interrupt(), \
                Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("suite", total=1, cells="", rate="-")

            def progress(cells_done: int, cells: int, done: int, total: int, played: int) -> None:
                elapsed = time.monotonic() - started
                rate = f"{played / elapsed:.2f}" if played and elapsed > 0 else "-"
                bar.update(task, completed=done, total=total, cells=f"{cells_done}/{cells}", rate=rate)

            summary = run_suite(plan, plan.out, runner, progress)
    except KeyboardInterrupt:
        err.print(f"Interrupted: every finished game is in {plan.out / 'results.jsonl'}; "
                  f"run the same command again to play the rest.")
        raise SystemExit(130)
    except SuiteError as error:
        raise click.ClickException(str(error)) from None
    err.print(f"{summary.played} games played in {summary.seconds:.1f} s"
              + (f" ({summary.played / summary.seconds:.2f} games/s)" if summary.played and summary.seconds else "")
              + f"; {summary.already} were already in {plan.out}; "
              f"`vsai suite report {plan.out}` writes the plots.")
    _print_tables(plan.out)


@suite.command("report")
@click.argument("folder", metavar="OUT", type=click.Path(file_okay=False))
@click.option("--no-html", is_flag=True, help="Print the tables only (no plots, no matplotlib needed).")
@click.option("--ladder", "ladder_path", type=click.Path(), metavar="PATH",
              help="Also write the measured ladder (agents labelled levelN) to PATH (a file), or "
                   "to PATH/<game>/ladder.json when PATH is a folder (ext: each game's ladder "
                   "that `vsai list` shows), and list the levels that are out of order.")
@click.option("--balance", "balance_root", type=click.Path(file_okay=False), metavar="FOLDER",
              help="Also write each game's side balance (cells with one agent on every side) to "
                   "FOLDER/<game>/balance.json (ext: the files `vsai rules`, `vsai list` and "
                   "`vsai play` show).")
def report_command(folder: str, no_html: bool, ladder_path: str | None,
                   balance_root: str | None = None) -> None:
    """Print the tables of the results in OUT and write OUT/report.html with plots (win-rate
    matrix, ratings with intervals, think time) and OUT/report.json with the numbers."""
    from vsai.ai.lab.report import summarise, write_report
    from vsai.ai.lab.suite import SuiteError

    try:
        data = summarise(folder)
        if not no_html:
            path = write_report(data, folder)
    except SuiteError as error:
        raise click.UsageError(str(error)) from None
    except ImportError as error:
        raise click.ClickException(str(error)) from None
    _print(data)
    err = stderr_console()
    _warn_skipped(data, err)
    if not no_html:
        err.print(f"Wrote {path} and {Path(folder) / 'report.json'}")
    if ladder_path is not None:
        ladder = ladder_summary(data)
        if not ladder["variants"]:
            raise click.UsageError("no agent is labelled levelN in these results: no ladder to write")
        if Path(ladder_path).is_dir():
            game_ladders.write(ladder, Path(ladder_path))
        else:
            Path(ladder_path).write_text(json.dumps(ladder, indent=1) + "\n", encoding="utf-8")
        stdout_console().print(ladder_table(ladder))
        problems = ladder_problems(ladder)
        err.print(f"Wrote the ladder to {ladder_path}; "
                  + ("the levels are strictly increasing, each significantly above the one below."
                     if not problems else "the ladder needs new budgets:"))
        for problem in problems:
            err.print(f"  {problem}")
    if balance_root is not None:
        _write_balance(folder, Path(balance_root), err)


def _write_balance(folder: str, root: Path, err: Any) -> None:
    """Write the side balance of the results in `folder` to root/<game>/balance.json."""
    from vsai.ai.lab.suite import load_suite, read_results

    suite = load_suite(Path(folder) / "suite.toml")
    levels = {agent.label: agent.level for agent in suite.agents}
    balances = game_balance.summarise(read_results(folder), levels)
    if not balances:
        raise click.UsageError("no cell has one agent on every side: no balance to write")
    try:
        written = game_balance.write(balances, root)
    except FileNotFoundError as error:
        raise click.UsageError(str(error)) from None
    for name, balance in balances.items():
        for variant in balance["variants"]:
            options = ", ".join(f"{k}={v}" for k, v in variant["options"].items())
            stdout_console().print(f"{name} {variant['players']}p ({options}): "
                                   f"{game_balance.variant_text(variant)}")
    err.print("Wrote " + ", ".join(str(p) for p in written))


def _warn_skipped(data: dict, err: Any, shown: int = 10) -> None:
    """Say which results lines the report left out, and why (the first `shown` of them)."""
    skipped = data.get("skipped", [])
    if not skipped:
        return
    err.print(f"Skipped {len(skipped)} line{'s' if len(skipped) != 1 else ''} of results.jsonl "
              "with a missing or garbled field (the rest is reported):", markup=False)
    for item in skipped[:shown]:
        err.print(f"  line {item['line']}: {item['problem']}", markup=False)
    if len(skipped) > shown:
        err.print(f"  and {len(skipped) - shown} more", markup=False)


def _print_tables(folder: Path) -> None:
    from vsai.ai.lab.report import summarise

    try:
        data = summarise(folder)
    except ImportError:  # no openskill: the tables without ratings (`report` says what to install)
        data = summarise(folder, with_ratings=False)
    _print(data)


def _print(data: dict[str, Any]) -> None:
    from vsai.ai.lab.report import per_side_share

    console = stdout_console(piped_width=120)
    planned = data.get("planned")
    console.print(f"Suite {data['suite']}: {data['games']} games"
                  + (f" of {planned} (run it again to play the rest)" if planned and planned > data["games"]
                     else "") + (f", seed {data['seed']}" if data.get("seed") is not None else ""))
    for pool in data["pools"]:
        share = per_side_share(pool)
        per_side = share is not None
        equal = f", per side held (an equal side wins {share:.0%})" if per_side else ""
        table = Table(title=f"{pool['game']} {pool['players']}p, {pool['budget']}: {pool['games']} games{equal}",
                      title_justify="left")
        table.add_column("agent")
        for column in ("games", *(("sides",) if per_side else ()), "wins", "win rate", "95% interval",
                       "rating", "rating 95%", "mean score", "think/move"):
            table.add_column(column, justify="right")
        for s in pool["standings"]:
            r = pool.get("ratings", {}).get(s["agent"])
            rate = s["per_side"] if per_side else s
            table.add_row(s["agent"], str(s["games"]), *((str(s["sides"]),) if per_side else ()),
                          f"{s['wins']:g}", f"{rate['win_rate']:.1%}",
                          f"{rate['ci95'][0]:.1%} - {rate['ci95'][1]:.1%}",
                          f"{r['mu']:.1f}" if r else "", f"{r['low']:.1f} - {r['high']:.1f}" if r else "",
                          f"{s['mean_score']:.1f}", f"{1000 * s['think_per_move']:.1f} ms")
        console.print(table)
        agents = [s["agent"] for s in pool["standings"]]
        if len(agents) > 1:
            grid = Table(title="win rate" + (" per side" if per_side else "") + " of row against column",
                         title_justify="left")
            grid.add_column("")
            for agent in agents:
                grid.add_column(agent, justify="right")
            key = "per_side" if per_side else "win_rate"
            for a in agents:
                cells = [pool["matrix"].get(a, {}).get(b) for b in agents]
                grid.add_row(a, *(f"{c[key]:.0%} ({c['games']})" if c else "-" for c in cells))
            console.print(grid)
        if pool.get("sides"):
            from vsai.cli.arena import side_table  # here: `vsai list` imports this module

            console.print(side_table(pool["sides"], "agent"))


# ---------------------------------------------------------------------------------------------
# The measured ladder of `vsai play --level`

_LEVEL_LABEL = re.compile(r"level(\d+)$")


def ladder_summary(data: dict[str, Any]) -> dict[str, Any]:
    """From a report's data: per game variant, each level's rating with its interval and its
    win rate against the level below, balanced over the sides it held (agents labelled
    `level<N>`). A level that has not played the level below yet is not measured: it is
    listed under `pending`, not rated (a rating from the anchors' games alone misleads)."""
    out: dict[str, Any] = {"suite": data["suite"], "seed": data.get("seed"), "variants": []}
    for pool in data["pools"]:
        found = {int(m.group(1)): label for label in pool.get("ratings", {})
                 if (m := _LEVEL_LABEL.match(label))}
        if not found:
            continue
        levels, pending = {}, []
        for number, label in sorted(found.items()):
            r = pool["ratings"][label]
            row: dict[str, Any] = {"rating": r["mu"], "low": r["low"], "high": r["high"]}
            below = pool["matrix"].get(label, {}).get(found.get(number - 1, ""))
            if number - 1 in found and not below:
                pending.append(number)
                continue
            if below:
                # Balanced over sides where they met alone, so that a side's advantage does
                # not drown the step (ratings.side_balanced); the step's test compares both
                # levels on the same sides against the same opponents (ratings.compared).
                row["vs_below"] = {k: v for k, v in below.get("balanced", below).items() if k != "by_side"}
                if "compared" in below:
                    row["step"] = below["compared"]
            levels[str(number)] = row
        out["variants"].append({"game": pool["game"], "players": pool["players"],
                                "games": pool["games"], "levels": levels, "pending": pending})
    return out


def ladder_problems(ladder: dict[str, Any]) -> list[str]:
    """Where the ladder is not strictly increasing, or a level is not significantly stronger
    than the one below (`significant_step`)."""
    problems = []
    for variant in ladder["variants"]:
        name = f"{variant['game']} {variant['players']}p"
        levels = variant["levels"]
        for number in sorted(levels, key=int):
            row, below = levels[number], levels.get(str(int(number) - 1))
            if below is not None and row["rating"] <= below["rating"]:
                problems.append(f"{name}: level {number} is rated {row['rating']:.1f}, not above "
                                f"level {int(number) - 1} ({below['rating']:.1f})")
            vs = row.get("vs_below")
            if vs is not None and not significant_step(row):
                test = (f", z = {row['step']['z']:.2f} on the same sides against the same "
                        f"opponents" if "step" in row else "")
                equal = equal_share(vs)
                share = "" if equal == 0.5 else f" (an equal level's share: {equal:.0%})"
                problems.append(f"{name}: level {number} wins {vs['win_rate']:.0%} "
                                f"[{vs['ci95'][0]:.0%}, {vs['ci95'][1]:.0%}] of {vs['games']} games "
                                f"against level {int(number) - 1}{share}{test}: not significantly stronger")
        problems += [f"{name}: level {number} has not played level {number - 1} yet"
                     for number in variant.get("pending", [])]
    return problems
