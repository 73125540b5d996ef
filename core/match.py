"""A match: a game at a table, with its seats, history, chance, undo, events and saves.

`Match` is what a frontend drives (the `vsai play` terminal, `vsai engine`, a Godot or web
game): `play(move)` for whoever is to act, `resolve_chance()` with the match's own seeded
generator, `ai_move(agent)` for a seat the AI plays, `undo()`, the `events(seat)` that seat has
seen (an opponent's secret draw reads "P2: draw a card"), and `save()` / `Match.load()` of the
whole match. No input or output here.

Chance outcomes come from a generator seeded with (seed, ply), numpy's `default_rng` computed
without numpy (`seeded_draws`), so the same seed gives the same set-up, and an undone or
reloaded match draws the same chance again.
"""
from __future__ import annotations

from dataclasses import dataclass
from numbers import Integral
from typing import TYPE_CHECKING, Any

from vsai.core.agent_protocol import (AnalysingAgent, InformedAgent, Listener, MovePicker, Progress,
                                     ResettableAgent)
from vsai.core.errors import IllegalMoveError, InvalidArgumentError, InvalidStateError, UndoRefusedError
from vsai.core.record import GameRecord
from vsai.core.seeded_draws import choose_index
from vsai.ext.ui.hooks import hidden_move_text, seat_label
from vsai.core.visibility import hidden_from, learners, seen_keys

if TYPE_CHECKING:
    from vsai.core.game import Game
    from vsai.ext.state import State

HUMAN = "human"
CHANCE = -1


@dataclass(frozen=True)
class Move:
    """One action in the history: who took it (CHANCE for chance), its text at the time, how
    many legal actions there were to choose from, the seats that could not see it whole,
    what each seat saw of it (its `action_key` per seat; empty in a public game), and the seats
    it taught something (`visibility.learners`: undo never goes back past it for them)."""

    ply: int
    seat: int
    action: int
    text: str
    choices: int
    hidden_from: frozenset = frozenset()
    keys: tuple = ()
    taught: frozenset = frozenset()

    def text_for(self, game: str, observer: int | None) -> str:
        """The move's text as `observer` may read it (None: a spectator who sees everything)."""
        if observer is not None and observer in self.hidden_from:
            key = self.keys[observer] if observer < len(self.keys) else None
            return hidden_move_text(game, self.seat, self.text, key)
        return self.text


def inform_agent(agent: Listener, state: State, player: int, action: int) -> None:
    """Tell `agent` (when it listens: `inform_action`) that `player` (CHANCE for chance)
    plays `action` at `state`; it gets a copy, so it cannot change the game."""
    if isinstance(agent, InformedAgent):
        agent.inform_action(state.clone(), player, action)


def _match_seed(seed: Any) -> int:
    """`seed` as an int >= 0 (a numpy integer too); InvalidArgumentError for anything else
    (None, a bool, a float, a text), so the chance generator gets what it can use."""
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise InvalidArgumentError(f"a match's seed is a whole number, 0 or more, not {seed!r}")
    return int(seed)


class Match:
    """A game in progress: the state, the actions so far, and who sits where.

    `seats` maps each seat to "human" or an agent's name (a label: the match does not make
    agents). Every move records which seats could not identify it, so `events(seat)` never
    tells a seat more than it saw, and which seats it taught something, so an undo never lets
    a seat choose again knowing it. A `practice` match allows such undos (its record says so).
    """

    def __init__(self, game: Game, seed: int, seats: dict[int, str] | None = None,
                 practice: bool = False):
        self.game = game
        self.seed = _match_seed(seed)
        self.practice = bool(practice)
        self.seats = dict(seats if seats is not None else {s: HUMAN for s in range(game.num_players())})
        self.state = game.new_initial_state()
        self.history: list[Move] = []
        self._listeners: list[Listener] = []  # agents told every move (attach)

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
        """Apply an action (id or text) for whoever is to act; IllegalMoveError (the match
        unchanged) when it is not legal here."""
        seat = self.to_move()
        if isinstance(action, str):
            action = self.state.string_to_action(action)
        legal = self.state.legal_actions()
        if isinstance(action, bool) or not isinstance(action, Integral) or int(action) not in legal:
            raise IllegalMoveError(f"move {action!r} is not legal here")
        action = int(action)
        for agent in self._listeners:
            inform_agent(agent, self.state, seat, action)
        text = self.state.action_to_string(action)
        hidden, keys, seats = frozenset(), (), self.game.num_players()
        secret = self.game.has_hidden_information()
        if secret:
            hidden = hidden_from(self.state, action, range(seats))
            keys = seen_keys(self.state, action, seats)
        taught = learners(self.state, action, seats, decisions_inform=secret)
        self.state.apply_action(action)
        move = Move(len(self.history), seat, action, text, len(legal), hidden, keys, taught)
        self.history.append(move)
        return move

    def chance_outcome(self) -> int:
        """The chance outcome for this ply, drawn from the (seed, ply) generator."""
        outcomes = self.state.chance_outcomes()
        actions = [a for a, _ in outcomes]
        return int(actions[choose_index([self.seed, len(self.history)], [p for _, p in outcomes])])

    def resolve_chance(self) -> list[Move]:
        """Play chance nodes until a player must act or the game ends."""
        moves = []
        while self.state.is_chance_node():
            moves.append(self.play(self.chance_outcome()))
        return moves

    def ai_move(self, agent: MovePicker, apply: bool = True,
                progress: Progress | None = None) -> tuple[int, list]:
        """The move `agent` chooses for the seat to act, and its analysis (the candidates with
        visits and values, best first). The agent sees a copy of the state, and a fair agent
        only what that seat may see. With `apply`, the move is played."""
        if not self.state.is_player_node():
            raise IllegalMoveError("no seat is to act here (a chance node or the end of the game)")
        if isinstance(agent, AnalysingAgent):
            action, candidates = agent.step_with_analysis(self.state.clone(), progress)
        else:  # any object with step(state), e.g. an OpenSpiel bot wrapped as an agent
            action, candidates = agent.step(self.state.clone()), []
        if apply:
            self.play(action)
        return action, candidates

    # ---------------------------------------------------------------- agents told every move
    def attach(self, agent: Listener) -> None:
        """Tell `agent` every move of this match from now on (`inform_action`), after the
        moves so far (see `brief`); after an undo it is reset and told the history again."""
        if agent not in self._listeners:
            self.brief(agent)
            self._listeners.append(agent)

    def brief(self, agent: Listener) -> None:
        """Reset `agent` and tell it every move of the history, from the initial state (an
        agent made for this match after it started, e.g. by `vsai engine`)."""
        if isinstance(agent, ResettableAgent):
            agent.reset()
        if not isinstance(agent, InformedAgent):
            return
        state = self.game.new_initial_state()
        for move in self.history:
            inform_agent(agent, state, move.seat, move.action)
            state.apply_action(move.action)

    # ---------------------------------------------------------------- history
    def undo(self) -> int:
        """Go back to the previous human decision (forced moves, with one legal action, are no
        decisions); returns how many actions were undone (0 = none). UndoRefusedError (the
        match unchanged) when a human seat has learned something since, unless `practice`."""
        current = len(self.history)
        for move in reversed(self.history):
            if self.seats.get(move.seat) == HUMAN and move.choices > 1:
                if not self.practice:
                    self.check_undo(move.ply, self.humans)
                self._rewind(move.ply)
                return current - move.ply
        return 0

    def undo_last(self, seat: int | None = None) -> int:
        """Take back the last player decision and the chance that followed it; returns how
        many actions were undone (0 = none). With `seat` (a client playing that seat), the
        same rule as `undo`: UndoRefusedError when that seat has learned something since.
        Without it (analysis, a referee) any move may be taken back."""
        current = len(self.history)
        for move in reversed(self.history):
            if move.seat >= 0:
                if seat is not None and not self.practice:
                    self.check_undo(move.ply, [seat])
                self._rewind(move.ply)
                return current - move.ply
        return 0

    def check_undo(self, ply: int, seats: list[int]) -> None:
        """UndoRefusedError, in one line saying why, when a move from ply `ply` on taught one
        of `seats` something (a draw it saw, a die, a reveal, another seat's choice in a game
        with hidden information): going back there would let it choose again knowing that."""
        for move in self.history[ply:]:
            learned = move.taught.intersection(seats)
            if learned:
                seat = min(learned)
                raise UndoRefusedError(
                    f"cannot undo: {seat_label(seat, self.game)} has since seen "
                    f"\"{move.text_for(self.game.name, seat)}\" and could choose again knowing it "
                    "(a practice game, vsai play --practice, allows it)")

    def _rewind(self, ply: int) -> None:
        actions = [m.action for m in self.history[:ply]]
        self.state = self.game.new_initial_state()
        self.history = []
        for agent in self._listeners:  # replaying tells them the kept moves again
            if isinstance(agent, ResettableAgent):
                agent.reset()
        for action in actions:
            self.play(action)

    def events(self, seat: int | None, since: int = 0) -> list[dict]:
        """The moves from ply `since` on, as seat `seat` may know them (None: a spectator, who
        reads a move hidden from any seat as that seat does): ply, who moved, the text."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.game.num_players()):
            raise InvalidArgumentError(f"seat {seat!r} is not a seat of this "
                                       f"{self.game.num_players()}-player game")
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise InvalidArgumentError(f"since is a ply number (0 or more), not {since!r}")
        events = []
        for m in self.history[since:]:
            hidden = (seat in m.hidden_from) if seat is not None else bool(m.hidden_from)
            reader = seat if seat is not None else (min(m.hidden_from) if m.hidden_from else None)
            events.append({"ply": m.ply, "seat": m.seat if m.seat >= 0 else None,
                           "who": "chance" if m.seat < 0 else seat_label(m.seat, self.game),
                           "text": m.text_for(self.game.name, reader), "hidden": hidden})
        return events

    # ---------------------------------------------------------------- records
    def record(self) -> GameRecord:
        """The game so far as a record."""
        return GameRecord(game=self.game.name, params=self.game.get_parameters(), seed=self.seed,
                          actions=[m.action for m in self.history],
                          seats={str(s): who for s, who in sorted(self.seats.items())},
                          practice=self.practice)

    def save(self) -> str:
        """The whole match as JSON text (a `vsai-record`): `Match.load` rebuilds it exactly."""
        return self.record().to_json()

    @classmethod
    def load(cls, text: str | bytes, empty_seats: str = HUMAN) -> "Match":
        """The match saved by `save()`; InvalidStateError naming what is wrong."""
        try:
            return cls.from_record(GameRecord.from_json(text), empty_seats)
        except InvalidStateError:
            raise
        except ValueError as error:
            raise InvalidStateError(str(error)) from None

    @classmethod
    def from_record(cls, record: GameRecord, empty_seats: str) -> "Match":
        """The match of a record, every action replayed and checked; ValueError if any is bad.

        Seats the record does not name are given to `empty_seats` (an agent name or HUMAN).
        """
        game = record.load_game()
        seats = {seat: empty_seats for seat in range(game.num_players())}
        seats.update({int(s): who for s, who in record.seats.items()})
        match = cls(game, record.seed, seats, practice=record.practice)
        for i, action in enumerate(record.actions):
            try:
                match.play(action)
            except ValueError as error:
                raise InvalidStateError(f"saved game: action {i + 1} is illegal: {error}") from None
        return match
