"""`vsai engine`: the engine protocol as JSON lines over stdin and stdout (like UCI or GTP).

Each line in is one request, each line out one answer or event (docs/engine-protocol.md).
Requests are read while a search runs, so `stop` ends it at once. Nothing a client sends
ends the engine but `quit` or the end of its input: a line that is not JSON, too long, or
wrong in any way gets an error answer.
"""
from __future__ import annotations

import json
import sys
import threading
from typing import Any, BinaryIO, TextIO

import click

from vsai.cli.engine_session import new_session
from vsai.core.engine_protocol import ProtocolError, decode_request, error_answer

# The longest request line read (bytes); a longer one is answered with line_too_long.
MAX_LINE = 1 << 20


def read_lines(stream: BinaryIO):
    """Yield (line, too_long) for each line of `stream`, never holding more than MAX_LINE bytes."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # skip the rest of the line, a bounded chunk at a time
                rest = stream.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield b"", True
        else:
            yield line, False


def serve_stdio(stdin: BinaryIO, stdout: TextIO) -> None:
    """Answer requests from `stdin` on `stdout` until `quit` or the end of input."""
    lock = threading.Lock()

    def send(message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"), allow_nan=False)
        with lock:
            stdout.write(text + "\n")
            stdout.flush()

    session = new_session(send)
    try:
        for line, too_long in read_lines(stdin):
            if too_long:
                send(error_answer(None, "line_too_long", f"a request line is at most {MAX_LINE} bytes"))
                continue
            if not line.strip():
                continue
            try:
                request = decode_request(line)
            except ProtocolError as error:
                send(error_answer(None, error.code, error.message))
                continue
            if not session.handle(request):
                return
    finally:
        session.close()


@click.command("engine", short_help="The engine protocol on stdin/stdout, for frontends.")
def engine() -> None:
    """Speak the vsai engine protocol: one JSON request per line on stdin, one JSON answer
    per line on stdout (see docs/engine-protocol.md). Start with {"id": 1, "cmd": "hello"}."""
    serve_stdio(sys.stdin.buffer, sys.stdout)
