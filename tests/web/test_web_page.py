"""The page's own features in a real browser: hot-seat covers, hint, undo, the rules panel,
"move now", load from a file and playing the board from the keyboard."""
from __future__ import annotations

import json

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # the `browser` fixture skips (or fails in CI) with the reason
    By = Keys = None

from web_driver import assert_log_shows_the_last_state, click_a_move, start_game


def ply(browser) -> int:
    return int(browser.driver.execute_script("return document.body.dataset.ply"))


def test_hot_seat_hides_the_table_until_the_seat_confirms(browser, server):
    start_game(browser, server.page_url, "vec", 2, humans=(0, 1), seed=3, by_hand=True)
    driver = browser.driver
    for seat in ("P1", "P2"):
        assert browser.phase() == "cover"
        assert f"{seat} to play" in driver.find_element(By.ID, "cover-text").text
        # nothing of anyone's table is in the page while the screen passes hands
        assert driver.execute_script("return document.getElementById('board').children.length") == 0
        assert driver.find_element(By.ID, "moves").text == "" and driver.find_element(By.ID, "log").text == ""
        driver.find_element(By.ID, "cover-ok").click()
        browser.wait_for("document.body.dataset.phase === 'human'")
        assert f"{seat} you" in driver.find_element(By.ID, "seats").text
        assert_log_shows_the_last_state(browser)           # drawn again after the cover emptied it
        before = driver.execute_script("return document.body.dataset.ply")
        for pick in range(40):            # play until the other seat is to play
            click_a_move(browser, pick)
            if browser.phase() != "human":
                break
        assert driver.execute_script("return document.body.dataset.ply") != before


def test_hint_undo_rules_and_the_keyboard(browser, server):
    start_game(browser, server.page_url, "kilauea", 2, seed=5)
    driver = browser.driver
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("h")
    browser.wait_for("document.getElementById('hint-text').textContent.startsWith('Hint: ')")
    hinted = driver.find_element(By.CSS_SELECTOR, "#moves .move.hinted .move-text").text
    assert hinted in driver.find_element(By.ID, "hint-text").text

    start = ply(browser)
    spot = driver.find_element(By.CSS_SELECTOR, "#board [data-action]")
    spot.send_keys(Keys.ENTER)                               # a board spot, from the keyboard
    browser.wait_for(f"document.body.dataset.ply !== '{start}' && document.body.dataset.phase === 'human'")
    assert ply(browser) > start
    driver.find_element(By.TAG_NAME, "body").send_keys("u")
    browser.wait_for(f"document.body.dataset.ply === '{start}' && document.body.dataset.phase === 'human'")
    assert_log_shows_the_last_state(browser)               # the undone moves left the log

    driver.find_element(By.TAG_NAME, "body").send_keys("r")
    browser.wait_for("document.getElementById('rules-dialog').open")
    assert "Kilauea" in driver.find_element(By.ID, "rules-text").text
    driver.find_element(By.CSS_SELECTOR, "#rules-dialog form button").click()
    assert browser.errors() == []


def test_move_now_and_load_from_a_file(browser, server, tmp_path):
    start_game(browser, server.page_url, "kilauea", 2, humans=(1,), level=10, seed=2, until=("ai",))
    driver = browser.driver
    browser.wait_for("document.body.dataset.phase === 'ai' && !document.getElementById('thinking').hidden")
    driver.find_element(By.ID, "move-now").click()
    browser.wait_for("document.body.dataset.phase === 'human'", timeout=10)

    driver.find_element(By.ID, "save").click()
    browser.wait_for("document.getElementById('status').textContent.startsWith('Saved')")
    browser.collect()
    record = [m["match"] for kind, m in browser.frames if kind == "received" and "match" in m][-1]
    saved = tmp_path / "game.json"
    saved.write_text(record)
    at = ply(browser)
    driver.get(server.page_url)
    browser.wait_for("document.body.dataset.phase === 'dialog'")
    driver.find_element(By.ID, "f-cancel").click()
    driver.find_element(By.ID, "load-file").send_keys(str(saved))
    browser.wait_for("['human', 'ai', 'over'].includes(document.body.dataset.phase) && document.body.dataset.ply")
    assert ply(browser) >= at and json.loads(record)["game"] == "kilauea"
    assert browser.errors() == []


def test_a_hint_shows_the_seats_own_reading_and_a_cover_or_move_clears_it(browser, server):
    """On a hidden-information game the hint carries what the seat asking may read of the
    others' cards (the engine's `belief`, only ever for that seat). It goes with the position:
    a move clears it, and a hot-seat cover empties it before the screen passes hands."""
    start_game(browser, server.page_url, "vec", 2, humans=(0, 1), seed=3)
    driver = browser.driver
    driver.find_element(By.ID, "cover-ok").click()
    browser.wait_for("document.body.dataset.phase === 'human'")
    for pick in range(8):                              # into the game: objectives are dealt
        click_a_move(browser, pick)
        if browser.phase() == "cover":
            driver.find_element(By.ID, "cover-ok").click()
            browser.wait_for("document.body.dataset.phase === 'human'")
    driver.find_element(By.TAG_NAME, "body").send_keys("h")
    browser.wait_for("document.getElementById('hint-text').textContent.startsWith('Hint: ')")
    reading = driver.find_element(By.ID, "hint-belief").text
    other = "P2" if "P1 you" in driver.find_element(By.ID, "seats").text else "P1"
    assert "your view only" in reading and f"{other}'s objective is" in reading and "%" in reading, reading
    click_a_move(browser, 0)
    browser.wait_for("['human', 'cover'].includes(document.body.dataset.phase)")
    assert driver.find_element(By.ID, "hint-belief").text == ""

    start_game(browser, server.page_url, "vec", 2, seed=3)    # one human: no cover; an undo clears it
    for pick in range(8):
        click_a_move(browser, pick)
    driver.find_element(By.TAG_NAME, "body").send_keys("h")
    browser.wait_for("document.getElementById('hint-belief').textContent.includes('%')")
    driver.find_element(By.TAG_NAME, "body").send_keys("u")
    browser.wait_for("document.getElementById('hint-belief').textContent === '' "
                     "&& document.body.dataset.phase === 'human'")
    assert browser.errors() == []
