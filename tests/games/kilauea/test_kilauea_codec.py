"""Kilauea's action table (ext/kilauea/codec.pxi), observation segments and documented JSON."""
import random
from pathlib import Path

from vsai.core.registry import load_game
from vsai.ext.kilauea import engine

RULES = Path(__file__).resolve().parents[3] / "ext" / "kilauea" / "rules.md"
# The first ids of the families before the table existed: saved records must still replay.
FIRST_IDS = {"move": 0, "draft": 10, "cut": 30, "stop": 85, "pass": 86, "volcano": 87,
             "island": 91, "activate": 95, "island_move": 115, "volcano_move": 215,
             "forest_to_volcano": 315, "canoe_to_volcano": 590, "forest_to_island": 610,
             "canoe_to_island": 885, "volcano_to_canoe": 905, "volcano_to_island": 925,
             "second_colour": 1025}


def test_families_tile_the_ids_with_todays_first_ids():
    families = engine.ACTION_FAMILIES
    assert {f.name: f.first for f in families} == FIRST_IDS
    nxt = 0
    for family in families:
        assert family.first == nxt
        nxt += family.size
    assert nxt == engine.NUM_DISTINCT_ACTIONS == 1029


def test_encode_decode_round_trip_every_id():
    for action in range(engine.NUM_DISTINCT_ACTIONS):
        family = engine.family_of(action)
        values = family.decode(action)
        assert len(values) == len(family.fields)
        assert all(0 <= v < s for v, s in zip(values, family.sizes))
        assert family.encode(values) == action


def test_max_branching_comes_from_the_table():
    sizes = {f.name: f.size for f in engine.ACTION_FAMILIES}
    assert engine.MAX_BRANCHING == sizes["forest_to_volcano"] == sizes["forest_to_island"] == 275
    assert sizes["cut"] + sizes["volcano"] + sizes["island"] < engine.MAX_BRANCHING


def test_texts_parse_back_through_the_table():
    """Every legal action's text is found by the table's parser (not only by the fallback)."""
    for players in (2, 4):
        game = load_game("kilauea", players=players)
        rng = random.Random(players)
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(state.chance_outcomes()[0][0])
                    continue
                context = state.phase() if state.phase() in ("target", "effect", "back") else ""
                for action in state.legal_actions():
                    text = state.action_to_string(action)
                    assert action in engine.parse_action_text(text, context)
                    assert action in engine.parse_action_text("  " + text.upper(), context)
                state.apply_action(rng.choice(state.legal_actions()))


def test_rules_md_shows_the_action_table():
    assert engine.action_encoding_markdown() in RULES.read_text()


def test_observation_segments_add_up():
    segments = engine.OBSERVATION_SEGMENTS
    assert len({name for name, _ in segments}) == len(segments)
    assert sum(size for _, size in segments) == engine.OBSERVATION_SIZE == 664


def test_every_json_field_is_documented():
    """The state's JSON has the fields of the table, which rules.md shows (JSON format)."""
    text = RULES.read_text()
    section = text[text.index("## JSON format"):]
    section = section[:section.index("\n## ", 1)]
    state = load_game("kilauea", players=3).new_initial_state().random_playout(2)
    assert list(state.to_dict()) == list(engine.JSON_FIELDS.names)
    assert engine.JSON_FIELDS.markdown() in section
