"""The vsai engine protocol: JSON requests in, JSON answers out, for any frontend.

The embedding API, beside `Match`: one `EngineSession` holds the tables (matches) of one
client and answers the table commands (hello, new, state, play, undo, save, load, close,
rules, quit). It knows nothing of agents: `vsai.ai.engine_session.AiEngineSession` adds the
search commands (`ai`, `stop`) to it, and the transports (`vsai engine` over stdio,
cli/engine.py; `vsai serve` over WebSocket, cli/serve.py) run that one. Answers and events go
to the session's `send` function, which must be safe to call from two threads (the
transports lock it). docs/engine-protocol.md documents every command.
"""
from __future__ import annotations

import importlib.metadata
import itertools
import json
import math
import threading
import traceback
from typing import TYPE_CHECKING, Any, Callable

from vsai.core.errors import IllegalMoveError, VsaiError
from vsai.core.match import HUMAN, Match
from vsai.ext.ui.hooks import move_detail, move_group

if TYPE_CHECKING:
    from vsai.ext.state import State

PROTOCOL_VERSION = 1
MAX_TABLES = 64


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


def echoable(request_id: Any) -> Any:
    """`request_id` if an answer can carry it back as JSON, else None."""
    try:
        json.dumps(request_id, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return None
    return request_id


class EngineSession:
    """The tables of one client (see the module docstring).

    `rules_text(game)` gives the `rules` command's text and `breakdown_text(state, seat)` the
    final score breakdown in plain text; a front passes its own (the command line's are
    worded for a terminal), and without them the game's summary.md is sent as it is and no
    breakdown. Subclasses add commands to `COMMANDS` and may hold a running search in
    `_search` (`{"id", "table", "thread", "stop"}`), which blocks writes to its table.
    """

    COMMANDS: dict[str, Callable[["EngineSession", dict], Any]] = {}

    def __init__(self, send: Callable[[dict], None], *,
                 rules_text: Callable[[str], str] | None = None,
                 breakdown_text: Callable[["State", int | None], str | None] | None = None):
        self.send = send
        self.tables: dict[str, Match] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()          # guards the tables and the search slot
        self._search: dict | None = None
        self._rules_text = rules_text or _summary_document
        self._breakdown_text = breakdown_text or (lambda state, seat: None)

    # ------------------------------------------------------------------ dispatch
    def handle(self, request: Any) -> bool:
        """Answer one request (a decoded JSON value). Returns False after `quit`."""
        if not isinstance(request, dict):
            self.deliver(error_answer(None, "bad_request", "a request is a JSON object"))
            return True
        request_id = echoable(request.get("id"))
        command = request.get("cmd")
        handler = self.COMMANDS.get(command) if isinstance(command, str) else None
        if handler is None:
            known = ", ".join(sorted(self.COMMANDS))
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
            self.send(error_answer(echoable(message.get("id")), "internal",
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
        from vsai.core import get_spec, list_games

        games = []
        for name in list_games():
            spec = get_spec(name)
            games.append({
                "name": name, "title": spec.title, "summary": spec.summary,
                "players": [spec.min_players, spec.max_players],
                "hidden_information": spec.hidden_information, "complete": spec.complete,
                "options": [_param_info(p) for p in spec.params], "level_scale": spec.level_scale,
                "level_search": dict(spec.level_search),
                "agent_search": {agent: {str(n): dict(o) for n, o in sorted(counts.items())}
                                 for agent, counts in spec.agent_search.items()}})
        return {"protocol": PROTOCOL_VERSION, "vsai": importlib.metadata.version("vsai"),
                "games": games, **self._hello_extra()}

    def _hello_extra(self) -> dict:
        """What a subclass adds to `hello` (the agents and levels of the AI session)."""
        return {}

    def cmd_new(self, request: dict) -> dict:
        from vsai.core import load_game

        name = argument(request, "game", str)
        options = argument(request, "options", dict, default={})
        players = argument(request, "players", int, default=None)
        seed = argument(request, "seed", int, default=0)
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
                "chance": len(chance), "to_play": seat_to_play(match)}

    def cmd_state(self, request: dict) -> dict:
        match = self._table(request)
        seat = self._seat(request, match, required=False)
        since = argument(request, "since", int, default=0)
        details = argument(request, "details", bool, default=False)
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
                "chance": [move_event(match, m, viewer) for m in chance],
                "to_play": seat_to_play(match), "terminal": match.is_over()}

    def cmd_undo(self, request: dict) -> dict:
        """Take back the last decision. A client playing a seat names it (`seat`): an undo past
        what that seat has since seen is refused (undo_refused) unless `force` (analysis)."""
        match = self._table(request, writing=True)
        seat = self._seat(request, match, required=False)
        force = argument(request, "force", bool, False)
        undone = match.undo_last(None if force else seat)
        return {"undone": undone, "to_play": seat_to_play(match)}

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
                "to_play": seat_to_play(match)}

    def cmd_close(self, request: dict) -> dict:
        table_id = self._table_id(request)
        self._table(request, writing=True)
        with self._lock:
            del self.tables[table_id]
        return {"closed": table_id}

    def cmd_rules(self, request: dict) -> dict:
        from vsai.core import get_spec

        name = argument(request, "game", str)
        get_spec(name)  # an unknown game is an unknown_game error
        return {"game": name, "text": self._rules_text(name)}

    def cmd_quit(self, request: dict) -> dict:
        self.close()
        return {"bye": True}

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
        result = {"view": state.view(seat), "to_play": seat_to_play(match), "terminal": match.is_over(),
                  "ply": len(match.history)}
        if seat is not None and state.current_player() == seat:
            result["legal"] = [_move(state, a, details) for a in state.legal_actions()]
        else:
            result["legal"] = []
        if match.is_over():
            result["returns"] = state.returns()
            result["scores"] = state.scores()
            result["breakdown"] = self._breakdown_text(state, seat)
        result["events"] = match.events(seat, since)
        return result


def _summary_document(name: str) -> str:
    """The game's summary.md as it is (the rules for players), or a line saying there is none."""
    from vsai.core.registry import get_spec, rules_document

    return rules_document(name, "summary.md") or f"{get_spec(name).title}: no rules summary"


def _move(state: State, action: int, details: bool) -> dict:
    """A legal move for the seat to play: its id and text; with `details`, the game's
    structured fields (`action_info`), what it does (`detail`) and its `group` for two-step
    choices, as the terminal shows them."""
    if not details:
        return {"action": action, "text": state.action_to_string(action)}
    return {**state.action_info(action), "detail": move_detail(state, action),
            "group": move_group(state, action)}


def move_event(match: Match, move: Any, viewer: int | None) -> dict:
    """A move of `match`'s history as an event worded for `viewer` (None: a spectator)."""
    return {"ply": move.ply, "seat": move.seat if move.seat >= 0 else None,
            "text": move.text_for(match.game.name, viewer)}


def seat_to_play(match: Match) -> int | None:
    """The seat to act in `match`, or None at chance or the end."""
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


def argument(request: dict, key: str, kind: type, default: Any = _MISSING) -> Any:
    """`request[key]` checked to be of `kind` (a whole number for int); `default` when it is
    absent or null, a missing_argument error when there is no default."""
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


EngineSession.COMMANDS = {
    "hello": EngineSession.cmd_hello, "new": EngineSession.cmd_new, "state": EngineSession.cmd_state,
    "play": EngineSession.cmd_play, "undo": EngineSession.cmd_undo, "save": EngineSession.cmd_save,
    "load": EngineSession.cmd_load, "close": EngineSession.cmd_close, "quit": EngineSession.cmd_quit,
    "rules": EngineSession.cmd_rules,
}
