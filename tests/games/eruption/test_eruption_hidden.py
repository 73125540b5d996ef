"""Eruption: hidden hands (GAPS 4.2), resampling, action keys, JSON checks."""
from __future__ import annotations

import pytest

from eruption_helpers import (rehistory, CARD, act, body_of, data_of, dealt, edge, load, position,
                              random_game)


def swapped(state, p: int, give: str, take: str):
    """The state with one `give` card of seat p swapped for a `take` card from the deck."""
    env = data_of(state)
    body = env["state"]
    body["hands"][8 * p + CARD[give]] -= 1
    body["deck"][CARD[give]] += 1
    body["hands"][8 * p + CARD[take]] += 1
    body["deck"][CARD[take]] -= 1
    rehistory(body)
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
        assert body["hands"][:8] == body_of(state)["hands"][:8]
        assert [sum(body["hands"][8 * p:8 * p + 8]) for p in range(3)] == [3, 3, 3]
        seen.add(tuple(body["hands"][8:24]))
    assert len(seen) > 10


def test_resample_depends_only_on_what_the_seat_sees():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]])
    state = swapped(state, 1, "Sinkhole", "Sinkhole")     # the same card history form
    other = swapped(state, 1, "Sinkhole", "Lava Flow")
    for seed in range(5):
        assert state.resample(0, seed) == other.resample(0, seed)


def test_a_card_drawn_by_another_seat_is_hidden():
    state = position(2, hands=[["Rain", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"]],
                     stage=9, cards_owed=1)
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
        body["edge_wall"][e] = 0
        body["wall_supply"][0] -= 1
    return change


@pytest.mark.parametrize("field, change, message", [
    ("deck", lambda b: b["deck"].__setitem__(4, b["deck"][4] + 1), "Rain"),
    ("wall", wall_at(edge("a1", "NW")), "sea"),
    ("wall", wall_at(edge("b6", "NE")), "nobody owns"),
    ("wall", wall_at(edge("e4", "W")), "lava edge"),
    ("temp", lambda b: b["temperatures"].__setitem__(0, 60), "claimed"),
    ("temp", lambda b: b["temperatures"].__setitem__(0, 45), "multiples of 10"),
    ("mask", lambda b: b["hex_lava"].__setitem__(3, 9), "empty hex"),
    ("hand", lambda b: b["hands"].__setitem__(8 * 4, 1), "not in this 2-player game"),
    ("tile", lambda b: b["hex_tile"].__setitem__(30, -1), "volcano"),
    ("stack", lambda b: b["tile_stack"].__setitem__(0, 7), "lava tiles counted"),
])
def test_inconsistent_json_is_refused(field, change, message):
    env = data_of(dealt(2))
    change(env["state"])
    with pytest.raises(ValueError, match=message):
        load(env)


HANDS3 = [["Quake", "Quake", "Relocate"], ["Sinkhole", "Volcanic Bomb", "Reinforce"], ["Rain", "Rain", "Quake"]]


def reshuffled_three_player_state():
    """P1 at level 2 draws a card at the card step from an empty deck: the discards are
    reshuffled while P2 and P3 hold Sinkhole, Volcanic Bomb, Reinforce and Rain, Rain, Quake."""
    deck = body_of(position(3, hands=HANDS3))["deck"]
    state = position(3, hands=HANDS3, stage=3, resume_after_draw=0, temps=[120, 130, 0], zone_claimed_by=[1, 1, -1],
                     eruption_tiles_held=[0, 2, 0, 0, 0, 0], deck=[0] * 8, discards=deck)
    act(state, "draw a straight tile")
    act(state, "straight tile to d5")
    act(state, "rotation 0: lava NE SW")
    return state


def skeleton(body, p):
    """What seat p saw of the card history: its own draws, every spend and reshuffle, and only
    the seat of another seat's draw."""
    return [c if c >= 64 or c >> 3 == p else ("draw", c >> 3) for c in body["card_history"]]


def consistent_resample(state, p, seed, orig=None, reload=True):
    """state.resample(p, seed), checked to be a world p cannot rule out: p's view and hand are
    the same, and a card history that p cannot tell from the true one (same skeleton) leads to
    the new hands and deck (the loader replays it; with reload=False the caller checks that
    elsewhere). `orig` is state's JSON body if the caller has it. Returns the new JSON body."""
    other = state.resample(p, seed)
    envelope = data_of(other)
    body, orig = envelope["state"], orig or body_of(state)
    assert skeleton(body, p) == skeleton(orig, p)
    assert body["card_history_overflowed"] == orig["card_history_overflowed"]      # the exact search, not the fallback
    assert body["hands"][8 * p:8 * p + 8] == orig["hands"][8 * p:8 * p + 8]
    assert other.observation_string(p) == state.observation_string(p)
    if reload:
        assert load(envelope) == other
    return body


def test_a_reshuffle_tells_the_union_of_the_other_hands_not_its_split():
    # the deck was empty: the 6 cards P1 could not see are in P2's and P3's hands
    state = reshuffled_three_player_state()
    union = sorted(CARD[c] for c in HANDS3[1] + HANDS3[2])
    splits = set()
    for seed in range(40):
        body = consistent_resample(state, 0, seed)
        p2, p3 = body["hands"][8:16], body["hands"][16:24]
        assert sorted(k for k in range(8) for _ in range(p2[k] + p3[k])) == union
        assert sum(p2) == sum(p3) == 3
        splits.add(tuple(p2))
    assert len(splits) > 3          # who holds what is not known
    # every split can come out: all sub-multisets of size 3 of the union
    from itertools import combinations
    possible = {tuple(sum(1 for c in combo if c == k) for k in range(8)) for combo in combinations(union, 3)}
    for seed in range(40, 400):
        splits.add(tuple(state.resample(0, seed).to_dict()["hands"][8:16]))
    assert splits == possible
    # P2 and P3 see P1's new card only as "a card"; a resample for them keeps their own hand
    for seat in (1, 2):
        for seed in range(10):
            consistent_resample(state, seat, seed)


def test_after_a_reshuffle_a_seat_that_drew_nothing_holds_only_old_cards():
    state = reshuffled_three_player_state()
    act(state, "P1 draws Rain")
    act(state, "end the card step")
    act(state, "no more walls")
    act(state, "discard Rain (hand limit)")
    # P2's turn: an eruption tile, a card P1 does not see (level 2), then Sinkhole played
    act(state, "draw a straight tile")
    act(state, "straight tile to d4")
    act(state, "rotation 2: lava SE NW")
    act(state, "eruption tile to e2")
    act(state, "P2 draws Lava Flow")
    act(state, "play Sinkhole")
    act(state, "sinkhole d4")
    old = [CARD[c] for c in HANDS3[1] + HANDS3[2]]
    new_cards = set()
    for seed in range(60):
        body = consistent_resample(state, 0, seed)
        p3 = body["hands"][16:24]
        for k in range(8):          # P3 drew nothing since the reshuffle
            assert p3[k] <= old.count(k), (seed, p3)
        p2 = body["hands"][8:16]
        new_cards.update(k for k in range(8) if p2[k] > old.count(k) - p3[k])
    assert new_cards                # P2's new card can be one the old hands did not have
    assert CARD["Lava Flow"] in new_cards


def low_deck_position(players, rng):
    """Turn 1's card step, every seat at level 2 (a card each turn), one card in the deck, one
    discarded and the rest in big hands: the hand limit feeds small discard piles, so random
    play reshuffles often (several epochs)."""
    cards = [k for k in range(8) for _ in range([5, 5, 4, 4, 6, 5, 6, 3][k])]
    rng.shuffle(cards)
    hand, deck, discard = [0] * 48, [0] * 8, [0] * 8
    deck[cards[0]] += 1
    discard[cards[1]] += 1
    for i, k in enumerate(cards[2:]):
        hand[8 * (i % players) + k] += 1
    return position(players, temps=[120] * players, hand_counts=hand, deck=deck, discards=discard)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_resample_never_gives_a_hand_the_seat_could_rule_out(players):
    """Random play from low-deck positions: at many nodes, a resample for every seat is a
    world that seat cannot rule out, and it depends only on what the seat saw (two worlds it
    cannot tell apart resample alike)."""
    import random
    rng = random.Random(players)
    epochs = []
    for game_no in range(5):
        state = low_deck_position(players, rng)
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:                   # spend cards often: more reshuffles
                legal = state.legal_actions()
                spends = [a for a in legal if 436 <= a < 488 or a >= 490]
                state.apply_action(rng.choice(spends if spends and rng.random() < 0.7 else legal))
            step += 1
            if step % 17:
                continue
            orig = body_of(state)
            epochs.append(orig["reshuffles"])
            for p in range(players):
                # the loader replays the new history for one seat a node, in turn (every seat
                # until 2026-12-02, most of the cost): each seat's resample still has its
                # history replayed at a sixth or more of the nodes, in every epoch
                consistent_resample(state, p, step, orig, reload=p == (step // 17) % players)
                twin = state.resample(p, step + 1)
                for seed in (5, 6):
                    assert twin.resample(p, seed) == state.resample(p, seed)
    assert max(epochs) >= 2         # several epochs (two reshuffles) were covered


@pytest.mark.parametrize("fields, message", [
    ({"stage": 7}, "extra tile"),
    ({"stage": 22}, "hand-limit"),
    ({"stage": 10, "resume_after_draw": 0}, "card step outside"),
    ({"stage": 3, "final_turns_left": 1, "end_triggered": 1}, "final round"),
    ({"stage": 2}, "wall under test"),
    ({"stage": 9, "cards_owed": 0}, "no card owed"),
])
def test_inconsistent_turn_progress_is_refused(fields, message):
    env = data_of(position(2))
    env["state"].update(fields)
    with pytest.raises(ValueError, match=message):
        load(env)




def test_edited_card_history_is_refused_or_resamples_consistently():
    """Edits of the card history (an entry changed, two swapped, a card moved between hands):
    the loader refuses them, or the state resamples for every seat into a world that seat
    cannot rule out, which loads and plays to the end."""
    import json
    import random

    from vsai.ext.errors import InvalidStateError
    rng = random.Random(7)
    accepted = refused = 0
    for game_no in range(8):
        players = rng.randint(2, 6)
        state = low_deck_position(players, rng)
        for _ in range(rng.randint(10, 300)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        env = data_of(state)
        for trial in range(15):
            edited = json.loads(json.dumps(env))
            body = edited["state"]
            kind = trial % 3
            if kind == 0:
                body["card_history"][rng.randrange(len(body["card_history"]))] = rng.randint(0, 128)
            elif kind == 1:
                i, j = rng.sample(range(len(body["card_history"])), 2)
                body["card_history"][i], body["card_history"][j] = body["card_history"][j], body["card_history"][i]
            else:
                k, q, r = rng.randrange(8), rng.randrange(players), rng.randrange(players)
                if body["hands"][8 * q + k]:
                    body["hands"][8 * q + k] -= 1
                    body["hands"][8 * r + k] += 1
            try:
                loaded = load(edited)
            except InvalidStateError:
                refused += 1
                continue
            accepted += 1
            for p in range(players):
                consistent_resample(loaded, p, trial)
                assert loaded.resample(p, trial).random_playout(trial).is_terminal()
    assert accepted and refused
