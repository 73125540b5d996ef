"""Every game played to its end in a real browser, by clicking, against the AI at level 1.

For each game once (see CASES): open the page, start from the new-game
dialog (a turn cap of 1, or 2 where seat 0 would not move in 1, keeps each game short), click the board's moves where the board offers
them (else the move list), then check the final score table against `state.returns()` of the
saved record replayed in Python, that no console error appeared, that every view the socket
carried is exactly seat 0's, and that no other seat's secret is in the page."""
from __future__ import annotations

import json

import pytest

from conftest import artifacts_dir
from web_driver import assert_log_shows_the_last_state, click_a_move, start_game
from vsai.core import get_spec, list_games, load_game

# Each game once (a browser game costs about 2 s of CPU): the games of each player for himself at
# their largest count (the most seats to draw and the most secrets the page must not show), the
# Kaiju games once at 2 players (Vulcanus) and once at their most (Godzilla).
# Kilauea's and VEC's 2-player tables are played in the browser by tests/web/test_web_page.py,
# and every board draws views of 3 and 4 players in tests/web/test_board_modules.py.
PLAYERS = {"kilauea": "max", "vec": "max", "vulcanus": 2, "godzilla": "max", "eruption": "max"}
CASES = [(game, get_spec(game).max_players if PLAYERS.get(game, "max") == "max" else PLAYERS[game])
         for game in list_games()]
# Turn caps under which seat 0 still makes a few moves (a full game of some games is 100+ moves).
TURN_CAP = {("eruption", 2): 2}


def _strings(value, into: set) -> set:
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            _strings(item, into)
    elif isinstance(value, list):
        for item in value:
            _strings(item, into)
    return into


def _secrets(state, seat: int) -> set[str]:
    """Words only another seat's view holds (long enough not to occur by chance)."""
    mine = json.dumps(state.view(seat))
    theirs: set[str] = set()
    for other in range(state.num_players()):
        if other != seat:
            _strings(state.view(other), theirs)
    return {s for s in theirs if len(s) >= 8 and " " in s and s not in mine}


@pytest.mark.parametrize("game,players", CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_a_whole_game_by_clicking(browser, server, game, players):
    browser.collect()
    browser.frames.clear()
    browser.console.clear()
    start_game(browser, server.page_url, game, players, options={"turn_cap": TURN_CAP.get((game, players), 1)})
    folder = artifacts_dir()
    if folder:
        browser.driver.find_element("id", "table-area").screenshot(str(folder / f"{game}-{players}p-start.png"))
    clicks = {"board": 0, "list": 0}
    secrets_checked = False
    for move in range(300):
        if browser.phase() != "human":
            break
        clicks[click_a_move(browser, move)] += 1
        if not secrets_checked and browser.phase() == "human":
            secrets_checked = _check_page_holds_no_secret(browser, game, players)
    assert browser.phase() == "over", browser.driver.find_element("id", "status").text
    assert_log_shows_the_last_state(browser)
    if folder:
        browser.driver.find_element("id", "table-area").screenshot(str(folder / f"{game}-{players}p-end.png"))
    shown = {int(row.get_attribute("data-seat")): float(row.get_attribute("data-return"))
             for row in browser.driver.find_elements("css selector", "#final-scores tbody tr")}

    browser.driver.find_element("id", "save").click()
    browser.wait_for("document.getElementById('status').textContent.startsWith('Saved')")
    browser.collect()
    record = [m["match"] for kind, m in browser.frames if kind == "received" and "match" in m][-1]
    replayed = _replay(record)
    assert replayed[-1].is_terminal()
    assert shown == dict(enumerate(replayed[-1].returns()))
    assert browser.errors() == []
    _check_views_are_seat_0s(browser.frames, replayed)
    assert clicks["board"] + clicks["list"] > 0


def _replay(record: str) -> list:
    """Every state of the saved match, from the start (index = ply)."""
    data = json.loads(record)
    game = load_game(data["game"], **data["params"])
    state = game.new_initial_state()
    states = [state.clone()]
    for action in data["actions"]:
        state.apply_action(action)
        states.append(state.clone())
    return states


def _check_views_are_seat_0s(frames, states) -> None:
    views = [m for kind, m in frames if kind == "received" and "view" in m]
    assert views
    for answer in views:
        assert answer["view"] == json.loads(json.dumps(states[answer["ply"]].view(0)))


def _check_page_holds_no_secret(browser, game: str, players: int) -> bool:
    """Mid-game: no word of another seat's own view is anywhere in the page. True once checked."""
    ply = int(browser.driver.execute_script("return document.body.dataset.ply"))
    browser.collect()
    record_actions = [m for kind, m in browser.frames if kind == "received" and m.get("ply") == ply and "view" in m]
    if not record_actions:
        return False
    page = browser.driver.execute_script("return document.documentElement.outerHTML")
    # the true state at this ply, rebuilt from the actions the server reports in a save
    browser.driver.find_element("id", "save").click()
    browser.wait_for("document.getElementById('status').textContent.startsWith('Saved')")
    browser.collect()
    record = [m["match"] for kind, m in browser.frames if kind == "received" and "match" in m][-1]
    state = _replay(record)[ply]
    leaked = [s for s in _secrets(state, 0) if s in page]
    assert not leaked, f"{game} {players}p: another seat's secret in the page: {leaked[:5]}"
    return True
