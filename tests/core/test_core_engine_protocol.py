"""The embedding protocol's table session alone (vsai.core.engine_protocol), without agents."""
from vsai.core.engine_protocol import EngineSession


def _session():
    answers = []
    return EngineSession(answers.append), answers


def test_the_table_commands_work_without_agents():
    session, answers = _session()
    session.handle({"id": 1, "cmd": "new", "game": "kilauea", "seed": 3})
    table = answers[-1]["table"]
    session.handle({"id": 2, "cmd": "state", "table": table, "seat": answers[-1]["to_play"]})
    state = answers[-1]
    assert state["ok"] and state["legal"]
    session.handle({"id": 3, "cmd": "play", "table": table, "move": state["legal"][0]["action"]})
    assert answers[-1]["ok"] and answers[-1]["played"]["action"] == state["legal"][0]["action"]
    session.handle({"id": 4, "cmd": "hello"})
    assert "games" in answers[-1] and "agents" not in answers[-1]


def test_the_search_commands_belong_to_the_ai_session():
    session, answers = _session()
    session.handle({"id": 1, "cmd": "ai", "table": "t1"})
    assert answers[-1]["error"]["code"] == "unknown_command"
    assert "ai" not in answers[-1]["error"]["message"].split("commands are: ")[1].split(", ")


def test_rules_without_a_front_send_the_games_summary():
    session, answers = _session()
    session.handle({"id": 1, "cmd": "rules", "game": "kilauea"})
    assert answers[-1]["ok"] and answers[-1]["text"].strip()
