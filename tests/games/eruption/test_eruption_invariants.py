"""Eruption: random games of every player count keep the conservation laws and end (X5, X6)."""
from __future__ import annotations

import pytest

from eruption_helpers import BOARD, body_of, data_of, game, load, random_game
from vsai.ext.eruption import engine


def check_invariants(state, reload: bool = True):
    """The conservation laws, temperatures, zones, branching and returns of `state`; with
    `reload`, also the loader's own checks of them."""
    envelope = data_of(state)
    body = envelope["state"]
    n = body["players"]
    # load_dict re-checks every conservation law (tiles, cards, walls, eruption tiles)
    if reload:
        assert load(envelope) == state
    assert sum(body["tile_stack"]) + body["tiles_out_of_play"] + sum(1 for k in body["hex_tile"] if 0 <= k < 8) \
        + (1 if body["stage"] in (4, 5, 6, 15) and body["tile_being_placed"] < 8 else 0) == 40
    counts = list(BOARD["card_counts"])
    if not body["rain"]:
        counts[4] -= 5
    for k in range(8):
        assert body["deck"][k] + body["discards"][k] + sum(body["hands"][8 * p + k] for p in range(n)) == counts[k]
    for m in range(3):
        walls = body["edge_wall"].count(m) + body["wall_supply"][m] + sum(body["wall_stock"][3 * p + m] for p in range(n))
        assert walls == BOARD["walls_total"][m]
    assert all(0 <= t <= 300 and t % 10 == 0 for t in body["temperatures"])
    assert body["hex_tile"].count(8) + sum(body["eruption_tiles_held"]) == sum(1 for c in body["zone_claimed_by"] if c >= 0) <= 3
    if state.is_player_node():
        assert 0 < len(state.legal_actions()) <= engine.MAX_BRANCHING
    if state.is_terminal():
        r = state.returns()
        assert sum(r) == pytest.approx(1.0)
        best = min(body["temperatures"][:n])
        assert all((r[p] > 0) == (body["temperatures"][p] == best) for p in range(n))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_invariants_and_end(players, seed):
    # the loader's checks at one state in 4 and the last (every state until 2026-12-02, most
    # of the cost): every state of a whole game loads back exactly in H
    # test_json_round_trip_is_exact, every board change in test_eruption_derived.py, and the
    # laws themselves are asserted here at every state
    steps = iter(range(10**6))
    state, _ = random_game(players, seed, lambda s: check_invariants(s, next(steps) % 4 == 0 or s.is_terminal()),
                           rain=(seed == 1))
    assert state.is_terminal()
    body = body_of(state)
    assert body["end_triggered"] == 1 and body["turn"] <= 40 + players


def test_hand_limit_holds_between_turns():
    seen = []

    def check(state):
        body = body_of(state)
        if body["stage"] == 2 or (body["stage"] == 3 and body["resume_after_draw"] == 0):   # a turn's start
            seen.append(max(sum(body["hands"][8 * p:8 * p + 8]) for p in range(body["players"])))
    random_game(4, 3, check)
    assert seen and max(seen) <= 3


def test_random_playout_in_c_ends():
    for seed in range(20):
        end = game(3).new_initial_state().random_playout(seed)
        assert end.is_terminal()


def test_edited_json_is_refused_or_playable():
    """Random edits of mid-game states: load_dict refuses them or the state plays to the end."""
    import random

    from vsai.ext.eruption.engine import JSON_FIELDS
    ranges = {f.name: (f.length, f.lo, f.hi) for f in JSON_FIELDS.fields}
    ranges["card_history"] = (-1, 0, 128)      # beside the table: a list of its own length
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
        name = rng.choice(sorted(ranges))
        length, lo, hi = ranges[name]
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
