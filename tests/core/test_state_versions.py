"""Saved states: version 3 is written; version 2 still loads, through the game's upgrade_v2."""
import dataclasses
import json

import pytest

from vsai.core import Game
from vsai.core.errors import InvalidStateError
from vsai.ext.state import JSON_VERSION

from ai_toygame import TOY_SPEC, ToyState, toy_game


def _game_with_upgrade(upgrade) -> Game:
    """The toy game whose state class converts version 2 with `upgrade`."""
    state_class = type("UpgradingToyState", (ToyState,), {"upgrade_v2": staticmethod(upgrade)})
    return Game(dataclasses.replace(TOY_SPEC, state_class=state_class), {"players": 2})


def _played(game):
    state = game.new_initial_state()
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    return state


def test_states_are_written_as_version_3():
    state = _played(toy_game())
    assert JSON_VERSION == 3 and json.loads(state.to_json())["version"] == 3


def test_a_version_2_state_goes_through_the_games_upgrade():
    state = _played(toy_game())
    envelope = json.loads(state.to_json())
    envelope["version"] = 2
    renamed = dict(envelope["state"])
    renamed["old_round"] = renamed.pop("round")
    envelope["state"] = renamed
    seen = []

    def upgrade(body, params):
        seen.append(params)
        body = dict(body)
        body["round"] = body.pop("old_round")
        return body

    loaded = _game_with_upgrade(upgrade).state_from_json(json.dumps(envelope))
    assert loaded.to_dict() == state.to_dict()
    assert seen == [{"players": 2}]


def test_a_failing_upgrade_is_one_clear_error():
    envelope = json.loads(_played(toy_game()).to_json())
    envelope["version"] = 2

    def upgrade(body, params):
        return body["no such field"]

    with pytest.raises(InvalidStateError, match="malformed search-toy state \\(version 2\\): KeyError"):
        _game_with_upgrade(upgrade).state_from_json(json.dumps(envelope))


@pytest.mark.parametrize("version", [1, 4, True, "3", None])
def test_other_versions_are_refused(version):
    game = toy_game()
    envelope = json.loads(_played(game).to_json())
    envelope["version"] = version
    with pytest.raises(InvalidStateError, match="unsupported vsai state version"):
        game.state_from_json(json.dumps(envelope))
