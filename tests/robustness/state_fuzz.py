"""Seeded mutation of real states' JSON: every mutated document must be refused with the
documented error, or accepted and then survive everything a user or a search may do.

Run as a program (the test runs it in a subprocess, so that a crash fails the test instead
of killing the run):

    python state_fuzz.py GAME CASES SEED

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

AGENTS = [("random", {}), ("heuristic", {}), ("mcts", {"iterations": 24}), ("pimc", {"iterations": 24}),
          ("ismcts", {"iterations": 24}), ("ismcts", {"iterations": 24, "mode": "mo"})]


def real_states(name: str, rng: random.Random, count: int) -> list[Any]:
    """States of `name` from seeded random games, at every depth and player count."""
    spec = get_spec(name)
    states = []
    while len(states) < count:
        game = load_game(name, players=rng.randint(spec.min_players, spec.max_players))
        state = game.new_initial_state()
        stop = rng.randint(0, 400)
        for _ in range(stop):
            if state.is_terminal():
                break
            outcomes = state.chance_outcomes() if state.is_chance_node() else None
            if outcomes:
                actions, probs = zip(*outcomes)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


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


def mutate(document: dict, rng: random.Random) -> tuple[dict, str]:
    """A copy of `document` with one to three small edits of its "state", and what they were."""
    doc = copy.deepcopy(document)
    edits = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = _paths(doc["state"])
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


def _play_out(state: Any, seed: int, rejson: bool) -> None:
    """Random play to the end; with `rejson`, every state written is loaded back."""
    rng = random.Random(seed)
    for _ in range(20000):
        if rejson:
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


def run(name: str, cases: int, seed: int) -> int:
    """Fuzz `name` with `cases` mutated documents; print problems; return how many."""
    rng = random.Random(seed)
    documents = [json.loads(s.to_json()) for s in real_states(name, rng, max(8, cases // 20))]
    outcomes = {"refused": 0, "accepted": 0, "problem": 0}
    for case in range(cases):
        doc, edits = mutate(rng.choice(documents), rng)
        outcomes[check(doc, seed + case, f"{name} case {case} [{edits}]")] += 1
    print(f"SUMMARY {name}: {cases} cases, {outcomes['refused']} refused, {outcomes['accepted']} accepted, "
          f"{outcomes['problem']} problems", flush=True)
    return outcomes["problem"]

if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])) else 0)
