"""Eruption's board for the terminal, what moves do, and how to word the moves a seat cannot see.

Used through the spec's `render_module` by `vsai.ext.ui.render`; it shows only what
`state.observation_string(seat)` and `state.view(seat)` show.
"""
from __future__ import annotations

import re
from typing import Any

from rich.table import Table
from rich.text import Text

from vsai.ext.eruption import map_art
from vsai.ext.ui.hooks import copies_facts

_HEX_FAMILY = range(0, 61)
_EDGE_FAMILY = range(67, 433)


def hidden_move_text(mover: int, text: str) -> str:
    """Eruption's only hidden moves are the cards another seat draws."""
    if " draws " in text:
        return text.split(" draws ")[0] + " draws a card"
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def hidden_facts(state: Any, owner: int, observer: int) -> list[tuple[str, str]]:
    """The cards of `owner`'s hand that `observer` does not see, one fact a card ("P2 holds",
    "Quake"; a second copy "Quake x2"); its size is public. The tile stack and the dice are
    hidden from every seat, so no seat holds them."""
    if owner == observer or state.view(observer)["board"]["seats"][owner]["hand"] is not None:
        return []
    seat = state.view(owner)["board"]["seats"][owner]
    return copies_facts(f"{seat['name']} holds", [card for card, count in sorted(seat["hand"].items())
                                                   for _ in range(count)])


def _marked_hex(state: Any, last_move: Any) -> int | None:
    """The hex a last move (an action id) names: a tile's hex, or the hex of a wall's edge."""
    if last_move is None or isinstance(last_move, bool) or not isinstance(last_move, int):
        return None
    if last_move in _HEX_FAMILY:
        return last_move
    if last_move in _EDGE_FAMILY:
        return (last_move - 67) // 6
    return None


def _sections(text: str) -> tuple[list[str], list[str], list[str]]:
    """The observation text cut around its map: the lines before the map's legend, the map's
    (legend and rows), and the lines after it."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if line.startswith("map:")), len(lines))
    end = start + 1
    while end < len(lines) and (lines[end].startswith("  ") and not lines[end].startswith("    ")):
        end += 1
    return lines[:start], lines[start:end], lines[end:]


def board(state: Any, seat: int | None, hidden_information: bool, last_move: Any = None,
          plain: bool = False, compact: bool = False, everything: bool = False) -> Text:
    """What `seat` knows (its observation; everything for a spectator, seat None, or with
    `everything`) around the island drawn as a map (`map_art`): lava exits as lines, walls,
    icons and the villages with their owners; the last move's hex is `@@`. `compact`: the
    status with the turn, your village in one line and the map a line per hex row
    (`map_art.draw_compact`); at most 80 columns."""
    from vsai.ext.eruption.engine import board_data
    if hidden_information and seat is not None and seat >= 0 and not everything:
        observed = state.observation_string(seat)
    else:
        observed = str(state)
    before, _, after = _sections(observed)
    view = state.view(seat if seat is not None and seat >= 0 and not everything else None)
    if compact:  # the status with the turn, your village, then the map a line per hex row
        drawn = map_art.draw_compact(view, board_data(), _marked_hex(state, last_move), plain)
        keep = [_status(before[:1], after)] + _own_village(view, before, seat)
        after, legend = [], []
    else:
        drawn = map_art.draw(view, board_data(), _marked_hex(state, last_move), plain)
        keep, legend = before, list(map_art.LEGEND)
    text = Text("\n".join(keep) + "\n")
    text.append_text(drawn)
    if legend or after:
        text.append("\n" + "\n".join(legend + after))
    if not plain:
        text.highlight_regex(r"\bstraw\b", "yellow")
        text.highlight_regex(r"\bwood\b", "bright_yellow")
        text.highlight_regex(r"\bstone\b", "bright_black")
        if seat is not None and seat >= 0:
            text.highlight_regex(rf"(?m)^P{seat + 1} (village|V\d:).*$", "bold cyan")
        text.highlight_regex(r"\bhidden\b", "italic")
    return text


def _joined(lines: list[str], index: int) -> str:
    """Line `index` with the indented lines that continue it, as one line."""
    out = [lines[index]]
    for line in lines[index + 1:]:
        if not line.startswith("    "):
            break
        out.append(line.strip())
    return " ".join(out)


def _status(first: list[str], after: list[str]) -> str:
    """The status line ("turn 3/200, tile: rotation, to act: P2") with what the turn holds
    ("placing a Y tile; at f4; walls left 1"), its counts left out when none."""
    status = first[0].split(" ", 2)[-1] if first else ""   # less "eruption 6p": the title says it
    turn = next((_joined(after, i) for i, line in enumerate(after) if "'s turn" in line), "")
    parts = turn.split("; ")[1:]
    counts = parts.pop().split(", ") if parts else []
    parts += [count for count in counts if not count.endswith(" 0")]
    return status + (" - " + "; ".join(parts) if parts else "")


def _own_village(view: dict, before: list[str], seat: int | None) -> list[str]:
    """The seat's village in one line: temperature, level, walls in stock, eruption tiles and
    the cards in hand ("P1 V0: 40C, level 0; walls straw 2, wood 0, stone 1; cards Rain, Quake x2"),
    its eruption tiles when it holds some."""
    mine = next((s for s in view["board"]["seats"] if seat is not None and s["seat"] == seat), None)
    if mine is None:
        return []
    hand = next((_joined(before, i) for i, line in enumerate(before)
                 if line.startswith(f"{mine['name']} village")), "").rpartition(": ")[2]
    walls = ", ".join(f"{material} {count}" for material, count in mine["walls"].items())
    held = f"; eruption tiles {mine['eruption_tiles']}" if mine["eruption_tiles"] else ""
    return [f"{mine['name']} {mine['village']}: {mine['temperature']}C, level {mine['level']}; "
            f"walls {walls}{held}; " + ("no cards" if hand in ("", "none") else
                                        "cards " + re.sub(r" x1\b", "", hand))]  # "Rain, Quake x2"


def _diff(state: Any, action: int) -> list[str]:
    """What applying `action` changes at once, in words (public parts only)."""
    if not state.is_player_node():
        return []
    before = state.view(None)["board"]
    after_state = state.clone()
    after_state.apply_action(action)
    after = after_state.view(None)["board"]
    words = []
    for b, a in zip(before["seats"], after["seats"]):
        if a["temperature"] != b["temperature"]:
            words.append(f"{b['name']} {a['temperature'] - b['temperature']:+d} C")
        gained = [m for m in ("straw", "wood", "stone") if a["walls"][m] > b["walls"][m]]
        if gained and a["seat"] == before["current"]:
            words.append("gain a " + "/".join(gained) + " wall")
    owed = (after.get("turn_progress") or {}).get("cards_owed", 0)
    if owed and owed > (before.get("turn_progress") or {}).get("cards_owed", 0):
        words.append(f"draw {owed} card{'s' if owed > 1 else ''}")
    if len(after["walls"]) < len(before["walls"]):
        words.append("a wall goes")
    return words


_EFFECT = {"Aftershock": "turn a lava tile", "Quake": "replace a lava tile by a new one",
           "Sinkhole": "remove a lava tile", "Volcanic Bomb": "remove any wall",
           "Rain": "-30 C", "Relocate": "move your village walls",
           "Reinforce": "1 more wall this turn", "Lava Flow": "place another tile"}


def move_detail(state: Any, action: int) -> str:
    """The effect and cost of a move in a few words."""
    info = state.action_info(action)
    kind = info["kind"]
    if kind == "play_card":
        words = [_EFFECT[info["card"]], f"costs {info['card']}"]
    elif kind == "discard_for_wall":
        words = [f"gain a {info['material']} wall", f"costs {info['card']}"]
    elif kind == "exchange_for_tile":
        words = ["place an extra tile", "costs " + " and ".join(info["cards"])]
    elif kind == "discard_to_limit":
        words = ["hand limit 3", "no wall for it"]
    elif kind in ("place_tile", "place_eruption_tile"):
        words = [_near_villages(state, info["hex"])]
    elif kind == "rotate":
        words = [_lava_goes(state, info["hex"], info["lava"])]
    elif kind == "build_wall":
        words = [f"wall on {info['edge']}" + (f" ({info['village']})" if info["village"] else "")]
    elif kind == "take_extra_tile":
        words = ["draw and place one more tile"]
    elif kind == "done":
        words = [f"end the {info['step']}"]
    else:
        words = []
    try:
        words += _diff(state, action)
    except Exception:       # a description must never break the game screen
        pass
    return "; ".join(dict.fromkeys(w for w in words if w))  # once each: a card's gain is also a change


def _owner(state: Any, village: int) -> str:
    """"P2's village" (or "empty V3": no one's)."""
    for seat in state.view(None)["board"]["seats"]:
        if seat["village"] == f"V{village}":
            return f"{seat['name']}'s village"
    return f"empty V{village}"


def _near_villages(state: Any, hex_name: str) -> str:
    """The villages a tile on `hex_name` borders: where its lava could flow at once."""
    from vsai.ext.eruption.engine import board_data
    data = board_data()
    h = data["hexes"].index(hex_name)
    near = sorted({v for v, edges in enumerate(data["village_edges"]) for e in edges if e // 6 == h})
    return "borders " + " and ".join(_owner(state, v) for v in near) if near else ""


def _lava_goes(state: Any, hex_name: str, lava: list[str]) -> str:
    """Where the lava of a tile on `hex_name` turned to `lava` flows: into which villages
    (walled or not) and towards which empty hexes, the ways it can spread next."""
    from vsai.ext.eruption.engine import board_data
    data = board_data()
    h = data["hexes"].index(hex_name)
    public = state.view(None)["board"]
    walls = {w["edge"] for w in public["walls"]}
    tiles = {t["hex"] for t in public["tiles"]}
    streams: dict[int, list[bool]] = {}   # village -> walled, per stream into it
    towards = []
    for direction in lava:
        d = map_art.DIRECTIONS.index(direction)
        village = next((v for v, edges in enumerate(data["village_edges"]) if h * 6 + d in edges), None)
        if village is not None:
            streams.setdefault(village, []).append(f"{hex_name} {direction}" in walls)
            continue
        n = data["neighbours"][h][d]
        if n >= 0 and data["hexes"][n] not in tiles:
            towards.append(data["hexes"][n])
    parts = []
    for village, walled in streams.items():
        open_ = walled.count(False)
        parts.append(f"into {_owner(state, village)}" + (f" ({open_} unwalled)" if open_ else " (walled)"))
    if towards:
        parts.append("towards " + " ".join(towards))
    return "lava " + ", ".join(parts) if parts else "lava joins the tiles around it"


def move_group(state: Any, action: int) -> str:
    """A short group label so that a long list is two short steps: hexes and edges by row of
    the map, cards by what is done with them."""
    info = state.action_info(action)
    kind = info["kind"]
    if "hex" in info and kind != "rotate":
        return f"row {info['hex'][0]}"
    return {"play_card": "play a card", "discard_for_wall": "discard for a wall",
            "exchange_for_tile": "two cards for a tile", "discard_to_limit": "hand limit",
            "rotate": "rotation", "wall_material": "material", "done": "done",
            "take_extra_tile": "extra tile"}.get(kind, kind.replace("_", " "))


def score_breakdown(state: Any, seat: int) -> Table:
    """Each village's temperature (lowest wins, ties share), its level, the lava at its edges
    (walled or not: an unwalled stream adds 20 C a turn), walls in stock, cards and eruption
    tiles held. Hands are counted, never shown."""
    view = state.view(seat if seat is not None and seat >= 0 else None)["board"]
    streams = _village_lava(state)
    table = Table(title="Temperatures (lowest wins; ties share)", width=78)
    for column in ("seat", "village", "C", "level", "lava in", "walled", "walls", "cards", "eruption"):
        table.add_column(column, justify="right" if column not in ("seat", "village") else "left")
    best = min(view["temperatures"])
    for info in view["seats"]:
        open_, walled = streams[info["seat"]]
        name = info["name"] + (" *" if info["temperature"] == best else "")
        table.add_row(name, info["village"], str(info["temperature"]), str(info["level"]),
                      str(open_), str(walled), str(sum(info["walls"].values())),
                      str(info["hand_size"]), str(info["eruption_tiles"]))
    return table


def _village_lava(state: Any) -> list[tuple[int, int]]:
    """Per seat: lava edges touching its village without a wall, and with one."""
    from vsai.ext.eruption.engine import board_data
    data = board_data()
    view = state.view(None)["board"]
    lava = {t["hex"]: set(t["lava"]) for t in view["tiles"]}
    walls = {w["edge"] for w in view["walls"]}
    dirs = ("NE", "E", "SE", "SW", "W", "NW")
    out = []
    for info in view["seats"]:
        v = int(info["village"][1:])
        open_ = walled = 0
        for e in data["village_edges"][v]:
            hex_name = data["hexes"][e // 6]
            if dirs[e % 6] in lava.get(hex_name, ()):
                if f"{hex_name} {dirs[e % 6]}" in walls:
                    walled += 1
                else:
                    open_ += 1
        out.append((open_, walled))
    return out
