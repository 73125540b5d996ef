"""The CLI's bridge to `vsai.ai`: building agents, thinking with progress, analyses as rows.

Agents come from `vsai.ai.registry.build_agent(name, game, *, seed, budget, options)` and have `step(state)`, `analyse(state)` and `reset()`.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import click

from vsai.ai.budget import Budget
from vsai.cli.options import AgentSpec
from vsai.core.agent_protocol import AnalysingAgent, MovePicker, Progress, ResettableAgent

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State


@dataclass(frozen=True)
class RankedMove:
    """One move of an analysis as the player is shown it: its text, share of the search and
    estimated win chance (an agent's own `vsai.ai.Candidate`, ranked among the others)."""

    action: int
    text: str
    visits: int
    share: float  # fraction of all visits
    value: float  # estimated return for the player to move, in [0, 1]


def build(spec: AgentSpec, game: Game, seed: int, budget: Budget, hint: str = "--ai") -> MovePicker:
    """The agent named on the command line (`vsai.ai.build_agent`); BadParameter (a usage
    error) when the agent refuses its options."""
    from vsai.ai.registry import build_agent

    try:
        return build_agent(spec.name, game, seed=seed, budget=budget, options=spec.options)
    except (ValueError, TypeError) as error:
        message = str(error) if str(error).startswith(f"agent {spec.name}") else f"agent {spec.name}: {error}"
        raise click.BadParameter(message, param_hint=hint) from None


def _accepts(function: Callable, name: str) -> bool:
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False
    return name in parameters or any(p.kind is p.VAR_KEYWORD for p in parameters.values())


def step(agent: MovePicker, state: State, progress: Progress | None = None) -> int:
    """The agent's move at `state`, reporting progress when the agent can."""
    if progress is not None and _accepts(agent.step, "progress"):
        return int(agent.step(state, progress=progress))
    return int(agent.step(state))


def analyse(agent: MovePicker, state: State, top: int = 3, progress: Progress | None = None) -> list[RankedMove]:
    """The agent's `top` best moves at `state`, best first."""
    if progress is not None and _accepts(agent.analyse, "progress"):
        rows = agent.analyse(state, progress=progress)
    else:
        rows = agent.analyse(state)
    return _top_rows(state, rows, top)


def decide(agent: MovePicker, state: State, top: int = 3,
           progress: Progress | None = None) -> tuple[int, list[RankedMove]]:
    """The agent's move at `state` and its `top` alternatives, from one search: the move is
    the one `step` would make, so --explain does not change the game."""
    if not isinstance(agent, AnalysingAgent):
        return step(agent, state, progress), []
    if progress is not None and _accepts(agent.step_with_analysis, "progress"):
        action, rows = agent.step_with_analysis(state, progress=progress)
    else:
        action, rows = agent.step_with_analysis(state)
    return int(action), _top_rows(state, rows, top)


def _top_rows(state: State, rows: Any, top: int) -> list[RankedMove]:
    rows = list(rows)
    total = sum(max(int(_get(r, "visits", 0)), 0) for r in rows) or 1
    result = []
    for row in rows[:top]:
        action = int(_get(row, "action"))
        text = _get(row, "text", None) or state.action_to_string(action)
        visits = int(_get(row, "visits", 0))
        result.append(RankedMove(action, text, visits, visits / total, float(_get(row, "value", 0.0))))
    return result


def _get(row: Any, key: str, default: Any = ...) -> Any:
    if isinstance(row, dict):
        return row[key] if default is ... else row.get(key, default)
    return getattr(row, key) if default is ... else getattr(row, key, default)


def reset(agent: MovePicker) -> None:
    """Forget anything the agent kept between moves (after undo or load)."""
    if isinstance(agent, ResettableAgent):
        agent.reset()
