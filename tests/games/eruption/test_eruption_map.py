"""Eruption's map speaks in shapes, not codes: lava exits drawn as lines between hexes, the
villages with their owners on the coast, and move details that say where the lava goes."""
from __future__ import annotations

import re

from rich.console import Console

from eruption_helpers import act, position
from vsai.ext.eruption.render import board, move_detail


def _plain(renderable) -> str:
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _rotating_at(hex_name: str):
    """A 2-player position where P1 turns a straight tile placed on `hex_name`."""
    state = position(2, stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    act(state, f"straight tile to {hex_name}")
    return state


def test_map_draws_lava_as_lines_and_the_villages_with_their_owners():
    state = _rotating_at("d5")
    rotation = state.legal_actions()[0]
    state.apply_action(rotation)
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    text = _plain(board(state, 0, True))
    rows = [line for line in text.splitlines() if re.match(r"^\s*[a-i] ", line)]
    assert len(rows) == 9
    assert not any(re.search(r"\b[ICVYFWXU][0-5]\b", row) for row in rows)  # no rotation codes
    assert "lava turned" not in text
    assert re.search(r"##|\^\^", text) and re.search(r"==|/|\\", text)
    assert "V0 P1" in text and "V3 P2" in text and "V1 empty" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_rotation_detail_says_where_the_lava_goes():
    state = _rotating_at("d5")
    details = [move_detail(state, a) for a in state.legal_actions()]
    assert all(detail.startswith("lava ") for detail in details), details
    assert any("towards" in detail for detail in details)
    assert not any(re.search(r"\blava( [NESW]{1,2})+\b", d) for d in details)  # not the move again


def test_a_tile_by_the_coast_names_the_village_it_borders():
    state = position(2, stage=3, resume_after_draw=0)
    act(state, "draw a straight tile")
    details = {state.action_to_string(a): move_detail(state, a) for a in state.legal_actions()}
    assert not any("tile on" in detail for detail in details.values())  # not the move again
    coast = [detail for detail in details.values() if "borders" in detail]
    assert all("village" in detail or "empty V" in detail for detail in coast)
