"""The measured ladder of `vsai play --level` as a table: for `vsai list` and `vsai suite
report --ladder`. Its own module, so that `vsai list` does not import the suite runner (rich's
progress bars, the report code)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vsai.ai.levels import LEVELS
from vsai.cli import game_ladders
from vsai.cli.text_table import TextTable

# One file that stands for the ladders the games ship (`game_ladders.shipped`) when set.
LADDER_FILE: Path | None = None

# z of a significant step: 5%, two-sided.
STEP_Z = 1.96


def significant_step(row: dict[str, Any]) -> bool:
    """Whether a level is significantly stronger than the one below: by the test of both on
    the same sides against the same opponents (z > 1.96) where the results have it, else by
    the win rate against the level below (its 95% interval above an equal level's share: 50%
    head to head, a third for one side of three)."""
    if "step" in row:
        return row["step"]["z"] > STEP_Z
    return row["vs_below"]["ci95"][0] > equal_share(row["vs_below"])


def equal_share(vs_below: dict[str, Any]) -> float:
    """What a level as strong as the one below would win of their games: a half head to head,
    a third alone against two of it (ladders measured before this was recorded: a half)."""
    return vs_below.get("equal", 0.5)


def measured_ladder_table(path: Path | None = None) -> TextTable | None:
    """The measured ladder as a table for `vsai list`, or None when no measurement is shipped
    (or the file is unreadable: `vsai list` must work regardless)."""
    path = LADDER_FILE if path is None else path
    try:
        ladder = json.loads(path.read_text(encoding="utf-8")) if path else game_ladders.shipped()
        return ladder_table(ladder) if ladder else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def ladder_table(ladder: dict[str, Any]) -> TextTable:
    """A measured ladder (`ladder_summary`) as a table: a row per level, a column per game."""
    variants = ladder["variants"]
    suites = ", ".join(dict.fromkeys(v.get("suite", ladder.get("suite", "?")) for v in variants))
    table = TextTable(title=f"Levels measured (suite {suites or '?'})",
                      caption="OpenSkill rating (win rate against the level below, balanced over "
                              "sides, out of an equal level's share where it is not 50%; ? step not "
                              "yet significant; - not measured yet); docs/suites.md says how")
    table.add_column("level")
    for variant in variants:
        table.add_column(f"{variant['game']} {variant['players']}p", justify="right")
    # Every level of the ladder, so that the levels not measured yet show as such.
    numbers = sorted({int(n) for v in variants for n in v["levels"]} | {lv.number for lv in LEVELS})
    for number in numbers:
        cells = []
        for variant in variants:
            row = variant["levels"].get(str(number))
            if row is None:
                cells.append("-")
                continue
            vs = row.get("vs_below")
            equal = "" if not vs or equal_share(vs) == 0.5 else f"/{equal_share(vs):.0%}"
            step = "" if not vs else f" ({vs['win_rate']:.0%}{equal}{'' if significant_step(row) else '?'})"
            cells.append(f"{row['rating']:.1f}{step}")
        table.add_row(str(number), *cells)
    return table
