"""Vulcanus's JSON field table: readable names, the v2 renames, and rules.md kept current."""
from __future__ import annotations

import json
from pathlib import Path

from vsai.ext.fields import with_table
from vsai.ext.vulcanus import engine
from vsai.ext.vulcanus.engine import JSON_FIELDS, VulcanusState

SAVES = Path(__file__).parent / "saves_v2"


def test_every_field_has_a_readable_name():
    assert len(JSON_FIELDS.names) == 81
    assert all(len(name) > 3 or name == "lava" for name in JSON_FIELDS.names)
    assert {"players", "turn_cap", "stage", "round", "to_act"} <= set(JSON_FIELDS.names)


def test_to_dict_writes_the_table_in_order():
    state = VulcanusState(players=3)
    assert tuple(state.to_dict()) == JSON_FIELDS.names


def test_upgrade_v2_renames_every_version_2_field_and_nothing_else():
    v2 = json.loads((SAVES / "shared.json").read_text())["state"]
    upgraded = VulcanusState.upgrade_v2(v2, {"players": 3})
    assert upgraded == {f.name: v2[f.struct] for f in JSON_FIELDS.fields}
    assert VulcanusState.upgrade_v2(upgraded, {"players": 3}) == upgraded


def test_rules_md_holds_the_current_table():
    path = Path(engine.__file__).parent / "rules.md"
    text = path.read_text(encoding="utf-8")
    assert with_table(text, JSON_FIELDS) == text
