"""The evaluation that ends the search's playouts (rules.pxi `evaluate`) counts the Kaiju's
threat on the pieces the humans leave on the map (rules.md G20, "The evaluation's threat
term") and, from 3 players, on the route tiles on the roads ("The route tiles' threat by player
count"): positions built through the public API and JSON."""
from __future__ import annotations

import math

import pytest

from godzilla_helpers import SQ, advance, edit, field, new, play, road

SHINJUKU = "status card 4: Shinjuku / Shibuya"


def margin(state) -> float:
    """The humans' expected point margin the evaluation reads (its logistic, scale 3, undone)."""
    humans = 1.0 - state.evaluate()[0]
    return 3.0 * math.log(humans / (1.0 - humans))


def planning(routes=()):
    """Round 1's planning: 2 Tokyo Evacuees and the Press piece on Shinjuku, one road from Tokyo
    Home; the routes (kind, a, b) placed from the pile."""
    state = new()
    play(state, SHINJUKU, "draw a Tokyo evacuee", "draw a Tokyo evacuee")
    advance(state, "planning")
    pile = field(state, "route_pile")
    tiles = {}
    for kind, a, b in routes:
        tiles[road(a, b)] = kind + 1
        pile[kind] -= 1
    return edit(state, road_tiles=tiles, route_pile=pile) if routes else state


def with_evacuee(state, square: str):
    """`state` with one more Tokyo Evacuee on `square`, drawn from the bag."""
    bag = field(state, "bag")
    bag[0] -= 1
    return edit(state, evacuees={4 * SQ[square]: field(state, "evacuees")[4 * SQ[square]] + 1},
                bag=bag)


def test_a_piece_far_from_its_home_is_the_kaijus_more_than_the_humans():
    # Ueno is not joined to Tokyo Home by a route: the Kaiju is likelier to destroy the piece
    # (1 point to it) than the humans to evacuate it, so it lowers the humans' margin.
    state = planning()
    assert margin(with_evacuee(state, "Ueno")) < margin(state)


def test_a_route_home_is_worth_more_with_the_threat_counted():
    # Joining the 3 pieces on Shinjuku to Tokyo Home raises each one's worth to the humans from
    # 0.25 to 0.7 and lowers the Kaiju's threat on it, 0.6 x (1 - worth): 0.72 a piece in all.
    cut = planning()
    joined = planning(routes=[(0, "Tokyo Home", "Shinjuku")])
    assert math.isclose(margin(joined) - margin(cut), 3 * (0.45 + 0.6 * 0.45), abs_tol=1e-6)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_route_tile_is_the_kaijus_by_the_human_seats_beyond_one(players):
    # A tile between Ueno and Asakusa joins no piece to a Home square (the round's Evacuees are
    # on Ikebukuro), so it moves only the route tiles' threat: 0.175 x (players - 2) / 3 of a
    # point to the Kaiju, nothing at 2 players.
    state = new(players=players)
    advance(state, "planning")
    evacuees, press = field(state, "evacuees"), field(state, "press_pieces")
    assert [q for q in SQ.values() if any(evacuees[4 * q:4 * q + 4]) or press[q]] == [SQ["Ikebukuro"]]
    pile = field(state, "route_pile")
    pile[0] -= 1
    tiled = edit(state, road_tiles={road("Ueno", "Asakusa"): 1}, route_pile=pile)
    assert math.isclose(margin(tiled) - margin(state), -0.175 * (players - 2) / 3, abs_tol=1e-9)
