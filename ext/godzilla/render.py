"""Godzilla's screens for the terminal: the board, what each move does, move groups and the
score breakdown (the render hooks of docs/adding-a-game.md).

Everything in a Godzilla state is public (see the engine's docstring and rules.md,
"Information"), so every seat sees the whole board; the hooks read the public `view()`.
"""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from vsai.ext.godzilla import engine
from vsai.ext.godzilla.compact import CODE, compact_board

_STYLES = {"@KAIJU": "bold red", r"\[L\]": "bold yellow", r"\*": "red", "#": "red",
           r"(?<= )H(?= )": "bold magenta", r"(?<= )T(?= )": "bold green"}
# The compact grid's marks: the Kaiju, landmarks (an L after a square's code), footprints.
_COMPACT_STYLES = {"@": "bold red", r"(?<=[A-Za-z@])L(?=[ +]|$)": "bold yellow", r"[*#](?=[-rdvtHT])": "red"}
_ROWS = ("north row", "second row", "third row", "south row")


def board(state: Any, seat: int, hidden_information: bool, last_move: int | None = None,
          plain: bool = False, compact: bool = False) -> Text:
    """The whole board as text (the observation), the Kaiju, landmarks, footprints and
    blockers coloured; `last_move` is named on a line under the grid and, in colour, the
    squares it touched are highlighted on the grid (the board is public; seat None: a
    spectator, who sees the same). `compact`: `godzilla.compact`'s short board (a short
    terminal), the last move's squares highlighted but not named (the last round under the
    board names it)."""
    text = compact_board(state, seat) if compact else Text(
        state.observation_string(seat) if seat is not None else str(state))
    styles = _COMPACT_STYLES if compact else _STYLES
    if last_move is not None:
        words, squares = _describe_last(state, last_move)
        if words and not compact:  # under a compact board the last round names it already
            text.append("\n" + words, style="" if plain else "bold cyan")
        if not plain:
            for name in squares:
                name = CODE[name] if compact else name
                text.highlight_regex(r"(?m)(?<![A-Za-z])" + name + r"(?=[ @L]|$)", "reverse")
    if not plain:
        for word, style in styles.items():
            text.highlight_regex(word, style)
        text.highlight_regex(r"(?m)^you are .*$|(?<=; )you are .*$", "bold cyan")
    return text


def _describe_last(state: Any, action: int) -> tuple[str, list[str]]:
    """('last move: ...', the squares it touched) for the action id of the last decision,
    read from the id alone (the position it was played in is gone)."""
    a = int(action)
    names = engine.square_names()
    roads = engine.map_roads()

    def on_road(r: int, words: str) -> tuple[str, list[str]]:
        _, x, y = roads[r]
        return f"last move: {words} {names[x]}-{names[y]}", [names[x], names[y]]

    if 1 <= a <= 29:
        return on_road(a - 1, "footprint on")
    if 30 <= a <= 145:
        k, r = divmod(a - 30, 29)
        return on_road(r, f"{engine.kind_name(k)} tile on")
    if a == 146:
        return "last move: vehicle procurement", []
    if 147 <= a <= 150:
        return f"last move: {engine.support_name(a - 147)}", []
    if 151 <= a <= 179:
        return on_road(a - 151, "high-voltage on")
    if 180 <= a <= 208:
        return on_road(a - 180, "tank on")
    if 209 <= a <= 382:
        return on_road((a - 209) // 6, "tank moved from")
    if 436 <= a <= 464:
        here = state.view()["board"]["kaiju"]["square"]
        return f"last move: the Kaiju stepped to {here}", [here]
    if 465 <= a <= 468:
        return f"last move: heat ray {('north', 'east', 'south', 'west')[a - 465]}", []
    if 471 <= a <= 870:
        s, t = divmod(a - 471, 20)
        return f"last move: a piece from {names[s]} to {names[t]}", [names[s], names[t]]
    if 383 <= a <= 388:
        return f"last move: reroll a {a - 382}", []
    if 389 <= a <= 403:
        k = 2
        i = a - 389
        while i >= 7 - k:           # straights of 2 (5 of them), then 3 (4), 4, 5, 6
            i -= 7 - k
            k += 1
        return "last move: move with " + "-".join(str(v) for v in range(i + 1, i + k + 1)), []
    if 404 <= a <= 433:
        v, k = divmod(a - 404, 5)
        return "last move: heat ray with " + "-".join([str(v + 1)] * (k + 2)), []
    if a in (434, 435):
        return "last move: " + ("movement first" if a == 434 else "heat ray first"), []
    if a in (469, 470):
        return "last move: awaken a " + ("die" if a == 469 else "reroll tile"), []
    return "", []              # "done": nothing to point at


def move_detail(state: Any, action: int) -> str:
    """The effect (and cost) of a move in a few words."""
    info = state.action_info(action)
    kind = info.get("kind")
    board = state.view()["board"]
    if kind == "footprint":
        laid = sum(1 for road in board["roads"] if road["footprint"])
        return f"footprint {laid + 1} of 4: the Kaiju may walk it"
    if kind == "route tile":
        left = board["stock"][info["tile"]] - 1
        return f"joins {info['from']} and {info['to']}; {left} {info['tile']} left in stock"
    if kind == "support card":
        return {"vehicle procurement": "turn up 2 more route tiles",
                "air strike": "the Kaiju rolls 1 die fewer this round",
                "high-voltage current": "place up to 3 high-voltage tiles (block footprints)",
                "tank deployment": "place up to 3 tanks (block footprints, move later)",
                "emergency press conference": "draw 2 press cards"}.get(info["card"], "")
    if kind in ("high-voltage", "tank"):
        return "no footprint may use this road"
    if kind == "tank move":
        return f"to {info['to_road_from']}-{info['to_road_to']}"
    if kind == "reroll":
        return "set this die aside to roll it again"
    if kind == "movement group":
        return f"up to {info['steps']} steps along the footprints"
    if kind == "heat-ray group":
        return f"heat ray of range {info['range']}"
    if kind == "step":
        square = next(s for s in board["squares"] if s["name"] == info["to_square"])
        lost = sum(square["evacuees"].values()) + square["press"] + 2 * square["landmark"]
        road = next(r for r in board["roads"] if r["id"] == info["road"])
        lost += road["tile"] not in ("empty", "high-voltage", "tank")
        return f"destroys {lost} point{'s' if lost != 1 else ''} there" if lost else "nothing to destroy"
    if kind == "heat ray":
        return f"range {info['range']}: destroys pieces and tiles on the line"
    if kind == "awakening":
        return "+1 die from the next roll" if info["item"] == "die" else "+1 reroll from the next roll"
    if kind == "evacuation":
        homes = board["home_squares"]
        if info["piece"] == "press":
            return "leaves the map (home square)" if info["to_square"] in homes.values() else ""
        return "evacuates at the end of the phase" if homes[info["colour"]] == info["to_square"] else ""
    if kind == "order":
        return ""
    if kind == "done":
        return ""
    return ""


def _row_of_road(r: int) -> str:
    _, a, b = engine.map_roads()[r]
    return _ROWS[min(a, b) // 5]


def move_group(state: Any, action: int) -> str | None:
    """A short group label: route tiles and blockers by row (every kind of tile in one group,
    so that a full stock still makes a dozen groups, not one per kind and row), evacuation
    moves by the square they leave, tank moves by the tank; other moves stand alone."""
    info = state.action_info(action)
    kind = info.get("kind")
    if kind == "route tile":
        return f"route tile, {_row_of_road(info['road'])}"
    if kind in ("high-voltage", "tank"):
        return f"{kind}, {_row_of_road(info['road'])}"
    if kind == "tank move":
        return f"tank on {info['from']}-{info['to']}"
    if kind == "evacuation":
        return f"from {info['from_square']}"
    return None


def score_breakdown(state: Any, seat: int | None) -> Group:
    """Both screens item by item (public by X4), the press cards (their kinds only once turned
    over at scoring) and the tie rule."""
    view = state.view()
    v = view["board"]
    k, h = v["kaiju_screen"], v["human_screen"]
    table = Table(title="Score screens", show_edge=False)
    table.add_column("item")
    table.add_column("Kaiju", justify="right")
    table.add_column("humans", justify="right")
    table.add_row("landmarks (2 each)", str(2 * k["landmarks"]), "")
    for colour in h["evacuees"]:
        table.add_row(f"{colour} evacuees", str(k["evacuees"][colour]), str(h["evacuees"][colour]))
    table.add_row("press pieces", str(k["press"]), str(h["press"]))
    table.add_row("route tiles", str(sum(k["route_tiles"].values())), "")
    table.add_row("high-voltage, tanks", str(k["high-voltage"] + k["tank"]), "")
    cards = v["press_cards"]
    turned = cards["turned_over"]
    kinds = sum(1 for n in turned if n)
    seen = sum(turned)
    if seen:
        points = 20 if kinds == 8 else kinds
        label = "Oxygen Destroyer" if kinds == 8 else f"press cards: {kinds} kinds"
        table.add_row(label, "", str(points))
    table.add_row("total", str(view["seats"][0]["score"]), str(view["seats"][1]["score"]))
    lines = [f"Press cards won: {cards['won']}"
             + (f", turned over {seen}: kinds " + " ".join(str(n) for n in turned) if seen
                else " (face down until scoring: all 8 kinds = 20, else 1 a kind)")]
    lines.append("A tie goes to the Kaiju, unless the Oxygen Destroyer was used.")
    return Group(table, Text("\n".join(lines)))
