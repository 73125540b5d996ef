"""A `vsai serve` subprocess and a headless Chromium driven by Selenium, for the browser tests
and benchmarks/web_speed.py. No browser is downloaded: Debian's `chromium` and
`chromium-driver` are used where they are installed."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

VSAI = str(Path(sys.executable).with_name("vsai"))
CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1280,900"]
# Seconds an asynchronous script may run: a click waits for the page to settle, and
# Browser.wait_for for its own (shorter) timeout.
SCRIPT_TIMEOUT = 120


def browser_missing() -> str | None:
    """Why no browser test can run here (one line), or None when Chromium and Selenium are present."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not (chromium_path() and shutil.which("chromedriver")):
        return "no chromium and chromedriver (apt-get install chromium chromium-driver)"
    return None


def chromium_path() -> str | None:
    """The installed Chromium."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Server:
    """`vsai serve --port 0` as a subprocess; `page_url` is the URL it printed (with its token)."""

    def __init__(self, *args: str):
        self.process = subprocess.Popen([VSAI, "serve", "--port", "0", *args], stderr=subprocess.PIPE, text=True)
        lines = [self.process.stderr.readline() for _ in range(2)]
        found = re.search(r"(http://\S+)", lines[1])
        assert found, lines
        self.page_url = found.group(1)
        self.origin = re.match(r"http://[^/]+", self.page_url).group(0)
        self.socket_url = re.search(r"(ws://\S+)", lines[0]).group(1)

    def close(self) -> None:
        """Stop the server."""
        self.process.terminate()
        self.process.wait(timeout=10)


class Browser:
    """A headless Chromium with its console and WebSocket frames recorded."""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="vsai-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium_path()
        for flag in CHROMIUM_FLAGS + [f"--user-data-dir={self.profile}"]:
            options.add_argument(flag)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _RECORD_FRAMES})
        self.driver.set_script_timeout(SCRIPT_TIMEOUT)
        self.frames: list[tuple[str, dict]] = []      # ("sent" | "received", message)
        self.console: list[dict] = []

    def collect(self) -> None:
        """Move the browser's new console entries and the page's socket frames (since the last
        call, on the page now open) into `console` and `frames`."""
        for kind, data in self.driver.execute_script(_TAKE_FRAMES):
            self.frames.append((kind, json.loads(data)))
        self.console.extend(self.driver.get_log("browser"))

    def errors(self) -> list[dict]:
        """The console's errors and warnings so far."""
        self.collect()
        return [e for e in self.console if e["level"] in ("SEVERE", "WARNING")]

    def wait_for(self, script: str, timeout: float = 30.0) -> Any:
        """Poll the JavaScript expression `script` until it is truthy; returns its value.

        The page polls it (every 5 ms) and answers once: a WebDriver command costs about 10 ms
        of CPU across Python, chromedriver and Chromium, so polling from here burned half a core
        while a test waited."""
        assert timeout < SCRIPT_TIMEOUT, f"a wait of {timeout} s needs a longer SCRIPT_TIMEOUT"
        found = self.driver.execute_async_script(_WAIT.replace("CHECK", script), int(timeout * 1000))
        if found["error"]:
            raise RuntimeError(f"{script} threw in the page: {found['error']}")
        if not found["ok"]:
            status = self.driver.execute_script("return document.getElementById('status').textContent")
            raise TimeoutError(f"{script} still false after {timeout}s; status: {status}")
        return found["value"]

    def phase(self) -> str:
        """The page's phase: dialog, human, ai, cover, over, error, ..."""
        return self.driver.execute_script("return document.body.dataset.phase || ''")

    def close(self) -> None:
        """Quit the browser and remove its profile."""
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)


def assert_log_shows_the_last_state(browser: Browser) -> None:
    """The page's log lists exactly the events of the last state the socket carried, in order
    (the log is redrawn only from where it changed: a move, an undo, a hot-seat cover)."""
    browser.collect()
    events = [m["events"] for kind, m in browser.frames if kind == "received" and "events" in m][-1]
    shown = browser.driver.execute_script(
        "return [...document.querySelectorAll('#log li')].map((li) => li.textContent)")
    assert len(shown) == len(events), (shown[-3:], events[-3:])
    for line, event in zip(shown, events):
        assert line.endswith(" " + event["text"]) and (event.get("who") is None or line.startswith(event["who"])), (line, event)


def start_game(browser: Browser, url: str, game: str, players: int, humans: tuple[int, ...] = (0,),
               level: int = 1, seed: int = 1, options: dict | None = None,
               until: tuple[str, ...] = ("human", "over", "cover", "error"), by_hand: bool = False) -> None:
    """Open the page and start a game from its new-game dialog; wait until its phase is one
    of `until`. With `by_hand`, each field is set through WebDriver as a person would (about
    15 commands, 1 s); else one script sets them in the page, firing the same change events."""
    driver = browser.driver
    driver.get(url)
    browser.wait_for("document.body.dataset.phase === 'dialog'")
    if by_hand:
        _fill_dialog_by_hand(driver, game, players, humans, level, seed, options or {})
    else:
        problem = driver.execute_script(_FILL_DIALOG, game, str(players), list(humans), str(level), str(seed),
                                        {name: str(value) for name, value in (options or {}).items()})
        assert problem is None, problem
    driver.find_element("id", "f-start").click()
    browser.wait_for(f"{list(until)}.includes(document.body.dataset.phase)", timeout=60)


def _fill_dialog_by_hand(driver, game: str, players: int, humans: tuple[int, ...], level: int, seed: int,
                         options: dict) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element(By.ID, "f-game")).select_by_value(game)
    Select(driver.find_element(By.ID, "f-players")).select_by_value(str(players))
    for box in driver.find_elements(By.CSS_SELECTOR, "#f-humans input"):
        if box.is_selected() != (int(box.get_attribute("value")) in humans):
            box.click()
    Select(driver.find_element(By.ID, "f-level")).select_by_value(str(level))
    seed_box = driver.find_element(By.ID, "f-seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    for name, value in options.items():
        field = driver.find_element(By.CSS_SELECTOR, f"#f-options [data-option='{name}']")
        field.clear()
        field.send_keys(str(value))


# The new-game dialog filled in one command: each select set and its change event fired in the
# order a person's choices fire them (the game's choice redraws the player counts and options,
# the count's the seat boxes). Returns what could not be set, or null.
_FILL_DIALOG = """
const [game, players, humans, level, seed, options] = arguments;
const choose = (id, value) => {
  const select = document.getElementById(id);
  if (![...select.options].some((o) => o.value === value)) return `${id} has no ${value}`;
  select.value = value;
  select.dispatchEvent(new Event("change", {bubbles: true}));
  return null;
};
const problem = choose("f-game", game) || choose("f-players", players);
if (problem) return problem;
for (const box of document.querySelectorAll("#f-humans input")) box.checked = humans.includes(Number(box.value));
const failed = choose("f-level", level);
if (failed) return failed;
document.getElementById("f-seed").value = seed;
for (const [name, value] of Object.entries(options)) {
  const field = document.querySelector(`#f-options [data-option='${name}']`);
  if (!field) return `no option ${name}`;
  field.value = value;
  field.dispatchEvent(new Event("input", {bubbles: true}));
}
return null;
"""


# Every frame of every WebSocket the page opens, recorded in the page before its own scripts
# run: as the socket carried it, and far cheaper than Chromium's performance log, whose network
# events cost the browser and chromedriver about a quarter of their CPU in the browser tests.
_RECORD_FRAMES = """
(() => {
  const frames = [];
  Object.defineProperty(window, "__vsaiFrames", {value: frames});
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => frames.push(["received", event.data]));
    }
    send(data) {
      frames.push(["sent", data]);
      return super.send(data);
    }
  };
})();
"""
_TAKE_FRAMES = "const f = window.__vsaiFrames || []; return f.splice(0, f.length);"


# Browser.wait_for's poll, in the page: CHECK is the JavaScript expression waited for.
_WAIT = """
const [limit, done] = [arguments[0], arguments[arguments.length - 1]];
const until = Date.now() + limit;
const poll = () => {
  let value;
  try { value = (CHECK); } catch (error) { return done({ok: false, value: null, error: String(error)}); }
  if (value) done({ok: true, value: value, error: null});
  else if (Date.now() > until) done({ok: false, value: null, error: null});
  else setTimeout(poll, 5);
};
poll();
"""


# One round trip per move: click in the page, then wait there until the page settles.
_CLICK = """
const [pick, done] = [arguments[0], arguments[arguments.length - 1]];
const ply = document.body.dataset.ply;
const spots = [...document.querySelectorAll("#board [data-action]")];
let where = "list";
if (spots.length) {
  spots[pick % spots.length].dispatchEvent(new MouseEvent("click", {bubbles: true}));
  where = "board";
}
if (document.body.dataset.ply === ply && document.body.dataset.phase === "human") {
  const buttons = [...document.querySelectorAll("#moves button.move")];
  if (buttons.length) buttons[pick % buttons.length].click();
}
const settled = () => document.body.dataset.phase === "cover"   // hot-seat: the next person's turn
  || (document.body.dataset.ply !== ply && ["human", "over", "error"].includes(document.body.dataset.phase));
const wait = () => (settled() ? done(where) : setTimeout(wait, 5));
wait();
"""


def click_a_move(browser: Browser, pick: int) -> str:
    """Make one move by clicking: a board element offering moves when there is one (then the
    narrowed move list if the board asks), else the move list; wait until the page settles.
    Returns "board" or "list"."""
    return browser.driver.execute_async_script(_CLICK, pick)
