"""`vsai bench [GAME]`: engine, belief and search speed figures, as a table (small budgets: ~10-20 s)."""
from __future__ import annotations

import time
import timeit
from contextlib import nullcontext
from typing import TYPE_CHECKING, Callable

import click
import numpy as np
from rich.table import Table

from vsai.ai.belief import BeliefSettings, BeliefTracker
from vsai.ai.budget import Budget
from vsai.cli import agents as agent_api
from vsai.cli import options
from vsai.cli.console import stderr_console, stdout_console

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State


def midgame(game: Game, seed: int, decisions: int = 20) -> State:
    """A position after set-up and `decisions` random moves, where there is a choice to make."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if not state.is_chance_node():
            if decisions <= 0 and len(state.legal_actions()) >= 2:
                break
            decisions -= 1
        state.apply_action(random_move(state, rng))
    return state


def random_move(state: State, rng: np.random.Generator) -> int:
    """A chance outcome drawn by its probability, or a legal move drawn uniformly."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        probs = np.array([p for _, p in outcomes])
        return outcomes[int(rng.choice(len(outcomes), p=probs / probs.sum()))][0]
    return int(rng.choice(state.legal_actions()))


def rate(work: Callable[[int], object], seconds: float) -> float:
    """Calls per second of `work(i)`, run in growing batches for about `seconds`."""
    done, batch, start = 0, 1, time.perf_counter()
    while True:
        for i in range(batch):
            work(done + i)
        done += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed
        batch = min(batch * 2, 100_000)


def clone_ns(state: State, seconds: float = 0.5, repeat: int = 5) -> float:
    """Nanoseconds of CPU time per `state.clone()`: the best of `repeat` timeit runs of the
    bound method (no lambda or Python loop around it, which would cost more than the clone),
    in about `seconds`. CPU time and the best run, since other processes' load only adds wall
    time. benchmarks/engine_speed.py calls this same function: both print the same figure."""
    timer = timeit.Timer(state.clone, timer=time.process_time)
    number = 1000
    once = timer.timeit(number) / number
    number = max(number, int(seconds / repeat / max(once, 1e-9)))
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e9


def search_rate(name: str, game: Game, state: State, iterations: int, seconds: float) -> tuple[float, str]:
    """(rate, unit): search iterations/s of an agent at `state` (moves/s for agents that do not
    search), from moves of at most `iterations` iterations or `seconds` each."""
    # The time limit keeps slow agents (OpenSpiel's Python bots) to about `seconds` a move.
    agent = agent_api.build(options.AgentSpec(name), game, 1, Budget(iterations, seconds), "--agents")
    timings, counts = [], []
    deadline = time.perf_counter() + seconds
    while not timings or time.perf_counter() < deadline:
        agent_api.reset(agent)
        start = time.perf_counter()
        agent_api.step(agent, state.clone())
        timings.append(time.perf_counter() - start)
        counts.append(getattr(agent, "last_iterations", None))
    if None in counts:  # an agent that does not search
        return len(timings) / sum(timings), "moves/s"
    return sum(counts) / sum(timings), "iterations/s"


def belief_cost_ms(game: Game, seconds: float, seat: int = 0) -> tuple[float, float]:
    """(update, check): CPU milliseconds that `seat`'s belief at its default settings costs an
    agent per observed move (the tracker's `inform`: the move logged and pushed through every
    world) and per decision of `seat` (its worlds brought up to date), over random games
    (seeds 1, 2, ...) for about `seconds` and at least one decision."""
    moves = decisions = 0
    updating = checking = 0.0
    deadline = time.process_time() + seconds
    seed = 0
    while decisions == 0 or time.process_time() < deadline:
        seed += 1
        rng = np.random.default_rng(seed)
        tracker = BeliefTracker(seed, BeliefSettings())
        state = game.new_initial_state()
        while not state.is_terminal() and (decisions == 0 or time.process_time() < deadline):
            if state.current_player() == seat:
                start = time.process_time()
                tracker.belief(state).worlds_at(state)
                checking += time.process_time() - start
                decisions += 1
            action = random_move(state, rng)
            start = time.process_time()
            tracker.inform(state, state.current_player(), action)
            updating += time.process_time() - start
            moves += 1
            state.apply_action(action)
    return updating / moves * 1e3, checking / decisions * 1e3


@click.command("bench", short_help="Speed: clone time, playouts/s, search iterations/s.")
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--agents", "agent_list", metavar="A,B", help="Agents to time (default: all).")
@click.option("--iterations", type=options.ITERATIONS, default=1000, show_default=True,
              help="Search iterations per timed move.")
@click.option("--seconds", type=options.Seconds(3600.0), default=0.5, show_default=True,
              help="Time spent on each measurement.")
def bench(game_name: str | None, agent_list: str | None, iterations: int, seconds: float) -> None:
    """Speed: clone time, random playouts/s, what a belief costs (games with hidden
    information) and each agent's search iterations/s."""
    names = [game_name] if game_name is not None else options.game_names()
    if game_name is not None and game_name not in options.game_names():
        raise click.BadParameter(f"unknown game {game_name!r}; the games are: {', '.join(options.game_names())}",
                                 param_hint="GAME")
    agent_names = options.agent_names()
    if agent_list:
        agent_names = [options.parse_agent(a, "--agents").name for a in agent_list.split(",")]
    err = stderr_console()
    table = Table(title=f"vsai bench (searches of {iterations} iterations or {seconds:g} s)", title_justify="left")
    for column in ("game", "what", "speed"):
        table.add_column(column, justify="right" if column == "speed" else "left")
    for name in names:
        game = options.load_game(name, None, ())
        state = midgame(game, 1)
        with err.status(f"{name}: engine", spinner="dots") if err.is_terminal else nullcontext():
            table.add_row(name, "clone", f"{clone_ns(state, seconds):,.0f} ns")
            playouts = rate(lambda i: state.random_playout(i), seconds)
            table.add_row(name, "random playouts", f"{playouts:,.0f} /s")
        if game.has_hidden_information():  # what `belief=on` adds to a search's move
            with err.status(f"{name}: belief", spinner="dots") if err.is_terminal else nullcontext():
                update, check = belief_cost_ms(game, seconds)
            table.add_row(name, f"belief ({BeliefSettings().particles} worlds)",
                          f"{update:.3g} ms a move, {check:.3g} ms a decision")
        for agent in agent_names:
            with err.status(f"{name}: {agent}", spinner="dots") if err.is_terminal else nullcontext():
                try:
                    speed, unit = search_rate(agent, game, state, iterations, seconds)
                except click.BadParameter as error:
                    table.add_row(name, agent, f"unavailable: {error.message}")
                    continue
            table.add_row(name, agent, f"{speed:,.0f} {unit}")
    stdout_console(piped_width=120).print(table)
