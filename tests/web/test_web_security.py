"""`vsai serve`'s guard and limits, without a browser: who may load the page and open the
socket (Host, Origin, token), the caps on connections and tables, backpressure for a client
that does not read, and a message over the limit answered `line_too_long`."""
from __future__ import annotations

import asyncio
import http.client
import json
from contextlib import asynccontextmanager

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from vsai.cli.engine import MAX_LINE
from vsai.cli.serve import Limits, Server, serve_forever
from vsai.cli.serve_http import Guard

TOKEN = "s3cret-token"


@asynccontextmanager
async def running(limits: Limits | None = None, token: str | None = TOKEN):
    """A server on a free loopback port in this event loop; yields (port, Server)."""
    ready: asyncio.Future = asyncio.get_running_loop().create_future()
    holder: list = []

    def on_ready(port: int) -> None:
        holder[0].guard = Guard.for_address("127.0.0.1", port, token)
        ready.set_result(port)

    task = asyncio.create_task(serve_forever("127.0.0.1", 0, on_ready, guard=Guard(token=token),
                                             limits=limits, server=holder))
    port = await ready
    try:
        yield port, holder[0]
    finally:
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass


def get(port: int, path: str, **headers: str) -> tuple[int, bytes, dict]:
    """GET path on the server (in a thread: the server runs in the test's loop)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response.status, response.read(), dict(response.getheaders())


async def ask(ws, request: dict) -> dict:
    await ws.send(json.dumps(request))
    return json.loads(await ws.recv())


def socket_url(port: int, token: str | None = TOKEN) -> str:
    return f"ws://127.0.0.1:{port}/ws" + (f"?token={token}" if token else "")


def test_the_page_needs_the_token_and_its_own_host():
    async def scenario():
        async with running() as (port, _):
            return await asyncio.gather(*(asyncio.to_thread(get, port, path, **headers) for path, headers in [
                (f"/?token={TOKEN}", {}), ("/", {}), ("/?token=wrong", {}),
                (f"/?token={TOKEN}", {"Host": f"evil.example:{port}"}),
                ("/static/app.js", {}), ("/games/kilauea/board.js", {}), ("/static/../serve.py", {}),
                ("/games/nogame/board.js", {})]))

    page, no_token, wrong, rebound, script, board, escape, unknown = asyncio.run(scenario())
    assert page[0] == 200 and b"<html" in page[1]
    assert "connect-src 'self'" in page[2]["Content-Security-Policy"] and page[2]["Referrer-Policy"] == "no-referrer"
    assert no_token[0] == wrong[0] == 403 and b"token" in no_token[1]
    assert rebound[0] == 403 and b"Host" in rebound[1]          # DNS rebinding
    assert script[0] == 200 and board[0] == 200 and b"export function drawBoard" in board[1]
    assert escape[0] == unknown[0] == 404


def test_the_socket_refuses_a_foreign_origin_and_a_missing_token():
    async def scenario():
        async with running() as (port, _):
            refused = []
            for url, origin in [(socket_url(port), "http://evil.example"), (socket_url(port, None), None),
                                (socket_url(port, "wrong"), f"http://127.0.0.1:{port}")]:
                with pytest.raises(InvalidStatus) as error:
                    async with connect(url, origin=origin):
                        pass
                refused.append(error.value.response.status_code)
            async with connect(socket_url(port), origin=f"http://127.0.0.1:{port}") as ws:
                hello = await ask(ws, {"id": 1, "cmd": "hello"})
            return refused, hello

    refused, hello = asyncio.run(scenario())
    assert refused == [403, 403, 403]
    assert hello["ok"] and hello["protocol"] == 1


def test_no_token_is_asked_with_no_token():
    async def scenario():
        async with running(token=None) as (port, _):
            async with connect(socket_url(port, None)) as ws:
                return (await ask(ws, {"id": 1, "cmd": "hello"}))["ok"], await asyncio.to_thread(get, port, "/")

    ok, page = asyncio.run(scenario())
    assert ok and page[0] == 200


def test_the_caps_on_connections_and_tables_hold():
    limits = Limits(connections=2, tables=3, tables_per_connection=2)

    async def scenario():
        async with running(limits) as (port, _):
            async with connect(socket_url(port)) as first, connect(socket_url(port)) as second:
                with pytest.raises(InvalidStatus) as third:
                    async with connect(socket_url(port)):
                        pass
                opened = [await ask(first, {"id": i, "cmd": "new", "game": "kilauea"}) for i in range(3)]
                others = [await ask(second, {"id": i, "cmd": "new", "game": "kilauea"}) for i in range(2)]
                # each connection sees only its own tables: `second` has no t3
                foreign = await ask(second, {"id": 9, "cmd": "state", "table": "t3"})
                closed = await ask(first, {"id": 10, "cmd": "close", "table": "t1"})
                again = await ask(second, {"id": 11, "cmd": "new", "game": "kilauea"})
            return third.value.response.status_code, opened, others, foreign, closed, again

    third, opened, others, foreign, closed, again = asyncio.run(scenario())
    assert third == 503
    assert [a["ok"] for a in opened] == [True, True, False]
    assert opened[2]["error"]["code"] == "too_many_tables" and "per connection" in opened[2]["error"]["message"]
    assert [a["ok"] for a in others] == [True, False]                 # 3 tables on the server
    assert "on this server" in others[1]["error"]["message"]
    assert foreign["error"]["code"] == "unknown_table"
    assert closed["ok"] and again["ok"]


def test_a_message_over_the_limit_is_answered_and_the_connection_lives():
    async def scenario():
        async with running() as (port, _):
            async with connect(socket_url(port), max_size=None) as ws:
                too_long = await ask(ws, {"id": 1, "cmd": "hello", "pad": "x" * MAX_LINE})
                hello = await ask(ws, {"id": 2, "cmd": "hello"})
            return too_long, hello

    too_long, hello = asyncio.run(scenario())
    assert too_long["error"]["code"] == "line_too_long"
    assert hello["ok"] and hello["id"] == 2


class StuckClient:
    """A client that sends requests without end and never reads its answers: the server's
    first send to it never returns (its socket buffers are full)."""

    def __init__(self):
        self.reads = 0

    async def recv(self) -> str:
        self.reads += 1
        return json.dumps({"id": self.reads, "cmd": "hello"})

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()


def test_a_client_that_does_not_read_stops_being_read():
    server = Server(Guard(), Limits(outbox=8))
    client = StuckClient()

    async def scenario():
        serving = asyncio.create_task(server.connection(client))
        await asyncio.sleep(1.0)
        reads = client.reads
        serving.cancel()
        try:
            await serving
        except asyncio.CancelledError:
            pass
        return reads

    reads = asyncio.run(scenario())
    assert server.peak_outbox <= 8          # never more answers waiting than the limit
    assert reads <= 8 + 2                   # and no more requests read than it can hold
