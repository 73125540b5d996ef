"""VEC's board for the terminal, its move details and groups, and the scoring breakdown.

Used through the spec's `render_module` by `vsai.ext.ui.render`. Everything drawn for a seat
comes from `state.view(seat)` (rules.md "View"), so it shows only what that seat may know.
Every line fits 80 columns.
"""
from __future__ import annotations

import textwrap
from typing import Any

from rich.text import Text

# 76 columns: the board is drawn in a frame on an 80-column terminal.
WIDTH = 76
_COLOURS = {"red": "bold red", "blue": "bold blue", "green": "bold green", "purple": "bold magenta",
            "yellow": "bold yellow", "grey": "bold bright_black"}


# ---------------------------------------------------------------- texts
# The key a seat gets for another seat's sealed bid (KEY_SEALED_BID in rules.pxi): any other
# key for a bid is an open one, whose amounts the seat sees (tests/games/vec pins the value).
SEALED_BID_KEY = 100020


def hidden_move_text(mover: int, text: str, key: int | None = None) -> str:
    """VEC's hidden moves in words: card draws, dealt objectives, bids, a kept card.

    Exchanges of ink for special ink are never seen, so they are left out; a bid's amounts
    show once the bids are revealed (its `key` is then not the sealed bid's). (A sealed bid
    reads "a sealed bid": tests/cli/test_cli_visibility.py pins that text; the board says
    "committed a sealed bid".)"""
    shown = text.split(", ", 1)[1] if text.startswith("exchange ") and ", " in text else text
    if shown.startswith("add "):
        return shown                            # the special ink shows, the exchanges do not
    if shown.startswith("bid "):
        return "a sealed bid" if key is None or key == SEALED_BID_KEY else shown
    for prefix, words in (("deal objective", "deal a secret objective"), ("draw ", "draw a card"),
                          ("keep ", "keep a card face down"),
                          ("renounce ", "renounce an unseen face-down card"),
                          ("quill on own ", "quill on an unseen face-down card")):
        if text.startswith(prefix):
            return words
    return "a random draw you cannot see" if mover < 0 else "a move you cannot see"


def _wrap(text: str, indent: str = "    ") -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [""]


def _seat_name(seat: int | None) -> str:
    return "-" if seat is None else f"P{seat + 1}"


def _card(card: dict, mark: int | None = None, action: bool = True) -> str:
    """A card with its action and current strength (unless not `action`: then its name), quills
    and ink."""
    text = card["name"]
    shown = [card["action"]] + ([f"str {card['strength']}"] if card.get("strength") is not None else []) if action else []
    if shown:
        text += f" ({', '.join(shown)})"
    if card["quills"]:
        text += f" {_seat_name(card['quill_owner'])} quill" + (" x2" if card["quills"] > 1 else "")
    if card["ink"]:
        text += f" +{card['ink']} ink"
    if mark is not None and card["id"] == mark:
        text += " <- last move"
    return text


def _unseen(card: dict) -> str:
    text = f"unseen {card['color']} card"
    if card["keep_time"]:
        text += f" (kept #{card['keep_time']})"
    if card["quills"]:
        text += f" {_seat_name(card['quill_owner'])} quill" + (" x2" if card["quills"] > 1 else "")
    return text


def _objective(objective: dict | None) -> str:
    if objective is None:
        return "hidden"
    return f"#{objective['id'] + 1} {objective['type']}: " + " ".join(objective["colors"])


def hidden_facts(state: Any, owner: int, observer: int) -> list[tuple[str, str]]:
    """What `owner` sees of its own and `observer` does not, one fact each: its objective
    ("P2's objective is", "#2 Elf: blue green purple yellow"), its ink and special ink and the
    special ink left in its box ("P2 has", "3 ink"), the cards it keeps face down or is
    drawing that `observer` cannot name ("P2 keeps face down", "red Vampire Love Story"), and
    its sealed bid ("P2 bid", "2 ink and 1 special ink"). What each seat knows of the decks is
    knowledge, not something a seat holds, and is left out."""
    if owner == observer:
        return []
    mine, theirs = state.view(owner)["board"], state.view(observer)["board"]
    me, seen = mine["seats"][owner], theirs["seats"][owner]
    who = me["name"]
    facts: list[tuple[str, str]] = []
    if me["objective"] is not None and seen["objective"] is None:
        facts.append((f"{who}'s objective is", _objective(me["objective"])))
    if me["ink"] is not None and seen["ink"] is None:
        facts += [(f"{who} has", f"{me['ink']} ink"), (f"{who} has", f"{me['special_ink']} special ink"),
                  (f"{who} has", f"{me['special_ink_in_box']} special ink in the box")]
    named = {card["id"] for card in theirs["displays"][owner]["face_down"]}
    facts += [(f"{who} keeps face down", card["name"]) for card in mine["displays"][owner]["face_down"]
              if card["id"] not in named]
    drawing, drawn = mine["drawing"], theirs["drawing"]
    if drawing is not None and drawing["player"] == owner:
        named = {card["id"] for card in (drawn or {}).get("cards", [])}
        facts += [(f"{who} is drawing", card["name"]) for card in drawing["cards"] if card["id"] not in named]
    test, told = mine["strength_test"], theirs["strength_test"]
    if test is not None and told is not None:
        for part, other in zip(test["participants"], told["participants"]):
            if part["seat"] == owner and part["bid_ink"] is not None and other["bid_ink"] is None:
                facts.append((f"{who} bid", f"{part['bid_ink']} ink and {part['bid_special_ink']} special ink"))
    return facts


def _seat_lines(seat_view: dict, score: int | None, you: int | None) -> list[str]:
    """A seat's line: objective, ink as `you` may know it, and `score` (VP) when given."""
    q = seat_view["seat"]
    head = f"{seat_view['name']}" + (" (you)" if q == you else "")
    head += f": objective {_objective(seat_view['objective'])}"
    if seat_view["ink"] is not None:
        ink = (f"{seat_view['ink']} ink, {seat_view['special_ink']} special ink "
               f"({seat_view['special_ink_in_box']} in the box)")
    else:
        ink = _bid_worth(seat_view)
    points = f"; {score} VP" if score is not None else ""
    return _wrap(f"{head}; {ink}{points}")


def _bid_worth(seat_view: dict) -> str:
    """An opponent's ink as its worth in a bid (ink 1, special ink 3, rules "Strength"): only
    the ink value (ink + 4 x special ink, unchanged by the secret exchanges) and bounds on the
    special ink are public, so the worth is a range: value - special, for special in bounds."""
    low, high = seat_view["special_ink_min"], seat_view["special_ink_max"]
    special = f"{low}..{high}" if high > low else f"{low}"
    return f"ink worth {_worth(seat_view)} in a bid, special ink {special}"


def _worth(seat_view: dict) -> str:
    """An opponent's ink as its worth in a bid, "9" or a range "5..6" (see `_bid_worth`)."""
    low, high = seat_view["special_ink_min"], seat_view["special_ink_max"]
    value = seat_view["ink_value"]
    return f"{value - high}..{value - low}" if high > low else f"{value - low}"


def _short_seat_line(seat_view: dict, score: int | None, you: int | None) -> str:
    """A seat whose ink is known, in one line: "P1 (you): Vampire: red ...; 3 ink, 2 special"."""
    objective = seat_view["objective"]
    goal = "objective hidden" if objective is None else f"{objective['type']}: " + " ".join(objective["colors"])
    line = (f"{seat_view['name']}" + (" (you)" if seat_view["seat"] == you else "")
            + f": {goal}; {seat_view['ink']} ink, {seat_view['special_ink']} special"
            + (f"; {score} VP" if score is not None else ""))
    box = f" ({seat_view['special_ink_in_box']} in the box)"
    return line + box if len(line + box) <= WIDTH and score is None else line


def _strength_lines(test: dict | None, brief: bool = False) -> list[str]:
    """The card acting and, once the bids are shown, one confrontation line; `brief` (the
    compact board): a participant's bid only on the confrontation line."""
    if not test:
        return []
    shown = brief and bool(test.get("outcome"))
    lines = _wrap(("Acting: " if test["active"] else "Last action: ")
                  + f"{_seat_name(test['actor'])} {test['action']} with {test['card']['name']}")
    for part in test["participants"]:
        who = f"  {_seat_name(part['seat'])} {part['card']['name']}: +{part['special_points']} special"
        if part["strength"] is not None:
            who += ("" if shown else f", bid {part['bid_ink']} ink + {part['bid_special_ink']} special,") + \
                f"{',' if shown else ''} strength {part['strength']}"
        else:
            who += f", base {part['base_strength']}"
            if part["sealed"]:
                who += (f", bid {part['bid_ink']} ink + {part['bid_special_ink']} special (sealed)"
                        if part["bid_ink"] is not None else ", committed a sealed bid")
        lines += _wrap(who, "      ")
    left = f"points left: {test['points_left']}" if test["active"] and test["points_left"] else ""
    if test.get("outcome"):  # the points left on the outcome's line, which says how many there were
        lines += _wrap("  => " + confrontation_line(test) + (f"; {left}" if left else ""), "     ")
    elif left:
        lines.append(f"  {left}")
    return lines


def confrontation_line(test: dict) -> str:
    """Both bids, both strengths and the outcome of a revealed strength test."""
    parts = test["participants"]
    bids = " vs ".join(f"{_seat_name(p['seat'])} {p['bid_ink']}+{p['bid_special_ink']}sp"
                       f" = {p['strength']}" for p in parts)
    if test["action"] == "Retrieve drops":
        return (f"{bids}: {_seat_name(test['actor'])} retrieves {parts[0]['strength'] // 2} ink "
                "(fewer if the reserve ran short)")
    return f"{bids}: {test['outcome']}"


def _text(lines: list[str]) -> Text:
    text = Text("\n".join(lines))
    for colour, style in _COLOURS.items():
        text.highlight_regex(rf"\b{colour}\b", style)
    text.highlight_regex(r"(?m)^.*\(you\).*$", "bold cyan")
    text.highlight_regex(r"(?m)^you are P\d+$", "bold cyan")
    text.highlight_regex(r"\bhidden\b|\bunseen\b|\bsealed\b", "italic")
    text.highlight_regex(r"<- last move", "reverse")
    return text


# ---------------------------------------------------------------- the board
def board(state: Any, seat: int | None, hidden_information: bool, last_move: int | None = None,
          compact: bool = False, everything: bool = False) -> Text:
    """What `seat` may see, within 80 columns: seats, Ideas Area, displays, NOVEL, piles and
    the strength test; the card of `last_move` (a player action id) is marked.

    `compact` (a short terminal): the same facts in fewer lines, the most needed first (the
    status, your objective and ink, the others' ink, a test or draw under way, the NOVEL, the
    Ideas Area, your display, the others'), one line a display. `everything` (a spectator
    only: watch mode, replay): every seat's objective, ink, face-down cards and sealed bids,
    each under its own seat, from each seat's own view."""
    view = _everything_view(state) if everything else state.view(seat)
    mark = _marked_card(last_move)
    return _text(_compact_lines(view, mark) if compact else _full_lines(view, mark))


def _everything_view(state: Any) -> dict:
    """The spectator's view with each seat's secrets filled in from that seat's own view: its
    objective, ink and VP, its display's face-down cards, its bid, the cards it draws."""
    view = state.view(None)
    game = view["board"]
    own = [state.view(q) for q in range(view["players"])]
    for q, seen in enumerate(own):
        game["seats"][q] = seen["board"]["seats"][q]
        game["displays"][q] = seen["board"]["displays"][q]
        view["seats"][q] = seen["seats"][q]
    test = game["strength_test"]
    if test:
        test["participants"] = [
            next(p for p in own[part["seat"]]["board"]["strength_test"]["participants"]
                 if p["seat"] == part["seat"]) for part in test["participants"]]
    if game["drawing"]:
        game["drawing"] = own[game["drawing"]["player"]]["board"]["drawing"]
    view["everything"] = True
    return view


def _status(view: dict) -> str:
    """The turn, the first player, the step and who acts."""
    game = view["board"]
    to_act = "chance" if view["chance"] else ("nobody" if view["terminal"] else _seat_name(view["to_play"]))
    return (f"VEC {view['players']}p, turn {view['round']}/{game['turn_cap']}, first "
            f"{_seat_name(game['first_player'])}, {view['phase']}, to act: {to_act}")


def _scores_shown(view: dict) -> list:
    """Each seat's VP when the board shows them: at the end, or everything for a spectator."""
    shown = view["terminal"] or view.get("everything")
    return [common["score"] if shown else None for common in view["seats"]]


def _full_lines(view: dict, mark: int | None) -> list[str]:
    """The whole board, a section a heading, a card a line."""
    game = view["board"]
    lines = _wrap(_status(view))
    if view["seat"] is not None:
        lines.append(f"you are {_seat_name(view['seat'])}")
    for seat_view, score in zip(game["seats"], _scores_shown(view)):
        lines += _seat_lines(seat_view, score, view["seat"])
    lines.append("Ideas Area:")
    lines += [line for c in game["ideas"] for line in _wrap("  " + _card(c, mark), "      ")]
    if game["ideas_due"]:
        lines += _wrap("  still to draw: " + ", ".join(game["ideas_due"]))
    for display in game["displays"]:
        q = display["seat"]
        lines.append(f"{_seat_name(q)} display ({len(display['face_up'])} face up):")
        lines += [line for c in display["face_up"] for line in _wrap("  up   " + _card(c, mark), "        ")]
        lines += [line for c in display["face_down"] for line in _wrap("  down " + _card(c, mark), "        ")]
        lines += [line for c in display["face_down_unseen"] for line in _wrap("  down " + _unseen(c), "        ")]
    lines.append("NOVEL:")
    for j, card in enumerate(game["novel"]):
        lines += _wrap(f"  {j + 1}: {_novel_card(card, mark)}", "       ")
    lines += _wrap("Decks: " + ", ".join(f"{c} {k}" for c, k in game["decks"].items()))
    if game["discards"]:
        lines += _wrap("Discards: " + ", ".join(c["name"] for c in game["discards"]))
    if game["objective_deck"] is not None:
        seen = ", ".join(_objective(o) for o in game["objective_discards"])
        lines += _wrap(f"Objective deck: {game['objective_deck']} cards"
                       + (f"; discarded: {seen}" if seen else ""))
    lines += _drawing_lines(game, mark)
    lines += _strength_lines(game["strength_test"])
    if view["terminal"]:
        lines += _wrap("Final: " + ", ".join(f"{_seat_name(s['seat'])} {s['score']} VP" for s in view["seats"]))
    return lines


def _novel_card(card: dict | None, mark: int | None) -> str:
    """A NOVEL place: its card and who put special ink on it, or "empty"."""
    if card is None:
        return "empty"
    ink = ", ".join(f"{_seat_name(int(q))} x{k}" for q, k in card["special_ink"].items())
    return _card(card, mark) + (f" [special ink {ink}]" if ink else "")


def _drawing_lines(game: dict, mark: int | None) -> list[str]:
    """A Research or starting draw under way, and a robbed player moving a quill."""
    lines = []
    drawing = game["drawing"]
    if drawing:
        seen = ", ".join(_card(c, mark) for c in drawing["cards"])
        lines += _wrap(f"{_seat_name(drawing['player'])} draws from the {drawing['deck']} deck"
                       + (f": {seen}" if seen else "")
                       + (f" ({drawing['unseen_count']} unseen)" if drawing["unseen_count"] else ""))
    if game.get("robbed"):
        lines.append(f"{_seat_name(game['robbed']['player'])} was robbed and moves a quill "
                     f"with {game['robbed']['carried_ink']} ink")
    return lines


def _compact_lines(view: dict, mark: int | None) -> list[str]:
    """The board in the fewest lines, the most needed first (a cut to fit takes the last)."""
    game = view["board"]
    you = view["seat"]
    lines = _wrap(_status(view))
    scores = _scores_shown(view)
    for seat_view, score in zip(game["seats"], scores):
        if seat_view["ink"] is not None:
            lines += _wrap(_short_seat_line(seat_view, score, you))
    others = [s for s in game["seats"] if s["ink"] is None]
    if others:
        lines += _wrap("Others' ink in a bid (ink 1, special 3): "
                       + ", ".join(f"{s['name']} {_worth(s)}" for s in others))
    lines += _strength_lines(game["strength_test"], brief=True) + _drawing_lines(game, mark)
    if any(card is not None for card in game["novel"]):
        lines += _wrap("NOVEL: " + " · ".join(f"{j + 1} {_novel_card(c, mark)}"
                                               for j, c in enumerate(game["novel"])))
    testing = bool(game["strength_test"] and game["strength_test"]["active"])
    if (game["ideas"] or game["ideas_due"]) and not testing:  # no move in a strength test takes an idea
        # Without their actions: a quill's group of moves names the idea's action.
        lines += _wrap("Ideas: " + " · ".join(_card(c, mark, action=False) for c in game["ideas"])
                       + (f" (still to draw: {', '.join(game['ideas_due'])})" if game["ideas_due"] else ""))
    filled = [d for d in game["displays"] if d["face_up"] or d["face_down"] or d["face_down_unseen"]]
    lines += [line for d in filled if d["seat"] == you for line in _wrap(_display_line(d, mark))]
    others = [d for d in filled if d["seat"] != you]
    if others:  # the others' displays in one line (`board` shows them whole)
        lines.append(_others_displays_line(others))
    if view["terminal"]:
        lines += _wrap("Final: " + ", ".join(f"{_seat_name(s['seat'])} {s['score']} VP" for s in view["seats"]))
    return lines


def _display_line(display: dict, mark: int | None) -> str:
    """A display in one (wrapped) line: "P2 up: ... · down: ..., 2 unseen (red, blue)", the
    face-down cards by name (a move on one names its action and strength)."""
    parts = [_card(c, mark) for c in display["face_up"]]
    line = f"{_seat_name(display['seat'])} up: " + (", ".join(parts) if parts else "none")
    down = [_card(c, mark, action=False) for c in display["face_down"]]
    unseen = display["face_down_unseen"]
    if unseen:
        down.append(f"{len(unseen)} unseen (" + ", ".join(_unseen(c)[len("unseen "):].replace(" card", "")
                                                        for c in unseen) + ")")
    whole = line + (" · down: " + ", ".join(down) if down else "")
    if len(_wrap(whole)) <= _DISPLAY_LINES:
        return whole
    # A long face-down pile by type, what a card's strength counts (`board` names them all).
    count = len(display["face_down"]) + len(unseen)
    kinds = [kind for kind in ("Vampire", "Elf", "Cthulhu")
             if any(kind in c["name"] for c in display["face_down"])]
    by_kind = ", ".join(f"{sum(kind in c['name'] for c in display['face_down'])} {kind}" for kind in kinds)
    return line + f" · down: {count} cards" + (f" ({by_kind}" + (f", {len(unseen)} unseen)" if unseen else ")")
                                                  if by_kind else "")


# The lines your display takes at most on the compact board before its face-down cards are
# counted by type instead of named.
_DISPLAY_LINES = 3


def _others_displays_line(displays: list[dict]) -> str:
    """Other seats' displays in one line of at most WIDTH columns: their face-up cards by name
    and how many lie face down ("P2 up: red Elf Comedy, 2 down · P3 ..."), else only the
    counts ("P2 1 up, 2 down · P3 ...")."""
    def down(display: dict) -> int:
        return len(display["face_down"]) + len(display["face_down_unseen"])

    named = " · ".join(f"{_seat_name(d['seat'])} up: " + (", ".join(c["name"] for c in d["face_up"]) or "none")
                       + (f", {down(d)} down" if down(d) else "") for d in displays)
    if len(named) <= WIDTH:
        return named
    return " · ".join(f"{_seat_name(d['seat'])} {len(d['face_up'])} up, {down(d)} down" for d in displays)


def _marked_card(last_move: int | None) -> int | None:
    """The card a player action names, if any (only cards the view shows get marked)."""
    if last_move is None:
        return None
    from vsai.ext.vec.engine import decode
    try:
        _, values = decode(last_move)
    except ValueError:
        return None
    return values.get("card")


# ---------------------------------------------------------------- moves
def move_detail(state: Any, action: int) -> str:
    """The effect and cost of a move in a few words."""
    info = state.action_info(action)
    kind = info["kind"]
    card = info.get("card")
    if kind == "quill_on_idea":
        return (f"steal it: {info['cost_ink']} ink" if info.get("steal") else
                f"costs {info['cost_ink']} ink" if info.get("cost_ink") else "no ink") + \
            (f"; {card['action']}" if card else "")
    if kind in ("activate", "renounce", "quill_on_own_card", "nominate", "oppose", "compare_with"):
        return f"{card['action']}, strength {card['strength']}" if card and card.get("strength") is not None \
            else (card["action"] if card else "")
    if kind == "bid":
        text = f"strength +{info['gain_strength']}"
        if info.get("exchanges"):
            text += f"; first {info['ink_exchanged']} ink -> {info['exchanges']} special"
        return text
    if "gain_points" in info:
        return f"+{info['gain_points']} special point" + ("s" if info["gain_points"] > 1 else "")
    if "cost_points" in info:
        return f"costs {info['cost_points']} of {info['points_left']} points"
    if kind == "add_special_ink":
        text = f"{info['special_ink']} special ink on the card"
        if info.get("exchanges"):
            text += f"; first {info['ink_exchanged']} ink -> {info['exchanges']} special"
        return text
    if kind == "replace_novel_card":
        return f"replaces {info['replaced']['name']}, which moves"
    if kind in ("keep_face_down", "keep_face_up"):
        return card["action"] if card else ""
    return ""


def move_group(state: Any, action: int) -> str:
    """A short group label so that a long list becomes two short steps."""
    info = state.action_info(action)
    kind = info["kind"]
    if kind == "quill_on_idea":
        return f"idea {info['card']['name']} ({info['card']['action']})"
    if kind == "bid":                   # up to 625 bids: 25 groups by ink of at most 25
        return f"bid {info['ink']} ink"
    if kind == "add_special_ink":
        return "exchange ink first" if info.get("exchanges") else "special ink"
    return kind.replace("_", " ")


# ---------------------------------------------------------------- scoring
def score_breakdown(state: Any, seat: int) -> Text:
    """Each visible objective and the points it makes from each NOVEL card (C3): a color of
    the objective 1 (2 in its position), doubled with the seat's own special ink; 1 per card
    of its type. Other seats' objectives only once public (the end)."""
    view = state.view(seat)
    lines: list[str] = ["Scoring (NOVEL as it stands):"]
    for seat_view in view["board"]["seats"]:
        objective = seat_view["objective"]
        q = seat_view["seat"]
        if objective is None:
            lines.append(f"{_seat_name(q)}: objective hidden")
            continue
        lines += _wrap(f"{_seat_name(q)}: objective {_objective(objective)}")
        total = 0
        for j, card in enumerate(view["board"]["novel"]):
            if card is None:
                continue
            items = []
            points = 0
            if card["color"] in objective["colors"]:
                right = objective["colors"][j] == card["color"]
                value = 2 if right else 1
                why = "color in its position" if right else "color"
                if card["special_ink"].get(str(q)):
                    value *= 2
                    why += ", own special ink"
                items.append(f"{why} {value}")
                points += value
            if card["type"] == objective["type"]:
                items.append("type 1")
                points += 1
            total += points
            lines += _wrap(f"  {j + 1}: {card['name']}: " + (", ".join(items) if items else "0")
                           + (f" = {points}" if len(items) > 1 else ""), "       ")
        lines.append(f"  total {total} VP")
    if view["terminal"]:
        scores = [s["score"] for s in view["seats"]]
        best = max(scores)
        winners = [_seat_name(q) for q, s in enumerate(scores) if s == best]
        lines.append(("Winner: " if len(winners) == 1 else "Shared win: ") + ", ".join(winners)
                     + f" with {best} VP (ties share the win)")
    return _text(lines)
