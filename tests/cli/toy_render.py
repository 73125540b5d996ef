"""A render module with every hook, for any game: the tests put it in place of a game's own.

Each hook writes something a test can find: the board names the last move it was given, a
move's detail is its id, its group its id modulo 3, the breakdown names the seat.
"""
from rich.text import Text

CALLS = []  # (hook, arguments) of each call, for the tests to inspect


def board(state, seat, hidden_information, last_move=None, plain=False):
    CALLS.append(("board", seat, last_move, plain))
    marked = "none" if last_move is None else str(last_move)
    return Text(f"TOY BOARD for seat {seat}, plain={plain}, last move id {marked}\n"
                + (state.observation_string(seat) if seat is not None else str(state)))  # None: a spectator


def move_detail(state, action):
    return f"id {action}"


def move_group(state, action):
    return f"toy group {action % 3}"


def score_breakdown(state, seat):
    CALLS.append(("score_breakdown", seat))
    return Text(f"TOY BREAKDOWN for {'everyone' if seat is None else f'seat {seat}'}")


def hidden_move_text(mover, text):
    return "a toy secret"
