# cython: language_level=3
"""Vulcanus's action ids (the first id of each action family and chance outcome family): logic.pyx
(the stages, compiled at -O3) and engine.pyx (the texts of codec.pxi, at -O1) both cimport them.
The Python side of the codec, the texts, stays in codec.pxi."""
from vsai.ext.vulcanus.data cimport *

cdef enum:
    A_SQ = 0            # + square: a square chosen (meaning by stage)
    A_DONE = 18         # stop / skip / decline (text by stage)
    A_PLACE = 19        # + card type: plan that card in the next slot
    A_MARK = 26         # + human card type: set a hand card aside for a redraw (V19)
    A_REDRAW = 33       # pay 1 fund, discard the set-aside cards and draw as many (V19)
    A_ROLE = 34         # + role
    A_DROP = 38         # + bonus tile: the destruction bonus tile put back in the box
    A_DECLARE = 46      # + bonus tile: declare a destruction bonus (V11)
    A_EVO = 54          # + Kaiju card type: evolution tile (V12)
    A_PERM = 60         # + arrangement of the letter groups on the board (V4 swap)
    A_CIT = 66          # a citizen (victim / evacuee)
    A_VIP = 67          # a VIP (victim / evacuee)
    A_OPT = 68          # + option index (Trampling, Large shell, Continuation)
    A_MOVE = 72         # + kind*72 + square*4 + line: move one piece along a line
    A_BOMB = 360        # + square*5 + what: Fire bomb target
    A_FF = 450          # + unit*90 + square*5 + k: fire fighting by a fire brigade/base
    A_CMD = 630         # + command*18 + square: Commands to SDF by the SDF unit there
    A_MOB = 684         # + square*2 + kind: Mobilization at a base
    NUM_ACTIONS = 720

cdef enum:
    NUM_CHANCE = 24     # tile ids (set-up), card types (draws), event kinds, bonus tiles

# piece kinds for A_MOVE
cdef enum:
    PK_CIT = 0
    PK_VIP = 1
    PK_FB = 2
    PK_SDF = 3
