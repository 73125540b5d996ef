"""`new` arguments the engine refuses with its own message: a negative seed, an option given
as a text. In-process (EngineSession), so cheap."""
from __future__ import annotations

import pytest

from vsai.cli.engine_session import new_session
from vsai.core import list_games

GAME = list_games()[0]


def _answer(request: dict) -> dict:
    sent: list[dict] = []
    new_session(sent.append).handle({"id": 1, **request})
    assert len(sent) == 1
    return sent[0]


@pytest.mark.parametrize("request_args, words", [
    ({"seed": -1}, "seed is a whole number, 0 or more"),
    ({"seed": -(2**70)}, "seed is a whole number, 0 or more"),
    ({"seed": 1.5}, "whole number"),
    ({"seed": "5"}, "whole number"),
    ({"options": {"turn_cap": "5"}}, "turn_cap takes a whole number"),
    ({"options": {"turn_cap": 5.0}}, "turn_cap takes a whole number"),
    ({"options": {"turn_cap": True}}, "turn_cap takes a whole number"),
    ({"players": "2"}, "whole number"),
])
def test_new_refuses_bad_arguments_in_its_own_words(request_args, words):
    answer = _answer({"cmd": "new", "game": GAME, **request_args})
    assert answer["ok"] is False and answer["error"]["code"] == "bad_argument", answer
    assert words in answer["error"]["message"] and "numpy" not in answer["error"]["message"].lower()


def test_a_whole_number_option_is_taken():
    answer = _answer({"cmd": "new", "game": GAME, "seed": 0, "options": {"turn_cap": 5}})
    assert answer["ok"] and answer["params"]["turn_cap"] == 5
