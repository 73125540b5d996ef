"""Helpers for the Vulcanus tests: games played through the public API, positions via JSON."""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations
from math import factorial, prod
from pathlib import Path

from vsai.core.registry import load_game
from vsai.ext.errors import InvalidStateError

SQ = {name: i for i, name in enumerate((
    "Ikebukuro", "Waseda", "Ueno", "Shinjuku", "Ichigaya", "Akihabara", "Harajuku", "Akasaka",
    "Kasumigaseki", "Tokyo", "Shibuya", "Roppongi", "Shimbashi", "Ginza", "Ebisu", "Shinagawa",
    "Shiba", "Tsukiji"))}


def random_step(state, rng: random.Random) -> None:
    """One random move, or a chance outcome drawn by its probability."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_until(state, predicate, rng: random.Random, limit: int = 20000):
    """Random play until predicate(state) holds (or the game ends); returns the state."""
    for _ in range(limit):
        if predicate(state) or state.is_terminal():
            return state
        random_step(state, rng)
    return state


def first_chance(state, text_prefix: str = "") -> None:
    """Apply the first chance outcome (whose text starts with text_prefix)."""
    for a, _ in state.chance_outcomes():
        if state.action_to_string(a).startswith(text_prefix):
            state.apply_action(a)
            return
    raise AssertionError(f"no chance outcome {text_prefix!r}: "
                         f"{[state.action_to_string(a) for a, _ in state.chance_outcomes()]}")


def setup_default(players: int = 2, disaster: int = 0, roles=None, tiles=None, turn_cap: int = 6,
                  fb: str = "Kasumigaseki", sdf: str = "Waseda", kaiju: str = "Shibuya"):
    """A game past set-up in the default layout: tiles dealt in their listed order (unless
    `tiles` maps a square to a tile name), bonus tiles Shinjuku/Shibuya/Ikebukuro/Ueno drawn,
    Ueno put back, Vulcanus in Shibuya, roles in the listed order, fire brigade in
    Kasumigaseki and SDF in Waseda (V15)."""
    game = load_game("vulcanus", players=players, disaster=disaster, turn_cap=turn_cap)
    s = game.new_initial_state()
    tiles = tiles or {}
    while s.is_chance_node() and s.action_to_string(s.chance_outcomes()[0][0]).startswith("tile"):
        square = s.action_to_string(s.chance_outcomes()[0][0]).split(" on ")[-1]
        if square in tiles:
            s.apply_action(f"tile {tiles[square]} on {square}")
        else:
            free = [a for a, _ in s.chance_outcomes()
                    if s.action_to_string(a).split(" on ")[0][5:] not in tiles.values()]
            s.apply_action(free[0])
    for _ in range(4):
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action("put back bonus tile Ueno 2")
    s.apply_action(f"Vulcanus starts in {kaiju}")
    groups = 3 if players == 4 else 2
    for g in range(groups):
        role = (roles or ("Fire Chief", "Chief of Staff", "Research Director"))[g]
        s.apply_action(f"role {role}")
    s.apply_action(f"fire brigade and base start in {fb}")
    s.apply_action(f"SDF and base start in {sdf}")
    return s


def draw_wanted(state, wanted: list) -> None:
    """At a draw chance node: draw the wanted cards first (by name), then the first outcomes."""
    wanted = list(wanted)
    while state.is_chance_node():
        texts = {state.action_to_string(a): a for a, _ in state.chance_outcomes()}
        for name in list(wanted):
            if f"draw {name}" in texts:
                state.apply_action(texts[f"draw {name}"])
                wanted.remove(name)
                break
        else:
            state.apply_action(state.chance_outcomes()[0][0])


def plan(state, groups: list, kaiju: list, order: str | None = None) -> None:
    """Plan a round through the public API: each letter group draws its cards (the named ones
    first) and plans them in order; the arrangement `order` (default identity); the Kaiju
    draws and plans `kaiju`. Ends at the first decision of the Execution phase."""
    for cards in groups:
        draw_wanted(state, cards)
        for name in cards:
            state.apply_action(f"plan {name}")
    letters = "ABC"[:len(groups)]
    state.apply_action("board order " + " ".join(order or letters))
    draw_wanted(state, kaiju)
    for name in kaiju:
        state.apply_action(f"plan {name}")


def data(state) -> dict:
    """The state's JSON body (`to_dict`, the protocol's plain data of it: equal to the "state"
    of `to_json`, at a third of the cost of writing and reading the text)."""
    return state.to_dict()


def with_data(state, **fields):
    """A copy of `state` with struct fields replaced (dict values set single entries)."""
    game = load_game("vulcanus", **state.params())
    d = json.loads(state.to_json())
    for key, value in fields.items():
        if isinstance(value, dict):
            for i, v in value.items():
                d["state"][key][i] = v
        else:
            d["state"][key] = value
    # the filled-cell counters follow the tracks
    d["state"]["defense_filled"] = sum(1 for x in d["state"]["defense_track"] if x)
    d["state"]["damage_filled"] = sum(1 for x in d["state"]["damage_track"] if x)
    return game.state_from_json(json.dumps(d))


def kaiju_hand_twin(state):
    """A copy of `state` (the Kaiju holding cards) in which the Kaiju's first hand card and a
    card of another kind still in its deck have swapped places: what only the Kaiju may see."""
    d = data(state)
    hand = [c for c in range(27, 39) if d["card_zones"][c] == 2]
    deck = [c for c in range(27, 39) if d["card_zones"][c] == 1 and d["card_types"][c] != d["card_types"][hand[0]]]
    return with_data(state, card_types={hand[0]: d["card_types"][deck[0]], deck[0]: d["card_types"][hand[0]]})


def history_probe():
    """The test-only module that runs the engine's hidden-information code in parts: the
    consistency check in its two halves, the table of allowed deals, resample under other caps."""
    from compiled import compiled_module
    vulcanus = ["ext/vulcanus/" + name
                for name in ("data.pxd", "actions.pxd", "rules.pxi", "stages.pxi", "codec.pxi", "hidden.pxi")]
    return compiled_module(Path(__file__).resolve().parent / "history_probe.pyx",
                           ["ext/state.pxd", "ext/rng.pxd", "ext/bits.pxd"] + vulcanus, include=("ext/vulcanus",), optimise="-O1")


def hidden_deal(d, cards):
    """The hidden cards' types per place (layer, hand, set aside, discard, slot)."""
    places = {}
    for c in cards:
        if d["card_knowledge_blocks"][c] != -1:
            key = (d["card_zones"][c], d["card_positions"][c]) if d["card_zones"][c] in (1, 5) else (d["card_zones"][c], 0)
            places.setdefault(key, []).append(d["card_types"][c])
    return tuple(sorted((k, tuple(sorted(v))) for k, v in places.items()))


def all_hidden_deals(d, cards):
    """Every way to put the deck's hidden types back on its hidden places."""
    hidden = [c for c in cards if d["card_knowledge_blocks"][c] != -1]
    places = {}
    for c in hidden:
        key = (d["card_zones"][c], d["card_positions"][c]) if d["card_zones"][c] in (1, 5) else (d["card_zones"][c], 0)
        places.setdefault(key, []).append(c)
    keys = sorted(places)
    pool = Counter(d["card_types"][c] for c in hidden)

    def fill(i, left):
        if i == len(keys):
            yield ()
            return
        n = len(places[keys[i]])
        for combo in set(combinations(sorted(left.elements()), n)):
            for rest in fill(i + 1, left - Counter(combo)):
                yield ((keys[i], combo),) + rest
    for deal in fill(0, pool):
        yield deal, places


def labelled_deals(deal) -> int:
    """The labelled deals (types on the hidden cards) of a class of all_hidden_deals: per
    place, the ways to arrange its multiset of types."""
    return prod(factorial(len(types)) // prod(factorial(k) for k in Counter(types).values())
                for _, types in deal)


def allowed_hidden_deals(state, cards) -> tuple[dict, int]:
    """The classes of all_hidden_deals the loader accepts (the record allows them), found
    without the engine's resample, each with its labelled deals; and how many it refused."""
    game = load_game("vulcanus", **state.params())
    body = json.loads(state.to_json())
    allowed, refused = {}, 0
    for deal, places in all_hidden_deals(data(state), cards):
        for key, types in deal:
            for card, t in zip(places[key], types):
                body["state"]["card_types"][card] = t
        try:
            game.state_from_json(json.dumps(body))
        except InvalidStateError as error:
            assert "no history" in str(error)
            refused += 1
            continue
        allowed[tuple(sorted(deal))] = labelled_deals(deal)
    return allowed, refused
