"""Fit the belief's `fitted` opponent model from self-play, and print how well it predicts.

The model (`vsai.ai.fitted_model`) is a multinomial logistic (softmax) policy over the mover's
legal actions: logit(a) = bias[a] + weights[a] . (x - m, m), where x is the part of the
mover's `observation_tensor` that another seat cannot see (its private features: its hand,
its planned cards, its objective...) and m their mean over that seat's redraws, what the
observer expects of them. Here it is fitted by maximum likelihood, L2-regularised, on the
moves of `ismcts` self-play games:

1. `--train` + `--test` seeded games between `ismcts` agents (`--iterations`); at every
   decision with a choice the mover's tensor, its mean over 4 redraws by another seat (the
   observer, by turns; `resample(observer)` keeps what it sees), the legal actions and the
   action played are kept (cached in `--cache`, so a refit with another `--l2` plays nothing).
2. The private features: the entries of the mover's tensor that differ between the true state
   and those redraws, over the first games' decisions.
3. The fit (L-BFGS, scipy) on the `--train` games; printed, per L2 strength, the mean
   log-likelihood per decision of the `--test` games (never fitted on) against the uniform
   model's (1 / legal actions) and against the same policy without the private features
   (its biases only: what the features add, which is what a belief reads), and which
   strength is kept.
4. With `--write`, the model is stored in the game's folder, `ext/<game>/opponent_model.json`,
   under its player count (a game's package data, read through its spec's `rules_package`).

Regenerate the shipped model, Eruption at 2 players (about 3 CPU-minutes; the defaults):

    nice -n 10 .venv/bin/python benchmarks/belief_fit.py --games eruption:2 --train 100 --test 25 \\
        --iterations 200 --l2 1,10,100 --maxiter 150 --write
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

from belief_features import games_between_ismcts
from selfplay import game_entries
from vsai.ai.base import mix_seed
from vsai.ai.fitted_model import FILE
from vsai.ai.model_files import write_model_entry

ROOT = Path(__file__).resolve().parent.parent
# Games whose decisions are searched for the private features (step 2).
_PRIVATE_GAMES = 3
# Redraws by the observer per decision: the private features' expectation from what the
# observer sees (and, in the first games, the search for the private features).
_REDRAWS = 4


def self_play(game, seed: int, iterations: int, private: set[int] | None):
    """The decisions with a choice of one seeded game between `ismcts` agents: yields
    (mover, the mover's tensor, the mean of its tensor over `_REDRAWS` redraws by an observer,
    legal actions, action played); the observer is another seat, by turns. With `private` (a
    set), the tensor entries that the redraws change are added to it."""
    players = game.num_players()
    for decisions, (state, mover, action) in enumerate(games_between_ismcts(game, seed, iterations)):
        tensor = np.asarray(state.observation_tensor(mover), dtype=np.float32)
        observer = (mover + 1 + decisions % (players - 1)) % players
        redraws = np.array([state.resample(observer, mix_seed(seed, 77, decisions, i)).observation_tensor(mover)
                            for i in range(_REDRAWS)], dtype=np.float32)
        if private is not None:
            private.update(np.flatnonzero((redraws != tensor).any(axis=0)).tolist())
        yield mover, tensor, redraws.mean(axis=0), state.legal_actions(), action


def collect(game, seeds: list[int], iterations: int) -> dict:
    """Decisions of the games `seeds`, with the private features found in the first ones:
    {"features", "x" (decisions x features: the mover's private features), "mean" (their mean
    over the observer's redraws), "legal" (flat), "offsets", "action", "game"}."""
    private: set[int] = set()
    full: list[tuple] = []
    rows: list[tuple] = []
    features: np.ndarray | None = None
    started = time.process_time()
    for k, seed in enumerate(seeds):
        searching = k < _PRIVATE_GAMES
        for mover, tensor, mean, legal, action in self_play(game, seed, iterations, private if searching else None):
            if searching:
                full.append((tensor, mean, legal, action, k))
            else:
                rows.append((tensor[features], mean[features], legal, action, k))
        if k + 1 == min(_PRIVATE_GAMES, len(seeds)):
            features = np.array(sorted(private), dtype=np.int64)
            rows = [(t[features], m[features], legal, a, g) for t, m, legal, a, g in full] + rows
            full = []
        if (k + 1) % 20 == 0:
            print(f"    {k + 1} games, {len(rows)} decisions ({time.process_time() - started:.0f} CPU s)",
                  flush=True)
    lengths = [len(row[2]) for row in rows]
    width = len(features)
    return {"features": features,
            "x": np.array([row[0] for row in rows], dtype=np.float32).reshape(len(rows), width),
            "mean": np.array([row[1] for row in rows], dtype=np.float32).reshape(len(rows), width),
            "legal": np.array([a for row in rows for a in row[2]], dtype=np.int64),
            "offsets": np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64),
            "action": np.array([row[3] for row in rows], dtype=np.int64),
            "game": np.array([row[4] for row in rows], dtype=np.int64)}


class Problem:
    """The softmax policy's negative log-likelihood and gradient over some decisions, with
    actions renumbered to the `actions` seen (an unseen action has weight 0)."""

    def __init__(self, data: dict, rows: np.ndarray, actions: np.ndarray, scale: np.ndarray | None = None,
                 with_mean: bool = False):
        # The private features' deviation from what the observer expects, then the expectation
        # (which carries what the observer sees, so the deviation's weights read only the
        # mover's private items)
        x, mean = data["x"][rows].astype(np.float64), data["mean"][rows].astype(np.float64)
        self.x = np.concatenate([x - mean, mean], axis=1) if with_mean else x - mean
        # Each feature in units of its spread, so that one L2 strength fits all of them (the
        # weights are stored divided by it: `unscaled`)
        self.scale = self.x.std(axis=0) if scale is None else scale
        self.scale[self.scale < 1e-9] = 1.0
        self.x /= self.scale
        index = {int(a): i for i, a in enumerate(actions)}
        legal = [[index.get(int(a), -1) for a in data["legal"][data["offsets"][r]:data["offsets"][r + 1]]]
                 for r in rows]
        width = max(len(each) for each in legal)
        self.k = len(actions)
        # Padded legal actions (the pad and unseen actions point at column k: fixed logit 0)
        self.legal = np.full((len(rows), width), self.k, dtype=np.int64)
        self.mask = np.zeros((len(rows), width), dtype=bool)
        self.chosen = np.zeros(len(rows), dtype=np.int64)
        for n, (r, each) in enumerate(zip(rows, legal)):
            self.legal[n, :len(each)] = [self.k if a < 0 else a for a in each]
            self.mask[n, :len(each)] = True
            self.chosen[n] = each.index(index.get(int(data["action"][r]), -1))
        self.uniform = float(np.mean(-np.log(self.mask.sum(axis=1))))

    def loglik(self, bias: np.ndarray, weights: np.ndarray) -> tuple[float, np.ndarray]:
        """The mean log-likelihood per decision, and the probabilities over the padded legal
        actions."""
        scores = np.concatenate([self.x @ weights.T + bias, np.zeros((len(self.x), 1))], axis=1)
        logits = np.take_along_axis(scores, self.legal, axis=1)
        logits[~self.mask] = -np.inf
        top = logits.max(axis=1, keepdims=True)
        logz = top[:, 0] + np.log(np.exp(logits - top).sum(axis=1))
        probs = np.exp(logits - logz[:, None])
        chosen = logits[np.arange(len(self.x)), self.chosen]
        return float(np.mean(chosen - logz)), probs

    def objective(self, theta: np.ndarray, l2: float, bias_l2: float, rank: int) -> tuple[float, np.ndarray]:
        """The negative total log-likelihood plus l2 (|U|^2 + |V|^2) / 2 and bias_l2 |biases|^2 / 2,
        and its gradient, for L-BFGS: the weights are U V, of rank `rank` (a few directions of
        the private features, shared by every action)."""
        f = self.x.shape[1]
        full = rank <= 0
        if full:  # the weights themselves: U = the weights, V = the identity, not fitted
            bias, u, v = theta[:self.k], theta[self.k:].reshape(self.k, f), np.eye(f)
        else:
            bias, u, v = _unpack(theta, self.k, f, rank)
        z = self.x @ v.T
        mean, probs = self.loglik(bias, u @ v)
        n = len(self.x)
        grad_scores = np.zeros((n, self.k + 1))
        rows = np.repeat(np.arange(n)[:, None], self.legal.shape[1], axis=1)
        grad_scores[rows[self.mask], self.legal[self.mask]] = probs[self.mask]
        grad_scores[np.arange(n), self.legal[np.arange(n), self.chosen]] -= 1.0
        grad_scores = grad_scores[:, :self.k]
        grad_u = grad_scores.T @ z + l2 * u
        grad_b = grad_scores.sum(axis=0) + bias_l2 * bias
        value = -mean * n + 0.5 * l2 * float((u ** 2).sum()) + 0.5 * bias_l2 * float((bias ** 2).sum())
        if full:
            return value, np.concatenate([grad_b, grad_u.ravel()])
        grad_v = (grad_scores @ u).T @ self.x + l2 * v
        value += 0.5 * l2 * float((v ** 2).sum())
        return value, np.concatenate([grad_b, grad_u.ravel(), grad_v.ravel()])


def _unpack(theta: np.ndarray, k: int, f: int, rank: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return theta[:k], theta[k:k + k * rank].reshape(k, rank), theta[k + k * rank:].reshape(rank, f)


def fit(train: Problem, l2: float, bias_l2: float, rank: int, iterations: int) -> tuple[np.ndarray, np.ndarray]:
    """The L2-regularised maximum-likelihood biases and weights (on the scaled features), the
    weights of rank `rank` (a seeded start: the same data, the same model)."""
    f = train.x.shape[1]
    if rank <= 0:  # full rank: a row of weights an action
        start = np.zeros(train.k * (1 + f))
    else:
        start = np.random.default_rng(0).normal(0.0, 0.01, train.k * (1 + rank) + rank * f)
        start[:train.k] = 0.0
    result = minimize(train.objective, start, args=(l2, bias_l2, rank), jac=True, method="L-BFGS-B",
                      options={"maxiter": iterations})
    if rank <= 0:
        return result.x[:train.k], result.x[train.k:].reshape(train.k, f)
    bias, u, v = _unpack(result.x, train.k, f, rank)
    return bias, u @ v


def write_model(name: str, players: int, entry: dict) -> Path:
    """Store `entry` under `players` in ext/<name>/opponent_model.json (other counts kept)."""
    return write_model_entry(ROOT / "ext" / name / FILE, players,
                             "The belief's fitted opponent model (vsai.ai.fitted_model), per player "
                             "count; written by benchmarks/belief_fit.py --write.", entry)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="eruption:2")
    parser.add_argument("--train", type=int, default=100, help="self-play games fitted on")
    parser.add_argument("--test", type=int, default=25, help="other games, held out")
    parser.add_argument("--iterations", type=int, default=200, help="the ismcts players' iterations")
    parser.add_argument("--l2", default="1,10,100",
                        help="L2 strengths on the weights tried, comma-separated (features in units of their spread)")
    parser.add_argument("--bias-l2", type=float, default=10.0, help="L2 strength on the biases")
    parser.add_argument("--rank", type=int, default=0,
                        help="rank of the weights (directions of the features shared by the actions); 0: full")
    parser.add_argument("--with-mean", action="store_true",
                        help="the features' mean over the redraws as features too (the context the observer sees)")
    parser.add_argument("--maxiter", type=int, default=150, help="L-BFGS iterations")
    parser.add_argument("--cache", default="/tmp/vsai-belief-fit", help="folder of the played decisions")
    parser.add_argument("--write", action="store_true", help="store the kept model in ext/<game>/")
    args = parser.parse_args()
    for name, players, game in game_entries(args.games):
        cache = Path(args.cache) / f"centred-{name}-{players}-{args.train}-{args.test}-{args.iterations}.npz"
        started = time.process_time()
        if cache.exists():
            data = dict(np.load(cache))
        else:
            seeds = list(range(1000, 1000 + args.train + args.test))
            data = collect(game, seeds, args.iterations)
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.savez_compressed(cache, **data)
        train_rows = np.flatnonzero(data["game"] < args.train)
        test_rows = np.flatnonzero(data["game"] >= args.train)
        seen = np.unique(np.concatenate([data["legal"][data["offsets"][r]:data["offsets"][r + 1]]
                                         for r in train_rows]))
        train = Problem(data, train_rows, seen, with_mean=args.with_mean)
        test = Problem(data, test_rows, seen, train.scale, with_mean=args.with_mean)
        print(f"{name} {players}p: {len(train_rows)} decisions fitted ({args.train} games), "
              f"{len(test_rows)} held out ({args.test} games); {len(data['features'])} private "
              f"features, {len(seen)} actions ({time.process_time() - started:.0f} CPU s)", flush=True)
        # What the private features add: the same policy without them (biases only)
        blind = [Problem({**data, "x": data["x"][:, :0], "mean": data["mean"][:, :0]}, rows, seen)
                 for rows in (train_rows, test_rows)]
        blind_bias, blind_weights = fit(blind[0], 1.0, args.bias_l2, 0, args.maxiter)
        blind_held, _ = blind[1].loglik(blind_bias, blind_weights)
        print(f"    biases only (no private features): held-out {blind_held:+.4f} a decision "
              f"(uniform {test.uniform:+.4f})", flush=True)
        best = None
        for l2 in (float(v) for v in args.l2.split(",")):
            bias, weights = fit(train, l2, args.bias_l2, args.rank, args.maxiter)
            fitted, _ = train.loglik(bias, weights)
            held, _ = test.loglik(bias, weights)
            print(f"    L2 {l2:g}: held-out log-likelihood {held:+.4f} a decision (uniform "
                  f"{test.uniform:+.4f}, gain {held - test.uniform:+.4f}); fitted games "
                  f"{fitted - train.uniform:+.4f}; over biases only {held - blind_held:+.4f} ({time.process_time() - started:.0f} CPU s)", flush=True)
            if best is None or held > best[0]:
                best = (held, l2, bias, weights)
        held, l2, bias, weights = best
        print(f"    kept L2 {l2:g}: held-out gain over uniform {held - test.uniform:+.4f} nats a decision")
        if args.write:
            model = {"iterations": args.iterations, "games": args.train, "l2": l2, "bias_l2": args.bias_l2, "rank": args.rank,
                     "heldout_gain": round(held - test.uniform, 4),
                     "features": [int(i) for i in data["features"]],
                     "centred": True, "with_mean": args.with_mean,
                     "actions": [int(a) for a in seen],
                     "bias": [round(float(v), 4) for v in bias],
                     "weights": [[round(float(v), 5) for v in row] for row in weights / train.scale]}
            print(f"    written to {write_model(name, players, model).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
