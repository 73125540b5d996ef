"""The move prompt: any line gets an answer (a move, a command or a one-line message), never an error."""
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_helpers import answers, run
from vsai.cli.prompt import COMMANDS, completions, parse
from vsai.core import load_game


def _first_decision():
    state = load_game("kilauea").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    return state


STATE = _first_decision()
ACTIONS = STATE.legal_actions()


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=60), st.text(alphabet="0123456789-²٣９ ", max_size=40)))
def test_any_line_is_understood_or_explained(line):
    answer = parse(line, STATE, ACTIONS)
    assert answer.kind in ("move", "command", "error")
    if answer.kind == "move":
        assert answer.action in ACTIONS
    if answer.kind == "error":
        assert answer.message and "\n" not in answer.message


def test_numbers_texts_and_commands():
    assert parse("1", STATE, ACTIONS).action == ACTIONS[0]
    assert parse(f" {len(ACTIONS)} ", STATE, ACTIONS).action == ACTIONS[-1]
    text = STATE.action_to_string(ACTIONS[3])
    assert parse(text.upper(), STATE, ACTIONS).action == ACTIONS[3]
    assert parse("  ".join(text.split()), STATE, ACTIONS).action == ACTIONS[3]
    assert parse("HINT", STATE, ACTIONS).command == "hint"
    assert parse("q", STATE, ACTIONS).command == "quit"
    saved = parse("save my game.json", STATE, ACTIONS)
    assert (saved.command, saved.argument) == ("save", "my game.json")
    assert parse(str(ACTIONS[0] + 1000), STATE, ACTIONS).kind == "error"  # numbers are list positions


def test_tab_completions_are_the_moves_and_the_commands():
    words = completions(STATE, ACTIONS)
    assert words[:len(ACTIONS)] == [STATE.action_to_string(a) for a in ACTIONS]
    assert {"help", "hint", "explain", "undo", "back", "rules", "score", "log", "save ", "load ", "board",
            "more", "quit"} == set(words[len(ACTIONS):])
    assert len(COMMANDS) == 13


def test_garbage_lines_never_end_the_game():
    garbage = ["\x00\x01", "💥" * 40, "-1", "1.5", "1 2", "²", "٣" * 25, "9" * 30, "save", "load", "load /dev/null",
               "load /", "save /", "x" * 5000, "\t", "undo please", "hint me"]
    result = run(["play", "kilauea", "--ai", "random", "--seed", "1"], answers(*garbage, "quit"))
    assert result.exit_code == 0
    assert result.output.count("P1, your move [1-20, help]: ") == len(garbage) + 1
    assert "Quit after 0 moves" in result.output
