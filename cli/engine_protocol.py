"""The vsai engine protocol: JSON requests in, JSON answers out, for any frontend.

One `EngineSession` holds the tables (matches) of one client. `handle(request)` answers every
request; `ai` requests search in a background thread, so that `stop` (and any read-only
request) is answered while a search runs. Answers and progress events go to the session's
`send` function, which must be safe to call from two threads (the transports lock it).
docs/engine-protocol.md documents every command; the transports are `vsai engine` (stdio,
cli/engine.py) and `vsai serve` (WebSocket, cli/serve.py).
"""
from __future__ import annotations

import importlib.metadata
import itertools
import json
import math
import threading
import traceback
from typing import TYPE_CHECKING, Any, Callable

from vsai.ai.base import StopSearch
from vsai.ai import levels
from vsai.ai.budget import parse_budget
from vsai.ai.turns import TurnClock, starts_turn
from vsai.core.errors import IllegalMoveError, VsaiError
from vsai.core.match import HUMAN, Match
from vsai.ext.ui.hooks import hidden_move_text, move_detail, move_group
from vsai.core.visibility import hidden_from

if TYPE_CHECKING:
    from vsai.ai.base import Agent
    from vsai.ext.state import State

PROTOCOL_VERSION = 1
# Search bounds a client may ask for (a request past them is a bad_argument error).
MAX_ITERATIONS = 100_000_000
MAX_TIME_LIMIT = 3600.0
MAX_TABLES = 64
# Progress events are sent at most this often (seconds).
PROGRESS_INTERVAL = 0.1


class ProtocolError(Exception):
    """An error answer: a code from the documented list, a message, and extra fields."""

    def __init__(self, code: str, message: str, **extra: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def error_answer(request_id: Any, code: str, message: str, **extra: Any) -> dict:
    """The answer for a failed request."""
    return {"id": request_id, "ok": False, "error": {"code": code, "message": message, **extra}}


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number; numbers in a request must be finite")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # e.g. 1e999, which Python reads as infinity
        raise ValueError(f"{text} is too large a number; numbers in a request must be finite")
    return value


def decode_request(text: str | bytes) -> Any:
    """One request decoded from JSON text. A line that is not strict JSON, or holds a
    non-finite number (NaN, Infinity, -Infinity, 1e999) anywhere, raises ProtocolError
    `bad_json`: such a value could not even be echoed back in the answer."""
    try:
        return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("bad_json", f"not a JSON request: {error}") from None


def _echoable(request_id: Any) -> Any:
    """`request_id` if an answer can carry it back as JSON, else None."""
    try:
        json.dumps(request_id, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return None
    return request_id


class EngineSession:
    """The tables and the running search of one client (see the module docstring)."""

    def __init__(self, send: Callable[[dict], None]):
        self.send = send
        self.tables: dict[str, Match] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()          # guards the tables and the search slot
        self._search: dict | None = None        # {"id", "table", "thread", "stop"}
        self._clocks: dict[tuple, TurnClock] = {}  # (table, seat) -> that AI seat's turn time

    # ------------------------------------------------------------------ dispatch
    def handle(self, request: Any) -> bool:
        """Answer one request (a decoded JSON value). Returns False after `quit`."""
        if not isinstance(request, dict):
            self.deliver(error_answer(None, "bad_request", "a request is a JSON object"))
            return True
        request_id = _echoable(request.get("id"))
        command = request.get("cmd")
        handler = _COMMANDS.get(command) if isinstance(command, str) else None
        if handler is None:
            known = ", ".join(sorted(_COMMANDS))
            self.deliver(error_answer(request_id, "unknown_command",
                                      f"unknown command {command!r}; the commands are: {known}"))
            return True
        try:
            result = handler(self, request)
        except ProtocolError as error:
            self.deliver(error_answer(request_id, error.code, error.message, **error.extra))
        except VsaiError as error:
            self.deliver(error_answer(request_id, getattr(error, "code", "bad_input"), str(error)))
        except (ValueError, TypeError) as error:  # an agent's or a game's own check
            self.deliver(error_answer(request_id, "bad_argument", str(error)))
        except Exception as error:  # a bug: say so, keep every table
            self.deliver(error_answer(request_id, "internal",
                                      f"{type(error).__name__}: {error} (please report: "
                                      f"{traceback.format_exc(limit=2).splitlines()[-1]})"))
        else:
            if result is not None:
                self.deliver({"id": request_id, "ok": True, **result})
        return command != "quit"

    def deliver(self, message: dict) -> None:
        """Send `message`; if it cannot be sent (a value JSON cannot carry, a bug in the
        answer), send an `internal` error in its place, so the client always gets an answer
        and the session keeps its tables. Only a failure of the transport itself (the client
        is gone) propagates, from the second send."""
        try:
            self.send(message)
        except Exception as error:
            self.send(error_answer(_echoable(message.get("id")), "internal",
                                   f"the answer could not be sent: {type(error).__name__}: {error} "
                                   "(please report)"))

    def close(self) -> None:
        """Stop any running search and wait for it (the client went away)."""
        search = self._search
        if search is not None:
            search["stop"].set()
            search["thread"].join()

    # ------------------------------------------------------------------ commands
    def cmd_hello(self, request: dict) -> dict:
        from vsai.ai import describe_agent, list_agents
        from vsai.core import get_spec, list_games

        games = []
        for name in list_games():
            spec = get_spec(name)
            games.append({
                "name": name, "title": spec.title, "summary": spec.summary,
                "players": [spec.min_players, spec.max_players],
                "hidden_information": spec.hidden_information, "complete": spec.complete,
                "options": [_param_info(p) for p in spec.params], "level_scale": spec.level_scale,
                "level_search": dict(spec.level_search)})
        agents = [{"name": name, "about": describe_agent(name)} for name in list_agents()]
        ladder = [{"level": lv.number, "name": lv.name, "iterations": lv.iterations,
                   "time_limit": lv.time_limit, "turn_time": lv.turn_time} for lv in levels.LEVELS]
        return {"protocol": PROTOCOL_VERSION, "vsai": importlib.metadata.version("vsai"),
                "games": games, "agents": agents, "levels": ladder}

    def cmd_new(self, request: dict) -> dict:
        from vsai.core import load_game

        name = _argument(request, "game", str)
        options = _argument(request, "options", dict, default={})
        players = _argument(request, "players", int, default=None)
        seed = _argument(request, "seed", int, default=0)
        params = dict(options)
        if players is not None:
            params["players"] = players
        game = load_game(name, **params)
        match = Match(game, seed, {s: HUMAN for s in range(game.num_players())})  # checks the seed
        with self._lock:
            if len(self.tables) >= MAX_TABLES:
                raise ProtocolError("too_many_tables", f"at most {MAX_TABLES} tables may be open; close one")
            table_id = f"t{next(self._ids)}"
            chance = match.resolve_chance()
            self.tables[table_id] = match
        return {"table": table_id, "game": game.name, "params": game.get_parameters(),
                "seats": list(game.seat_names()), "teams": [list(t) for t in game.teams()],
                "chance": len(chance), "to_play": _to_play(match)}

    def cmd_state(self, request: dict) -> dict:
        match = self._table(request)
        seat = self._seat(request, match, required=False)
        since = _argument(request, "since", int, default=0)
        details = _argument(request, "details", bool, default=False)
        return self._describe(match, seat, since, details)

    def cmd_play(self, request: dict) -> dict:
        match = self._table(request, writing=True)
        if "move" not in request:
            raise ProtocolError("missing_argument", "play needs 'move': an action id or a move's text")
        move = request["move"]
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise ProtocolError("bad_argument", f"'move' is an action id or a move's text, not {move!r}")
        if not match.state.is_player_node():
            raise IllegalMoveError("no seat is to act: the game is over")
        mover = match.to_move()
        viewer = self._viewer(request, match, default=mover)
        try:
            played = match.play(move)
        except ValueError as error:
            legal = [{"action": a, "text": match.state.action_to_string(a)}
                     for a in match.state.legal_actions()]
            raise ProtocolError("illegal_move", str(error), legal=legal) from None
        chance = match.resolve_chance()
        return {"played": {"seat": mover, "action": played.action, "text": played.text},
                "chance": [_event(match, m, viewer) for m in chance],
                "to_play": _to_play(match), "terminal": match.is_over()}

    def cmd_ai(self, request: dict) -> dict | None:
        from vsai.ai import make_agent

        match = self._table(request, writing=True)
        if not match.state.is_player_node():
            raise IllegalMoveError("no seat is to act: the game is over")
        name = _argument(request, "agent", str, default="ismcts")
        seed = _argument(request, "seed", int, default=0)
        apply = _argument(request, "apply", bool, default=True)
        want_progress = _argument(request, "progress", bool, default=False)
        top = _argument(request, "top", int, default=10)
        if top < 0:
            raise ProtocolError("bad_argument", f"'top' is 0 or more, not {top}")
        options = _argument(request, "options", dict, default={})
        iterations, time_limit, level = _budget(request, match.game.spec)
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
        request_id = _echoable(request.get("id"))
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

    def cmd_undo(self, request: dict) -> dict:
        """Take back the last decision. A client playing a seat names it (`seat`): an undo past
        what that seat has since seen is refused (undo_refused) unless `force` (analysis)."""
        match = self._table(request, writing=True)
        seat = self._seat(request, match, required=False)
        force = _argument(request, "force", bool, False)
        undone = match.undo_last(None if force else seat)
        return {"undone": undone, "to_play": _to_play(match)}

    def cmd_save(self, request: dict) -> dict:
        match = self._table(request)
        return {"match": match.save()}

    def cmd_load(self, request: dict) -> dict:
        text = request.get("match")
        if not isinstance(text, str):
            raise ProtocolError("missing_argument", "load needs 'match': the text `save` answered")
        match = Match.load(text)
        with self._lock:
            if len(self.tables) >= MAX_TABLES:
                raise ProtocolError("too_many_tables", f"at most {MAX_TABLES} tables may be open; close one")
            table_id = f"t{next(self._ids)}"
            self.tables[table_id] = match
        return {"table": table_id, "game": match.game.name, "params": match.game.get_parameters(),
                "seats": list(match.game.seat_names()), "plies": len(match.history),
                "to_play": _to_play(match)}

    def cmd_close(self, request: dict) -> dict:
        table_id = self._table_id(request)
        self._table(request, writing=True)
        with self._lock:
            del self.tables[table_id]
        return {"closed": table_id}

    def cmd_rules(self, request: dict) -> dict:
        from vsai.cli.rules import player_summary
        from vsai.core import get_spec

        name = _argument(request, "game", str)
        get_spec(name)  # an unknown game is an unknown_game error
        return {"game": name, "text": player_summary(name)}

    def cmd_quit(self, request: dict) -> dict:
        self.close()
        return {"bye": True}

    # ------------------------------------------------------------------ searching
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
                answer["chance"] = [_event(match, m, seat if viewer is None else viewer)
                                    for m in match.resolve_chance()]
                answer["to_play"] = _to_play(match)
                answer["terminal"] = match.is_over()
            answer["applied"] = apply
        except (VsaiError, ValueError, TypeError) as error:
            answer = error_answer(request_id, getattr(error, "code", "bad_argument"), str(error))
        except Exception as error:  # a bug: report it, keep the session alive
            answer = error_answer(request_id, "internal", f"{type(error).__name__}: {error}")
        with self._lock:
            self._search = None
        self.deliver(answer)

    # ------------------------------------------------------------------ helpers
    def _table_id(self, request: dict) -> str:
        table_id = request.get("table")
        if not isinstance(table_id, str):
            raise ProtocolError("missing_argument", "this command needs 'table': a handle from new or load")
        return table_id

    def _table(self, request: dict, writing: bool = False) -> Match:
        table_id = self._table_id(request)
        with self._lock:
            match = self.tables.get(table_id)
            if match is None:
                open_ids = ", ".join(self.tables) or "none"
                raise ProtocolError("unknown_table", f"no table {table_id!r}; open tables: {open_ids}")
            if writing and self._search is not None and self._search["table"] == table_id:
                raise ProtocolError("busy", f"a search is running on table {table_id}; send stop first")
        return match

    def _seat(self, request: dict, match: Match, required: bool, default: Any = None) -> int | None:
        seat = request.get("seat", default)
        if seat is None:
            if required:
                raise ProtocolError("missing_argument", "this command needs 'seat'")
            return None
        names = [n.lower() for n in match.game.seat_names()]
        if isinstance(seat, str) and seat.strip().lower() in names:
            return names.index(seat.strip().lower())
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise ProtocolError("bad_argument", f"'seat' is 0 to {len(names) - 1} or one of "
                                                f"{', '.join(match.game.seat_names())}, not {seat!r}")
        return seat

    def _viewer(self, request: dict, match: Match, default: int | None) -> int | None:
        """The seat whose eyes an answer is worded for ('viewer'), or `default`."""
        if request.get("viewer") is None:
            return default
        return self._seat({"seat": request["viewer"]}, match, required=True)

    def _describe(self, match: Match, seat: int | None, since: int, details: bool = False) -> dict:
        if since < 0:
            raise ProtocolError("bad_argument", f"'since' is a ply number (0 or more), not {since}")
        state = match.state
        result = {"view": state.view(seat), "to_play": _to_play(match), "terminal": match.is_over(),
                  "ply": len(match.history)}
        if seat is not None and state.current_player() == seat:
            result["legal"] = [_move(state, a, details) for a in state.legal_actions()]
        else:
            result["legal"] = []
        if match.is_over():
            result["returns"] = state.returns()
            result["scores"] = state.scores()
            result["breakdown"] = _breakdown_text(state, seat)
        result["events"] = match.events(seat, since)
        return result


def _breakdown_text(state: State, seat: int | None) -> str | None:
    """How the final scores were made, as `seat` may see them, in plain text (80 columns)."""
    import io

    from rich.console import Console

    from vsai.ext.ui.render import score_breakdown

    shown = score_breakdown(state, seat)
    if shown is None:
        return None
    console = Console(file=io.StringIO(), width=80, color_system=None, no_color=True, emoji=False)
    console.print(shown)
    return console.file.getvalue().rstrip() or None


def _move(state: State, action: int, details: bool) -> dict:
    """A legal move for the seat to play: its id and text; with `details`, the game's
    structured fields (`action_info`), what it does (`detail`) and its `group` for two-step
    choices, as the terminal shows them."""
    if not details:
        return {"action": action, "text": state.action_to_string(action)}
    return {**state.action_info(action), "detail": move_detail(state, action),
            "group": move_group(state, action)}


def _event(match: Match, move: Any, viewer: int | None) -> dict:
    return {"ply": move.ply, "seat": move.seat if move.seat >= 0 else None,
            "text": move.text_for(match.game.name, viewer)}


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


def _to_play(match: Match) -> int | None:
    player = match.state.current_player()
    return player if player >= 0 else None


def _param_info(param: Any) -> dict:
    info = {"name": param.name, "default": param.default, "help": param.help}
    if param.choices:
        info["choices"] = list(param.choices)
    if param.minimum is not None:
        info["minimum"] = param.minimum
    if param.maximum is not None:
        info["maximum"] = param.maximum
    return info


_MISSING = object()


def _argument(request: dict, key: str, kind: type, default: Any = _MISSING) -> Any:
    if key not in request or request[key] is None:
        if default is _MISSING:
            raise ProtocolError("missing_argument", f"this command needs {key!r}")
        return default
    value = request[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ProtocolError("bad_argument", f"{key!r} is a whole number, not {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise ProtocolError("bad_argument", f"{key!r} is a {kind.__name__}, not {value!r}")
    return value


def _budget(request: dict, spec: Any) -> tuple[int | None, float | None, int | None]:
    """The search budget of an `ai` request: iterations and time_limit as given, else those of
    its level (default levels.DEFAULT_LEVEL) on the game of `spec`; and that level, whose
    search options the agent gets, or None when the request sets its own budget."""
    try:
        budget = parse_budget(request.get("iterations"), request.get("time_limit"), request.get("level"),
                              spec, max_iterations=MAX_ITERATIONS, max_seconds=MAX_TIME_LIMIT)
    except ValueError as error:
        raise ProtocolError("bad_argument", str(error)) from None
    return budget.iterations, budget.time_limit, budget.level


_COMMANDS: dict[str, Callable[[EngineSession, dict], Any]] = {
    "hello": EngineSession.cmd_hello, "new": EngineSession.cmd_new, "state": EngineSession.cmd_state,
    "play": EngineSession.cmd_play, "ai": EngineSession.cmd_ai, "stop": EngineSession.cmd_stop,
    "undo": EngineSession.cmd_undo, "save": EngineSession.cmd_save, "load": EngineSession.cmd_load,
    "close": EngineSession.cmd_close, "quit": EngineSession.cmd_quit,
    "rules": EngineSession.cmd_rules,
}
