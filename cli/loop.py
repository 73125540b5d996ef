"""The play loop of `vsai play`: asks humans, lets agents think, shows each seat what it may see."""
from __future__ import annotations

from typing import Any

import click
import numpy as np
from rich.columns import Columns
from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from vsai.cli import agents as agent_api
from vsai.cli import options
from vsai.cli.console import thinking
from vsai.cli.prompt import LineReader, completions, help_lines, parse
from vsai.core.match import CHANCE, HUMAN, Match, Move
from vsai.core import render
from vsai.core.record import GameRecord

# A move list longer than this is shown in columns on a terminal.
_COLUMNS_FROM = 12
# More chance outcomes in a row than this are summed up in one line.
_CHANCE_LINES = 4


def agent_seed(seed: int, seat: int) -> int:
    """A distinct, reproducible seed for the agent at `seat`."""
    return int(np.random.SeedSequence([seed, 1000 + seat]).generate_state(1)[0])


class PlayLoop:
    """Drives a `Match`: asks humans, lets agents think, shows what each seat may see."""

    def __init__(self, console: Console, table: Match, ai: options.AgentSpec, budget: options.Budget,
                 explain: bool, interactive_mode: bool, record_path: str | None = None):
        self.console = console
        self.record_path = record_path  # where the game is written on the way out (--record)
        self.table = table
        self.ai = ai
        self.budget = budget
        self.explain = explain
        self.interactive = interactive_mode
        self.reader = LineReader(interactive_mode)
        self.agents: dict[int, Any] = {}
        self._hint_agent: Any = None
        # Moves before this ply were already shown as they happened (not repeated in recaps).
        self._announced = 0
        self._build_agents()

    # ------------------------------------------------------------------ set-up
    @property
    def game(self) -> Any:
        """The game being played (it changes when a saved game is loaded)."""
        return self.table.game

    def _build_agents(self) -> None:
        self.agents = {}
        self._hint_agent = None
        for seat, who in sorted(self.table.seats.items()):
            if who != HUMAN:
                spec = self.ai if who == self.ai.name else options.AgentSpec(who)
                self.agents[seat] = agent_api.build(spec, self.game, agent_seed(self.table.seed, seat), self.budget)

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

    # ------------------------------------------------------------------ output
    def say(self, text: str, style: str | None = None) -> None:
        """One message line, never wrapped by rich (the terminal wraps it)."""
        self.console.print(Text(text, style=style or ""), soft_wrap=True)

    def show_board(self, seat: int) -> None:
        """The board as `seat` sees it, in a panel."""
        state = self.table.state
        self.console.print(render.render_view(state, seat, title=self.game.spec.title,
                                              hidden_information=self.game.has_hidden_information(),
                                              names=self.names()))

    def show_moves(self, actions: list[int]) -> None:
        """The legal moves, numbered from 1 (in columns on a terminal when there are many)."""
        state = self.table.state
        items = [f"{i:>3}. {state.action_to_string(a)}" for i, a in enumerate(actions, 1)]
        if self.console.is_terminal and len(items) > _COLUMNS_FROM:
            self.console.print(Columns([Text(i) for i in items], equal=True, column_first=True))
        else:
            for item in items:
                self.say(item)

    def move_line(self, move: Move, observer: int | None) -> str:
        """How `observer` (None: a spectator) hears of `move`."""
        return f"{self.who(move.seat)}: {move.text_for(self.game.name, observer)}"

    def show_recent(self, seat: int) -> None:
        """The moves made since `seat` last acted, in words; long runs of set-up chance in one line."""
        recent = [m for m in self.table.moves_since_seat(seat) if m.ply >= self._announced]
        if not recent:
            return
        self.console.print(Text("Since your last move:" if any(m.seat == seat for m in self.table.history)
                                else "So far:", style="bold"))
        self.say_moves(recent, seat, "  ")

    def say_moves(self, moves: list[Move], observer: int | None, indent: str = "", style: str | None = None) -> None:
        """Moves as `observer` may read them, one a line; a long run of chance in one line."""
        run: list[Move] = []
        for move in moves + [None]:
            if move is not None and move.seat == CHANCE:
                run.append(move)
                continue
            if len(run) > _CHANCE_LINES:
                self.say(f"{indent}Chance: {len(run)} random draws (the board shows what you may see of them)")
            else:
                for chance in run:
                    self.say(indent + self.move_line(chance, observer))
            run = []
            if move is not None:
                self.say(indent + self.move_line(move, observer), style)

    # ------------------------------------------------------------------ agents
    def ai_turn(self) -> None:
        """The agent at the seat to act thinks (with a progress display) and moves."""
        seat = self.table.to_move()
        agent = self.agents[seat]
        state = self.table.state.clone()
        label = f"{self.who(seat)} thinks"
        alternatives: list[agent_api.Candidate] = []
        with thinking(self.console, label, self.budget.time_limit) as progress:
            if self.explain_allowed():
                action, alternatives = agent_api.decide(agent, state, top=4, progress=progress)
            else:
                action = agent_api.step(agent, state, progress)
        self.table.play(action)
        humans = self.table.humans
        if len(humans) > 1 or (humans and not self.interactive and not self.explain):
            return  # reported in the next human's recap (hot seat: each sees only their view)
        # Also any chance since the last announcement (e.g. the set-up before the AI's first move).
        self.say_moves(self.table.history[self._announced:], humans[0] if humans else None, style="magenta")
        self._announced = len(self.table.history)
        if self.explain_allowed() and alternatives:
            for line in _candidate_lines(alternatives):
                self.say("    " + line, "dim")

    def explain_allowed(self) -> bool:
        """An AI's alternatives may be shown unless they could reveal its hidden cards to a human."""
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
            with thinking(self.console, "Looking for hints", self.budget.time_limit) as progress:
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
        actions = self.table.state.legal_actions()
        self.say(f"Hint ({spec.name}, {self.budget.describe()}):", "bold")
        for line in _candidate_lines(candidates, actions):
            self.say("  " + line)

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
        self.show_recent(seat)
        self.show_board(seat)
        self.show_moves(actions)
        self.reader.complete_with(completions(self.table.state, actions))
        while True:
            line = self.reader.read(f"{render.seat_label(seat, self.game)}, your move [1-{len(actions)}, help]: ")
            if line is None:
                return False
            try:
                answer = parse(line, self.table.state, actions)
                if answer.kind == "error":
                    self.say(answer.message, "red")
                    continue
                if answer.kind == "move":
                    move = self.table.play(answer.action)
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

    def command(self, name: str, argument: str, seat: int) -> str:
        """Run a command; "quit", "redraw" (the position changed) or "" (ask again)."""
        if name == "quit":
            return "quit" if self.offer_save() else ""
        if name == "help":
            for line in help_lines():
                self.say(line)
        elif name == "hint":
            self.hint(seat)
        elif name == "board":
            self.show_board(seat)
            self.show_moves(self.table.state.legal_actions())
        elif name == "undo":
            undone = self.table.undo()
            if not undone:
                self.say("Nothing to undo: this is the first decision of the game.", "red")
                return ""
            self._reset_agents()
            self._announced = 0
            self.say(f"Undone: {undone} move(s) taken back.", "yellow")
            return "redraw"
        elif name == "save":
            try:
                self.table.record().save(argument)
            except OSError as error:
                self.say(f"Cannot save to {argument}: {error.strerror or error}", "red")
                return ""
            self.say(f"Saved {len(self.table.history)} moves to {argument}.", "yellow")
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
            line = self.reader.read("Save this game before quitting? File name, Enter to quit "
                                    "without saving, or 'back' to play on: ")
            if line is None or not line.strip():
                return True
            if line.strip().lower() == "back":
                return False
            path = line.strip()
            try:
                self.table.record().save(path)
            except OSError as error:
                self.say(f"Cannot save to {path}: {error.strerror or error}", "red")
                continue
            self.say(f"Saved to {path}; `vsai play {self.game.name} --load {path}` resumes it.", "yellow")
            return True

    def load(self, path: str) -> str:
        """Replace the game by a saved one; "redraw" when loaded, "" (one line said why) if not."""
        if self._decided() and not self.table.is_over():
            answer = self.reader.read(f"Load {path} and leave this game unsaved? [y/N]: ")
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
        self.say(f"Loaded {path}: {record.game}, {len(record.actions)} moves.", "yellow")
        return "redraw"

    def _reset_agents(self) -> None:
        for agent in self.agents.values():
            agent_api.reset(agent)
        if self._hint_agent is not None:
            agent_api.reset(self._hint_agent)

    # ------------------------------------------------------------------ the game
    def run(self) -> bool:
        """Play to the end; False when the human quit first."""
        while True:
            self.table.resolve_chance()
            if self.table.is_over():
                return True
            if self.table.human_to_move():
                if not self.human_turn():
                    return False
            else:
                self.ai_turn()

    def finish(self) -> None:
        """The final board (a human's view; everything for spectators) and the `Result:` line."""
        state = self.table.state
        title = self.game.spec.title + " - final"
        if self.table.humans:
            seat = self.table.humans[0]
            self.show_recent(seat)
            self.console.print(render.render_view(state, seat, title=title, names=self.names(),
                                                  hidden_information=self.game.has_hidden_information()))
        else:
            self.console.print(Panel(Group(Text(str(state)), Text(""), render.scores_table(state, self.names())),
                                     title=title, title_align="left", border_style="blue", expand=False))
        if len(self.table.humans) == 1:
            share = state.returns()[self.table.humans[0]]
            verdict = ("You win!" if share == 1 else "A shared win." if share > 0 else "You lose.")
            self.say(verdict, "bold green" if share > 0 else "bold red")
        click.echo(render.result_line(state, self.names()))


def _candidate_lines(candidates: list[agent_api.Candidate], numbered: list[int] | None = None) -> list[str]:
    lines = []
    for rank, c in enumerate(candidates, 1):
        number = f" (#{numbered.index(c.action) + 1})" if numbered and c.action in numbered else ""
        searched = f"{c.share:.0%} of the search, " if c.visits else ""
        lines.append(f"{rank}. {c.text}{number}: {searched}estimated win chance {c.value:.0%}")
    return lines
