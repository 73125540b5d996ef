"""Numbers from records: a team counts once per game, each side on its own, ratings with
intervals that do not depend on the order the games finished in."""
from __future__ import annotations

import pytest

from vsai.ai import ratings as rate


def _record(index, seats, returns, sides=None, lineup=("a", "b")):
    n = len(seats)
    return {"cell": "c", "index": index, "game": "g", "params": {"players": n}, "budget": "b",
            "lineup": list(lineup), "sides": list(sides or range(n)), "seats": list(seats),
            "returns": list(returns), "scores": [1.0] * n, "moves": [2] * n, "think": [0.5] * n}


def test_a_team_counts_once_per_game_and_each_side_is_reported():
    """Seat 0 alone against the team of seats 1 and 2 (a Kaiju against humans)."""
    kaiju_wins = _record(0, ["a", "b", "b"], [1.0, 0.0, 0.0], sides=[0, 1, 1])
    team_wins = _record(1, ["b", "a", "a"], [0.0, 0.5, 0.5], sides=[0, 1, 1])
    pool = rate.pools([kaiju_wins, team_wins])[0]
    table = {s.agent: s for s in rate.standings(pool)}
    assert table["a"].games == 2 and table["a"].wins == 2.0
    assert table["b"].games == 2 and table["b"].wins == 0.0
    assert table["a"].think == pytest.approx(1.5) and table["a"].moves == 6
    by_side = {(r["side"], r["agent"]): (r["games"], r["wins"])
               for r in rate.sides(pool, ["Kaiju", "H1+H2"])}
    assert by_side == {("Kaiju", "a"): (1, 1.0), ("Kaiju", "b"): (1, 0.0),
                       ("H1+H2", "b"): (1, 0.0), ("H1+H2", "a"): (1, 1.0)}
    assert rate.matrix(pool)["a"]["b"]["win_rate"] == 1.0
    ratings = rate.ratings(pool)
    assert ratings["a"]["mu"] > ratings["b"]["mu"]


def test_each_side_is_reported_against_each_opponent_apart():
    """`a` as Kaiju wins against `b` and loses against `c`: pooled, that would read 50%."""
    games = [_record(0, ["a", "b", "b"], [1.0, 0.0, 0.0], sides=[0, 1, 1], lineup=("a", "b")),
             _record(0, ["a", "c", "c"], [0.0, 0.5, 0.5], sides=[0, 1, 1], lineup=("a", "c"))]
    pool = rate.pools(games)[0]
    rows = {(r["side"], r["agent"], r["against"]): r["win_rate"]
            for r in rate.sides(pool, ["Kaiju", "H1+H2"])}
    assert rows[("Kaiju", "a", "b")] == 1.0 and rows[("Kaiju", "a", "c")] == 0.0
    assert rows[("H1+H2", "c", "a")] == 1.0 and len(rows) == 4


def test_ratings_order_agents_by_results_with_intervals():
    records = [_record(i, ["a", "b"] if i % 2 else ["b", "a"], [1.0, 0.0] if i % 2 else [0.0, 1.0],
                       lineup=("a", "b")) for i in range(20)]
    records += [_record(i, ["b", "c"] if i % 2 else ["c", "b"], [1.0, 0.0] if i % 2 else [0.0, 1.0],
                        lineup=("b", "c")) for i in range(20)]
    ratings = rate.ratings(rate.pools(records)[0])
    assert ratings["a"]["mu"] > ratings["b"]["mu"] > ratings["c"]["mu"]
    for r in ratings.values():
        assert r["low"] == pytest.approx(r["mu"] - 1.96 * r["sigma"], abs=1e-3)


def test_one_against_a_field_of_copies():
    """In 3-player games a alone beats two copies of b half the time: ahead of b."""
    records = [_record(i, ["a", "b", "b"], [1.0, 0.0, 0.0] if i % 2 else [0.0, 1.0, 0.0],
                       lineup=("a", "b", "b")) for i in range(20)]
    pool = rate.pools(records)[0]
    table = {s.agent: s for s in rate.standings(pool)}
    assert table["a"].wins == 10 and table["b"].wins == 10 and table["b"].games == 20
    assert rate.ratings(pool)["a"]["mu"] > rate.ratings(pool)["b"]["mu"]
