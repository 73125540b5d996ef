"""Card indexes from Python are checked (issue 25, memory-safe C): gcc's -Warray-bounds on
`blk[-1]` in `_knows`/`_visible` was real, since bounds checking is off in the engine and
both are callable from Python with any int (module functions of the engine)."""
from __future__ import annotations

import pytest

from vsai.core.errors import VsaiError
from vsai.core.registry import load_game
from vsai.ext.vulcanus.engine import _knows, _visible


@pytest.mark.parametrize("card", [-1, 39, 10**6])
def test_a_card_index_outside_the_cards_is_refused(card):
    state = load_game("vulcanus", players=3).new_initial_state()
    with pytest.raises(VsaiError, match=f"no card {card}"):
        _knows(state, card, 0)
    with pytest.raises(VsaiError, match=f"no card {card}"):
        _visible(state, card, None)


def test_every_card_index_answers():
    state = load_game("vulcanus", players=4).new_initial_state()
    assert all(_visible(state, c, None) for c in range(39))
    assert [_knows(state, c, 0) for c in range(27, 39)] == [True] * 12   # the Kaiju's own deck
