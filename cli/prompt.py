"""Reading and understanding a human's answers: a move (number or text) or a command.

Nothing here raises on bad input: an unclear answer becomes an `Answer` of kind "error" whose
message says what is wrong and what is legal.
"""
from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vsai.ext.state import State

COMMANDS = {
    "help": "this list",
    "hint": "the AI's three best moves for you, with their estimated win chance",
    "explain": "what the others may hold, read from their play (your view only)",
    "undo": "take back your last move (and the replies to it)",
    "back": "from a group's moves back to the list of groups",
    "rules": "the rules summary",
    "score": "how the scores are made so far (when you may see them)",
    "log": "every move so far, as you saw it",
    "save FILE": "save the game to FILE (JSON)",
    "load FILE": "load a saved game from FILE",
    "board": "show the board and your moves again",
    "more": "the next page of a list too long for the screen",
    "quit": "leave the game",
}
_ALIASES = {"?": "help", "h": "help", "u": "undo", "b": "board", "q": "quit", "exit": "quit", "moves": "board",
            "history": "log", "scores": "score"}
_NEEDS_FILE = ("save", "load")
_NO_ARGUMENT = ("help", "hint", "explain", "undo", "back", "rules", "score", "log", "board", "more", "quit")
# A move number: ASCII digits only (str.isdigit also accepts "²", which int() refuses).
_NUMBER = re.compile(r"-?[0-9]+")


@dataclass(frozen=True)
class Answer:
    """What the human meant: a move, a command (with its argument) or an error message."""

    kind: str  # "move", "group", "command" or "error"
    action: int | None = None
    index: int | None = None  # the group chosen (kind "group")
    command: str = ""
    argument: str = ""
    message: str = ""


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def parse(text: str, state: State, actions: list[int], listed: list[int] | None = None,
          groups: list[str] | None = None) -> Answer:
    """Understand one line typed at the move prompt.

    `actions` are the legal moves (any of their texts is accepted at every step), `listed` the
    numbered moves (default: all of `actions`). With `groups` (their labels), the prompt offers
    groups instead: a number or a label chooses a group (kind "group").
    """
    listed = actions if listed is None else listed
    noun, count = ("group", len(groups)) if groups is not None else ("move", len(listed))
    hint = f"a number from 1 to {count}, " + ("a group's name, a move's text" if groups is not None
                                             else "the move's text")
    line = text.strip()
    if not line:
        return Answer("error", message=f"Please type a {noun}: {hint}, or help.")
    word, _, rest = line.partition(" ")
    command = _ALIASES.get(word.lower(), word.lower())
    if command in _NO_ARGUMENT and not rest.strip():
        return Answer("command", command=command)
    if command in _NEEDS_FILE:
        if not rest.strip():
            return Answer("error", message=f"{command} needs a file name, e.g. {command} game.json")
        return Answer("command", command=command, argument=rest.strip())
    if _NUMBER.fullmatch(line):
        if len(line.lstrip("-")) > 9:   # no game lists a billion moves (and int() caps digits)
            return Answer("error", message=f"There is no {noun} {line[:12]}...: type {hint}, or help.")
        number = int(line)
        if 1 <= number <= count:
            if groups is not None:
                return Answer("group", index=number - 1)
            return Answer("move", action=listed[number - 1])
        return Answer("error", message=f"There is no {noun} {number}: type {hint}, or help.")
    if groups is not None:
        labels = [_normalise(label) for label in groups]
        if _normalise(line) in labels:
            return Answer("group", index=labels.index(_normalise(line)))
    try:
        action = state.string_to_action(line)
    except (ValueError, OverflowError):  # OverflowError: the engine reads "٣٣٣..." as a huge int
        action = None
    if action is not None and action in actions:
        return Answer("move", action=action)
    return Answer("error", message=_unknown(line, state, actions, groups or [], hint))


def _unknown(line: str, state: State, actions: list[int], groups: list[str], hint: str) -> str:
    texts = {_normalise(state.action_to_string(a)): state.action_to_string(a) for a in actions}
    texts.update({_normalise(label): label for label in groups})
    close = difflib.get_close_matches(_normalise(line), list(texts), n=3, cutoff=0.6)
    suggestion = f" Did you mean: {'; '.join(texts[c] for c in close)}?" if close else ""
    return f"{line!r} is not a legal move here.{suggestion} Type {hint}, or help."


def completions(state: State, actions: list[int], groups: list[str] | None = None) -> list[str]:
    """What Tab may complete at the move prompt: the moves' texts, the group labels and the
    commands."""
    words = [state.action_to_string(a) for a in actions] + list(groups or [])
    return words + [name.split()[0] + (" " if " " in name else "") for name in COMMANDS]


def help_lines() -> list[str]:
    """The help text: how to answer, then the commands."""
    lines = ["Type the number of a listed move, or its text (case and spacing do not matter).",
             "When the moves come in groups, type a group's number or name, then a move's",
             "number; back returns to the groups. A move's text works at either step.",
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
