"""Speed of the web page (`vsai serve`) in headless Chromium, and its shipped size.

Prints, per game (2 players, AI at level 1, seat 0 clicking its moves through a short game):
- page load to the new-game dialog ready (the socket open and `hello` answered), and from the
  dialog's Start to the first board drawn (`new`, `state` and the board; both from the page's
  performance marks);
- a human move's round trip, from the click to the redrawn board (the `play` answer and the
  following `state` drawn; the AI's thinking comes after and is not counted): median and 90th
  percentile over the game's moves. Target: under 100 ms.
Then the page's total shipped size: every file of cli/web/ and ext/*/web/, raw and gzipped.
Needs Debian's chromium and chromium-driver and Selenium (the test extra).

    .venv/bin/python benchmarks/web_speed.py [--games kilauea,vec] [--turn-cap 3]
"""
from __future__ import annotations

import argparse
import gzip
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "web"))  # the browser driver shared with the browser tests

from web_driver import Browser, Server, browser_missing, click_a_move, start_game  # noqa: E402


def shipped_files() -> list[Path]:
    """The page's files and every game's web board, as the wheel ships them."""
    return sorted(list((ROOT / "cli" / "web").glob("*")) + list((ROOT / "ext").glob("*/web/*")))


def measure(browser: Browser, server: Server, game: str, turn_cap: int) -> dict:
    """Timings of one short game of `game` played by clicking."""
    start_game(browser, server.page_url, game, 2, options={"turn_cap": turn_cap})
    marks = browser.driver.execute_script(
        "const t = (n) => performance.getEntriesByName(n)[0]?.startTime;"
        "return [t('vsai-dialog-ready'), t('vsai-first-board') - t('vsai-start')];")
    for pick in range(400):
        if browser.phase() != "human":
            break
        click_a_move(browser, pick)
    trips = browser.driver.execute_script("return window.vsaiRoundTrips || []")
    return {"dialog": marks[0], "first_board": marks[1], "trips": trips}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="kilauea,vec,vulcanus,godzilla,eruption")
    parser.add_argument("--turn-cap", type=int, default=2)
    args = parser.parse_args()
    missing = browser_missing()
    if missing:
        sys.exit(f"web_speed: {missing}")
    server, browser = Server(), Browser()
    try:
        print(f"{'game':10} {'dialog ms':>9} {'1st board ms':>12} {'moves':>5} {'median ms':>9} {'p90 ms':>7}")
        for game in args.games.split(","):
            result = measure(browser, server, game, args.turn_cap)
            trips = result["trips"]
            median = f"{statistics.median(trips):9.1f}" if trips else f"{'-':>9}"
            p90 = f"{percentile(trips, 0.9):7.1f}" if trips else f"{'-':>7}"
            print(f"{game:10} {result['dialog']:9.0f} {result['first_board']:12.0f} "
                  f"{len(trips):5} {median} {p90}")
    finally:
        browser.close()
        server.close()
    files = shipped_files()
    raw = sum(f.stat().st_size for f in files)
    packed = sum(len(gzip.compress(f.read_bytes())) for f in files)
    print(f"shipped: {len(files)} files, {raw / 1024:.1f} KiB ({packed / 1024:.1f} KiB gzipped)")


if __name__ == "__main__":
    main()
