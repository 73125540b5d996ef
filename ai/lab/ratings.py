"""Numbers from a suite's game records: win rates, a win-rate matrix, sides and ratings.

Records are grouped into pools (game, player count, budget): agents in one pool met under the
same conditions. In each game an agent's result is the sum of the returns of the seats it held
(returns are win shares summing to 1, so a team's win counts once per game). Win rates carry
95% Wilson intervals (`vsai.ai.lab.arena.wilson_interval`); ratings come from OpenSkill's
Plackett-Luce model (the `openskill` package, extra `vsai[report]`), which handles games of
any number of sides: each agent in a game is one team, with one member per side it held, ranked
by its result. Games are rated in the order the suite lists them, never the order they
finished in, so the ratings do not depend on the number of workers.
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

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, with the win rate and its Wilson interval."""
        low, high = wilson_interval(self.wins, self.games)
        return {"agent": self.agent, "games": self.games, "wins": round(self.wins, 6),
                "win_rate": round(self.wins / self.games, 6) if self.games else 0.0,
                "ci95": [round(low, 6), round(high, 6)],
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
    return list(table.values())


def matrix(pool: Pool) -> dict[str, dict[str, dict[str, Any]]]:
    """matrix[a][b]: agent a's mean result in the games where a and b both played, with its
    Wilson interval and the number of games (head to head in two-sided games). Where a and b
    met alone, `balanced` adds a's win rate balanced over the sides it held (`side_balanced`),
    and `compared` the test of whether a does better than b on the same sides against the
    same opponents (`compared`'s result)."""
    sums: dict[tuple[str, str], list[float]] = {}
    for record in pool.records:
        results = results_by_agent(record)
        for a in results:
            for b in results:
                if a != b:
                    entry = sums.setdefault((a, b), [0, 0.0])
                    entry[0] += 1
                    entry[1] += results[a]
    alone = _alone(pool)
    by_side: dict[tuple[str, str], dict[tuple[int, ...], list[float]]] = {}
    for (a, b, held), counts in alone[0].items():
        by_side.setdefault((a, b), {})[held] = counts
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for (a, b), (games, wins) in sums.items():
        low, high = wilson_interval(wins, int(games))
        table.setdefault(a, {})[b] = {"games": int(games), "win_rate": round(wins / games, 6),
                                      "ci95": [round(low, 6), round(high, 6)]}
        if (a, b) in by_side:
            table[a][b]["balanced"] = side_balanced(by_side[(a, b)])
            table[a][b]["compared"] = compared(pool, a, b, alone)
    return table


def side_balanced(strata: dict[tuple[int, ...], list[float]], z: float = 1.96) -> dict[str, Any]:
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
    plays that side better than the other, against each other."""
    used = [(int(games), wins) for games, wins in strata.values()]
    rate = sum(wins / games for games, wins in used) / len(used)
    adjusted = [((wins + 1) / (games + 2), games + 2) for games, wins in used]
    centre = sum(p for p, _ in adjusted) / len(adjusted)
    half = z * math.sqrt(sum(p * (1 - p) / n for p, n in adjusted)) / len(adjusted)
    return {"games": sum(games for games, _ in used), "win_rate": round(rate, 6),
            "ci95": [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)],
            "by_side": {"+".join(map(str, held)): {"games": int(games), "wins": round(wins, 6)}
                        for held, (games, wins) in sorted(strata.items())}}


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
        held = {label: tuple(sorted({side for side, seat in zip(record["sides"], record["seats"])
                                     if seat == label})) for label in results}
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
    `alone`: `_alone(pool)` when the caller has it already."""
    counts, opposite = alone if alone is not None else _alone(pool)
    strata = []
    for (agent, opponent, held), own in counts.items():
        # Against each other, b's opponent is a.
        theirs = (b, a if opponent == b else opponent, held)
        if agent != a or theirs not in counts:
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
    z = 0.0 if variance <= 0 else math.copysign(max(abs(excess) - 0.5, 0.0), excess) / math.sqrt(variance)
    return {"z": round(z, 4), "p": round(math.erfc(abs(z) / math.sqrt(2)), 6),
            "strata": len(strata), "games": games}


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError("ratings need the openskill package: pip install 'vsai[report]'") from None
    return PlackettLuce()


def ratings(pool: Pool) -> dict[str, dict[str, float]]:
    """Each agent's OpenSkill rating (mu, sigma) and its interval mu +- 1.96 sigma, from the
    pool's games in the suite's order. Games between one agent and itself teach nothing and
    are skipped. ImportError with an install hint when openskill is missing."""
    model = _model()
    current = {label: model.rating(name=label) for label in pool.agents()}
    for record in pool.records:
        results = results_by_agent(record)
        if len(results) < 2:
            continue
        held = {}
        for seat, label in enumerate(record["seats"]):
            held.setdefault(label, set()).add(record["sides"][seat])
        labels = list(results)
        # One team member per side held: an agent playing a whole team counts once.
        # Distinct copies: openskill would update one object once per appearance.
        teams = [[model.rating(mu=current[label].mu, sigma=current[label].sigma, name=label)
                  for _ in held[label]] for label in labels]
        rated = model.rate(teams, scores=[results[label] for label in labels])
        for label, team in zip(labels, rated):
            current[label] = team[0]
    return {label: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4),
                    "low": round(r.mu - RATING_Z * r.sigma, 4),
                    "high": round(r.mu + RATING_Z * r.sigma, 4)}
            for label, r in current.items()}
