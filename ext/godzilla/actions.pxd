# cython: language_level=3
"""Godzilla's action ids (the first id of each action family and chance outcome family): logic.pyx
(the stages, compiled at -O3) and engine.pyx (the texts of codec.pxi, at -O1) both cimport them.
The Python side of the codec, the texts, stays in codec.pxi."""
from vsai.ext.godzilla.data cimport *

# ---------------------------------------------------------------- action families (first ids)
cdef enum:
    A_DONE = 0                              # end the current step (text depends on the stage)
    A_FOOT = A_DONE + 1                     # + road: place a Footprint tile (omen)
    A_PLACE = A_FOOT + NROADS               # + kind * 29 + road: a route tile from the stock
    A_VEHICLE = A_PLACE + NKINDS * NROADS   # play a Vehicle procurement card (planning)
    A_SUPPORT = A_VEHICLE + 1               # + card 0..3: play a revealed support card
    A_HVROAD = A_SUPPORT + NSUPPORT         # + road: place a High-voltage tile
    A_TANKROAD = A_HVROAD + NROADS          # + road: place a Tank tile
    A_TANKMOVE = A_TANKROAD + NROADS        # + road * 6 + j: the Tank on road to its j-th
                                            # neighbour road (ROAD_ADJ)
    A_REROLL = A_TANKMOVE + NROADS * 6      # + value 0..5: set a die aside to reroll
    A_STRAIGHT = A_REROLL + 6               # + straight index 0..14: the movement group
    A_RAYGRP = A_STRAIGHT + 15              # + value * 5 + (k - 2): the heat-ray group
    A_GO_MOVE = A_RAYGRP + 6 * 5            # resolve the movement first
    A_GO_RAY = A_GO_MOVE + 1                # resolve the heat ray first
    A_STEP = A_GO_RAY + 1                   # + road: one movement step across a footprint road
    A_RAYDIR = A_STEP + NROADS              # + direction 0..3 (north, east, south, west)
    A_TAKE_DIE = A_RAYDIR + 4               # awakening: take a die
    A_TAKE_REROLL = A_TAKE_DIE + 1          # awakening: take a Reroll tile
    A_EVAC = A_TAKE_REROLL + 1              # + from * 20 + to: move one Evacuee or Press piece
    NUM_ACTIONS = A_EVAC + NSQ * NSQ
    NUM_CHANCE = 462                        # the most outcomes: 6 dice, C(11, 5) multisets
