"""Eruption: hidden hands (GAPS 4.2), resampling, action keys, JSON checks."""
from __future__ import annotations

import pytest

from eruption_helpers import (CARD, act, body_of, data_of, dealt, edge, load, position,
                              random_game, texts)


def swapped(state, p: int, give: str, take: str):
    """The state with one `give` card of seat p swapped for a `take` card from the deck."""
    env = data_of(state)
    body = env["state"]
    body["hand"][8 * p + CARD[give]] -= 1
    body["deck"][CARD[give]] += 1
    body["hand"][8 * p + CARD[take]] += 1
    body["deck"][CARD[take]] -= 1
    return load(env)


def test_other_hands_are_hidden_but_their_size_is_public():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    view = state.observation_string(0)
    flat = " ".join(view.split())
    assert "P2 village V3: 0 C level 0; walls straw 1, wood 1, stone 1; eruption tiles 0; 3 cards: hidden" in flat
    assert "Quake x1" in view and "Sinkhole" not in view.split("discards")[0]
    other = swapped(state, 1, "Sinkhole", "Lava Flow")
    assert other != state
    assert other.observation_string(0) == view
    assert (other.observation_tensor(0) == state.observation_tensor(0)).all()
    assert other.legal_actions() == state.legal_actions()
    assert other.observation_string(1) != state.observation_string(1)


def test_the_deck_composition_is_hidden_its_size_public():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    assert "deck: 32 cards;" in state.observation_string(0)
    assert "deck: 32 cards (" in str(state)


def test_resample_keeps_the_view_and_redeals_the_other_hands():
    state = position(3, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"],
                               ["Rain", "Rain", "Quake"]])
    seen = set()
    for seed in range(30):
        other = state.resample(0, seed)
        assert other.observation_string(0) == state.observation_string(0)
        assert (other.observation_tensor(0) == state.observation_tensor(0)).all()
        assert other.legal_actions() == state.legal_actions()
        body = body_of(other)
        assert body["hand"][:8] == body_of(state)["hand"][:8]
        assert [sum(body["hand"][8 * p:8 * p + 8]) for p in range(3)] == [3, 3, 3]
        seen.add(tuple(body["hand"][8:24]))
    assert len(seen) > 10


def test_resample_depends_only_on_what_the_seat_sees():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    other = swapped(state, 1, "Sinkhole", "Lava Flow")
    for seed in range(5):
        assert state.resample(0, seed) == other.resample(0, seed)


def test_a_card_drawn_by_another_seat_is_hidden():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]],
                     stage=9, pending=1)
    outcomes = state.legal_actions()
    assert len({state.action_key(1, a) for a in outcomes}) == 1          # P2 sees "a card"
    assert len({state.action_key(0, a) for a in outcomes}) == len(outcomes)
    # played cards are public
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    assert {state.action_key(1, a) for a in state.legal_actions()} == set(state.legal_actions())


def test_json_round_trip_is_exact():
    def check(state):
        again = load(data_of(state))
        assert again == state and again.to_json() == state.to_json()
    random_game(3, 11, check)


def wall_at(e):
    """A straw wall from the supply put on edge e."""
    def change(body):
        body["wall"][e] = 0
        body["supply"][0] -= 1
    return change


@pytest.mark.parametrize("field, change, message", [
    ("deck", lambda b: b["deck"].__setitem__(4, b["deck"][4] + 1), "Rain"),
    ("wall", wall_at(edge("a1", "NW")), "sea"),
    ("wall", wall_at(edge("b6", "NE")), "nobody owns"),
    ("wall", wall_at(edge("e4", "W")), "lava edge"),
    ("temp", lambda b: b["temp"].__setitem__(0, 60), "claimed"),
    ("temp", lambda b: b["temp"].__setitem__(0, 45), "multiples of 10"),
    ("mask", lambda b: b["mask"].__setitem__(3, 9), "empty hex"),
    ("hand", lambda b: b["hand"].__setitem__(8 * 4, 1), "not in this 2-player game"),
    ("tile", lambda b: b["tile"].__setitem__(30, -1), "volcano"),
    ("stack", lambda b: b["stack"].__setitem__(0, 7), "lava tiles counted"),
])
def test_inconsistent_json_is_refused(field, change, message):
    env = data_of(dealt(2))
    change(env["state"])
    with pytest.raises(ValueError, match=message):
        load(env)


def reshuffled_two_player_state():
    """P1 at level 2 draws a card at the card step from an empty deck: the discards are
    reshuffled while P2 holds Sinkhole, Volcanic Bomb, Reinforce."""
    deck = body_of(position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]]))["deck"]
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]],
                     stage=3, ctx=0, temps=[120, 130], claimed=[1, 1, -1], held=[0, 2, 0, 0, 0, 0],
                     deck=[0] * 8, discard=deck)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    return state


def test_a_reshuffle_shows_the_only_other_hand():
    # the deck was empty: every card P1 could not see was in P2's hand (2 players)
    state = reshuffled_two_player_state()
    view = " ".join(state.observation_string(0).split())
    assert "3 cards: hidden (known: Sinkhole x1, Volcanic Bomb x1, Reinforce x1)" in view
    for seed in range(10):
        other = state.resample(0, seed)
        assert body_of(other)["hand"][8:16] == body_of(state)["hand"][8:16]
        assert other.observation_string(0) == state.observation_string(0)


def test_known_cards_are_forgotten_when_played():
    state = reshuffled_two_player_state()
    act(state, "P1 draws Rain")
    act(state, "end the card step")
    act(state, "no more walls")
    act(state, "discard Rain (hand limit)")
    # P2's turn: it places an eruption tile, draws a card P1 does not see (level 2), then
    # plays Sinkhole
    act(state, "draw a straight tile")
    act(state, "straight tile to d4")
    act(state, "rotation 2: lava SE NW")
    act(state, "eruption tile to e2")
    act(state, "P2 draws Quake")
    act(state, "play Sinkhole")
    act(state, "sinkhole d4")
    view = " ".join(state.observation_string(0).split())
    assert "known: Volcanic Bomb x1, Reinforce x1" in view
    hands = set()
    for seed in range(20):
        hand = body_of(state.resample(0, seed))["hand"][8:16]
        assert hand[3] >= 1 and hand[6] >= 1 and sum(hand) == 3
        hands.add(tuple(hand))
    assert len(hands) > 1           # the card drawn after the reshuffle is unknown


@pytest.mark.parametrize("fields, message", [
    ({"stage": 7}, "extra tile"),
    ({"stage": 22}, "hand-limit"),
    ({"stage": 10, "ctx": 0}, "card step outside"),
    ({"stage": 3, "final_left": 1, "ending": 1}, "final round"),
    ({"stage": 2}, "wall under test"),
    ({"stage": 9, "pending": 0}, "no card owed"),
])
def test_inconsistent_turn_progress_is_refused(fields, message):
    env = data_of(position(2))
    env["state"].update(fields)
    with pytest.raises(ValueError, match=message):
        load(env)


def test_a_reshuffle_shows_other_hands_when_the_unseen_cards_are_alike():
    # 3 players: P2 and P3 hold all six Rain cards between them; P1 can tell at the reshuffle
    hands = [["Quake", "Quake", "Relocate"], ["Rain", "Rain", "Rain"], ["Rain", "Rain", "Rain"]]
    deck = body_of(position(3, hands=hands))["deck"]
    state = position(3, hands=hands, stage=3, ctx=0, temps=[120, 130, 0], claimed=[1, 1, -1],
                     held=[0, 2, 0, 0, 0, 0], deck=[0] * 8, discard=deck)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    view = " ".join(state.observation_string(0).split())
    assert view.count("3 cards: hidden (known: Rain x3)") == 2
    # before the reshuffle nothing was known
    assert "known" not in position(3, hands=hands).observation_string(0)
