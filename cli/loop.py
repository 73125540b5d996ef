"""The play loop of `vsai play`: asks humans (a move in one or two steps, or a command), lets
agents think, and has `PlayScreen` show each seat what it may see."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console

from vsai.ai.budget import Budget
from vsai.ai.registry import uses_budget
from vsai.ai.turns import TurnClock, starts_turn, time_capped
from vsai.cli import agents as agent_api
from vsai.cli import options
from vsai.cli.choice import Choice
from vsai.cli.console import thinking
from vsai.cli.estimate import win_chance_text
from vsai.cli.explain import READING_TITLE, SeatReading
from vsai.cli.prompt import LineReader, completions, help_lines, parse
from vsai.cli.play_screen import PlayScreen
from vsai.cli.rules import show_rules
from vsai.ext.ui.choices import GROUP_FROM, group_moves
from vsai.core.errors import UndoRefusedError
from vsai.core.match import CHANCE, HUMAN, Match, Move
from vsai.core.seeded_draws import seed_words
from vsai.ext.ui import render
from vsai.core.record import GameRecord

if TYPE_CHECKING:
    from vsai.ai.base import Agent
    from vsai.core.game import Game


def agent_seed(seed: int, seat: int) -> int:
    """A distinct, reproducible seed for the agent at `seat`."""
    return seed_words([seed, 1000 + seat], 1)[0]


class PlayLoop:
    """Drives a `Match`: asks humans, lets agents think, shows what each seat may see."""

    def __init__(self, console: Console, table: Match, ai: options.AgentSpec, budget: Budget,
                 explain: bool, interactive_mode: bool, record_path: str | None = None,
                 plain: bool = False, delay: float = 0.0):
        self.console = console
        self.plain = plain  # no colour, no box drawing, one move a line (screen readers, logs)
        self.screen = PlayScreen(console, table, plain)
        self.delay = delay  # seconds of pause after each move when watching the AIs
        self.record_path = record_path  # where the game is written on the way out (--record)
        self.ai = ai
        self.budget = budget
        self.explain = explain
        self.interactive = interactive_mode
        self.reader = LineReader(interactive_mode)
        self.agents: dict[int, Any] = {}
        self._clocks: dict[int, TurnClock] = {}  # each AI seat's turn time (a level's turn_time)
        self._hint_agent: Agent | None = None
        self._reading: SeatReading | None = None  # the human seats' own beliefs (hint, explain)
        self._choice: Choice | None = None  # the decision a human is making
        self._list_rows: int | None = None  # the lines its list's first page takes (None: not paged)
        # Watching (or --explain): moves before this ply were already shown as they happened.
        self._announced = 0
        self._opened = False  # a board was shown: the game never opens on a spinner
        self._build_agents()

    # ------------------------------------------------------------------ set-up
    @property
    def game(self) -> Game:
        """The game being played (it changes when a saved game is loaded)."""
        return self.table.game

    def _build_agents(self) -> None:
        self.agents = {}
        self._hint_agent = None
        self._reading = None
        if self.table.humans and self.game.has_hidden_information():
            self._reading = SeatReading(self.table, agent_seed(self.table.seed, 78))
        for seat, who in sorted(self.table.seats.items()):
            if who != HUMAN:
                spec = self.ai if who == self.ai.name else options.AgentSpec(who)
                self.agents[seat] = agent_api.build(spec, self.game, agent_seed(self.table.seed, seat), self.budget)
                self.table.attach(self.agents[seat])  # told every move from now on

    # ------------------------------------------------------------------ output
    @property
    def table(self) -> Match:
        """The match being played (another one once a saved game is loaded)."""
        return self.screen.table

    @table.setter
    def table(self, table: Match) -> None:
        self.screen.table = table
        self.screen.seen_scores = {}

    def say(self, text: str, style: str | None = None) -> None:
        """One message, fitted to the width."""
        self.screen.say(text, style)

    def who(self, seat: int) -> str:
        """The seat as people see it, e.g. "P2 (ismcts)"; "Chance" for chance."""
        return self.screen.who(seat)

    def finish(self) -> None:
        """The final screen and the `Result:` line."""
        self.screen.finish()

    # ------------------------------------------------------------------ agents
    def ai_turn(self) -> None:
        """The agent at the seat to act thinks (with a progress display) and moves."""
        seat = self.table.to_move()
        agent = self.agents[seat]
        state = self.table.state.clone()
        label = f"{self.who(seat)} thinks"
        alternatives: list[agent_api.RankedMove] = []
        if self.plain and self.interactive:
            self.say(f"{label}...")  # no progress bar in plain mode: one line says why it waits
        limit, clock = self.budget.time_limit, None
        if self.budget.turn_time is not None:  # the turn's time, shared by its decisions
            clock = self._clocks.setdefault(seat, TurnClock(self.budget.turn_time))
            limit = clock.cap(starts_turn(seat, self.table.history))
        started = time.monotonic()
        with time_capped(agent, limit), thinking(self.console, label, limit, self.plain) as progress:
            if self.explain_allowed():
                action, alternatives = agent_api.decide(agent, state, top=4, progress=progress)
            else:
                action = agent_api.step(agent, state, progress)
        if clock is not None:
            clock.spend(time.monotonic() - started)
        self.table.play(action)
        humans = self.table.humans
        # --explain: the AI's alternatives, or, where they would tell its hand, the human's reading.
        reading = self.explain and len(humans) == 1 and self._reading is not None
        ranked = bool(self.explain_allowed() and alternatives)
        if humans and not ((ranked and len(humans) == 1) or reading):
            return  # the human's next screen shows it under the board, with the whole round
        # Also any chance since the last announcement (e.g. the set-up before the AI's first move).
        self.screen.say_moves(self.table.history[self._announced:], humans[0] if humans else None, style="magenta")
        self._announced = len(self.table.history)
        if ranked:
            for line in _candidate_lines(alternatives):
                self.say("    " + line, "dim")
        elif reading:  # its alternatives would tell its hand: what the human may read instead
            self.show_reading(humans[0])
        if not humans and self.delay > 0:
            time.sleep(self.delay)  # watching: time to read the move

    def explain_allowed(self) -> bool:
        """An AI's alternatives may be shown unless they could reveal its hidden cards to a
        human (there, --explain shows the human's own reading instead: `show_reading`)."""
        return self.explain and not (self.table.humans and self.game.has_hidden_information())

    def hint_spec(self) -> options.AgentSpec:
        """The agent giving hints: --ai when it searches fairly, else ismcts (fair, the strongest)."""
        fair = {"ismcts", "pimc"} | (set() if self.game.has_hidden_information() else {"mcts"})
        return self.ai if self.ai.name in fair else options.AgentSpec("ismcts")

    def hint(self, seat: int) -> None:
        """The hint agent's three best moves for `seat` (the player to act), from its view only."""
        spec = self.hint_spec()
        try:
            if self._hint_agent is None:
                self._hint_agent = agent_api.build(spec, self.game, agent_seed(self.table.seed, 77), self.budget)
                self.table.attach(self._hint_agent)
            with thinking(self.console, "Looking for hints", self.budget.time_limit, self.plain) as progress:
                candidates = agent_api.analyse(self._hint_agent, self.table.state.clone(), top=3, progress=progress)
        except KeyboardInterrupt:
            self.say("Hint cancelled.", "yellow")
            return
        except (click.BadParameter, ValueError) as error:
            self.say(f"No hint: {getattr(error, 'message', None) or error}", "red")
            return
        if not candidates:
            self.say(f"{spec.name} has no hint here.")
            return
        listed = self._choice.listed() if self._choice is not None else None
        self.say(f"Hint ({spec.name}, {self.budget.describe()}):", "bold")
        for line in _candidate_lines(candidates, listed):
            self.say("  " + line)
        self.show_reading(seat)

    def show_reading(self, seat: int) -> bool:
        """What `seat` (a human) may infer of the others' hidden items from all it saw: its
        own belief only, never an AI seat's (cli/explain.py). False when there is none."""
        if self._reading is None or self.table.seats.get(seat) != HUMAN:
            return False
        lines = self._reading.lines(self.table, seat)
        if lines:
            self.say(READING_TITLE, "bold")
            for line in lines:
                self.say("  " + line)
        return bool(lines)

    def explain_now(self, seat: int) -> None:
        """The `explain` command: the human's own reading of the others' hidden items."""
        if self._reading is None:
            # A game may hide nothing, or hide only what every seat alike cannot see (decks).
            self.say("No seat holds anything hidden from the others in this game: there is nothing "
                     "to read from their play"
                     + (" (--explain shows each AI move's alternatives)." if not self.explain else "."))
        elif not self.show_reading(seat):
            self.say("The others hold nothing hidden from you now.")

    # ------------------------------------------------------------------ humans
    def human_turn(self) -> bool:
        """One human decision; False when the human quits."""
        seat = self.table.to_move()
        actions = self.table.state.legal_actions()
        if len(actions) == 1:  # no decision to make: play it, and say so
            move = self.table.play(actions[0])
            if len(self.table.humans) == 1:
                self.say(f"{self.who(seat)} plays: {move.text} (the only legal move)", "green")
                self._announced = len(self.table.history)
            return True
        if len(self.table.humans) > 1 and self.interactive and self.game.has_hidden_information():
            # Hot seat: hide the previous player's view before showing this one's.
            self.console.clear()
            label = render.seat_label(seat, self.game)
            if self.reader.read(f"{label}, your turn (others look away). Press Enter. ") is None:
                return False
        below = self.screen.below_board(seat, self.screen.keep_board_whole(seat))
        self._choice = self.make_choice(actions, len(below))
        self._list_rows = self.screen.list_rows(len(below))  # under the board; kept, so `more` goes on
        self.screen.show_screen(seat, below, reserve=self.choice_rows())  # fits with the choices
        self.show_choices()
        while True:
            choice = self._choice
            line = self.reader.read(choice.prompt(render.seat_label(seat, self.game)))
            if line is None:
                return False
            try:
                answer = parse(line, self.table.state, actions, choice.listed(), choice.labels())
                if answer.kind == "error":
                    self.say(answer.message, "red")
                    continue
                action = answer.action
                if answer.kind == "group":
                    action = choice.choose_group(answer.index)
                    if action is None:  # the group's moves, printed without the board
                        self._list_rows = self.screen.list_rows_alone()
                        self.show_choices()
                        continue
                if answer.kind in ("move", "group"):
                    move = self.table.play(action)
                    self.say(f"{self.who(seat)} plays: {move.text}", "green")
                    if len(self.table.humans) == 1:  # hot seat: the next human's recap must show it
                        self._announced = len(self.table.history)
                    return True
                outcome = self.command(answer.command, answer.argument, seat)
            except (ValueError, OSError, RecursionError, OverflowError) as error:
                # A bad line never ends a game: say why in one line and ask again.
                self.say(f"That did not work: {error}", "red")
                continue
            if outcome == "quit":
                return False
            if outcome == "redraw":
                return True

    def make_choice(self, actions: list[int], recap_rows: int) -> Choice:
        """The moves as one list, or in groups when the list is long: more than GROUP_FROM
        moves, or (on a terminal) more rows than fit under the last round with the prompt."""
        state = self.table.state
        room = self.console.height - recap_rows - 3 if self.console.is_terminal else GROUP_FROM
        limit = max(6, min(GROUP_FROM, room))
        rows = len(self.screen.list_lines(self.screen.move_entries(actions)))
        groups = group_moves(state, actions, limit) if len(actions) > GROUP_FROM or rows > limit else None
        return Choice(state, actions, groups)

    def choice_rows(self) -> int:
        """The rows the choices under way take on screen (a page of a long list), their heading,
        page line and prompt included."""
        lines, note = self.screen.paged_lines(self._choice.entries(), self._choice.page, self._list_rows,
                                              self.screen.list_rows_alone())
        return len(lines) + bool(self._choice.heading()) + bool(note) + 1

    def show_choices(self) -> None:
        """The numbered list (moves or groups) of the decision under way, a page at a time when
        it is too long for the terminal (pages of the size set when its screen was drawn, so
        `more` goes on where the page ended), with Tab completion."""
        choice = self._choice
        if choice.heading():
            self.say(choice.heading(), "bold")
        lines, note = self.screen.paged_lines(choice.entries(), choice.page, self._list_rows,
                                              self.screen.list_rows_alone())
        self.screen.print_lines(lines)
        if note:
            self.say(note, "dim")
        self.reader.complete_with(completions(choice.state, choice.actions, choice.labels()))

    def command(self, name: str, argument: str, seat: int) -> str:
        """Run a command; "quit", "redraw" (the position changed) or "" (ask again)."""
        if name == "quit":
            return "quit" if self.offer_save() else ""
        if name == "help":
            for line in help_lines():
                self.say(line)
        elif name == "hint":
            self.hint(seat)
        elif name == "explain":
            self.explain_now(seat)
        elif name == "board":
            self.screen.show_screen(seat)
            self.show_choices()
        elif name == "more":
            self._choice.page += 1
            self.show_choices()
        elif name == "back":
            if self._choice.back():
                self.show_choices()
            else:
                self.say("Nothing to go back to: " + ("choose a group." if self._choice.groups
                                                      else "all your moves are listed."), "yellow")
        elif name == "rules":
            show_rules(self.console, self.game.name, self.plain)
        elif name == "score":
            self.screen.show_score(seat)
        elif name == "log":
            self.say("Every move so far:", "bold")
            self.screen.say_moves(self.table.history, seat, "  ")
        elif name == "undo":
            try:
                undone = self.table.undo()
            except UndoRefusedError as refusal:  # no peeking: say why, in one line
                reason = str(refusal)
                self.say(reason[:1].upper() + reason[1:] + ".", "red")
                return ""
            if not undone:
                self.say("Nothing to undo: this is the first decision of the game.", "red")
                return ""
            self._announced = 0  # the table reset its agents and told them the kept moves
            self.screen.seen_scores = {}
            self.say(f"Undone: {undone} move(s) taken back.", "yellow")
            return "redraw"
        elif name == "save":
            if self.save_record(argument, "Cannot save to"):
                self.say(f"Saved {_decisions(self.table.history)} moves to {argument}.", "yellow")
        elif name == "load":
            return self.load(argument)
        return ""

    def _decided(self) -> bool:
        """True once a player made a decision in this game (set-up chance alone is no loss)."""
        return any(m.seat >= 0 and m.choices > 1 for m in self.table.history)

    def offer_save(self) -> bool:
        """Before quitting an unfinished game: offer to save it. True to quit, False to play on."""
        if self.record_path or not self._decided() or self.table.is_over():
            return True   # it is saved on the way out (--record), or there is nothing to lose
        while True:
            line = self.reader.read("Save this game before quitting? File name, Enter: no, back: play on: ")
            if line is None or not line.strip():
                return True
            if line.strip().lower() == "back":
                return False
            path = line.strip()
            if not self.save_record(path, "Cannot save to"):
                continue
            self.say(f"Saved to {path}; `vsai play {self.game.name} --load {path}` resumes it.", "yellow")
            return True

    def save_record(self, path: str, failure: str) -> bool:
        """Write the game's record to `path`; False (one line said why, after `failure`) when
        the file cannot be written."""
        try:
            self.table.record().save(path)
        except OSError as error:
            self.say(f"{failure} {path}: {error.strerror or error}", "red")
            return False
        return True

    def load(self, path: str) -> str:
        """Replace the game by a saved one; "redraw" when loaded, "" (one line said why) if not."""
        if self._decided() and not self.table.is_over():
            answer = self.reader.read("Load it and leave this game unsaved? [y/N]: ")
            if answer is None or answer.strip().lower() not in ("y", "yes"):
                self.say("Not loaded: this game goes on (save FILE keeps it first).", "yellow")
                return ""
        try:
            record = GameRecord.load(path)
            table = Match.from_record(record, self.ai.name)
            for who in set(table.seats.values()) - {HUMAN}:
                if who not in options.agent_names():
                    raise ValueError(f"unknown agent {who!r} in seat list")
        except ValueError as error:
            self.say(f"Cannot load {path}: {error}", "red")
            return ""
        if not table.humans:
            self.say(f"Cannot load {path}: it has no human seat.", "red")
            return ""
        self.table = table
        self._announced = 0
        self._build_agents()
        self.say(f"Loaded {path}: {record.game}, {_decisions(table.history)} moves.", "yellow")
        return "redraw"

    # ------------------------------------------------------------------ the game
    def run(self) -> bool:
        """Play to the end; False when the human quit first. Watching (no human seat), the
        whole board is shown each time the turn passes to another seat."""
        moved: int | None = None  # the seat of the last AI move
        while True:
            self.table.resolve_chance()
            if self.table.is_over():
                return True
            if self.table.human_to_move():
                self._opened = True
                if not self.human_turn():
                    return False
            else:
                if not self._opened:
                    self.open_board()
                if not self.table.humans and moved is not None and self.table.to_move() != moved:
                    self.watch_board()
                moved = self.table.to_move()
                self.ai_turn()

    def open_board(self) -> None:
        """Before the first move of an AI that searches (and so makes the human wait): the
        human's board, so that a game never opens on a spinner. Not at a hot seat with hidden
        cards (whose board would it be?), nor for spectators, who get the whole board each
        time the turn passes."""
        self._opened = True
        humans = self.table.humans
        if not uses_budget(self.table.seats.get(self.table.to_move(), "")):
            return
        if len(humans) == 1 or (humans and not self.game.has_hidden_information()):
            self.screen.show_board(humans[0])

    def watch_board(self) -> None:
        """For spectators of a game of AIs: the draws not yet told, then the whole board."""
        self.screen.say_moves(self.table.history[self._announced:], None, style="magenta")
        self._announced = len(self.table.history)
        self.screen.show_whole_board(self.game.spec.title)


def _decisions(history: list[Move]) -> int:
    """How many moves players made (set-up and other chance draws are not moves)."""
    return sum(1 for move in history if move.seat != CHANCE)


def _candidate_lines(candidates: list[agent_api.RankedMove], numbered: list[int] | None = None) -> list[str]:
    lines = []
    for rank, c in enumerate(candidates, 1):
        number = f" (#{numbered.index(c.action) + 1})" if numbered and c.action in numbered else ""
        searched = f"{c.share:.0%} of the search, " if c.visits else ""
        lines.append(f"{rank}. {c.text}{number}: {searched}{win_chance_text(c.value, c.visits)}")
    return lines
