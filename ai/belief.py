"""Beliefs of worlds: what a seat may infer about hidden information from everything it saw.

A `SeatBelief` is a particle filter (POMCP, Silver & Veness 2010) of full states consistent
with what one seat has seen, weighted by how well each world explains the other seats' moves
(the C part is `vsai.ext.belief.ParticleFilter`):
- every real move is pushed through every world; the seat knows only its `action_key` of
  a move, so in each world a move (or chance outcome) with that key is drawn, and a world
  without one is dropped;
- another seat's move multiplies a world's weight by the move's likelihood under an opponent
  model: a softmax, at `temperature`, of the mover's one-ply evaluation after each legal move
  (the `heuristic` agent's look-ahead, Macondo's inference), with a uniform floor `floor`
  mixed in so that a surprising move never rules out the truth; or, with `model="search"`,
  a softmax of the values of a small search for the mover in each world (`vsai.ai.opponent_model`,
  Cowling, Powley & Whitehouse 2015), with the same floor; or, with `model="fitted"`, a
  softmax policy over the mover's private features fitted to self-play
  (`vsai.ai.fitted_model`; the evaluation model where the game ships none); or, with
  `model="features"`, a naive-Bayes score of what the seat saw of the move given the mover's
  hidden items in each world, from counts learned in self-play (`vsai.ai.feature_model`;
  the evaluation model where the game ships none);
- a chance outcome multiplies it by the outcome's probability in that world.

Refill: when the effective sample size falls below `min_ess` of the particles (or that of
the distinct worlds below 4, or none is left), the worlds are redrawn by weight (systematic
resampling) to at most 4 times the distinct worlds' effective sample size, and the rest (at least a share `refresh`) are fresh `state.resample(seat)`
worlds, so that copies of a few worlds do not crowd the belief. A fresh world has no history likelihood:
the engine cannot replay how a redrawn world came about, so it gets the mean weight, like the
resampled ones. That share is a prior mixed back in, a second floor next to `floor`.

`BeliefTracker` keeps the beliefs of the seats an agent plays, from the moves it is told
(`Agent.inform_action`). It remembers of each move the mover, every seat's key of it and the
state before it, so a belief made later (the first decision of a seat) replays what that seat
saw; a belief reads those states only through `resample(seat)` (its refills), which redraws
everything the seat cannot see, so nothing hidden from the seat reaches it.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vsai.ai.base import choice_option, float_option, int_option, mix_seed
from vsai.ai.feature_model import feature_model
from vsai.ai.opponent_model import search_policies
from vsai.core.hidden import hidden_facts
from vsai.ext.ui.hooks import seat_label
from vsai.ext.belief import ParticleFilter, mix_seeds

if TYPE_CHECKING:
    from vsai.ext.state import State

# Rounds of fresh redraws tried when no world explains a move (SeatBelief._redraw_explaining).
_REDRAW_ROUNDS = 16
# A belief whose distinct worlds weigh as fewer than this many is refilled (copies of a few
# worlds made by a refill would otherwise never diversify).
_MIN_DISTINCT = 4

def on_off(value: Any) -> str:
    """The `belief` option's checker: "on" or "off" (also true/false, yes/no, 1/0)."""
    text = str(value).strip().lower()
    if text in ("on", "true", "yes", "1"):
        return "on"
    if text in ("off", "false", "no", "0"):
        return "off"
    raise ValueError("must be on or off")


# The agents' options of a belief (SearchAgent: belief=on, particles, temperature, floor).
BELIEF_OPTIONS = {
    "particles": int_option(1, 100_000),
    "temperature": float_option(1e-4, 100.0),
    "floor": float_option(0.0, 1.0),
    "model": choice_option("eval", "search", "fitted", "features"),
    "model_iterations": int_option(1, 10_000),
}


# The search model's default temperature. Its move values come from a few dozen iterations,
# noisy by about 0.1: at the eval model's 0.05 the softmax turns that noise into weights and
# costs the truth 0.2-0.5 nats per observed move; at 0.5 it costs 0.01-0.05 (belief_quality.py
# --one-step, docs/belief-figures.md).
SEARCH_TEMPERATURE = 0.5
# The fitted model's default temperature: its logits are fitted as they are (1 keeps them).
FITTED_TEMPERATURE = 1.0
# The feature model's default temperature: its scores carry the shrink the game ships (1
# keeps it).
FEATURES_TEMPERATURE = 1.0


@dataclass(frozen=True)
class BeliefSettings:
    """The settings of a belief: particle count, the opponent model's softmax temperature
    (in units of the evaluation, which is in [0, 1]) and uniform floor, and the refill rule."""

    particles: int = 128
    temperature: float = 0.05
    floor: float = 0.2
    min_ess: float = 0.5    # refill below this share of the particles
    refresh: float = 0.1    # share of fresh redraws at a refill
    model: str = "eval"     # the opponent model: "eval" (one-ply softmax), "search", "fitted" or "features"
    model_iterations: int = 32  # iterations of the search model's search in each world

    @staticmethod
    def from_options(options: dict) -> "BeliefSettings":
        """The settings from checked agent options (missing ones at their defaults; the
        search model's temperature defaults to SEARCH_TEMPERATURE, the fitted one's to
        FITTED_TEMPERATURE, the feature one's to FEATURES_TEMPERATURE)."""
        default = BeliefSettings()
        model = options.get("model", default.model)
        warmth = {"search": SEARCH_TEMPERATURE, "fitted": FITTED_TEMPERATURE,
                  "features": FEATURES_TEMPERATURE}.get(model, default.temperature)
        return BeliefSettings(options.get("particles", default.particles),
                              options.get("temperature", warmth),
                              options.get("floor", default.floor),
                              model=model,
                              model_iterations=options.get("model_iterations", default.model_iterations))


class SeatBelief:
    """One seat's weighted worlds, carried forward with each real move (see the module)."""

    def __init__(self, seat: int, start: State, seed: int, settings: BeliefSettings,
                 reference: bool = False):
        """`reference=True` is the slow reference path (the filter without its shortcuts and
        the plain effective size): the same worlds and weights, for tests."""
        self.seat = seat
        self.settings = settings
        self.seed = seed
        self.reference = reference
        self._refills = 0
        self._searches = 0       # moves pushed through the search model (its seeds)
        worlds = [start.resample(seat, s) for s in mix_seeds((seed, 0), settings.particles)]
        self.filter = ParticleFilter(worlds, seat, mix_seed(seed, 1), settings.temperature,
                                     settings.floor, shortcuts=not reference)
        self.observed = 0        # moves observed
        self.seconds = 0.0       # time spent observing them
        self._checked_at = -1    # `observed` at the last worlds_at: asked again, nothing to do

    def observe(self, state: State | None, player: int, key: int) -> None:
        """One real move: `player` played what the seat saw as `key`. `state` (the state
        before the move, or None when replaying) is used only through `resample(seat)`, for
        refills."""
        started = time.perf_counter()
        low = self.filter.ess < self.settings.min_ess * self.settings.particles  # cheap, in C
        if low and (state is not None or self.filter.alive):
            self.refill(state)
        if self._push(player, key) == 0 and state is not None:
            self._redraw_explaining(state, player, key)
        self.observed += 1
        self.seconds += time.perf_counter() - started

    def worlds_at(self, state: State) -> list[tuple[State, float]]:
        """The weighted worlds at `state`, the seat's present: worlds whose observation
        differs from the seat's (and, at the seat's decision, whose legal actions differ) are
        dropped (an action key does not carry everything: sealed bids are revealed together),
        and the belief is refilled from `state.resample(seat)` when too few are left. Asked
        again before another move, it gives the same worlds: a refill is not drawn twice, so a
        player who asks for a hint twice reads the same chances."""
        if self._checked_at == self.observed:
            return self.filter.worlds()
        alive = self.filter.alive
        if state.current_player() == self.seat:
            alive = self.filter.keep_if(self.seat, list(state.legal_actions()))
        if alive:
            alive = self.filter.drop_unlike(self.seat, state.observation_string(self.seat), state)
        if alive == 0:
            self.refill(state, fresh_only=True)
        elif self._low():
            self.refill(state)
        self._checked_at = self.observed
        return self.filter.worlds()

    @property
    def cost_per_move(self) -> float:
        """Mean seconds spent per observed move."""
        return self.seconds / self.observed if self.observed else 0.0

    def refill(self, state: State | None, fresh_only: bool = False) -> None:
        """Redraw the worlds by weight and mix in fresh redraws of `state` (module docstring)."""
        n = self.settings.particles
        if state is None:  # replaying the past: no present to redraw from
            fresh = 0
        elif fresh_only or self.filter.alive == 0:
            fresh = n
        else:  # at least `refresh`, and no more copies than 4 times the distinct worlds' ESS
            fresh = max(1, round(n * self.settings.refresh), n - round(4 * self.effective_size()))
        self._refills += 1
        worlds = self.filter.resampled(n - fresh)
        worlds += [state.resample(self.seat, s) for s in mix_seeds((self.seed, 2, self._refills), fresh)]
        self.filter.replace(worlds)

    def _redraw_explaining(self, state: State, player: int, key: int) -> None:
        """No world explains the move (e.g. a public move shows cards no world dealt): fresh
        redraws of `state`, pushed through the move, until a quarter of the particles explain
        it or `_REDRAW_ROUNDS` rounds have been drawn (rejection sampling)."""
        kept: list[tuple[State, float]] = []
        for _ in range(_REDRAW_ROUNDS):
            self.refill(state, fresh_only=True)
            if self._push(player, key):
                kept += self.filter.worlds()
            if len(kept) * 4 >= self.settings.particles:
                break
        if kept:
            kept = kept[:self.settings.particles]
            self.filter.replace([w for w, _ in kept], [w for _, w in kept])

    def _push(self, player: int, key: int) -> int:
        """Every world through one real move, under the settings' opponent model; returns how
        many worlds explain it."""
        if self.settings.model == "search" and player >= 0 and player != self.seat:
            self._searches += 1
            policies = search_policies(self.filter.indexed_worlds(), player,
                                       self.settings.model_iterations, self.settings.temperature,
                                       self.settings.floor,
                                       mix_seed(self.seed, 5, self._searches))
            return self.filter.observe_with(player, key, policies)
        if self.settings.model == "fitted" and player >= 0 and player != self.seat:
            # Imported here: the fitted model needs numpy, which `vsai play` otherwise never loads.
            from vsai.ai.fitted_model import fitted_model, fitted_policies
            worlds = self.filter.indexed_worlds()
            model = fitted_model(worlds[0][0])
            if model is not None:
                policies = fitted_policies(model, worlds, player, self.settings.temperature,
                                           self.settings.floor)
                return self.filter.observe_with(player, key, policies)
        if self.settings.model == "features" and player >= 0 and player != self.seat:
            worlds = self.filter.indexed_worlds()
            features = feature_model(worlds[0][0])
            scores = None if features is None else features.scores(
                worlds, player, self.seat, key, self.settings.temperature)
            if scores is not None:
                return self.filter.observe_scored(player, key, scores)
        return self.filter.observe(player, key)

    def effective_size(self) -> float:
        """The effective sample size over distinct worlds (copies made by a refill, or worlds
        that became equal, count as one): 1 / sum of squared weights of the distinct ones
        (in C; `reference=True`: the plain Python sum, in the same order)."""
        if not self.reference:
            return self.filter.distinct_ess
        mass: dict[Any, float] = {}
        for world, weight in self.filter.worlds():
            mass[world] = mass.get(world, 0.0) + weight
        squares = 0.0
        for m in mass.values():
            squares += m * m
        return 1.0 / squares if squares > 0 else 0.0

    def _low(self) -> bool:
        return (self.filter.ess < self.settings.min_ess * self.settings.particles
                or self.effective_size() < _MIN_DISTINCT)


class BeliefTracker:
    """The beliefs of the seats an agent plays, from every move it is told (module docstring).

    `inform(state, player, action)` for every move; `belief(state)` at a decision gives the
    belief of the seat to act there (made, and brought up to date, when first asked).
    """

    def __init__(self, seed: int, settings: BeliefSettings):
        self.seed = seed
        self.settings = settings
        self.reset()

    def inform_action(self, state: State, player: int, action: int) -> None:
        """`inform`, under the agents' name (a tracker can be attached to a Match)."""
        self.inform(state, player, action)

    def reset(self) -> None:
        """Forget the game (a new game, undo, load)."""
        self._starts: list[Any] | None = None      # a redraw of the first state for each seat
        # (state before, mover, every seat's key); the state is read only by resample(seat)
        self._log: list[tuple[Any, int, tuple[int, ...]]] = []
        self._beliefs: dict[int, SeatBelief] = {}
        self._log_at_decision: dict[int, int] = {}
        self.unbilled = 0.0  # seconds of updates since the last decision (see take_unbilled)

    def inform(self, state: State, player: int, action: int) -> None:
        """A real move, `state` the state before it."""
        seats = range(state.num_players())
        if self._starts is None:
            self._starts = [state.resample(s, mix_seed(self.seed, 3, s)) for s in seats]
        started = time.perf_counter()
        keys = tuple(state.action_key(s, action) for s in seats)
        self._log.append((state.clone(), player, keys))
        for seat, belief in self._beliefs.items():
            belief.observe(state, player, keys[seat])
        self.unbilled += time.perf_counter() - started

    def take_unbilled(self) -> float:
        """Seconds spent on updates since the last call: an agent with a time limit takes them
        off its next search, so that belief and plain search think equally long."""
        seconds, self.unbilled = self.unbilled, 0.0
        return seconds

    def belief(self, state: State) -> SeatBelief:
        """The belief of the seat to act at `state`, up to date."""
        seat = state.current_player()
        if self._log_at_decision.get(seat) == len(self._log):
            # Nothing was told since this seat's last move, not even the move itself: no one
            # informs this agent, so its past is unknown; start from the present.
            self.reset()
        return self.belief_of(seat, state)

    def belief_of(self, seat: int, state: State) -> SeatBelief:
        """The belief of `seat` at `state`, up to date, whoever is to act there (a human's
        own reading, shown between its decisions)."""
        return self._beliefs.get(seat) or self._make(seat, state)

    def decided(self, seat: int) -> None:
        """`seat` has just chosen a move (its next decision checks it was told of it)."""
        self._log_at_decision[seat] = len(self._log)

    def _make(self, seat: int, state: State) -> SeatBelief:
        seed = mix_seed(self.seed, 4, seat)
        if self._starts is None:
            belief = SeatBelief(seat, state, seed, self.settings)
        else:
            belief = SeatBelief(seat, self._starts[seat], seed, self.settings)
            for before, player, keys in self._log:
                belief.observe(before, player, keys[seat])
        self._beliefs[seat] = belief
        return belief


# A probability above this is a certainty (every world read agrees).
_KNOWN = 0.999


def describe_belief(belief: SeatBelief, state: State, top: int = 3) -> list[dict]:
    """What `belief` (of its seat, at `state`) thinks each other seat holds: for every other
    seat with hidden items, `top` of its facts (`vsai.core.hidden.hidden_facts`, e.g.
    ("P2 holds", "Quake"); the likeliest of each kind first, `shown_facts`) with the chance that
    each is true, JSON-ready:
    [{"seat", "who", "items": [{"item", "value", "p", "text"}]}] ("text": the fact worded with
    its seat, as `belief_lines` and the web page show it). A fact is counted once a world, so
    each card of a hand has its own chance. Only the belief's own seat may be shown this (it
    reads nothing else, but an AI seat's belief tells its hand)."""
    worlds = described_worlds(belief)
    result = []
    for other in range(state.num_players()):
        if other == belief.seat:
            continue
        best = shown_facts(fact_chances(worlds, other, belief.seat), top)
        if best:
            who = seat_label(other, state)
            result.append({"seat": other, "who": who,
                           "items": [{"item": item, "value": value, "p": round(min(p, 1.0), 3),
                                      "text": _fact_text(who, item, value)} for (item, value), p in best]})
    return result


def described_worlds(belief: SeatBelief) -> list[tuple[State, float]]:
    """The worlds a description reads: every world alive with its weight, equal worlds (a
    refill's copies) merged into one, so that each is read once (views are read in Python).
    All of them, not only the heaviest: dropping the light ones made the chances shown
    overconfident (benchmarks/belief_calibration.py: facts shown at 99% held half the time)."""
    merged: dict[State, float] = {}
    for world, weight in belief.filter.worlds():
        merged[world] = merged.get(world, 0.0) + weight
    return list(merged.items())


def fact_chances(worlds: list[tuple[State, float]], owner: int, seat: int) -> dict[tuple[str, str], float]:
    """{fact: chance} of what `owner` holds hidden from `seat` (`hidden_facts`), over weighted
    `worlds`: the weight of the worlds where the fact holds, each fact once a world."""
    total = sum(w for _, w in worlds) or 1.0
    mass: dict[tuple[str, str], float] = {}
    for world, weight in worlds:
        for fact in set(hidden_facts(world, owner, seat)):
            mass[fact] = mass.get(fact, 0.0) + weight / total
    return mass


def _fact_text(who: str, item: str, value: str) -> str:
    """A fact as a player reads it: "P2 holds Quake"; a fact whose item does not name its seat
    gets the seat's name in front ("P2: known in decks 27")."""
    text = f"{item} {value}"
    return text if item.startswith(who) else f"{who}: {text}"


def shown_facts(mass: dict[tuple[str, str], float], top: int) -> list[tuple[tuple[str, str], float]]:
    """The `top` facts to show of one seat, from {fact: chance}: the likeliest uncertain fact
    of each kind (item) first (its objective, its ink, its hand: one each before a second of
    any), then the likeliest others; sorted by chance, facts every world agrees on (known:
    seen, or counted) last."""
    ranked = sorted(mass.items(), key=lambda kv: (kv[1] > _KNOWN, -kv[1], kv[0]))
    leaders: dict[str, tuple[str, str]] = {}  # kind -> its likeliest uncertain fact
    for fact, chance in ranked:
        if chance <= _KNOWN:
            leaders.setdefault(fact[0], fact)
    firsts = list(leaders.values())
    chosen = set((firsts + [fact for fact, _ in ranked if fact not in leaders.values()])[:top])
    return [(fact, chance) for fact, chance in ranked if fact in chosen]


def belief_lines(described: list[dict]) -> list[str]:
    """`describe_belief` as one line a seat, e.g. "P2 holds Quake: 62%; P2 holds Rain: 40%"."""
    return ["; ".join(f"{i['text']}: {i['p']:.0%}" for i in entry["items"]) for entry in described]
