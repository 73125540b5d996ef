"""Eruption (Stratus Games, 2011; Korean rules "화산 폭발!"): the rules engine and its parts.

`engine` is the Cython rules engine, `data.pxd` the board (61 hexes, villages, material icons),
the lava tiles, the action cards and the tracks, `spec` the game's description for the registry,
`render` its board for the terminal and `rules.md` the rules coverage (each rule and GAPS.md ID,
where it is implemented, which test pins it).
"""
