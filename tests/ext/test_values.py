"""The value checks every engine shares (vsai.ext.values)."""
import numpy as np
import pytest

from vsai.ext.errors import InvalidArgumentError, InvalidStateError
from vsai.ext.values import action_id, check_field, check_flag, check_param, whole_number


@pytest.mark.parametrize("value, expected", [(3, 3), (np.int64(4), 4), (-2, -2),
                                             (True, None), (2.0, None), ("3", None), (None, None)])
def test_whole_number_takes_ints_and_numpy_integers_only(value, expected):
    assert whole_number(value) == expected


def test_check_param_returns_the_int_and_refuses_with_the_range():
    assert check_param("players", np.int32(3), 2, 4) == 3
    for bad in (1, 5, True, 2.5, "3"):
        with pytest.raises(InvalidArgumentError, match=r"players must be a whole number in 2\.\.4"):
            check_param("players", bad, 2, 4)


def test_check_flag_takes_bools_only():
    assert check_flag("rain", False) is False
    with pytest.raises(InvalidArgumentError, match="rain must be true or false"):
        check_flag("rain", 1)


def test_check_field_names_the_game_and_the_field():
    assert check_field("toy", "turn", 5, 0, 9) == 5
    with pytest.raises(InvalidStateError, match=r"toy state: turn=10 is outside 0\.\.9"):
        check_field("toy", "turn", 10, 0, 9)
    with pytest.raises(InvalidStateError, match="toy state: turn must be an integer"):
        check_field("toy", "turn", True, 0, 9)


def test_action_id_coerces_numpy_and_refuses_the_rest():
    assert action_id(np.int16(7)) == 7
    with pytest.raises(InvalidArgumentError, match="an action is an int"):
        action_id(7.0)
