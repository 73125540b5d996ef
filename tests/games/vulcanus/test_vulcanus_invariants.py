"""I: random games of every player count and disaster level keep what the game conserves."""
from __future__ import annotations

import random

import pytest

from vulcanus_helpers import data, random_step
from vsai.core.registry import load_game


def check(state) -> None:
    d = data(state)
    assert sum(d["fb"]) + d["fb_stock"] == 3
    assert sum(d["sdf"]) + d["sdf_stock"] == 3
    assert sum(d["base"]) + d["base_stock"] == 4 and max(d["base"]) <= 1
    assert d["fund_pool"] + d["fund_used"] + d["fund_stock"] == 14
    assert min(d["fund_pool"], d["fund_used"], d["fund_stock"]) >= 0
    assert 0 <= d["inv"] <= 12 and 0 <= d["budget"] <= 2
    used = 8 - d["attack_left"]              # each attack tile fills 1..3 cells of a column (V3)
    assert used <= d["defense"].count(4) <= 3 * used
    # lava: what the pools gave is on the map or the tracks (set-up lava came from the supply)
    on_tracks = d["defense"].count(3) + d["damage"].count(3)
    assert sum(d["lava"]) + on_tracks <= d["lava_out"] + 2
    # VIPs: 3 on the map at set-up, never more
    assert sum(d["vip"]) + d["defense"].count(2) + d["damage"].count(2) <= 3
    # evolution: one tile per emptied pool
    assert sum(d["evolved"]) + d["pending_evo"] == min(d["lava_out"], 30) // 6
    assert d["full"] == (d["lava_out"] >= 30)
    # each deck keeps its cards; planned cards sit in their slots
    for c, slot in enumerate(d["slot_card"]):
        if slot >= 0:
            assert d["zone"][slot] == 5 and d["pos"][slot] == c
    held = [t for t in range(8) if d["bonus_loc"][t] in (1, 3)]
    assert len(held) in (0, 3)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("disaster", [-3, 0, 2, 3])
def test_random_games_keep_invariants_and_end(players, disaster):
    game = load_game("vulcanus", players=players, disaster=disaster)
    for seed in range(3):
        rng = random.Random(seed * 10 + players)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            random_step(state, rng)
            check(state)
            steps += 1
            assert steps < 20000
        r = state.returns()
        assert abs(sum(r) - 1) < 1e-9
        assert r[0] in (0.0, 1.0)
        assert len(set(r[1:])) == 1          # the Humans share one result
        assert data(state)["round"] <= 6
