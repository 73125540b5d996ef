"""Kilauea (Combo Games, 2025): the rules engine, its data, JSON codec, spec and renderer.

`engine` is the Cython rules engine, `data.pxd` the board and component data, `spec` the
game's description for the registry, `render` its board for the terminal and `rules.md` the
rules coverage (each rule and GAPS.md ID, where it is implemented, which test pins it).
"""
