"""S: the screens (issue 15): board, move_detail, move_group, score_breakdown."""
from __future__ import annotations

import random

from rich.console import Console

from vulcanus_helpers import draw_wanted, kaiju_hand_twin, plan, random_step, setup_default
from vsai.ext.ui import render as core_render
from vsai.core.registry import load_game
from vsai.ext.vulcanus import render

A_CARDS = ["Fire fighting", "Movement of citizens", "Commands to SDF"]
B_CARDS = ["Mobilization", "Large penetration shell", "Fire fighting"]


def text(renderable) -> str:
    console = Console(width=80, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


def test_screens_fit_80_columns_and_every_move_has_a_detail_and_a_group():
    for players in (2, 3, 4):
        rng = random.Random(players)
        s = load_game("vulcanus", players=players).new_initial_state()
        last, drawn, decisions = None, set(), 0
        while not s.is_terminal():
            if s.is_player_node():
                seat = s.current_player()
                # the board at each step's first decision for each seat, then one decision in
                # 12: every screen kind still drawn, at a quarter of the cost (every move's
                # detail and group are still checked at every decision)
                step = (s.view(seat)["phase"], seat)
                if step not in drawn or decisions % 12 == 0:
                    screen = text(core_render.board(s, seat, True, last_move=last, plain=True))
                    assert max(len(line) for line in screen.splitlines()) <= 80
                    drawn.add(step)
                decisions += 1
                for a in s.legal_actions():
                    info = s.action_info(a)
                    if info["kind"] == "move" and decisions % 3:
                        # a move's detail (a millisecond each: the seat's whole view is
                        # built for it) at one decision in 3, every other kind's at every one
                        group = render.move_group(s, a)
                        assert group is None or isinstance(group, str)
                        continue
                    detail = render.move_detail(s, a)
                    assert isinstance(detail, str)
                    if info["kind"] == "plan" and info["slot"].startswith("H"):
                        # beside "set aside Large penetration shell" in an 80-column list
                        assert len(detail) <= 38, detail
                    group = render.move_group(s, a)
                    assert group is None or isinstance(group, str)
                last = rng.choice(s.legal_actions())
                s.apply_action(last)
            else:
                random_step(s, rng)
        for seat in (None, 0, 1):
            assert "Winner: the" in text(render.score_breakdown(s, seat))


def test_the_board_shows_only_what_the_seat_may_see():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    other = kaiju_hand_twin(s)
    assert text(render.board(s, 1, True, plain=True)) == text(render.board(other, 1, True, plain=True))
    assert text(render.board(s, 0, True, plain=True)) != text(render.board(other, 0, True, plain=True))
    board1 = text(render.board(s, 1, True, plain=True))
    assert "H1 A:Fire fighting*" in board1 and "K1 -" in board1 and "hand: 5 unseen" in board1


def test_move_texts_say_what_they_do_and_long_lists_are_grouped():
    s = setup_default()
    draw_wanted(s, A_CARDS)
    ff = s.string_to_action("plan Fire fighting")
    assert render.move_detail(s, ff).startswith("to H1: 2 funds")
    plan_state = setup_default()
    plan(plan_state, [["Movement of citizens", "Fire fighting", "Commands to SDF"], B_CARDS],
         ["Walk", "Roar", "Lava flow"])
    moves = [a for a in plan_state.legal_actions() if plan_state.action_to_string(a).startswith("move")]
    groups = {render.move_group(plan_state, a) for a in moves}
    assert len(moves) > 20 and len(groups) <= 19 and all(g.startswith("from ") for g in groups)
    a = plan_state.string_to_action("move citizen Shibuya to Ebisu")
    assert render.move_detail(plan_state, a).startswith("Ebisu: ")


def test_the_last_move_is_marked_and_set_up_has_no_score_breakdown():
    s = setup_default()
    assert render.score_breakdown(load_game("vulcanus").new_initial_state(), None) is None
    shown = text(render.board(s, 1, True, last_move=10, plain=True))      # a square id: Shibuya
    assert "< Shibuya" in shown and "< the square of the last move" in shown


def _lines(renderable, width: int = 76) -> list[str]:
    console = Console(width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text().splitlines()


def test_the_compact_board_is_short_fits_a_panel_and_says_what_the_step_needs():
    for players in (2, 4):
        rng = random.Random(players)
        s = load_game("vulcanus", players=players).new_initial_state()
        steps: set[str] = set()
        while not s.is_terminal():
            if s.is_chance_node():
                random_step(s, rng)
                continue
            seat = s.current_player()
            phase = s.view(seat)["phase"]
            if (phase, seat) in steps:  # drawn once per step and seat: the suite stays quick
                s.apply_action(rng.choice(s.legal_actions()))
                continue
            shown = _lines(render.board(s, seat, True, plain=True, compact=True))
            full = _lines(render.board(s, seat, True, plain=True))
            assert len(shown) <= 15 < len(full) and max(map(len, shown)) <= 76, "\n".join(shown)
            assert shown[0].startswith(f"Round {s.view(seat)['round']}/") and any(
                line.startswith("c citizen v VIP") for line in shown)
            if phase.startswith("Planning ("):
                assert any(line.startswith("Your hand") for line in shown), "\n".join(shown)
            steps.add((phase, seat))
            s.apply_action(rng.choice(s.legal_actions()))
        assert {"Planning (Humans)", "Planning (Kaiju)", "Base phase"} <= {step for step, _ in steps}


def test_the_compact_board_shows_only_what_the_seat_may_see():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    other = kaiju_hand_twin(s)

    def compact(state, seat):
        return text(render.board(state, seat, True, plain=True, compact=True))
    assert compact(s, 1) == compact(other, 1) and compact(s, 0) != compact(other, 0)
    assert "Walk" in compact(s, 0) and "Your hand:" in compact(s, 0)
    assert "Plan: H1 A:Fire fighting," in compact(s, 1) and "H1 A?" in compact(s, 0)


def test_a_seats_boards_are_the_same_in_every_world_it_cannot_tell_apart():
    """Seat-safe: a seat's board (whole and compact) is unchanged when everything it cannot
    see is redealt (`resample`), while the spectators' board (every secret) changes."""
    rng = random.Random(7)
    s = load_game("vulcanus", players=3).new_initial_state()
    checked = spectator_changed = 0
    decisions = 0
    while not s.is_terminal() and checked < 6:
        if s.is_chance_node():
            random_step(s, rng)
            continue
        decisions += 1
        if decisions % 9 == 0:
            checked += 1
            spectator = text(render.board(s, None, True, plain=True, everything=True))
            for seat in range(3):
                mine = [text(render.board(s, seat, True, plain=True, compact=compact)) for compact in (False, True)]
                for world in range(2):
                    other = s.resample(seat, seed=world)
                    assert [text(render.board(other, seat, True, plain=True, compact=compact))
                            for compact in (False, True)] == mine
                    spectator_changed += text(render.board(other, None, True, plain=True, everything=True)) != spectator
        s.apply_action(rng.choice(s.legal_actions()))
    assert checked == 6 and spectator_changed > 0


def test_the_spectators_board_shows_every_hand_plan_and_bonus_tile_per_seat():
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    shown = text(render.board(s, None, True, plain=True, everything=True))
    kaiju_hand = next(d["hand"]["cards"] for d in s.view(0)["board"]["decks"] if d["deck"] == "Kaiju")
    assert len(kaiju_hand) == 5 and f"hand: {', '.join(kaiju_hand)}" in shown.split("Kaiju cards (Kaiju): ")[1]
    assert "H1 A:Fire fighting*" in shown and "H2 B:Mobilization*" in shown      # both groups' plans
    tiles = s.view(0)["board"]["bonus_tiles"]
    assert (f"({', '.join(tiles['held_tiles'])}); put back {', '.join(tiles['put_back'])}"
            in render.board(s, None, True, plain=True, everything=True).plain)   # unwrapped
    assert "A cards (H1)" in shown and "unseen" not in shown
    public = text(render.board(s, None, True, plain=True))
    assert "hand: 5 unseen" in public.split("Kaiju cards")[1]


def test_the_compact_board_saves_lines_for_an_80x24_screen():
    """The Kaiju's bonus tiles on its hand's line (by the map's square codes), the plan without
    `*` (only the seat's own cards are named), no empty plan line while planning, and the status
    packed in lines that never wrap, even with the Kaiju's evolved cards."""
    s = setup_default()
    plan(s, [A_CARDS, B_CARDS], [])
    draw_wanted(s, ["Walk", "Roar"])
    kaiju = text(render.board(s, 0, True, plain=True, compact=True)).splitlines()
    hand = next(line for line in kaiju if line.startswith("Your hand:"))
    alone = next(line for line in kaiju if line.startswith("Your bonus tiles: Sjk 3, Sby 3, Ikb 2"))
    assert len(hand) + len(alone) > 76  # too long together; a shorter hand takes them (below)
    assert "*" not in "".join(line for line in kaiju if line.startswith("Plan: "))
    assert any(line.startswith("Plan: H1 A?") for line in kaiju)
    joined = 0
    for players in (2, 4):
        rng = random.Random(players)
        s = load_game("vulcanus", players=players).new_initial_state()
        evolved = planning_empty = False
        while not s.is_terminal():
            if s.is_chance_node():
                random_step(s, rng)
                continue
            seat = s.current_player()
            view = s.view(seat)
            if len(view["board"]["vulcanus"]["evolved"]) >= 2 or view["phase"].startswith("Planning"):
                shown = text(render.board(s, seat, True, plain=True, compact=True)).splitlines()
                hands = [line for line in shown if line.startswith("Your hand:")]
                joined += any("; bonus tiles " in line and len(line) <= 76 for line in hands)
                if len(view["board"]["vulcanus"]["evolved"]) >= 2:
                    evolved = True
                    # packed, never wrapped by the terminal: two lines, three with a long step name
                    status = next(shown[:i] for i in (2, 3) if shown[i][:3] in compact_squares())
                    assert all(len(line) <= 76 for line in status), shown
                planned = any(slot["deck"] is not None and not slot["face_up"] for slot in view["board"]["slots"])
                if view["phase"].startswith("Planning") and not planned:
                    planning_empty = True
                    assert not any(line.startswith(("Plan: none", "To play: none")) for line in shown), shown
            s.apply_action(rng.choice(s.legal_actions()))
        assert planning_empty and (evolved or players == 4)
    assert joined


def compact_squares() -> set[str]:
    from vsai.ext.vulcanus.compact import SHORT
    return set(SHORT.values())


def test_the_compact_board_never_takes_more_than_13_lines():
    """80x24 leaves the compact board 13 lines beside the last round, a page of moves and the
    prompt. Late in a game (a long plan, the Kaiju's evolutions, both bonus-tile and hand
    lines) the legend gives way; it stays whenever there is room. Twelve random 2-player games
    reach 14-line boards without that rule (seed 10 alone 18 times)."""
    dropped = kept = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = load_game("vulcanus", players=2).new_initial_state()
        decisions = 0
        while not s.is_terminal():
            # one decision in 3 (every one until 2026-12-02): without the rule, 15 of the
            # boards drawn, in 7 of the 12 games, would still take 14 lines or more
            if not s.is_chance_node() and decisions % 3 == 0:
                shown = render.board(s, s.current_player(), True, plain=True, compact=True).plain.split("\n")
                assert len(shown) <= 13, "\n".join(shown)
                has_legend = any(line.startswith("c citizen v VIP") for line in shown)
                assert has_legend or len(shown) == 13, "\n".join(shown)  # gone only when needed
                dropped += not has_legend
                kept += has_legend
            decisions += not s.is_chance_node()
            random_step(s, rng)
    assert dropped and kept


def test_hidden_facts_are_one_a_card_or_tile_the_other_seat_cannot_see():
    """`hidden_facts` (what a belief is shown by, card by card) names, for each pile of the
    owner's decks, as many cards as the observer counts unseen there, a planned card for each
    of the owner's face-down slots the observer cannot read, and the Kaiju's bonus tiles."""
    from seat_pairs import seat_pairs_in_random_games
    checked = set()
    for state, owner, observer in seat_pairs_in_random_games("vulcanus", (2, 3), 11, 0.15):
        facts = render.hidden_facts(state, owner, observer)
        mine, theirs = state.view(owner)["board"], state.view(observer)["board"]
        decks = [i for i, d in enumerate(mine["decks"]) if d["seat"] == owner]
        for pile, words in (("hand", "holds"), ("set_aside", "set aside"), ("discard", "discarded")):
            unseen = sum(theirs["decks"][i][pile]["unseen"] for i in decks)
            assert sum(item.endswith(f" {words}") for item, _ in facts) == unseen
            checked.update([pile] if unseen else [])
        letters = {mine["decks"][i]["deck"] for i in decks}
        hidden_slots = [s for s, t in zip(mine["slots"], theirs["slots"])
                        if s["deck"] in letters and t["card"] is None and s["card"] is not None]
        assert sorted(v for item, v in facts if item.endswith(" planned")) == sorted(
            f"{s['card']} in slot {s['slot']}" for s in hidden_slots)
        tiles = [v for item, v in facts if item == "Kaiju holds bonus tile"]
        assert tiles == (mine["bonus_tiles"]["held_tiles"] if owner == 0 else [])
        checked.update((["planned"] if hidden_slots else []) + (["tiles"] if tiles else []))
        assert render.hidden_facts(state, owner, owner) == []
    assert checked == {"hand", "discard", "planned", "tiles", "set_aside"}, checked
