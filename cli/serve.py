"""`vsai serve`: the engine protocol over WebSocket, for web frontends.

The messages are exactly those of `vsai engine` (docs/engine-protocol.md), one JSON text
message each way. Each connection has its own tables; a client that disconnects loses only
its own (its running search is stopped). Loopback only unless another host is asked for.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import sys
from typing import Any

import click

from vsai.cli import options
from vsai.cli.engine import MAX_LINE
from vsai.cli.engine_protocol import EngineSession, ProtocolError, decode_request, error_answer

LOOPBACK = ("127.0.0.1", "::1", "localhost")


async def _connection(websocket: Any) -> None:
    """Serve one client: requests in order; answers and events as they come."""
    loop = asyncio.get_running_loop()
    outbox: asyncio.Queue[str | None] = asyncio.Queue()

    def send(message: dict[str, Any]) -> None:  # called from this loop or a search thread
        text = json.dumps(message, separators=(",", ":"), allow_nan=False)
        loop.call_soon_threadsafe(outbox.put_nowait, text)

    async def writer() -> None:
        while (text := await outbox.get()) is not None:
            await websocket.send(text)

    session = EngineSession(send)
    writing = asyncio.create_task(writer())
    try:
        async for message in websocket:
            if isinstance(message, bytes):
                message = message.decode("utf-8", "replace")
            try:
                request = decode_request(message)
            except ProtocolError as error:
                send(error_answer(None, error.code, error.message))
                continue
            # handle() is quick (searches run in their own thread); run it off the loop anyway
            # so that a slow command never stalls other connections.
            if not await asyncio.to_thread(session.handle, request):
                break
    except Exception:  # the connection dropped: fall through and clean up
        pass
    finally:
        await asyncio.to_thread(session.close)
        await asyncio.sleep(0)
        outbox.put_nowait(None)
        try:
            await asyncio.wait_for(writing, 1.0)
        except Exception:
            writing.cancel()


async def serve_forever(host: str, port: int, ready: Any = None) -> None:
    """Listen on host:port until cancelled; `ready(port)` is called once listening."""
    from websockets.asyncio.server import serve as ws_serve

    async with ws_serve(_connection, host, port, max_size=MAX_LINE) as server:
        if ready is not None:
            ready(server.sockets[0].getsockname()[1])
        await asyncio.Future()


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command("serve", short_help="The engine protocol over WebSocket, for web frontends.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=options.WholeNumber(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port, printed at start).")
@click.option("--allow-remote", is_flag=True,
              help="Required to listen on an address other than loopback.")
def serve(host: str, port: int, allow_remote: bool) -> None:
    """Speak the vsai engine protocol over WebSocket (ws://HOST:PORT): the same JSON messages
    as `vsai engine`, one per WebSocket message. Stop with Ctrl-C."""
    if not _is_loopback(host) and not allow_remote:
        raise click.BadParameter(f"{host} is not a loopback address: anyone who can reach it could "
                                 "use this engine; add --allow-remote to mean it", param_hint="--host")

    def ready(bound: int) -> None:
        click.echo(f"vsai serve: listening on ws://{host}:{bound}", err=True)
        sys.stderr.flush()

    try:
        asyncio.run(serve_forever(host, port, ready))
    except KeyboardInterrupt:
        click.echo("vsai serve: stopped", err=True)
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
