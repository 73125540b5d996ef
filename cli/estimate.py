"""How sure a search is of a move's win chance, in words a player can trust.

A search's value for a move is the mean return of the playouts through it. From few visits it
is noise: 25 visits that all won say "100%" while the truth may be far lower. Below
`ROUGH_BELOW` visits the figure is given as a rough range (a 95% Wilson score interval over
the visits, treating them as independent trials, which flatters the search if anything), and
with no visits at all no figure is given.
"""
from __future__ import annotations

import math

# Visits a move needs before its win chance is given as one figure (README, "hint").
ROUGH_BELOW = 200
_Z = 1.96  # a 95% interval


def interval(value: float, visits: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a mean return `value` in [0, 1] over `visits` trials."""
    p = min(1.0, max(0.0, value))
    z2n = _Z * _Z / visits
    centre = (p + z2n / 2) / (1 + z2n)
    half = _Z * math.sqrt(p * (1 - p) / visits + z2n / (4 * visits)) / (1 + z2n)
    return max(0.0, centre - half), min(1.0, centre + half)


def win_chance_text(value: float, visits: int) -> str:
    """"estimated win chance 62%", or from fewer than ROUGH_BELOW visits "rough estimate:
    win chance 48-81% (25 visits)", or with no visits "no estimate of the win chance"."""
    if visits <= 0:
        return "no estimate of the win chance"
    if visits < ROUGH_BELOW:
        low, high = interval(value, visits)
        return f"rough estimate: win chance {low:.0%}-{high:.0%} ({visits} visits)"
    return f"estimated win chance {value:.0%}"
