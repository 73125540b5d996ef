"""A game at a table: seats (humans or agents), the position, its history, chance, undo.

No input or output here: `vsai play` (cli/play.py) drives a `Table` and shows it.
Chance outcomes come from a numpy Generator seeded with (seed, ply), so the same seed gives the
same set-up, and an undone or reloaded game draws the same chance again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from vsai.cli.visibility import hidden_from
from vsai.core.record import GameRecord
from vsai.core.render import hidden_move_text

HUMAN = "human"
CHANCE = -1


@dataclass(frozen=True)
class Move:
    """One action in the history: who took it (CHANCE for chance), its text at the time, and
    how many legal actions there were to choose from."""

    ply: int
    seat: int
    action: int
    text: str
    choices: int
    hidden_from: frozenset = frozenset()  # human seats that could not identify this move

    def text_for(self, game: str, observer: int | None) -> str:
        """The move's text as `observer` may read it (None: a spectator who sees everything)."""
        if observer is not None and observer in self.hidden_from:
            return hidden_move_text(game, self.seat, self.text)
        return self.text


class Table:
    """A game in progress: the state, the actions so far, and who sits where."""

    def __init__(self, game: Any, seed: int, seats: dict[int, str]):
        self.game = game
        self.seed = int(seed)
        self.seats = dict(seats)
        self.state = game.new_initial_state()
        self.history: list[Move] = []

    # ---------------------------------------------------------------- who acts
    @property
    def humans(self) -> list[int]:
        """The human seats, ascending."""
        return sorted(s for s, who in self.seats.items() if who == HUMAN)

    def to_move(self) -> int:
        """The seat to act (CHANCE at a chance node, negative at the end)."""
        return self.state.current_player()

    def human_to_move(self) -> bool:
        """True when a human seat must decide now."""
        return self.seats.get(self.to_move()) == HUMAN

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.state.is_terminal()

    # ---------------------------------------------------------------- acting
    def play(self, action: int | str) -> Move:
        """Apply an action (int or text) for whoever is to act; ValueError if illegal."""
        seat = self.to_move()
        if isinstance(action, str):
            action = self.state.string_to_action(action)
        legal = self.state.legal_actions()
        if isinstance(action, bool) or not isinstance(action, int) or action not in legal:
            raise ValueError(f"move {action!r} is not legal here")
        text = self.state.action_to_string(action)
        hidden = hidden_from(self.state, action, self.humans) if self.game.has_hidden_information() else frozenset()
        self.state.apply_action(action)
        move = Move(len(self.history), seat, action, text, len(legal), hidden)
        self.history.append(move)
        return move

    def chance_outcome(self) -> int:
        """The chance outcome for this ply, drawn from the (seed, ply) generator."""
        outcomes = self.state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        probs = np.array([p for _, p in outcomes], dtype=float)
        rng = np.random.default_rng([self.seed, len(self.history)])
        return int(actions[rng.choice(len(actions), p=probs / probs.sum())])

    def resolve_chance(self) -> list[Move]:
        """Play chance nodes until a player must act or the game ends."""
        moves = []
        while self.state.is_chance_node():
            moves.append(self.play(self.chance_outcome()))
        return moves

    # ---------------------------------------------------------------- history
    def undo(self) -> int:
        """Go back to the previous human decision (forced moves, with one legal action, are no
        decisions); returns how many actions were undone (0 = none)."""
        current = len(self.history)
        for move in reversed(self.history):
            if self.seats.get(move.seat) == HUMAN and move.choices > 1:
                self._rewind(move.ply)
                return current - move.ply
        return 0

    def _rewind(self, ply: int) -> None:
        actions = [m.action for m in self.history[:ply]]
        self.state = self.game.new_initial_state()
        self.history = []
        for action in actions:
            self.play(action)

    def moves_since_seat(self, seat: int) -> list[Move]:
        """The moves others made since `seat` last acted (all moves if it never did)."""
        result: list[Move] = []
        for move in reversed(self.history):
            if move.seat == seat:
                break
            result.append(move)
        return result[::-1]

    # ---------------------------------------------------------------- records
    def record(self) -> GameRecord:
        """The game so far as a record."""
        return GameRecord(game=self.game.name, params=self.game.get_parameters(), seed=self.seed,
                          actions=[m.action for m in self.history],
                          seats={str(s): who for s, who in sorted(self.seats.items())})

    @classmethod
    def from_record(cls, record: GameRecord, empty_seats: str) -> "Table":
        """The table of a record, every action replayed and checked; ValueError if any is bad.

        Seats the record does not name are given to `empty_seats` (an agent name or HUMAN).
        """
        game = record.load_game()
        seats = {seat: empty_seats for seat in range(game.num_players())}
        seats.update({int(s): who for s, who in record.seats.items()})
        table = cls(game, record.seed, seats)
        for i, action in enumerate(record.actions):
            try:
                table.play(action)
            except ValueError as error:
                raise ValueError(f"saved game: action {i + 1} is illegal: {error}") from None
        return table
