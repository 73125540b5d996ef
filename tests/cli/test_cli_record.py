"""The game record format (core/record.py): round trips and clear errors on malformed files."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vsai.core.record import GameRecord

GOOD = {"format": "vsai-record", "version": 1, "game": "kilauea", "params": {"players": 2},
        "seed": 7, "actions": [3, 1, 2], "seats": {"0": "human", "1": "ismcts"}}


def test_round_trip_through_json_and_file(tmp_path):
    record = GameRecord.from_dict(GOOD)
    assert GameRecord.from_json(record.to_json()) == record
    path = tmp_path / "game.json"
    record.save(path)
    assert GameRecord.load(path) == record
    assert json.loads(path.read_text())["actions"] == [3, 1, 2]


@pytest.mark.parametrize("change, message", [
    ({"format": "vsai-state"}, "not a vsai game record"),
    ({"version": 2}, "unsupported vsai record version 2"),
    ({"actions": "3,1,4"}, "'actions' is missing or not a list"),
    ({"actions": [3, "x"]}, "action 2 is 'x'"),
    ({"actions": [3, True]}, "action 2 is True"),
    ({"seed": -1}, "'seed' must be a whole number"),
    ({"seed": "7"}, "'seed' must be a whole number"),
    ({"params": []}, "'params' is missing or not a JSON object"),
    ({"game": None}, "'game' is missing or not a string"),
    ({"seats": {"north": "human"}}, "seat 'north'"),
    ({"seats": {"0": 5}}, "seat '0'"),
    ({"seats": {"²": "human"}}, "seat '²'"),
    ({"extra": 1}, "unknown key"),
])
def test_malformed_records_are_value_errors(change, message):
    data = dict(GOOD, **change)
    with pytest.raises(ValueError, match=message):
        GameRecord.from_dict(data)


def test_missing_key_is_named():
    data = dict(GOOD)
    del data["seed"]
    with pytest.raises(ValueError, match="'seed'"):
        GameRecord.from_dict(data)


def test_bad_files_are_value_errors(tmp_path):
    with pytest.raises(ValueError, match="no such file"):
        GameRecord.load(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="is a folder"):
        GameRecord.load(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "vsai-record", "version": 1, "game": "kil')
    with pytest.raises(ValueError, match="not valid JSON"):
        GameRecord.load(broken)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ValueError):
        GameRecord.load(binary)
    with pytest.raises(ValueError, match="not a vsai game record"):
        GameRecord.from_json("[1, 2, 3]")


def test_unknown_game_is_a_value_error():
    record = GameRecord.from_dict(dict(GOOD, game="chess"))
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        record.load_game()


def test_load_checks_the_game_the_seats_and_every_action(tmp_path):
    from vsai.core import load_game

    state = load_game("kilauea").new_initial_state()
    actions = []
    while state.is_chance_node():
        action = state.legal_actions()[-1]
        state.apply_action(action)
        actions.append(action)
    good = dict(GOOD, actions=actions, params={"players": 2})
    path = tmp_path / "game.json"
    path.write_text(json.dumps(good))
    assert GameRecord.load(path).final_state() == state
    for change, message in (({"game": "chess"}, "unknown game 'chess'"),
                            ({"params": {"players": 7}}, "above the maximum"),
                            ({"seats": {"5": "human"}}, "seat 5 does not exist"),
                            ({"actions": actions + [99999]}, f"action {len(actions) + 1} is illegal")):
        path.write_text(json.dumps(dict(good, **change)))
        with pytest.raises(ValueError, match=message):
            GameRecord.load(path)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.sampled_from(list(GOOD) + ["other"]), JSON, max_size=8))
def test_any_json_is_a_record_or_a_value_error(changes):
    data = dict(GOOD, **changes)
    try:
        record = GameRecord.from_dict(data)
    except ValueError:
        return
    assert GameRecord.from_json(record.to_json()) == record
