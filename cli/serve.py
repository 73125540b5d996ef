"""`vsai serve`: the engine protocol over WebSocket, and the web page that plays on it.

The messages are exactly those of `vsai engine` (docs/engine-protocol.md), one JSON text
message each way, on `ws://HOST:PORT/ws?token=...`; the same port serves the page
(`http://HOST:PORT/?token=...`, files from cli/web/ and each game's web/board.js; see
cli/serve_http.py). Each connection has its own tables; a client that disconnects loses only
its own (its running search is stopped). Loopback only unless another host is asked for.

Limits, so that no client can grow the server's memory or starve another: connections and
tables are capped (`Limits`); a message over `MAX_LINE` is answered `line_too_long` (one over
`Limits.hard_message` closes the connection: the library would have to hold it to skip it); a
client that does not read its answers stops being read once `Limits.outbox` answers wait for it.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import secrets
import sys
import webbrowser
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any, Callable

import click

from vsai.cli import options
from vsai.cli.engine import MAX_LINE
from vsai.cli.engine_session import new_session
from vsai.core.engine_protocol import EngineSession, ProtocolError, decode_request, error_answer
from vsai.cli.serve_http import Guard, is_socket, plain_response, static_response

LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass(frozen=True)
class Limits:
    """What one server allows: open connections, tables (all and per connection), answers
    waiting for a slow reader, and the largest message read at all."""

    connections: int = 16
    tables: int = 64
    tables_per_connection: int = 16
    outbox: int = 64
    hard_message: int = 4 * MAX_LINE


@dataclass
class Server:
    """The shared state of one `vsai serve`: its guard, limits and open sessions."""

    guard: Guard
    limits: Limits = field(default_factory=Limits)
    sessions: set[EngineSession] = field(default_factory=set)
    peak_outbox: int = 0                       # the most answers that ever waited (for tests)
    _opening: asyncio.Lock = field(default_factory=asyncio.Lock)

    def process_request(self, connection: Any, request: Any) -> Any:
        """The websockets hook: refuse, serve a file, or let the handshake go on (None)."""
        refusal = self.guard.refusal(request)
        if refusal is not None:
            return plain_response(*refusal)
        if not is_socket(request):
            return static_response(request.path)
        if len(self.sessions) >= self.limits.connections:
            return plain_response(HTTPStatus.SERVICE_UNAVAILABLE,
                                  f"at most {self.limits.connections} connections are open")
        return None

    def table_refusal(self, session: EngineSession) -> str | None:
        """Why `session` may not open one more table now, or None."""
        if len(session.tables) >= self.limits.tables_per_connection:
            return f"at most {self.limits.tables_per_connection} tables per connection; close one"
        if sum(len(s.tables) for s in self.sessions) >= self.limits.tables:
            return f"at most {self.limits.tables} tables are open on this server; close one"
        return None

    async def connection(self, websocket: Any) -> None:
        """Serve one client: requests in order; answers and events as they come."""
        loop = asyncio.get_running_loop()
        outbox: asyncio.Queue[str | None] = asyncio.Queue()

        def put(text: str, droppable: bool) -> None:  # on the loop
            if droppable and outbox.qsize() >= self.limits.outbox // 2:
                return  # progress is only news: drop it for a client that is behind
            outbox.put_nowait(text)
            self.peak_outbox = max(self.peak_outbox, outbox.qsize())

        def send(message: dict[str, Any]) -> None:  # called from this loop or a search thread
            text = json.dumps(message, separators=(",", ":"), allow_nan=False)
            loop.call_soon_threadsafe(put, text, message.get("event") == "progress")

        async def writer() -> None:
            while (text := await outbox.get()) is not None:
                await websocket.send(text)

        session = new_session(send)
        self.sessions.add(session)
        writing = asyncio.create_task(writer())
        try:
            while True:
                while outbox.qsize() >= self.limits.outbox:  # the client is not reading
                    await asyncio.sleep(0.01)
                message = await websocket.recv()
                if not await self._handle(session, message, send):
                    break
        except Exception:  # the connection dropped: fall through and clean up
            pass
        finally:
            self.sessions.discard(session)
            await asyncio.to_thread(session.close)
            await asyncio.sleep(0)
            outbox.put_nowait(None)
            try:
                await asyncio.wait_for(writing, 1.0)
            except Exception:
                writing.cancel()

    async def _handle(self, session: EngineSession, message: str | bytes,
                      send: Callable[[dict], None]) -> bool:
        """Answer one message; False after `quit`."""
        if len(message) > MAX_LINE:
            send(error_answer(None, "line_too_long", f"a request message is at most {MAX_LINE} bytes"))
            return True
        if isinstance(message, bytes):
            message = message.decode("utf-8", "replace")
        try:
            request = decode_request(message)
        except ProtocolError as error:
            send(error_answer(None, error.code, error.message))
            return True
        if isinstance(request, dict) and request.get("cmd") in ("new", "load"):
            async with self._opening:  # one table opening at a time, so the caps hold
                refusal = self.table_refusal(session)
                if refusal is not None:
                    send(error_answer(request.get("id"), "too_many_tables", refusal))
                    return True
                return await asyncio.to_thread(session.handle, request)
        # handle() is quick (searches run in their own thread); run it off the loop anyway
        # so that a slow command never stalls other connections.
        return await asyncio.to_thread(session.handle, request)


async def serve_forever(host: str, port: int, ready: Any = None, guard: Guard | None = None,
                        limits: Limits | None = None, server: list | None = None) -> None:
    """Listen on host:port until cancelled; `ready(port)` is called once listening. Without a
    `guard`, only loopback names and no token are accepted. `server`, if given, receives the
    `Server` (tests read its figures)."""
    from websockets.asyncio.server import serve as ws_serve

    state = Server(guard or Guard(), limits or Limits())
    if server is not None:
        server.append(state)
    async with ws_serve(state.connection, host, port, process_request=state.process_request,
                        max_size=state.limits.hard_message, max_queue=4, write_limit=1 << 16,
                        server_header=None) as listening:
        bound = listening.sockets[0].getsockname()[1]
        if guard is None:
            state.guard = Guard.for_address(host, bound, None)
        if ready is not None:
            ready(bound)
        await asyncio.Future()


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


@click.command("serve", short_help="Play in a browser; the engine protocol over WebSocket.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=options.WholeNumber(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port, printed at start).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--no-token", is_flag=True,
              help="Accept the page and the socket without the random ?token= of the printed URL.")
@click.option("--allow-remote", is_flag=True,
              help="Required to listen on an address other than loopback.")
def serve(host: str, port: int, open_browser: bool, no_token: bool, allow_remote: bool) -> None:
    """Serve the web page (http://HOST:PORT/?token=...) that plays every game against the AI,
    and the vsai engine protocol on its WebSocket (ws://HOST:PORT/ws?token=...): the same
    JSON messages as `vsai engine`, one per WebSocket message. Only the printed URL's page may
    connect (its Host, Origin and token are checked). Stop with Ctrl-C."""
    if not _is_loopback(host) and not allow_remote:
        raise click.BadParameter(f"{host} is not a loopback address: anyone who can reach it could "
                                 "use this engine; add --allow-remote to mean it", param_hint="--host")
    token = None if no_token else secrets.token_urlsafe(18)
    guards: list[Server] = []

    def ready(bound: int) -> None:
        guards[0].guard = Guard.for_address(host, bound, token, any_host=not _is_loopback(host))
        query = f"?token={token}" if token else ""
        page = f"http://{_url_host(host)}:{bound}/{query}"
        click.echo(f"vsai serve: listening on ws://{_url_host(host)}:{bound}/ws{query}", err=True)
        click.echo(f"vsai serve: play in a browser at {page}", err=True)
        sys.stderr.flush()
        if open_browser:
            webbrowser.open(page)

    try:
        asyncio.run(serve_forever(host, port, ready, guard=Guard(token=token), server=guards))
    except KeyboardInterrupt:
        click.echo("vsai serve: stopped", err=True)
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
