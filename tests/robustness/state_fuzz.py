"""Seeded mutation of real states' JSON: every mutated document must be refused with the
documented error, or accepted and then survive everything a user or a search may do.

Run as a program (the test runs it in a subprocess, so that a crash fails the test instead
of killing the run):

    python state_fuzz.py GAME CASES SEED [--setup]

With --setup every document is a set-up position or one of the first plies of play.

It prints one line per problem found and a summary line, and exits 1 if anything failed.
"""
from __future__ import annotations

import copy
import json
import random
import sys
from typing import Any

from vsai.ai import make_agent
from vsai.core import get_spec, load_game, state_from_json
from vsai.core.errors import VsaiError

from setup_phases import SETUP_PREDICATES, in_setup

EARLY_PLAY = 3      # plies of play after the set-up that count as "early play"
MIX = ("setup", "depth", "play", "depth")       # the kinds of state fuzzed, in turn
SETUP_MIX = ("setup", "setup", "setup", "play")  # with --setup

AGENTS = [("random", {}), ("heuristic", {}), ("mcts", {"iterations": 24}), ("pimc", {"iterations": 24}),
          ("ismcts", {"iterations": 24}), ("ismcts", {"iterations": 24, "mode": "mo"})]


def real_states(name: str, rng: random.Random, count: int, mix: tuple[str, ...] = MIX) -> list[Any]:
    """States of `name` from seeded random games at every player count, in turn of the kinds
    in `mix`: "depth" (a random depth up to 400 plies), "setup" (a random set-up position) or
    "play" (one of the first EARLY_PLAY plies of play)."""
    spec = get_spec(name)
    states = []
    while len(states) < count:
        game = load_game(name, players=rng.randint(spec.min_players, spec.max_players))
        state = game.new_initial_state()
        kind = mix[len(states) % len(mix)]
        if kind == "depth":
            for _ in range(rng.randint(0, 400)):
                if state.is_terminal():
                    break
                _random_step(state, rng)
            states.append(state)
            continue
        setup, play = [state.clone()], []
        while not state.is_terminal() and len(play) < EARLY_PLAY:
            _random_step(state, rng)
            (setup if in_setup(name, state) and not play else play).append(state.clone())
        states.append(rng.choice(setup if kind == "setup" or not play else play))
    return states


def _random_step(state: Any, rng: random.Random) -> None:
    """One seeded random action: a chance outcome by its probability, or a legal move."""
    outcomes = state.chance_outcomes() if state.is_chance_node() else None
    if outcomes:
        actions, probs = zip(*outcomes)
        state.apply_action(rng.choices(actions, probs)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def setup_fields(name: str, documents: list[dict]) -> set[str]:
    """The fields of the state that the set-up and the first plies of play change: those in
    which one of `documents` (drawn from there) differs from a new game's."""
    fields = set()
    for doc in documents:
        fresh = json.loads(load_game(name, **doc["params"]).new_initial_state().to_json())["state"]
        fields |= {key for key, value in doc["state"].items() if fresh.get(key) != value}
    return fields


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a leaf (or a list) in a JSON value."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


def _get(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(value: Any, path: tuple, new: Any) -> None:
    _get(value, path[:-1])[path[-1]] = new


def mutate(document: dict, rng: random.Random, focus: set[str] = frozenset()) -> tuple[dict, str]:
    """A copy of `document` with one to three small edits of its "state", and what they were;
    half the edits (if any are) are aimed at the fields in `focus`."""
    doc = copy.deepcopy(document)
    edits = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = _paths(doc["state"])
        aimed = [path for path in paths if path[0] in focus]
        if aimed and rng.random() < 0.5:
            paths = aimed
        if not paths:
            break
        path = ("state",) + rng.choice(paths)
        old = _get(doc, path)
        kind = rng.randrange(8)
        if isinstance(old, bool):
            new = not old
        elif isinstance(old, int) and kind < 5:
            new = rng.choice([old + 1, old - 1, old + rng.randint(2, 9), -1, 0, old * 2, 10**6, 2**31, -2**40])
        elif isinstance(old, list) and old and kind < 6:
            new = list(old)
            if kind < 3 and len(new) > 1:
                i, j = rng.sample(range(len(new)), 2)
                new[i], new[j] = new[j], new[i]
            elif kind < 5:
                new = new[:-1]
            else:
                new = new + [new[-1]]
        else:
            new = rng.choice([None, "x", 1.5, [], {}, True, -1, 10**30])
        _set(doc, path, new)
        edits.append(f"{'.'.join(map(str, path[1:]))}: {old!r:.40} -> {new!r:.40}")
    return doc, "; ".join(edits)


def survive(state: Any, seed: int) -> None:
    """Everything a user or a search may do with an accepted state; raises on any breach."""
    n = state.num_players()
    for seat in range(n):
        for k in range(2):
            other = state.resample(seat, seed + k)
            if other.observation_string(seat) != state.observation_string(seat):
                raise AssertionError(f"resample({seat}) changed what seat {seat} sees")
            if other.is_player_node() and other.current_player() == seat \
                    and other.legal_actions() != state.legal_actions():
                raise AssertionError(f"resample({seat}) changed seat {seat}'s legal moves")
            _play_out(other, seed + k, rejson=False)
    if state.is_player_node():
        game = load_game(state.GAME_NAME, **state.params())
        for name, options in AGENTS:
            action = make_agent(name, game, seed=seed, **options).step(state.clone())
            if action not in state.legal_actions():
                raise AssertionError(f"{name} chose {action}, not a legal move")
    _play_out(state.clone(), seed, rejson=True)


# With `rejson`, the states loaded back: the first REJSON_ALL after the accepted document,
# where what its edit changed is fresh, then one in REJSON_EVERY and the last. An edited value
# that the engine keeps writing wrong shows at every state until play overwrites it, so the
# sample still sees it; loading back every state of a game (600 in VEC) cost three quarters
# of the fuzz tests' time, and the round trip along unedited random games is each game's own
# test (tests/games/<game>/: json round trip).
REJSON_ALL = 40
REJSON_EVERY = 7


def _play_out(state: Any, seed: int, rejson: bool) -> None:
    """Random play to the end; with `rejson`, the states written are loaded back (see
    REJSON_ALL)."""
    rng = random.Random(seed)
    for ply in range(20000):
        if rejson and (ply < REJSON_ALL or ply % REJSON_EVERY == 0 or state.is_terminal()):
            again = state_from_json(state.to_json())
            if again != state:
                raise AssertionError("a state written by the engine loads back different")
        if state.is_terminal():
            returns = state.returns()
            if abs(sum(returns) - 1) > 1e-9 or min(returns) < 0:
                raise AssertionError(f"returns {returns} are not win shares")
            return
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            if abs(sum(probs) - 1) > 1e-9 or min(probs) <= 0:
                raise AssertionError("chance probabilities are not a distribution")
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            legal = state.legal_actions()
            if not legal:
                raise AssertionError("a player node with no legal action")
            state.apply_action(rng.choice(legal))
    raise AssertionError("the game did not end in 20000 actions")


def check(doc: dict, seed: int, label: str) -> str:
    """One mutated document: "refused" (with the documented error), "accepted" (and it survived
    everything) or "problem" (printed with `label`, the document on stderr)."""
    text = json.dumps(doc)
    try:
        state = state_from_json(text)
    except VsaiError:
        return "refused"
    except Exception as error:  # not the documented error
        print(f"PROBLEM {label} (load): {type(error).__name__}: {error}", flush=True)
        print(text, file=sys.stderr, flush=True)
        return "problem"
    print(f"{label} accepted", file=sys.stderr, flush=True)  # the last words of a crash
    try:
        survive(state, seed)
    except Exception as error:
        print(f"PROBLEM {label}: {type(error).__name__}: {error}", flush=True)
        print(text, file=sys.stderr, flush=True)
        return "problem"
    return "accepted"


def run(name: str, cases: int, seed: int, setup_only: bool = False) -> int:
    """Fuzz `name` with `cases` mutated documents (with `setup_only`, all from set-up positions
    and the first plies of play, else half of them); print problems; return how many."""
    rng = random.Random(seed)
    mix = SETUP_MIX if setup_only else MIX
    states = real_states(name, rng, max(8, cases // 20), mix)
    documents = [json.loads(s.to_json()) for s in states]
    focus = setup_fields(name, [doc for i, doc in enumerate(documents) if mix[i % len(mix)] != "depth"])
    in_setup_docs = sum(1 for doc in documents if SETUP_PREDICATES[name](doc["state"]))
    outcomes = {"refused": 0, "accepted": 0, "problem": 0}
    fuzzed_setup = 0
    for case in range(cases):
        original = rng.choice(documents)
        fuzzed_setup += SETUP_PREDICATES[name](original["state"])
        doc, edits = mutate(original, rng, focus)
        outcomes[check(doc, seed + case, f"{name} case {case} [{edits}]")] += 1
    print(f"SUMMARY {name}: {cases} cases, {outcomes['refused']} refused, {outcomes['accepted']} accepted, "
          f"{outcomes['problem']} problems; {fuzzed_setup} cases from {in_setup_docs} set-up positions "
          f"of {len(documents)}; set-up fields {sorted(focus)}", flush=True)
    return outcomes["problem"]


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), "--setup" in sys.argv[4:]) else 0)
