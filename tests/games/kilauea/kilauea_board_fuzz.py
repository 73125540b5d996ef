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

PHASES = ("move", "main", "cut2", "secondary", "target", "effect", "back", "over")
STAGES = {name: k for k, name in enumerate(("forest", "tiles", "start", "draft") + PHASES)}


def _places(s: dict) -> list[tuple[str, int]]:
    """Every count of tikis of one colour: (field, index); the colour is index % 4 in each
    (volcano 4 * sector + colour, canoe_tikis 4 * seat + colour, island_tikis 20 * seat +
    4 * sector + colour)."""
    seats = s["players"]
    return ([("volcano", k) for k in range(20)] + [("canoe_tikis", k) for k in range(4 * seats)]
            + [("island_tikis", k) for k in range(20 * seats)])


def _move_tiki(s: dict, rng: random.Random) -> None:
    held = [p for p in _places(s) if s[p[0]][p[1]] > 0]
    if held:
        source = rng.choice(held)
        target = rng.choice([p for p in _places(s) if p[1] % 4 == source[1] % 4])
        s[source[0]][source[1]] -= 1
        s[target[0]][target[1]] += 1


def _forest_tiki(s: dict, rng: random.Random) -> None:
    f = rng.randrange(5)
    i = 11 * f + rng.randrange(11 if f < 2 else 10)      # F3..F5 have no c3
    if s["forests"][i] >= 0:
        target = rng.choice([p for p in _places(s) if p[1] % 4 == s["forests"][i]])
        s[target[0]][target[1]] += 1
        s["forests"][i] = -1
    else:
        held = [p for p in _places(s) if s[p[0]][p[1]] > 0]
        if held:
            source = rng.choice(held)
            s[source[0]][source[1]] -= 1
            s["forests"][i] = source[1] % 4


def _stone(s: dict, rng: random.Random) -> None:
    seat = rng.randrange(s["players"])
    if rng.random() < 0.5 and s["crater_stones"] > 0:
        s["crater_stones"] -= 1
        s["holy_stones"][seat] += 1
    elif s["holy_stones"][seat] > 0:
        s["crater_stones"] += 1
        s["holy_stones"][seat] -= 1


def _flag(s: dict, rng: random.Random) -> None:
    key = rng.choice(("stage", "canoe_pawn", "intermediate_scored", "coral_open", "hillside_open"))
    if key == "stage":
        s["stage"] = STAGES[rng.choice(PHASES)]
    elif key == "canoe_pawn":
        s["canoe_pawn"] = rng.randrange(-1, 10)
    else:
        s[key] = 1 - s[key]


def _tiles(s: dict, rng: random.Random) -> None:
    """Two tile places swapped, a tile unlocked this turn, or a tile being resolved."""
    kind = rng.randrange(3)
    if kind == 0:
        places = [(key, k) for key in ("reef_tiles", "forest_tiles", "hillside_tiles") for k in range(5)]
        (a, i), (b, j) = rng.sample(places, 2)
        s[a][i], s[b][j] = s[b][j], s[a][i]
    elif kind == 1:
        s["unlocked_tiles"][rng.randrange(10)] ^= 1
    else:
        s["resolving"] = rng.randrange(20)
        s["stage"] = STAGES[rng.choice(("effect", "target", "secondary"))]


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
