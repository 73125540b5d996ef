"""What the web page asks of the engine protocol beyond play: `rules`, the seats in `load`'s
answer, and the final `breakdown` of `state` (in-process, no browser)."""
from __future__ import annotations

import threading

from vsai.cli.engine_session import new_session
from vsai.cli.rules import player_summary
from vsai.core.engine_protocol import EngineSession


def session() -> tuple[EngineSession, list]:
    answers: list = []
    done = threading.Event()

    def send(message: dict) -> None:
        answers.append(message)
        if "event" not in message:
            done.set()

    engine = new_session(send)
    engine.done = done
    return engine, answers


def ask(engine: EngineSession, answers: list, **request) -> dict:
    engine.done.clear()
    engine.handle({"id": len(answers), **request})
    engine.done.wait(30)
    return answers[-1]


def test_rules_answers_the_players_summary_and_refuses_an_unknown_game():
    engine, answers = session()
    rules = ask(engine, answers, cmd="rules", game="vec")
    assert rules["ok"] and rules["text"] == player_summary("vec")
    assert ask(engine, answers, cmd="rules", game="chess")["error"]["code"] == "unknown_game"
    assert ask(engine, answers, cmd="rules")["error"]["code"] == "missing_argument"


def test_load_names_the_seats_and_the_end_shows_how_the_scores_were_made():
    engine, answers = session()
    table = ask(engine, answers, cmd="new", game="kilauea", players=3, seed=2, options={"turn_cap": 1})["table"]
    while not ask(engine, answers, cmd="state", table=table)["terminal"]:
        assert ask(engine, answers, cmd="ai", table=table, agent="random", seed=1)["ok"]
    final = ask(engine, answers, cmd="state", table=table, seat=1)
    assert "Final scores" in final["breakdown"] and "\x1b" not in final["breakdown"]
    assert final["returns"] and final["scores"]
    record = ask(engine, answers, cmd="save", table=table)["match"]
    loaded = ask(engine, answers, cmd="load", match=record)
    assert loaded["seats"] == ["P1", "P2", "P3"] and loaded["to_play"] is None
    opened = ask(engine, answers, cmd="new", game="kilauea")
    assert "breakdown" not in ask(engine, answers, cmd="state", table=opened["table"], seat=0)
