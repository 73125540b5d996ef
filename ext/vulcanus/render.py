"""Vulcanus's screens for the terminal: the map as a table, the tracks, the planning board,
what each move does and costs, how long lists are grouped, and the score breakdown.

Used through the spec's `render_module` by `vsai.ext.ui.render`. Everything is drawn from
`state.view(seat)`, which shows only what that seat may know; every line fits 80 columns.
"""
from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from vsai.ext.ui.hooks import copies_facts, seat_label
from vsai.ext.vulcanus.compact import SHORT, compact_board

# what each card does (without its Additional effect), in a few words: a Human card's fits
# beside the longest planning move on an 80-column line ("to H1: " and at most 31 characters)
CARD_TEXT = {
    "Walk": "lava here, move 1 square",
    "Trampling": "kill all here or return a unit; lava",
    "Fire bomb": "kill 1 here or next door; lava",
    "Roar": "lava here, pull lava from next door",
    "Moving underground": "move up to 3 squares",
    "Lava flow": "1 lava on a square next door",
    "Movement of citizens": "citizens: 2 squares in all",
    "Movement of fire brigades": "fire brigades: 2 squares in all",
    "Movement of SDFs": "SDF units: 2 squares in all",
    "Fire fighting": "2 funds a brigade: -1 lava",
    "Commands to SDF": "1 SDF order: 1, 2 or 3 funds",
    "Mobilization": "2 funds a base: a new unit",
    "Fire helicopter": "fly a brigade, remove 1 lava",
    "Large penetration shell": "3 funds: attack tile, kill all",
    "Research": "tile near a base: research +3",
    "Continuation": "replay the card before or after",
}
EVOLVED_TEXT = {
    "Walk": "may walk one more square", "Trampling": "2 lava instead of 1 per marker",
    "Fire bomb": "may return a unit instead", "Roar": "places an extra lava",
    "Moving underground": "5 squares, lava on arrival", "Lava flow": "a second square",
}
COMMAND_TEXT = {"evacuation/investigation": "1 fund: evacuate 1, take a tile",
                "base construction": "2 funds: a base here",
                "special frozen shell": "3 funds: an attack tile"}
CELL = {"empty": ".", "citizen": "c", "VIP": "v", "lava": "l", "attack tile": "A"}



def hidden_move_text(mover: int, text: str) -> str:
    """Vulcanus's hidden moves in words: card draws, planned cards, redraws, bonus tiles."""
    for prefix, words in (("draw bonus", "the Kaiju draws a bonus tile"),
                          ("put back bonus", "the Kaiju puts a bonus tile back"),
                          ("draw ", "draw a card"), ("plan ", "plan a card face down"),
                          ("set aside ", "set a card aside for a redraw")):
        if text.startswith(prefix):
            return words
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


# The piles of a deck that its seat sees and the others count, and how a fact names them.
_PILES = (("hand", "holds"), ("set_aside", "set aside"), ("discard", "discarded"))
# The Kaiju's bonus tiles that only it sees, and how a fact names them.
_BONUS_TILES = (("held_tiles", "holds bonus tile"), ("drawn_tiles", "drew bonus tile"),
                ("put_back", "put back bonus tile"))


def hidden_facts(state: Any, owner: int, observer: int) -> list[tuple[str, str]]:
    """What `owner` sees and `observer` does not, one fact a card or tile: the cards in its
    decks' hands, set aside and discarded ("H1 holds", "Fire fighting"), the cards it planned
    face down ("H1 planned", "Research in slot H4"), and the Kaiju's bonus tiles ("Kaiju holds
    bonus tile", "Tokyo 3"). A seat of two decks (H1 at 2 players) names the deck of each card."""
    if owner == observer:
        return []
    mine, theirs = state.view(owner)["board"], state.view(observer)["board"]
    who = seat_label(owner, state)
    facts: list[tuple[str, str]] = []
    if owner == 0:
        for key, words in _BONUS_TILES:
            if key in mine["bonus_tiles"] and key not in theirs["bonus_tiles"]:
                facts += copies_facts(f"{who} {words}", list(mine["bonus_tiles"][key]))
    decks = [i for i, deck in enumerate(mine["decks"]) if deck["seat"] == owner]
    for i in decks:
        deck, seen = mine["decks"][i], theirs["decks"][i]
        suffix = f" (deck {deck['deck']})" if len(decks) > 1 else ""
        for pile, words in _PILES:
            if seen[pile]["unseen"]:
                facts += copies_facts(f"{who} {words}", [card + suffix for card in deck[pile]["cards"]])
    letters = {mine["decks"][i]["deck"] for i in decks}
    for slot, seen in zip(mine["slots"], theirs["slots"]):
        if slot["deck"] in letters and slot["card"] is not None and seen["card"] is None:
            facts.append((f"{who} planned", f"{slot['card']} in slot {slot['slot']}"))
    return facts


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _event(text: str) -> str:
    """A round's event in a word or two: revealed, or its kind and `?`."""
    if text.endswith("(unrevealed)"):
        return text.split()[0] + "?"
    return {"normal 1 lava + citizen": "normal", "advanced 2 lava": "adv. 2 lava",
            "advanced 1 + 1 adjacent": "adv. spread"}.get(text, text)


def _tile(name: str | None) -> str:
    if name is None:
        return "-"
    if name.startswith("investigation 3"):
        return "inv 3 " + name.split("(")[-1].rstrip(")").replace("event ", "ev")
    return name


def _marked_square(state: Any, last_move: int | None) -> str | None:
    """The square the last move went to or acted on, when its family names one (these
    families mean the same in every step, so the current state can word them)."""
    if last_move is None or not 0 <= last_move < 720 or 18 <= last_move < 72:
        return None
    from vsai.ext.vulcanus.engine import SQUARE_NAMES
    if last_move < 18:
        return SQUARE_NAMES[last_move]
    text = state.action_to_string(last_move).split(":")[0]
    for sep in (" to ", " lava in ", " at ", "fire bomb "):
        if sep in text:
            name = text.rsplit(sep, 1)[1].strip()
            return name if name in SHORT else None
    return None


def _row(mark: str, name: str, slot: str, tile: str, counts: tuple, near: str) -> str:
    """One line of the squares table (61 columns, then the Vulcanus and omen marks)."""
    cit, vip, lava, fb, sdf, base = (str(x) for x in counts)
    return (f"{mark} {name:<12} {slot:1} {tile:<9}{cit:>4}{vip:>4}{lava:>5}{fb:>3}{sdf:>4}"
            f"{base:>5}  {near:<15}")


def _track(columns: list, rows: int) -> str:
    return " ".join("".join(CELL.get(col[r], "B") for r in range(rows)) for col in columns)


def _everything_view(state: Any) -> dict:
    """The public view with every seat's secrets put back, each read from the view of the
    seat that holds it: each deck's hand and set-aside cards, the planned cards, the Kaiju's
    bonus tiles. For spectators only (watch mode, replay): never for a seat's board."""
    view = state.view(None)
    seats = {p: state.view(p)["board"] for p in range(len(view["seats"]))}
    board = view["board"]
    board["decks"] = [seats[deck["seat"]]["decks"][i] if deck["seat"] in seats else deck
                      for i, deck in enumerate(board["decks"])]
    for i, slot in enumerate(board["slots"]):
        slot["card"] = next((seen["slots"][i]["card"] for seen in seats.values()
                             if seen["slots"][i]["card"] is not None), None)
    board["bonus_tiles"] = seats[0]["bonus_tiles"]          # seat 0 is the Kaiju
    return view


def board(state: Any, seat: int | None, hidden_information: bool = True, last_move: int | None = None,
          plain: bool = False, compact: bool = False, everything: bool = False) -> Text:
    """The board as `seat` sees it: a status line, the 18 squares (tile, pieces, neighbours),
    the two tracks, funds and stock, events, bonus tiles, decks and the planning board.
    The square the last move named is marked with `<`. `compact`: the short board of
    `vulcanus.compact` (a short terminal). `everything` (a spectator's board): every seat's
    hand, planned cards and bonus tiles, each deck named with the seat that holds it."""
    if compact and not everything:
        return compact_board(state, seat, plain, _marked_square(state, last_move))
    v = _everything_view(state) if everything else state.view(seat)
    b = v["board"]
    style = (lambda s: "") if plain else (lambda s: s)
    out: list[Text] = []
    head = Text(f"Vulcanus  round {v['round']}/{b['rounds']}  disaster {b['disaster']:+d}  "
                f"step: {v['phase']}", style=style("bold"))
    out.append(head)
    if v["terminal"]:
        out.append(Text(f"Game over: the {b['winner']} win.", style=style("bold")))
    roles = "  ".join(f"{r['letter']}: {r['role'] or '?'}" for r in b["roles"])
    out.append(Text(f"Roles: {roles}"))
    k = b["vulcanus"]
    out.append(Text(f"VULCANUS in {k['square'] or '-'}; evolved: "
                    f"{', '.join(k['evolved']) or 'none'}; pool lava left {k['pool_lava_left']}"
                    + ("; FULL FORM" if k["full_form"] else ""), style=style("red")))
    marked = _marked_square(state, last_move)
    out.append(Text(_row(" ", "square", "", "tile", ("cit", "VIP", "lava", "FB", "SDF", "base"),
                         "next to").rstrip(), style=style("dim")))
    for sq in b["squares"]:
        mark = "<" if sq["name"] == marked else " "
        counts = tuple(x or "." for x in (sq["citizens"], sq["vips"], sq["lava"],
                                          sq["fire_brigades"], sq["sdf"], sq["bases"]))
        line = Text(_row(mark, sq["name"], sq["slot"], _tile(sq["tile"]), counts,
                         " ".join(SHORT[n] for n in sq["neighbours"])))
        extra = (" VULCANUS" if sq["vulcanus"] else "") + (" omen" if sq["omen_square"] else "")
        if extra:
            line.append(extra, style=style("bold red"))
        else:
            line.rstrip()
        if sq["lava"] and not plain:
            line.stylize("red", 2, 14)
        out.append(line)
    if marked:
        out.append(Text("  < the square of the last move", style=style("dim")))
    d, m = b["defense"], b["damage"]
    out.append(Text(f"Defense {d['filled']:>2}/{d['cells']} (Humans): {_track(d['columns'], 3)}",
                    style=style("cyan")))
    out.append(Text(f"Damage  {m['filled']:>2}/{m['cells']} (Kaiju):  {_track(m['columns'], 4)}",
                    style=style("red")))
    out.append(Text("  track cells: c citizen, v VIP, l lava, A attack tile, B bonus tile, . empty",
                    style=style("dim")))
    f = b["funds"]
    out.append(Text(f"Funds: pool {f['pool']}, used {f['used']}, stock {f['stock']}; budget track "
                    f"{b['budget_track']}; research {b['investigation_track']}/12; attack tiles "
                    f"{b['attack_tiles_left']}"))
    st = b["stock"]
    out.append(Text(f"Human stock: {_n(st['fire_brigades'], 'fire brigade')}, {st['sdf']} SDF, "
                    f"{_n(st['bases'], 'base')}"))
    events = ", ".join(f"{i + 1} {_event(e)}" for i, e in enumerate(b["events"]))
    out.append(Text(f"Events by round: {events} (? not yet revealed)"))
    tiles = b["bonus_tiles"]
    bonus = f"Bonus tiles: declared {', '.join(tiles['declared']) or 'none'}; Kaiju holds {tiles['held']}"
    if "held_tiles" in tiles:
        bonus += f" ({', '.join(tiles['held_tiles']) or '-'})"
        if tiles.get("put_back"):
            bonus += f"; put back {', '.join(tiles['put_back'])}"
    out.append(Text(bonus))
    for deck in b["decks"]:
        parts = []
        if deck["layers"]:
            parts.append("deck " + "+".join(str(n) for n in deck["layers"]))
        for key, label in (("hand", "hand"), ("set_aside", "set aside"), ("discard", "discard")):
            z = deck[key]
            if z["cards"] or z["unseen"]:
                parts.append(f"{label}: " + ", ".join(z["cards"] + ([f"{z['unseen']} unseen"] if z["unseen"] else [])))
        holder = f" ({v['seats'][deck['seat']]['name']})" if everything else ""
        out.append(Text(f"{deck['deck']} cards{holder}: " + "; ".join(parts)))
        for entry in deck.get("record", []):
            seen = [x for x in entry["revealed"] if x]
            out.append(Text(f"  round {entry['round']}: drew "
                            + ", ".join(f"{n} " + (f"of round {src}'s" if src else "new")
                                        for src, n in entry["drawn_from_layers"])
                            + "".join(f", redraw {n}" for n in entry["redraws"])
                            + (f"; seen {', '.join(seen)}" if seen else ""), style=style("dim")))
    slots = []
    for s in b["slots"]:
        if s["deck"] is None:
            slots.append(f"{s['slot']} -")
        else:
            card = s["card"] or "face down"
            if s["card"] and not s["face_up"]:
                card += "*"
            slots.append(f"{s['slot']} {s['deck'][0]}:{card}")
    out.append(Text("Planning board (played in this order; * face down to the other seats):" if everything
                    else "Planning board (played in this order; * yours, face down to the others):"))
    for row in range(3):
        line = "  " + " | ".join(slots[3 * row:3 * row + 3])
        if len(line) > 80:
            out.append(Text("  " + " | ".join(slots[3 * row:3 * row + 2])))
            out.append(Text("    " + slots[3 * row + 2]))
        else:
            out.append(Text(line))
    for line in b["context"]:
        out.append(Text(line.strip() if not line.startswith("  ") else "  " + line.strip(),
                        style=style("bold")))
    return Text("\n").join(out)


def _square(view: dict, name: str) -> dict:
    return next(s for s in view["board"]["squares"] if s["name"] == name)


def move_detail(state: Any, action: int) -> str:
    """What a move does and costs, in a few words."""
    try:
        info = state.action_info(action)
    except ValueError:
        return ""
    kind = info["kind"]
    if kind == "plan":
        return f"to {info['slot']}: " + CARD_TEXT.get(info["card"], "")
    if kind == "set aside":
        return "discard it in the next redraw"
    if kind == "redraw":
        return f"1 fund: {info['cards']} new card{'s' if info['cards'] != 1 else ''}"
    if kind == "evolve":
        return EVOLVED_TEXT.get(info["card"], "")
    if kind == "command":
        return COMMAND_TEXT.get(info["command"], "")
    if kind == "mobilize":
        return "2 funds"
    view = state.view(state.current_player())
    if kind in ("move", "fire fighting"):
        to = _square(view, info["to"])
        if kind == "fire fighting":
            return f"2 funds: lava {to['lava']} -> {to['lava'] - 1} on {info['to']}"
        return f"{info['to']}: {to['citizens']} cit, lava {to['lava']}"
    if kind == "square":
        sq = _square(view, info["square"])
        return f"cit {sq['citizens']}, VIP {sq['vips']}, lava {sq['lava']}"
    if kind == "fire bomb":
        return f"on {info['square']}"
    if kind == "option" and "cost" in info:
        return f"{info['cost']} funds"
    return ""


def move_group(state: Any, action: int) -> str | None:
    """A short group label: the square a move starts from, the unit that fights a
    fire, the SDF given a command, the square of a fire bomb; None for the rest."""
    try:
        info = state.action_info(action)
    except ValueError:
        return None
    kind = info["kind"]
    if kind == "move":
        return f"from {info['from']}"
    if kind == "fire fighting":
        return f"{info['unit']} at {info['from']}"
    if kind == "command":
        return f"SDF at {info['square']}"
    if kind == "fire bomb":
        return f"fire bomb {info['square']}"
    if kind == "mobilize":
        return f"mobilize at {info['square']}"
    return None


def score_breakdown(state: Any, seat: int | None) -> Group | None:
    """Each track's cells by kind (public: the tracks, declared bonus tiles), its empty cells,
    and how the game is decided; None during set-up."""
    v = state.view(seat)
    b = v["board"]
    if v["round"] == 0:
        return None
    lines = []
    for key, side, rows in (("defense", "Humans", 3), ("damage", "Kaiju", 4)):
        t = b[key]
        cells = [c for col in t["columns"] for c in col]
        counts = {}
        for c in cells:
            if c != "empty":
                label = "bonus tile" if c.startswith("bonus") else c
                counts[label] = counts.get(label, 0) + 1
        parts = ", ".join(f"{n} lava" if label == "lava" else _n(n, label)
                          for label, n in counts.items()) or "nothing"
        lines.append(Text(f"{side:<6} ({key.capitalize()} track): {t['filled']}/{t['cells']} cells "
                          f"filled, {t['cells'] - t['filled']} empty"))
        lines.append(Text(f"  filled with {parts}"))
    if b["bonus_tiles"]["declared"]:
        lines.append(Text("Declared bonus tiles: " + ", ".join(b["bonus_tiles"]["declared"])))
    lines.append(Text("A full track wins at once (both full at once: the Kaiju)."))
    lines.append(Text(f"After round {b['rounds']}: fewer empty cells wins; a tie goes to the Kaiju."))
    if v["terminal"]:
        lines.append(Text(f"Winner: the {b['winner']}.", style="bold"))
    return Group(*lines)
