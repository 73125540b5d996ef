"""`vsai play` in a real pseudo-terminal (pexpect): a whole game against ISMCTS, answering 1."""
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

VSAI = Path(sys.executable).with_name("vsai")
PROMPT = re.compile(r"P1, your move \[1-\d+, help\]: ")
RESULT = re.compile(r"Result: [^\r\n]*")


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
def test_a_whole_game_in_a_terminal():
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="40")
    child = pexpect.spawn(str(VSAI), ["play", "kilauea", "--ai", "ismcts", "--iterations", "50",
                                      "--seed", "3"], env=env, encoding="utf-8", timeout=20,
                          dimensions=(40, 100))
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
