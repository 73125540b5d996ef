"""Reading and understanding a human's answers: a move (number or text) or a command.

Nothing here raises on bad input: an unclear answer becomes an `Answer` of kind "error" whose
message says what is wrong and what is legal.
"""
from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass
from typing import Any

COMMANDS = {
    "help": "this list",
    "hint": "the AI's three best moves for you, with their estimated win chance",
    "undo": "take back your last move (and the replies to it)",
    "save FILE": "save the game to FILE (JSON)",
    "load FILE": "load a saved game from FILE",
    "board": "show the board and your moves again",
    "quit": "leave the game",
}
_ALIASES = {"?": "help", "h": "help", "u": "undo", "b": "board", "q": "quit", "exit": "quit", "moves": "board"}
_NEEDS_FILE = ("save", "load")
# A move number: ASCII digits only (str.isdigit also accepts "²", which int() refuses).
_NUMBER = re.compile(r"-?[0-9]+")


@dataclass(frozen=True)
class Answer:
    """What the human meant: a move, a command (with its argument) or an error message."""

    kind: str  # "move", "command" or "error"
    action: int | None = None
    command: str = ""
    argument: str = ""
    message: str = ""


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def parse(text: str, state: Any, actions: list[int]) -> Answer:
    """Understand one line typed at the move prompt; `actions` are the listed moves in order."""
    line = text.strip()
    if not line:
        return Answer("error", message=f"Please type a move: a number from 1 to {len(actions)}, "
                                       "the move's text, or help.")
    word, _, rest = line.partition(" ")
    command = _ALIASES.get(word.lower(), word.lower())
    if command in ("help", "hint", "undo", "board", "quit") and not rest.strip():
        return Answer("command", command=command)
    if command in _NEEDS_FILE:
        if not rest.strip():
            return Answer("error", message=f"{command} needs a file name, e.g. {command} game.json")
        return Answer("command", command=command, argument=rest.strip())
    if _NUMBER.fullmatch(line):
        if len(line.lstrip("-")) > 9:   # no game lists a billion moves (and int() caps digits)
            return Answer("error", message=f"There is no move {line[:12]}...: type a number from 1 to "
                                           f"{len(actions)}, the move's text, or help.")
        number = int(line)
        if 1 <= number <= len(actions):
            return Answer("move", action=actions[number - 1])
        return Answer("error", message=f"There is no move {number}: type a number from 1 to "
                                       f"{len(actions)}, the move's text, or help.")
    try:
        action = state.string_to_action(line)
    except (ValueError, OverflowError):  # OverflowError: the engine reads "٣٣٣..." as a huge int
        action = None
    if action is not None and action in actions:
        return Answer("move", action=action)
    return Answer("error", message=_unknown(line, state, actions))


def _unknown(line: str, state: Any, actions: list[int]) -> str:
    texts = {_normalise(state.action_to_string(a)): state.action_to_string(a) for a in actions}
    close = difflib.get_close_matches(_normalise(line), list(texts), n=3, cutoff=0.6)
    suggestion = f" Did you mean: {'; '.join(texts[c] for c in close)}?" if close else ""
    return (f"{line!r} is not a legal move here.{suggestion} Type a number from 1 to "
            f"{len(actions)}, a listed move's text, or help.")


def completions(state: Any, actions: list[int]) -> list[str]:
    """What Tab may complete at the move prompt: the moves' texts and the commands."""
    words = [state.action_to_string(a) for a in actions]
    return words + [name.split()[0] + (" " if " " in name else "") for name in COMMANDS]


def help_lines() -> list[str]:
    """The help text: how to answer, then the commands."""
    lines = ["Type the number of a listed move, or its text (case and spacing do not matter).",
             "Commands:"]
    width = max(len(c) for c in COMMANDS)
    lines += [f"  {name.ljust(width)}  {meaning}" for name, meaning in COMMANDS.items()]
    return lines


# The longest answer read at the prompt (characters); a longer line is cut and refused.
MAX_ANSWER = 4096


class LineReader:
    """One answer per call: `input()` with line editing on a terminal, plain lines from a pipe.

    On a terminal, readline (when available) gives history and Tab completion of the words
    set by `complete_with` (the legal moves' texts and the commands).
    """

    def __init__(self, interactive: bool):
        self.interactive = interactive
        self._words: list[str] = []
        self._readline = _setup_readline(self._complete) if interactive else None

    def complete_with(self, words: list[str]) -> None:
        """What Tab completes from now on."""
        self._words = list(words)

    def _complete(self, text: str, index: int) -> str | None:
        wanted = text.lower()
        matches = [w for w in self._words if w.lower().startswith(wanted)]
        return matches[index] if index < len(matches) else None

    def read(self, prompt: str) -> str | None:
        """The next answer, or None at the end of input (or Ctrl-D / Ctrl-C at the prompt)."""
        if self.interactive:
            try:
                return input(prompt)
            except (EOFError, KeyboardInterrupt):
                print()
                return None
        sys.stdout.write(prompt)
        line = sys.stdin.readline(MAX_ANSWER + 1)
        if not line:
            sys.stdout.write("\n")
            return None
        if len(line) > MAX_ANSWER and not line.endswith("\n"):
            while (rest := sys.stdin.readline(MAX_ANSWER)) and not rest.endswith("\n"):
                pass   # drop the rest of an overlong line, a bounded piece at a time
            line = line[:80] + "..."
        answer = line.rstrip("\r\n")
        sys.stdout.write(answer + "\n")  # echo, so a scripted game's transcript reads well
        sys.stdout.flush()
        return answer


def _setup_readline(completer):
    """Tab completion of whole answers (spaces included), if the readline module exists."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline
        return None
    readline.set_completer_delims("")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")
    return readline
