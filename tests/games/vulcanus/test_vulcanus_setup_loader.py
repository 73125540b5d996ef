"""Vulcanus's loader holds the set-up fields to what the set-up steps can make (issue 25
item 2): the deal, the bonus tiles, Vulcanus's start, the roles, the step counter and the seat
to act. Each edit here was accepted before and broke the game some steps later."""
from __future__ import annotations

import json
import random

import pytest

from vsai.core import state_from_json
from vsai.core.errors import VsaiError
from vsai.core.registry import load_game

from vulcanus_helpers import SQ, play_until

B_BOX, B_HAND, B_ASIDE, B_DRAWN = 0, 1, 2, 4
STAGE = {"tiles": 0, "bonus draw": 1, "bonus drop": 2, "kaiju start": 3, "roles": 4, "fire brigade": 5,
         "sdf_units": 6}


def setup_doc(stage: str, players: int = 4, seed: int = 1, setup_square: int | None = None) -> dict:
    """The JSON of a seeded random game at a set-up step (at `setup_square` if given)."""
    state = load_game("vulcanus", players=players).new_initial_state()

    def there(s) -> bool:
        d = json.loads(s.to_json())["state"]
        return d["stage"] == STAGE[stage] and (setup_square is None or d["setup_square"] == setup_square)
    play_until(state, there, random.Random(seed))
    doc = json.loads(state.to_json())
    assert there(state), "the game never reached the set-up step"
    assert state_from_json(json.dumps(doc)) == state
    return doc


def refused(doc: dict, words: str) -> None:
    with pytest.raises(VsaiError, match=words):
        state_from_json(json.dumps(doc))


def test_a_tile_dealt_into_a_slot_of_another_letter_is_refused():
    # The repro save vulcanus-duplicate-tile.json: omen tile B (7) on Akasaka, a C square,
    # leaves a B square with no tile to deal eight steps later.
    doc = setup_doc("tiles", setup_square=8)
    doc["state"]["tiles"][SQ["Akasaka"]] = 7
    refused(doc, "not a map tile of Akasaka's letter")


def test_a_tile_dealt_twice_or_a_square_skipped_is_refused():
    doc = setup_doc("tiles", setup_square=8)
    tiles = doc["state"]["tiles"]
    tiles[SQ["Ueno"]] = tiles[SQ["Ikebukuro"]]      # two A squares
    refused(doc, "a tile lies on two squares")
    doc = setup_doc("tiles", setup_square=8)
    doc["state"]["tiles"][3] = -1
    refused(doc, "squares dealt so far")


def test_a_bonus_tile_moved_before_the_bonus_draw_is_refused():
    # The repro save vulcanus-bonus-location.json: a tile "put back" during the tile deal.
    doc = setup_doc("tiles", setup_square=3)
    doc["state"]["bonus_tile_places"][3] = B_ASIDE
    refused(doc, "bonus tiles do not match the set-up step")


@pytest.mark.parametrize("stage", ["bonus draw", "bonus drop", "kaiju start", "roles", "sdf_units"])
def test_bonus_tiles_and_their_count_must_match_each_set_up_step(stage):
    doc = setup_doc(stage)
    doc["state"]["bonus_tiles_drawn"] = (doc["state"]["bonus_tiles_drawn"] + 1) % 5
    refused(doc, "bonus tiles do not match the set-up step")
    doc = setup_doc(stage)
    loc = doc["state"]["bonus_tile_places"]
    loc[loc.index(B_BOX)] = B_HAND if stage != "bonus draw" else B_DRAWN
    refused(doc, "bonus tiles do not match the set-up step")


def test_vulcanus_starts_on_one_of_its_start_squares():
    doc = setup_doc("roles")
    doc["state"]["vulcanus_square"] = SQ["Tokyo"]
    refused(doc, "not on a start square")


def test_roles_are_each_chosen_once_and_in_letter_order():
    doc = setup_doc("fire brigade")
    doc["state"]["roles"][1] = doc["state"]["roles"][0]
    refused(doc, "roles are chosen in letter order, each once")
    doc = setup_doc("roles", setup_square=1)
    doc["state"]["roles"][2] = (doc["state"]["roles"][0] + 1) % 4
    refused(doc, "roles are chosen in letter order, each once")


@pytest.mark.parametrize("stage", ["tiles", "bonus draw", "bonus drop", "kaiju start", "roles", "fire brigade"])
def test_the_seat_to_act_and_the_step_counter_match_the_set_up_step(stage):
    doc = setup_doc(stage)
    doc["state"]["to_act"] = 2 if doc["state"]["to_act"] != 2 else 0
    refused(doc, "seat to act does not match the set-up step")
    if stage != "tiles":
        doc = setup_doc(stage)
        doc["state"]["setup_square"] = (doc["state"]["setup_square"] + 1) % 4 if stage != "roles" else 3
        refused(doc, "step counter|no role left to choose")


def test_the_deal_cannot_run_past_the_last_square():
    doc = setup_doc("tiles", setup_square=17)
    doc["state"]["setup_square"] = 18
    refused(doc, "past the last square")
