"""Vulcanus's compact board: the fewest lines that let a player choose a move on a short
terminal (`board(..., compact=True)`, used by `vsai play` below 80x24's room for the full board).

What a player needs differs by step, so the lines under the map do too:
- set-up (round 0): the map and what is being chosen (the step's context);
- planning and redraw: the seat's hand per deck, the cards planned, the step's context;
- execution and the lava/base phases: the planned cards still to play and the step's
  context (the card being played, the units that already acted).
Every line is read from `state.view(seat)`, so it shows only what that seat may know; the
full board (`board`) keeps the tracks' cells, neighbours, deck records and events.
"""
from __future__ import annotations

from typing import Any, Callable

from rich.text import Text

# Card names cut to what still tells them apart, for the one-line hand and plan.
SHORT_CARD = {"Movement of citizens": "Mv citizens", "Movement of fire brigades": "Mv brigades",
              "Movement of SDFs": "Mv SDFs", "Large penetration shell": "Shell",
              "Commands to SDF": "SDF orders", "Moving underground": "Underground",
              "Fire helicopter": "Helicopter", "Mobilization": "Mobilize"}
# The one legend line: every code the map uses.
LEGEND = "c citizen v VIP l lava F brigade S SDF b base @ Vulcanus * omen; i2 o5 tiles"
# Three-letter codes of the 18 squares (the full board's "next to" column uses them too).
SHORT = {"Ikebukuro": "Ikb", "Waseda": "Wsd", "Ueno": "Uen", "Shinjuku": "Sjk", "Ichigaya": "Icg",
         "Akihabara": "Akb", "Harajuku": "Hrj", "Akasaka": "Aks", "Kasumigaseki": "Ksm",
         "Tokyo": "Tky", "Shibuya": "Sby", "Roppongi": "Rpg", "Shimbashi": "Smb", "Ginza": "Gnz",
         "Ebisu": "Ebs", "Shinagawa": "Sng", "Shiba": "Shb", "Tsukiji": "Tsk"}
WIDTH = 76            # the columns a line takes inside a panel on an 80-column terminal
PER_LINE = 3          # squares a map line (the squares come in map order, three a row)
_CELL = 25            # columns a square takes on its line
# The most lines the compact board takes: what leaves room, on 80x24, for the panel's border,
# a one-move last round, a page of moves and the prompt. The legend gives way first: late in
# a game a long plan and the Kaiju's evolutions need its line, and `board` and `help` keep it.
MAX_LINES = 13


def card(name: str) -> str:
    """A card's name as the compact board words it."""
    return SHORT_CARD.get(name, name)


def tile(name: str | None) -> str:
    """A face-up tile in two letters and its value: `i2` (investigation), `o5` (omen), `-`."""
    if not name:
        return "-"
    if name.startswith("omen"):
        return "o" + name.split()[1]
    if name.startswith("investigation"):
        return "i" + name.split()[1]
    return "i" + name.split("-")[1][0]      # "A-2a": an investigation tile of value 2


def square_cell(square: dict) -> str:
    """One square in at most `_CELL` columns: code, tile, then the pieces present only."""
    people = "".join(f"{letter}{square[key]}" for key, letter in (("citizens", "c"), ("vips", "v"))
                     if square[key])
    units = "".join(f"{letter}{square[key]}" for key, letter in
                    (("fire_brigades", "F"), ("sdf", "S"), ("bases", "b")) if square[key])
    lava = f"l{square['lava']}" if square["lava"] else ""
    marks = ("@" if square["vulcanus"] else "") + ("*" if square["omen_square"] else "")
    return " ".join(part for part in (SHORT[square["name"]] + marks, tile(square["tile"]),
                                      people, lava, units) if part)


def map_lines(board: dict, plain: bool, marked: str | None = None) -> list[Text]:
    """The 18 squares, three a line in map order; in colour, squares with lava in red (bold
    when burning: 3+ lava) and the square of the last move (`marked`) in reverse."""
    lines = []
    squares = board["squares"]
    for start in range(0, len(squares), PER_LINE):
        line = Text()
        for square in squares[start:start + PER_LINE]:
            cell = square_cell(square)
            style = "" if plain else ("bold red" if square["lava"] >= 3 else
                                      "red" if square["vulcanus"] or square["lava"] else "")
            if square["name"] == marked and not plain:
                style = (style + " reverse").strip()
            line.append(cell, style=style)
            line.append(" " * (_CELL - len(cell)))
        line.rstrip()
        lines.append(line)
    return lines


def status_lines(view: dict, marked: str | None = None) -> list[Text]:
    """Round, step, the two tracks (the score) and the last move's square (`marked`); then
    Vulcanus, its bonus tiles, funds, research (the panel's title names the game) on a second
    line, or when that is too long as many items (two spaces apart) on each line as fit, less
    Vulcanus's square (the map's @ marks it)."""
    board = view["board"]
    defense, damage, funds = board["defense"], board["damage"], board["funds"]
    kaiju, tiles = board["vulcanus"], board["bonus_tiles"]
    head = [f"Round {view['round']}/{board['rounds']}", view["phase"],
            f"Defense {defense['filled']}/{defense['cells']}", f"Damage {damage['filled']}/{damage['cells']}"]
    head += [f"the {board['winner']} win"] if view["terminal"] else []
    head += [f"last move: {marked}"] if marked else []
    more = [f"Vulcanus: {kaiju['square'] or '-'}", f"lava left {kaiju['pool_lava_left']}",
            f"bonus tiles {tiles['held']}", f"funds {funds['pool']}", f"research {board['investigation_track']}/12"]
    more += ["FULL FORM"] if kaiju["full_form"] else []
    more += [f"evolved {'/'.join(card(c) for c in kaiju['evolved'])}"] if kaiju["evolved"] else []
    more += [f"declared {', '.join(tiles['declared'])}"] if tiles["declared"] else []
    lines = [Text(head[0], style="bold")]
    apart = len("  ".join(more)) <= WIDTH   # Vulcanus's line whole when it fits one
    if not apart:  # else packed after the tracks, less its square (the map's @ marks it)
        more = more[1:]
    for item, style in [(item, "bold") for item in head[1:]] + [(item, "cyan") for item in more]:
        if len(lines[-1]) + 2 + len(item) <= WIDTH and not (apart and item is more[0]):
            lines[-1].append("  ")
        else:
            lines.append(Text())
        lines[-1].append(item, style=style)
    return lines


def hand_lines(board: dict, seat: int | None) -> list[str]:
    """Each deck `seat` holds: its hand and the cards set aside for a redraw (by name); for
    the Kaiju, its secret bonus tiles too (on its hand's line when they fit)."""
    lines = []
    for deck in board["decks"]:
        if seat is None or deck["seat"] != seat:
            continue
        hand, aside = deck["hand"], deck["set_aside"]
        if not (hand["cards"] or aside["cards"]):
            continue
        label = "Your hand" if deck["deck"] == "Kaiju" else f"Your hand {deck['deck']}"
        words = f"{label}: {', '.join(card(c) for c in hand['cards']) or 'none'}"
        if aside["cards"]:
            words += f"; set aside: {', '.join(card(c) for c in aside['cards'])}"
        lines.append(words)
    bonus = bonus_lines(board)
    together = f"{lines[-1]}; {bonus[0].removeprefix('Your ').replace(':', '', 1)}" if lines and bonus else ""
    return lines[:-1] + [together] if together and len(together) <= WIDTH else lines + bonus


def bonus_lines(board: dict) -> list[str]:
    """The Kaiju's secret bonus tiles (only its own view lists them), by the map's square
    codes: "bonus tiles Sby 3, Tky 3" (a tile names its square and its value)."""
    tiles = board["bonus_tiles"]
    held = [" ".join([SHORT.get(name, name), value]) for name, _, value in
            (tile.rpartition(" ") for tile in tiles.get("held_tiles") or [])]
    return [f"Your bonus tiles: {', '.join(held)}"] if held else []


def plan_line(board: dict, planning: bool = False) -> str:
    """The planned cards still to play (not yet turned up), in play order: `?` a card face
    down to this seat, else the card's name (only the seat's own cards are named); a Human
    slot names its deck. Played cards are in the log, and the one being played is in the
    step's context. "Plan:" while `planning`, else "To play:"."""
    parts = []
    for slot in board["slots"]:
        if slot["deck"] is None or slot["face_up"]:
            continue
        name = "?" if slot["card"] is None else card(slot["card"])
        deck = "" if slot["kaiju_slot"] else slot["deck"] + ("" if name == "?" else ":")
        parts.append(f"{slot['slot']} {deck}{name}")
    return ("Plan: " if planning else "To play: ") + (", ".join(parts) or "none")


def _plan_shown(view: dict) -> bool:
    """Whether the step needs the plan line: from round 1, and while planning only once a
    card is planned ("To play: none" says nothing then)."""
    planned = any(slot["deck"] is not None and not slot["face_up"] for slot in view["board"]["slots"])
    return view["round"] > 0 and (planned or not view["phase"].startswith("Planning"))


def compact_board(state: Any, seat: int | None, plain: bool, marked: str | None) -> Text:
    """The compact board as `seat` sees it (seat None: a spectator's public view): status,
    map, legend (left out when the board would pass MAX_LINES), then what the step needs, short
    lines side by side (`joined`); `marked` is the square of the last move (named
    on the first line, and in colour shown in reverse on the map)."""
    view = state.view(seat)
    board = view["board"]
    style: Callable[[str], str] = (lambda s: "") if plain else (lambda s: s)
    out = status_lines(view, marked)
    if plain:
        out = [Text(line.plain) for line in out]
    out += map_lines(board, plain, marked)
    legend = Text(LEGEND, style=style("dim"))
    below: list[Text] = []
    if view["round"] > 0:
        if view["phase"].startswith("Planning"):
            below += [Text(line) for line in hand_lines(board, seat)]
        if _plan_shown(view):
            below.append(Text(plan_line(board, view["phase"].startswith("Planning"))))
    if board["context"]:  # the step's lines (the card being played, who acted): one line
        below.append(Text("; ".join(line.strip() for line in board["context"]), style=style("bold")))
    below = joined(below)
    keep_legend = len(out) + 1 + len(below) <= MAX_LINES
    return Text("\n").join(out + ([legend] if keep_legend else []) + below)


def joined(lines: list[Text]) -> list[Text]:
    """`lines` with each one that fits beside the one before it (" · " between) moved up onto
    it: fewer lines for an 80x24 screen, none wider than WIDTH."""
    out: list[Text] = []
    for line in lines:
        if out and len(out[-1]) + 3 + len(line) <= WIDTH:
            out[-1] = Text.assemble(out[-1], " · ", line)
        else:
            out.append(line)
    return out
