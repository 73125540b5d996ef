"""The command line reads numbers in ASCII digits only, and an empty game name is a usage
error: each bad command line ends with exit code 2 and one clear message."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from vsai.cli.main import cli
from vsai.core import list_games

GAME = list_games()[0]
ARABIC_THREE = "٣"   # Arabic-Indic digit three: int() reads it, the command line must not

BAD_LINES = [
    (["play", GAME, "--humans", ARABIC_THREE], "--humans", "ASCII digits"),
    (["play", GAME, "--players", ARABIC_THREE], "--players", "ASCII digits"),
    (["play", GAME, "--seed", "١"], "--seed", "ASCII digits"),
    (["play", GAME, "--level", ARABIC_THREE], "--level", "ASCII digits"),
    (["play", GAME, "--iterations", "١٠"], "--iterations", "ASCII digits"),
    (["play", GAME, "--think-time", ARABIC_THREE], "--think-time", "ASCII digits"),
    (["play", GAME, "--delay", ARABIC_THREE], "--delay", "ASCII digits"),
    (["play", GAME, "--seat", ARABIC_THREE], "--seat", "is not a seat"),
    (["play", GAME, "--option", f"turn_cap={ARABIC_THREE}"], "--option", "whole number"),
    (["play", GAME, "--ai", f"ismcts:iterations={ARABIC_THREE}"], "--ai", "whole number"),
    (["play", GAME, "--ai", f"ismcts:exploration={ARABIC_THREE}"], "--ai", "a number is expected"),
    (["arena", GAME, "--agents", "random,random", "--games", ARABIC_THREE], "--games", "ASCII digits"),
    (["arena", GAME, "--agents", "random,random", "--workers", ARABIC_THREE], "--workers", "ASCII digits"),
    (["suite", "run", "suite.toml", "--workers", ARABIC_THREE], "--workers", "ASCII digits"),
    (["serve", "--port", ARABIC_THREE], "--port", "ASCII digits"),
    (["bench", ""], "GAME", "unknown game ''"),
    (["bench", "", "--seconds", "0.01"], "GAME", "unknown game ''"),
]


@pytest.mark.parametrize("args, option, message", BAD_LINES)
def test_non_ascii_digits_and_empty_names_are_usage_errors(args, option, message):
    result = CliRunner().invoke(cli, args, input="quit\n")
    assert result.exit_code == 2, result.output
    assert result.output.count("Error:") == 1 and option in result.output and message in result.output, result.output


def test_ascii_numbers_still_work():
    result = CliRunner().invoke(cli, ["play", GAME, "--ai", "ismcts:iterations=1e1,exploration=1.5",
                                      "--humans", "1", "--seed", "3", "--level", "1"], input="quit\n")
    assert result.exit_code == 0, result.output
