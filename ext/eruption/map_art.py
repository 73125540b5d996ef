"""Eruption's island drawn in text: every hex, its lava exits as lines to its neighbours, the
walls on them, the material icons and the six villages around the coast.

A hex's centre sits at column 4q + 2r (axial coordinates) and at row 2r, so each of its six
edges has one place between it and its neighbour: `/` (NE, SW), `\\` (NW, SE) or `==` (E, W).
Lava leaving a hex is drawn on that place, a wall by its material's letter instead; lava that
reaches a village edge unwalled is `!`. Built from `state.view(seat)`, which is public but for
hands, so it shows nothing a seat may not see.
"""
from __future__ import annotations

from typing import Any

from rich.text import Text

DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")
# Where the edge towards each direction is drawn, from the hex's first column and row, and
# its glyph; an east or west edge takes the two columns between the hexes.
_EDGE = {"NE": (1, -1, "/"), "E": (2, 0, "=="), "SE": (2, 1, "\\"),
         "SW": (-1, 1, "/"), "W": (-2, 0, "=="), "NW": (0, -1, "\\")}
_MATERIAL = {"straw": "s", "wood": "w", "stone": "t"}
_ICON = ".swt"          # icon -1 (none), straw, wood, stone
# The map's first column (room for the row letters and the villages on the left) and row.
_LEFT, _TOP = 30, 1
_ROWS = "abcdefghi"
# Where each village's name goes: beside which rows, on which side (villages 0 and 3 sit above
# the first row and below the last one).
_VILLAGE_AT = {0: ("top", None), 1: ("right", 2), 2: ("right", 6), 3: ("bottom", None),
               4: ("left", 6), 5: ("left", 2)}

LEGEND = ("## lava tile  ^^ volcano  ** eruption tile  .. empty (.s .w .t: wall icon)",
          "/ \\ ==: lava to that side  s w t: a wall on it  !: lava into a village, unwalled")


class _Canvas:
    """Rows of characters with a style each."""

    def __init__(self, width: int, height: int):
        self.cells = [[(" ", "") for _ in range(width)] for _ in range(height)]

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        if 0 <= row < len(self.cells):
            for k, ch in enumerate(text):
                if 0 <= col + k < len(self.cells[row]):
                    self.cells[row][col + k] = (ch, style)

    def text(self, first: int = 0, last: int | None = None) -> Text:
        """Rows `first` to `last` (all by default) as styled text."""
        out = Text()
        for r, row in enumerate(self.cells[first:last]):
            if r:
                out.append("\n")
            line = "".join(ch for ch, _ in row).rstrip()
            for ch, style in row[:len(line)]:
                out.append(ch, style or None)
        return out


def _place(data: dict, hex_id: int) -> tuple[int, int]:
    """The (row, column) of a hex's first character on the canvas."""
    q, r = data["coords"][hex_id]
    return _TOP + 2 * (r + 4), _LEFT + 4 * q + 2 * r


def draw(view: dict, data: dict, marked: int | None = None, plain: bool = False,
         compact: bool = False) -> Text:
    """The map of `view` (`state.view(seat)`) with `data` (`engine.board_data()`); the hex
    `marked` (the last move's) is drawn `@@`. `compact`: only the rows of hexes holding lava
    and the rows next to them (where the next tiles go)."""
    style = (lambda s: "") if plain else (lambda s: s)
    canvas = _Canvas(80, 2 * 8 + 3)
    tiles = {t["hex"]: t for t in view["board"]["tiles"]}
    walls = {w["edge"]: w["material"] for w in view["board"]["walls"]}
    village_edge = {e: v for v, edges in enumerate(data["village_edges"]) for e in edges}
    for h, name in enumerate(data["hexes"]):
        row, col = _place(data, h)
        tile = tiles.get(name)
        if h == marked:
            canvas.put(row, col, "@@", style("bold reverse"))
        elif tile is None:
            canvas.put(row, col, "." + _ICON[data["icons"][h] + 1], style("dim"))
        else:
            kind = tile["kind"]
            cell = "^^" if kind == "volcano" else "**" if kind == "eruption" else "##"
            canvas.put(row, col, cell, style("bold red"))
        for d, direction in enumerate(DIRECTIONS):
            dc, dr, glyph = _EDGE[direction]
            edge = h * 6 + d
            wall = walls.get(f"{name} {direction}")
            lava = tile is not None and direction in tile["lava"]
            if wall is not None:
                canvas.put(row + dr, col + dc, _MATERIAL[wall] * len(glyph), style("bold yellow"))
            elif lava and edge in village_edge:
                canvas.put(row + dr, col + dc, "!" * len(glyph), style("bold red reverse"))
            elif lava:
                canvas.put(row + dr, col + dc, glyph, style("red"))
    for r, letter in enumerate(_ROWS):
        first = min(_place(data, h)[1] for h in range(len(data["hexes"])) if data["coords"][h][1] == r - 4)
        canvas.put(_TOP + 2 * r, first - 4, letter, style("dim"))
    _villages(canvas, view, data, style)
    if not compact:
        return canvas.text()
    rows = [data["coords"][data["hexes"].index(t["hex"])][1] + 4 for t in view["board"]["tiles"]] or [4]
    low, high = max(0, min(rows) - 1), min(len(_ROWS) - 1, max(rows) + 1)
    return canvas.text(_TOP + 2 * low - 1, _TOP + 2 * high + 2)


def _villages(canvas: _Canvas, view: dict, data: dict, style: Any) -> None:
    """Each village's name and owner ("V2 P1", "V4 empty") beside its stretch of coast."""
    owners = {int(s["village"][1:]): s for s in view["board"]["seats"]}
    for v, edges in enumerate(data["village_edges"]):
        seat = owners.get(v)
        label = f"V{v} {seat['name']} {seat['temperature']}C" if seat else f"V{v} empty"
        places = [_place(data, e // 6) for e in edges]
        side, _ = _VILLAGE_AT[v]
        rows = [r for r, _ in places]
        cols = [c for _, c in places]
        if side == "top":
            row, col = _TOP - 1, max(cols) + 4
        elif side == "bottom":
            row, col = _TOP + 17, max(cols) + 4
        elif side == "right":
            row, col = (min(rows) + max(rows)) // 2, max(cols) + 5
        else:
            row, col = (min(rows) + max(rows)) // 2, min(cols) - 4 - len(label)
        owner_style = "bold cyan" if seat and seat["seat"] == view.get("seat") else "cyan"
        canvas.put(row, col, label, style(owner_style if seat else "dim"))


# The compact map: one text line per hex row. A hex takes two columns and the next one starts
# four columns on (row r shifted by 2 per row from the middle one), so the rows interleave as
# on the island; only east-west lava links fit between the cells.
_COMPACT_LEFT = 15       # the middle row's first column (room for "V5 P6 300C" and the row letter)
_COMPACT_KEY = ("## lava  == lava link", "^^ volcano  ** eruption", ".. empty (s w t icon)",
                "!! lava into village", "@@ last move")
# Beside which row (0 = a) each village's label goes, and on which side.
_COMPACT_VILLAGE = {0: (0, "right"), 1: (1, "right"), 2: (7, "right"), 3: (8, "right"),
                    4: (7, "left"), 5: (1, "left")}


def draw_compact(view: dict, data: dict, marked: int | None = None, plain: bool = False) -> Text:
    """The map of `view` in nine lines, one per hex row: each hex's content as one glyph drawn
    twice, the villages' labels beside their coast and a key in the right margin. A lava tile
    pouring into a village edge with no wall is `!!`; the lava exits and walls are on the full
    map (`draw`)."""
    style = (lambda s: "") if plain else (lambda s: s)
    canvas = _Canvas(80, len(_ROWS))
    tiles = {t["hex"]: t for t in view["board"]["tiles"]}
    walls = {w["edge"] for w in view["board"]["walls"]}
    village_edge = {e for edges in data["village_edges"] for e in edges}
    ends: dict[int, tuple[int, int]] = {}          # row -> its first and last hex's column
    for h, name in enumerate(data["hexes"]):
        q, r = data["coords"][h]
        row, col = r + 4, _COMPACT_LEFT + 4 * q + 2 * r + 16
        first, last = ends.get(row, (col, col))
        ends[row] = (min(first, col), max(last, col))
        tile = tiles.get(name)
        if h == marked:
            canvas.put(row, col, "@@", style("bold reverse"))
        elif tile is None:
            canvas.put(row, col, "." + _ICON[data["icons"][h] + 1], style("dim"))
        elif any(direction in tile["lava"] and h * 6 + d in village_edge and f"{name} {direction}" not in walls
                 for d, direction in enumerate(DIRECTIONS)):
            canvas.put(row, col, "!!", style("bold red reverse"))
        else:
            kind = tile["kind"]
            canvas.put(row, col, "^^" if kind == "volcano" else "**" if kind == "eruption" else "##",
                       style("bold red"))
        for direction, at in (("E", col + 2), ("W", col - 2)):
            if tile is not None and direction in tile["lava"]:
                canvas.put(row, at, "==", style("red"))
    for row, (first, _) in ends.items():
        canvas.put(row, first - 4, _ROWS[row], style("dim"))
    owners = {int(s["village"][1:]): s for s in view["board"]["seats"]}
    for v, (row, side) in _COMPACT_VILLAGE.items():
        seat = owners.get(v)
        label = f"V{v} {seat['name']} {seat['temperature']}C" if seat else f"V{v} empty"
        first, last = ends[row]
        col = last + 4 if side == "right" else first - 6 - len(label)
        owner_style = "bold cyan" if seat and seat["seat"] == view.get("seat") else "cyan"
        canvas.put(row, col, label, style(owner_style if seat else "dim"))
    key_col = max(last for _, last in ends.values()) + 4
    for k, line in enumerate(_COMPACT_KEY):
        canvas.put(2 + k, key_col, line, style("dim"))
    return canvas.text()
