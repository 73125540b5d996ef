"""Godzilla's compact board: the fewest lines that let a player choose a move on a short
terminal (`board(..., compact=True)`, used by `vsai play` when the whole board does not fit).

One line per row of squares (a three-letter code, the Kaiju `@`, a landmark `L`, the pieces),
the roads between them in two characters, a two-line legend, then what the step needs: the
Kaiju's dice while it acts, the tiles to place and the stock while the Humans plan. Drawn from
the public `view()` (nothing in Godzilla is hidden from one seat only); the full board
(`board`) keeps the bag, the status and support cards and both score screens.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

# Three-letter codes of the 20 squares; the four Home squares in capitals.
CODE = {"Tokyo Home": "TOK", "Ikebukuro": "Ikb", "Saitama Home": "SAI", "Ueno": "Uen",
        "Asakusa": "Asa", "Shinjuku": "Sjk", "Radio Tower": "Rad", "Marunouchi": "Mar",
        "Nihonbashi": "Nih", "Chiba Home": "CHI", "Shibuya": "Sby", "Kasumigaseki": "Ksm",
        "Ginza": "Gnz", "Tsukiji": "Tsk", "Fukagawa": "Fuk", "Kanagawa Home": "KAN",
        "Shinagawa": "Sng", "Shibaura": "Sbr", "Kachidoki": "Kch", "Tokyo Bay": "Bay"}
TILE = {"empty": "-", "rail": "r", "road": "d", "river": "v", "tram": "t", "high-voltage": "H",
        "tank": "T"}
LEGEND = ("@ Kaiju, L landmark, T S C K evacuees, P press (K2: two, ' moved), CAPS Home",
          "roads: r rail, d road, v river, t tram, H high-voltage, T tank, * footprint")
# The columns a line takes inside a panel on an 80-column terminal.
WIDTH = 76
_CELL = 12            # columns a square takes; a road between two squares takes three more


def _pieces(square: dict) -> str:
    """What stands on a square: evacuees by colour initial, press, a count only when more
    than one ("TC2P": a T, two C, a press); `'` for each moved."""
    def piece(letter: str, count: int, moved: int) -> str:
        return letter + (str(count) if count > 1 else "") + "'" * moved

    parts = [piece(colour[0], n, square["moved"][colour]) for colour, n in square["evacuees"].items() if n]
    if square["press"]:
        parts.append(piece("P", square["press"], square["press_moved"]))
    return "".join(parts)


def _cell(square: dict) -> tuple[str, str]:
    """A square in `_CELL` columns, and its pieces in full when they do not fit ("" else)."""
    head = CODE[square["name"]] + ("@" if square["kaiju"] else "") + ("L" if square["landmark"] else "")
    pieces = _pieces(square)
    text = f"{head} {pieces}" if pieces else head
    if len(text) <= _CELL:
        return text.ljust(_CELL), ""
    return (text[:_CELL - 1] + "+"), pieces


def _road(road: dict | None, across: bool) -> str:
    """A road in three characters: the footprint (`*`, `#` once crossed), the tile's letter
    and a space; no road: `|` between squares of a row, blank between rows."""
    if road is None:
        return " | " if across else "   "
    foot = ("#" if road["crossed"] else "*") if road["footprint"] else " "
    return foot + TILE.get(road["tile"], "?") + " "


def grid_lines(board: dict) -> list[str]:
    """The 5 x 4 map: a line per row of squares with the east-west roads, a line of the
    north-south roads between rows, then the pieces that did not fit in their cell."""
    at = {(s["x"], s["y"]): s for s in board["squares"]}
    roads = {frozenset((r["from"], r["to"])): r for r in board["roads"]}
    width, height = 1 + max(x for x, _ in at), 1 + max(y for _, y in at)
    lines, overflow = [], []
    for y in range(height):
        row = ""
        for x in range(width):
            text, more = _cell(at[x, y])
            if more:
                overflow.append(f"{at[x, y]['name']}: {more}")
            row += text
            if x < width - 1:
                row += _road(roads.get(frozenset((at[x, y]["name"], at[x + 1, y]["name"]))), True)
        lines.append(row.rstrip())
        if y < height - 1:
            below = ""
            for x in range(width):
                mark = _road(roads.get(frozenset((at[x, y]["name"], at[x, y + 1]["name"]))), False)
                below += mark.ljust(_CELL + 3)
            lines.append(below.rstrip())
    return lines + overflow


def step_lines(view: dict) -> list[str]:
    """What the step in progress asks, from the view's `step` (only what applies now; no
    line when nothing does)."""
    step, board = view["board"]["step"], view["board"]
    words = []
    for key, label in (("tiles_to_place", "tiles to place"), ("tiles_to_turn_up", "to turn up"),
                       ("evacuees_to_draw", "evacuees to draw"), ("dice_to_roll", "dice to roll"),
                       ("rerolls_left", "rerolls left"), ("steps_left", "steps left"),
                       ("awakening_to_take", "awakening to take")):
        if step.get(key):
            words.append(f"{step[key]} {label}")
    if step.get("movement"):
        words.append("movement " + "-".join(str(v) for v in step["movement"]))
    if step.get("heat_ray_range"):
        words.append(f"heat ray range {step['heat_ray_range']}")
    if step.get("moving"):
        words.append(f"moving {step['moving']}")
    if step.get("air_strike"):
        words.append("air strike: 1 die fewer")
    if view["phase"] == "planning":
        stock = board["stock"]
        words.append("stock " + " ".join(f"{TILE[k]}{stock[k]}" for k in ("rail", "road", "river", "tram"))
                     + f" H{stock['high-voltage']} T{stock['tank']}")
    return ["now: " + "; ".join(words)] if words else []  # "now:" parts the step from the Kaiju line


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def kaiju_line(view: dict, rolled: bool) -> str:
    """The Kaiju's dice and rerolls, its awakening area, and (`rolled`) the dice it rolled."""
    kaiju = view["board"]["kaiju"]
    line = (f"Kaiju {kaiju['dice']} {'die' if kaiju['dice'] == 1 else 'dice'}, {_n(kaiju['rerolls'], 'reroll')}; "
            f"awakening {kaiju['awakening_dice']} dice, {_n(kaiju['awakening_rerolls'], 'reroll')}")
    if rolled and kaiju["faces"]:
        line += "; rolled " + " ".join(str(v) for v in kaiju["faces"])
    return line


def compact_board(state: Any, seat: int | None) -> Text:
    """The compact board: the round and who acts (and who you are), the Kaiju and its dice
    (with the step's line when both fit one), the grid, the legend and the step's line; at most
    WIDTH columns (inside a panel)."""
    view = state.view(seat)
    board = view["board"]
    observed = (state.observation_string(seat) if seat is not None else str(state)).splitlines()
    round_ = "return round" if board["return_round"] else f"round {view['round']}/{board['last_round']}"
    to_act = view["seats"][view["to_play"]]["name"] if view["to_play"] is not None else "-"
    head = f"{round_.capitalize()}, {view['phase']}, to act: {to_act}"  # the panel's title names the game
    you = next((line for line in observed if line.startswith("you are ")), "")
    if you:  # "you are H1 (Tokyo)"; the four cities of a lone human would wrap: "you are H1"
        head += f"; {you}" if len(head) + 2 + len(you) <= WIDTH else f"; {you.split(' (')[0]}"
    rolled = any(line.startswith("dice: ") for line in observed)   # the Kaiju's dice are in play
    kaiju, step = kaiju_line(view, rolled), step_lines(view)
    if step and len(kaiju) + 2 + len(step[0].removeprefix("now: ")) <= WIDTH:  # one line for both when it fits
        kaiju, step = f"{kaiju}; {step[0].removeprefix('now: ')}", []
    return Text("\n".join([head, kaiju] + grid_lines(board) + list(LEGEND) + step))
