"""`vsai play` while the AI thinks: the board comes first; a hint says how sure it is."""
import io

from rich.console import Console

from vsai.cli import loop as loop_module
from vsai.cli import options
from vsai.cli.loop import PlayLoop
from vsai.core import load_game
from vsai.core.match import HUMAN, Match


def test_the_board_is_shown_before_the_ais_first_move(monkeypatch):
    screen = io.StringIO()
    seen_at_first_move = []

    def first_legal(agent, state, progress=None):
        seen_at_first_move.append(screen.getvalue())
        return state.legal_actions()[0]

    monkeypatch.setattr(loop_module.agent_api, "step", first_legal)
    match = Match(load_game("vec", players=2), 7, {0: HUMAN, 1: "ismcts"})   # P2 plays first
    loop = PlayLoop(Console(file=screen, width=80), match, options.AgentSpec("ismcts"),
                    options.budget(None, None, None), False, False)
    monkeypatch.setattr(loop.reader, "read", lambda prompt: None)          # then P1 quits
    assert loop.run() is False
    assert seen_at_first_move and "P1's view" in seen_at_first_move[0]


def test_a_hint_from_few_visits_gives_a_range_not_a_certainty():
    from vsai.cli.estimate import ROUGH_BELOW, win_chance_text
    rough = win_chance_text(1.0, 25)
    assert "100%" not in rough.replace("-100%", "") and "rough estimate" in rough and "25 visits" in rough
    assert win_chance_text(0.0, 25).startswith("rough estimate: win chance 0%-")
    assert win_chance_text(0.62, ROUGH_BELOW) == "estimated win chance 62%"
    assert win_chance_text(0.5, 0) == "no estimate of the win chance"


def test_hint_at_25_iterations_says_the_estimate_is_rough():
    from cli_helpers import answers, run
    out = run(["play", "kilauea", "--seed", "1", "--iterations", "25"], answers("hint", "quit")).output
    lines = [line for line in out.splitlines() if "win chance" in line and "hint " not in line]
    assert len(lines) == 3 and all("rough estimate" in line for line in lines)
    assert not any("estimated win chance" in line for line in lines)
