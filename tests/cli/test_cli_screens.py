"""The screens of `vsai play` and `vsai replay` for every registered game: pinned snapshots
in plain mode, and every line of every screen within 80 columns.

Snapshots live in each game's test folder, tests/games/<game>/snapshots/screen-<screen>.txt,
so a game stays one folder and its tests. When a screen changes on purpose (a game's board, a
move's wording, the layout), regenerate them and read the diff by eye:

    VSAI_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest -q tests/cli/test_cli_screens.py
    git diff tests/games/*/snapshots/

A new game gets its snapshots the same way (the test fails until they exist).
"""
import difflib
import io
import os
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from cli_helpers import answers, long_list_match, run
from vsai.cli.replay_view import ReplayViewer
from vsai.core import list_games
from vsai.ext.ui.choices import GROUP_FROM
from vsai.core.match import Match
from vsai.core.record import GameRecord

GAMES = list_games()
GAME_TESTS = Path(__file__).resolve().parents[1] / "games"
UPDATE = os.environ.get("VSAI_UPDATE_SNAPSHOTS") == "1"
# The terminal every screen must fit.
WIDTH = 80
# Rich reads the console size from these: pin them, whatever the test runner's terminal is.
ENV = {"COLUMNS": str(WIDTH), "LINES": "24", "NO_COLOR": None}


def check_snapshot(game: str, screen: str, text: str) -> None:
    """`text` equals the pinned snapshot of `game`'s `screen` (written instead with
    VSAI_UPDATE_SNAPSHOTS=1)."""
    folder = GAME_TESTS / game / "snapshots"
    path = folder / f"screen-{screen}.txt"
    if UPDATE:
        folder.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.is_file(), (f"no snapshot {path.name}: run VSAI_UPDATE_SNAPSHOTS=1 .venv/bin/python -m "
                            "pytest tests/cli/test_cli_screens.py and read the new file")
    pinned = path.read_text(encoding="utf-8")
    if text != pinned:
        diff = "".join(difflib.unified_diff(pinned.splitlines(True), text.splitlines(True),
                                            "pinned", "now", n=2))
        pytest.fail(f"{path.name} changed (regenerate with VSAI_UPDATE_SNAPSHOTS=1 if on purpose):\n"
                    + diff[:4000])


def too_wide(text: str) -> list[str]:
    """The lines of `text` wider than the terminal."""
    return [line for line in text.splitlines() if cell_len(line) > WIDTH]


# The games that several tests of a worker read, played once: name -> saved record (None when
# random games never reach a long list), (name, plain) -> (output, saved record) of a watched
# game, and (name, plain) -> the start screens (the plain ones are a snapshot and width-checked).
_LONG_LISTS: dict[str, str | None] = {}
_WATCHED: dict[tuple[str, bool], tuple[str, bytes]] = {}
_STARTS: dict[tuple[str, bool], str] = {}


def start_screens(name: str, plain: bool = True) -> str:
    """A human's first decisions, then the commands that draw something, then quit."""
    if (name, plain) not in _STARTS:
        args = ["play", name, "--ai", "random", "--seed", "7"] + (["--plain"] if plain else [])
        commands = answers("1", "1", "1", "1", "board", "score", "log", "help", "quit")
        _STARTS[name, plain] = run(args, commands, env=ENV).output
    return _STARTS[name, plain]


def record_at_a_long_list(name: str, path: Path) -> bool:
    """Writes to `path` a game stopped where a player has more than GROUP_FROM moves (that
    seat human, the others random); False when random games never get there."""
    if name not in _LONG_LISTS:
        match = long_list_match(name)
        _LONG_LISTS[name] = None
        if match is not None:
            match.record().save(path)
            _LONG_LISTS[name] = path.read_text(encoding="utf-8")
    if _LONG_LISTS[name] is not None:
        path.write_text(_LONG_LISTS[name], encoding="utf-8")
    return _LONG_LISTS[name] is not None


def group_screens(name: str, path: Path, plain: bool = True) -> str:
    """The grouped choice of a long list: a group, back to the groups, quit."""
    if not record_at_a_long_list(name, path):
        pytest.skip(f"{name} never offers more than {GROUP_FROM} moves in random games")
    args = ["play", name, "--ai", "random", "--load", str(path)] + (["--plain"] if plain else [])
    return run(args, answers("1", "back", "quit"), env=ENV).output


def watched_game(name: str, path: Path, plain: bool = True) -> str:
    """A whole game of random agents, watched, recorded to `path` (played once a worker: the
    snapshot and the width tests read the same plain game). It must end with exit 0 and its
    `Result:` line: this is also every game's watched-game test."""
    if (name, plain) not in _WATCHED:
        args = ["play", name, "--humans", "0", "--ai", "random", "--seed", "5", "--record", str(path)]
        result = run(args + (["--plain"] if plain else []), env=ENV)
        assert result.exit_code == 0 and "Result:" in result.output, result.output[-2000:]
        _WATCHED[name, plain] = result.output, path.read_bytes()
    output, record = _WATCHED[name, plain]
    path.write_bytes(record)
    return output


def final_screen(output: str) -> str:
    """The part of a watched game's output from the final board on."""
    lines = output.splitlines(True)
    start = next(i for i, line in enumerate(lines) if " - final" in line)
    return "".join(line for line in lines[start:] if "Game record written" not in line)


def replay_screens(path: Path, seat, plain: bool = True) -> str:
    """The replay viewer: opened after the set-up, next, move 3, back, the end, a bad move, quit."""
    record = GameRecord.load(path)
    match = Match.from_record(record, "?")
    names = {int(s): who for s, who in record.seats.items()}
    script = iter(["", "3", "p", "e", "9999", "q"])
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=24, color_system=None, force_terminal=False)

    def read(prompt):
        answer = next(script)
        out.write(f"{prompt}{answer}\n")
        return answer

    ReplayViewer(console, match, seat, names, read, plain).run()
    return out.getvalue()


@pytest.mark.parametrize("name", GAMES)
def test_start_screens_snapshot(name):
    check_snapshot(name, "start", start_screens(name))


@pytest.mark.parametrize("name", GAMES)
def test_grouped_choice_snapshot(name, tmp_path):
    check_snapshot(name, "groups", group_screens(name, tmp_path / "long.json"))


@pytest.mark.parametrize("name", GAMES)
def test_final_and_replay_snapshots(name, tmp_path):
    path = tmp_path / "game.json"
    check_snapshot(name, "final", final_screen(watched_game(name, path)))
    check_snapshot(name, "replay", replay_screens(path, 0))


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "rich"])
@pytest.mark.parametrize("name", GAMES)
def test_every_line_fits_80_columns(name, plain, tmp_path):
    path = tmp_path / "game.json"
    flag = ["--plain"] if plain else []
    watched = watched_game(name, path, plain)   # also writes its record to `path`
    replays = [run(["replay", str(path), *seat] + flag, env=ENV) for seat in (["--seat", "0"], [])]
    assert [replay.exit_code for replay in replays] == [0, 0]
    screens = {
        "start": start_screens(name, plain),
        "watched": watched,
        "replay list": replays[0].output,
        "replay list, spectator": replays[1].output,
        "replay viewer": replay_screens(path, 0, plain),
        "replay viewer, spectator": replay_screens(path, None, plain),
        "rules": run(["rules", name] + flag, env=ENV).output,
        "rules --assumptions": run(["rules", name, "--assumptions"] + flag, env=ENV).output,
        "in-game rules": run(["play", name, "--ai", "random", "--seed", "1"] + flag,
                             answers("rules", "quit"), env=ENV).output,
    }
    if record_at_a_long_list(name, tmp_path / "long.json"):
        screens["groups"] = group_screens(name, tmp_path / "long.json", plain)
    for screen, text in screens.items():
        assert text.strip(), screen
        wide = too_wide(text)
        assert not wide, f"{name}, {screen}: {len(wide)} lines wider than {WIDTH}, e.g.\n" + "\n".join(wide[:5])
