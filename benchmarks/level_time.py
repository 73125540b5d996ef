"""Think time of a level of `vsai play --level`, by the AI's turn: CPU seconds on one core.

A turn is a run of one seat's decisions with no other seat's decision between them (vsai.ai
turns); a level with a `turn_time` shares it among the turn's decisions, as `vsai play` does.
For every registered game and player count, random games are played from `--positions` seeds
and every `--every`-th turn is played by the level's ISMCTS (its iterations times the game's
level_scale, its level_search options, its time caps counted in CPU seconds), until
`--turns` turns are timed.
Prints the median, 90th percentile and largest turn, the decisions a turn, and the share of
searching decisions a time cap cut short (the rest ended on their iterations).
Target at the default level (7): a median turn under 2 s and a 90th percentile under 5 s.

    .venv/bin/python benchmarks/level_time.py [--level 7] [--games eruption,vec] [--players 3]
        [--turns 10]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from vsai.ai import levels, make_agent
from vsai.ai.turns import TurnClock
from vsai.core import list_games, load_game, sample_chance

PROBE = 500  # iterations of the search that measures a position's speed


def timed_turn(game, state, level: int, seed: int) -> tuple[float, int, int, int]:
    """Plays the turn of the seat to act at `state` (in place) with the level's agent: its CPU
    seconds, its decisions, its searching decisions and how many of those a time cap cut.

    The caps count CPU seconds, as on an idle core: a probe search of PROBE iterations gives
    the position's speed, and the decision searches the iterations its cap allows (at most
    the level's). Wall-clock caps on a loaded machine would cut the searches short and
    flatter the figures."""
    rung = levels.budget(level, game.spec)
    iterations = rung.iterations
    options = levels.search_options("ismcts", game.spec)
    clock = TurnClock(rung.turn_time) if rung.turn_time is not None else None
    seat, decisions, searched, cut, cpu = state.current_player(), 0, 0, 0, 0.0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, random.Random(seed + decisions)))
            continue
        if state.current_player() != seat:
            break
        limit = min(rung.time_limit, clock.cap(decisions == 0) if clock is not None else rung.time_limit)
        budget = iterations
        if len(state.legal_actions()) > 1:
            started = time.process_time()
            make_agent("ismcts", game, seed=seed, iterations=PROBE, **options).step(state)
            rate = PROBE / max(1e-6, time.process_time() - started)
            budget = max(1, min(iterations, int(limit * rate)))
            searched += 1
            cut += budget < iterations
        agent = make_agent("ismcts", game, seed=seed + decisions, iterations=budget, **options)
        started = time.process_time()
        action = agent.step(state)
        spent = time.process_time() - started
        cpu += spent
        if clock is not None:
            clock.spend(spent)
        decisions += 1
        state.apply_action(action)
    return cpu, decisions, searched, cut


def turn_times(game, level: int, turns: int, positions: int, every: int) -> list[tuple]:
    """`turns` timed turns of `level` on `game`, spread over `positions` random games."""
    rows: list[tuple] = []
    for seed in range(positions):
        rng = random.Random(seed)
        state, last, count = game.new_initial_state(), None, 0
        while not state.is_terminal() and len(rows) < turns * (seed + 1) // positions:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            if seat != last:
                count += 1
                if count % every == 0:
                    rows.append(timed_turn(game, state, level, seed * 1000 + count))
                    last = seat
                    continue
            last = seat
            state.apply_action(rng.choice(state.legal_actions()))
    return rows


def player_counts(game_name: str) -> list[int]:
    """Every player count the game allows."""
    spec = load_game(game_name).spec
    param = next(p for p in spec.params if p.name == "players")
    return list(range(param.minimum, param.maximum + 1))


def main() -> None:
    """Print the turn times of a level on each game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, default=levels.DEFAULT_LEVEL)
    parser.add_argument("--games", default=",".join(list_games()))
    parser.add_argument("--players", default="", help="player counts, e.g. 2,3 (default: all)")
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--positions", type=int, default=2)
    parser.add_argument("--every", type=int, default=5, help="time every n-th turn")
    args = parser.parse_args()
    rung = levels.level(args.level)
    print(f"level {rung.number} ({rung.name}): cap {rung.time_limit:g} s a decision, "
          f"{rung.turn_time or '-'} s a turn; CPU seconds a turn, one core")
    for name in args.games.split(","):
        counts = [int(n) for n in args.players.split(",")] if args.players else player_counts(name)
        for players in counts:
            game = load_game(name, players=players)
            rows = turn_times(game, args.level, args.turns, args.positions, args.every)
            seconds = sorted(r[0] for r in rows)
            searched, cut = sum(r[2] for r in rows), sum(r[3] for r in rows)
            p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
            print(f"{name:9} {players}p  median {statistics.median(seconds):5.2f} s  p90 {p90:5.2f} s  "
                  f"max {seconds[-1]:5.2f} s  {statistics.median(r[1] for r in rows):4.1f} decisions  "
                  f"cut {cut}/{searched}  ({len(rows)} turns)", flush=True)


if __name__ == "__main__":
    main()
