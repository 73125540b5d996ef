"""The render hooks a game may give (docs/adding-a-game.md, "Render hooks"), their defaults for a
game that gives none, and the parts of the play screen built on them: grouped choices, the
last round, plain mode, the score breakdown, the rules summary, the replay viewer, --delay."""
import io
import re
import types

import numpy as np
import pytest
from rich.console import Console

import toy_render
from cli_helpers import answers, flat, long_list_match, run, usage_error
from vsai.cli import loop as loop_module
from vsai.cli import options
from vsai.cli.markdown_text import without_gap_ids
from vsai.cli.loop import PlayLoop
from vsai.cli.replay_view import ReplayViewer
from vsai.core import get_spec, list_games, load_game
from vsai.ext.ui import hooks, render
from vsai.ext.ui.choices import GROUP_FROM, group_moves
from vsai.core.match import HUMAN, Match

GAMES = list_games()


@pytest.fixture
def toy(monkeypatch):
    """Every game drawn by the toy render module (all hooks)."""
    toy_render.CALLS.clear()
    monkeypatch.setattr(hooks, "_render_module", lambda game: toy_render if game else None)
    return toy_render


@pytest.fixture
def bare(monkeypatch):
    """Every game drawn by a render module with only the old three-argument `board`."""
    calls = []

    def board(state, seat, hidden_information):
        calls.append(seat)
        return "BARE BOARD"

    module = types.SimpleNamespace(board=board)
    monkeypatch.setattr(hooks, "_render_module", lambda game: module if game else None)
    return calls


def short_game(name):
    """`--option turn_cap=2` where the game has a turn cap, else nothing: the hooks tests check
    what reaches the screen (a board, the last move, the detail column, the final breakdown),
    which a game of two turns shows as well as a whole one. Whole games with the games' own
    render modules are played by tests/cli/test_cli_every_game.py."""
    has_cap = any(param.name == "turn_cap" for param in get_spec(name).params)
    return ["--option", "turn_cap=2"] if has_cap else []


def first_long_list(name, limit=GROUP_FROM):
    """A state of game `name` where a player has more than `limit` moves (None if random games
    never get there)."""
    match = long_list_match(name, limit)
    return None if match is None else match.state


# ---------------------------------------------------------------- hooks and their defaults
@pytest.mark.parametrize("name", GAMES)
def test_a_game_without_hooks_gets_the_defaults(name, bare):
    state = first_long_list(name, limit=1)  # any player decision
    action = state.legal_actions()[0]
    assert render.move_detail(state, action) == ""
    assert render.move_group(state, action) is None and not render.has_move_groups(state)
    assert render.score_breakdown(state, 0) is None
    # The old board hook is called without the keywords it does not take.
    console = Console(file=io.StringIO(), width=80)
    console.print(render.board(state, 0, True, last_move=3, plain=True))
    assert bare == [0] and "BARE BOARD" in console.file.getvalue()
    result = run(["play", name, "--ai", "random", "--seed", "1", *short_game(name)], answers(ones=3000))
    assert result.output.strip().splitlines()[-1].startswith("Result:")
    assert "Scoring" not in result.output  # no breakdown without the hook


def test_board_gets_the_last_move_only_when_the_seat_could_identify_it(toy):
    # Hot seat in a hidden-information game: each human's board gets the last decision only
    # when that human could tell which move it was.
    name = "vec"   # its sealed bids are player decisions hidden from the other seat
    run(["play", name, "--humans", "2", "--seed", "3"], answers(ones=30) + "quit\n")
    boards = [call for call in toy.CALLS if call[0] == "board"]
    assert any(call[2] is not None for call in boards)
    game = load_game(name)
    match = Match(game, 3, {0: HUMAN, 1: HUMAN})
    rng = np.random.default_rng(1)
    hidden_seen = False
    # One loop for the whole game: its screen reads the match's history at each call (building
    # a loop per move cost 10 ms each, 2.8 s a game, and checked the same thing).
    loop = PlayLoop(Console(file=io.StringIO()), match, options.AgentSpec("random"),
                    options.budget(None, None, None), False, False)
    for _ in range(3000):
        match.resolve_chance()
        if match.is_over():
            break
        last = next((m for m in reversed(match.history) if m.seat >= 0), None)
        for seat in (0, 1):
            expected = None if last is None or seat in last.hidden_from else last.action
            assert loop.screen.last_move(seat) == expected
            hidden_seen |= last is not None and seat in last.hidden_from
        actions = match.state.legal_actions()
        match.play(int(actions[rng.integers(len(actions))]))
    assert hidden_seen  # the test met a move hidden from a seat


def test_a_game_without_a_render_module_shows_its_observation(monkeypatch):
    monkeypatch.setattr(hooks, "_render_module", lambda game: None)
    state = first_long_list("kilauea")
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(render.board(state, 0, False, last_move=1, plain=True))
    assert console.file.getvalue().splitlines()[0] == state.observation_string(0).splitlines()[0]
    assert render.hidden_move_text("kilauea", 1, "x") == "a move you cannot see"
    out = run(["play", "kilauea", "--ai", "random", "--seed", "1", "--option", "turn_cap=4"],
              answers(ones=300)).output
    assert out.strip().splitlines()[-1].startswith("Result:")


@pytest.mark.parametrize("name", GAMES)
def test_hooks_reach_the_screen(name, toy):
    result = run(["play", name, "--ai", "random", "--seed", "2", "--plain", *short_game(name)],
                 answers(ones=3000))
    out = result.output
    assert "TOY BOARD for seat 0, plain=True" in out
    assert re.search(r"last move id [0-9]+", out)   # a board marked the last move
    assert "id " in out.split("Your moves:")[1].splitlines()[1]  # the detail column
    assert "TOY BREAKDOWN for seat 0" in out.split(" - final")[1]  # on the final screen
    watched = run(["play", name, "--humans", "0", "--ai", "random", "--seed", "2", *short_game(name)]).output
    assert "TOY BREAKDOWN for everyone" in watched


def test_a_scoring_during_the_game_is_announced_when_the_game_can_explain_it(toy, monkeypatch):
    name = next(n for n in GAMES if not load_game(n).has_hidden_information())
    args = ["play", name, "--ai", "random", "--seed", "1"]
    out = run(args, answers(ones=3000)).output
    notices = [line for line in out.splitlines() if line.startswith("Scores changed (")]
    assert notices and all(line.endswith("type score to see how.") for line in notices)
    assert len(notices) < out.count("Your moves:") // 2  # at scorings, not at every screen
    monkeypatch.delattr(toy, "score_breakdown")
    assert "Scores changed (" not in run(args, answers(ones=3000)).output


def test_score_command_shows_the_breakdown_or_says_why_not(toy, monkeypatch):
    out = run(["play", "kilauea", "--ai", "random", "--seed", "1"], answers("score", "quit")).output
    assert "TOY BREAKDOWN for seat 0" in out
    monkeypatch.setattr(toy, "score_breakdown", lambda state, seat: None)
    out = run(["play", "kilauea", "--ai", "random", "--seed", "1"], answers("score", "quit")).output
    assert "Scores: P1 (you) 0" in out  # public scores instead
    out = run(["play", "vec", "--ai", "random", "--seed", "1"], answers("score", "quit")).output
    assert "The scores are hidden until the end of the game." in out


# ---------------------------------------------------------------- grouped choices
@pytest.mark.parametrize("name", GAMES)
def test_word_groups_split_long_lists_into_short_steps(name, bare):
    state = first_long_list(name)
    if state is None:
        pytest.skip(f"{name} never offers more than {GROUP_FROM} moves")
    actions = state.legal_actions()
    groups = group_moves(state, actions)
    assert groups is not None, f"{name}: a list of {len(actions)} moves was not grouped"
    assert 2 <= len(groups) <= GROUP_FROM
    assert all(len(g.actions) <= GROUP_FROM for g in groups)
    assert sorted(a for g in groups for a in g.actions) == sorted(actions)  # each move once
    for group in groups:
        if len(group.actions) > 1 and " ... " not in group.label:   # a word group, not a run
            assert all(state.action_to_string(a).startswith(group.label) for a in group.actions)


def test_the_games_groups_come_first(toy):
    state = first_long_list("kilauea")
    actions = state.legal_actions()
    groups = group_moves(state, actions)
    assert [g.label for g in groups] == list(dict.fromkeys(toy.move_group(state, a) for a in actions))
    assert group_moves(state, actions[:1]) is None  # one group: no two steps


def test_a_grouped_choice_in_two_steps(tmp_path):
    match = long_list_match("kilauea")
    path = tmp_path / "long.json"
    match.record().save(path)
    state = match.state
    base = ["play", "kilauea", "--ai", "random", "--load", str(path)]
    groups = group_moves(state, state.legal_actions())
    several = next(i for i, g in enumerate(groups) if len(g.actions) > 1)
    chosen = groups[several]
    text = state.action_to_string(chosen.actions[-1])
    out = run(base, answers(str(several + 1), "back", "back", "99", chosen.label.upper(),
                            str(len(chosen.actions)), "quit")).output
    assert "choose a group [1-" in out and "your move in " in out
    assert "Nothing to go back to: choose a group." in flat(out)
    assert "There is no group 99" in out
    assert f"plays: {text}" in out
    # A move's text is accepted at the group step, directly.
    out = run(base, answers(text, "quit")).output
    assert f"plays: {text}" in out


def test_a_small_terminal_groups_a_list_that_would_not_fit():
    state = first_long_list("kilauea", limit=12)
    game = load_game("kilauea")
    match = Match(game, 1, {0: HUMAN, 1: HUMAN})
    match.state = state
    for height, grouped in ((60, len(state.legal_actions()) > GROUP_FROM), (12, True)):
        console = Console(file=io.StringIO(), width=80, height=height, force_terminal=True, color_system=None)
        loop = PlayLoop(console, match, options.AgentSpec("random"), options.budget(None, None, None),
                        False, False, plain=True)
        choice = loop.make_choice(state.legal_actions(), recap_rows=4)
        assert (choice.groups is not None) == grouped, height


@pytest.mark.parametrize("name", GAMES)
def test_the_last_round_and_the_prompt_fit_a_24_line_terminal(name):
    state = first_long_list(name, limit=12)
    if state is None:
        pytest.skip(f"{name} never offers more than 12 moves")
    game = load_game(name)
    seat = state.current_player()
    match = Match(game, 1, {s: HUMAN for s in range(game.num_players())})
    # The longest last round: every move made so far (a first decision).
    for plain in (True, False):
        out = io.StringIO()
        console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
        loop = PlayLoop(console, match, options.AgentSpec("random"), options.budget(None, None, None),
                        False, False, plain=plain)
        match.state = state
        recap = loop.screen.recap(seat)
        loop._choice = loop.make_choice(state.legal_actions(), len(recap))
        loop.screen.print_lines(recap)
        loop.show_choices()
        below_board = out.getvalue().splitlines()
        assert len(below_board) + 1 <= 24, "\n".join(below_board)  # + 1: the prompt


# ---------------------------------------------------------------- plain mode
def test_plain_mode_has_no_box_drawing_and_no_colour(monkeypatch):
    args = ["play", "kilauea", "--ai", "random", "--seed", "1"]
    rich_out = run(args, answers("quit")).output
    assert "╭" in rich_out
    for extra, env in ((["--plain"], None), ([], {"NO_COLOR": "1"})):
        out = run(args + extra, answers("quit"), env=env).output
        assert "╭" not in out and "│" not in out and "\x1b[" not in out
        assert "Kilauea - P1's view:" in out


def test_plain_mode_on_a_terminal_writes_no_escape_codes():
    from vsai.cli.console import stdout_console

    out = io.StringIO()
    console = stdout_console(plain=True)
    console.file = out
    console._force_terminal = True
    console.print("[bold red]hello[/]")
    assert out.getvalue() == "hello\n"


# ---------------------------------------------------------------- rules
def test_rules_prints_the_players_summary_when_the_game_ships_one(monkeypatch):
    from vsai.cli import rules as rules_module

    real = rules_module.rules_document

    def with_summary(name, file="rules.md"):
        if file == "summary.md":
            return "## Goal\n\nScore the most points. " + "A long sentence wraps. " * 8 + "\n"
        return real(name, file)

    monkeypatch.setattr(rules_module, "rules_document", with_summary)
    out = run(["rules", "kilauea"]).output
    assert out.startswith("Kilauea\n=======\n\nGoal\n----\n") and "turn_cap" in out  # title, summary, options
    assert "Rules table" not in out and max(len(line) for line in out.splitlines()) <= 80
    assumptions = run(["rules", "kilauea", "--assumptions"]).output
    assert "Rules table" in assumptions and "Goal\n----" not in assumptions
    assert run(["rules", "kilauea", "--full"]).output == real("kilauea")
    usage_error(["rules", "kilauea", "--full", "--assumptions"], "not both")
    in_game = run(["play", "kilauea", "--ai", "random", "--seed", "1"], answers("rules", "quit")).output
    assert "Goal\n----" in in_game and "Score the most points." in in_game


def test_without_a_summary_rules_and_assumptions_say_the_same(monkeypatch):
    import vsai.cli.rules as rules_module

    real = rules_module.rules_document
    monkeypatch.setattr(rules_module, "rules_document",  # a game that ships no summary.md
                        lambda name, file="rules.md": None if file == "summary.md" else real(name, file))
    assumptions = run(["rules", "vec", "--assumptions"]).output
    assert "(C13)" in assumptions  # the gap IDs are kept for --assumptions only
    assert flat(run(["rules", "vec"]).output) == flat(without_gap_ids(assumptions))
    monkeypatch.undo()
    assert run(["rules", "vec"]).output != run(["rules", "vec", "--assumptions"]).output


# ---------------------------------------------------------------- replay viewer
def _viewer(tmp_path, script, seat=None, setup=False):
    path = tmp_path / "game.json"
    run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "4", "--record", str(path),
         "--option", "turn_cap=6"])
    from vsai.core.record import GameRecord

    record = GameRecord.load(path)
    match = Match.from_record(record, "?")
    out = io.StringIO()
    prompts = []
    lines = iter(script)

    def read(prompt):
        prompts.append(prompt)
        return next(lines, None)

    viewer = ReplayViewer(Console(file=out, width=80, color_system=None), match, seat,
                          {0: "random", 1: "random"}, read, plain=True, from_start=setup)
    viewer.run()
    return viewer, prompts, out.getvalue()


def test_replay_viewer_skips_the_set_up_and_steps_both_ways(tmp_path):
    viewer, prompts, out = _viewer(tmp_path, ["", "", "p", "5", "e", "n", "0", "s", "p", "x", "q"])
    expected = [0, 1, 2, 1, 5, "t", "t", 0, 0, 0, 0]
    assert prompts == [f"Move {viewer.total if m == 't' else m}/{viewer.total}: " for m in expected]
    assert "The set-up:" in out                      # opened after the set-up, which it sums up
    assert "This is the end of the game." in out and "This is the start of the game." in out
    assert "(the start)" in out and "(the end)" in out and "Result:" in out
    assert "'x' is not understood." in out


def test_replay_viewer_can_open_before_the_set_up_and_jump(tmp_path):
    viewer, prompts, out = _viewer(tmp_path, ["3", "9999", "q"], seat=0, setup=True)
    assert prompts[0] == f"Move 0/{viewer.total}: " and "(the start)" in out.split("Move 0/")[0]
    assert prompts[1] == f"Move 3/{viewer.total}: "
    assert f"There is no move 9999: the game has {viewer.total} moves." in out
    assert "P1's view" in out


def test_replay_piped_prints_the_game_and_list_is_refused_with_step(tmp_path):
    path = tmp_path / "game.json"
    run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "4", "--record", str(path),
         "--option", "turn_cap=6"])
    out = run(["replay", str(path), "--list"]).output
    assert "   1. Chance: " in out and out.strip().splitlines()[-1].startswith("Result:")
    usage_error(["replay", str(path), "--list", "--step"], "not both")


def test_a_failing_render_hook_is_one_line_in_replay(tmp_path, toy, monkeypatch):
    path = tmp_path / "game.json"
    run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "4", "--record", str(path),
         "--option", "turn_cap=3"])

    def broken(state, seat):
        raise RuntimeError("breakdown exploded")

    monkeypatch.setattr(toy, "score_breakdown", broken)
    result = run(["replay", str(path)])
    assert result.exit_code == 1
    assert "Error: internal error while drawing the game: RuntimeError: breakdown exploded" in flat(result.output)


# ---------------------------------------------------------------- watching
def test_watch_delay_pauses_after_each_move(monkeypatch):
    pauses = []
    monkeypatch.setattr(loop_module.time, "sleep", pauses.append)
    args = ["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "2", "--option", "turn_cap=3"]
    out = run(args + ["--delay", "0.25"]).output
    moves = sum(1 for line in out.splitlines() if line.startswith("P1 (random): ") or line.startswith("P2 (random): "))
    assert pauses and set(pauses) == {0.25} and len(pauses) == moves
    pauses.clear()
    run(args)
    assert pauses == []  # piped: no pause by default
    usage_error(["play", "kilauea", "--delay", "1"], "--delay paces a game of AIs only")
    run(args + ["--delay", "0"])
    assert pauses == []
    for bad in ("-1", "61", "nan", "soon"):
        usage_error(args + ["--delay", bad], "is not a number of seconds from 0 to 60")
