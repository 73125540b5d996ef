"""The browser boards of the five games (ext/<game>/web/board.js): each exists,
keeps the renderer contract's shape, ships in the wheel, and (where Chromium is installed)
draws views of random games at several points, for every seat, without a console error, with
every clickable element mapped to legal moves and a click playing or narrowing to them, and the
hinted move's elements (and only those) marked."""
from __future__ import annotations

import ast
import fnmatch
import functools
import http.server
import json
import os
import random
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from vsai.core import load_game
from vsai.core.match import Match

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kilauea", "vec", "vulcanus", "godzilla", "eruption")
BOARDKIT = ROOT / "cli" / "web" / "boardkit.js"
MODELS_PER_GAME = 10

# Renders every model of every game into its own element, clicks each clickable element, and
# writes what it saw into <pre id="out"> for --dump-dom to print.
HARNESS = """<!doctype html><meta charset="utf-8"><body><div id="boards"></div><pre id="out"></pre>
<script type="module">
const all = await (await fetch("/models.json")).json();
const out = {};
for (const [game, models] of Object.entries(all)) {
  const board = await import(`/games/${game}/board.js`);
  out[game] = [];
  for (const model of models) {
    const root = document.createElement("div");
    document.getElementById("boards").appendChild(root);
    const calls = [];
    const hint = model.legal.length ? model.legal[model.legal.length - 1].action : null;
    const ui = {play: a => calls.push(["play", a]), choose: l => calls.push(["choose", l]), highlight: hint};
    let error = null;
    try { board.drawBoard(root, model, ui); } catch (e) { error = String(e); }
    const elements = [...root.querySelectorAll("[data-action]")];
    const clicked = elements.map(el => {
      calls.length = 0;
      el.dispatchEvent(new MouseEvent("click", {bubbles: true}));
      return {ids: el.getAttribute("data-action").split(" ").map(Number), calls: [...calls],
              label: el.getAttribute("aria-label"), role: el.getAttribute("role"),
              tabindex: el.getAttribute("tabindex"), hinted: el.classList.contains("hinted")};
    });
    out[game].push({error, clicked, hint, legal: model.legal.map(m => m.action), text: root.textContent.length});
  }
}
document.getElementById("out").textContent = JSON.stringify(out);
</script>"""


def models(game_name: str, players: int, seed: int) -> list[dict]:
    """Models as the page builds them (renderer contract) at evenly spaced decisions of a random
    game, for the seat to play, and at the end for every seat: `legal` from action_info, the
    last move worded for the seat (Match.events' wording), with its action_info only when it
    was the seat's own move, as the page gives it."""
    match = Match(load_game(game_name, players=players), seed=seed)
    rng = random.Random(seed)
    decisions, last = [], None
    match.resolve_chance()
    while not match.is_over():
        seat = match.to_move()
        decisions.append((match.state.clone(), seat, last))
        action = rng.choice(match.state.legal_actions())
        info = match.state.action_info(action)
        last = (match.play(action), info)
        match.resolve_chance()
    step = max(1, len(decisions) // MODELS_PER_GAME)
    chosen = [(s, seat, last, [s.action_info(a) for a in s.legal_actions()]) for s, seat, last in decisions[::step]]
    chosen += [(match.state, seat, last, []) for seat in [*range(players), None]]      # None: a spectator
    return [{"view": s.view(seat), "seat": seat, "seats": [f"P{i + 1}" for i in range(players)],
             "legal": legal, "lastMove": seat_view_of_last(game_name, last, seat), "terminal": s.is_terminal()}
            for s, seat, last, legal in chosen]


def seat_view_of_last(game_name: str, last: tuple | None, seat: int | None) -> dict | None:
    """The last move as the page gives it to `seat`."""
    if last is None:
        return None
    move, info = last
    shown = {"seat": move.seat, "text": move.text_for(game_name, seat)}
    return {**shown, "action_info": info} if move.seat == seat else shown


@pytest.mark.parametrize("game", GAMES)
def test_board_module_keeps_the_contract_shape(game):
    source = (ROOT / "ext" / game / "web" / "board.js").read_text()
    assert re.search(r"^export function drawBoard\(root, model, ui\)", source, re.M)
    imports = re.findall(r"^import .* from \"([^\"]+)\";", source, re.M)
    assert imports == ["/static/boardkit.js"], imports


def test_boards_ship_in_the_wheel():
    tree = ast.parse((ROOT / "setup.py").read_text())
    patterns = next(ast.literal_eval(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(getattr(t, "id", None) == "GAME_PACKAGE_DATA" for t in node.targets))
    assert any(fnmatch.fnmatch("web/board.js", p) for p in patterns), patterns


def test_eruption_board_data_matches_the_engine():
    from vsai.ext.eruption.engine import board_data
    data = board_data()
    source = (ROOT / "ext" / "eruption" / "web" / "board.js").read_text()
    icons = re.search(r'^const ICONS = "([^"]+)";', source, re.M).group(1)
    edges = json.loads(re.search(r"^const VILLAGE_EDGES = (\[.*\]);", source, re.M).group(1))
    assert icons == "".join(".swt"[i + 1] for i in data["icons"])
    assert edges == [list(v) for v in data["village_edges"]]
    assert len(data["hexes"]) == 61 and data["hexes"][30] == "e5"     # the names the board derives


@functools.lru_cache(maxsize=1)
def rendered() -> tuple[dict, str]:
    """Every board's answers to the harness, and Chromium's console, from one browser run."""
    site = Path(__import__("tempfile").mkdtemp(prefix="vsai-boards-"))
    try:
        (site / "static").mkdir()
        shutil.copy(BOARDKIT, site / "static" / "boardkit.js")
        for game in GAMES:
            (site / "games" / game).mkdir(parents=True)
            shutil.copy(ROOT / "ext" / game / "web" / "board.js", site / "games" / game / "board.js")
        (site / "harness.html").write_text(HARNESS)
        data = {game: models(game, players, seed) for game, players, seed in
                (("kilauea", 3, 4), ("vec", 3, 5), ("vulcanus", 3, 1), ("godzilla", 3, 2), ("eruption", 4, 3))}
        (site / "models.json").write_text(json.dumps(data))
        handler = functools.partial(QuietHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/harness.html"
            run = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                  "--user-data-dir=" + str(site / "profile"), "--virtual-time-budget=3000",
                                  "--enable-logging=stderr", "--v=0", "--dump-dom", url],
                                 capture_output=True, text=True, timeout=120)
        finally:
            server.shutdown()
        found = re.search(r'<pre id="out">(.*?)</pre>', run.stdout, re.S)
        assert found and found.group(1), run.stderr[-2000:]
        return json.loads(__import__("html").unescape(found.group(1))), run.stderr
    finally:
        shutil.rmtree(site, ignore_errors=True)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Static files for the harness, without a log line per request."""

    def log_message(self, *args) -> None:
        pass


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.parametrize("game", GAMES)
def test_board_draws_views_and_maps_clicks_to_legal_moves(game):
    if not chromium():
        missing = "no chromium installed (apt-get install chromium)"
        if os.environ.get("CI") == "true":            # in CI a skipped browser test is a failure
            pytest.fail(missing)
        pytest.skip(missing)
    results, console = rendered()
    errors = [line for line in console.splitlines() if "CONSOLE" in line and ("Error" in line or "Uncaught" in line)]
    assert not errors, errors
    assert len(results[game]) > MODELS_PER_GAME
    for drawn in results[game]:
        assert drawn["error"] is None and drawn["text"] > 0, drawn["error"]
        for element in drawn["clicked"]:
            assert set(element["ids"]) <= set(drawn["legal"]), element
            assert element["role"] == "button" and element["tabindex"] == "0" and element["label"]
            expected = ["play", element["ids"][0]] if len(element["ids"]) == 1 else ["choose", element["ids"]]
            assert element["calls"] == [expected], element
            assert element["hinted"] == (drawn["hint"] in element["ids"]), element
    # Somewhere in the game the board offers moves to click.
    assert sum(len(d["clicked"]) for d in results[game]) > 0
