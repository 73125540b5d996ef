"""A `vsai engine` subprocess for the tests: send requests, read answers and events."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

VSAI = str(Path(sys.executable).with_name("vsai"))


class EngineProcess:
    """`vsai engine` as a subprocess. `ask` sends a request and returns (answer, events)."""

    def __init__(self):
        self.process = subprocess.Popen([VSAI, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE,
                                        env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.next_id = 0

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (for malformed input)."""
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def read(self) -> dict:
        """The next message from the engine. (The pipe is buffered: unbuffered, `readline`
        read one byte per system call, 4 s of CPU for a VEC game's views.)"""
        line = self.process.stdout.readline()
        assert line, f"the engine closed its output: {self.process.stderr.read().decode()[-2000:]}"
        return json.loads(line)

    def send(self, cmd: str, **args) -> int:
        """Send a request; returns its id."""
        self.next_id += 1
        self.send_raw((json.dumps({"id": self.next_id, "cmd": cmd, **args}) + "\n").encode())
        return self.next_id

    def answer(self, request_id: int) -> tuple[dict, list[dict]]:
        """Read until the answer of `request_id`; returns it and the events before it."""
        events = []
        while True:
            message = self.read()
            if "event" in message:
                events.append(message)
            elif message.get("id") == request_id:
                return message, events

    def ask(self, cmd: str, **args) -> dict:
        """Send a request and return its answer (events dropped)."""
        return self.answer(self.send(cmd, **args))[0]

    def alive(self) -> bool:
        """True while the process runs."""
        return self.process.poll() is None

    def close(self) -> int:
        """Quit and return the exit code."""
        if self.alive():
            self.ask("quit")
        self.process.stdin.close()
        return self.process.wait(timeout=20)
