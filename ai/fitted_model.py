"""The fitted opponent model of a belief (`model=fitted`): how likely another seat's move is
in one world, under a policy fitted to self-play.

A multinomial logistic (softmax) policy over the mover's legal actions in the world:
logit(a) = bias[a] + weights[a] . (x - m), where x is the mover's private features in that
world, the entries of its `observation_tensor` that another seat cannot see (its hand, planned
cards, objective...), and m their mean over the belief's worlds, what the seat expects of them:
the weights read only how a world's private items differ from the seat's expectation, not the
context the seat sees (optionally m is a feature too, `with_mean`). It is fitted by maximum likelihood, L2-regularised, on the moves of
`ismcts` self-play games (`benchmarks/belief_fit.py`, which prints its held-out
log-likelihood against the uniform model's), and mixed with the belief's uniform floor like
the other models. A world whose private items make the real move likely gains weight.

Each game keeps its models, one per player count, in its own package as `opponent_model.json`
(package data, found through its spec's `rules_package` like `ladder.json`): the framework
names no game. A game or player count without one has no fitted model (the belief then uses
the evaluation model).

The model reads only the world it is given, a full state from the seat's belief, through the
mover's observation there: the real state never reaches it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from vsai.ai.opponent_model import legal_choice
from vsai.ai.model_files import state_model

if TYPE_CHECKING:
    from vsai.ext.state import State

# The file in a game's package.
FILE = "opponent_model.json"


@dataclass(frozen=True)
class FittedModel:
    """A fitted softmax policy (module docstring): `features` are the tensor entries read,
    `rows[a]` is action a's row of `bias` and `weights` (the last row, all 0, for an action
    never seen in the fit). With `centred`, a row's weights read x - m, the private features'
    deviation from their mean m over the worlds, and with `with_mean` m too, (x - m, m)."""

    features: np.ndarray
    rows: np.ndarray
    bias: np.ndarray
    weights: np.ndarray
    centred: bool = False
    with_mean: bool = False

    @staticmethod
    def from_dict(entry: dict) -> "FittedModel":
        """The model from its JSON entry (`benchmarks/belief_fit.py --write`)."""
        actions = [int(a) for a in entry["actions"]]
        features = np.array(entry["features"], dtype=np.int64)
        centred = bool(entry.get("centred", False))
        with_mean = centred and bool(entry.get("with_mean", False))
        width = len(features) * (2 if with_mean else 1)
        weights = np.array(entry["weights"], dtype=np.float64).reshape(len(actions), width)
        rows = np.full(max(actions) + 2, len(actions), dtype=np.int64)
        rows[actions] = np.arange(len(actions))
        return FittedModel(features,
                           rows,
                           np.append(np.array(entry["bias"], dtype=np.float64), 0.0),
                           np.vstack([weights, np.zeros((1, width))]),
                           centred, with_mean)

    def private(self, world: State, player: int) -> np.ndarray:
        """The player's private features in `world` (the entries of its observation read)."""
        return np.asarray(world.observation_tensor(player), dtype=np.float64)[self.features]

    def policy(self, world: State, player: int, temperature: float, floor: float,
               mean: np.ndarray | None = None, x: np.ndarray | None = None) -> list[float] | None:
        """The probabilities of `player`'s legal actions in `world` (in their order): the
        softmax of the logits at `temperature`, mixed with a uniform `floor`; None when
        `player` is not to act there with a choice (the caller's default applies). `mean` is
        the private features' mean over the belief's worlds (a centred model; without it, the
        world's own, so the deviation is 0); `x` the world's features, if already read."""
        legal = legal_choice(world, player)
        if legal is None:
            return None
        n = len(legal)
        if x is None:
            x = self.private(world, player)
        if self.centred:
            expected = x if mean is None else mean
            x = np.concatenate([x - expected, expected]) if self.with_mean else x - expected
        rows = self.rows[np.minimum(legal, len(self.rows) - 1)]
        z = (self.bias[rows] + self.weights[rows] @ x) / temperature
        p = np.exp(z - z.max())
        p = (1.0 - floor) * p / p.sum() + floor / n
        return p.tolist()


def fitted_model(state: State) -> FittedModel | None:
    """The fitted model of `state`'s game at its player count, or None when its game ships
    none (read once, from the game's package)."""
    return state_model(state, FILE, FittedModel.from_dict)


def fitted_policies(model: FittedModel, worlds: list[tuple[State, float]], player: int,
                    temperature: float, floor: float) -> list[list[float] | None]:
    """`model.policy` in every world of a belief (None for a world without weight); equal
    worlds (a refill's copies) share one. A centred model's mean is that of the private
    features over the worlds with weight where `player` is to act (copies counted): what the
    seat expects of them."""
    read: dict[State, np.ndarray] = {}
    for world, weight in worlds:
        if weight > 0.0 and world.current_player() == player and world not in read:
            read[world] = model.private(world, player)
    alive = [read[w] for w, weight in worlds if weight > 0.0 and w in read]
    mean = np.mean(alive, axis=0) if alive else None
    shared: dict[State, list[float] | None] = {}
    result: list[list[float] | None] = []
    for world, weight in worlds:
        if weight <= 0.0:
            result.append(None)
            continue
        if world not in shared:
            shared[world] = model.policy(world, player, temperature, floor, mean, read.get(world))
        result.append(shared[world])
    return result
