"""The terminal board: the observation text, at most 80 columns, the grid of G1."""
import random

from godzilla_helpers import new
from vsai.ext.godzilla import render


def test_board_fits_80_columns_along_a_game():
    state = new(3)
    rng = random.Random(4)
    while not state.is_terminal():
        for seat in range(3):
            text = render.board(state, seat, False)
            assert text.plain == state.observation_string(seat)
            assert max(len(line) for line in text.plain.splitlines()) <= 80
        state.apply_action(rng.choice(state.legal_actions()))


def test_grid_shows_the_kaiju_landmarks_and_missing_roads():
    lines = new().observation_string(0).splitlines()
    grid = [line for line in lines if line.startswith(("Tokyo Home", "Shinjuku", "Shibuya", "Kanagawa Home"))]
    assert len(grid) == 4
    # the moat: no road between Radio Tower and Marunouchi, drawn as a wall
    assert "Radio Tower   | Marunouchi" in grid[1]
    assert "@KAIJU" in lines[lines.index(grid[3]) + 1] and "[L]" in lines[lines.index(grid[0]) + 1]


def _width(renderable) -> int:
    from rich.console import Console
    console = Console(width=80, record=True, color_system=None)
    console.print(renderable)
    return max(len(line) for line in console.export_text().splitlines())


def test_hooks_along_a_game_fit_80_columns_and_say_what_moves_do():
    from godzilla_helpers import play_random  # noqa: F401  (helpers import the engine first)
    state = new(3)
    rng = random.Random(9)
    last = None
    grouped = decisions = 0
    phases = set()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        seat = state.current_player()
        shown = render.board(state, seat, False, last_move=last, plain=True)
        # printed (the costly part) at each phase's first decision and then one decision in
        # 5, not every one (until 2026-12-02): every phase's screens still measured
        phase = state.view(seat)["phase"]
        printed = phase not in phases or decisions % 5 == 0
        phases.add(phase)
        decisions += 1
        if printed:
            assert _width(shown) <= 80
        if last is not None and last != 0:
            assert "last move: " in shown.plain
        legal = state.legal_actions()
        for a in legal:
            assert len(render.move_detail(state, a)) <= 60
            label = render.move_group(state, a)
            assert label is None or len(label) <= 30
        if len(legal) > 20:
            groups = {render.move_group(state, a) or a for a in legal}
            assert len(groups) <= 20
            grouped += 1
        if printed:
            assert _width(render.score_breakdown(state, seat)) <= 80
        last = rng.choice(legal)
        state.apply_action(last)
    assert grouped > 0


def test_move_detail_names_what_a_step_destroys_and_where_evacuees_leave():
    from godzilla_helpers import SQ, play, roll
    from test_godzilla_kaiju import _at_roll
    state = _at_roll(footprints=[("Shibaura", "Ginza")])
    roll(state, 1, 2, 6)
    play(state, "move with 1-2")
    step = state.string_to_action("step to Ginza")
    # Ginza: its Landmark (2) and whatever stands there
    there = state.view()["board"]["squares"][SQ["Ginza"]]
    points = 2 + sum(there["evacuees"].values()) + there["press"]
    assert render.move_detail(state, step) == f"destroys {points} points there"
    assert render.move_group(state, step) is None


def test_score_breakdown_adds_up_to_the_scores():
    from rich.console import Console
    state = new(2)
    state.random_playout(seed=3) if hasattr(state, "random_playout") else None
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    console = Console(width=80, record=True, color_system=None)
    console.print(render.score_breakdown(state, None))
    text = console.export_text()
    total = [line for line in text.splitlines() if line.strip().startswith("total")][0]
    kaiju, humans = state.scores()[0], state.scores()[1]
    assert total.split()[-2:] == ["│", str(humans)] or total.split()[-1] == str(humans)
    assert str(kaiju) in total and "Oxygen Destroyer" in text


def _compact(state, seat, **more) -> list[str]:
    from rich.console import Console
    console = Console(width=76, record=True, color_system=None)
    console.print(render.board(state, seat, False, plain=True, compact=True, **more))
    return console.export_text().splitlines()


def test_the_compact_board_draws_the_grid_in_seven_lines():
    from godzilla_helpers import advance
    state = new(2)
    advance(state, "omen")
    footprint = state.string_to_action("footprint Ginza-Shibaura")
    state.apply_action(footprint)
    shown = _compact(state, 0, last_move=footprint)
    grid = shown[2:9]
    assert [line[:3] for line in grid[::2]] == ["TOK", "Sjk", "Sby", "KAN"]
    assert "RadL         | Mar" in grid[2]           # the moat: no road
    assert grid[5][30:32] == "*-"                     # the footprint south of Ginza
    assert "Sbr@" in grid[6] and "KchL" in grid[6]
    ikebukuro = next(s for s in state.view()["board"]["squares"] if s["name"] == "Ikebukuro")
    assert (ikebukuro["evacuees"]["Tokyo"], ikebukuro["press"]) == (2, 1) and "Ikb T2P " in grid[0]  # a count only past one
    assert not any(line.startswith("last move:") for line in shown)  # the last round names it
    assert shown[9].startswith("@ Kaiju, L landmark") and shown[10].startswith("roads: r rail")


def test_the_compact_board_is_short_along_a_game():
    for players in (2, 5):
        state = new(players)
        rng = random.Random(players)
        drawn = set()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            step = state.view()["phase"]
            if step not in drawn:       # once per step: the suite stays quick
                drawn.add(step)
                seat = state.current_player()
                shown = _compact(state, seat)
                overflow = sum(1 for line in shown[2:] if ": " in line and not line.startswith(("now", "roads")))
                assert len(shown) <= 12 + overflow and max(map(len, shown)) <= 76, "\n".join(shown)
                assert shown[0].startswith(("Round ", "Return round")) and f"you are {state.view()['seats'][seat]['name']}" in shown[0]
            state.apply_action(rng.choice(state.legal_actions()))
        assert {"omen", "planning", "evacuation", "reroll"} <= drawn


def test_the_compact_board_puts_the_planning_stock_on_the_kaiju_line_and_no_city_list_that_wraps():
    """Two lines saved for an 80x24 screen: a lone human's four cities would wrap the first
    line, and the planning stock fits beside the Kaiju's dice."""
    from godzilla_helpers import advance
    state = new(2)
    advance(state, "planning")
    shown = _compact(state, 1)
    assert shown[0].endswith("; you are H1") and "Tokyo" not in shown[0]
    assert shown[1].startswith("Kaiju 3 dice") and "; stock r" in shown[1]
    assert not any(line.startswith("now:") for line in shown) and len(shown) == 2 + 7 + 2
