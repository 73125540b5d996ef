"""Numbers from a suite's game records: win rates, a win-rate matrix, sides and ratings.

Records are grouped into pools (game, player count, budget): agents in one pool met under the
same conditions. In each game an agent's result is the sum of the returns of the seats it held
(returns are win shares summing to 1, so a team's win counts once per game). Win rates carry
95% Wilson intervals (`vsai.ai.lab.arena.wilson_interval`); ratings come from OpenSkill's
Plackett-Luce model (the `openskill` package, extra `vsai[report]`), which handles games of
any number of sides: each side of a game is one team, ranked by its result, with one member
per agent on it. Games are rated in the order the suite lists them, never the order they
finished in, so the ratings do not depend on the number of workers.

Games of more than two sides (three or four players, each for themselves) are read per side:
one agent alone against two copies of another holds one side of three, and its equal share is
a third, not a half. So the standings and the matrix give each agent's result per side held
(`per_side`) beside the share an equal agent would get (`equal`); the ratings rate each side
on its own and pool an agent's copies (`_pooled`); and `compared` tests a head to head of one
against several against that equal share.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from vsai.ai.lab.arena import wilson_interval

# A rating's interval: mu +- this many sigmas (about 95%).
RATING_Z = 1.96


@dataclass
class Standing:
    """One agent's totals in a pool."""

    agent: str
    games: int = 0
    wins: float = 0.0
    score: float = 0.0
    think: float = 0.0
    moves: int = 0
    sides: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, with the win rate and its Wilson interval, and the win rate per side
        held (`per_side`: the same as the win rate where the agent held one side a game)."""
        low, high = wilson_interval(self.wins, self.games)
        side_low, side_high = wilson_interval(self.wins, self.sides)
        return {"agent": self.agent, "games": self.games, "wins": round(self.wins, 6),
                "win_rate": round(self.wins / self.games, 6) if self.games else 0.0,
                "ci95": [round(low, 6), round(high, 6)], "sides": self.sides,
                "per_side": {"win_rate": round(self.wins / self.sides, 6) if self.sides else 0.0,
                             "ci95": [round(side_low, 6), round(side_high, 6)]},
                "mean_score": round(self.score / self.games, 6) if self.games else 0.0,
                "think_per_move": round(self.think / self.moves, 6) if self.moves else 0.0,
                "moves": self.moves}


@dataclass
class Pool:
    """The records of one game variant and budget, in the suite's order."""

    game: str
    players: int
    budget: str
    params: dict
    records: list[dict] = field(default_factory=list)

    @property
    def title(self) -> str:
        """E.g. "game 2p, 200 it"."""
        return f"{self.game} {self.players}p, {self.budget}"

    @property
    def sides(self) -> int:
        """The number of sides of its games (e.g. 3 in a 3-player game where each plays for
        themselves, 2 where a team plays against one); 0 without games."""
        return side_count(self.records[0]) if self.records else 0

    def agents(self) -> list[str]:
        """The agents in order of first appearance."""
        seen: dict[str, None] = {}
        for record in self.records:
            for label in record["lineup"]:
                seen.setdefault(label, None)
        return list(seen)


def pools(records: Iterable[dict]) -> list[Pool]:
    """The records grouped by (game, parameters, budget), in order of first appearance."""
    found: dict[tuple, Pool] = {}
    for record in records:
        params = record["params"]
        key = (record["game"], tuple(sorted(params.items())), record["budget"])
        if key not in found:
            found[key] = Pool(record["game"], len(record["seats"]), record["budget"], params)
        found[key].records.append(record)
    return list(found.values())


def side_count(record: dict) -> int:
    """The number of sides in one game."""
    return len(set(record["sides"]))


def sides_held(record: dict) -> dict[str, tuple[int, ...]]:
    """The sides each agent held in one game (a team's side once, whatever its seats)."""
    held: dict[str, set[int]] = {}
    for side, label in zip(record["sides"], record["seats"]):
        held.setdefault(label, set()).add(side)
    return {label: tuple(sorted(sides)) for label, sides in held.items()}


def results_by_agent(record: dict) -> dict[str, float]:
    """Each agent's result in one game: the summed returns of its seats."""
    result: dict[str, float] = {}
    for label, value in zip(record["seats"], record["returns"]):
        result[label] = result.get(label, 0.0) + value
    return result


def standings(pool: Pool) -> list[Standing]:
    """Each agent's games, wins, mean score and think time per move (a game counts once for
    an agent whatever the number of seats it held)."""
    table = {label: Standing(label) for label in pool.agents()}
    for record in pool.records:
        seats: dict[str, list[int]] = {}
        for seat, label in enumerate(record["seats"]):
            seats.setdefault(label, []).append(seat)
        for label, held in seats.items():
            row = table[label]
            row.games += 1
            row.wins += sum(record["returns"][s] for s in held)
            row.score += sum(record["scores"][s] for s in held) / len(held)
            row.think += sum(record["think"][s] for s in held)
            row.moves += sum(record["moves"][s] for s in held)
        for label, of in sides_held(record).items():
            table[label].sides += len(of)
    return list(table.values())


def matrix(pool: Pool) -> dict[str, dict[str, dict[str, Any]]]:
    """matrix[a][b]: agent a's mean result in the games where a and b both played, with its
    Wilson interval and the number of games (head to head in two-sided games), its result per
    side held (`per_side`) and an equal agent's share of a's sides (`equal`: a half head to
    head, a third for one side of three). Where a and b met alone, `balanced` adds a's win
    rate balanced over the sides it held (`side_balanced`), and `compared` the test of
    whether a does better than b on the same sides against the same opponents (`compared`'s
    result)."""
    sums: dict[tuple[str, str], list[float]] = {}
    for record in pool.records:
        results = results_by_agent(record)
        held = sides_held(record)
        for a in results:
            for b in results:
                if a != b:
                    entry = sums.setdefault((a, b), [0, 0.0, 0])
                    entry[0] += 1
                    entry[1] += results[a]
                    entry[2] += len(held[a])
    alone = _alone(pool)
    by_side: dict[tuple[str, str], dict[tuple[int, ...], list[float]]] = {}
    for (a, b, held), counts in alone[0].items():
        by_side.setdefault((a, b), {})[held] = counts
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for (a, b), (games, wins, held_count) in sums.items():
        low, high = wilson_interval(wins, int(games))
        table.setdefault(a, {})[b] = {"games": int(games), "win_rate": round(wins / games, 6),
                                      "ci95": [round(low, 6), round(high, 6)],
                                      "per_side": round(wins / held_count, 6),
                                      "equal": round(held_count / (games * pool.sides), 6)}
        if (a, b) in by_side:
            table[a][b]["balanced"] = side_balanced(by_side[(a, b)], sides=pool.sides)
            table[a][b]["compared"] = compared(pool, a, b, alone)
    return table


def side_balanced(strata: dict[tuple[int, ...], list[float]], z: float = 1.96,
                  sides: int = 2) -> dict[str, Any]:
    """An agent's win rate against one opponent, balanced over the sides it held, from
    strata {sides held: [games, wins]}: the mean of its win rates on each side, and a 95%
    interval that allows for the advantage of a side.

    When one side wins most games whoever plays it (the Kaiju at low budgets, the first
    player), the results are nearly fixed by the side, and the binomial interval of the pooled
    rate, which assumes the full variance of a coin toss, is far too wide. Per side the
    variance is small, and the balanced rate's interval adds the sides' variances, each with
    Agresti and Caffo's one win and one loss added (so a side that won every game still counts
    as uncertain). With two sides this is Agresti-Caffo's interval of the difference between
    the agent's and its opponent's win rates on the same side, halved: the test of whether one
    plays that side better than the other, against each other.

    `sides`: the number of sides of the game; `equal` is the rate of an agent as strong as
    its opponent: the mean share of the sides it held (a third for one side of three, as
    the win shares of a game's sides sum to one)."""
    used = [(int(games), wins) for games, wins in strata.values()]
    rate = sum(wins / games for games, wins in used) / len(used)
    centre, variance = _agresti_caffo(strata)
    half = z * math.sqrt(variance)
    equal = sum(len(held) for held in strata) / (len(strata) * sides)
    return {"games": sum(games for games, _ in used), "win_rate": round(rate, 6),
            "ci95": [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)],
            "equal": round(equal, 6),
            "by_side": {"+".join(map(str, held)): {"games": int(games), "wins": round(wins, 6)}
                        for held, (games, wins) in sorted(strata.items())}}


def _agresti_caffo(strata: dict[tuple[int, ...], list[float]]) -> tuple[float, float]:
    """The mean of the strata's win rates with one win and one loss added to each, and its
    variance (Agresti and Caffo's): the centre and spread of a side-balanced rate."""
    adjusted = [((wins + 1) / (games + 2), games + 2) for games, wins in strata.values()]
    centre = sum(p for p, _ in adjusted) / len(adjusted)
    return centre, sum(p * (1 - p) / n for p, n in adjusted) / len(adjusted) ** 2


def side_results(games: Iterable[tuple[Sequence[str], Sequence[int], Sequence[float]]],
                 side_names: Sequence[str], *, who: str = "agent",
                 against: bool = True) -> list[dict[str, Any]]:
    """For games with teams, from (seat labels, seat sides, returns) per game: one row per side
    and agent(s) on it (key `who`), and with `against` per opponents too, with the games, the
    side's wins (counted once per game) and a Wilson interval. Keeping the opponents apart
    compares agents on a side fairly: each against the same opponents."""
    def on(labels: Sequence[str], seats: Iterable[int]) -> str:
        return "+".join(dict.fromkeys(labels[s] for s in seats))

    rows: dict[tuple[int, str, str], list[float]] = {}
    for labels, seat_sides, returns in games:
        for side in range(len(side_names)):
            seats = [s for s, of in enumerate(seat_sides) if of == side]
            others = on(labels, (s for s, of in enumerate(seat_sides) if of != side)) if against else ""
            entry = rows.setdefault((side, on(labels, seats), others), [0, 0.0])
            entry[0] += 1
            entry[1] += sum(returns[s] for s in seats)
    out = []
    for (side, agents, others), (games_played, wins) in sorted(rows.items()):
        low, high = wilson_interval(wins, int(games_played))
        out.append({"side": side_names[side], who: agents, **({"against": others} if against else {}),
                    "games": int(games_played), "wins": round(wins, 6),
                    "win_rate": round(wins / games_played, 6), "ci95": [round(low, 6), round(high, 6)]})
    return out


def sides(pool: Pool, side_names: Sequence[str]) -> list[dict[str, Any]]:
    """The by-side results (`side_results`) of the games of `pool`."""
    return side_results(((r["seats"], r["sides"], r["returns"]) for r in pool.records), side_names)


def _alone(pool: Pool) -> tuple[dict[tuple, list[float]], dict[tuple, tuple]]:
    """From the games of two agents alone: {(agent, opponent, sides held): [games, wins]} and
    {(agent, opponent, sides held): the sides the opponent held}."""
    counts: dict[tuple, list[float]] = {}
    opposite: dict[tuple, tuple] = {}
    for record in pool.records:
        results = results_by_agent(record)
        if len(results) != 2:
            continue
        held = sides_held(record)
        for agent, opponent in (tuple(results), tuple(reversed(list(results)))):
            key = (agent, opponent, held[agent])
            entry = counts.setdefault(key, [0, 0.0])
            entry[0] += 1
            entry[1] += results[agent]
            opposite[key] = held[opponent]
    return counts, opposite


def compared(pool: Pool, a: str, b: str, alone: tuple[dict, dict] | None = None) -> dict[str, Any]:
    """Whether a plays better than b: a's results against b's on the same sides against the
    same opponents, in the games of two agents alone. The strata are each opponent both met
    (and the sides held), and the head to head: a's results on a side against b's on the same
    side, against each other. The Cochran-Mantel-Haenszel test (with continuity correction)
    pools them: z > 1.96 means a is significantly stronger (5%, two-sided).

    It tells levels apart where the win rate against each other cannot: in a Kaiju game where
    the Kaiju wins whoever plays it, a stronger level still wins more as the humans against
    the `heuristic` anchor. Strata where both agents won (or lost) every game add nothing,
    as they should. Returns z, the two-sided p-value, the strata used and their games.
    `alone`: `_alone(pool)` when the caller has it already.

    In games of more than two sides, a head to head is one against several (a alone against
    two copies of b): its games cannot be paired side by side as in two-sided games, where
    a's games on one side are b's on the other. There a's side-balanced result against b
    (`side_balanced`) is compared with an equal agent's share (a third for one side of
    three: the sides' shares of a game sum to one however they favour a seat), and added to
    the strata against the common opponents as one more independent term of excess wins
    and variance (`_head_to_head`)."""
    counts, opposite = alone if alone is not None else _alone(pool)
    many = pool.sides > 2
    strata = []
    for (agent, opponent, held), own in counts.items():
        # Against each other, b's opponent is a.
        theirs = (b, a if opponent == b else opponent, held)
        if agent != a or theirs not in counts or (many and opponent == b):
            continue
        if opponent == b and not held < opposite[(a, b, held)]:
            continue  # a's games on one side are b's on the other: count each game once
        strata.append((own, counts[theirs]))
    excess = variance = 0.0
    games = 0
    for (n1, w1), (n2, w2) in strata:
        n, wins = n1 + n2, w1 + w2
        games += int(n)
        if n < 2:
            continue
        excess += w1 - n1 * wins / n
        variance += n1 * n2 * wins * (n - wins) / (n * n * (n - 1))
    head = {held: own for (agent, opponent, held), own in counts.items()
            if many and agent == a and opponent == b}
    if head:
        more, spread, played = _head_to_head(head, pool.sides)
        excess, variance, games = excess + more, variance + spread, games + played
        strata.append(head)
    z = 0.0 if variance <= 0 else math.copysign(max(abs(excess) - 0.5, 0.0), excess) / math.sqrt(variance)
    return {"z": round(z, 4), "p": round(math.erfc(abs(z) / math.sqrt(2)), 6),
            "strata": len(strata), "games": games}


def _head_to_head(strata: dict[tuple[int, ...], list[float]], sides: int) -> tuple[float, float, int]:
    """One agent against several, from strata {sides held: [games, wins]}: the excess of its
    side-balanced rate over an equal agent's share, and its variance (Agresti-Caffo's, as
    `side_balanced`), both in wins over all its games, so that they add to the excess and
    variance of `compared`'s strata; and the number of games."""
    played = sum(int(n) for n, _ in strata.values())
    above = sum(w / n - len(held) / sides for held, (n, w) in strata.items()) / len(strata)
    _, spread = _agresti_caffo(strata)
    return played * above, played * played * spread, played


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError("ratings need the openskill package: pip install 'vsai[report]'") from None
    return PlackettLuce()


def ratings(pool: Pool) -> dict[str, dict[str, float]]:
    """Each agent's OpenSkill rating (mu, sigma) and its interval mu +- 1.96 sigma, from the
    pool's games in the suite's order. Each side of a game is a team, with one member per
    agent on it, ranked by the side's result; an agent on several sides (one against two
    copies of another) is pooled over them (`_pooled`). Games between one agent and itself
    teach nothing and are skipped. ImportError with an install hint when openskill is
    missing."""
    model = _model()
    current = {label: model.rating(name=label) for label in pool.agents()}
    for record in pool.records:
        results = results_by_agent(record)
        if len(results) < 2:
            continue
        on_side: dict[int, list[str]] = {}
        side_result: dict[int, float] = {}
        for side, label, value in zip(record["sides"], record["seats"], record["returns"]):
            members = on_side.setdefault(side, [])
            if label not in members:
                members.append(label)
            side_result[side] = side_result.get(side, 0.0) + value
        order = sorted(on_side)
        # Distinct copies: openskill would update one object once per appearance.
        teams = [[model.rating(mu=current[label].mu, sigma=current[label].sigma, name=label)
                  for label in on_side[side]] for side in order]
        rated = model.rate(teams, scores=[side_result[side] for side in order])
        updates: dict[str, list[Any]] = {}
        for side, team in zip(order, rated):
            for label, rating in zip(on_side[side], team):
                updates.setdefault(label, []).append(rating)
        for label, copies in updates.items():
            current[label] = _pooled(model, current[label], copies)
    return {label: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4),
                    "low": round(r.mu - RATING_Z * r.sigma, 4),
                    "high": round(r.mu + RATING_Z * r.sigma, 4)}
            for label, r in current.items()}


def _pooled(model: Any, prior: Any, copies: list[Any]) -> Any:
    """An agent's rating after a game where it held several sides, from each side's update of
    the same prior: the product of the Gaussian updates, i.e. the precisions' gains added (the
    prior widened by the model's tau, as `rate` widens it, counted once). One copy: itself."""
    if len(copies) == 1:
        return copies[0]
    base = 1.0 / (prior.sigma ** 2 + model.tau ** 2)
    precision = sum(1.0 / c.sigma ** 2 for c in copies) - (len(copies) - 1) * base
    precision = max(precision, max(1.0 / c.sigma ** 2 for c in copies))
    weighted = sum(c.mu / c.sigma ** 2 for c in copies) - (len(copies) - 1) * base * prior.mu
    mu = weighted / precision
    return model.rating(mu=mu, sigma=math.sqrt(1.0 / precision), name=copies[0].name)
