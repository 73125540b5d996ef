"""Non-finite numbers (NaN, Infinity, 1e999) in a request, and answers that cannot be sent:
the engine answers with a structured error and keeps every table (stdin and WebSocket)."""
from __future__ import annotations

import asyncio
import json
import re
import subprocess

from websockets.asyncio.client import connect

from engine_helpers import VSAI, EngineProcess
from vsai.cli.engine_session import new_session
from vsai.core import list_games

# Each is one request line holding a non-finite number somewhere.
NON_FINITE = [
    '{"id": NaN, "cmd": "hello"}',
    '{"id": Infinity, "cmd": "hello"}',
    '{"id": -Infinity, "cmd": "state", "table": "t1"}',
    '{"id": 1e999, "cmd": "hello"}',
    '{"id": 3, "cmd": "ai", "table": "t1", "time_limit": NaN}',
    '{"id": 4, "cmd": "new", "game": "%s", "seed": -Infinity}',
    '{"id": 5, "cmd": "new", "game": "%s", "options": {"turn_cap": Infinity}}',
    '{"id": [1, {"x": NaN}], "cmd": "hello"}',
    '{"id": 6, "cmd": "state", "table": "t1", "since": -1e400}',
]


def _lines(game: str) -> list[str]:
    return [line.replace("%s", game) for line in NON_FINITE]


def test_stdin_refuses_non_finite_numbers_and_keeps_its_tables():
    engine = EngineProcess()
    game = list_games()[0]
    table = engine.ask("new", game=game, seed=1)["table"]
    before = engine.ask("state", table=table)
    for line in _lines(game):
        engine.send_raw(line.encode() + b"\n")
        answer = engine.read()
        assert answer == {"id": None, "ok": False, "error": answer["error"]}, (line, answer)
        assert answer["error"]["code"] == "bad_json" and "finite" in answer["error"]["message"], answer
        assert engine.alive()
    assert engine.ask("state", table=table)["view"] == before["view"]
    assert engine.close() == 0
    assert b"Traceback" not in engine.process.stderr.read()


def test_websocket_refuses_non_finite_numbers_and_keeps_the_connection():
    process = subprocess.Popen([VSAI, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    try:
        line = process.stderr.readline()
        match = re.search(r"ws://127\.0\.0\.1:\d+/ws\?token=\S+", line)
        assert match, line
        url = match.group(0)

        async def session() -> list[dict]:
            async with connect(url) as ws:
                await ws.send(json.dumps({"id": 1, "cmd": "new", "game": list_games()[0], "seed": 1}))
                table = json.loads(await ws.recv())["table"]
                answers = []
                for line in _lines(list_games()[0]):
                    await ws.send(line)
                    answers.append(json.loads(await ws.recv()))
                await ws.send(json.dumps({"id": 2, "cmd": "state", "table": table}))
                answers.append(json.loads(await ws.recv()))
                return answers

        answers = asyncio.run(asyncio.wait_for(session(), 60))
    finally:
        process.terminate()
        process.wait(timeout=10)
    for answer in answers[:-1]:
        assert answer["id"] is None and answer["error"]["code"] == "bad_json", answer
    assert answers[-1]["id"] == 2 and answers[-1]["ok"], answers[-1]


class _FlakyTransport:
    """A transport whose JSON encoder refuses the first message it is given, as a value JSON
    cannot carry would; then sends normally."""

    def __init__(self):
        self.sent: list[dict] = []
        self.refused = 0

    def __call__(self, message: dict) -> None:
        if not self.refused:
            self.refused += 1
            raise ValueError("Out of range float values are not JSON compliant")
        self.sent.append(json.loads(json.dumps(message, allow_nan=False)))


def test_an_answer_that_cannot_be_sent_becomes_an_internal_error():
    transport = _FlakyTransport()
    session = new_session(transport)
    assert session.handle({"id": 7, "cmd": "new", "game": list_games()[0], "seed": 1})
    assert transport.sent == [{"id": 7, "ok": False, "error": transport.sent[0]["error"]}]
    assert transport.sent[0]["error"]["code"] == "internal"
    # The session lives on, and an id JSON cannot carry is answered as null.
    session.handle({"id": float("nan"), "cmd": "stop"})
    assert transport.sent[-1] == {"id": None, "ok": True, "stopped": False}
