"""The search kernels' toy game (vsai.ext.search_toy) as a `Game`, for tests that need a
hidden-information game with partly hidden moves whatever the registered games are."""
from vsai.core import Game, GameSpec, Param
from vsai.ext.search_toy import ToyState

TOY_SPEC = GameSpec(
    name="search-toy", title="Secret bids (search test game)",
    summary="Bid hidden cards for public prizes; used by the search tests.",
    state_class=ToyState,
    params=(Param("players", 2, "number of players", minimum=2, maximum=4),),
    hidden_information=True,
    num_distinct_actions=lambda p: 3 * p["players"] + 4,
    max_chance_outcomes=lambda p: 3 * p["players"] + 4,
    max_game_length=lambda p: 3 * p["players"],
    min_players=2, max_players=4)


def toy_game(players: int = 2) -> Game:
    """The toy game with `players` seats."""
    return Game(TOY_SPEC, {"players": players})
