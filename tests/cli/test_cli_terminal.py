"""`vsai play` in a real pseudo-terminal (pexpect): a whole game against ISMCTS answering 1, and
a long list of moves chosen in two steps on a 24-line terminal, then `quit`."""
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

VSAI = Path(sys.executable).with_name("vsai")
# Any prompt for a move: the whole list, the groups of a long one, or one group's moves.
PROMPT = re.compile(r"P1, (your move|choose a group|your move in [^\r\n]*?) \[1-\d+(, back)?, help\]: ")
RESULT = re.compile(r"Result: [^\r\n]*")


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
def test_a_whole_game_in_a_terminal():
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="40")
    # 20 turns (a random game lasts about 57): a whole game to its result line, the AI's
    # search in every turn, at a third of the CPU.
    child = pexpect.spawn(str(VSAI), ["play", "kilauea", "--ai", "ismcts", "--iterations", "50",
                                      "--seed", "3", "--option", "turn_cap=20"], env=env,
                          encoding="utf-8", timeout=20, dimensions=(40, 100))
    child.delaybeforesend = None  # no 50 ms pause before each answer
    try:
        decisions = 0
        child.expect(PROMPT)
        child.send("hel\t\r")  # Tab completes the command; its output, then the prompt again
        child.expect("save FILE")
        child.expect(PROMPT)
        child.sendline("no such move")
        child.expect("is not a legal move here")
        while True:
            index = child.expect([PROMPT, RESULT])
            if index == 1:
                break
            decisions += 1
            child.sendline("1")
            assert decisions < 2000, "the game does not end"
        line = child.match.group(0)
        assert "P1 (you)" in line and "P2 (ismcts)" in line
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    assert decisions > 10


# A game whose lists grow past what a 24-line terminal shows (its ideas take up to 45 moves).
GROUPED_GAME = "vec"
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|\r")


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
def test_long_lists_are_two_short_steps_in_a_24_line_terminal():
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(str(VSAI), ["play", GROUPED_GAME, "--ai", "random", "--seed", "2"], env=env,
                          encoding="utf-8", timeout=20, dimensions=(24, 80))
    child.delaybeforesend = None
    try:
        tried = False
        for _ in range(3000):
            index = child.expect([PROMPT, RESULT])
            if index == 1:
                break
            screen = ANSI.sub("", child.before)
            if "choose a group" in child.after and not tried:
                tried = True
                # The last round is on screen with the groups and the prompt: 24 lines from the
                # board's bottom edge.
                below = screen[screen.rindex("╰"):].split("\n")[1:]
                assert below[0].startswith(("Last round", "So far"))
                assert len(below) <= 23
                groups = re.findall(r"(?m)^\s*(\d+)\. .*?(\d+) moves$", screen)
                number, size = groups[0]
                child.sendline(number)
                child.expect(rf"your move in [^\r\n]*\[1-{size}, back, help\]: ")
                child.sendline("back")
                child.expect(r"choose a group \[1-\d+, help\]: ")
                child.sendline(number)
                child.expect("your move in ")
                child.sendline(size)   # the group's last move
                child.expect(r"P1 \(you\) plays: ")
                # Then leave: a whole game to its result in a terminal is the test above
                # (playing this one out cost more than the rest of this file).
                child.expect(PROMPT)
                child.sendline("quit")
                child.expect("Save this game before quitting")
                child.sendline("")
                break
            child.sendline("1")
        assert tried, "no grouped choice came up"
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
