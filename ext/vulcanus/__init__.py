"""Vulcanus (Arclight, 2019): the rules engine, its data, JSON codec, spec, renderer.

`engine` is the Cython rules engine, `data.pxd` the map, tiles, cards and tracks, `spec` the
game's description for the registry, `render` its board for the terminal and `rules.md` the
rules coverage (each rule and GAPS.md ID, where it is implemented, which test pins it).
"""
