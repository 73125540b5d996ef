"""`vsai serve`: the engine protocol over WebSocket, two clients at once, each with a game."""
from __future__ import annotations

import asyncio
import json
import re
import subprocess

import pytest
from websockets.asyncio.client import connect

from engine_helpers import VSAI
from vsai.core import list_games


@pytest.fixture
def server():
    process = subprocess.Popen([VSAI, "serve", "--port", "0"], stderr=subprocess.PIPE, text=True)
    line = process.stderr.readline()
    match = re.search(r"ws://127\.0\.0\.1:\d+/ws\?token=\S+", line)
    assert match, line
    yield match.group(0)
    process.terminate()
    assert process.wait(timeout=10) is not None


async def play_one(url: str, game: str, seed: int) -> dict:
    """A whole game over one connection: seat 0 plays its first legal move, the AI the rest."""
    async with connect(url) as ws:
        ids = iter(range(1, 100000))

        async def ask(cmd: str, **args) -> dict:
            request_id = next(ids)
            await ws.send(json.dumps({"id": request_id, "cmd": cmd, **args}))
            while True:
                message = json.loads(await ws.recv())
                if message.get("id") == request_id and "event" not in message:
                    return message

        await ws.send("not json")
        assert json.loads(await ws.recv())["error"]["code"] == "bad_json"
        table = (await ask("new", game=game, seed=seed))["table"]
        seen = 0   # events followed so far: asking only the new ones keeps the game linear
        while True:
            state = await ask("state", table=table, seat=0, since=seen)
            seen += len(state["events"])
            if state["terminal"]:
                return state
            if state["to_play"] == 0:
                assert (await ask("play", table=table, move=state["legal"][0]["action"]))["ok"]
            else:
                assert (await ask("ai", table=table, agent="random", seed=seed, viewer=0))["ok"]


def test_two_connections_play_at_once(server):
    async def both():
        return await asyncio.gather(play_one(server, list_games()[0], 1), play_one(server, list_games()[-1], 2))

    first, second = asyncio.run(both())
    assert first["terminal"] and second["terminal"]
    assert sum(first["returns"]) == pytest.approx(1) and sum(second["returns"]) == pytest.approx(1)


def test_a_client_that_leaves_loses_only_its_own_tables(server):
    async def scenario():
        async with connect(server) as keeper:
            await keeper.send(json.dumps({"id": 1, "cmd": "new", "game": list_games()[0], "seed": 4}))
            table = json.loads(await keeper.recv())["table"]
            async with connect(server) as leaver:
                await leaver.send(json.dumps({"id": 1, "cmd": "new", "game": list_games()[0]}))
                await leaver.recv()
                await leaver.send(json.dumps({"id": 2, "cmd": "ai", "table": "t1", "time_limit": 30}))
            # The leaver dropped mid-search; the keeper's table is untouched and answers.
            await keeper.send(json.dumps({"id": 2, "cmd": "state", "table": table}))
            return json.loads(await keeper.recv())

    state = asyncio.run(scenario())
    assert state["ok"] and not state["terminal"]


def test_remote_host_must_be_asked_for():
    result = subprocess.run([VSAI, "serve", "--host", "0.0.0.0"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "--allow-remote" in result.stderr and "Traceback" not in result.stderr
