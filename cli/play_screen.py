"""What a seat sees during `vsai play`: its board, the last round under it, the scores, the
final screen. The play loop decides who acts; this draws it, fitted to the console's width
(plain: no colour, no box drawing, one move a line).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from rich.console import Console, Group
from rich.text import Text

from vsai.cli.screen import RECAP_LINES, fitted, numbered_lines, pages, recap_lines
from vsai.ext.ui import render
from vsai.core.match import CHANCE, HUMAN, Match, Move
from vsai.ext.ui.wrap import Hanging

if TYPE_CHECKING:
    from vsai.core.game import Game

# A move list longer than this is shown in columns on a terminal (unless plain).
_COLUMNS_FROM = 12
# A board fitted to a short terminal keeps at least this many lines (its title and status).
_BOARD_ROWS = 5
# When the compact board, the last round and the choices do not fit a terminal together, the
# last round shrinks to this many moves (its heading counts the others) and the list takes at
# least _LIST_ROWS a page.
_RECAP_FEWEST = 1
_LIST_ROWS = 4


class PlayScreen:
    """The drawing side of a play loop, for the match at `table` (replaced when a game is loaded)."""

    def __init__(self, console: Console, table: Match, plain: bool = False):
        self.console = console
        self.table = table
        self.plain = plain
        self.seen_scores: dict[int, list[float]] = {}  # each seat's scores at its last screen
        # The rows kept for the board above a list on a terminal: its compact height this
        # screen (`keep_board_whole`), else the fewest a fitted board keeps.
        self.board_rows = _BOARD_ROWS

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.table.game

    def names(self) -> dict[int, str]:
        """Seat -> "you" (a lone human), "human" or the agent name."""
        humans = self.table.humans
        return {seat: ("you" if who == HUMAN and len(humans) == 1 else who)
                for seat, who in self.table.seats.items()}

    def who(self, seat: int) -> str:
        """The seat as people see it, e.g. "P2 (ismcts)"; "Chance" for chance."""
        if seat == CHANCE:
            return "Chance"
        return f"{render.seat_label(seat, self.game)} ({self.names().get(seat, '?')})"

    @property
    def width(self) -> int:
        """The width every line fits in."""
        return max(self.console.width, 20)

    def say(self, text: str, style: str | None = None) -> None:
        """One message, fitted to the width (a long one continues indented on the next lines)."""
        for line in fitted([text], self.width, style or ""):
            self.console.print(line, soft_wrap=True)

    def print_lines(self, lines: list[Text]) -> None:
        """Lines already fitted to the width."""
        for line in lines:
            self.console.print(line, soft_wrap=True)

    def last_move(self, observer: int | None) -> int | None:
        """The action of the last player decision, when `observer` (None: a spectator) could
        identify it: the board may mark it."""
        for move in reversed(self.table.history):
            if move.seat >= 0:
                return None if observer is not None and observer in move.hidden_from else move.action
        return None

    def show_board(self, seat: int, title: str | None = None, rows: int | None = None) -> None:
        """The board as `seat` sees it, in a panel (plain: under a heading), the last move marked;
        on a terminal, in at most `rows` lines when given (the compact board, cut if need be)."""
        drawn = self.board_view(seat, title)
        if rows is not None and self.console.is_terminal and self.height(drawn) > rows:
            drawn = self.board_view(seat, title, max(rows, _BOARD_ROWS))
        self.console.print(drawn)

    def board_view(self, seat: int, title: str | None = None, rows: int | None = None) -> Any:
        """The seat's view as drawn: the whole board, or with `rows` the compact one in at most
        that many lines."""
        title = (title or self.game.spec.title) + (" (practice)" if self.table.practice else "")
        return render.render_view(self.table.state, seat, title=title,
                                  hidden_information=self.game.has_hidden_information(),
                                  names=self.names(), last_move=self.last_move(seat),
                                  plain=self.plain, rows=rows)

    def keep_board_whole(self, seat: int) -> int:
        """On a terminal, keep room for the seat's compact board whole: remember its height for
        the list's pages (`list_rows`) and return how many moves of the last round fit with it
        and a page of choices (at least _RECAP_FEWEST); RECAP_LINES elsewhere."""
        if not self.console.is_terminal:
            self.board_rows = _BOARD_ROWS
            return RECAP_LINES
        height = self.console.height
        self.board_rows = max(_BOARD_ROWS, self.height(self.board_view(seat, rows=height)))
        room = height - self.board_rows - _LIST_ROWS - 3 - 1  # the list's heading, page line, prompt; the recap's heading
        return max(_RECAP_FEWEST, min(RECAP_LINES, room))

    def height(self, renderable: Any) -> int:
        """The lines `renderable` takes at the console's width."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def show_whole_board(self, title: str, scores: bool = False) -> None:
        """Everything, hidden cards too, for spectators of a game of AIs (there is no human
        seat to keep anything from); with `scores`, the scores table under it."""
        parts: list[Any] = [render.spectator_board(self.table.state, self.game.has_hidden_information(),
                                                   last_move=self.last_move(None), plain=self.plain)]
        if scores:
            parts += [Text(""), render.scores_table(self.table.state, self.names())]
        self.console.print(render.framed(Group(*parts), title, self.plain))

    def move_entries(self, actions: list[int] | tuple[int, ...]) -> list[tuple[str, str]]:
        """(text, detail) of each action: the detail from the game's `move_detail` hook."""
        state = self.table.state
        return [(state.action_to_string(a), render.move_detail(state, a)) for a in actions]

    def list_lines(self, entries: list[tuple[str, str]], start: int = 1) -> list[Text]:
        """A numbered list (from `start`) fitted to the width: in columns on a terminal when it
        is long."""
        columns = self.console.is_terminal and not self.plain and len(entries) > _COLUMNS_FROM
        return numbered_lines(entries, self.width, columns, start=start)

    def list_rows(self, below: int) -> int | None:
        """The rows a list may take on a terminal under a fitted board (its fewest lines) and
        `below` lines, with its heading, the page line and the prompt; None when not paged
        (piped or logged output)."""
        if not self.console.is_terminal:
            return None
        return max(_LIST_ROWS, self.console.height - self.board_rows - below - 3)

    def list_rows_alone(self) -> int | None:
        """The rows a page of a list takes when it is printed without the board above it (a
        group's moves, the next page): the screen less a fitted board's fewest lines; None when
        not paged."""
        if not self.console.is_terminal:
            return None
        return max(_LIST_ROWS, self.console.height - _BOARD_ROWS - 3)

    def paged_lines(self, entries: list[tuple[str, str]], page: int, rows: int | None,
                    later_rows: int | None = None) -> tuple[list[Text], str]:
        """The lines of page `page` of a numbered list that takes at most `rows` lines on its
        first page and `later_rows` (default `rows`) on the next ones, and a line saying which
        moves it shows ("" when the whole list fits, in `rows` and the page line's row). Not
        paged when `rows` is None."""
        if rows is None:
            return self.list_lines(entries), ""
        whole = self.list_lines(entries)
        if len(whole) <= rows + 1:  # the page line it would need is room for one more line
            return whole, ""
        spans = pages(entries, rows, lambda part, first: self.list_lines(list(part), first + 1), later_rows)
        first, end = spans[page % len(spans)]
        lines = self.list_lines(entries[first:end], first + 1)
        if len(spans) == 1:
            return lines, ""
        return lines, f"({first + 1}-{end} of {len(entries)}: type more for the next ones)"

    def move_line(self, move: Move, observer: int | None) -> str:
        """How `observer` (None: a spectator) hears of `move`."""
        return f"{self.who(move.seat)}: {move.text_for(self.game.name, observer)}"

    def round_moves(self, seat: int) -> list[Move]:
        """The last round as `seat` lived it: from its own last decision on (everything before
        its first decision)."""
        history = self.table.history
        for index in range(len(history) - 1, -1, -1):
            if history[index].seat == seat:
                return history[index:]
        return list(history)

    def recap(self, seat: int, limit: int = RECAP_LINES) -> list[Text]:
        """The last round's moves as `seat` may read them, with a heading, in at most `limit`
        lines: shown under the board, so that they stay on screen with the choices and the
        prompt."""
        moves = self.round_moves(seat)
        if not moves:
            return []
        heading = "Last round" if any(m.seat == seat for m in self.table.history) else "So far"
        lines = recap_lines(moves, lambda m: self.move_line(m, seat))
        if len(lines) > limit:  # the latest moves; the heading counts the others
            earlier = len(lines) - limit
            heading += f" ({earlier} earlier line{'s' if earlier > 1 else ''}: type log to see every move)"
            lines = lines[-limit:]
        return fitted([heading + ":"], self.width, "bold") + fitted(lines, self.width)

    def say_moves(self, moves: list[Move], observer: int | None, indent: str = "", style: str | None = None) -> None:
        """Moves as `observer` may read them, one a line; a long run of chance in one line."""
        lines = recap_lines(moves, lambda m: self.move_line(m, observer), indent)
        self.print_lines(fitted(lines, self.width, style or ""))

    def show_screen(self, seat: int, below: list[Text] | None = None, reserve: int | None = None) -> list[Text]:
        """The board, then the last round under it (and a line when a scoring changed the
        scores); returns the lines under the board. `below` are those lines when already made
        (`below_board`); with `reserve` (the rows the choices and the prompt take), the board
        is made to fit the terminal's height with them, so that its title stays on screen."""
        below = self.below_board(seat) if below is None else below
        rows = None if reserve is None else self.console.height - len(below) - reserve
        self.show_board(seat, rows=rows)
        self.print_lines(below)
        return below

    def below_board(self, seat: int, recap_limit: int = RECAP_LINES) -> list[Text]:
        """The lines shown under the board: the last round (at most `recap_limit` lines, the
        scoring line included), and a line when a scoring changed the scores (once: it notes
        the scores as seen)."""
        notice = self.scoring_notice(seat)
        return self.recap(seat, max(1, recap_limit - len(notice))) + notice  # the notice takes a move's row

    def scoring_notice(self, seat: int) -> list[Text]:
        """A line when the public scores changed since `seat`'s previous screen and the game
        can show how (its `score_breakdown` hook): the way to an intermediate scoring."""
        state = self.table.state
        if not render.scores_visible(state, self.game.has_hidden_information()):
            return []
        scores = [float(v) for v in state.scores()]
        before = self.seen_scores.get(seat)
        self.seen_scores[seat] = scores
        if before is None or before == scores or render.hook(self.game.name, "score_breakdown") is None:
            return []
        changes = ", ".join(f"{render.seat_label(s, self.game)} {'+' if new > old else ''}"
                            f"{render.format_number(new - old)}"
                            for s, (old, new) in enumerate(zip(before, scores)) if new != old)
        return fitted([f"Scores changed ({changes}): type score to see how."], self.width, "bold")

    def show_score(self, seat: int | None) -> None:
        """The game's score breakdown as `seat` may see it, else the scores when public."""
        state = self.table.state
        breakdown = render.score_breakdown(state, seat)
        if breakdown is not None:
            self.console.print(render.framed(breakdown, "Scoring", self.plain))
        elif render.scores_visible(state, self.game.has_hidden_information()):
            self.console.print(Hanging(render.scores_line(state, self.names())))
        else:
            self.say("The scores are hidden until the end of the game.", "yellow")

    def finish(self) -> None:
        """The final board (a human's view; everything for spectators), the last round, the
        game's score breakdown when it gives one, and the `Result:` line."""
        state = self.table.state
        title = self.game.spec.title + " - final"
        seat = self.table.humans[0] if self.table.humans else None
        if seat is not None:
            self.show_board(seat, title)
            self.print_lines(self.recap(seat))
        else:
            self.show_whole_board(title, scores=True)
        breakdown = render.score_breakdown(state, seat)
        if breakdown is not None:
            self.console.print(render.framed(breakdown, "Scoring", self.plain))
        if len(self.table.humans) == 1:
            share = state.returns()[self.table.humans[0]]
            verdict = ("You win!" if share == 1 else "A shared win." if share > 0 else "You lose.")
            self.say(verdict, "bold green" if share > 0 else "bold red")
        click.echo(render.result_line(state, self.names(), self.width))
