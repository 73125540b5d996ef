"""Godzilla (ゴジラ): the rules engine, its data, spec, renderer and rules coverage.

`engine` is the Cython rules engine, `data.pxd` the map, cards and tile mixes, `spec` the game's
description for the registry, `render` its board for the terminal and `rules.md` the rules
coverage (each rule and GAPS.md ID, where it is implemented, which test pins it).
"""
