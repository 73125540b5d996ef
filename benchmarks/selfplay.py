"""What the self-play benchmarks share: their `--games` list and the agents of every seat."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any, Iterator

from vsai.ai import make_agent
from vsai.ai.base import mix_seed
from vsai.core import load_game, sample_chance


def game_entries(text: str) -> Iterator[tuple[str, int, Any]]:
    """(name, players, game) for each NAME:PLAYERS of a comma-separated `--games` value;
    ValueError for a malformed entry or an unknown game."""
    for entry in text.split(","):
        name, players = entry.split(":")
        yield name, int(players), load_game(name, players=int(players))


def seat_agents(name: str, game: Any, seed: int, iterations: int) -> list:
    """One `name` agent a seat of `game`, seat s seeded mix_seed(seed, s), searching
    `iterations` a move (agents that do not search check it and ignore it). Plain search
    where the game's spec turns a belief on by default (`agent_search`, VEC's `ismcts` at 3-4
    players): these benchmarks measure beliefs against plain movers, as their figures were."""
    plain = {"belief": "off"} if game.spec.agent_options(name, game.num_players()).get("belief") == "on" else {}
    return [make_agent(name, game, seed=mix_seed(seed, s), iterations=iterations, **plain)
            for s in range(game.num_players())]


def measured_decisions(game: Any, seed: int, agents: list | None, every: int,
                       listeners: list) -> Iterator[tuple[Any, int, int]]:
    """Play one game of `agents` (None: uniformly random moves; chance drawn by its
    probabilities; both from one stream seeded by `seed`) and yield (state, seat, decision
    number) at every `every`-th decision of each seat that has a choice, before the seat
    moves; every listener is told each move (`inform(state, player, action)`) before it is
    applied. The state is the live one: read it before the next item."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen: dict[int, int] = defaultdict(int)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            if seen[player] % every == 0 and len(state.legal_actions()) > 1:
                yield state, player, decisions
            seen[player] += 1
            decisions += 1
            action = agents[player].step(state.clone()) if agents else rng.choice(state.legal_actions())
        for listener in listeners:
            listener.inform(state, player, action)
        state.apply_action(action)


def uniform_worlds(state: Any, seat: int, seed: int, decision: int, count: int) -> list[tuple[Any, float]]:
    """`count` equally weighted redraws of what `seat` cannot see at `state`
    (`state.resample`), seeded by the game's `seed` and the `decision`'s number: the reading
    that ignores the others' moves, which the belief benchmarks compare a belief with."""
    return [(state.resample(seat, mix_seed(seed, 7, decision, i)), 1.0) for i in range(count)]
