"""What the self-play benchmarks share: their `--games` list and the agents of every seat."""
from __future__ import annotations

from typing import Any, Iterator

from vsai.ai import make_agent
from vsai.ai.base import mix_seed
from vsai.core import load_game


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
