"""`vsai engine` through whole games of every registered game, with progress and stop."""
from __future__ import annotations

import json

import pytest

from engine_helpers import EngineProcess
from vsai.core import get_spec, list_games


@pytest.fixture(scope="module")
def engine():
    """One `vsai engine` for the module's tests, each at tables of its own (starting one
    costs about 0.5 s of CPU); after all of them it still quits with 0."""
    process = EngineProcess()
    yield process
    assert process.close() == 0


def test_hello_lists_games_agents_and_levels(engine):
    hello = engine.ask("hello")
    assert hello["ok"] and hello["protocol"] == 1
    assert [g["name"] for g in hello["games"]] == list_games()
    for game in hello["games"]:
        spec = get_spec(game["name"])
        assert game["players"] == [spec.min_players, spec.max_players]
        assert {o["name"] for o in game["options"]} == {p.name for p in spec.params}
        assert game["level_search"] == spec.level_search
        assert game["agent_search"] == {agent: {str(n): o for n, o in counts.items()}
                                        for agent, counts in spec.agent_search.items()}
    assert {"random", "heuristic", "mcts", "pimc", "ismcts"} <= {a["name"] for a in hello["agents"]}
    assert len(hello["levels"]) == 10


@pytest.mark.parametrize("name", list_games())
def test_a_whole_game_against_the_ai(engine, name):
    """Seat 0 plays the first legal move; the AI plays the others, worded for seat 0. The
    client follows the log as a frontend does, asking only the events since the last state
    (the whole log at every ply made this test quadratic: 100 s for VEC under load)."""
    new = engine.ask("new", game=name, seed=7)
    assert new["ok"], new
    table = new["table"]
    followed = []
    for _ in range(5000):
        state = engine.ask("state", table=table, seat=0, since=len(followed))
        followed += state["events"]
        json.dumps(state["view"])
        if state["terminal"]:
            break
        if state["to_play"] == 0:
            assert state["legal"], state
            played = engine.ask("play", table=table, move=state["legal"][0]["action"])
            assert played["ok"] and played["played"]["seat"] == 0
        else:
            assert state["legal"] == []           # only the seat to play is told its moves
            answer = engine.ask("ai", table=table, agent="ismcts", iterations=8, seed=1, viewer=0)
            assert answer["ok"], answer
    else:
        pytest.fail("the game did not end")
    assert state["terminal"] and len(state["returns"]) == new["params"]["players"]
    assert sum(state["returns"]) == pytest.approx(1.0)
    events = engine.ask("state", table=table, seat=0)["events"]
    assert len(events) == state["ply"] and followed == events   # the pieces add up to the log
    # Seat 0 is told of every move, but not what it could not see (dealt secrets, draws).
    assert any(e["hidden"] for e in events) == get_spec(name).hidden_information


def test_progress_events_and_stop_mid_search(engine):
    table = engine.ask("new", game=list_games()[0], seed=1)["table"]
    search = engine.send("ai", table=table, agent="ismcts", time_limit=60, progress=True)
    first = engine.read()                                # wait for the search to be under way
    assert first.get("event") == "progress" and first["id"] == search
    stop = engine.send("stop")
    answers = {}
    while len(answers) < 2:
        message = engine.read()
        if "event" not in message:
            answers[message["id"]] = message
    assert answers[stop]["ok"] and answers[stop]["stopped"]
    assert answers[search]["ok"] and answers[search]["stopped"] and answers[search]["seconds"] < 10
    assert answers[search]["analysis"] and answers[search]["applied"]


def test_several_tables_undo_save_load_close(engine):
    first = engine.ask("new", game=list_games()[0], seed=3)["table"]
    second = engine.ask("new", game=list_games()[-1], seed=3)["table"]
    assert first != second
    before = engine.ask("state", table=first)
    mover = before["to_play"]
    legal = engine.ask("state", table=first, seat=mover)["legal"]
    engine.ask("play", table=first, move=legal[-1]["text"])
    assert engine.ask("state", table=first)["ply"] > before["ply"]
    assert engine.ask("undo", table=first)["undone"] >= 1
    assert engine.ask("state", table=first)["ply"] == before["ply"]
    saved = engine.ask("save", table=first)["match"]
    loaded = engine.ask("load", match=saved)
    assert loaded["ok"] and loaded["plies"] == before["ply"]
    assert engine.ask("close", table=second)["closed"] == second
    assert engine.ask("state", table=second)["error"]["code"] == "unknown_table"


@pytest.mark.parametrize("name", list_games())
def test_legal_moves_with_details_carry_the_games_fields(engine, name):
    table = engine.ask("new", game=name, seed=2)["table"]
    seat = engine.ask("state", table=table)["to_play"]
    plain = engine.ask("state", table=table, seat=seat)["legal"]
    detailed = engine.ask("state", table=table, seat=seat, details=True)["legal"]
    assert [m["action"] for m in detailed] == [m["action"] for m in plain]
    for move, short in zip(detailed, plain):
        assert move["text"] == short["text"] and "detail" in move and "group" in move
        assert set(move) > {"action", "text", "detail", "group"}   # the game's own fields too


def test_a_level_budget_carries_its_level_for_the_search_options():
    from vsai.ai import levels
    from vsai.ai.engine_session import request_budget as _budget

    spec = get_spec(list_games()[0])
    assert _budget({"level": 2}, spec) == (levels.iterations(2, spec), levels.level(2).time_limit, 2)
    assert _budget({}, spec)[2] == levels.DEFAULT_LEVEL
    # A request with its own budget is not a level: plain search options.
    assert _budget({"iterations": 50}, spec) == (50, None, None)
