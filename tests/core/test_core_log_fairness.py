"""A seat's log depends only on what that seat saw: change the hidden information of a game's
past (other cards drawn, other cards planned face down) and every line of its log reads the
same. Found failing when the last card of a deck was named ("draw Fire fighting")."""
import random

import pytest

from vsai.core import list_games, load_game
from vsai.core.match import Match

CASES = [(name, players) for name in list_games() for players in (2, 3)]


def twin_logs(name: str, players: int, seat: int, seed: int, plies: int) -> tuple[list, list]:
    """`seat`'s log of a random game and of a twin game that `seat` cannot tell from it.

    The twin takes, at every move, an action with the same `action_key` for `seat` as the
    original's: the same action when it is public (or legal in the twin), another hidden one
    (another card drawn, planned, set aside) when `seat` cannot see it. The original's moves
    are drawn among those the twin can answer; both stop at the end, after `plies`, or where
    the twin cannot follow (a chance outcome `seat` sees that the twin's world cannot give)."""
    game = load_game(name, players=players)
    real, twin = Match(game, seed), Match(game, seed + 1000)
    rng = random.Random(seed)
    for _ in range(plies):
        if real.is_over():
            break
        state = real.state
        twin_keys = {}
        for a in twin.state.legal_actions():
            twin_keys.setdefault(twin.state.action_key(seat, a), []).append(a)
        if state.is_chance_node():
            action = real.chance_outcome()
        else:  # a move the twin can answer, so that the games go on
            followable = [a for a in state.legal_actions() if state.action_key(seat, a) in twin_keys]
            if not followable:
                break
            action = rng.choice(followable)
        key = state.action_key(seat, action)
        same = twin_keys.get(key)
        if not same:
            break
        hidden = key != action
        twin_action = rng.choice(same) if hidden and (state.is_chance_node() or action not in same) \
            else (action if action in same else rng.choice(same))
        real.play(action)
        twin.play(twin_action)
    return real.events(seat), twin.events(seat)


@pytest.mark.parametrize("name,players", CASES)
def test_a_seats_log_is_the_same_whatever_it_could_not_see(name, players):
    compared = differed = 0
    for seat in range(players):
        real, twin = twin_logs(name, players, seat, seed=3 + seat, plies=400)
        assert [e["text"] for e in real] == [e["text"] for e in twin], (name, players, seat)
        assert [e["hidden"] for e in real] == [e["hidden"] for e in twin]
        compared += len(real)
        differed += sum(e["hidden"] for e in real)
    assert compared >= 40 * players
    assert differed > 0 or not load_game(name, players=players).has_hidden_information()


@pytest.mark.skipif("vec" not in list_games(), reason="vec is not registered")
def test_vec_words_a_sealed_bid_by_the_engines_sealed_key():
    """ext/vec/render.py names the engine's key for a sealed bid; a drifted value would show a
    sealed bid's amounts."""
    from vsai.ext.vec.render import SEALED_BID_KEY, hidden_move_text
    match, rng = Match(load_game("vec", players=3), 1), random.Random(1)
    while not match.is_over():
        match.resolve_chance()
        state = match.state
        texts = state.legal_action_strings()
        if any(t.startswith("bid ") for t in texts) and state.current_player() == 0:
            bid = state.legal_actions()[texts.index(next(t for t in texts if t.startswith("bid ")))]
            if match.play(bid).keys[1] == SEALED_BID_KEY:
                assert match.events(1)[-1]["text"] == "a sealed bid"
                assert hidden_move_text(0, "exchange 4 ink for 1 special, bid 2 ink 1 special",
                                        key=SEALED_BID_KEY + 1) == "bid 2 ink 1 special"
                return
        else:
            match.play(rng.choice(state.legal_actions()))
    pytest.fail("no sealed bid by P1 in the game")
