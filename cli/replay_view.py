"""The interactive viewer of `vsai replay`: a saved game position by position, back and forth.

A position is where a player is about to decide (and the end of the game). The viewer opens
after the set-up (the chance before the first decision) unless asked for the very start,
and moves are numbered by player decisions: "move 12" is the position after the 12th.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from rich.console import Console
from rich.text import Text

from vsai.cli.screen import fitted, recap_lines
from vsai.ext.ui import render
from vsai.core.match import Match, Move

if TYPE_CHECKING:
    from vsai.ext.state import State

HELP = "Enter or n: next, p: back, a number: that move, s: start, e: end, q: quit"


@dataclass(frozen=True)
class Stop:
    """A position of the viewer: the ply it is at and the player decisions made before it."""

    ply: int
    moves: int


def stops(match: Match) -> list[Stop]:
    """The positions a replay stops at: the start, each player decision, the end."""
    result = [Stop(0, 0)]
    made = 0
    for move in match.history:
        if move.seat >= 0:
            if result[-1].ply != move.ply:
                result.append(Stop(move.ply, made))
            made += 1
    if result[-1].ply != len(match.history):
        result.append(Stop(len(match.history), made))
    return result


class ReplayViewer:
    """Shows a replayed match at one stop at a time and reads where to go next."""

    def __init__(self, console: Console, match: Match, seat: int | None, names: dict[int, str],
                 read: Callable[[str], str | None], plain: bool = False, from_start: bool = False):
        self.console = console
        self.match = match
        self.seat = seat
        self.names = names
        self.read = read
        self.plain = plain
        self.stops = stops(match)
        # Skip the set-up: open at the first decision (the start when there is none).
        first = next((m.ply for m in match.history if m.seat >= 0), 0)
        self.index = 0 if from_start else next(i for i, stop in enumerate(self.stops)
                                               if stop.ply == first or i == len(self.stops) - 1)
        self.total = self.stops[-1].moves

    def state_at(self, ply: int) -> State:
        """The state after the first `ply` actions."""
        state = self.match.game.new_initial_state()
        for move in self.match.history[:ply]:
            state.apply_action(move.action)
        return state

    def who(self, seat: int) -> str:
        """"P2 (ismcts)", or "Chance"."""
        if seat < 0:
            return "Chance"
        return f"{render.seat_label(seat, self.match.game)} ({self.names.get(seat, '?')})"

    def describe(self, move: Move) -> str:
        """A move as the viewer's seat may read it (everything for a spectator)."""
        return f"{self.who(move.seat)}: {move.text_for(self.match.game.name, self.seat)}"

    def last_visible(self, ply: int) -> int | None:
        """The last player decision before `ply`, when the viewer's seat could identify it."""
        last = next((m for m in reversed(self.match.history[:ply]) if m.seat >= 0), None)
        if last is None or (self.seat is not None and self.seat in last.hidden_from):
            return None
        return last.action

    def show(self) -> None:
        """The moves that led to this stop, the board, and where the replay is."""
        stop = self.stops[self.index]
        previous = self.stops[self.index - 1].ply if self.index else 0
        width = max(self.console.width, 20)
        state = self.state_at(stop.ply)
        game = self.match.game
        title = f"{game.spec.title}: move {stop.moves} of {self.total}" + (
            " (the end)" if stop.ply == len(self.match.history) else
            " (the start)" if stop.ply == 0 else "")
        if self.seat is not None:
            board = render.render_view(state, self.seat, title=title, names=self.names,
                                       last_move=self.last_visible(stop.ply),
                                       hidden_information=game.has_hidden_information(), plain=self.plain)
        else:
            board = render.framed(render.spectator_board(state, game.has_hidden_information(),
                                                         last_move=self.last_visible(stop.ply),
                                                         plain=self.plain), title, self.plain)
        self.console.print(board)
        lines = recap_lines(self.match.history[previous:stop.ply], self.describe)
        if lines:
            lines.insert(0, "The set-up:" if stop.moves == 0 else f"Move {stop.moves}:")
        for line in fitted(lines, width):
            self.console.print(line, soft_wrap=True)
        if state.is_terminal():
            breakdown = render.score_breakdown(state, self.seat)
            if breakdown is not None:
                self.console.print(render.framed(breakdown, "Scoring", self.plain))
            self.console.print(Text(render.result_line(state, self.names, width)), soft_wrap=True)

    def run(self) -> None:
        """Show stops until the user quits (q, or the end of input)."""
        message = ""
        while True:
            if not self.plain and self.console.is_terminal:
                self.console.clear()
            self.show()
            for line in fitted([message, HELP] if message else [HELP], max(self.console.width, 20), "dim"):
                self.console.print(line, soft_wrap=True)
            answer = self.read(f"Move {self.stops[self.index].moves}/{self.total}: ")
            if answer is None:
                return
            target, message = self.target(answer.strip().lower())
            if target is None:
                return
            self.index = target

    def target(self, answer: str) -> tuple[int | None, str]:
        """The stop `answer` goes to (None: quit) and a message when it cannot go there."""
        last = len(self.stops) - 1
        if answer in ("q", "quit", "exit"):
            return None, ""
        if answer in ("", "n", "next", "+"):
            return min(self.index + 1, last), "This is the end of the game." if self.index == last else ""
        if answer in ("p", "b", "back", "prev", "previous", "-"):
            return max(self.index - 1, 0), "This is the start of the game." if self.index == 0 else ""
        if answer in ("s", "start"):
            return 0, ""
        if answer in ("e", "end"):
            return last, ""
        if answer.isascii() and answer.isdigit() and len(answer) < 10:
            number = int(answer)
            if number <= self.total:
                return next(i for i, stop in enumerate(self.stops) if stop.moves == number and (
                    i == last or self.stops[i + 1].moves > number)), ""
            return self.index, f"There is no move {number}: the game has {self.total} moves."
        return self.index, f"{answer[:40]!r} is not understood."
