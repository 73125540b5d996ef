"""Godzilla (ゴジラ): the game's description for the registry.

Rules: `../shared/rules/original/002_122c2c0a700e9ff9.txt` (English:
`../shared/rules/godzilla.en.md`), gaps per GAPS.md section 3; the engine is
`vsai.ext.godzilla.engine` (`rules.md` beside this file maps rules to code and tests).
"""
from __future__ import annotations

from vsai.ext.godzilla import engine
from vsai.ext.spec import GameSpec, Param


def teams(params: dict) -> tuple[tuple[int, ...], ...]:
    """The human seats (1..n-1) win or lose together against the Kaiju (seat 0)."""
    return (tuple(range(1, params["players"])),)


def seat_names(params: dict) -> tuple[str, ...]:
    """Seat 0 is the Kaiju, the others H1..H4 (each holds governors, G14)."""
    return ("Kaiju",) + tuple(f"H{p}" for p in range(1, params["players"]))


def g20_param(name: str, help_text: str) -> Param:
    """A G20 option (rules.md, G20): the engine's default, range and legacy value (data.pxd)."""
    default, low, high, legacy = engine.OPTIONS[name]
    # quiet_default: the cells measured before the option existed keep their games; a save or
    # result without the option was played with its value before the balanced defaults
    legacy_default = None if legacy == default else legacy
    if isinstance(default, bool):
        return Param(name, default, help_text, quiet_default=True, legacy_default=legacy_default)
    return Param(name, default, help_text, minimum=low, maximum=high, quiet_default=True,
                 legacy_default=legacy_default)


# The invented values that GAPS.md G20 lets us tune for balance (G8, G7, G7, G9, G10, G10, G10,
# G10, G1, G1 in this order); their defaults are chosen for balance, their legacy values are those
# G1 and G7-G10 first assumed (rules.md, G20). The help texts are for players: no gap IDs.
G20_PARAMS = (
    g20_param("evacuee_bonus", "Evacuees added to each round's 2, 3, 3, 4, 4, 5"),
    g20_param("press_piece_counts", "the Press piece counts itself among the Evacuees that "
              "earn Press cards (the other reading of that rule)"),
    g20_param("press_every_home", "the Evacuees leaving every Home square in the same "
              "phase as a Press piece earn Press cards, not only those leaving with it"),
    g20_param("status_squares", "the status cards' squares: 0 the standard table, 1 squares "
              "one road from a Home square, 2 those of them farthest from the Kaiju's start"),
    g20_param("vehicle_tiles", "route tiles a Vehicle procurement turns up"),
    g20_param("barrier_tiles", "High-voltage or Tank tiles their support card places"),
    g20_param("air_strike_dice", "dice an Air strike takes from the Kaiju's roll"),
    g20_param("press_conference_cards", "Press cards an Emergency press conference draws"),
    g20_param("road_gaps", "roads out of Shibaura that do not exist: 1 Ginza-Shibaura, 2 also "
              "Shibaura-Kachidoki, 3 also Kasumigaseki-Shinagawa"),
    g20_param("extra_gap", "one more road that does not exist: 0 none, 1 Kasumigaseki-Ginza, "
              "2 Radio Tower-Kasumigaseki, 3 Kanagawa Home-Shinagawa, 4 Shibuya-Kasumigaseki"),
)


SPEC = GameSpec(
    name="godzilla",
    title="Godzilla (ゴジラ)",
    summary=("One Kaiju against the governors of Tokyo, Saitama, Chiba and Kanagawa: the "
             "Kaiju rolls dice to walk its footprints and fire its heat ray, the humans lay "
             "route tiles to evacuate citizens and rescue the press for the Oxygen Destroyer."),
    state_class=engine.GodzillaState,
    params=(
        Param("players", 2, "number of players: the Kaiju and 1 to 4 humans",
              minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS),
        Param("turn_cap", engine.DEFAULT_TURN_CAP, "ordinary rounds before the Kaiju's return "
              "round (X5); 6 or more plays the whole game", minimum=1,
              maximum=engine.MAX_TURN_CAP),
        *G20_PARAMS,
    ),
    # Nothing is hidden from one seat only; what is hidden from all (the face-down cards and
    # tiles) is drawn when it is turned up, with exact odds, so the state holds nothing
    # hidden (rules.md, "Information").
    hidden_information=False,
    hidden_from_everyone=True,
    num_distinct_actions=engine.NUM_DISTINCT_ACTIONS,
    max_chance_outcomes=engine.MAX_CHANCE_OUTCOMES,
    max_game_length=engine.MAX_GAME_LENGTH,
    max_branching=engine.MAX_BRANCHING,
    observation_size=engine.OBSERVATION_SIZE,
    # Playouts stop after 20 moves and use the game's evaluation: as strong as full random
    # playouts at equal iterations (mcts 300 iterations, 31-29 in 60 games) at a fifth of the
    # time, and 18-12 in 30 games at equal time (0.02 s a move).
    search_defaults={"cutoff": 20},
    teams=teams,
    seat_names=seat_names,
    render_module="vsai.ext.godzilla.render",
    rules_package="vsai.ext.godzilla",
    complete=True,
)
