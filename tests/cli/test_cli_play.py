"""`vsai play`: scripted games through piped input, commands, bad input, usage errors."""
import json

import pytest

from cli_helpers import answers, flat, run, usage_error

PLAY = ["play", "kilauea", "--ai", "random", "--seed", "1"]


def test_scripted_game_ends_with_the_result_line():
    result = run(PLAY, answers(ones=5000))
    assert result.exit_code == 0
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Result: P1 (you) ")
    assert "P2 (random)" in last and ("winner: " in last or "winners: " in last)
    assert "P1's view" in result.output  # the board was shown as the human's seat sees it
    verdict = result.output.strip().splitlines()[-2]
    assert verdict == ("You lose." if "winner: P2" in last else "You win!" if "winner: P1" in last
                       else "A shared win.")
    assert "1. " in result.output        # moves were listed with numbers


def test_same_seed_same_game_and_another_seed_another():
    short = ["--option", "turn_cap=12"]
    first = run(PLAY + short, answers(ones=5000)).output
    assert "Result:" in first
    assert run(PLAY + short, answers(ones=5000)).output == first
    other = run(["play", "kilauea", "--ai", "random", "--seed", "2"] + short, answers(ones=5000)).output
    assert other != first


def test_end_of_input_quits_cleanly():
    result = run(PLAY, answers(ones=3))
    assert result.exit_code == 0
    assert "Quit after 5 moves; the game was not finished." in result.output  # 3 yours, 2 the AI's
    assert "Result:" not in result.output


def test_bad_answers_get_one_line_and_the_same_prompt():
    result = run(PLAY, answers("99", "0", "", "fly to the moon", "draft s9 purple", "quit"))
    out = result.output
    assert result.exit_code == 0
    assert "There is no move 99: type a number from 1 to 20" in out
    assert "There is no move 0" in out
    assert "Please type a move" in out
    assert "'fly to the moon' is not a legal move here." in out
    assert "Quit after 0 moves" in out
    # The prompt came back after each mistake, and the board was not lost.
    assert out.count("P1, your move [1-20, help]: ") == 6


def test_a_move_may_be_typed_as_its_text_in_any_case():
    result = run(PLAY, answers("DRAFT  s3 green", "quit"))
    assert "P1 (you) plays: draft S3 green" in result.output


def test_typo_suggests_close_moves():
    result = run(PLAY, answers("draft S3 gren", "quit"))
    assert "Did you mean: draft S3 green" in result.output


def test_help_and_board_commands():
    result = run(PLAY, answers("help", "board", "quit"))
    for command in ("hint", "undo", "save FILE", "load FILE", "board", "quit"):
        assert command in result.output
    assert result.output.count("P1's view") == 2


def test_hint_gives_three_moves_with_win_chances():
    result = run(PLAY + ["--iterations", "60"], answers("hint", "quit"))
    assert "Hint (ismcts" in result.output  # random gives no useful hints: the fair ismcts does
    lines = [line for line in result.output.splitlines() if "win chance" in line]
    assert len(lines) == 3 and "of the search" in lines[0]


def test_undo_goes_back_to_the_previous_decision(tmp_path):
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    result = run(PLAY, answers("1", "1", f"save {before}", "1", "undo", f"save {after}", "quit"))
    assert "Undone:" in result.output
    assert json.loads(before.read_text()) == json.loads(after.read_text())


def test_undo_at_the_first_decision_is_refused():
    result = run(PLAY, answers("undo", "quit"))
    assert "Nothing to undo" in result.output


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "game.json"
    first = run(PLAY, answers("1", "2", "3", f"save {path}", "quit"))
    # 3 yours, 2 the AI's; no set-up draws. A long path (pytest-xdist's) may wrap inside itself.
    assert f"Saved5movesto{path}." in "".join(first.output.split())
    record = json.loads(path.read_text())
    assert record["format"] == "vsai-record" and record["version"] == 1
    assert record["game"] == "kilauea" and record["seed"] == 1
    assert record["seats"] == {"0": "human", "1": "random"}
    # Load it in another game (other seed) with the command, and with --load: same position.
    loaded = run(["play", "kilauea", "--ai", "random", "--seed", "5"],
                 answers(f"load {path}", f"save {tmp_path / 'again.json'}", "quit"))
    assert "Loaded" in loaded.output
    assert json.loads((tmp_path / "again.json").read_text()) == record
    resumed = run(["play", "kilauea", "--ai", "random", "--load", str(path)],
                  answers(f"save {tmp_path / 'third.json'}", "quit"))
    assert json.loads((tmp_path / "third.json").read_text()) == record
    assert "Seed 1." in resumed.output


def test_loading_a_missing_or_corrupt_file_keeps_the_game(tmp_path):
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"format": "vsai-record", "version": 1, "game": "kilauea", "params": {}, '
                       '"seed": 1, "actions": [9999], "seats": {"0": "human", "1": "random"}}')
    result = run(PLAY, answers(f"load {tmp_path / 'nope.json'}", f"load {corrupt}", "load", "1", "quit"))
    out = flat(result.output)
    assert "Cannot load" in out and "no such file" in out
    assert "action 1 is illegal" in out
    assert "load needs a file name" in out
    assert "P1 (you) plays:" in out


def test_save_to_an_impossible_path_is_one_line(tmp_path):
    result = run(PLAY, answers(f"save {tmp_path}/no/such/dir/x.json", "quit"))
    assert "Cannot save to" in result.output


def test_several_humans_share_the_table():
    # 14 turns: the hot seat (each human asked by name, the result naming both) shows from the
    # first round on; whole human games are played by the scripted-game test and by
    # test_cli_every_game.py at the most players (the whole game here cost 2.1 s CPU). With
    # this seed and cap P1 wins alone, so the result line fits 80 columns with the names in
    # brackets (two or three winners would drop them).
    result = run(["play", "kilauea", "--players", "3", "--humans", "2", "--ai", "random", "--seed", "4",
                  "--option", "turn_cap=14"], answers(ones=5000))
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("Result: P1 (human) ") and "P2 (human)" in last and "P3 (random)" in last
    assert "P2, your move" in result.output


def test_no_humans_watches_the_ais_and_explain_shows_alternatives():
    result = run(["play", "kilauea", "--humans", "0", "--ai", "ismcts", "--iterations", "20",
                  "--seed", "2", "--explain", "--option", "turn_cap=6"])
    assert result.exit_code == 0
    assert "P1 (ismcts): " in result.output
    assert "win chance" in result.output
    assert result.output.strip().splitlines()[-1].startswith("Result: P1 (ismcts)")


def test_seat_choice_and_random_seat():
    result = run(PLAY + ["--seat", "1"], answers("quit"))
    assert "P1 (random), P2 (you)" in result.output
    assert "P2's view" in result.output
    result = run(PLAY + ["--seat", "P2"], answers("quit"))
    assert "P2 (you)" in result.output
    seats = {run(["play", "kilauea", "--ai", "random", "--seat", "random", "--seed", str(s)],
                 answers("quit")).output.splitlines()[0] for s in range(8)}
    assert any("P1 (you)" in line for line in seats) and any("P2 (you)" in line for line in seats)


def test_vec_names_seats_like_kilauea():
    # VEC's texts say P1..Pn too: --seat P1 is seat 0, the seat its board calls "you are P1".
    result = run(["play", "vec", "--ai", "random", "--seed", "1", "--seat", "P1"], answers("quit"))
    assert "P1 (you), P2 (random)" in result.output
    assert "P1's view" in result.output and "you are P1" in result.output
    result = run(["play", "vec", "--ai", "random", "--seed", "1", "--seat", "1"], answers("quit"))
    assert "P1 (random), P2 (you)" in result.output and "you are P2" in result.output


def test_variant_option_and_players():
    result = run(PLAY + ["--players", "3", "--option", "turn_cap=5"], answers(ones=500))
    assert "3 players, turn" in result.output
    assert result.output.strip().splitlines()[-1].startswith("Result:")


def test_level_sets_the_budget():
    result = run(["play", "kilauea", "--ai", "ismcts", "--seed", "1", "--level", "1"], answers("quit"))
    assert "level 1 (novice)" in result.output
    # An AI that does not search says so instead of promising a budget.
    result = run(PLAY + ["--level", "1"], answers("quit"))
    assert "level 1" not in result.output and "random does not search" in result.output


def test_a_level_gives_the_ai_its_games_level_search_options():
    import dataclasses

    from vsai.cli import agents, options
    from vsai.core import get_spec
    from vsai.core.game import Game

    spec = dataclasses.replace(get_spec("kilauea"), level_search={"playout": "heuristic"})
    game = Game(spec, {"players": 2})
    level = options.budget(None, None, 3, spec)
    assert level.level == 3 and options.budget(None, None, None, spec).level is not None
    assert agents.build(options.AgentSpec("ismcts"), game, 0, level).playout == "heuristic"
    # The player's own options win; an explicit budget is not a level; `random` takes none.
    assert agents.build(options.AgentSpec("ismcts", {"playout": "random"}), game, 0, level).playout == "random"
    assert agents.build(options.AgentSpec("ismcts"), game, 0, options.budget(50, None, None, spec)).playout == "random"
    agents.build(options.AgentSpec("random"), game, 0, level)


@pytest.mark.parametrize("args, message", [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "kilauea", "--ai", "deep-blue"], "unknown agent 'deep-blue'"),
    (["play", "kilauea", "--players", "9"], "above the maximum 4"),
    (["play", "kilauea", "--players", "many"], "'many' is not a whole number"),
    (["play", "kilauea", "--seat", "5"], "seat 5 does not exist"),
    (["play", "kilauea", "--seat", "north"], "'north' is not a seat"),
    (["play", "kilauea", "--humans", "3"], "3 humans do not fit a 2-player game"),
    (["play", "kilauea", "--option", "colour=red"], "kilauea has no option colour"),
    (["play", "kilauea", "--option", "turn_cap"], "'turn_cap' is not KEY=VALUE"),
    (["play", "kilauea", "--option", "turn_cap=0"], "below the minimum 1"),
    (["play", "kilauea", "--level", "11"], "'11' is not a whole number from 1 to 10"),
    (["play", "kilauea", "--level", "3", "--iterations", "5"], "give --level or --iterations"),
    (["play", "kilauea", "--iterations", "0"], "'0' is not a whole number from 1 to 1,000,000,000"),
    (["play", "kilauea", "--think-time", "-1"], "--think-time"),
    (["play", "kilauea", "--think-time", "inf"], "'inf' is not a number of seconds"),
    (["play", "kilauea", "--seat", "P0"], "'P0' is not a seat: give 0 to 1, P1, P2, or random"),
    (["play", "vec", "--seat", "P0"], "'P0' is not a seat: give 0 to 1, P1, P2, or random"),
    (["play", "vec", "--seat", "P3"], "'P3' is not a seat: give 0 to 1, P1, P2, or random"),
    (["play", "kilauea", "--ai", "ismcts:workers=0"], "agent ismcts: option workers=0"),
    (["play", "kilauea", "--ai", "ismcts:exploration=banana"], "exploration"),
    (["play", "kilauea", "--ai", "ismcts:colour=red"], "has no option colour"),
    (["play", "kilauea", "--load", "/no/such/file.json"], "no such file"),
])
def test_wrong_options_are_usage_errors(args, message):
    usage_error(args, message)


def test_record_option_writes_a_replayable_game(tmp_path):
    path = tmp_path / "record.json"
    result = run(PLAY + ["--option", "turn_cap=10", "--record", str(path)], answers(ones=2000))
    assert result.output.strip().splitlines()[-1].startswith("Result:")
    replayed = run(["replay", str(path)])
    expected = result.output.strip().splitlines()[-1].replace("(you)", "(human)")
    assert replayed.output.strip().splitlines()[-1] == expected


def test_load_option_checks_the_game(tmp_path):
    path = tmp_path / "game.json"
    run(PLAY, answers("1", f"save {path}", "quit"))
    usage_error(["play", "vec", "--load", str(path)], "is a kilauea game, not vec")
    data = json.loads(path.read_text())
    data["seats"]["1"] = "skynet"
    path.write_text(json.dumps(data))
    usage_error(["play", "kilauea", "--load", str(path)], "unknown agent(s): skynet")


def test_an_agent_failure_keeps_the_game_in_a_record(tmp_path, monkeypatch):
    import vsai.cli.agents as agent_api

    def broken(agent, state, progress=None):
        raise RuntimeError("search exploded")

    monkeypatch.setattr(agent_api, "step", broken)
    path = tmp_path / "rescued.json"
    result = run(PLAY + ["--record", str(path)], answers(ones=10))
    assert result.exit_code == 1
    assert "Internal error: RuntimeError: search exploded" in result.output
    assert json.loads(path.read_text())["format"] == "vsai-record"


def test_spectators_see_the_whole_final_board():
    result = run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "3", "--option", "turn_cap=4"])
    assert "Kilauea - final" in result.output and "Observer" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("Result: P1 (random)")


def test_spectators_see_the_whole_board_each_time_the_turn_passes():
    result = run(["play", "kilauea", "--humans", "0", "--ai", "random", "--seed", "3", "--option", "turn_cap=4"])
    lines = result.output.splitlines()
    boards = [n for n, line in enumerate(lines) if line.startswith("╭─ Kilauea ─")]
    assert len(boards) >= 4, result.output  # one a turn (2 players x 4 turns, less the first)
    for n in boards:  # each after a move of the seat whose turn just ended
        previous = next(line for line in reversed(lines[:n]) if line.startswith(("P1 (", "P2 (")))
        following = next(line for line in lines[n:] if line.startswith(("P1 (", "P2 (")))
        assert previous[:2] != following[:2], (previous, following)


def test_the_budget_is_shown_only_for_an_ai_that_searches():
    """random and heuristic ignore budgets: showing one would promise what they do not do."""
    short = ["--option", "turn_cap=3", "--seed", "4"]
    for ai in ("random", "heuristic"):
        assert "AI budget" not in run(["play", "kilauea", "--ai", ai] + short, answers(ones=300)).output
    assert "AI budget: level 1" in run(["play", "kilauea", "--ai", "ismcts", "--level", "1"] + short,
                                       answers(ones=300)).output


def test_think_time_budget():
    result = run(["play", "kilauea", "--ai", "ismcts", "--think-time", "0.01", "--seed", "4",
                  "--option", "turn_cap=3"], answers(ones=300))
    assert "AI budget: 0.01 s" in result.output
    assert result.output.strip().splitlines()[-1].startswith("Result:")


def test_hot_seat_recaps_show_the_other_humans_moves():
    result = run(["play", "vec", "--humans", "2", "--seed", "3"], answers(ones=8) + "quit\n")
    recap = [line for line in result.output.splitlines() if line.startswith("  P1 (human): ")]
    assert recap, result.output  # P2 was told what P1 did


def test_loading_a_record_without_seats_gives_them_to_the_ai(tmp_path):
    path = tmp_path / "game.json"
    run(PLAY + ["--option", "turn_cap=4"], answers("1", f"save {path}", "quit"))
    data = json.loads(path.read_text())
    data["seats"] = {"0": "human"}
    path.write_text(json.dumps(data))
    result = run(["play", "kilauea", "--ai", "heuristic", "--load", str(path)], answers(ones=300))
    assert "P1 (you), P2 (heuristic)" in result.output
    assert result.output.strip().splitlines()[-1].startswith("Result:")


def test_explain_does_not_change_the_game():
    args = ["play", "kilauea", "--ai", "ismcts", "--iterations", "40", "--seed", "4",
            "--option", "turn_cap=10"]
    plain = run(args, answers(ones=3000)).output
    explained = run(args + ["--explain"], answers(ones=3000)).output
    result = [line for line in plain.splitlines() if line.startswith("Result:")]
    assert result and result == [line for line in explained.splitlines() if line.startswith("Result:")]
    assert len(explained) > len(plain)  # the alternatives were shown


def test_hint_shows_the_humans_own_belief_on_a_hidden_information_game():
    result = run(["play", "vec", "--ai", "random", "--seed", "2", "--iterations", "30"],
                 answers(*(["1"] * 6), "hint", "quit"))
    assert "What the others may hold, read from their play (your view only):" in result.output
    assert "P2's objective is" in result.output and "%" in result.output


def test_the_start_says_when_the_ai_reads_its_opponents():
    """VEC's `ismcts` reads the opponents at 3-4 players (its spec's agent_search)."""
    reads = "The AI reads its opponents' moves for their hidden cards"
    base = ["play", "vec", "--seed", "1", "--level", "1"]
    assert reads in flat(run(base + ["--players", "3"], answers()).output)
    assert "--ai ismcts:belief=off plays without" in flat(run(base + ["--players", "4"], answers()).output)
    for quiet in (["--players", "2"], ["--players", "3", "--ai", "ismcts:belief=off"],
                  ["--players", "3", "--ai", "heuristic"], ["--players", "3", "--ai", "pimc"]):
        output = flat(run(base + quiet, answers()).output)
        assert "Seed 1." in output and reads not in output, quiet
    assert reads in flat(run(base[:-2] + ["--players", "2", "--ai", "pimc:belief=on",
                                          "--iterations", "20"], answers()).output)
