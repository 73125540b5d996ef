"""`vsai engine` answers every malformed line with an error and keeps running."""
from __future__ import annotations

import json
import random

from engine_helpers import EngineProcess
from vsai.core import list_games

CODES = {"bad_json", "bad_request", "unknown_command", "missing_argument", "bad_argument",
         "unknown_table", "illegal_move", "invalid_state", "unknown_game", "unknown_agent",
         "line_too_long", "busy", "bad_input"}


def malformed_requests(table: str) -> list[bytes]:
    """More than 200 bad lines: not JSON, not objects, unknown commands, bad arguments."""
    rng = random.Random(5)
    lines: list[bytes] = [b"not json", b"{", b"}", b"[1,2", b"\xff\xfe\x00", b'"just a string"', b"42",
                          b"null", b"[]", b"true", b"[" * 100_000 + b"]" * 100_000, b'{"cmd": 7}',
                          b'{"id": 1}', b'{"cmd": "HELLO"}', b'{"cmd": "fly"}', b'{"cmd": null}']
    weird = [None, True, -1, 2**80, 1.5, float("nan"), "", "x" * 1000, [], {}, [1], {"a": 1}]
    commands = ["new", "state", "play", "ai", "undo", "save", "load", "close"]
    keys = ["game", "players", "seed", "options", "table", "seat", "move", "agent", "iterations",
            "time_limit", "level", "match", "since", "viewer", "apply", "progress"]
    while len(lines) < 260:
        request = {"id": len(lines), "cmd": rng.choice(commands)}
        for key in rng.sample(keys, rng.randint(1, 4)):
            request[key] = rng.choice(weird)
        if rng.random() < 0.5:
            request["table"] = rng.choice([table, "t999", 3])
        if request["cmd"] in ("ai", "close"):     # keep the table, and every answer immediate
            request["table"] = "t999"
        if request["cmd"] in ("new", "load") and "game" not in request and "match" not in request:
            request["game"] = rng.choice(["chess", 5, ""])
        lines.append(json.dumps(request, allow_nan=True).encode())
    lines.append(b"x" * (2 << 20))               # a line of 2 MB
    return lines


def test_malformed_lines_get_error_answers_and_the_engine_lives():
    engine = EngineProcess()
    table = engine.ask("new", game=list_games()[0], seed=1)["table"]
    baseline = engine.ask("state", table=table)
    for line in malformed_requests(table):
        engine.send_raw(line + b"\n")
        answer = engine.read()
        if answer.get("ok"):                      # a few random requests are valid (state of the table)
            assert answer["id"] is not None
            continue
        assert answer["ok"] is False and answer["error"]["code"] in CODES, answer
        assert answer["error"]["message"]
        assert engine.alive()
    # Nothing the engine held was lost: the table is as it was (valid random plays aside).
    after = engine.ask("state", table=table)
    assert after["ok"] and after["ply"] >= baseline["ply"]
    assert engine.ask("hello")["ok"]
    assert engine.close() == 0
    assert b"Traceback" not in engine.process.stderr.read()
