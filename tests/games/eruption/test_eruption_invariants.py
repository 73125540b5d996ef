"""Eruption: random games of every player count keep the conservation laws and end (X5, X6)."""
from __future__ import annotations

import pytest

from eruption_helpers import BOARD, body_of, data_of, game, load, random_game
from vsai.ext.eruption import engine


def check_invariants(state):
    body = body_of(state)
    n = body["n"]
    # load_dict re-checks every conservation law (tiles, cards, walls, eruption tiles)
    assert load(data_of(state)) == state
    assert sum(body["stack"]) + body["tiles_out"] + sum(1 for k in body["tile"] if 0 <= k < 8) \
        + (1 if body["stage"] in (4, 5, 6, 15) and body["cur_tile"] < 8 else 0) == 40
    counts = list(BOARD["card_counts"])
    if not body["rain"]:
        counts[4] -= 5
    for k in range(8):
        assert body["deck"][k] + body["discard"][k] + sum(body["hand"][8 * p + k] for p in range(n)) == counts[k]
    for m in range(3):
        walls = body["wall"].count(m) + body["supply"][m] + sum(body["stock"][3 * p + m] for p in range(n))
        assert walls == BOARD["walls_total"][m]
    assert all(0 <= t <= 300 and t % 10 == 0 for t in body["temp"])
    assert body["tile"].count(8) + sum(body["held"]) == sum(1 for c in body["claimed"] if c >= 0) <= 3
    if state.is_player_node():
        assert 0 < len(state.legal_actions()) <= engine.MAX_BRANCHING
    if state.is_terminal():
        r = state.returns()
        assert sum(r) == pytest.approx(1.0)
        best = min(body["temp"][:n])
        assert all((r[p] > 0) == (body["temp"][p] == best) for p in range(n))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_invariants_and_end(players, seed):
    state, steps = random_game(players, seed, check_invariants, rain=(seed == 1))
    assert state.is_terminal()
    body = body_of(state)
    assert body["ending"] == 1 and body["turns"] <= 40 + players


def test_hand_limit_holds_between_turns():
    seen = []

    def check(state):
        body = body_of(state)
        if body["stage"] == 2 or (body["stage"] == 3 and body["ctx"] == 0):   # a turn's start
            seen.append(max(sum(body["hand"][8 * p:8 * p + 8]) for p in range(body["n"])))
    random_game(4, 3, check)
    assert seen and max(seen) <= 3


def test_random_playout_in_c_ends():
    for seed in range(20):
        end = game(3).new_initial_state().random_playout(seed)
        assert end.is_terminal()


def test_edited_json_is_refused_or_playable():
    """Random edits of mid-game states: load_dict refuses them or the state plays to the end."""
    import random

    from vsai.ext.eruption.engine import _FIELDS
    rng = random.Random(5)
    accepted = 0
    for trial in range(150):
        players = rng.randint(2, 6)
        state = game(players).new_initial_state()
        steps = rng.randint(0, 250)
        while not state.is_terminal() and steps:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
        env = data_of(state)
        name = rng.choice(sorted(_FIELDS))
        length, lo, hi = _FIELDS[name]
        if length < 0 and not env["state"][name]:
            continue
        if length:
            values = env["state"][name]
            values[rng.randrange(len(values))] = rng.randint(lo, hi)
        else:
            env["state"][name] = rng.randint(lo, hi)
        try:
            edited = load(env)
        except ValueError:
            continue
        accepted += 1
        for action in edited.legal_actions():
            edited.action_to_string(action)
        edited.observation_string(0)
        assert edited.random_playout(trial).is_terminal()
        for seat in range(players):
            load(data_of(edited.resample(seat, trial)))     # a state the loader accepts
    assert accepted > 0
