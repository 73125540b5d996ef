"""The engine protocol's search commands: `ai` and `stop`, on top of the table commands.

`AiEngineSession` is the session the transports run (`vsai engine`, `vsai serve`): the table
session of `vsai.core.engine_protocol` plus agents. An `ai` request searches in a background
thread, so that `stop` (and any read-only request) is answered while a search runs; its
budget is read like every other budget (`vsai.ai.budget`), a level's turn time is shared by
a seat's decisions of one turn (`vsai.ai.turns`), and the seat asking for itself gets its own
belief of the others' hidden items.
"""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from vsai.ai import levels
from vsai.ai.base import StopSearch
from vsai.ai.budget import parse_budget
from vsai.ai.turns import TurnClock, starts_turn
from vsai.core.engine_protocol import (EngineSession, ProtocolError, argument, echoable, error_answer,
                                       move_event, seat_to_play)
from vsai.core.errors import IllegalMoveError, VsaiError
from vsai.core.match import Match
from vsai.core.visibility import hidden_from
from vsai.ext.ui.hooks import hidden_move_text

if TYPE_CHECKING:
    from vsai.ai.base import Agent
    from vsai.ext.spec import GameSpec

# Search bounds a client may ask for (a request past them is a bad_argument error).
MAX_ITERATIONS = 100_000_000
MAX_TIME_LIMIT = 3600.0
# Progress events are sent at most this often (seconds).
PROGRESS_INTERVAL = 0.1


class AiEngineSession(EngineSession):
    """The tables of one client and the search running on one of them."""

    def __init__(self, send: Any, **presenters: Any):
        super().__init__(send, **presenters)
        self._clocks: dict[tuple, TurnClock] = {}  # (table, seat) -> that AI seat's turn time

    def _hello_extra(self) -> dict:
        from vsai.ai import describe_agent, list_agents

        agents = [{"name": name, "about": describe_agent(name)} for name in list_agents()]
        ladder = [{"level": lv.number, "name": lv.name, "iterations": lv.iterations,
                   "time_limit": lv.time_limit, "turn_time": lv.turn_time} for lv in levels.LEVELS]
        return {"agents": agents, "levels": ladder}

    def cmd_ai(self, request: dict) -> dict | None:
        from vsai.ai import make_agent

        match = self._table(request, writing=True)
        if not match.state.is_player_node():
            raise IllegalMoveError("no seat is to act: the game is over")
        name = argument(request, "agent", str, default="ismcts")
        seed = argument(request, "seed", int, default=0)
        apply = argument(request, "apply", bool, default=True)
        want_progress = argument(request, "progress", bool, default=False)
        top = argument(request, "top", int, default=10)
        if top < 0:
            raise ProtocolError("bad_argument", f"'top' is 0 or more, not {top}")
        options = argument(request, "options", dict, default={})
        iterations, time_limit, level = request_budget(request, match.game.spec)
        if level is not None:
            options = levels.with_search_options(name, match.game.spec, options)
        clock = None
        if level is not None and request.get("time_limit") is None and levels.level(level).turn_time:
            # the level's turn time, shared by the seat's decisions of one turn (vsai.ai.turns)
            seat = match.to_move()
            clock = self._clocks.setdefault((request.get("table"), seat), TurnClock(levels.level(level).turn_time))
            time_limit = min(time_limit, clock.cap(starts_turn(seat, match.history)))
        viewer = self._viewer(request, match, default=None)
        agent = make_agent(name, match.game, seed=seed, iterations=iterations,
                           time_limit=time_limit, **options)
        stop = threading.Event()
        request_id = echoable(request.get("id"))
        with self._lock:
            if self._search is not None:
                raise ProtocolError("busy", f"a search is running (request {self._search['id']!r}); "
                                            "send stop or wait for its answer")
            self._search = {"id": request_id, "table": request.get("table"), "stop": stop}
            thread = threading.Thread(target=self._run_search, daemon=True,
                                      args=(request_id, match, agent, apply, want_progress, stop, top))
            self._search["thread"] = thread
        self._search.update(viewer=viewer, clock=clock)
        thread.start()
        return None  # answered by the search thread

    def cmd_stop(self, request: dict) -> dict:
        search = self._search
        if search is None:
            return {"stopped": False}
        search["stop"].set()
        return {"stopped": True, "search": search["id"]}

    def _run_search(self, request_id: Any, match: Match, agent: Agent, apply: bool,
                    want_progress: bool, stop: threading.Event, top: int) -> None:
        import time

        last = [0.0]

        def progress(done: int, total: int | None) -> None:
            if stop.is_set():
                raise StopSearch
            now = time.monotonic()
            if want_progress and now - last[0] >= PROGRESS_INTERVAL:
                last[0] = now
                self.send({"id": request_id, "event": "progress", "done": done, "total": total})

        try:
            started = time.monotonic()
            match.brief(agent)  # a new agent each request: told the moves so far first
            action, candidates = match.ai_move(agent, apply=False, progress=progress)
            if self._search and self._search.get("clock") is not None:
                self._search["clock"].spend(time.monotonic() - started)
            seat = match.to_move()
            viewer = self._search.get("viewer") if self._search else None
            answer = {"id": request_id, "ok": True, "seat": seat, "action": action,
                      "text": match.state.action_to_string(action), "stopped": stop.is_set(),
                      "seconds": round(time.monotonic() - started, 4),
                      "iterations": getattr(agent, "last_iterations", 0),
                      "analysis": [{"action": c.action, "text": c.text, "visits": c.visits,
                                    "value": round(c.value, 6)} for c in candidates[:top]]}
            if viewer == seat and match.game.has_hidden_information():
                answer["belief"] = _seat_belief(match, seat)  # the viewer's own inference only
            if viewer is not None and viewer != seat:
                # Worded for the viewer: a move it could not see stays hidden; no analysis.
                answer["analysis"] = []
                if viewer in hidden_from(match.state, action, [viewer]):
                    key = match.state.action_key(viewer, action)
                    answer.update(action=None, text=hidden_move_text(match.game.name, seat, answer["text"], key))
            if apply:
                match.play(action)
                answer["chance"] = [move_event(match, m, seat if viewer is None else viewer)
                                    for m in match.resolve_chance()]
                answer["to_play"] = seat_to_play(match)
                answer["terminal"] = match.is_over()
            answer["applied"] = apply
        except (VsaiError, ValueError, TypeError) as error:
            answer = error_answer(request_id, getattr(error, "code", "bad_argument"), str(error))
        except Exception as error:  # a bug: report it, keep the session alive
            answer = error_answer(request_id, "internal", f"{type(error).__name__}: {error}")
        with self._lock:
            self._search = None
        self.deliver(answer)


def _seat_belief(match: Match, seat: int) -> list[dict]:
    """What `seat` may infer of the others' hidden items from the match so far (its own view:
    shown only to that seat), as `vsai.ai.belief.describe_belief` gives it."""
    from vsai.ai.belief import BeliefSettings, BeliefTracker, describe_belief

    tracker = BeliefTracker(match.seed, BeliefSettings())
    match.brief(tracker)
    state = match.state.clone()
    belief = tracker.belief(state)
    belief.worlds_at(state)
    return describe_belief(belief, state)


def request_budget(request: dict, spec: GameSpec) -> tuple[int | None, float | None, int | None]:
    """The search budget of an `ai` request: iterations and time_limit as given, else those of
    its level (default levels.DEFAULT_LEVEL) on the game of `spec`; and that level, whose
    search options the agent gets, or None when the request sets its own budget."""
    try:
        budget = parse_budget(request.get("iterations"), request.get("time_limit"), request.get("level"),
                              spec, max_iterations=MAX_ITERATIONS, max_seconds=MAX_TIME_LIMIT)
    except ValueError as error:
        raise ProtocolError("bad_argument", str(error)) from None
    return budget.iterations, budget.time_limit, budget.level


AiEngineSession.COMMANDS = {**EngineSession.COMMANDS,
                            "ai": AiEngineSession.cmd_ai, "stop": AiEngineSession.cmd_stop}
