"""`vsai play` on an 80x24 terminal (a pseudo-terminal read through the `pyte` emulator): every
game's board title, the last round and the prompt are on the screen together; `board` shows
the whole board."""
from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from vsai.core import get_spec, list_games

pyte = pytest.importorskip("pyte")

VSAI = Path(sys.executable).with_name("vsai")
ROWS, COLUMNS = 24, 80
PROMPT = re.compile(r", (your move|choose a group|your move in [^\r\n]*?) \[1-\d+(, back)?, help\]: ")


def _play(name: str, *extra: str):
    """`vsai play NAME` against random AIs at 80x24, and the emulated screen it draws on."""
    env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLUMNS), LINES=str(ROWS))
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(str(VSAI), ["play", name, "--ai", "random", "--seed", "1", *extra],
                          env=env, timeout=30, dimensions=(ROWS, COLUMNS))
    child.delaybeforesend = None
    screen = pyte.Screen(COLUMNS, ROWS)
    return child, screen, pyte.ByteStream(screen)


def _prompt_screen(child, screen, stream) -> list[str]:
    """The screen once the next prompt is drawn."""
    child.expect(PROMPT)
    stream.feed(child.before + child.after)
    return [line.rstrip() for line in screen.display]


def _last_line(lines: list[str]) -> str:
    """The screen's last written line (a short screen has not scrolled yet: blank lines follow)."""
    return next((line for line in reversed(lines) if line), "")


# Every game drawn in colour, and the tallest board (Vulcanus's) plain too.
CASES = [(name, False) for name in list_games()] + [("vulcanus", True)]


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
@pytest.mark.parametrize("name, plain", CASES)
def test_board_title_last_round_and_prompt_share_the_screen(name, plain):
    child, screen, stream = _play(name, *(["--plain"] if plain else []))
    try:
        lines = _prompt_screen(child, screen, stream)
        shown = "\n".join(lines)
        title = get_spec(name).title
        assert any(line.lstrip("╭─ ").startswith(f"{title} - ") for line in lines), shown
        assert PROMPT.search(_last_line(lines) + " "), shown
        assert any(line.startswith(("So far:", "Last round:")) for line in lines), shown
    finally:
        child.close(force=True)


# Kilauea's and VEC's compact boards: a line the compact board ends with (its last player, its
# last kept card), and a line only the whole board has.
COMPACT_BOARDS = {"kilauea": (r"^[│ ] *(> |  )P{players}[* ] \d+ VP", "RYGB: tikis"),
                  "vec": (r"^[│ ] *P\d up: ", "NOVEL:")}


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
@pytest.mark.parametrize("name, players", [("kilauea", 2), ("kilauea", 4), ("vec", 2), ("vec", 4)])
def test_kilauea_and_vec_show_their_compact_board_uncut(name, players):
    """The compact board whole (no cut note) with the title, the last round and the prompt;
    `board` still shows the whole board."""
    child, screen, stream = _play(name, "--players", str(players))
    last_line, whole = COMPACT_BOARDS[name]
    try:
        lines = _prompt_screen(child, screen, stream)
        shown = "\n".join(lines)
        assert any(line.lstrip("╭─ ").startswith(f"{get_spec(name).title} - ") for line in lines), shown
        assert PROMPT.search(_last_line(lines) + " ") and any(line.startswith("So far:") for line in lines), shown
        assert "type board for the whole board" not in shown and whole not in shown, shown
        assert re.search(last_line.format(players=players), shown, re.M), shown
        child.sendline("board")
        child.expect(whole)
        child.expect(PROMPT)
    finally:
        child.close(force=True)


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
def test_a_long_list_comes_a_page_at_a_time():
    child, screen, stream = _play("godzilla", "--seat", "1", "--seed", "2")
    try:
        lines = _prompt_screen(child, screen, stream)
        group = next(line.split(".")[0].strip() for line in lines if "route tile, north row" in line)
        child.sendline(group)  # a group of about thirty moves: more than the screen holds
        lines = _prompt_screen(child, screen, stream)
        note = [line for line in lines if "type more for the next ones" in line][-1]  # the group's, not the groups'
        shown = int(re.match(r"\((\d+)-(\d+) of (\d+)", note).group(2))
        assert len(lines) == ROWS and lines[0] != "" and shown < 20
        child.sendline("more")
        lines = _prompt_screen(child, screen, stream)
        assert any(line.lstrip().startswith(f"{shown + 1}. ") for line in lines), "\n".join(lines)
        assert any(f"({shown + 1}-" in line for line in lines)
    finally:
        child.close(force=True)


def _stages_uncut(name: str, prompts: int, *extra: str) -> dict[str, bool]:
    """Answer `1` to the first `prompts` prompts of `vsai play NAME` at 80x24; for each step
    named on the compact board's first line, whether some screen of it showed the board
    uncut (no cut note) with its title, the last round and the prompt."""
    child, screen, stream = _play(name, *extra)
    title = get_spec(name).title
    seen: dict[str, bool] = {}
    try:
        for _ in range(prompts):
            lines = _prompt_screen(child, screen, stream)
            top = next((i for i, line in enumerate(lines) if line.startswith(f"╭─ {title} - ")), None)
            if top is not None:
                step = lines[top + 1].strip("│ ")
                whole = (not any(CROPPED in line for line in lines) and PROMPT.search(_last_line(lines) + " ")
                         and any(line.startswith(("So far:", "Last round:")) for line in lines))
                seen[step] = seen.get(step, False) or bool(whole)
            child.sendline("1")
    finally:
        child.close(force=True)
    return seen


CROPPED = "type board for the whole board"


@pytest.mark.skipif(not VSAI.exists(), reason="the vsai console script is not installed")
@pytest.mark.parametrize("name, extra, prompts, steps", [
    ("vulcanus", ("--seat", "1"), 19, ("  role choice  ", "  Planning: A/B/C arrangement  ",
                                         "  Movement  ", "  Fire fighting  ", "  Base phase  ")),
    ("vulcanus", ("--seat", "0", "--players", "4"), 16, ("  Kaiju start  ", "  Planning (Kaiju)  ",
                                                         "  Walk  ", "  Fire bomb  ", "  evolution  ",
                                                         "  Lava phase: victim  ")),
    # The last round shrinks and the list pages sooner so that a compact board stays whole.
    ("kilauea", ("--players", "4"), 10, ("P1: move the canoe",)),
    ("eruption", ("--players", "6"), 8, ("wall step: edge",)),
    # 6 prompts: with the balanced G20 defaults the first heat ray comes in round 2
    ("godzilla", ("--seat", "0"), 6, (", omen, ", ", movement group, ", ", heat-ray group, ")),
    ("godzilla", ("--seat", "0", "--players", "5"), 3, (", movement group, ",)),
    ("godzilla", ("--seat", "1", "--players", "5"), 9, (", support cards, ",)),
])
def test_the_compact_board_is_whole_at_several_steps(name, extra, prompts, steps):
    """The compact board, uncut, with the title, the last round and the prompt, at each step
    named (as the board's first line words it) along the first prompts of a game."""
    seen = _stages_uncut(name, prompts, *extra)
    assert all(any(whole for head, whole in seen.items() if step in head) for step in steps), seen


def test_a_compact_view_names_only_the_seats_own_player_in_its_scores():
    """Five seats' names would wrap the scores line in two: the compact view keeps it to one."""
    from rich.console import Console

    from vsai.core import load_game
    from vsai.ext.ui import render

    state = load_game("godzilla", players=5).new_initial_state()
    names = {0: "you", 1: "random", 2: "random", 3: "random", 4: "random"}
    console = Console(width=COLUMNS, record=True, color_system=None)
    console.print(render.render_view(state, 0, names=names, rows=ROWS, hidden_information=False))
    compact = [line for line in console.export_text().splitlines() if "Scores:" in line]
    console.print(render.render_view(state, 0, names=names, hidden_information=False))
    whole = console.export_text()
    assert len(compact) == 1 and "(you)" in compact[0] and "(random)" not in compact[0]
    assert "H1 (random)" in whole
