"""Kilauea for the terminal: the island as a picture in text, what each move does, and how
the scores are made. Used through the spec's `render_module` by `vsai.ext.ui.render`.

The map (76 columns) puts the five sectors around the volcano in their clockwise order: S5,
S1, S2 along the top, S4 and S3 below, the crater in the middle. Each sector shows its forest
(row a on the coast, row c next to the volcano, each c space between the two b spaces in front
of it), the volcano tile locked in the forest or on the hillside, and the sector's volcano
column of each colour. The canoe loop runs around the outside: two canoe spaces per sector,
written (k,1) and (k,2), and a reef with its coral tile between two sectors. Tikis are letters
R, Y, G, B (coloured unless `plain`); the canoe pawn's space is >k,n<; the last move is
marked with * (and reverse video in colour).

Everything here is built from `state.view(seat)` and `state.action_info(action)`, the public
data (Kilauea hides nothing after the set-up chance).
"""
from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from vsai.ext.kilauea import engine

COLOURS = engine.COLOURS
# The compact board's player lines give each player's VP: no scores line under it (an 80x24 screen).
COMPACT_BOARD_SHOWS_SCORES = True
LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
STYLE = {"red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold bright_blue"}
MARK = "reverse"
BLOCK = 24                       # the width of one sector on the map
TOP = ("S5", "S1", "S2")         # clockwise along the top, then S3 (right), S4 (left) below
BOTTOM = ("S4", "S3")
BOTTOM_AT = (12, 40)             # where the two lower sectors start
WIDTH = 3 * BLOCK + 4


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


class _Canvas:
    """Lines of styled text written at columns (a character grid with styles)."""

    def __init__(self, height: int, plain: bool) -> None:
        self.rows = [[(" ", None)] * WIDTH for _ in range(height)]
        self.plain = plain

    def put(self, row: int, col: int, text: str, style: str | None = None) -> None:
        for k, ch in enumerate(text):
            if 0 <= col + k < WIDTH:
                self.rows[row][col + k] = (ch, None if self.plain else style)

    def text(self) -> Text:
        out = Text()
        for r, row in enumerate(self.rows):
            line = Text()
            run, run_style = "", None
            for ch, style in row + [("", "end")]:
                if style != run_style and run:
                    line.append(run, run_style)
                    run = ""
                run += ch
                run_style = style
            line.rstrip()
            out.append_text(line)
            if r < len(self.rows) - 1:
                out.append("\n")
        return out


def _marks(state: Any, last_move: int | None) -> set:
    """What the last move touched: ("cell", forest, space), ("column", sector, colour),
    ("tile", number), ("pawn",). Read from the action's fields alone (its family and values)."""
    if last_move is None or state.phase() in ("forest", "tiles", "start"):
        return set()
    try:
        action = int(last_move)
        family = engine.family_of(action) if 0 <= action < engine.NUM_DISTINCT_ACTIONS else None
    except (TypeError, ValueError):
        return set()
    if family is None or (family.name == "move" and state.phase() == "draft"):
        return set()
    fields = {name: engine.FIELD_NAMES[kind][v] for (name, kind), v in
              zip(family.fields, family.decode(action))}
    view = state.view(None)
    here = view["board"]["canoe_pawn"]["sector"]
    marks = set()
    if family.name == "move":
        marks.add(("pawn",))
    if "forest" in fields and "space" in fields:
        marks.add(("cell", fields["forest"], fields["space"]))
    if family.name in ("volcano",) and here:
        marks.add(("column", here, fields["colour"]))
    if family.name == "island" and here:
        marks.add(("island", here, fields["colour"]))
    if "colour" in fields and "sector" in fields and family.name not in ("island_move", "canoe_to_island"):
        marks.add(("column", fields["sector"], fields["colour"]))
    if "colour" in fields and "to" in fields and family.name in ("volcano_move",):
        marks.add(("column", fields["to"], fields["colour"]))
    if family.name == "activate":
        marks.add(("tile", fields["tile"]))
    return marks


def _cell(colour: str | None, marked: bool, emptied_mark: bool = True) -> tuple[str, str | None]:
    if colour is None:
        return ("x" if marked and emptied_mark else ".", MARK if marked else None)
    return (LETTER[colour], (STYLE[colour] + " " + MARK) if marked else STYLE[colour])


def _forest_rows(view: dict, forest: str, marks: set) -> list[list[tuple[str, str | None]]]:
    """Rows a, b, c of a forest as (text, style) pieces: c spaces sit between the b spaces.
    With 2 players the "3+" spaces (a1, a4, and c3 of F1, F2) are not used: blank."""
    spaces = view["board"]["forests"][forest]["spaces"]
    unused = {"a1", "a4", "c3"} if view["players"] == 2 else set()
    rows = []
    for row, indent in (("a", ""), ("b", ""), ("c", " ")):
        pieces = [(f" {row} {indent}", "dim")]
        for name, colour in spaces.items():
            if name.startswith(row):
                marked = ("cell", forest, name) in marks
                ch, style = _cell(colour, marked) if name not in unused else (" ", None)
                pieces += [(ch, style), ("*" if marked else " ", None)]
        rows.append(pieces)
    return rows


def _sector_block(view: dict, sector: str, marks: set, coast_up: bool) -> list[list[tuple]]:
    """The lines of one sector: header, forest rows (coast row outermost), volcano columns."""
    k = int(sector[1])
    forest = f"F{k}"
    info = view["board"]["forests"][forest]
    hill = view["board"]["volcano"][sector]["hillside_tile"]
    tile = info["volcano_tile"]
    here = view["board"]["canoe_pawn"]["sector"] == sector
    head = [(sector, "bold reverse" if here else "bold"), (f" forest {forest}", None)]
    if info["empty"] and not view["chance"]:
        head.append((" (empty)", "dim"))
    rows = _forest_rows(view, forest, marks)
    if not coast_up:
        rows = rows[::-1]
    if tile is not None:
        notes = ["tile:", f"volcano {tile}", "locked"]
    elif hill is not None:
        notes = ["hillside:", f"volcano {hill}", "(open)" if here else ""]
    else:
        notes = ["", "", ""]
    for r, note in enumerate(notes):
        tile_marked = ("tile", notes[1]) in marks and r == 1
        rows[r] = rows[r] + [(" " * (12 - sum(len(p[0]) for p in rows[r])), None),
                             (note + ("*" if tile_marked else ""), MARK if tile_marked else "dim" if r != 1 else None)]
    columns = view["board"]["volcano"][sector]["columns"]
    col = [(" vol ", "dim")]
    for colour in COLOURS:
        marked = ("column", sector, colour) in marks
        col += [(LETTER[colour], STYLE[colour]), (str(columns[colour]), MARK if marked else None),
                ("*" if marked else " ", None), (" ", None)]
    return [head] + (rows + [col] if coast_up else [col] + rows)


def _space(view: dict, sector: str, half: int, marks: set) -> tuple[str, str | None]:
    pos = (int(sector[1]) - 1) * 2 + half - 1
    label = f"{sector[1]},{half}"
    if view["players"] == 2 and half == 2:
        return ("~sea~", "blue")        # with 2 players the (k,2) spaces are covered
    if view["board"]["canoe_pawn"]["position"] == pos:
        return (f">{label}<", "bold reverse" if ("pawn",) in marks else "bold cyan reverse")
    return (f"({label})", "cyan")


def _reef(view: dict, reef: int, marks: set) -> tuple[str, str | None]:
    number = view["board"]["reefs"][f"R{reef}"]
    if number is None:                  # set-up: the tiles are not placed yet
        return (f"R{reef} -", "bright_blue")
    marked = ("tile", f"coral {number}") in marks
    return (f"R{reef} coral {number}" + ("*" if marked else ""), MARK if marked else "bright_blue")


def _map(view: dict, marks: set, plain: bool) -> Text:
    canvas = _Canvas(13, plain)
    # the sea above the top row: (5,1) (5,2) R5 (1,1) (1,2) R1 (2,1) (2,2)
    for b, sector in enumerate(TOP):
        x = b * (BLOCK + 2)
        canvas.put(0, x, *_space(view, sector, 1, marks))
        canvas.put(0, x + 7, *_space(view, sector, 2, marks))
        reef = int(sector[1])
        if sector != "S2":
            canvas.put(0, x + 14, *_reef(view, reef, marks))
        for r, pieces in enumerate(_sector_block(view, sector, marks, coast_up=True)):
            col = x
            for text, style in pieces:
                canvas.put(1 + r, col, text, style)
                col += len(text)
    # the middle: R4 on the left, the crater, R2 on the right
    canvas.put(6, 0, *_reef(view, 4, marks))
    crater = f"~ crater: {_plural(view['board']['crater_stones'], 'holy stone')}" + (
        " ~" if view["chance"] else f" · forests emptied {view['board']['forests_emptied']}/3 ~")
    canvas.put(6, (WIDTH - len(crater)) // 2, crater, "bold")
    text, style = _reef(view, 2, marks)
    canvas.put(6, WIDTH - len(text), text, style)
    # the lower sectors, coast down; their sea, right to left: (3,1) (3,2) R3 (4,1) (4,2)
    for b, sector in enumerate(BOTTOM):
        x = BOTTOM_AT[b]
        for r, pieces in enumerate(_sector_block(view, sector, marks, coast_up=False)):
            col = x
            for text, style in pieces:
                canvas.put(7 + r, col, text, style)
                col += len(text)
        canvas.put(12, x, *_space(view, sector, 2, marks))
        canvas.put(12, x + 7, *_space(view, sector, 1, marks))
    canvas.put(12, BOTTOM_AT[0] + 15, *_reef(view, 3, marks))
    return canvas.text()


def _pawn_line(view: dict) -> str:
    pawn = view["board"]["canoe_pawn"]
    if pawn["position"] < 0:
        return "Canoe pawn: on the start space; its first step goes to (1,1), by sector S1."
    k, half = pawn["space"][1], pawn["space"][3]
    which = "first" if half == "1" else "second"
    return (f"Canoe pawn: space ({k},{half}), the {which} of sector S{k}, by reef "
            f"{pawn['reef']} (coral {pawn['coral_tile']})")


def _who(view: dict, to_play: str = " to play") -> str:
    """"P1 to play: draft a tiki", "set-up" or "game over"."""
    if view["terminal"]:
        return "game over"
    if view["chance"]:
        return "set-up"
    return f"P{view['to_play'] + 1}{to_play}: {_PHASE_WORDS.get(view['phase'], view['phase'])}"


def _header(state: Any, view: dict, seat: int | None) -> Text:
    line = f"Kilauea, {view['players']} players, turn {view['round']}/{view['board']['turn_cap']} · {_who(view)}"
    for extra in (" · intermediate scoring done", " · scored once"):
        if view["board"]["intermediate_scored"] and len(line + extra) <= WIDTH:
            line += extra
            break
    return Text(line, "bold")


_PHASE_WORDS = {"draft": "draft a tiki", "move": "move the canoe", "main": "main action",
                "cut2": "a second cut or stop", "secondary": "tile actions", "target":
                "the tile to activate", "effect": "the tile's move", "back": "the tiki going back"}


def _stack(counts: dict, plain: bool, size: int) -> Text:
    """Tikis as letters (red first), padded with dots to `size`."""
    out = Text()
    for colour in COLOURS:
        out.append(LETTER[colour] * counts[colour], None if plain else STYLE[colour])
    shown = sum(counts.values())
    if shown < size:
        out.append("." * (size - shown), "dim")
    return out


# The width of an island's cell in the players table ("isle S1").
_ISLE = 7
# Lines between the players table's columns (its headers are several words each): box
# drawing, or ASCII for plain boards.
_COLUMN_LINES = box.MINIMAL
_PLAIN_COLUMN_LINES = box.Box("    \n  | \n -+ \n  | \n -+ \n -+ \n  | \n    \n", ascii=True)


def _players(view: dict, seat: int | None, marks: set, plain: bool) -> Table:
    table = Table(box=_PLAIN_COLUMN_LINES if plain else _COLUMN_LINES, show_edge=False,
                  pad_edge=False, padding=(0, 1, 0, 0), header_style="bold")
    for name, justify in (("", "left"), ("VP", "right"), ("if ended", "right"), ("stones", "right"),
                          ("canoe", "left")):
        table.add_column(name, justify=justify)
    # The five islands in one column (no lines between them), each under its own heading.
    table.add_column(" ".join(f"isle S{s}".ljust(_ISLE) for s in range(1, 6)).rstrip(), justify="left")
    for p in view["board"]["seats"]:
        me = p["seat"] == seat
        acting = view["to_play"] == p["seat"]
        name = ("> " if acting else "  ") + p["name"] + ("*" if me else "")
        isle = []
        for s in range(1, 6):
            cell = _stack(p["island"][f"S{s}"], plain, 0)
            if acting and any(m[0] == "island" and m[1] == f"S{s}" for m in marks):
                cell.append("*")
            isle.append(cell if cell.plain else Text(".", "dim"))
        table.add_row(Text(name, "bold cyan" if me and not plain else None), str(p["victory_points"]),
                      str(p["projected_score"]), str(p["holy_stones"]),
                      _stack(p["canoe"], plain, 4), _islands(isle))
    return table


def _islands(cells: list[Text]) -> Text:
    """The island cells side by side, each padded to its heading's width."""
    out = Text()
    for k, cell in enumerate(cells):
        out.append_text(cell)
        if k < len(cells) - 1:
            out.append(" " * max(1, _ISLE + 1 - len(cell.plain)))
    return out


def _turn_lines(view: dict) -> list[str]:
    turn = view["board"]["this_turn"]
    parts = []
    if turn["coral_open"]:
        parts.append(f"the coral of {view['board']['canoe_pawn']['reef']}")
    if turn["hillside_open"]:
        parts.append(f"the hillside tile of {view['board']['canoe_pawn']['sector']}")
    if turn["unlocked_tiles"]:
        parts.append("unlocked " + ", ".join(f"volcano {t}" for t in turn["unlocked_tiles"]))
    lines = ["Open this turn: " + "; ".join(parts)] if parts else []
    if turn["resolving"]:
        lines.append(f"Resolving {turn['resolving']}: {engine.TILE_EFFECTS[_kind(turn['resolving'])]}")
    return lines


def _kind(tile: str) -> int:
    side, number = tile.split()
    return int(number) - 1 + (0 if side == "coral" else 10)


def board(state: Any, seat: int, hidden_information: bool = False, last_move: int | None = None,
          plain: bool = False, compact: bool = False) -> Group:
    """The island as a picture in text (76 columns): the map, where the canoe is, the players'
    VP, stones, canoes and islands (`seat` marked *, the player to act >), and what is open
    this turn. `last_move` (an action id) is marked with * on the map. `compact` (a short
    terminal): the same facts in fewer lines, the sectors side by side in six rows."""
    if compact:
        return _compact_board(state, seat, last_move, plain)
    view = state.view(seat)
    marks = _marks(state, last_move)
    legend = ("RYGB: tikis · (k,n): canoe space n of Sk · >k,n<: the canoe"
              + (" · *: last move" if marks else ""))
    parts = [_header(state, view, seat), _map(view, marks, plain), Text(legend, "dim"),
             Text(_pawn_line(view)), _players(view, seat, marks, plain)]
    parts += [Text(line) for line in _turn_lines(view)]
    if view["chance"] and view["phase"] == "forest":
        left = sum(view["board"]["setup"]["tikis_to_place"].values())
        parts.append(Text(f"Set-up: {_plural(left, 'tiki')} still to place in the forests."))
    return Group(*parts)


# ---------------------------------------------------------------- the compact board
# The compact board (a short terminal): the five sectors side by side in the canoe's order,
# S1 to S5, in cells of this many columns after a 4-column row label.
_CELL = 14
_LABEL = 4


def _compact_header(view: dict) -> Text:
    """One line: the turn, who acts, the crater's stones and the emptied forests."""
    game = view["board"]
    line = (f"Turn {view['round']}/{game['turn_cap']} · {_who(view, '')} · "
            f"crater {_plural(game['crater_stones'], 'stone')}")
    if not view["chance"]:
        emptied = f" · forests emptied {game['forests_emptied']}/3"
        line += emptied if len(line + emptied) <= WIDTH else emptied.replace("forests ", "")
    return Text(line, "bold")


def _sector_head(view: dict, k: int, marks: set) -> list[tuple[str, str | None]]:
    """"S1 v5 locked": the sector (reversed where the canoe is) and its volcano tile, locked
    in the forest, on the hillside ("hill") or open to activate this turn."""
    sector = f"S{k}"
    here = view["board"]["canoe_pawn"]["sector"] == sector
    pieces: list[tuple[str, str | None]] = [(sector, "bold reverse" if here else "bold")]
    locked = view["board"]["forests"][f"F{k}"]["volcano_tile"]
    hill = view["board"]["volcano"][sector]["hillside_tile"]
    if locked is not None:
        pieces.append((f" v{locked} locked", "dim"))
    elif hill is not None:
        is_open = here and view["board"]["this_turn"]["hillside_open"]
        marked = ("tile", f"volcano {hill}") in marks
        pieces.append((f" v{hill} " + ("open" if is_open else "hill") + ("*" if marked else ""),
                       MARK if marked else None))
    return pieces


def _sea_cell(view: dict, k: int, marks: set) -> list[tuple[str, str | None]]:
    """Sector k's two canoe spaces and the coral tile on the reef after them: "(1,1)(1,2) c7"."""
    sector = f"S{k}"
    pieces = []
    for half in (1, 2):
        text, style = _space(view, sector, half, marks)
        pieces.append(("     " if text == "~sea~" else text, style))  # 2 players: covered
    number = view["board"]["reefs"][f"R{k}"]
    if number is not None:
        marked = ("tile", f"coral {number}") in marks
        pieces.append((f" c{number}" + ("*" if marked else ""), MARK if marked else "bright_blue"))
    return pieces


def _forest_cell(view: dict, k: int, row: str, marks: set) -> list[tuple[str, str | None]]:
    """Forest Fk's row a, b or c as letters (c spaces between the b spaces in front of them)."""
    return _forest_rows(view, f"F{k}", marks)["abc".index(row)][1:]


def _volcano_cell(view: dict, k: int, marks: set) -> list[tuple[str, str | None]]:
    """Sector k's volcano column heights by colour: "R1 Y1 G1 B1"."""
    columns = view["board"]["volcano"][f"S{k}"]["columns"]
    pieces: list[tuple[str, str | None]] = []
    for colour in COLOURS:
        marked = ("column", f"S{k}", colour) in marks
        pieces += [(LETTER[colour], STYLE[colour]), (str(columns[colour]), MARK if marked else None),
                   ("*" if marked else " ", None)]
    return pieces


def _compact_map(view: dict, marks: set, plain: bool) -> Text:
    """Six rows, one cell a sector: its head, the sea, forest rows a to c, the volcano."""
    rows = [("", _sector_head), ("sea", _sea_cell),
            ("a", lambda v, k, m: _forest_cell(v, k, "a", m)),
            ("b", lambda v, k, m: _forest_cell(v, k, "b", m)),
            ("c", lambda v, k, m: _forest_cell(v, k, "c", m)), ("vol", _volcano_cell)]
    canvas = _Canvas(len(rows), plain)
    for r, (label, cell) in enumerate(rows):
        canvas.put(r, 0, label, "dim")
        for k in range(1, 6):
            col = _LABEL + (k - 1) * _CELL
            end = col + _CELL - 1          # a blank column between two sectors
            for text, style in cell(view, k, marks):
                canvas.put(r, col, text[:max(0, end - col)], style)
                col += len(text)
    return canvas.text()


def _player_line(view: dict, p: dict, seat: int | None, marks: set, plain: bool) -> Text:
    """"> P1* 4 VP (9 if ended) · 2 stones · canoe RY.. · island S1 R, S3 GG": `seat` is *,
    the player to act >. A line too long for the board loses its commas, then "if ended"."""
    me = p["seat"] == seat
    acting = view["to_play"] == p["seat"] and not view["terminal"] and not view["chance"]
    islands = []
    for s in range(1, 6):
        stack = _stack(p["island"][f"S{s}"], plain, 0)
        if acting and any(m[0] == "island" and m[1] == f"S{s}" for m in marks):
            stack.append("*")
        if stack.plain:
            islands.append(Text(f"S{s} ") + stack)
    ended = f" ({p['projected_score']} if ended)"
    for comma, projected in ((", ", ended), (" ", ended), (" ", "")):
        line = Text(("> " if acting else "  ") + p["name"] + ("*" if me else " "),
                    "bold cyan" if me and not plain else None)
        line.append(f" {p['victory_points']} VP{projected} · {_plural(p['holy_stones'], 'stone')} · canoe ")
        line.append_text(_stack(p["canoe"], plain, 4))
        line.append(" · island ")
        line.append_text(Text(comma).join(islands) if islands else Text("empty", "dim"))
        if len(line.plain) <= WIDTH:
            break
    return line


def _compact_board(state: Any, seat: int | None, last_move: int | None, plain: bool) -> Group:
    """The fewest lines that let a player choose a move: a status line, the six-row map,
    the legend, one line a player and what is open this turn."""
    view = state.view(seat)
    marks = _marks(state, last_move)
    legend = ("RYGB tikis · >k,n< canoe · cN coral tile N, vN volcano tile N"
              + (" · *: last move" if marks else ""))
    parts = [_compact_header(view), _compact_map(view, marks, plain), Text(legend, "dim")]
    parts += [_player_line(view, p, seat, marks, plain) for p in view["board"]["seats"]]
    parts += [Text(line) for line in _turn_lines(view)]
    if view["chance"] and view["phase"] == "forest":
        left = sum(view["board"]["setup"]["tikis_to_place"].values())
        parts.append(Text(f"Set-up: {_plural(left, 'tiki')} still to place in the forests."))
    return Group(*parts)


# ---------------------------------------------------------------- moves
def _where(place: dict) -> str:
    kind = place["place"]
    if kind == "forest":
        return f"{place['forest']}.{place['space']}"
    if kind == "volcano":
        return f"volcano {place['sector']}"
    if kind == "island":
        return f"your island {place['sector']}"
    return "your canoe"


def _stones(n: int) -> str:
    return "free" if n == 0 else _plural(n, "stone")


def move_detail(state: Any, action: int) -> str:
    """What a move does and costs, in a few words ("to (2,1) in S2 by R1 coral 3, 2 stones")."""
    info = state.action_info(action)
    kind = info["kind"]
    if kind == "forest_tiki":
        return f"a {info['colour']} tiki on {info['forest']}.{info['space']}"
    if kind == "tile":
        return f"tile {info['tile_number']} on {info['slot']}, {info['side_up']} side up"
    if kind == "starting_player":
        return f"P{info['seat'] + 1} plays first"
    if kind == "move":
        to = info["to"]
        words = f"to {to['space']} in {to['sector']} ({to['reef']}: coral {to['coral_tile']}), " \
                f"{_stones(info['stone_cost'])}"
        if not info["main_action_after"]:
            words += "; no main action there"
        return words
    if kind == "draft":
        return f"the top {info['colour']} tiki of {info['sector']} into your canoe"
    if kind == "stop":
        return "no second cut"
    if kind == "pass":
        return "end your turn"
    if kind == "activate":
        words = info["effect"]
        if info["stone_cost"]:
            words += f"; costs {_plural(info['stone_cost'], 'stone')}"
        return words
    colour = info.get("colour")
    if kind == "volcano":
        gained = info["stones_gained"]
        words = (f"onto {info['to']['sector']}'s {colour} column ({info['column_height_after']} high), "
                 + f"+{_plural(gained, 'stone')}")
        if info["hillside_tile"] is not None:
            words += f"; volcano {info['hillside_tile']} opens"
        return words
    if kind == "island":
        return f"onto your island {info['to']['sector']}, pay 2 stones; ends your turn"
    words = f"{colour} tiki " if colour else "tiki "
    words += f"{_where(info['from'])} -> {_where(info['to'])}"
    if kind == "cut" and info.get("resolving") is None:
        words = f"{colour} tiki into your canoe"
    if "stones_gained" in info:
        words += f", take {_plural(info['stones_gained'], 'stone')}"
    if "unlocks_tile" in info:
        words += f"; unlocks volcano {info['unlocks_tile']}"
    return words


def move_group(state: Any, action: int) -> str | None:
    """A short label to choose a long list in two steps: by the forest or volcano sector a tiki
    comes from, by colour for placements, by tile for activations."""
    info = state.action_info(action)
    kind = info["kind"]
    if kind in ("forest_tiki", "tile", "starting_player"):
        return None
    if kind == "move":
        return f"to {info['to']['sector']}"
    if kind in ("stop", "pass"):
        return None
    if kind == "activate":
        return info["tile"]
    if kind == "draft":
        return f"volcano {info['sector']}"
    if kind == "cut" and info.get("resolving") is None:
        return f"cut in {info['forest']}"
    if kind == "volcano":
        return "onto the volcano"
    if kind == "island":
        return "onto your island"
    source = info.get("from")
    if source is None:
        return None
    if source["place"] == "forest":
        return f"from {source['forest']}"
    if source["place"] == "canoe":
        return f"{info['colour']} from canoe"
    return f"from {_where(source).replace('your ', '')}"


# ---------------------------------------------------------------- scoring
def _colour_value(columns: dict, colour: str) -> tuple[int, bool]:
    """A colour's value in a sector (K11): 1 a tiki for the tallest column(s), else 3."""
    height = columns[colour]
    tallest = height == max(columns.values())
    return (height if tallest else 3 * height), tallest


def _sector_lines(view: dict, p: dict) -> tuple[list[tuple], int]:
    rows, total = [], 0
    for s in range(1, 6):
        sector = f"S{s}"
        columns = view["board"]["volcano"][sector]["columns"]
        top = max(columns.values())
        for colour in COLOURS:
            count = p["island"][sector][colour]
            if not count:
                continue
            value, tallest = _colour_value(columns, colour)
            height = columns[colour]
            column = f"{height}, tallest" if tallest else f"{height} (tallest {top})"
            rule = f"{height} a tiki" if tallest else f"3x{height} = {value} a tiki"
            points = value * count
            total += points
            rows.append((sector, colour, count, column, rule, points))
    return rows, total


def _bonuses(p: dict) -> list[tuple[str, int]]:
    all_five = all(sum(p["island"][f"S{s}"].values()) for s in range(1, 6))
    return [("all five sectors", 15 if all_five else 0),
            (f"{_plural(p['holy_stones'], 'stone')} (1 per 2)", p["holy_stones"] // 2),
            (f"{_plural(p['canoe_tikis'], 'canoe tiki')}", p["canoe_tikis"])]


def score_breakdown(state: Any, seat: int | None) -> Group:
    """How the scores are made: for `seat` (every seat for a spectator), each island colour by
    sector (tikis x the colour's value: the tallest column(s) 1 VP a tiki, the others 3 VP a
    tiki per unit of height), the final bonuses, and the standings with the tie-break."""
    view = state.view(seat)
    over = view["terminal"]
    seats = view["board"]["seats"] if seat is None else [view["board"]["seats"][seat]]
    parts = []
    if over:
        title = "Final scoring"
    elif view["board"]["intermediate_scored"]:
        title = "Island points now (the intermediate scoring is done; the final one counts again)"
    else:
        title = "Island points now (counted when the 1st forest is emptied, again at the 3rd)"
    parts.append(Text(title, "bold"))
    for p in seats:
        rows, sectors = _sector_lines(view, p)
        table = Table(title=None, box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold")
        for name, justify in (("  sector", "left"), ("colour", "left"), ("island tikis", "right"),
                              ("volcano column", "left"), ("value", "left"), ("VP", "right")):
            table.add_column(name, justify=justify)
        for sector, colour, count, column, rule, points in rows:
            table.add_row("  " + sector, colour, str(count), column, rule, str(points))
        bonus = _bonuses(p)
        bonus_total = sum(v for _, v in bonus)
        earlier = p["victory_points"] - (sectors + bonus_total if over else 0)
        parts.append(Text(f"{p['name']}: island sectors {sectors} VP", "bold cyan"))
        if rows:
            parts.append(table)
        else:
            parts.append(Text("  no island tiki yet"))
        parts.append(Text(f"  final bonuses {bonus_total}: " + ", ".join(f"{label} +{v}" for label, v in bonus)))
        if over:
            parts.append(Text(f"  {earlier} VP before the final scoring (tiles, intermediate "
                              f"scoring) + {sectors} + {bonus_total} = {p['victory_points']} VP"))
        else:
            parts.append(Text(f"  {p['victory_points']} VP now; if the game ended now "
                              f"{p['victory_points']} + {sectors} + {bonus_total} = "
                              f"{p['projected_score']} VP"))
    standings = sorted(view["board"]["seats"], key=lambda q: (-q["projected_score"], q["island_tikis"]))
    label = "Final scores" if over else "If the game ended now"
    parts.append(Text(f"{label}: " + ", ".join(f"{q['name']} {q['projected_score']} VP "
                                               f"({q['island_tikis']} isl.)" for q in standings)))
    parts.append(Text("Tie-break: most VP, then fewest island tikis (isl.), then a shared win."))
    if over:
        names = [f"P{w + 1}" for w in view["board"]["winners"]]
        parts.append(Text(("Winner: " if len(names) == 1 else "Shared win: ") + ", ".join(names), "bold"))
    return Group(*parts)
