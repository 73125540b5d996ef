"""The JSON field tables of the engines (vsai.ext.fields)."""
import pytest

from vsai.ext.errors import InvalidStateError
from vsai.ext.fields import BEGIN, END, FieldTable, with_table

TABLE = FieldTable("toy", [
    ("players", "n", 0, 2, 4, "number of players"),
    ("hand_sizes", "hand", 3, 0, 9, "per seat: cards in hand"),
    ("bid_count", "bids.count", 0, 0, 4, "bids made"),
])


def _data(**changes):
    data = {"players": 3, "hand_sizes": [1, 2, 3], "bid_count": 0}
    data.update(changes)
    return data


def test_a_good_object_passes():
    TABLE.check(_data())


@pytest.mark.parametrize("changes, message", [
    ({"players": 5}, r"players=5 is outside 2\.\.4"),
    ({"players": True}, "players must be an integer"),
    ({"hand_sizes": [1, 2]}, "hand_sizes must be a list of 3 integers"),
    ({"hand_sizes": [1, 2, 10]}, r"hand_sizes\[2\]=10 is outside 0\.\.9"),
    ({"hand_sizes": [1, True, 3]}, r"hand_sizes\[1\] must be an integer, not True"),
    ({"hand_sizes": [1, 2.0, 3]}, r"hand_sizes\[1\] must be an integer, not 2\.0"),
    ({"extra": 1}, r"unknown fields \['extra'\]"),
])
def test_a_bad_object_is_refused_naming_the_field(changes, message):
    with pytest.raises(InvalidStateError, match=message):
        TABLE.check(_data(**changes))


def test_a_missing_field_is_named():
    data = _data()
    del data["bid_count"]
    with pytest.raises(InvalidStateError, match=r"missing fields \['bid_count'\]"):
        TABLE.check(data)


def test_dump_and_load_map_struct_fields_to_names_and_back():
    raw = {"n": 3, "hand": [1, 2, 3, 0, 0, 0], "bids": {"count": 2, "made": 0}}
    data = TABLE.dump(raw)
    assert data == {"players": 3, "hand_sizes": [1, 2, 3], "bid_count": 2}
    fresh = {"n": 2, "hand": [0] * 6, "bids": {"count": 0, "made": 0}}
    assert TABLE.load(data, fresh) == raw


def test_the_markdown_table_lists_every_field_and_the_markers_take_it():
    text = TABLE.markdown()
    assert "| `hand_sizes` | 3 x 0..9 | per seat: cards in hand (`hand`) |" in text
    doc = f"intro\n{BEGIN}\nold table\n{END}\nafter\n"
    new = with_table(doc, TABLE)
    assert "old table" not in new and text in new and new.endswith(f"{END}\nafter\n")
    with pytest.raises(ValueError, match="markers"):
        with_table("no markers", TABLE)


def test_a_name_used_twice_is_refused():
    with pytest.raises(ValueError, match="used twice"):
        FieldTable("toy", [("a", "x", 0, 0, 1, ""), ("a", "y", 0, 0, 1, "")])


def test_a_key_that_is_not_a_text_is_named_not_a_crash():
    data = _data()
    data[1] = 2
    with pytest.raises(InvalidStateError, match=r"unknown fields \[1\]"):
        TABLE.check(data)
