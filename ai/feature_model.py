"""The feature opponent model of a belief (`model=features`): how likely what a seat saw of
another seat's move is in one world, under move-feature counts learned from self-play.

Counted in `ismcts` self-play (`benchmarks/belief_features.py --write`): at every decision
with a choice, for every other seat (the observer), what the observer saw of the move
(`move_key`: its action key, or for a move it sees whole, its kind and card or tile) against
the mover's items hidden from the observer (`features`: `hidden_items`, only the items whose
name matches the game's pattern, e.g. a player's planned cards, each value split into
tokens). A world's score of a seen key is the naive-Bayes sum over the mover's features f in
that world of ln(P(f | key) / P(f)), P(f | key) smoothed towards P(f) by `prior`
pseudo-counts, times `shrink` (the features are not independent: the plain sum is
overconfident) and divided by the belief's temperature (1 keeps the shipped shrink). The
filter mixes it with its uniform floor (`ParticleFilter.observe_scored`).

Each game keeps its counts, one entry per player count, in its own package as
`feature_model.json` (package data, found through its spec's `rules_package` like
`ladder.json`): the framework names no game. A game or player count without one has no
feature model (the belief then uses the evaluation model).

The model reads only the worlds it is given (full states from the seat's belief) and what the
seat saw of the move: the real state never reaches it. It reads the worlds' items in Python
(`hidden_items`, through the views): about 1-2 ms a distinct world, less where the model
names the views' `parts` that hold its items.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vsai.ai.model_files import state_model
from vsai.core.hidden import hidden_items

if TYPE_CHECKING:
    from vsai.ext.state import State

# The file in a game's package.
FILE = "feature_model.json"


def move_key(state: State, observer: int, key: int, coarse: bool = True) -> str:
    """What is counted of a move the observer saw as `key` at `state` (the state before it):
    the key, or with `coarse`, for a move the observer sees whole (its key is a legal action
    it sees as itself), its kind and card or tile from `action_info` (the same move in other
    places counts as one)."""
    if coarse and key in state.legal_actions() and state.action_key(observer, key) == key:
        info = state.action_info(key)
        thing = info.get("card", info.get("tile"))
        return f"{info.get('kind')}|{thing.get('name') if isinstance(thing, dict) else thing}"
    return str(key)


def features(state: State, mover: int, observer: int, items: re.Pattern | None = None,
             parts: tuple[str, ...] | None = None) -> set[str]:
    """The mover's items hidden from the observer whose name (numbers removed) matches `items`
    (None: all of them), as "item name|token" features; `parts`, the views' keys to read
    (None: all; `hidden_items`)."""
    out = set()
    for item, value in hidden_items(state, mover, observer, parts).items():
        name = re.sub(r"\(\d+\)|\d+", "", item).strip()
        if items is None or items.search(name):
            out.update(f"{name}|{token}" for token in value.split(", "))
    return out


@dataclass
class Counts:
    """Counts of keys, features and both, over observed decisions."""

    keys: Counter = field(default_factory=Counter)  # by `move_key`
    pairs: Counter = field(default_factory=Counter)
    features: Counter = field(default_factory=Counter)
    decisions: int = 0

    def add(self, key: str, seen: set[str]) -> None:
        """One observed decision: its key and the mover's features."""
        self.keys[key] += 1
        self.decisions += 1
        for f in seen:
            self.pairs[(key, f)] += 1
            self.features[f] += 1

    def log_ratio(self, key: str, seen: set[str], prior: float) -> float:
        """Sum over the features of ln(P(f | key) / P(f)), P(f | key) smoothed towards P(f)."""
        total = 0.0
        for f in seen:
            p_f = (self.features[f] + 1) / (self.decisions + 2)
            p_f_key = (self.pairs[(key, f)] + prior * p_f) / (self.keys[key] + prior)
            total += math.log(p_f_key / p_f)
        return total

    def to_dict(self) -> dict:
        """JSON-ready: {"decisions", "keys", "features", "pairs": {key: {feature: n}}}."""
        pairs: dict[str, dict[str, int]] = {}
        for (key, f), n in sorted(self.pairs.items()):
            pairs.setdefault(key, {})[f] = n
        return {"decisions": self.decisions, "keys": dict(sorted(self.keys.items())),
                "features": dict(sorted(self.features.items())), "pairs": pairs}

    @staticmethod
    def from_dict(entry: dict) -> "Counts":
        """The counts from `to_dict`."""
        pairs = Counter({(key, f): n for key, row in entry["pairs"].items() for f, n in row.items()})
        return Counts(Counter(entry["keys"]), pairs, Counter(entry["features"]), int(entry["decisions"]))


@dataclass(frozen=True)
class FeatureModel:
    """A game's counts at one player count, with the items read, the smoothing and shrink."""

    counts: Counts
    items: re.Pattern | None
    shrink: float
    prior: float
    coarse: bool = True
    parts: tuple[str, ...] | None = None   # the views' keys that hold the items (None: all)

    @staticmethod
    def from_dict(entry: dict) -> "FeatureModel":
        """The model from its JSON entry (`benchmarks/belief_features.py --write`)."""
        items = entry.get("items") or None
        parts = entry.get("parts") or None
        return FeatureModel(Counts.from_dict(entry["counts"]), re.compile(items) if items else None,
                            float(entry["shrink"]), float(entry["prior"]), bool(entry.get("coarse", True)),
                            tuple(parts) if parts else None)

    def scores(self, worlds: list[tuple[State, float]], player: int, seat: int, key: int,
               temperature: float) -> list[float | None] | None:
        """Each world's score of what `seat` saw as `key` of `player`'s move (module
        docstring); None for a world without weight or where `player` is not to act (the
        filter drops it). None in all, when no world gives `player` a choice: a forced move
        tells nothing. Equal worlds (a refill's copies) are read once."""
        live = [world if weight > 0.0 and world.current_player() == player else None
                for world, weight in worlds]
        distinct = list(dict.fromkeys(world for world in live if world is not None))
        if not any(len(world.legal_actions()) > 1 for world in distinct):
            return None
        # What is counted of the move is the same in every world that can play it: read from
        # the first that shows it whole, if any does (one that cannot play it is dropped).
        plain = str(key)
        counted = next((c for c in (move_key(w, seat, key, self.coarse) for w in distinct) if c != plain), plain)
        read = {world: self.shrink * self.counts.log_ratio(
                    counted, features(world, player, seat, self.items, self.parts), self.prior) / temperature
                for world in distinct}
        return [None if world is None else read[world] for world in live]


def feature_model(state: State) -> FeatureModel | None:
    """The feature model of `state`'s game at its player count, or None when its game ships
    none (read once, from the game's package)."""
    return state_model(state, FILE, FeatureModel.from_dict)


def describe(items: str, parts: list[str] | None, shrink: float, prior: float, coarse: bool,
             counts: Counts, about: dict[str, Any]) -> dict:
    """A JSON entry of a model (`FeatureModel.from_dict` reads it); `about` says how it was made."""
    return {"items": items, "parts": parts, "shrink": shrink, "prior": prior, "coarse": coarse,
            "made": about, "counts": counts.to_dict()}
