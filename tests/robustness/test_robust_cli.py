"""The command line never ends with a traceback, never ends a game on bad input, never hangs:
each reproduction of the robustness issue, and a fuzz run of 300+ bad inputs."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from vsai.cli.main import cli
from vsai.core import list_games, load_game

GAME = list_games()[0]
# What the CLI says when the human (the first seat) moves, e.g. "P1 (you) plays:".
PLAYS = f"{load_game(GAME).seat_names()[0]} (you) plays:"
PLAY = ["play", GAME, "--ai", "random", "--seed", "1"]
VSAI = str(Path(sys.executable).with_name("vsai"))


def run(args, input=None):
    """`vsai ARGS` in-process; fails on any traceback or uncaught exception."""
    result = CliRunner().invoke(cli, args, input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "Internal error" not in result.output, result.output
    return result


@pytest.mark.parametrize("args, message", [
    (PLAY + ["--iterations", "9" * 23], "is not a whole number from 1 to 1,000,000,000"),
    (["play", GAME, "--ai", "ismcts:iterations=1e99"], "iterations must be a whole number"),
    (["arena", GAME, "--agents", "random,random", "--workers", "9" * 23], "--workers"),
    (["bench", "--seconds", "1e308"], "at most 3600"),
    (["arena", GAME, "--agents", "random,random", "--games", "9" * 23], "from 1 to 1,000,000"),
    (["play", GAME, "--ai", "ismcts:seed=abc"], "seed must be a whole number"),
    (["arena", GAME, "--agents", "random:iterations=1e99,random", "--games", "1"], "iterations must be"),
    (["play", GAME, "--load", "x.json", "--players", "3"], "--players cannot be used with --load"),
    (PLAY + ["--load", "x.json"], "--seed cannot be used with --load"),
    (PLAY + ["--record", "/no/such/folder/game.json"], "does not exist"),
    (PLAY + ["--record", "/"], "is a folder"),
])
def test_bad_options_are_one_line_usage_errors(args, message):
    result = run(args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_iterations_as_1e3_are_accepted_everywhere():
    assert run(PLAY + ["--iterations", "1e3"], input="quit\n").exit_code == 0
    assert run(["play", GAME, "--ai", "ismcts:iterations=1e3", "--seed", "1"], input="quit\n").exit_code == 0


def test_a_deeply_nested_or_endless_file_is_refused_everywhere(tmp_path):
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    for path in (str(nested), "/dev/zero", "/dev/urandom"):
        assert "nested too deeply" in run(["replay", path]).output or "not a saved game" in run(["replay", path]).output \
            or "not valid JSON" in run(["replay", path]).output or "cannot read" in run(["replay", path]).output
        assert run(["play", GAME, "--ai", "random", "--load", path]).exit_code == 2
        started = time.monotonic()
        result = run(PLAY, input=f"load {path}\n1\nquit\n")
        assert time.monotonic() - started < 20
        assert "Cannot load" in result.output and PLAYS in result.output


def test_a_4301_digit_number_at_the_prompt_is_one_line():
    for digits in (4301, 4000):
        result = run(PLAY, input="9" * digits + "\n1\nquit\n")
        assert "There is no move" in result.output or "is not a legal move" in result.output
        assert PLAYS in result.output


def test_in_game_load_asks_first_and_quit_offers_to_save(tmp_path):
    saved = tmp_path / "saved.json"
    run(PLAY, input=f"1\nsave {saved}\nquit\n")
    result = run(PLAY, input=f"1\nload {saved}\nn\nquit\n\n")
    assert "leave this game unsaved? [y/N]" in result.output and "Not loaded" in result.output
    kept = tmp_path / "kept.json"
    result = run(PLAY, input=f"1\nquit\n{kept}\n")
    assert "Save this game before quitting?" in result.output and kept.is_file()
    result = run(PLAY, input="1\nquit\nback\n1\nquit\n\n")
    assert result.output.count(PLAYS) >= 2   # "back" played on


def test_arena_workers_never_exceed_games():
    result = run(["arena", GAME, "--agents", "random,random", "--games", "2", "--workers", "200", "--json"])
    assert result.exit_code == 0 and '"games": 2' in result.output


def test_ctrl_c_stops_a_parallel_arena_at_once_and_leaves_no_process():
    process = subprocess.Popen([VSAI, "arena", GAME, "--agents", "ismcts,heuristic", "--iterations", "5000",
                                "--games", "40", "--workers", "2"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60          # wait until the workers play (a loaded machine starts slowly)
    children: list[str] = []
    while len(children) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
    assert len(children) == 2, "the two workers never started"
    time.sleep(1)
    started = time.monotonic()
    os.kill(process.pid, signal.SIGINT)
    time.sleep(0.05)
    try:
        os.kill(process.pid, signal.SIGINT)      # a second Ctrl-C changes nothing
    except ProcessLookupError:
        pass
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - started < 10   # about 0.4 s; generous for a loaded machine
    assert process.returncode == 130, (out[-1000:], err[-3000:])
    assert "Interrupted:" in err and "Traceback" not in err + out and "games" in out
    time.sleep(0.2)
    alive = [pid for pid in children if subprocess.run(["kill", "-0", pid], capture_output=True).returncode == 0]
    assert alive == []


# ------------------------------------------------------------------ fuzzing
BAD_VALUES = ["", "0", "-1", "1e99", "1e3", "nan", "inf", "-inf", "9" * 30, "abc", "1.5", "0x10",
              "💥", "\x00", "P9", "random", " ", "--", "=", "a=b", "1,2"]
OPTIONS = {"play": ["--players", "--seat", "--humans", "--seed", "--iterations", "--think-time", "--level",
                    "--option", "--ai", "--load", "--record", "--delay"],
           "arena": ["--games", "--seed", "--iterations", "--think-time", "--workers", "--option", "--agents"],
           "bench": ["--agents", "--iterations", "--seconds"],
           "replay": ["--seat"],
           "rules": [], "list": []}
AGENT_TEXTS = ["ismcts:iterations={}", "ismcts:{}", "random:seed={}", "mcts:exploration={}", "pimc:determinizations={}",
               "ismcts:workers={}", "heuristic:x={}", "{}"]


# The commands that never read standard input.
NO_INPUT = ("bench", "list")


def fuzz_cases(count: int) -> list[tuple[list[str], str]]:
    """(args, stdin) pairs: bad options, values, files and prompt lines."""
    rng = random.Random(2026)
    cases = []
    while len(cases) < count:
        command = rng.choice(list(OPTIONS))
        args = [command]
        if command in ("play", "arena", "rules"):
            args.append(rng.choice([GAME] * 4 + ["chess", "", "💥"]))
        if command == "replay":
            args.append(rng.choice(["/dev/zero", "/nonexistent", "/", "/etc/passwd", "/dev/null"]))
        if command == "arena" and rng.random() < 0.8:
            args += ["--agents", "random,random", "--games", "1"]
        if command == "bench":   # short unless a case's own option says otherwise
            args += ["--seconds", "0.01", "--iterations", "10"]
        for option in rng.sample(OPTIONS[command], min(len(OPTIONS[command]), rng.randint(0, 2))):
            value = rng.choice(BAD_VALUES)
            if option in ("--ai", "--agents"):
                value = rng.choice(AGENT_TEXTS).format(value)
            if option in ("--load", "--record"):
                value = rng.choice(["/dev/zero", "/", "/nonexistent/x.json", "", "/etc/passwd"])
            if option in ("--think-time", "--seconds", "--delay"):   # valid times stay short
                value = rng.choice(["", "0", "-1", "nan", "inf", "1e99", "abc", "0.01", "💥"])
            if option == "--level":
                value = rng.choice(["0", "11", "abc", "1", "2", "1e99"])
            args += [option, value]
        if not {"--iterations", "--think-time", "--level"} & set(args) and command in ("play", "arena"):
            args += ["--iterations", "10"]
        if command == "play":
            args += ["--ai", "random"] if "--ai" not in args else []
        lines = [rng.choice(["1", "quit", "", "help", "undo", "load /dev/zero", "save /", "9" * 5000,
                             "💥", "\x00", "board", "hint", "load", "-5", "y", "back", "rules", "score",
                             "log"]) for _ in range(rng.randint(0, 6))]
        cases.append((args, "\n".join(lines) + ("\n" if lines else "")))
    return cases


def test_fuzzing_the_command_line_gives_one_clear_message():
    """Every case ends with exit code 0 or 2 (1 for a game that could not start is not
    allowed), one error message for a usage error, and never a traceback."""
    ran = set()
    for args, stdin in fuzz_cases(320):
        # `bench` and `list` read no input: a case that differs from one already run only in
        # its input lines runs the same code again (most bench cases are the valid default,
        # 0.5 s CPU each, two thirds of the test's time), so it is run once.
        key = (tuple(args), "" if args[0] in NO_INPUT else stdin)
        if key in ran:
            continue
        ran.add(key)
        result = CliRunner().invoke(cli, args, input=stdin)
        where = f"vsai {' '.join(map(repr, args))} <<< {stdin[:60]!r}"
        assert result.exception is None or isinstance(result.exception, SystemExit), f"{where}: {result.exception!r}"
        assert "Traceback" not in result.output and "Internal error" not in result.output, where
        assert result.exit_code in (0, 2), f"{where}: exit {result.exit_code}\n{result.output[-500:]}"
        if result.exit_code == 2:
            assert result.output.count("Error:") == 1, f"{where}\n{result.output}"
    assert len(ran) > 200, len(ran)                 # 244 distinct cases of the 320 drawn
