"""Numbers from records: a team counts once per game, each side on its own, ratings with
intervals that do not depend on the order the games finished in."""
from __future__ import annotations

import pytest

from vsai.ai.lab import ratings as rate


def _record(index, seats, returns, sides=None, lineup=("a", "b")):
    n = len(seats)
    return {"cell": "c", "index": index, "game": "g", "params": {"players": n}, "budget": "b",
            "lineup": list(lineup), "sides": list(sides or range(n)), "seats": list(seats),
            "returns": list(returns), "scores": [1.0] * n, "moves": [2] * n, "think": [0.5] * n}


def _games(agent, opponent, side, played, won, start=0):
    """`played` two-seat games with `agent` on seat/side `side`, of which it won `won`."""
    out = []
    for n in range(played):
        seats = [agent, opponent] if side == 0 else [opponent, agent]
        returns = [0.0, 0.0]
        returns[side if n < won else 1 - side] = 1.0
        out.append(_record(start + n, seats, returns, lineup=(agent, opponent)))
    return out


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


def test_a_side_balanced_rate_sees_a_step_the_pooled_interval_misses():
    """Side 0 (the Kaiju) wins nearly every game whoever plays it; as side 1, `a` wins 6 of 50
    games against `b`, `b` none. Pooled, 56% of 100 games with a Wilson interval reaching
    50%; balanced over the sides, significant."""
    pool = rate.pools(_games("a", "b", 0, 50, 50) + _games("a", "b", 1, 50, 6, start=50))[0]
    entry = rate.matrix(pool)["a"]["b"]
    assert entry["win_rate"] == pytest.approx(0.56) and entry["ci95"][0] < 0.5
    balanced = entry["balanced"]
    assert balanced["win_rate"] == pytest.approx((1.0 + 6 / 50) / 2)
    assert balanced["ci95"][0] > 0.5
    assert balanced["by_side"] == {"0": {"games": 50, "wins": 50.0}, "1": {"games": 50, "wins": 6.0}}
    mirror = rate.matrix(pool)["b"]["a"]["balanced"]  # b's view mirrors a's
    assert mirror["win_rate"] == pytest.approx(1 - balanced["win_rate"])
    assert mirror["ci95"][1] < 0.5


def test_a_side_balanced_rate_stays_uncertain_when_each_side_wins_every_game():
    """The side decides every game: nothing tells the agents apart, whatever the number."""
    records = [_record(i, ["a", "b"] if i % 2 else ["b", "a"], [1.0, 0.0]) for i in range(200)]
    balanced = rate.matrix(rate.pools(records)[0])["a"]["b"]["balanced"]
    assert balanced["win_rate"] == pytest.approx(0.5)
    assert balanced["ci95"][0] < 0.5 < balanced["ci95"][1]


def test_a_side_balanced_rate_is_only_for_two_agents_alone():
    records = [_record(i, ["a", "b", "c"], [1.0, 0.0, 0.0], lineup=("a", "b", "c")) for i in range(4)]
    assert "balanced" not in rate.matrix(rate.pools(records)[0])["a"]["b"]


def _kaiju_ladder():
    """Side 0 (the humans) rarely wins. Head to head, a wins 4 of 50 as the humans and b none;
    against the anchor h, a wins more as the humans (23 against 14) and as the Kaiju."""
    return (_games("a", "b", 0, 50, 4) + _games("a", "b", 1, 50, 50)
            + _games("a", "h", 0, 50, 23) + _games("b", "h", 0, 50, 14)
            + _games("a", "h", 1, 50, 43) + _games("b", "h", 1, 50, 39)
            + _games("a", "r", 0, 50, 48) + _games("b", "r", 0, 50, 39)
            + _games("a", "r", 1, 50, 50) + _games("b", "r", 1, 50, 50))


def test_compared_pools_the_sides_and_opponents_both_met():
    """The Cochran-Mantel-Haenszel test with continuity correction: statsmodels'
    StratifiedTable(...).test_null_odds(correction=True) gives chi2 = 3.40973^2, p = 0.00065
    for these five strata."""
    pool = rate.pools(_kaiju_ladder())[0]
    entry = rate.matrix(pool)["a"]["b"]
    assert entry["balanced"]["ci95"][0] < 0.5  # head to head alone: not significant
    assert entry["compared"] == {"z": pytest.approx(3.4097, abs=1e-4), "p": pytest.approx(0.00065, abs=1e-5),
                                 "strata": 5, "games": 500}
    assert rate.matrix(pool)["b"]["a"]["compared"]["z"] == pytest.approx(-3.4097, abs=1e-4)


def test_compared_counts_each_game_against_each_other_once():
    records = _games("a", "b", 0, 30, 20) + _games("a", "b", 1, 30, 20, start=30)
    result = rate.compared(rate.pools(records)[0], "a", "b")
    assert result["strata"] == 1 and result["games"] == 60
    # a wins 40 of 60 whatever the side: 20 of 30 as side 0 against b's 10 of 30 there.
    assert result["z"] > 1.96


def test_compared_finds_no_difference_between_equals():
    records = (_games("a", "h", 0, 50, 30) + _games("b", "h", 0, 50, 30)
               + _games("a", "b", 0, 50, 25) + _games("a", "b", 1, 50, 25, start=50))
    result = rate.compared(rate.pools(records)[0], "a", "b")
    assert result["z"] == 0.0 and result["p"] == 1.0


def _one_against_two(agent, field, played, won, start=0):
    """`played` 3-player games of `agent` alone against two seats of `field`, its seat turning
    round the table; it wins `won` of them spread evenly, and otherwise the field's seats win in
    turn (ratings are updated game by game: a run of wins at the start would be forgotten)."""
    out = []
    for n in range(played):
        seat = n % 3
        seats = [field] * 3
        seats[seat] = agent
        returns = [0.0] * 3
        wins = (n + 1) * won // played > n * won // played
        winner = seat if wins else [s for s in range(3) if s != seat][n % 2]
        returns[winner] = 1.0
        out.append(_record(start + n, seats, returns, lineup=(agent, field)))
    return out


def test_one_against_two_is_read_per_side_against_a_third():
    """a alone wins 40% of the games against two copies of b: above an equal side's third,
    where b's two sides win 60% of the games, 30% each."""
    pool = rate.pools(_one_against_two("a", "b", 300, 120))[0]
    assert pool.sides == 3
    table = {s["agent"]: s for s in (s.as_dict() for s in rate.standings(pool))}
    assert table["a"]["sides"] == 300 and table["b"]["sides"] == 600
    assert table["a"]["per_side"]["win_rate"] == pytest.approx(0.4)
    assert table["b"]["per_side"]["win_rate"] == pytest.approx(0.3)
    entry = rate.matrix(pool)["a"]["b"]
    assert entry["per_side"] == pytest.approx(0.4) and entry["equal"] == pytest.approx(1 / 3)
    assert entry["balanced"]["equal"] == pytest.approx(1 / 3)
    mirror = rate.matrix(pool)["b"]["a"]
    assert mirror["per_side"] == pytest.approx(0.3) and mirror["balanced"]["equal"] == pytest.approx(2 / 3)


def test_compared_tests_one_against_two_against_an_equal_share():
    """Head to head only: 40% of 300 games is above a third (z about 2.4); a third is not."""
    stronger = rate.pools(_one_against_two("a", "b", 300, 120))[0]
    result = rate.compared(stronger, "a", "b")
    assert result["z"] > 1.96 and result["games"] == 300 and result["strata"] == 1
    assert rate.compared(stronger, "b", "a")["z"] == pytest.approx(-result["z"])
    equal = rate.pools(_one_against_two("a", "b", 300, 100))[0]
    assert abs(rate.compared(equal, "a", "b")["z"]) < 0.5


def test_compared_adds_the_head_to_head_of_three_to_the_common_opponents():
    """Against two copies of h, a wins 40% and b 30%; head to head, a wins 37% against two b:
    neither alone is significant at 90 games, together they are."""
    records = (_one_against_two("a", "h", 90, 36) + _one_against_two("b", "h", 90, 27, start=90)
               + _one_against_two("a", "b", 90, 33, start=180))
    pool = rate.pools(records)[0]
    alone = rate.compared(rate.pools(records[180:])[0], "a", "b")
    opponents = rate.compared(rate.pools(records[:180])[0], "a", "b")
    both = rate.compared(pool, "a", "b")
    assert alone["z"] < 1.96 and opponents["z"] < 1.96
    assert both["z"] > max(alone["z"], opponents["z"]) and both["games"] == 270
    assert both["strata"] == opponents["strata"] + 1


def test_ratings_rate_each_side_so_one_above_its_third_is_ahead():
    """a alone wins 40% of the games against two b (an equal side wins a third): a is the
    stronger, though b's two sides together win more games (60%); alone below its third, a is
    the weaker. Rated as one team of two, b came out ahead of a below its third too."""
    ratings = rate.ratings(rate.pools(_one_against_two("a", "b", 300, 120))[0])
    assert ratings["a"]["mu"] > ratings["b"]["mu"]
    weaker = rate.ratings(rate.pools(_one_against_two("a", "b", 300, 80))[0])
    assert weaker["a"]["mu"] < weaker["b"]["mu"]


def test_an_agent_on_two_sides_learns_from_both():
    """Its copies' updates are pooled: two sides' losses move it further, and tell more, than
    one side's."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    prior = model.rating(name="b")
    one = model.rate([[model.rating(name="a")], [model.rating(name="b")]], scores=[1, 0])[1][0]
    pooled = rate._pooled(model, prior, [one, one])
    assert pooled.mu < one.mu < prior.mu and pooled.sigma < one.sigma
    assert rate._pooled(model, prior, [one]) is one
