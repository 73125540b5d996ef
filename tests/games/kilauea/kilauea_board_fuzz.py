"""Kilauea-specific fuzz: mutations of real states' JSON that keep the 72 tikis and 16 stones
(a tiki moved between volcano, canoes, islands and forests; a stone between the crater and a
seat; a phase, the pawn, a turn flag, a tile's place or the tile being resolved changed), so that far more of them pass the
conservation checks than the generic fuzzer's (tests/robustness/state_fuzz.py). Every accepted
document must survive what the generic fuzzer asks (`survive`: resample, random play with a
reload of every state written, a short search of every agent).

    python kilauea_board_fuzz.py CASES SEED

Prints one line per problem (and the document on stderr) and a summary; exits 1 on a problem.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "robustness"))
from state_fuzz import check, real_states  # noqa: E402

COLOURS = ("red", "yellow", "green", "blue")
PHASES = ("move", "main", "cut2", "secondary", "target", "effect", "back", "over")


def _places(s: dict) -> list[tuple]:
    """Every place holding tikis of one colour: (kind, indices..., colour)."""
    places = [("volcano", k, c) for k in range(5) for c in range(4)]
    for p in range(len(s["players"])):
        places += [("canoe", p, c) for c in range(4)]
        places += [("island", p, k, c) for k in range(5) for c in range(4)]
    return places


def _cell(s: dict, place: tuple) -> tuple[list, int]:
    """The list and index holding `place`'s count."""
    if place[0] == "volcano":
        return s["volcano"][place[1]], place[2]
    if place[0] == "canoe":
        return s["players"][place[1]]["canoe"], place[2]
    return s["players"][place[1]]["island"][place[2]], place[3]


def _add(s: dict, place: tuple, delta: int) -> None:
    row, i = _cell(s, place)
    row[i] += delta


def _count(s: dict, place: tuple) -> int:
    row, i = _cell(s, place)
    return row[i]


def _move_tiki(s: dict, rng: random.Random) -> None:
    held = [p for p in _places(s) if _count(s, p) > 0]
    if held:
        source = rng.choice(held)
        target = rng.choice([p for p in _places(s) if p[-1] == source[-1]])
        _add(s, source, -1)
        _add(s, target, 1)


def _forest_tiki(s: dict, rng: random.Random) -> None:
    row = s["forests"][rng.randrange(5)]
    i = rng.randrange(len(row))
    if row[i] is not None:
        colour = COLOURS.index(row[i])
        _add(s, rng.choice([p for p in _places(s) if p[-1] == colour]), 1)
        row[i] = None
    else:
        held = [p for p in _places(s) if _count(s, p) > 0]
        if held:
            source = rng.choice(held)
            _add(s, source, -1)
            row[i] = COLOURS[source[-1]]


def _stone(s: dict, rng: random.Random) -> None:
    player = s["players"][rng.randrange(len(s["players"]))]
    if rng.random() < 0.5 and s["crater_stones"] > 0:
        s["crater_stones"] -= 1
        player["stones"] += 1
    elif player["stones"] > 0:
        s["crater_stones"] += 1
        player["stones"] -= 1


def _flag(s: dict, rng: random.Random) -> None:
    key = rng.choice(("phase", "canoe_pawn", "intermediate_scored", "coral_open", "hillside_open"))
    if key == "phase":
        s["phase"] = rng.choice(PHASES)
    elif key == "canoe_pawn":
        s["canoe_pawn"] = rng.randrange(-1, 10)
    elif key == "intermediate_scored":
        s[key] = not s[key]
    else:
        s["turn"][key] = not s["turn"][key]


def _tiles(s: dict, rng: random.Random) -> None:
    """Two tile places swapped, a tile unlocked this turn, or a tile being resolved."""
    kind = rng.randrange(3)
    if kind == 0:
        places = [(key, k) for key in ("reef_tiles", "forest_tiles", "hillside_tiles") for k in range(5)]
        (a, i), (b, j) = rng.sample(places, 2)
        s[a][i], s[b][j] = s[b][j], s[a][i]
    elif kind == 1:
        tile = rng.randint(1, 10)
        unlocked = s["turn"]["unlocked_tiles"]
        s["turn"]["unlocked_tiles"] = sorted(set(unlocked) ^ {tile})
    else:
        s["turn"]["resolving"] = f"{rng.choice(('coral', 'volcano'))} {rng.randint(1, 10)}"
        s["phase"] = rng.choice(("effect", "target", "secondary"))


def mutate(doc: dict, rng: random.Random) -> dict:
    """A copy of `doc` with one to three conservation-keeping edits."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.randint(1, 3)):
        rng.choice((_move_tiki, _forest_tiki, _stone, _flag, _tiles))(doc["state"], rng)
    return doc


def run(cases: int, seed: int) -> int:
    """Fuzz with `cases` mutated documents; print problems; return how many."""
    rng = random.Random(seed)
    documents = [json.loads(s.to_json()) for s in real_states("kilauea", rng, 60)]
    outcomes = {"refused": 0, "accepted": 0, "problem": 0}
    for case in range(cases):
        outcomes[check(mutate(rng.choice(documents), rng), seed + case, f"case {case}")] += 1
    print(f"SUMMARY kilauea board fuzz: {cases} cases, {outcomes['refused']} refused, "
          f"{outcomes['accepted']} accepted, {outcomes['problem']} problems", flush=True)
    return outcomes["problem"]

if __name__ == "__main__":
    sys.exit(1 if run(int(sys.argv[1]), int(sys.argv[2])) else 0)
