"""Game records: a whole game as JSON (game, parameters, seed, every action, who sat where).

A record replays exactly: the actions include the chance outcomes, so loading never needs the
random generator that produced them.

    {"format": "vsai-record", "version": 1, "game": "<name>", "params": {"players": 2, ...},
     "seed": 7, "actions": [12, 3, 40, ...], "seats": {"0": "human", "1": "ismcts"}}

A practice game (undo may have shown a player what it could not know) adds "practice": true.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from vsai.core.errors import InvalidStateError

if TYPE_CHECKING:
    from vsai.ext.state import State

RECORD_FORMAT = "vsai-record"
RECORD_VERSION = 1
# The largest saved-game file read (bytes): far above any real game, small enough that
# pointing `load` at /dev/zero or a huge file fails at once instead of filling memory.
MAX_RECORD_BYTES = 16 << 20
_KEYS = ("format", "version", "game", "params", "seed", "actions", "seats", "practice")


@dataclass
class GameRecord:
    """One game: enough to rebuild every position of it."""

    game: str
    params: dict
    seed: int
    actions: list[int] = field(default_factory=list)
    # Seat number (as a string, JSON keys are strings) -> "human" or an agent's name.
    seats: dict[str, str] = field(default_factory=dict)
    # Played with undo allowed past what a seat had seen: its results are no fair game's.
    practice: bool = False

    def to_dict(self) -> dict:
        """The record as plain JSON-able data."""
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game": self.game,
                "params": dict(self.params), "seed": self.seed, "actions": list(self.actions),
                "seats": dict(self.seats), **({"practice": True} if self.practice else {})}

    def to_json(self) -> str:
        """The record as JSON text, one line per key."""
        lines = [f" {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}"
                 for key, value in self.to_dict().items()]
        return "{\n" + ",\n".join(lines) + "\n}"

    def save(self, path: str | Path) -> None:
        """Write the record to `path` (OSError when the file cannot be written)."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameRecord":
        """A record from JSON text; ValueError naming what is malformed.

        The envelope and types are checked here; `replay` checks the game itself.
        """
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as error:
            raise InvalidStateError(f"not valid JSON: {error}") from None
        except RecursionError:
            raise InvalidStateError("not a vsai game record: the JSON is nested too deeply") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> "GameRecord":
        """A record from `to_dict` data; ValueError naming what is malformed."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise InvalidStateError(f"not a vsai game record: a JSON object with \"format\": \"{RECORD_FORMAT}\" is expected")
        if data.get("version") != RECORD_VERSION:
            raise InvalidStateError(f"unsupported vsai record version {data.get('version')!r} "
                             f"(this vsai reads version {RECORD_VERSION})")
        unknown = sorted(set(data) - set(_KEYS))
        if unknown:
            raise InvalidStateError(f"vsai record: unknown key(s) {', '.join(map(repr, unknown))}")
        for key, kind in (("game", str), ("params", dict), ("actions", list), ("seats", dict)):
            if not isinstance(data.get(key), kind):
                raise InvalidStateError(f"vsai record: {key!r} is missing or not a {_KIND_NAMES[kind]}")
        seed = data.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidStateError(f"vsai record: 'seed' must be a whole number >= 0, not {seed!r}")
        for i, action in enumerate(data["actions"]):
            if isinstance(action, bool) or not isinstance(action, int):
                raise InvalidStateError(f"vsai record: action {i + 1} is {action!r}, not a whole number")
        for seat, who in data["seats"].items():
            if not re.fullmatch(r"[0-9]+", seat) or not isinstance(who, str) or not who:
                raise InvalidStateError(f"vsai record: seat {seat!r} -> {who!r} is not a seat number -> "
                                 "\"human\" or an agent name")
        if not isinstance(data.get("practice", False), bool):
            raise InvalidStateError(f"vsai record: 'practice' must be true or false, not {data['practice']!r}")
        return cls(game=data["game"], params=dict(data["params"]), seed=seed,
                   actions=list(data["actions"]), seats={str(int(k)): v for k, v in data["seats"].items()},
                   practice=data.get("practice", False))

    @classmethod
    def load(cls, path: str | Path) -> "GameRecord":
        """Read and check a record file: the envelope, the game and its parameters, the seats,
        and every action replayed. ValueError for a missing, unreadable or malformed file."""
        try:
            with open(path, "rb") as stream:
                data = stream.read(MAX_RECORD_BYTES + 1)
            if len(data) > MAX_RECORD_BYTES:
                raise InvalidStateError(f"{path} is larger than {MAX_RECORD_BYTES >> 20} MiB: "
                                        "not a saved game (nothing was loaded)")
            text = data.decode("utf-8")
        except FileNotFoundError:
            raise InvalidStateError(f"no such file: {path}") from None
        except IsADirectoryError:
            raise InvalidStateError(f"{path} is a folder, not a saved game") from None
        except (OSError, UnicodeDecodeError) as error:
            raise InvalidStateError(f"cannot read {path}: {error}") from None
        record = cls.from_json(text)
        record.final_state()
        return record

    def load_game(self):
        """The `Game` this record was played with; ValueError for an unknown game or bad params."""
        from vsai.core.registry import get_spec, load_game

        # a record older than an option's new default was played with its legacy value
        game = load_game(self.game, **get_spec(self.game).saved_params(self.params))
        seats = sorted(int(s) for s in self.seats)
        if seats and (seats[0] < 0 or seats[-1] >= game.num_players()):
            raise InvalidStateError(f"vsai record: seat {seats[-1]} does not exist in a "
                             f"{game.num_players()}-player game")
        return game

    def replay(self) -> Iterator[tuple[Any, int]]:
        """(state before the action, action) for every action, each checked for legality.

        The states are independent copies. ValueError names the first illegal action.
        """
        state = self.load_game().new_initial_state()
        for i, action in enumerate(self.actions):
            before = state.clone()
            _apply_checked(state, i, action)
            yield before, action

    def final_state(self):
        """The position after every action (all checked); ValueError if any is illegal."""
        state = self.load_game().new_initial_state()
        for i, action in enumerate(self.actions):
            _apply_checked(state, i, action)
        return state


_KIND_NAMES = {str: "string", dict: "JSON object", list: "list"}


def _apply_checked(state: State, index: int, action: int) -> None:
    """Plays the record's action number `index` (0-based); ValueError naming it if illegal."""
    if state.is_terminal():
        raise InvalidStateError(f"vsai record: action {index + 1} ({action}) comes after the end of the game")
    try:
        state.apply_action(action)
    except ValueError as error:
        raise InvalidStateError(f"vsai record: action {index + 1} is illegal: {error}") from None
