"""`vsai play`'s undo: no peeking at what came after; `--practice` allows it and says so."""
import json

from cli_helpers import answers, run

REPRO = ["play", "vec", "--seed", "7", "--plain"]


def test_undo_after_seeing_a_draw_is_refused_in_one_line():
    out = run(REPRO, answers("red deck", "undo", "blue deck", "quit")).output
    refusals = [line for line in out.splitlines() if line.startswith("Cannot undo")]
    assert len(refusals) == 1 and "P1 has since seen" in refusals[0]
    assert "Undone" not in out
    assert "P1 (you) plays: blue deck" not in out       # the game went on from the red deck


def test_practice_allows_undo_marks_the_screen_and_the_record(tmp_path):
    path = tmp_path / "practice.json"
    out = run(REPRO + ["--practice", "--record", str(path)],
              answers("red deck", "undo", "blue deck", "quit")).output
    assert "Practice game" in out and "(practice) - P1's view" in out
    assert "Undone: 4 move(s)" in out and "P1 (you) plays: blue deck" in out
    assert json.loads(path.read_text())["practice"] is True
