"""Eruption: the fields the engine derives from the board for speed (each hex's placement
constraints, the lava front) are kept up to date by every move that changes a tile, so a
state equals its own JSON reloaded (the loader derives them afresh) and has its legal moves."""
from __future__ import annotations

import random

from eruption_helpers import body_of, data_of, game, load

# The stages whose move changes a tile or its lava (data.pxd): placing a lava tile, an
# eruption tile, Aftershock's new rotation, Quake's replacement, Sinkhole's removal.
BOARD_MOVES = {5: "tile rotation", 8: "eruption tile", 12: "aftershock", 15: "quake", 16: "sinkhole"}


def test_every_board_change_keeps_the_derived_fields():
    seen = set()
    rng = random.Random(3)
    for seed in range(40):
        state = game(2 + seed % 5).new_initial_state()
        while not state.is_terminal() and seen != set(BOARD_MOVES):
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            stage = body_of(state)["stage"]
            legal = state.legal_actions()
            # Prefer playing a card, so that the card moves that change the board come often.
            plays = [a for a in legal if state.action_to_string(a).startswith("play ")]
            state.apply_action(rng.choice(plays or legal))
            if stage in BOARD_MOVES and stage not in seen:
                seen.add(stage)
                reloaded = load(data_of(state))
                assert reloaded == state, BOARD_MOVES[stage]       # every byte, derived ones too
                assert reloaded.legal_actions() == state.legal_actions()
        if seen == set(BOARD_MOVES):
            break
    assert seen == set(BOARD_MOVES), f"never reached: {set(BOARD_MOVES) - seen}"


def test_the_derived_fields_hold_after_every_tile_of_whole_games():
    # A tile put on an empty hex updates the front from its old value (rules.pxi, `tile_added`),
    # so an error there would carry on to later tiles: check every board change of whole
    # random games, late-game boards with many tiles included, at three player counts.
    rng = random.Random(5)
    checked = 0
    for players in (2, 4, 6):
        state = game(players).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            stage = body_of(state)["stage"]
            state.apply_action(rng.choice(state.legal_actions()))
            if stage in BOARD_MOVES:
                checked += 1
                assert load(data_of(state)) == state, (players, BOARD_MOVES[stage])
    assert checked > 60
