"""Eruption's map speaks in shapes, not codes: lava exits drawn as lines between hexes, the
villages with their owners on the coast, and move details that say where the lava goes."""
from __future__ import annotations

import re

from rich.console import Console

from eruption_helpers import act, position
from vsai.ext.eruption.render import board, move_detail


def _plain(renderable, width: int = 80) -> str:
    console = Console(width=width, record=True, color_system=None)
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


def _compact_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"^\s*(V\d.*?\s{2})?[a-i]   [.#^*!@]", line)]


def test_the_compact_map_takes_one_line_a_hex_row_with_the_villages_and_a_key():
    state = _rotating_at("d5")
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    text = _plain(board(state, 0, True, compact=True), width=76)  # inside the panel at 80 columns
    rows = _compact_rows(text)
    assert [len(re.findall(r"(\.[.swt]|##|\^\^|\*\*|!!|@@)(?=  |==|$)", row)) for row in rows] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    # The status with the turn, your village (a hand of three long card names wraps), the map.
    assert len(text.splitlines()) == 2 + 9 + 1
    assert "V0 P1 0C" in text and "V3 P2 0C" in text and "V1 empty" in text
    assert "## lava" in text and "^^ volcano" in text and "!! lava into village" in text
    assert text.splitlines()[1].startswith("P1 V0: 0C, level 0; walls ")


def test_the_compact_map_marks_lava_pouring_into_a_village_unwalled():
    import random

    from vsai.core import load_game, sample_chance

    state, rng = load_game("eruption", players=2).new_initial_state(), random.Random(1)
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    whole, compact = _plain(board(state, 0, True)), _plain(board(state, 0, True, compact=True))
    poured = [row for row in _compact_rows(compact) if re.search(r"(?<=  |==)!!(?=  |==|$)", row)]
    assert "!" in whole and poured  # the whole map's `!` edges: the compact map's `!!` hexes


def test_a_discard_for_a_wall_names_its_gain_once():
    import random

    from vsai.core import load_game, sample_chance

    state, rng = load_game("eruption", players=2).new_initial_state(), random.Random(1)
    while not any(state.action_info(a)["kind"] == "discard_for_wall" for a in state.legal_actions()):
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    detail = next(move_detail(state, a) for a in state.legal_actions()
                  if state.action_info(a)["kind"] == "discard_for_wall")
    assert detail.count("gain a ") == 1, detail
